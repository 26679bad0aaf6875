"""One copy of the shared assets for both languages, and content-addressed renames.

The English site is built on its own into ``<site>/en`` with its own copy of
every asset. ``dedupe`` deletes each file of ``<site>/en/assets`` that is
byte-identical to the same file of ``<site>/assets`` and points the English
pages (and stylesheets) at the shared copy, so a reader who switches language
downloads nothing twice. ``rename_by_content`` gives a rewritten file a name
that changes with its content, and updates the pages that load it.

>>> rewrite_references(
...     '<link href="../assets/a.css"><img src="../assets/f/b.png">',
...     "en/x/index.html",
...     {"en/assets/a.css": "assets/a.css"},
... )
'<link href="../../assets/a.css"><img src="../assets/f/b.png">'
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
from pathlib import Path

from tools.sitebuild.stepcache import StepCache

# A relative or root-relative reference to a file under some assets/ folder, in
# an attribute, a JSON string (Material's __config) or a CSS url().
_REFERENCE = re.compile(r"""(?<=["'(])((?:\./|(?:\.\./)+)?(?:[\w.-]+/)*assets/[^"'()\s?#]+)""")
_TEXT_SUFFIXES = {".html", ".css", ".js", ".json"}


def write_text(path: Path, text: str) -> None:
    """Replace the file ``path`` by a new file holding ``text`` (never write into it).

    The other language's site is placed into the built site as hard links to the
    copy kept in the cache (``subsite.py``): writing into such a file would change
    the kept copy too. A new file takes the name and leaves the kept one as it was.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def rewrite_references(text: str, file: str, moved: dict[str, str]) -> str:
    """Point the references of ``text`` (the content of site file ``file``) at moved files.

    ``moved`` maps old site paths to new ones (POSIX, relative to the site root);
    references are relative to ``file`` and stay relative.
    """
    if not any(posixpath.basename(old) in text for old in moved):
        return text  # no reference can name a moved file: no need to search
    folder = posixpath.dirname(file)

    def replace(match: re.Match[str]) -> str:
        ref = match.group(1)
        target = posixpath.normpath(posixpath.join(folder, ref))
        new = moved.get(target)
        if new is None:
            return ref
        return posixpath.relpath(new, folder or ".")

    return _REFERENCE.sub(replace, text)


def _text_files(root: Path):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in _TEXT_SUFFIXES and "search" not in path.parts:
            yield path


def _rewrite_all(site: Path, files, moved: dict[str, str], steps: StepCache | None = None) -> None:
    """Rewrite the references of every file of ``files`` to the ``moved`` files.

    With ``steps``, each file's result is kept by its text: a rebuild of ``mkdocs
    serve`` rewrites only the pages that changed.
    """
    moved_key = json.dumps(moved, sort_keys=True)
    for path in files:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(site).as_posix()
        if steps is None:
            new = rewrite_references(text, rel, moved)
        else:
            new = steps.get_or_make(
                "asset-references",
                [text, rel, moved_key],
                lambda text=text, rel=rel: rewrite_references(text, rel, moved),
            )
        if new != text:
            write_text(path, new)


def dedupe(site: Path, sub: str = "en", steps: StepCache | None = None) -> dict[str, str]:
    """Delete ``<site>/<sub>/assets`` files identical to ``<site>/assets`` ones; fix references.

    Returns ``{removed path: shared path}`` (site-relative POSIX paths).
    """
    site = Path(site)
    own = site / sub / "assets"
    moved: dict[str, str] = {}
    if not own.is_dir():
        return moved
    for path in sorted(own.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(own).as_posix()
        shared = site / "assets" / rel
        if shared.is_file() and shared.read_bytes() == path.read_bytes():
            moved[f"{sub}/assets/{rel}"] = f"assets/{rel}"
    _rewrite_all(site, _text_files(site / sub), moved, steps)
    for old in moved:
        (site / old).unlink()
    for folder in sorted(own.rglob("*"), reverse=True):  # remove emptied folders
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    if own.is_dir() and not any(own.iterdir()):
        own.rmdir()
    return moved


_HASHED = re.compile(r"\.[0-9a-f]{8,}(?=\.[^.]+$)")


def content_name(rel: str, content: bytes) -> str:
    """``rel`` with its content hash (``name.<hash>.ext``) replaced or added.

    >>> content_name("assets/stylesheets/notebook.0123456789.css", b"p{}")
    'assets/stylesheets/notebook.806db22126.css'
    """
    digest = hashlib.sha256(content).hexdigest()[:10]
    folder, name = posixpath.split(rel)
    stem, ext = posixpath.splitext(name)
    if _HASHED.search(name):
        name = _HASHED.sub(f".{digest}", name)
    else:
        name = f"{stem}.{digest}{ext}"
    return posixpath.join(folder, name)


def rename_by_content(site: Path, rel: str, steps: StepCache | None = None) -> str:
    """Rename site file ``rel`` after its content; update every page. Returns the new path."""
    site = Path(site)
    path = site / rel
    new = content_name(rel, path.read_bytes())
    if new == rel:
        return rel
    _rewrite_all(site, _text_files(site), {rel: new}, steps)
    path.rename(site / new)
    return new
