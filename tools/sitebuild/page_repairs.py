"""Repair, on the parsed tree, what mkdocs-jupyter gets wrong in a rendered notebook page.

* Chinese headings get ``id=""`` (its slugify is ASCII-only) while the table of
  contents links to ``#_2``: every heading gets the id that Python-Markdown
  gives the same heading on a Markdown page (``pymdownx.slugs``, Unicode kept),
  and the table of contents is rewritten to match.
* nbconvert adds a mermaid loader from a CDN and an empty MathJax
  ``<script src="">``: both are removed (KaTeX renders the math locally).
* About 590 KB of JupyterLab CSS is inlined in every page: it is moved into one
  shared stylesheet that the browser caches once for the whole site; figures
  inlined as data URIs become files too.
* nbconvert wraps every token of the code in a ``<span>``; the spans of the
  kinds no stylesheet colours (names, mostly) are unwrapped.

Each function changes the tree in place (``html_tree.parse``); the caller
serializes it once (``html_tree.serialize``).
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import re
import unicodedata
from collections.abc import Callable, Iterator

from bs4 import BeautifulSoup, NavigableString, Tag
from pymdownx.slugs import slugify

from tools.sitebuild.contract import FACTS_KEY, FIGURE_CLASS
from tools.sitebuild.html_tree import (
    apply,
    has_class,
    is_text,
    parse,
    remove_with_space_after,
    tags,
    text,
)

_slugify = slugify(case="lower")
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
Headings = list[tuple[tuple[str, str], str]]


def heading_text(heading: Tag, *, without_code: bool = False) -> str:
    """Plain text of a heading, without its permalink (and without code spans)."""
    skipped = [a for a in heading.find_all("a") if _is_permalink(a)]
    if without_code:
        skipped += heading.find_all("code")
    parts = [
        node
        for node in heading.find_all(string=True)
        if not any(parent is s for parent in node.parents for s in skipped)
    ]
    return " ".join(html.unescape("".join(parts)).split())


def _is_permalink(a: Tag) -> bool:
    return has_class(a, "anchor-link") or has_class(a, "headerlink")


def unique_slug(title: str, seen: set[str]) -> str:
    """Slug of ``title`` as Python-Markdown's toc extension makes it, unique in ``seen``."""
    base = _slugify(title, "-") or "section"
    slug, n = base, 0
    while slug in seen:
        n += 1
        slug = f"{base}_{n}"
    seen.add(slug)
    return slug


def fix_heading_ids(tree: BeautifulSoup) -> Headings:
    """Give every heading a non-empty, unique id; return its (texts, id) pairs.

    Each heading is described by its full text and its text without code spans:
    mkdocs-jupyter builds the table of contents from Markdown with the code
    spans removed. nbconvert's permalink (``a.anchor-link``) becomes Material's
    (``a.headerlink``) pointing at the new id.
    """
    seen: set[str] = set()
    headings: Headings = []
    for heading in tree.find_all(HEADINGS):
        title = heading_text(heading)
        slug = unique_slug(title, seen)
        headings.append(((title, heading_text(heading, without_code=True)), slug))
        attrs = {k: v for k, v in heading.attrs.items() if k != "id"}
        heading.attrs = {"id": slug, **attrs}
        for anchor in heading.find_all("a"):
            if has_class(anchor, "anchor-link"):
                anchor.attrs = {"class": "headerlink", "href": f"#{slug}"}
                anchor["title"] = "Permanent link"
    return headings


def _walk(items) -> Iterator:
    for item in items:
        yield item
        yield from _walk(item.children)


def fix_toc(toc, headings: Headings) -> None:
    """Point each table-of-contents entry at the id of its heading (matched by text, in order)."""
    position = 0
    for item in _walk(toc):
        title = " ".join(text(parse(item.title)).split())
        for index in range(position, len(headings)):
            if title in headings[index][0]:
                item.id = headings[index][1]
                position = index + 1
                break
        else:
            raise ValueError(
                f"table of contents entry {title!r} has no heading on the page; "
                "check that the heading is Markdown (# ...) in a Markdown cell"
            )


def is_external(url: str) -> bool:
    """True for a URL that the browser would fetch from another host."""
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", url.strip(), re.I))


def _imports_from_other_host(script: Tag) -> bool:
    """An inline script that imports code from another host (nbconvert's mermaid loader)."""
    code = script.string or ""
    quoted = re.findall(r"[\"'`]([^\"'`]+)[\"'`]", code)
    return "import(" in code and any(is_external(url) for url in quoted)


def strip_scripts(tree: BeautifulSoup) -> None:
    """Drop scripts from other hosts, empty ``src`` stubs, MathJax config, CDN module loaders."""
    for script in tree.find_all("script"):
        src = script.get("src")
        if src is not None and (src.strip() == "" or is_external(src)):
            script.decompose()
        elif script.get("type") == "text/x-mathjax-config" or _imports_from_other_host(script):
            script.decompose()


def extract_styles(tree: BeautifulSoup) -> str:
    """Remove the inline ``<style>`` elements; return their joined CSS.

    The widgets' own style (``STATIC_STYLE``, from ``attention_tutorial/_contract.py``: read
    without importing the package and torch; it shows one
    of their two static pictures in a notebook or a saved file) is dropped, not kept: the
    site's ``explorer.css`` holds the same rules, and keeping it gave the pages with a widget
    a notebook stylesheet of their own (CI20).
    """
    from tools.sitebuild.contract import STATIC_STYLE

    widget_css = STATIC_STYLE.removeprefix("<style>").removesuffix("</style>").strip()
    blocks = []
    for style in tree.find_all("style"):
        css = style.get_text().strip()
        if css != widget_css:
            blocks.append(css)
        style.decompose()
    return "\n".join(blocks) + "\n"


_CJK = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
_FULL_WIDTH_PUNCTUATION = "\u3000-\u303f\uff00-\uffef"  # 。、「」 and ，：；？！（）
# a break between two CJK characters, or next to full-width punctuation whatever is on the
# other side (Latin text, a formula, inline code): the punctuation carries its own space
_CJK_BREAK = re.compile(
    rf"(?<=[{_CJK}])[ \t]*\n[ \t]*(?=[{_CJK}])"
    rf"|(?<=[{_FULL_WIDTH_PUNCTUATION}])[ \t]*\n[ \t]*"
    rf"|[ \t]*\n[ \t]*(?=[{_FULL_WIDTH_PUNCTUATION}])"
)
_RAW_TEXT = ("pre", "script", "style", "textarea")


def join_cjk_lines(tree: BeautifulSoup) -> None:
    """Remove line breaks between two CJK characters in text outside code.

    A source line break inside a Chinese paragraph is shown by the browser as a
    space between two characters; Chinese text has no spaces between words. A break
    next to full-width punctuation goes too, whatever stands on its other side
    ("无穷，⏎Nadaraya-Watson" showed "无穷， Nadaraya-Watson").
    """
    for node in tree.find_all(string=_CJK_BREAK):
        if type(node) is NavigableString and not node.find_parent(_RAW_TEXT):
            node.replace_with(NavigableString(_CJK_BREAK.sub("", node)))


# A space before an ellipsis that stands for an elided part ("of size …"): the browser may
# break the line there and start the next one with "…".
_SPACE_BEFORE_ELLIPSIS = re.compile(r" (?=…)")


def keep_ellipses_attached(tree: BeautifulSoup) -> None:
    """Make the space before "…" a no-break space in text, not in code or its copy text.

    Not in ``pre``, scripts, styles, nor a notebook cell's copy text
    (``clipboard-copy-txt``: the code a copy button copies, as written).

    Error messages quoted with their variable parts elided ("input of size …") end in
    an ellipsis; with an ordinary space before it, a narrow screen began a line with it.
    Run after the heading ids are made: they are computed from the ordinary text.
    """
    for node in tree.find_all(string=_SPACE_BEFORE_ELLIPSIS):
        if (
            type(node) is NavigableString
            and not node.find_parent(["pre", "script", "style"])
            and not node.find_parent(class_="clipboard-copy-txt")
        ):
            node.replace_with(NavigableString(_SPACE_BEFORE_ELLIPSIS.sub("\u00a0", node)))


# A line of a text output that prints an error or a warning: its type, then the message.
_ERROR_LINE = re.compile(r"^\s*(?:\w+Error|\w*Exception|\w+Warning): ", re.M)
ERROR_OUTPUT_CLASS = "attn-error-output"


def mark_error_outputs(tree: BeautifulSoup) -> int:
    r"""Give each text output that prints an error the class ``attn-error-output``.

    Outputs keep their lines and scroll sideways; an error message is a sentence that
    PyTorch runs on past any box: ``extra.css`` lets these outputs wrap instead, at every
    width. Returns how many were marked.

    >>> div = '<div class="jp-RenderedText" data-mime-type="text/plain"><pre>{}</pre></div>'
    >>> tree = parse(
    ...     div.format("x: 1\nRuntimeError: mat1 and mat2") + div.format("1.0")
    ... )
    >>> mark_error_outputs(tree), [div.get("class") for div in tree.find_all("div")]
    (1, ['jp-RenderedText attn-error-output', 'jp-RenderedText'])
    """
    marked = 0
    for div in tree.find_all("div", attrs={"data-mime-type": "text/plain"}):
        pre = div.find("pre")
        if has_class(div, "jp-RenderedText") and pre and _ERROR_LINE.search(pre.get_text()):
            div["class"] = f"{div.get('class', '')} {ERROR_OUTPUT_CLASS}".strip()
            marked += 1
    return marked


# The longest output line a phone's box shows without scrolling: the box of a 375 px phone
# is 338 px wide inside, a character of the output font 7.83 px (measured in Chromium).
PHONE_OUTPUT_COLUMNS = 43
_ATTRIBUTE_NAME = re.compile(r"[A-Za-z][\w:-]*")
# A notebook code cell's copy button (<clipboard-copy>): its name and the notice after a copy.
COPY_BUTTON_WORDS = {
    "zh": {"copy": "复制", "copied": "已复制"},
    "en": {"copy": "Copy to clipboard", "copied": "Copied!"},
}
# The name of a box that stays a tab stop because it scrolls, in the page's language.
SCROLLING_BOX_LABELS = {
    "zh": {"text": "输出，可左右滚动", "figure": "图，可左右滚动"},
    "en": {"text": "output, scrolls sideways", "figure": "figure, scrolls sideways"},
}


def _columns(line: str) -> int:
    """How many monospace columns ``line`` takes: a CJK character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def _scrolls_on_a_phone(box: Tag) -> str | None:
    """``"text"`` or ``"figure"`` if this notebook box can scroll sideways on a phone."""
    if has_class(box, "jp-RenderedText"):
        pre = box.find("pre")
        if has_class(box, ERROR_OUTPUT_CLASS) or pre is None:
            return None  # an error wraps (extra.css)
        lines = text(pre).rstrip("\n").split("\n")
        return "text" if max(map(_columns, lines)) > PHONE_OUTPUT_COLUMNS else None
    if has_class(box, "jp-RenderedSVG") or has_class(box, "jp-RenderedImage"):
        wide = [img for img in box.find_all("img") if has_class(img, "attn-wide")]
        # a figure drawn in two layouts shows its wide drawing on wide screens only
        if any(not has_class(img, "attn-shown-wide") for img in wide):
            return "figure"
    return None


def keep_tab_stops_that_scroll(tree: BeautifulSoup, lang: str) -> int:
    r"""Drop ``tabindex="0"`` from the notebook's boxes that do not scroll; name those that do.

    nbconvert's template makes every cell's input wrapper and every output a tab stop,
    so that the keyboard can scroll them: a dozen stops per page with no name and, in
    most, nothing to scroll. A box keeps its tab stop only if it scrolls sideways on a
    phone (a text line longer than ``PHONE_OUTPUT_COLUMNS``, a figure wider than the
    column), and becomes a region named in ``lang``. Run after :func:`extract_images`
    (it classes the wide figures) and :func:`mark_error_outputs`. Returns how many stops
    were kept.

    >>> out = '<div class="jp-RenderedText jp-OutputArea-output" tabindex="0"><pre>{}</pre></div>'
    >>> cell = '<div class="jp-Cell-inputWrapper" tabindex="0"></div>'
    >>> tree = parse(cell + out.format("short") + out.format("x" * 44))
    >>> keep_tab_stops_that_scroll(tree, "en")
    1
    >>> [(d.get("tabindex"), d.get("aria-label")) for d in tree.find_all("div")]
    [(None, None), (None, None), ('0', 'output, scrolls sideways')]
    """
    labels = SCROLLING_BOX_LABELS[lang]
    kept = 0
    for box in tree.find_all("div", attrs={"tabindex": "0"}):
        if has_class(box, "jp-Cell-inputWrapper"):
            del box["tabindex"]  # the code inside takes the focus when it scrolls (copy-code.js)
            continue
        if not has_class(box, "jp-OutputArea-output") or has_class(box, "jp-RenderedHTMLCommon"):
            continue  # not a box of ours: an HTML output brings its own controls
        kind = _scrolls_on_a_phone(box)
        if kind is None:
            del box["tabindex"]
        else:
            box["role"] = "region"
            box["aria-label"] = labels[kind]
            kept += 1
    return kept


def rewrite_links(tree: BeautifulSoup, resolve: Callable[[str], str | None]) -> None:
    """Replace each link's href by ``resolve(href)``, unless that returns None.

    nbconvert leaves links between pages as written in the notebook
    (``nonparametric.py``); MkDocs only rewrites links of Markdown pages.
    """
    for link in tree.find_all("a", href=True):
        new = resolve(link["href"])
        if new is not None:
            link["href"] = new


_SVG_TITLE = re.compile(rb"<svg\b[^>]*>\s*<title>(.*?)</title>", re.S)
_SVG_FACTS = re.compile(rb"<!-- " + re.escape(FACTS_KEY.encode()) + rb" (\{.*?\}) -->")
PHONE_COLUMN_PX = 335  # the text column of a 375 px wide phone


def image_metadata(blob: bytes) -> tuple[str | None, dict]:
    """The description and reading facts a figure carries in its file.

    ``attention_tutorial.figures`` writes them (``TutorialFigure``): the SVG's
    ``<title>`` or the PNG's ``Description`` becomes the alt text; the facts
    (``reading_facts`` there) give the figure's classes.
    """
    if blob.startswith(b"\x89PNG"):
        from PIL import Image

        try:
            with Image.open(io.BytesIO(blob)) as image:
                text = getattr(image, "text", {})
        except (OSError, SyntaxError):  # not a PNG we can read: no metadata
            return None, {}
        return text.get("Description") or None, json.loads(text.get(FACTS_KEY, "{}"))
    title = _SVG_TITLE.search(blob)
    facts = _SVG_FACTS.search(blob[:4000])
    return (
        html.unescape(title.group(1).decode("utf-8")) if title else None,
        json.loads(facts.group(1)) if facts else {},
    )


def figure_attributes(description: str | None, facts: dict) -> dict[str, str]:
    """The ``alt``, ``data-min-width``, ``class`` and ``style`` of a figure's ``<img>``.

    >>> figure_attributes("a curve", {"min_width_px": 400, "colour_scale": True})[
    ...     "class"
    ... ]
    'attn-figure attn-colour-scale attn-wide'
    >>> figure_attributes("time above memory", {"shown_on": "narrow"})["class"]
    'attn-figure attn-shown-narrow'
    """
    if not facts and not description:
        return {}
    attrs = {"alt": description} if description else {}
    classes = [FIGURE_CLASS]
    if "min_width_px" in facts:
        attrs["data-min-width"] = str(int(facts["min_width_px"]))
    if facts.get("colour_scale"):
        classes.append("attn-colour-scale")
    if facts.get("min_width_px", 0) > PHONE_COLUMN_PX:
        classes.append("attn-wide")
        attrs["style"] = f"--attn-min-width: {int(facts['min_width_px'])}px"
    if facts.get("shown_on") in ("wide", "narrow"):  # one of two layouts of one figure
        classes.append(f"attn-shown-{facts['shown_on']}")
    attrs["class"] = " ".join(classes)
    return attrs


def extract_images(tree: BeautifulSoup, url_for: Callable[[str], str]) -> dict[str, bytes]:
    """Move images inlined as data URIs (PNG, SVG) into files named by their content.

    The page gets lighter and a figure is cached by the browser like any file.
    The description stored in a figure's file becomes the ``alt`` of its ``<img>``
    (instead of nbconvert's "No description has been provided for this image").
    ``url_for(name)`` gives the page-relative URL of the site path ``name``.
    Returns ``{site path: bytes}`` of the files to write.
    """
    files: dict[str, bytes] = {}
    for img in tree.find_all("img", src=re.compile(r"^data:image/(png|svg\+xml);base64,")):
        head, data = img["src"].split(",", 1)
        blob = base64.b64decode("".join(data.split()))
        ext = "png" if head.startswith("data:image/png") else "svg"
        name = f"assets/figures/{hashlib.sha256(blob).hexdigest()[:16]}.{ext}"
        files[name] = blob
        new = {"loading": "lazy", "src": url_for(name)}
        attrs: dict[str, str] = {}
        for key, value in img.attrs.items():  # loading and src where src was
            attrs.update(new if key == "src" else {key: value})
        attrs.update(figure_attributes(*image_metadata(blob)))  # alt text, classes
        img.attrs = attrs
    return files


def slim_copy_buttons(tree: BeautifulSoup, lang: str = "en") -> None:
    """Slim every notebook code cell's copy button and name it in the page's language.

    The icon is drawn once by CSS instead (``.clipboard-copy-icon`` in
    ``docs/assets/stylesheets/extra.css``): about 1 KB less per code cell.
    mkdocs-jupyter's template writes every ``<clipboard-copy>`` (the only copy button of a
    notebook code cell) with the English label "Copy to Clipboard", the notice "Copied!"
    and a stray attribute ``,`` (a comma in its template); the button gets the label and
    notice of ``lang`` (``COPY_BUTTON_WORDS``) and loses the stray attribute.
    """
    for svg in tree.find_all("svg"):
        if has_class(svg, "clipboard-copy-icon"):
            attrs = {"aria-hidden": "true", "class": "clipboard-copy-icon"}
            svg.replace_with(tree.new_tag("span", attrs=attrs))
    words = COPY_BUTTON_WORDS[lang]
    for button in tree.find_all("clipboard-copy"):
        button.attrs = {k: v for k, v in button.attrs.items() if _ATTRIBUTE_NAME.fullmatch(k)}
        button["aria-label"] = words["copy"]
        for notice in button.find_all(class_="notice"):
            notice.string = words["copied"]


_CLASS_NAME = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")


def class_names(css: str) -> set[str]:
    """Every class name a stylesheet's selectors mention (and a few more: a cheap superset).

    >>> sorted(class_names(".highlight-ipynb .k{color:red} a.x:hover{width:1.5em}"))
    ['highlight-ipynb', 'k', 'x']
    """
    return set(_CLASS_NAME.findall(re.sub(r"\{[^{}]*\}", "{}", css)))


def unwrap_plain_tokens(tree: BeautifulSoup, styled: set[str]) -> int:
    """Unwrap the token spans of notebook code whose class no stylesheet names; return how many.

    Pygments (through nbconvert) wraps every token in a span, ``<span class="n">``
    for a name. The JupyterLab theme colours keywords, strings, numbers, operators,
    punctuation and comments, not names: a span that no rule can select renders as
    its bare text. Unwrapped, the chapter's ``parametric`` page has about 500
    fewer elements of its 3,800, which Chromium styles and lays out on every
    load (Lighthouse's total blocking time) and axe checks in the page tests.
    ``styled``: the class names of every stylesheet of the page (``class_names``).

    >>> tree = parse(
    ...     '<div class="highlight-ipynb"><pre><span class="n">x</span>'
    ...     '<span class="o">=</span><span class="mi">1</span></pre></div>'
    ... )
    >>> unwrap_plain_tokens(tree, {"o", "mi"})
    1
    >>> from tools.sitebuild.html_tree import serialize
    >>> serialize(tree).split("<pre>")[1]
    'x<span class="o">=</span><span class="mi">1</span></pre></div>'
    """
    count = 0
    for box in tree.find_all("div"):
        if not has_class(box, "highlight-ipynb"):
            continue
        for span in box.find_all("span"):
            names = (span.get("class") or "").split()
            if span.attrs.keys() == {"class"} and len(names) == 1 and names[0] not in styled:
                span.unwrap()
                count += 1
    return count


_ALTERNATE = {"rel": "alternate", "hreflang": True}


def drop_alternate_links_tree(tree: BeautifulSoup) -> None:
    """Remove the ``<link rel="alternate" hreflang>`` elements of the page's head.

    Each goes with the white space after it; the rest of the page, doctype
    included, stays as the theme wrote it.
    """
    for link in (tree.head or tree).find_all("link", attrs=_ALTERNATE):
        remove_with_space_after(link)


def drop_alternate_links(page: str) -> str:
    """The whole page without its hreflang links (:func:`drop_alternate_links_tree`)."""
    return apply(page, drop_alternate_links_tree)


_EXPLORER_SCRIPT = re.compile(r'[^"]*assets/javascripts/explorer\.js')
_EXPLORER_STYLESHEET = re.compile(r'[^"]*assets/stylesheets/explorer\.css')
_EXPLORER_CLASS = 'class="attn-explorer'


def _shows_explorer(tree: BeautifulSoup) -> bool:
    """Whether the page holds ``class="attn-explorer...``: an explorer, or its name in text."""
    node = tree.contents[0] if tree.contents else None
    while node is not None:
        if node.__class__ is Tag:
            for key, value in node.attrs.items():
                if key.endswith("class") and isinstance(value, str):
                    if value.startswith("attn-explorer"):
                        return True
        elif _EXPLORER_CLASS in node:
            return True
        node = node.next_element
    return False


def _explorer_asset(element: Tag) -> bool:
    """Whether ``element`` is the explorer's script or stylesheet, as ``mkdocs.yml`` adds them."""
    attrs = list(element.attrs.items())
    if element.name == "script":
        return (
            bool(attrs)
            and attrs[0][0] == "src"
            and isinstance(attrs[0][1], str)
            and bool(_EXPLORER_SCRIPT.fullmatch(attrs[0][1]))
            and not element.contents
        )
    return (
        len(attrs) == 2
        and attrs[0] == ("rel", "stylesheet")
        and attrs[1][0] == "href"
        and isinstance(attrs[1][1], str)
        and bool(_EXPLORER_STYLESHEET.fullmatch(attrs[1][1]))
        and not getattr(element, "void_close", None)
    )


# The name of a heading's permalink (``a.headerlink``), in the page's language
PERMALINK_TITLES = {"zh": "永久链接", "en": "Permanent link"}


def permalink_titles_tree(tree: BeautifulSoup) -> None:
    """Name every heading's permalink in the page's language (``<html lang>``).

    Python-Markdown's toc extension and the notebooks' repair (:func:`fix_heading_ids`)
    write the English "Permanent link" on every page; a screen reader read it out on
    the Chinese pages (review round 19).

    >>> tree = parse(
    ...     '<html lang="zh"><h2 id="a">A<a class="headerlink" href="#a" '
    ...     'title="Permanent link">¶</a></h2></html>',
    ...     as_written=True,
    ... )
    >>> permalink_titles_tree(tree)
    >>> tree.find("a")["title"]
    '永久链接'
    """
    root = tree.find("html")
    lang = str(root.get("lang", "en"))[:2] if root is not None else "en"
    title = PERMALINK_TITLES.get(lang, PERMALINK_TITLES["en"])
    for anchor in tree.find_all("a"):
        if has_class(anchor, "headerlink") and anchor.get("title") != title:
            anchor["title"] = title


# A Chinese title's full-width colon: "非参数注意力汇聚：Nadaraya-Watson 核回归".
TITLE_COLON = "\uff1a"
TITLE_PART = "attn-title-part"


def title_parts_tree(tree: BeautifulSoup) -> None:
    """Let a Chinese title break after its "：" before it breaks inside a word.

    A "：" is glued to the text after it, so a title that did not fit a phone's line
    broke wherever the line ran out: inside 汇聚 ("非参数注意力汇" | "聚：Nadaraya-Watson 核回归",
    reader rounds 38 and 39). Each h1 and h2 whose text has a "："
    is split into two parts at the first one, each an inline block (``extra.css``): the
    line breaks between them first. Only the rendered heading changes; the page's title,
    which the navigation and the links to the page show, stays plain text (spans written
    into the title itself showed up in those links, CI64). A heading's permalink stays
    outside the parts.

    >>> from tools.sitebuild.html_tree import serialize
    >>> tree = parse(
    ...     '<h1 id="a">非参数注意力汇聚：Nadaraya-Watson <span class="attn-nobr">核回归</span>'
    ...     '<a class="headerlink" href="#a">¶</a></h1><h2>带宽</h2>'
    ... )
    >>> title_parts_tree(tree)
    >>> print(serialize(tree))
    <h1 id="a"><span class="attn-title-part">非参数注意力汇聚：</span><span \
class="attn-title-part">Nadaraya-Watson <span class="attn-nobr">核回归</span></span><a \
class="headerlink" href="#a">¶</a></h1><h2>带宽</h2>
    >>> tree = parse("<h2>Training: one step</h2><h2>末尾：</h2>")  # no "：", nothing after it
    >>> title_parts_tree(tree)
    >>> print(serialize(tree))
    <h2>Training: one step</h2><h2>末尾：</h2>
    """
    for heading in tags(tree, ("h1", "h2")):
        children = [c for c in heading.contents if not _is_permalink_node(c)]
        at = next((i for i, c in enumerate(children) if is_text(c) and TITLE_COLON in c), None)
        if at is None or any(has_class(c, TITLE_PART) for c in tags(heading, ("span",))):
            continue
        before, _, after = str(children[at]).partition(TITLE_COLON)
        rest = children[at + 1 :]
        if not after.strip() and not rest:
            continue
        first = tree.new_tag("span", attrs={"class": TITLE_PART})
        second = tree.new_tag("span", attrs={"class": TITLE_PART})
        children[at].insert_before(first)
        first.insert_after(second)
        for child in children[:at]:
            first.append(child.extract())
        children[at].extract()
        first.append(NavigableString(before + TITLE_COLON))
        if after:
            second.append(NavigableString(after))
        for child in rest:
            second.append(child.extract())


def _is_permalink_node(node) -> bool:
    return isinstance(node, Tag) and node.name == "a" and _is_permalink(node)


def trim_link_titles_tree(tree: BeautifulSoup) -> None:
    """Collapse the white space of every link's ``title`` (its tooltip).

    mkdocs-autorefs takes a cross-reference's title from the heading's text, which
    mkdocstrings' templates indent: the tooltips began with twelve spaces (review
    round 26).

    >>> tree = parse('<a class="autorefs" title="            best_w" href="#x">w</a>')
    >>> trim_link_titles_tree(tree)
    >>> tree.find("a")["title"]
    'best_w'
    """
    for anchor in tree.find_all("a", title=True):
        title = " ".join(str(anchor["title"]).split())
        if title != anchor["title"]:
            anchor["title"] = title


def name_nav_toggles_tree(tree: BeautifulSoup) -> None:
    """Name each navigation toggle that shows only an icon after its section.

    With ``navigation.indexes`` Material writes a section that has an index page as
    its link and, beside it, a ``label`` that opens and closes the section: a tab
    stop holding nothing but an icon, which a screen reader announced as "label"
    (review round 28); the section's ``nav`` (``aria-labelledby`` the label) and
    the checkbox the label toggles had no name either. The label gets the link's
    text in a span that only screen readers read (``attn-sr``, ``extra.css``):
    axe-core forbids ``aria-label`` on a ``label``.

    >>> tree = parse(
    ...     '<div class="md-nav__link md-nav__container">'
    ...     '<a class="md-nav__link" href="api/"><span> API reference </span></a>'
    ...     '<label class="md-nav__link" for="__nav_3" tabindex="0">'
    ...     '<span class="md-nav__icon md-icon"></span></label></div>'
    ... )
    >>> name_nav_toggles_tree(tree)
    >>> str(tree.find("label").find("span", class_="attn-sr"))
    '<span class="attn-sr">API reference</span>'
    """
    for label in tree.find_all("label"):
        if not has_class(label, "md-nav__link") or label.get_text(strip=True):
            continue
        link = label.parent.find("a") if label.parent is not None else None
        if link is None or not (name := " ".join(link.get_text().split())):
            raise ValueError(f"a navigation toggle with no section name beside it: {label}")
        hidden = tree.new_tag("span", attrs={"class": "attn-sr"})
        hidden.string = name
        label.append(hidden)


def drop_unused_explorer_tree(tree: BeautifulSoup) -> None:
    """Remove the explorer's script and stylesheet (with the white space after them) if unused.

    ``extra_javascript`` and ``extra_css`` put them on every page; two pages per language
    use them. Elsewhere the stylesheet held the first paint and the script ran
    for nothing on every load.
    """
    if _shows_explorer(tree):
        return
    for element in tags(tree, ["script", "link"]):
        if _explorer_asset(element):
            remove_with_space_after(element)


def drop_unused_explorer(page: str) -> str:
    r"""The page without unused explorer assets (:func:`drop_unused_explorer_tree`).

    >>> head = '<link rel="stylesheet" href="../assets/stylesheets/explorer.css">\n'
    >>> tail = '<script src="../assets/javascripts/explorer.js" defer></script>'
    >>> drop_unused_explorer(head + "<p>x</p>" + tail)
    '<p>x</p>'
    >>> page = head + '<div class="attn-explorer"></div>' + tail
    >>> drop_unused_explorer(page) == page
    True
    """
    return apply(page, drop_unused_explorer_tree)


def css_name(css: str) -> str:
    """A content-addressed file name for a shared stylesheet."""
    return f"assets/stylesheets/notebook.{hashlib.sha256(css.encode()).hexdigest()[:10]}.css"
