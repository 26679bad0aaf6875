r"""Lighten the finished site (both languages): shared assets, used CSS only, compact search index.

``finalize(site)`` runs once, after the English site has been copied into
``<site>/en``:

1. ``assets.dedupe``: one copy of every asset both languages share; the search
   worker's lunr skips wildcard expansions the index does not hold
   (:func:`patch_search_worker`);
2. the notebook stylesheets keep only the rules some page can use
   (``cssprune``; class names the site's scripts may add count as used), their
   selection rule is cheaper to restyle (``restyle``), and they get a name
   after their new content; Material's palette stylesheet stops restyling
   every page on load (``restyle``); the project's own stylesheets (``extra.css``,
   ``explorer.css``) ship without their comments (:func:`strip_comments`: the
   reasons stay in the source; ``extra.css`` 10.5 -> 3.9 KB gzip on every page);
3. the KaTeX stylesheet keeps only the rules of the formulas on the pages, and
   the font files it no longer names are deleted;
4. each ``search/search_index.json`` is written compactly, with CJK text as
   UTF-8 instead of ``\uXXXX`` escapes;
5. each page with formulas preloads the KaTeX fonts they use, and the KaTeX
   faces are ``font-display: optional``: Chromium holds the first paint up to
   about 100 ms for a preloaded optional font, and a font that arrives later
   is used from the next page on, so no line ever moves when a font arrives
   (with KaTeX's ``block``, a formula that widened on a slow load reflowed its
   paragraph: a layout shift of 0.08 on ``api/model`` at 375 px). Not offline,
   where ``file://`` fonts load at once and ``block`` is kept.

>>> compact_index('{"docs": [{"text": "\\u6ce8 a"}]}')
'{"docs":[{"text":"注 a"}]}'
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

import tinycss2

from tools.sitebuild import assets, cssprune, pageweight, restyle
from tools.sitebuild.stepcache import StepCache

KATEX_CSS = "assets/katex/katex.min.css"
KATEX_FONTS = "assets/katex/fonts"


def compact_index(text: str) -> str:
    """A search index as compact JSON, non-ASCII text kept as it is."""
    return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pages(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(site.rglob("*.html"))
    }


@dataclass
class FinishPlan:
    """What :func:`finalize` did to the pages, to do the same to one page built again.

    A prose edit of one page under ``mkdocs serve`` (``fastpath.py``) renders that
    page alone: :meth:`finish` gives it the references, renames and font preloads
    the whole site got, and :meth:`names_unchanged` says whether the CSS kept by
    pruning (hence the site's other files) would stay as it is.
    """

    # the reference rewrites applied to every text file, in order: (folder prefix, moved)
    maps: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    # the KaTeX stylesheet the preloads were read from (None: no preloads)
    preload_css: str | None = None
    # classes the site's scripts may add (always kept)
    script_classes: frozenset[str] = frozenset()
    # the names each page uses (site path -> classes, ids, tags)
    names: dict[str, tuple[frozenset[str], ...]] = field(default_factory=dict)
    # the files moved or rewritten: the hash of what the build had written there
    originals: dict[str, str] = field(default_factory=dict)

    def unchanged(self, site: Path, rel: str, content: bytes) -> bool:
        """Whether the build writing ``content`` at ``rel`` leaves the finished site as it is."""
        if rel in self.originals:
            return hashlib.sha256(content).hexdigest() == self.originals[rel]
        path = site / rel
        return path.is_file() and path.read_bytes() == content

    def finish(self, rel: str, page: str) -> tuple[str, tuple[frozenset[str], ...]]:
        """Page ``rel`` (site path) as :func:`finalize` leaves it, and the names it uses."""
        for prefix, moved in self.maps:
            if moved and rel.startswith(prefix):
                page = assets.rewrite_references(page, rel, moved)
        names = _names(page)
        used = tuple(frozenset(names[kind]) for kind in ("classes", "ids", "tags"))
        css = self.preload_css
        if css is not None and 'class="katex"' in page and "</head>" in page:
            page = page.replace("</head>", preload_links(page, rel, css) + "</head>", 1)
        return page, used

    def used(self, names: dict[str, tuple[frozenset[str], ...]]) -> tuple[frozenset[str], ...]:
        """The names of every page in ``names``, with the scripts' classes."""
        classes, ids, tags = set(self.script_classes), set(), set()
        for page_classes, page_ids, page_tags in names.values():
            classes |= page_classes
            ids |= page_ids
            tags |= page_tags
        return frozenset(classes), frozenset(ids), frozenset(tags)

    def names_unchanged(self, rel: str, names: tuple[frozenset[str], ...]) -> bool:
        """Whether the site's used names stay the same with page ``rel`` using ``names``."""
        if rel not in self.names:
            return False
        return self.used({**self.names, rel: names}) == self.used(self.names)


def preload_links(page: str, rel: str, katex_css: str) -> str:
    """``<link rel="preload">`` tags for the KaTeX fonts that page ``rel`` (site path) needs.

    >>> css = "@font-face{font-family:K;src:url(fonts/K.woff2)}.katex{font-family:K}"
    >>> preload_links('<span class="katex">x</span>', "a/index.html", css).split(
    ...     " as="
    ... )[0]
    '<link rel="preload" href="../assets/katex/fonts/K.woff2"'
    """
    folder = posixpath.dirname(rel) or "."
    base = posixpath.dirname(KATEX_CSS)
    return "".join(
        f'<link rel="preload" href="{posixpath.relpath(posixpath.join(base, url), folder)}" '
        'as="font" type="font/woff2" crossorigin>'
        for url in pageweight.font_files(page, katex_css)
    )


def font_display(css: str, value: str) -> str:
    """``css`` with every ``font-display`` of its ``@font-face`` rules set to ``value``.

    >>> font_display(
    ...     "@font-face{font-family:K;font-display:block;src:url(k.woff2)}", "optional"
    ... )
    '@font-face{font-family:K;font-display:optional;src:url(k.woff2)}'
    """
    return re.sub(r"font-display\s*:\s*[a-z]+", f"font-display:{value}", css)


def _used_names(
    pages: dict[str, str], scripts: list[str], steps: StepCache, plan: FinishPlan | None = None
) -> cssprune.UsedNames:
    """``cssprune.used_names`` of the pages and scripts, each page's names kept by its text."""
    words = steps.get_or_make(
        "script-words", scripts, lambda: sorted(cssprune.script_words(scripts))
    )
    used = cssprune.UsedNames(classes=set(words))
    if plan is not None:
        plan.script_classes = frozenset(words)
    for rel, page in pages.items():
        names = steps.get_or_make("page-names", [page], lambda page=page: _names(page))
        used.classes.update(names["classes"])
        used.ids.update(names["ids"])
        used.tags.update(names["tags"])
        if plan is not None:
            plan.names[rel] = tuple(frozenset(names[k]) for k in ("classes", "ids", "tags"))
    return used


def used_names_of(page: str) -> tuple[frozenset[str], ...]:
    """The classes, ids and tags of one page, as :class:`FinishPlan` holds them."""
    names = _names(page)
    return tuple(frozenset(names[kind]) for kind in ("classes", "ids", "tags"))


def _names(page: str) -> dict[str, list[str]]:
    names = cssprune.used_names([page])
    return {"classes": sorted(names.classes), "ids": sorted(names.ids), "tags": sorted(names.tags)}


def restamped(
    names: tuple[frozenset[str], ...], before: str, after: str, page: str
) -> tuple[frozenset[str], ...]:
    """The names of ``page``, which had ``names`` until its element ``before`` became ``after``.

    The names of a page are those of its parts (``cssprune.used_names`` matches tags
    and attributes one at a time): a name only ``before`` used stays if the rest of the
    page uses it too, which is looked up for those few names alone, not the whole page.

    >>> names = (frozenset({"x"}), frozenset(), frozenset({"div", "code", "p"}))
    >>> old, new = '<div class="x"><code>1</code></div>', '<div class="x">-</div>'
    >>> sorted(
    ...     restamped(names, old, new, f"<p>{new}</p>")[2] - {"html", "head", "body"}
    ... )
    ['div', 'p']
    >>> sorted(
    ...     restamped(names, old, new, f"<p><code>2</code>{new}</p>")[2]
    ...     - {"html", "head", "body"}
    ... )
    ['code', 'div', 'p']
    """
    old, new = _names(before), _names(after)
    result = []
    for kind, have in zip(("classes", "ids", "tags"), names, strict=True):
        gone = set(old[kind]) - set(new[kind])
        kept = {name for name in gone if _uses(page, kind, name)}
        result.append(frozenset((set(have) - gone) | kept | set(new[kind])))
    return tuple(result)


def _uses(page: str, kind: str, name: str) -> bool:
    """Whether ``cssprune.used_names([page])`` holds ``name`` among its ``kind``."""
    if kind == "tags":
        return re.search(rf"<{re.escape(name)}(?![\w-])", page, re.I) is not None
    if name not in page:
        return False
    pattern = cssprune._CLASS_ATTR if kind == "classes" else cssprune._ID_ATTR
    for m in pattern.finditer(page):
        value = m.group(1) or m.group(2) or m.group(3) or ""
        if name in (value.split() if kind == "classes" else [value]):
            return True
    return False


def _used_key(used: cssprune.UsedNames) -> list[str]:
    return [" ".join(sorted(names)) for names in (used.classes, used.ids, used.tags)]


# Material's search worker bundles lunr 2.3.9, whose wildcard expansion can yield a term
# that is not in the index (lunr's TokenSet minimisation; olivernn/lunr.js issue 458): the
# query then throws in the worker and the reader sees "No matching documents". Which
# term breaks depends on the whole vocabulary: "tensor" broke after a paragraph was added
# to the contributing page. The patch skips expanded terms the index does not hold, as
# later lunr forks do. The text is that of mkdocs-material 9.8.2 (pinned); a new version
# without it fails the build here, to be looked at again.
LUNR_EXPANSION = "v=this.tokenSet.intersect(x).toArray();"
LUNR_EXPANSION_FIXED = (
    "v=this.tokenSet.intersect(x).toArray().filter(function(k){"
    "return this.invertedIndex[k]!==void 0},this);"
)


def strip_comments(css: str) -> str:
    r"""``css`` without its comments and blank lines, every other token as it was.

    >>> strip_comments("/* why */\na { color: red; } /* more */\n\n\nb { top: 0 }\n")
    'a { color: red; } \nb { top: 0 }\n'
    """
    tokens = tinycss2.parse_component_value_list(css, skip_comments=True)
    return re.sub(r"\n[ \t]*(?:\n[ \t]*)+", "\n", tinycss2.serialize(tokens)).lstrip("\n")


def _own_stylesheets(site: Path) -> list[Path]:
    """The site's stylesheets written in this project (``docs/assets/stylesheets``)."""
    return [
        sheet
        for sheet in sorted(site.glob("**/assets/stylesheets/*.css"))
        if not sheet.name.endswith(".min.css") and not sheet.name.startswith("notebook.")
    ]


def patch_search_worker(
    site: Path, steps: StepCache | None = None, plan: FinishPlan | None = None
) -> list[str]:
    """Patch lunr's wildcard expansion in the search worker (see above); rename it after it.

    >>> LUNR_EXPANSION in LUNR_EXPANSION_FIXED
    False
    """
    renamed = []
    for worker in sorted(site.glob("**/assets/javascripts/workers/search.*.min.js")):
        text = worker.read_text(encoding="utf-8")
        if LUNR_EXPANSION_FIXED in text:
            continue
        if text.count(LUNR_EXPANSION) != 1:
            raise ValueError(
                f"{worker}: lunr's expansion code ({LUNR_EXPANSION!r}) not found once: Material "
                "changed its search worker; check whether lunr's wildcard bug is still there"
            )
        rel = worker.relative_to(site).as_posix()
        if plan is not None:
            plan.originals[rel] = _sha(worker)
        assets.write_text(worker, text.replace(LUNR_EXPANSION, LUNR_EXPANSION_FIXED))
        renamed.append(assets.rename_by_content(site, rel, steps))
        if plan is not None and renamed[-1] != rel:
            plan.maps.append(("", {rel: renamed[-1]}))
    return renamed


def finalize(
    site: Path,
    *,
    preload: bool = True,
    steps: StepCache | None = None,
    plan: FinishPlan | None = None,
) -> dict[str, int]:
    """Apply the steps above to the built site in ``site``; return bytes saved per step.

    ``steps`` keeps the results of the pure steps (the names each page uses, the
    rules a stylesheet keeps, each page's font preloads) by their inputs: after an
    edit of one page, only that page's are computed again. ``plan`` (emptied first)
    receives what was done to the pages (:class:`FinishPlan`).
    """
    site = Path(site)
    steps = steps if steps is not None else StepCache(None)
    if plan is not None:
        plan.maps, plan.names, plan.preload_css, plan.originals = [], {}, None, {}
    saved = {"dedupe": 0, "notebook_css": 0, "own_css": 0, "katex": 0, "search_index": 0}
    moved = assets.dedupe(site, steps=steps)
    if plan is not None:
        plan.maps.append(("en/", dict(moved)))
        for old, new in moved.items():  # the same bytes as the shared copy
            plan.originals[old] = _sha(site / new)
    saved["dedupe"] = sum((site / new).stat().st_size for new in moved.values())
    patch_search_worker(site, steps, plan)
    scripts = [p.read_text(encoding="utf-8") for p in sorted(site.glob("**/assets/**/*.js"))]
    used = _used_names(_pages(site), scripts, steps, plan)
    used_key = _used_key(used)
    for sheet in sorted(site.glob("**/assets/stylesheets/notebook.*.css")):
        css = sheet.read_text(encoding="utf-8")
        if plan is not None:
            plan.originals[sheet.relative_to(site).as_posix()] = _sha(sheet)
        pruned = steps.get_or_make(
            "notebook-css",
            [css, *used_key],
            lambda css=css: restyle.selection_on_wrapper(cssprune.prune(css, used)),
        )
        assets.write_text(sheet, pruned)
        saved["notebook_css"] += len(css.encode()) - len(pruned.encode())
        rel = sheet.relative_to(site).as_posix()
        renamed = assets.rename_by_content(site, rel, steps)
        if plan is not None and renamed != rel:
            plan.maps.append(("", {rel: renamed}))
    # in place: the 404 pages name it by absolute URL, which rename_by_content leaves
    for sheet in sorted(site.glob("**/assets/stylesheets/palette.*.css")):
        assets.write_text(sheet, restyle.switching_attribute(sheet.read_text("utf-8")))
    for sheet in _own_stylesheets(site):
        css = sheet.read_text(encoding="utf-8")
        small = steps.get_or_make("own-css", [css], lambda css=css: strip_comments(css))
        if small != css:
            assets.write_text(sheet, small)
            saved["own_css"] += len(css.encode()) - len(small.encode())
    katex = site / KATEX_CSS
    if katex.is_file():
        css = katex.read_text(encoding="utf-8")
        pruned = steps.get_or_make(
            "katex-css", [css, *used_key], lambda css=css: cssprune.prune(css, used)
        )
        assets.write_text(katex, pruned)
        saved["katex"] += len(css.encode()) - len(pruned.encode())
        keep = {(katex.parent / url).resolve() for url in cssprune.font_urls(pruned)}
        for font in sorted((site / KATEX_FONTS).glob("*")):
            if font.resolve() not in keep:
                saved["katex"] += font.stat().st_size
                font.unlink()
    if preload and katex.is_file():
        css = font_display(katex.read_text(encoding="utf-8"), "optional")
        assets.write_text(katex, css)
        if plan is not None:
            plan.preload_css = css
        for path in sorted(site.rglob("*.html")):
            page = path.read_text(encoding="utf-8")
            if 'class="katex"' in page and "</head>" in page:
                rel = path.relative_to(site).as_posix()
                links = steps.get_or_make(
                    "font-preloads",
                    [page, rel, css],
                    lambda page=page, rel=rel: preload_links(page, rel, css),
                )
                assets.write_text(path, page.replace("</head>", links + "</head>", 1))
    for index in sorted(site.rglob("search/search_index.json")):
        text = index.read_text(encoding="utf-8")
        small = compact_index(text)
        assets.write_text(index, small)
        saved["search_index"] += len(text.encode()) - len(small.encode())
    return saved
