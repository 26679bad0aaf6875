"""A prose edit of one page served without building the site again (``mkdocs serve``).

MkDocs rebuilds the whole site after every edit, and so does ``mkdocs serve
--dirtyreload`` in all but name: it renders only the edited page but keeps the
other pages' navigation as it was, and Material's search then appends the page's
entries at the end of the index (not where a clean build puts them). Neither
gives the site a clean build gives.

Here, when the only change since the last build is the text of one page of one
language (a ``.md`` page, or the Markdown cells of a notebook page, its code and
cell metadata unchanged), :func:`rebuild` renders that page alone, in the kept
state of the last build of its language (its config, files, navigation, theme,
plugins), and patches its results into the served site:

* its finished HTML, with what the site-wide finishing steps did to every page
  (``site_finish.FinishPlan``: shared assets, renamed stylesheets, font preloads);
* its search entries, in their place in the index, written as the build writes it;
* its downloads (the reader's notebook carries the prose).

An edit of a notebook page's code is served the same way, in both languages: the
page's notebook is executed again (once, both languages share the run) and the page
rendered alone in each language's kept state; a Chinese edit is first copied into the
English page, as the full build does (``codesync_hook.py``). Figures its outputs draw
anew are new files: the full build then makes them.

The first edit of a clean work tree also changes every page's footer: the build
stamp's commit becomes "uncommitted" (``stamp.py``), and back when the tree is
clean again or committed. That is one element, rendered by the theme's partial:
it is replaced in every page of the served site (:func:`_restamp`), the kept
configs get the new stamp, and the CSS names the pages use are updated
(``FinishPlan.restamped``), as a clean build of the new state would have them.

It falls back to the full build (returns False) whenever the edit reaches beyond
the page: any other input changed (another page, a config, the theme, the
package, the build's code, the stamp's other fields or the repository settings
of the footer), the page's title, table of contents, metadata or anchors changed (the
navigation, other pages' links, the search index's sections), the names it uses
change the CSS kept by pruning or the KaTeX fonts kept, a file taken out of the
page (figure, stylesheet) is new, or rendering it warns.

A page can be rendered alone only in the kept state of its language's build in this
process. When ``mkdocs serve`` starts, the English site is usually reused from the
cache (``subsite.py``), and an English edit would then build everything once. So,
once the server answers, :func:`prime` builds that site in this process, in the
background, into a scratch folder, and keeps its state: its inputs are those of the
site served (the same fingerprint), so the state is that of the served pages. Every
build of the served process holds :data:`BUILD_LOCK`: an edit made meanwhile waits
for the priming build, which takes what a fallen-back edit takes. ``tests/site/
test_incremental.py`` compares the pages served after fast and fallen-back edits
with a clean build's, byte for byte, with the English site reused at the start.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs import utils
from mkdocs.commands import build as mkdocs_build
from mkdocs.structure.files import Files, InclusionLevel

from tools.sitebuild import downloads, pagecache, repo, site_finish, stamp, sync
from tools.sitebuild.notebooks import LANGS, Notebook

log = logging.getLogger("mkdocs.plugins.sitebuild")

# What the build reads, besides git's state (the footer) and the installed packages.
INPUT_FOLDERS = ("docs", "overrides", "tools", "attention_tutorial", "benchmarks", "requirements")
INPUT_FILES = ("package-lock.json", "pyproject.toml", "README.md")
# Set to "off" to build the whole site after every edit.
FAST_PATH_ENV = "ATTN_FAST_PATH"
# Held by each build of the serving process: an edit's, and :func:`prime`'s.
BUILD_LOCK = threading.Lock()
# Set while an edit waits for BUILD_LOCK: :func:`prime`'s build gives way to it.
_edit_waiting = threading.Event()
# Whether this thread's build is :func:`prime`'s (its pages call :func:`give_way`).
_priming = threading.local()


class GaveWay(Exception):
    """:func:`prime`'s build stopped for an edit (it starts again after the edit)."""


def give_way() -> None:
    """Stop :func:`prime`'s build, when it is the caller, if an edit is waiting."""
    if getattr(_priming, "on", False) and _edit_waiting.is_set():
        _priming.gave_way = True
        raise GaveWay


class _QuietGivingWay(logging.Filter):
    """MkDocs logs an error for a page whose build raised: not for one that gave way."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(_priming, "gave_way", False)


logging.getLogger("mkdocs.commands.build").addFilter(_QuietGivingWay())


@dataclass
class Kept:
    """The state of the last build of one language, as its pages were rendered."""

    config: object
    files: Files
    nav: object
    env: object
    inclusion: InclusionLevel
    # Material's search plugin is one object for both languages' configs (MkDocs keeps a
    # plugin with on_startup for the life of the process): each build's index is kept here
    search_index: object = None
    site: Path | None = None  # the folder that serves the site
    prefix: str = ""  # where this language's site is in it ("" or "en/")


@dataclass
class Snapshot:
    """The inputs of a build: each file's size and time, the pages' text, the footer."""

    stats: dict[str, tuple[int, int]]
    texts: dict[str, bytes]
    footer: str
    plan: site_finish.FinishPlan | None = None
    kept: dict[str, Kept] = field(default_factory=dict)
    built: stamp.BuildStamp | None = None  # the footer's stamp (None: not read)


def take(root: Path, before: Snapshot | None = None, footer: bool = True) -> Snapshot:
    """The inputs of a build from ``root`` now (the pages' text read again if they changed)."""
    stats: dict[str, tuple[int, int]] = {}
    texts: dict[str, bytes] = {}
    for folder in INPUT_FOLDERS:
        for dirpath, dirnames, filenames in os.walk(root / folder):
            dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
            for name in filenames:
                if name.startswith("."):  # an editor's swap file; MkDocs leaves them out too
                    continue
                path = Path(dirpath) / name
                try:
                    st = path.stat()
                except FileNotFoundError:
                    continue
                rel = path.relative_to(root).as_posix()
                stats[rel] = (st.st_size, st.st_mtime_ns)
                if _page_of(rel) is not None:
                    if before is not None and before.stats.get(rel) == stats[rel]:
                        texts[rel] = before.texts[rel]
                    else:
                        texts[rel] = path.read_bytes()
    for name in [*INPUT_FILES, *sorted(p.name for p in root.glob("mkdocs*.yml"))]:
        path = root / name
        if path.is_file():
            st = path.stat()
            stats[name] = (st.st_size, st.st_mtime_ns)
    if not footer:
        return Snapshot(stats, texts, "")
    built, shown = _footer(root)
    return Snapshot(stats, texts, shown, built=built)


def _footer(root: Path) -> tuple[stamp.BuildStamp, str]:
    """The build stamp, and what every page's footer and edit link show.

    (The commit, or uncommitted; the repository settings.)
    """
    built = stamp.build_stamp(root)
    return built, built.fingerprint() + repo.fingerprint()


def _page_of(rel: str) -> tuple[str, str] | None:
    """``(lang, path in the language's folder)`` of a page source, or None."""
    parts = rel.split("/", 2)
    if len(parts) != 3 or parts[0] != "docs" or parts[1] not in LANGS:
        return None
    page = parts[2]
    if not page.endswith((".py", ".md")) or page.startswith(("api/", "assets/")):
        return None
    return parts[1], page


# The last successful build's inputs and state (None: the next build is a full one).
current: Snapshot | None = None
# The inputs of the build under way, and the state each language's build leaves.
pending: Snapshot | None = None


def start_full_build(root: Path) -> None:
    """A full build starts: its inputs are read now; nothing kept is valid any more."""
    global current, pending
    current = None
    pending = take(root)


def keep(config, files: Files, nav, env, inclusion: InclusionLevel) -> None:
    """Keep the state of a language's build (``post_build``), until the next full build."""
    if pending is not None:
        search = _search(config)
        index = getattr(search, "search_index", None)
        kept = Kept(config, files, nav, env, inclusion, index)
        pending.kept[_key(config.config_file_path)] = kept


def _search(config):
    return config.plugins.get("material/search") or config.plugins.get("search")


def served_at(config_file: str, site: Path, prefix: str) -> None:
    """The site of ``config_file`` is served from ``site``, at ``prefix`` (``en/``)."""
    if pending is not None and _key(config_file) in pending.kept:
        kept = pending.kept[_key(config_file)]
        kept.site, kept.prefix = Path(site), prefix


def end_full_build(plan: site_finish.FinishPlan | None, ok: bool) -> None:
    """The full build ended: its state serves the next edit if it succeeded."""
    global current, pending
    if ok and pending is not None and plan is not None:
        pending.plan = plan
        current = pending
    pending = None


def _key(config_file: str) -> str:
    return str(Path(config_file).resolve())


def wrap_builder(builder, root: Path, plugins: dict):
    """``mkdocs serve``'s builder, trying :func:`rebuild` before a full build."""

    def build() -> None:
        if _needs_no_priming(root):  # else it waits for the build that makes its state
            _edit_waiting.set()
        try:
            with BUILD_LOCK:
                _edit_waiting.clear()
                _build()
        finally:
            _edit_waiting.clear()
        if current is not None and current.plan is not None:
            prime_later(plugins)  # a full build may have reused a site again

    def _build() -> None:
        if os.environ.get(FAST_PATH_ENV) != "off":
            start = time.perf_counter()
            try:
                done = rebuild(root, plugins)
            except Exception as err:  # the full build reports the error itself
                log.info("sitebuild: full build (the page alone failed: %s)", err)
                done = False
            if done:
                log.info(f"sitebuild: built in {time.perf_counter() - start:.2f} seconds")
                return
        start_full_build(root)
        ok = False
        try:
            builder()
            ok = True
        finally:
            end_full_build(_plan(plugins), ok)

    return build


_primer: threading.Thread | None = None


def _needs_no_priming(root: Path) -> bool:
    """Whether the edit waiting now can do without what :func:`prime` is building.

    An edit of a page whose language has no kept state (a prose edit of an English page,
    a code edit, which renders the page in both languages) would otherwise stop the
    build that makes that state, then build the whole site itself.
    """
    snapshot = current
    if _primer is None or not _primer.is_alive() or snapshot is None:
        return True
    now = take(root, snapshot, footer=False)
    changed = [
        r for r in set(snapshot.stats) | set(now.stats) if snapshot.stats.get(r) != now.stats.get(r)
    ]
    found = [_page_of(rel) for rel in changed]
    if not found or None in found or len({src for _, src in found}) != 1:
        return True  # the full build: it does not wait
    langs = {lang for lang, _ in found}
    rel, src_uri = changed[0], found[0][1]
    prose = len(changed) == 1 and (
        not src_uri.endswith(".py")
        or rel not in now.texts
        or _prose_only(snapshot.texts.get(rel, b""), now.texts[rel])
    )
    if not prose:
        langs = set(LANGS)
    kept = {Path(k.config.docs_dir).resolve() for k in snapshot.kept.values()}
    return all((root / "docs" / lang).resolve() in kept for lang in langs)


def prime_later(plugins: dict) -> None:
    """Run :func:`prime` in a thread of its own, unless one is running."""
    global _primer
    if _primer is not None and _primer.is_alive():
        return
    _primer = threading.Thread(target=_prime_quietly, args=(plugins,), name="sitebuild-prime")
    _primer.daemon = True
    _primer.start()


def _prime_quietly(plugins: dict) -> None:
    try:
        prime(plugins)
    except Exception as err:  # that language's first edit then builds the site
        log.info("sitebuild: building the reused site in this process failed: %s", err)


def prime(plugins: dict) -> list[str]:
    """Keep the state of each site the last full build reused from the cache, built now.

    For every site-build plugin with ``build_also`` whose other site was not built in
    this process, that site is built here into a scratch folder (the served copy is
    not touched) and its state is kept as served at ``<site>/<build_also_into>/``, so
    that its first prose edit renders one page. An edit made meanwhile stops this
    build at its next page (:func:`give_way`) and is served first; the build then
    starts again. Returns the configs built.
    """
    if os.environ.get(FAST_PATH_ENV) == "off":
        return []
    primed = []
    for config_file, plugin in list(plugins.items()):
        subsite = plugin.subsite
        if subsite is None:
            continue
        while True:
            while _edit_waiting.is_set():  # let the edit take the lock first
                time.sleep(0.05)
            with BUILD_LOCK:
                done = _prime_one(config_file, plugin)
            if done is not None:
                break
        if done:
            primed.append(str(subsite.config_file))
    return primed


def _prime_one(config_file: str, plugin) -> bool | None:
    """Build the other site of ``plugin`` (True), nothing to do (False), gave way (None)."""
    global pending
    subsite = plugin.subsite
    other = _key(str(subsite.root / subsite.config_file))
    snapshot = current
    own = snapshot.kept.get(_key(config_file)) if snapshot is not None else None
    if snapshot is None or own is None or own.site is None or other in snapshot.kept:
        return False
    start = time.perf_counter()
    pending = Snapshot({}, {}, "")  # what keep() records
    _priming.on = True
    try:
        with (
            tempfile.TemporaryDirectory(prefix="sitebuild-prime-") as scratch,
            stamp.given(snapshot.built or stamp.current()),  # the footer served
        ):
            subsite.build_in_process(Path(scratch))
        kept = pending.kept.get(other)
    except GaveWay:
        log.info(f"sitebuild: {subsite.config_file.name} in this process: an edit first")
        return None
    finally:
        _priming.on = _priming.gave_way = False
        pending = None
    if kept is None:
        return False
    kept.site, kept.prefix = own.site, plugin.config.build_also_into + "/"
    snapshot.kept[other] = kept
    log.info(
        f"sitebuild: {subsite.config_file.name} built in this process in "
        f"{time.perf_counter() - start:.1f} s: its prose edits render one page"
    )
    return True


def _plan(plugins: dict) -> site_finish.FinishPlan | None:
    for plugin in plugins.values():
        if plugin.finish_plan is not None:
            return plugin.finish_plan
    return None


def rebuild(root: Path, plugins: dict) -> bool:
    """Render the page an edit changed, patch it into the site; False: build all (``_edit``)."""
    global current
    snapshot = current
    if snapshot is None or snapshot.plan is None:
        return False
    now = take(root, snapshot, footer=False)
    changed = [
        rel
        for rel in sorted(set(snapshot.stats) | set(now.stats))
        if snapshot.stats.get(rel) != now.stats.get(rel)
    ]
    if not changed:  # a second event for a change already built, an editor's hidden file
        if _footer(root)[1] == snapshot.footer:
            log.info("sitebuild: no input changed: the site is as served")
            return True
        return _fall_back("every footer changes")
    edit = _edit(root, snapshot, now, changed)
    if isinstance(edit, str):
        return _fall_back(edit)
    now, src_uri, langs, what = edit
    renders = []
    for lang in langs:
        folder = (root / "docs" / lang).resolve()
        kept = next(
            (k for k in snapshot.kept.values() if Path(k.config.docs_dir).resolve() == folder),
            None,
        )
        if kept is None or kept.site is None:
            return _fall_back(f"the {lang} site was not built in this process")
        plugin = plugins.get(kept.config.config_file_path)
        if plugin is None:
            return _fall_back("no site-build plugin")
        renders.append((kept, plugin, lang))
    writes: dict[Path, bytes] = {}
    renamed: dict = {}
    executed = 0.0  # seconds the page's kernel ran (serve_bench reads it from the log)
    with ThreadPoolExecutor(max_workers=1) as pool:  # git, while the pages render
        footer = pool.submit(_footer, root)
        for kept, plugin, lang in renders:
            before = plugin.cache.stats.seconds
            result = _render(kept, plugin, root, lang, src_uri, snapshot.plan)
            executed += plugin.cache.stats.seconds - before
            if isinstance(result, str):
                footer.result()
                return _fall_back(f"docs/{lang}/{src_uri}: {result}")
            page_writes, names, site_rel = result
            writes.update(page_writes)
            renamed[site_rel] = names
        now.built, now.footer = footer.result()
    restamp = now.footer != snapshot.footer
    if restamp and not _only_commit_differs(snapshot, now):
        return _fall_back("every footer changes")
    if restamp:
        assert now.built is not None
        try:
            renamed.update(_restamp(snapshot, now.built, writes, renamed))
        except ValueError as err:
            return _fall_back(f"the footers: {err}")
    for path, data in writes.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)  # a new file: the kept English build is never written into
    snapshot.plan.names.update(renamed)
    if restamp:
        assert now.built is not None
        for each in snapshot.kept.values():  # the next edit renders with the new stamp
            stamp.configure(each.config, now.built)
            cache = pagecache.caches.get(each.config.config_file_path)
            if cache is not None:
                cache.forget_site()
        log.info(f"sitebuild: every footer now shows {now.built.commit or 'uncommitted'}")
    now.plan, now.kept = snapshot.plan, snapshot.kept
    current = now
    if executed:
        what = what.replace("executed again", f"executed again in {executed:.2f} s", 1)
    log.info(f"sitebuild: {what}, the site kept")
    return True


def _edit(root: Path, snapshot: Snapshot, now: Snapshot, changed: list[str]):
    """What an edit asks of the fast path, or why it needs the full build.

    Returns ``(now, src_uri, languages, what)``: the inputs after it (the English page
    synced), the page, the languages whose page is rendered again, and the log's words.

    * The text of one page of one language (a Markdown page, or the Markdown cells of a
      notebook page): that page, in its language.
    * The code of a notebook page: its notebook executed again (once: both languages
      share the run), and the page rendered in both languages. A Chinese edit is copied
      into the English page first, as the full build does (``codesync_hook.py``); an
      English page whose code is not the Chinese page's needs the full build (which
      puts the Chinese code back, and says so).
    """
    found = [_page_of(rel) for rel in changed]
    if any(f is None for f in found):
        rel = next(r for r, f in zip(changed, found, strict=True) if f is None)
        return f"{len(changed)} files changed" if len(changed) != 1 else f"{rel} is not a page"
    if any(rel not in snapshot.stats or rel not in now.stats for rel in changed):
        return f"{len(changed)} files changed" if len(changed) != 1 else changed[0]
    pages = {src_uri for _, src_uri in found}
    if len(pages) != 1:
        return f"{len(changed)} files changed"
    src_uri = pages.pop()
    if len(changed) == 1:
        rel, (lang, _) = changed[0], found[0]
        if not src_uri.endswith(".py") or _prose_only(snapshot.texts[rel], now.texts[rel]):
            return now, src_uri, [lang], f"{rel} changed in its prose only: that page rendered"
    if not src_uri.endswith(".py"):
        return f"{len(changed)} files changed"
    zh, en = (f"docs/{lang}/{src_uri}" for lang in LANGS)
    source, target = now.texts[zh].decode("utf-8"), now.texts[en].decode("utf-8")
    try:
        stale = sync.synced(source, target, en[len("docs/") :]) != target
    except ValueError as err:
        return str(err)
    if stale:
        if zh not in changed or en in changed:
            return f"{en}: its code is not the code of {zh}"
        (root / en).write_text(sync.synced(source, target, en[len("docs/") :]), "utf-8")
        log.info(f"{en}: code cells synced from {zh} (`{sync.COMMAND}`)")
        now = take(root, now, footer=False)
    what = f"docs/*/{src_uri} changed in its code: executed again, rendered in both languages"
    return now, src_uri, list(LANGS), what


def _only_commit_differs(before: Snapshot, now: Snapshot) -> bool:
    """Whether the footers differ only in the stamp's commit (not the repository settings)."""
    if before.built is None or now.built is None:
        return False
    if not stamp.only_commit_differs(before.built, now.built):
        return False
    return before.footer.replace(before.built.fingerprint(), now.built.fingerprint(), 1) == (
        now.footer
    )


def _restamp(snapshot: Snapshot, new: stamp.BuildStamp, writes: dict[Path, bytes], names):
    """Every page of the served site with the stamp ``new`` in its footer, added to ``writes``.

    ``names``: the names (classes, ids, tags) of the pages in ``writes``, by site path.
    Returns the names each page now uses, by site path.

    Raises:
        ValueError: If a page shows no stamp, or one that is not the kept build's.
    """
    old = snapshot.built
    plan = snapshot.plan
    assert old is not None and plan is not None
    sites = {k.site for k in snapshot.kept.values() if k.site is not None}
    if len(sites) != 1:
        raise ValueError("the languages are not served from one site folder")
    site = sites.pop()
    env = next(iter(snapshot.kept.values())).env
    blocks = [
        (
            stamp.block(env, old, lang, stamp.finish_block),
            stamp.block(env, new, lang, stamp.finish_block),
        )
        for lang in LANGS
    ]
    known, names = {**plan.names, **names}, {}
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        text = (writes[path] if path in writes else path.read_bytes()).decode("utf-8")
        found = [(before, after) for before, after in blocks if text.count(before) == 1]
        if len(found) != 1:
            if "md-build-stamp" in text:
                raise ValueError(f"{rel} shows another stamp than the kept build's")
            continue  # a page without a footer (a redirect)
        before, after = found[0]
        patched = text.replace(before, after)
        writes[path] = patched.encode("utf-8")
        if rel in known:
            names[rel] = site_finish.restamped(known[rel], before, after, patched)
    return names


def _fall_back(why: str) -> bool:
    log.info(f"sitebuild: full build ({why})")
    return False


# A cell's first line in jupytext's percent format (``# %%``, ``# %% [markdown]``, options).
_CELL = re.compile(r"^#\s*%%.*$", re.M)


def _prose_only(old: bytes, new: bytes) -> bool:
    r"""Whether two jupytext percent sources differ in the text of Markdown cells only.

    Everything but the bodies of ``[markdown]`` cells is compared as text: the
    header, every cell's first line (type and metadata) and every other cell's body.

    >>> code = "# %% [markdown]\n# Some prose.\n\n# %%\nprint(1)\n"
    >>> _prose_only(code.encode(), code.replace("Some", "More").encode())
    True
    >>> _prose_only(code.encode(), code.replace("1", "2").encode())
    False
    >>> _prose_only(
    ...     code.encode(), code.replace("[markdown]", "[markdown] tags=[]").encode()
    ... )
    False
    """
    return _skeleton(old.decode("utf-8")) == _skeleton(new.decode("utf-8"))


def _skeleton(text: str) -> list[str]:
    """The parts of a percent source besides the Markdown cells' bodies."""
    starts = [m.start() for m in _CELL.finditer(text)]
    parts = [text[: starts[0] if starts else len(text)]]
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
        first, _, body = text[begin:end].partition("\n")
        markdown = re.search(r"\[(markdown|md)\]", first) is not None
        parts += [first, "" if markdown else body]
    return parts


def _toc_data(items) -> list:
    return [[i.id, i.title, i.url, i.level, _toc_data(i.children)] for i in items]


def _shape(page) -> str:
    """What other pages and the site-wide files read of a page."""
    return json.dumps(
        [str(page.title), _toc_data(page.toc), page.meta], sort_keys=True, default=str
    )


def _anchors(autorefs, url: str) -> set:
    """The anchors autorefs holds for the page at ``url``."""
    found = set()
    for primary, table in ((True, autorefs._primary_url_map), (False, autorefs._secondary_url_map)):
        for identifier, urls in table.items():
            for target in urls:
                if target.split("#", 1)[0] == url:
                    found.add((identifier, target, primary))
    return found


def _render(kept: Kept, plugin, root: Path, lang: str, src_uri: str, plan):
    """The page's files as a full build would leave them, or why it cannot be done alone."""
    config, files = kept.config, kept.files
    file = files.get_file_from_path(src_uri)
    if file is None or file.page is None:
        return "not a page of the kept build"
    page = file.page
    before = _shape(page)
    autorefs = config.plugins.get("autorefs")
    known = _anchors(autorefs, page.url) if autorefs is not None else set()
    search = _search(config)
    index = kept.search_index
    if search is None or index is None:
        return "no search index"
    counter = utils.CountHandler()
    counter.setLevel(logging.WARNING)
    logging.getLogger("mkdocs").addHandler(counter)
    registered: set = set()
    entries, site_files = index.entries, plugin.site_files
    index.entries, plugin.site_files = [], {}
    others, search.search_index = search.search_index, index
    try:
        if src_uri.endswith(".py"):
            written = plugin.cache.build([Notebook(lang, root / "docs" / lang / src_uri, src_uri)])
            if Path(file.abs_src_path).resolve() not in {p.resolve() for p in written.values()}:
                return "its executed notebook moved"
        own = autorefs.__dict__.get("register_anchor") if autorefs is not None else None
        if autorefs is not None:
            register = autorefs.register_anchor

            def record(at, identifier, anchor=None, *, title=None, primary=True):
                registered.add((identifier, f"{at.url}#{anchor or identifier}", primary))
                register(at, identifier, anchor, title=title, primary=primary)

            autorefs.register_anchor = record
        page.__dict__.pop("render", None)  # on_pre_page wraps the class's own again
        try:
            mkdocs_build._populate_page(page, config, files)
        finally:
            if autorefs is not None:
                autorefs.__dict__.pop("register_anchor", None)
                if own is not None:
                    autorefs.register_anchor = own
        if _shape(page) != before:
            return "its title, headings or metadata changed"
        if autorefs is not None and registered != known:
            return "its anchors changed"
        if autorefs is not None:  # its cross-references, as on_env resolves every page's
            autorefs.on_env(kept.env, config=config, files=Files([file]))
        cache = pagecache.caches[config.config_file_path]
        doc_files = files.documentation_pages(inclusion=kept.inclusion)
        config._current_page = page
        try:
            output = pagecache.finished_output(cache, page, config, doc_files, kept.nav, kept.env)
        finally:
            page.active = False
            config._current_page = None
        new_entries, made = index.entries, plugin.site_files
        page.validate_anchor_links(files=files, log_level=config.validation.links.anchors)
        if counter.get_counts():
            return "rendering it warned"
    finally:
        logging.getLogger("mkdocs").removeHandler(counter)
        plugin.site_files = site_files
        index.entries = entries
        search.search_index = others
    url = page.url
    at = [i for i, e in enumerate(entries) if _located(e["location"], url)]
    if not at or at != list(range(at[0], at[0] + len(at))):
        return "its search entries are not in one place"
    index.entries = entries[: at[0]] + new_entries + entries[at[-1] + 1 :]
    assert kept.site is not None
    served = kept.site / kept.prefix
    site_rel = kept.prefix + file.dest_uri
    finished, names = plan.finish(site_rel, output)
    if not plan.names_unchanged(site_rel, names):
        return "the names it uses change the CSS kept"
    writes = {served / file.dest_uri: finished.encode("utf-8", errors="xmlcharrefreplace")}
    offered = {d.dest for d in downloads.for_page(page, config.docs_dir)}
    for name, blob in made.items():
        dest = served / name
        if name in offered:
            writes[dest] = blob
        elif not plan.unchanged(kept.site, kept.prefix + name, blob):
            return f"a new file taken out of it ({name})"
    search_text = index.generate_search_index(None)
    writes[served / "search" / "search_index.json"] = site_finish.compact_index(search_text).encode(
        "utf-8"
    )
    return writes, names, site_rel


def _located(location: str, url: str) -> bool:
    return location == url or location.startswith(url + "#")
