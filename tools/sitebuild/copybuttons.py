"""Material's copy buttons written into the page by the build, not inserted on load.

With the ``content.code.copy`` feature, Material's start-up put a ``<nav
class="md-code__nav">`` holding a copy button into every code block (``pre > code``) of
the article, and measured each block right after: Chromium restyled the whole block
and laid the page out again, block after block. Material's start-up (its
DOMContentLoaded work, CPU time at Lighthouse's 4x slowdown, ``benchmarks/
first_load_work.py``) took 170-215 ms on the home page (four blocks) and 255 ms on
``api/pooling/`` (fifteen); with the blocks written here, 120-130 and 145-150 ms. The build
writes the same nav and button, where and as Material made them; ``mkdocs.yml`` drops
the feature, so Material inserts none. Its clipboard handler is set up whatever the
features are and copies for every ``[data-clipboard-target]`` button, with the
"copied" message, as before; ``extra.css`` hides the buttons of a page without
JavaScript, as there were none.

A button names its block by the id Material gives the block on load (``__code_`` and
the id of the block's nearest element with an id, ``pre`` itself included, or else a
count of such blocks in the page's order), so the page after start-up is the one
Material made. Where that id would not name the block, the build gives the ``pre`` an id
of its own first, as an author may (Material then names the block after it): when the
nearest id is shared by several blocks (Material would give each ``pre`` the same id,
and every button would copy the first block) or is no CSS name (a notebook cell's
``cell-id=cell-5``: the button's selector would be invalid, and the click copy nothing).
Those are the code blocks inside a notebook's Markdown cells:

>>> page = (
...     '<script id="__config" type="application/json">'
...     '{"translations": {"clipboard.copy": "Copy to clipboard"}}</script>'
...     '<div data-md-component="content"><pre><span></span><code>x = 1</code></pre>'
...     '<div id="doc"><pre><code>y</code></pre></div>'
...     '<div id="cell-id=cell-5"><pre><code>a</code></pre><pre><code>b</code></pre></div>'
...     "</div>"
... )
>>> out = prerender(page)
>>> re.findall(r'data-clipboard-target="#([^ ]+) &gt; code"', out)
['__code_0', '__code_doc', '__code_cell-id-cell-5-1', '__code_cell-id-cell-5-2']
>>> re.findall(r'<pre id="([^"]*)">', out)
['cell-id-cell-5-1', 'cell-id-cell-5-2']
>>> '<pre><span></span><nav class="md-code__nav"><button class="md-code__button"' in out
True
>>> 'title="Copy to clipboard"' in out and "</button></nav><code>x = 1</code></pre>" in out
True
"""

from __future__ import annotations

import json
import re

from bs4 import BeautifulSoup, Tag

from tools.sitebuild.html_tree import apply, has_class, nodes, tags

# what Material mounts: every `pre:not(.mermaid) > code` of its content component
CONTENT = "[data-md-component=content]"
BLOCKS = "pre:not(.mermaid) > code"
# an id that a CSS `#id` selector names as written (ASCII letters, digits, `_` and `-`)
_CSS_NAME = re.compile(r"[A-Za-z0-9_-]+")


def _css_escape(name: str) -> str:
    r"""``name`` for a CSS ``#`` selector: each character outside ``[A-Za-z0-9_-]`` escaped.

    >>> _css_escape("__code_own"), _css_escape("__code_a=b")
    ('__code_own', '__code_a\\=b')
    """
    return "".join(c if _CSS_NAME.fullmatch(c) else "\\" + c for c in name)


def _title(tree: BeautifulSoup) -> str | None:
    """Material's "copy" title in the page's language (its ``__config`` translations)."""
    for script in tree.find_all("script", id="__config"):
        if list(script.attrs.items()) == [("id", "__config"), ("type", "application/json")]:
            config = json.loads("".join(script.contents))
            return config.get("translations", {}).get("clipboard.copy")
    return None


def _named(pre: Tag) -> Tag | None:
    """``pre``'s nearest element with an id, ``pre`` itself included (Material's ``closest``)."""
    for node in (pre, *pre.parents):
        if isinstance(node, Tag) and node.has_attr("id"):
            return node
    return None


def _own_ids(blocks: list[Tag], taken: set[str]) -> dict[int, str]:
    """The id each ``pre`` of ``blocks`` needs of its own, by ``id(pre)``.

    A ``pre`` needs one when its nearest element with an id is another element that
    either holds more than one block or has an id a CSS ``#`` selector cannot name
    as written. The new id is that id made a CSS name, then the block's number in it.
    """
    by_holder: dict[int, list[Tag]] = {}
    for pre in blocks:
        holder = _named(pre)
        if holder is not None and holder is not pre:
            by_holder.setdefault(id(holder), []).append(pre)
    own: dict[int, str] = {}
    for pres in by_holder.values():
        holder_id = _named(pres[0])["id"]
        if len(pres) == 1 and _CSS_NAME.fullmatch(holder_id):
            continue
        base = re.sub(r"[^\w-]+", "-", holder_id, flags=re.A).strip("-") or "code"
        for k, pre in enumerate(pres, 1):
            new = f"{base}-{k}"
            while new in taken:
                new += "-"
            taken.add(new)
            own[id(pre)] = new
    return own


def _target(pre: Tag, own: dict[int, str], count: list[int]) -> str:
    """What Material names ``pre``'s block, once ``pre`` has the id ``own`` gives it.

    ``__code_`` and the id of its nearest element with one, else the next number of a
    count over the page.
    """
    holder = _named(pre)
    if id(pre) in own:
        return f"__code_{own[id(pre)]}"
    if holder is not None:
        return f"__code_{holder['id']}"
    count[0] += 1
    return f"__code_{count[0] - 1}"


def _blocks(tree: BeautifulSoup) -> list[Tag]:
    """The ``code`` of each block Material mounts: ``BLOCKS`` in ``CONTENT``, in page order."""
    blocks: list[Tag] = []
    seen: set[int] = set()
    for content in nodes(tree):
        if content.__class__ is not Tag or content.get("data-md-component") != "content":
            continue
        for code in tags(content, ["code"]):
            pre = code.parent
            if pre.name == "pre" and not has_class(pre, "mermaid") and id(code) not in seen:
                seen.add(id(code))
                blocks.append(code)
    return blocks


def _maybe(tree: BeautifulSoup) -> bool:
    """Whether some ``pre`` starts with its ``code`` (after Pygments' empty ``span``, if any)."""
    for pre in tags(tree, ["pre"]):
        first = pre.contents[:2]
        if first and isinstance(first[0], Tag) and first[0].name == "span":
            if not first[0].attrs and not first[0].contents:
                first = first[1:]
        if first and isinstance(first[0], Tag) and first[0].name == "code":
            return True
    return False


def _within(element: Tag, name: str) -> bool:
    """Whether an ancestor of ``element`` has the class ``name`` (among others, or alone).

    >>> from tools.sitebuild.html_tree import parse
    >>> tree = parse('<div class="a no-copy"><pre>x</pre></div>', as_written=True)
    >>> _within(tree.pre, "no-copy"), _within(tree.pre, "copy")
    (True, False)
    """
    return any(has_class(parent, name) for parent in element.parents if parent.name != "[document]")


def code_in_prose_blocks_tree(tree: BeautifulSoup) -> None:
    """A code block of a notebook's text gets the ``<code>`` of Material's blocks.

    nbconvert writes a fenced block of a Markdown cell (the handbook's ``>>>`` examples,
    a function's signature) as ``<div class="highlight"><pre>`` with Pygments' spans right
    in the ``pre``, where Python-Markdown writes ``<pre><code>``. Without the ``code`` the
    block got no copy button (:func:`prerender_tree`) and its copy no prompts left out
    (``copy-code.js``); selecting by hand took the ``>>>`` and the output along.

    >>> out = apply(
    ...     '<div class="jp-RenderedMarkdown"><div class="highlight"><pre><span></span>'
    ...     '<span class="gp">&gt;&gt;&gt; </span>1</pre></div>'
    ...     '<div class="highlight"><pre><span></span><code>2</code></pre></div></div>',
    ...     code_in_prose_blocks_tree,
    ... )
    >>> re.findall(r"<pre>.*?</pre>", out)[0]
    '<pre><span></span><code><span class="gp">&gt;&gt;&gt; </span>1</code></pre>'
    >>> out.count("<code>")  # the second block had its own
    2

    Outside a notebook's text (a notebook cell's input, ``highlight-ipynb``) nothing changes.
    """
    for pre in tags(tree, ["pre"]):
        parent = pre.parent
        if parent is None or parent.name != "div" or not has_class(parent, "highlight"):
            continue
        if not _within(pre, "jp-RenderedMarkdown"):
            continue
        contents = list(pre.contents)
        lead = []
        if contents and isinstance(contents[0], Tag) and contents[0].name == "span":
            if not contents[0].attrs and not contents[0].contents:
                lead = contents[:1]
        body = contents[len(lead) :]
        if any(isinstance(node, Tag) and node.name == "code" for node in body):
            continue
        code = tree.new_tag("code")
        for node in body:
            code.append(node.extract())
        pre.append(code)


def prerender_tree(tree: BeautifulSoup) -> None:
    """A copy button in each code block Material would give one."""
    title = _title(tree)
    if title is None or not _maybe(tree):
        return
    blocks = _blocks(tree)
    taken = {str(n["id"]) for n in nodes(tree) if n.__class__ is Tag and "id" in n.attrs}
    own = _own_ids([code.parent for code in blocks], taken)
    count = [0]
    for code in blocks:
        pre = code.parent
        target = _target(pre, own, count)
        if id(pre) in own:  # before any button: a `.copy` block's is Material's, by this id
            pre.attrs = {"id": own[id(pre)], **pre.attrs}
        # Material: a `.copy` block gets its button whatever the features, a
        # `.no-copy` block none
        if any(has_class(pre, c) or _within(pre, c) for c in ("copy", "no-copy")):
            continue
        button = tree.new_tag(
            "button",
            attrs={
                "class": "md-code__button",
                "title": title,
                "data-clipboard-target": f"#{_css_escape(target)} > code",
                "data-md-type": "copy",
            },
        )
        nav = tree.new_tag("nav", attrs={"class": "md-code__nav"})
        nav.append(button)
        code.insert_before(nav)


def prerender(page: str) -> str:
    """``page`` with a copy button in each code block that gets one (:func:`prerender_tree`)."""
    return apply(page, prerender_tree)
