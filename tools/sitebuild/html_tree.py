"""Parse a page's HTML into a tree and write it back unchanged where nothing was changed.

BeautifulSoup with Python's ``html.parser``, set up so that serializing an
untouched tree gives back the input byte for byte (the build's output stays
reproducible and a repair changes only what it repairs):

* Text keeps its character references as written (``&#39;``, ``&para;``,
  ``&lt;``): the parser stores them unexpanded, the formatter writes text as
  it is. :func:`text` gives the expanded text of an element.
* White space is kept as written (BeautifulSoup would collapse white-space-only
  text). Attributes keep their order and the case of their names (``viewBox``);
  ``class`` stays one string; a void element written ``<br />`` is written back so.
"""

from __future__ import annotations

import html
from html.parser import attrfind_tolerant, tagfind_tolerant

from bs4 import BeautifulSoup, Tag
from bs4.builder import HTMLParserTreeBuilder
from bs4.builder._htmlparser import BeautifulSoupHTMLParser
from bs4.element import AttributeValueWithCharsetSubstitution, PreformattedString
from bs4.formatter import HTMLFormatter


class _RawReferenceParser(BeautifulSoupHTMLParser):
    """Keep character references in text as written; remember ``<br />`` spellings."""

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_starttag(self, tag, attrs, handle_empty_element=True) -> None:
        super().handle_starttag(tag, self._names_as_written(attrs), handle_empty_element)

    def _names_as_written(self, attrs):
        """The attributes with their names as written (``viewBox``), not lowercased."""
        raw = self.get_starttag_text() or ""
        if raw == raw.lower():
            return attrs  # no capital letter in the tag: its names are as the parser gives them
        names, position = [], tagfind_tolerant.match(raw, 1).end()
        while (match := attrfind_tolerant.match(raw, position)) and match.group(1):
            names.append(match.group(1))
            position = match.end()
        if [name.lower() for name in names] != [name for name, _ in attrs]:
            return attrs
        return [(name, value) for name, (_, value) in zip(names, attrs, strict=True)]

    def handle_startendtag(self, tag, attrs) -> None:
        raw = self.get_starttag_text() or ""
        self.handle_starttag(tag, attrs, handle_empty_element=False)
        self.soup.currentTag.void_close = " /" if raw.endswith(" />") else "/"
        self.handle_endtag(tag, check_already_closed=False)


class _Builder(HTMLParserTreeBuilder):
    def __init__(self) -> None:
        super().__init__(multi_valued_attributes=None)
        # BeautifulSoup collapses white-space-only text to one character except
        # inside these tags; the document itself is one, so nothing collapses.
        self.preserve_whitespace_tags = {*self.preserve_whitespace_tags, "[document]"}

    def feed(self, markup, _parser_class=_RawReferenceParser) -> None:
        super().feed(markup, _parser_class=_parser_class)


class _Formatter(HTMLFormatter):
    """Text as stored (already HTML), attributes escaped, in source order."""

    def __init__(self) -> None:
        super().__init__(entity_substitution=None, void_element_close_prefix=None)

    def substitute(self, ns: str) -> str:
        return ns  # text holds its references unexpanded: it is HTML already

    def attribute_value(self, value: str) -> str:
        return html.escape(value, quote=False)

    def quoted_attribute_value(self, value: str) -> str:
        return '"' + value.replace('"', "&quot;") + '"'

    def attributes(self, tag: Tag):
        # called for each opening tag just before its closing slash is written
        self.void_element_close_prefix = getattr(tag, "void_close", None)
        return list(tag.attrs.items())


def parse(content: str) -> BeautifulSoup:
    """The tree of an HTML fragment or page."""
    return BeautifulSoup(content, builder=_Builder())


_FORMATTER = _Formatter()


def serialize(tree: Tag) -> str:
    """The HTML of ``tree``: byte for byte the parsed input where nothing changed.

    What ``tree.decode(formatter=_Formatter())`` writes (:func:`reference_serialize`,
    which ``tests/site/test_page_repairs.py`` compares it with on every page of the
    site), written by a plain walk of the tree: BeautifulSoup's ``decode`` goes through
    an event stream, a formatter call per node and a comparison of tags per closing
    tag, and serializing the pages was two fifths of their repairs.
    """
    out: list[str] = []
    _write(tree, out)
    return "".join(out)


def _write(tag: Tag, out: list[str]) -> None:
    """Append the HTML of ``tag`` (its tags, attributes and text as stored) to ``out``."""
    append = out.append
    # (tag, index of its next child): an explicit stack, as deep trees need no recursion
    stack: list[tuple[Tag, int]] = []
    node, index = tag, -1
    while True:
        if index < 0:  # open ``node``
            if not node.hidden:
                append(_open_tag(node))
                if not node.contents and node.can_be_empty_element is True:
                    if not stack:
                        return
                    node, index = stack.pop()
                    continue
            index = 0
        contents = node.contents
        while index < len(contents):
            child = contents[index]
            index += 1
            if isinstance(child, Tag):
                stack.append((node, index))
                node, index = child, -1
                break
            if isinstance(child, PreformattedString):  # comments, doctype: their own marks
                append(child.output_ready(_FORMATTER))
            else:  # text as stored (``_Formatter.substitute``)
                append(child)
        else:
            if not node.hidden:
                append(f"</{node.prefix}:{node.name}>" if node.prefix else f"</{node.name}>")
            if not stack:
                return
            node, index = stack.pop()


def _open_tag(tag: Tag) -> str:
    """A tag's opening as ``Tag._format_tag`` writes it with :class:`_Formatter`."""
    parts = []
    for key, value in tag.attrs.items():
        if value is None:
            parts.append(key)
            continue
        if isinstance(value, (list, tuple)):
            value = " ".join(value)
        elif not isinstance(value, str):
            value = str(value)
        elif isinstance(value, AttributeValueWithCharsetSubstitution):
            value = value.substitute_encoding("utf-8")
        value = html.escape(value, quote=False).replace('"', "&quot;")
        parts.append(f'{key}="{value}"')
    attributes = " " + " ".join(parts) if parts else ""
    name = f"{tag.prefix}:{tag.name}" if tag.prefix else tag.name
    slash = ""
    if not tag.contents and tag.can_be_empty_element is True:
        slash = tag.__dict__.get("void_close") or ""
    return f"<{name}{attributes}{slash}>"


def reference_serialize(tree: Tag) -> str:
    """BeautifulSoup's own serialization with :class:`_Formatter`: what :func:`serialize` writes."""
    return tree.decode(formatter=_Formatter())


def text(element: Tag) -> str:
    """The text of an element, references expanded (``&amp;`` is ``&``)."""
    return html.unescape(element.get_text())


def has_class(element: Tag, name: str) -> bool:
    """True if ``name`` is one of the element's classes."""
    return name in (element.get("class") or "").split()
