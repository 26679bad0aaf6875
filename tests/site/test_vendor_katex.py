"""The vendored KaTeX stylesheet and fonts are those of the version package-lock.json pins."""

from __future__ import annotations

from tools import vendor_katex


def files(folder) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_the_committed_copy_is_what_the_pinned_package_gives(tmp_path):
    version = vendor_katex.vendor(tmp_path / "katex")
    assert version == vendor_katex.pinned_version()
    committed, fresh = files(vendor_katex.DEST), files(tmp_path / "katex")
    assert sorted(committed) == sorted(fresh), "run `python -m tools.vendor_katex`"
    stale = [name for name in fresh if committed[name] != fresh[name]]
    assert stale == [], f"{stale} differ from KaTeX {version}: run `python -m tools.vendor_katex`"


def test_no_katex_javascript_and_no_font_the_site_does_not_ship():
    names = files(vendor_katex.DEST)
    assert not [name for name in names if name.endswith((".js", ".mjs"))]
    assert {name.rsplit(".", 1)[-1] for name in names if name.startswith("fonts/")} == {"woff2"}
    css = names["katex.min.css"].decode()
    assert (
        css.count("url(fonts/")
        == css.count(".woff2)")
        == len([name for name in names if name.startswith("fonts/")])
    )
