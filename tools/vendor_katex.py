"""Copy the KaTeX stylesheet and fonts the site ships from the pinned npm package.

::

    python -m tools.vendor_katex     # after `npm ci` (scripts/setup.sh runs it)

KaTeX renders every formula when the site is built (``tools/sitebuild/mathrender.py``
runs the package from ``node_modules``); a reader's browser needs only its
stylesheet and the fonts, committed in ``docs/assets/katex`` because the site
loads nothing from another host. No KaTeX JavaScript is copied: the site must not
ship it. The version is the one ``package-lock.json`` pins, so the stylesheet and
the renderer cannot drift apart (``tests/site/test_vendor_katex.py`` checks that
the committed copy is what this tool makes). Only the woff2 fonts are kept (every
browser the site supports reads them) and the stylesheet is rewritten so that it
names no font file that is not shipped.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEST = ROOT / "docs" / "assets" / "katex"
_OTHER_FONT_FORMATS = re.compile(
    r',url\(fonts/[^)]+\.woff\) format\("woff"\)|,url\(fonts/[^)]+\.ttf\) format\("truetype"\)'
)


def pinned_version(root: Path = ROOT) -> str:
    """The KaTeX version ``package-lock.json`` pins."""
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    return lock["packages"]["node_modules/katex"]["version"]


def woff2_only(css: str) -> str:
    """KaTeX's stylesheet with each ``@font-face`` naming its woff2 source only.

    >>> woff2_only(
    ...     '@font-face{src:url(fonts/A.woff2) format("woff2"),'
    ...     'url(fonts/A.woff) format("woff"),url(fonts/A.ttf) format("truetype")}'
    ... )
    '@font-face{src:url(fonts/A.woff2) format("woff2")}'
    """
    return _OTHER_FONT_FORMATS.sub("", css)


def vendor(dest: Path = DEST, root: Path = ROOT) -> str:
    """Write the stylesheet, woff2 fonts, licence and version into ``dest``; return the version.

    Raises:
        SystemExit: If ``node_modules`` lacks KaTeX or holds another version than the lock.
    """
    package = root / "node_modules" / "katex"
    version = pinned_version(root)
    manifest = package / "package.json"
    if not manifest.is_file():
        raise SystemExit(f"{package} is missing: run `npm ci` (scripts/setup.sh does)")
    installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    if installed != version:
        raise SystemExit(f"node_modules holds KaTeX {installed}, the lock {version}: run `npm ci`")
    if dest.exists():
        shutil.rmtree(dest)
    (dest / "fonts").mkdir(parents=True)
    for font in sorted((package / "dist" / "fonts").glob("*.woff2")):
        shutil.copyfile(font, dest / "fonts" / font.name)
    shutil.copyfile(package / "LICENSE", dest / "LICENSE")
    css = (package / "dist" / "katex.min.css").read_text(encoding="utf-8")
    (dest / "katex.min.css").write_text(woff2_only(css), encoding="utf-8")
    (dest / "VERSION").write_text(version + "\n", encoding="utf-8")
    return version


if __name__ == "__main__":
    print(f"docs/assets/katex: KaTeX {vendor()}", file=sys.stderr)
