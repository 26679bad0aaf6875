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
the id of the block's nearest element with an id, or else a count of such blocks in
the page's order), so the page after start-up is the one Material made:

>>> page = (
...     '<script id="__config" type="application/json">'
...     '{"translations": {"clipboard.copy": "Copy to clipboard"}}</script>'
...     '<div data-md-component="content"><pre><span></span><code>x = 1</code></pre>'
...     '<div id="doc"><pre><code>y</code></pre></div></div>'
... )
>>> out = prerender(page)
>>> re.findall(r'data-clipboard-target="([^"]*)"', out)
['#__code_0 &gt; code', '#__code_doc &gt; code']
>>> '<pre><span></span><nav class="md-code__nav"><button class="md-code__button"' in out
True
>>> 'title="Copy to clipboard"' in out and "</button></nav><code>x = 1</code></pre>" in out
True
"""

from __future__ import annotations

import html
import json
import re

from bs4 import Tag

from tools.sitebuild.html_tree import has_class, parse

# what Material mounts: every `pre:not(.mermaid) > code` of its content component
CONTENT = "[data-md-component=content]"
BLOCKS = "pre:not(.mermaid) > code"
_MAYBE = re.compile(r"<pre[^>]*>(?:<span></span>)?<code")
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)


def _title(page: str) -> str | None:
    """Material's "copy" title in the page's language (its ``__config`` translations)."""
    m = _CONFIG.search(page)
    if not m:
        return None
    return json.loads(m.group(1)).get("translations", {}).get("clipboard.copy")


def _id_of(pre: Tag, count: list[int]) -> str:
    """What Material names ``pre``'s block.

    The id of its nearest element with one (``pre`` itself included), else the next
    number of a count over the page.
    """
    for node in (pre, *pre.parents):
        if isinstance(node, Tag) and node.has_attr("id"):
            return node["id"]
    count[0] += 1
    return str(count[0] - 1)


def prerender(page: str) -> str:
    """``page`` with a copy button in each code block Material would give one.

    The tree finds the blocks; the buttons go into the page's text, which stays as it
    was written everywhere else.
    """
    title = _title(page)
    if title is None or not _MAYBE.search(page):
        return page
    tree = parse(page)
    starts = [0]
    for line in page.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    count = [0]
    inserts: list[tuple[int, str]] = []
    for content in tree.select(CONTENT):
        for code in content.select(BLOCKS):
            pre = code.parent
            target = _id_of(pre, count)
            # Material: a `.copy` block gets its button whatever the features, a
            # `.no-copy` block none
            if any(pre.find_parent(class_=c) or has_class(pre, c) for c in ("copy", "no-copy")):
                continue
            at = starts[code.sourceline - 1] + code.sourcepos
            assert page.startswith("<code", at), (code.sourceline, code.sourcepos)
            button = (
                f'<button class="md-code__button" title="{html.escape(title)}" '
                f'data-clipboard-target="#__code_{html.escape(target)} &gt; code" '
                'data-md-type="copy"></button>'
            )
            inserts.append((at, f'<nav class="md-code__nav">{button}</nav>'))
    for at, nav in reversed(inserts):
        page = page[:at] + nav + page[at:]
    return page
