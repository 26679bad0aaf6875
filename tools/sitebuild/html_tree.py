"""Parse a page's HTML into a tree and write it back unchanged where nothing was changed.

BeautifulSoup with Python's ``html.parser``, set up so that serializing an
untouched tree gives back the input byte for byte (the build's output stays
reproducible and a repair changes only what it repairs):

* Text keeps its character references as written (``&#39;``, ``&para;``,
  ``&lt;``): the parser stores them unexpanded, the formatter writes text as
  it is. :func:`text` gives the expanded text of an element.
* A declaration (the doctype) is kept as written.
* White space is kept as written (BeautifulSoup would collapse white-space-only
  text). Attributes keep their order and the case of their names (``viewBox``);
  ``class`` stays one string; an element written ``<br />`` or ``<path ... />`` is
  written back so. An attribute written without a value (``defer``) is written back
  so when the tree is parsed with ``as_written=True`` (a whole page), and so is an
  opening tag spelled otherwise than :func:`serialize` would write it (two spaces
  between attributes, ``charset=utf-8``) until a step changes its name or attributes.
  Without it (the repairs of a page's content) they are written ``defer=""``, and
  tags in the one spelling, as those repairs have always written them.

A page is finished by steps (:data:`Step`): functions that change the tree in
place, run in order on one tree (:func:`run`); the page is parsed and serialized once.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator
from html.parser import attrfind_tolerant, tagfind_tolerant

from bs4 import BeautifulSoup, NavigableString, PageElement, Tag
from bs4.builder import HTMLParserTreeBuilder
from bs4.builder._htmlparser import BeautifulSoupHTMLParser
from bs4.element import AttributeValueWithCharsetSubstitution, Doctype, PreformattedString
from bs4.formatter import HTMLFormatter


class _Declaration(Doctype):
    """A declaration (``<!doctype html>``) as written, not as BeautifulSoup writes a doctype."""

    PREFIX = "<!"
    SUFFIX = ">"


class _Valueless(str):
    """The value of an attribute written without one (``defer``): written back so."""


_NO_VALUE = _Valueless()


class _RawReferenceParser(BeautifulSoupHTMLParser):
    """Keep character references in text as written; remember ``<br />`` spellings."""

    as_written = False

    def handle_decl(self, data: str) -> None:
        self.soup.endData()
        self.soup.handle_data(data)
        self.soup.endData(_Declaration)

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_starttag(self, tag, attrs, handle_empty_element=True) -> None:
        if self.as_written:
            attrs = [(key, _NO_VALUE if value is None else value) for key, value in attrs]
        super().handle_starttag(tag, self._names_as_written(attrs), handle_empty_element)
        if self.as_written:
            self._keep_spelling(self.soup._most_recent_element)

    def _keep_spelling(self, element: Tag) -> None:
        """Remember ``element``'s opening tag as written, with its name and attributes then."""
        element.as_written = (self.get_starttag_text(), element.name, tuple(element.attrs.items()))

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


class _AsWrittenParser(_RawReferenceParser):
    as_written = True


class _Builder(HTMLParserTreeBuilder):
    def __init__(self, parser_class: type[_RawReferenceParser] = _RawReferenceParser) -> None:
        super().__init__(multi_valued_attributes=None)
        self.parser_class = parser_class
        # BeautifulSoup collapses white-space-only text to one character except
        # inside these tags; the document itself is one, so nothing collapses.
        self.preserve_whitespace_tags = {*self.preserve_whitespace_tags, "[document]"}

    def feed(self, markup, _parser_class=None) -> None:
        super().feed(markup, _parser_class=_parser_class or self.parser_class)


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
        return [(k, None if v is _NO_VALUE else v) for k, v in tag.attrs.items()]


def parse(content: str, *, as_written: bool = False) -> BeautifulSoup:
    """The tree of an HTML fragment or page.

    ``as_written``: opening tags are written back as they were written, attributes
    without a value and unusual spellings included (see above).

    >>> page = '<input  type=radio checked><script defer src="x.js"></script>'
    >>> serialize(parse(page, as_written=True)) == page
    True
    >>> serialize(parse(page))
    '<input type="radio" checked=""><script defer="" src="x.js"></script>'
    """
    builder = _Builder(_AsWrittenParser if as_written else _RawReferenceParser)
    return BeautifulSoup(content, builder=builder)


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
                if not node.contents and _closes_itself(node):
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
    """A tag's opening as ``Tag._format_tag`` writes it with :class:`_Formatter`.

    Or as it was written, if it was kept (``as_written``) and no step changed it since.
    """
    kept = tag.__dict__.get("as_written")
    if kept is not None:
        raw, name, attrs = kept
        if name == tag.name and attrs == tuple(tag.attrs.items()):
            if not (tag.contents and raw.endswith("/>")):
                return raw
    parts = []
    for key, value in tag.attrs.items():
        if value is None or value is _NO_VALUE:
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
    if not tag.contents and _closes_itself(tag):
        slash = tag.__dict__.get("void_close") or ""
    return f"<{name}{attributes}{slash}>"


class RawHTML(NavigableString):
    """HTML put into the tree as it is, not parsed (a formula KaTeX rendered).

    The serializer writes it as it writes text (as stored); steps that read or
    change text leave it alone unless they say otherwise.
    """


# A step of a page's finishing: it changes the tree in place.
Step = Callable[[BeautifulSoup], None]


def run(tree: BeautifulSoup, steps: Iterable[Step]) -> None:
    """Run ``steps`` on ``tree``, in order."""
    for step in steps:
        step(tree)


def apply(content: str, *steps: Step) -> str:
    """``content`` (a page or part of one) parsed as written, changed by ``steps``, serialized.

    >>> def shout(tree):
    ...     tree.p.string = "HI"
    >>> apply("<p>hi</p>", shout)
    '<p>HI</p>'
    """
    tree = parse(content, as_written=True)
    run(tree, steps)
    return serialize(tree)


def is_text(node: PageElement) -> bool:
    """True for text as written in the page (not a comment, a doctype or :class:`RawHTML`)."""
    return type(node) is NavigableString


def nodes(tree: Tag, skip: frozenset[str] = frozenset()) -> Iterator[PageElement]:
    """Every node under ``tree`` in document order, but not the inside of a tag named in ``skip``.

    Collect them before changing the tree: the walk follows the tree as it is.

    >>> tree = parse("<p>a<pre>b</pre>c</p>")
    >>> [n if isinstance(n, str) else n.name for n in nodes(tree, {"pre"})]
    ['p', 'a', 'pre', 'c']
    """
    if not tree.contents:
        return
    end = tree._last_descendant().next_element
    node = tree.contents[0]
    while node is not None and node is not end:
        yield node
        if isinstance(node, Tag) and node.name in skip and node.contents:
            node = node._last_descendant().next_element
        else:
            node = node.next_element


def tags(tree: Tag, names: Iterable[str], skip: frozenset[str] = frozenset()) -> list[Tag]:
    """The elements under ``tree`` named one of ``names``, in document order (not inside ``skip``).

    What ``tree.find_all(names)`` finds, without its filters' cost per node.
    """
    wanted = frozenset(names)
    found: list[Tag] = []
    if not tree.contents:
        return found
    end = tree._last_descendant().next_element
    node = tree.contents[0]
    while node is not None and node is not end:  # ``nodes``, written out: a tenth of the steps
        if node.__class__ is Tag:
            if node.name in wanted:
                found.append(node)
            if node.name in skip and node.contents:
                node = node._last_descendant().next_element
                continue
        node = node.next_element
    return found


def replace_text(parent: Tag, index: int, value: str) -> None:
    """Make ``parent.contents[index]``, a text node, hold ``value`` (of the same kind).

    ``replace_with`` looks the node up among its siblings; a step that walks the
    children knows where it is.
    """
    old = parent.contents[index]
    new = type(old)(value)
    new.parent = parent
    for link in ("previous_element", "next_element", "previous_sibling", "next_sibling"):
        setattr(new, link, getattr(old, link))
    if new.previous_element is not None:
        new.previous_element.next_element = new
    if new.next_element is not None:
        new.next_element.previous_element = new
    if new.previous_sibling is not None:
        new.previous_sibling.next_sibling = new
    if new.next_sibling is not None:
        new.next_sibling.previous_sibling = new
    parent.contents[index] = new
    old.parent = old.previous_element = old.next_element = None
    old.previous_sibling = old.next_sibling = None


def open_tag(tag: Tag) -> str:
    """The opening tag of ``tag`` as :func:`serialize` writes it.

    >>> open_tag(parse('<table class="x"></table>').table)
    '<table class="x">'
    """
    return _open_tag(tag)


def end_tag(tag: Tag) -> str:
    """The closing tag of ``tag`` as :func:`serialize` writes it ('' for an empty void element)."""
    if tag.hidden or (not tag.contents and _closes_itself(tag)):
        return ""
    return f"</{tag.prefix}:{tag.name}>" if tag.prefix else f"</{tag.name}>"


def offsets_from(start: Tag) -> Iterator[tuple[int, PageElement]]:
    """Each node from ``start`` to the end of the page, with where its HTML starts.

    The offset counts characters of the serialized page from ``start``'s opening tag.

    >>> page = parse("<div><p>ab</p></div><table></table>")
    >>> [(at, n if isinstance(n, str) else n.name) for at, n in offsets_from(page.p)]
    [(0, 'p'), (3, 'ab'), (15, 'table')]
    """
    at = 0

    def visit(node: PageElement) -> Iterator[tuple[int, PageElement]]:
        nonlocal at
        yield at, node
        if isinstance(node, Tag):
            at += 0 if node.hidden else len(_open_tag(node))
            for child in list(node.contents):
                yield from visit(child)
            at += len(end_tag(node))
        else:
            at += len(_text_html(node))

    node = start
    while node is not None:
        yield from visit(node)
        while node is not None and node.next_sibling is None:
            node = node.parent
            if node is not None:
                at += len(end_tag(node))
        if node is not None:
            node = node.next_sibling


def _text_html(node: NavigableString) -> str:
    """The HTML of a text node (comments and doctypes with their marks)."""
    return node.output_ready(_FORMATTER) if isinstance(node, PreformattedString) else node


def remove_with_space_after(element: Tag) -> None:
    r"""Take ``element`` out of the tree with the white space that follows it.

    >>> page = parse("<head><link rel=x>\n  <meta></head>")
    >>> remove_with_space_after(page.link)
    >>> serialize(page)
    '<head><meta></head>'
    """
    after = element.next_sibling
    element.extract()
    while after is not None and is_text(after):
        rest = after[re.match(r"\s*", after).end() :]
        following = after.next_sibling
        if rest:
            if rest != after:
                after.replace_with(NavigableString(rest))
            return
        after.extract()
        after = following


def _closes_itself(tag: Tag) -> bool:
    """Whether an empty ``tag`` has no closing tag: a void element, or one written ``<x/>``."""
    return tag.can_be_empty_element is True or "void_close" in tag.__dict__


def reference_serialize(tree: Tag) -> str:
    """BeautifulSoup's own serialization with :class:`_Formatter`: what :func:`serialize` writes."""
    return tree.decode(formatter=_Formatter())


def text(element: Tag) -> str:
    """The text of an element, references expanded (``&amp;`` is ``&``)."""
    return html.unescape(element.get_text())


def has_class(element: Tag, name: str) -> bool:
    """True if ``name`` is one of the element's classes."""
    return name in (element.get("class") or "").split()
