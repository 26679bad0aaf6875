"""What ``mkdocs serve`` shows after an edit is what a clean build gives, byte for byte.

The build keeps the results of its page steps by their inputs (``stepcache.py``),
every finished page by its inputs (``pagecache.py``), reuses the other language's
site while its inputs are unchanged, and under ``mkdocs serve`` builds that site in
the serving process (``subsite.py``). A result kept under incomplete inputs would
show an old page after an edit. This test serves a small site made of the
project's build, theme and package, with a Markdown page, a notebook page and an
API page (mkdocstrings) per language, in a git repository with one commit, after a
build whose English site the server reuses (its state for prose edits is then built
in the serving process: ``fastpath.prime``); edits
prose in both languages (each served by rendering the edited page alone:
``fastpath.py``; the first also turns every footer's commit into "uncommitted"),
takes the edits back (the last one makes the tree clean: every footer shows the
commit again), edits a heading (which falls back to building the site), a
title of the navigation (which every page shows), then the code of the notebook page
in Chinese (copied into the English page, executed, the page rendered alone in both
languages); and compares every file served
after the edits with the same file of a clean build of the edited sources in a
new cache (only the executed notebooks and the wheel are carried over).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tools.sitebuild.notebooks import ROOT

pytestmark = pytest.mark.build

# What of the repository a build reads besides the pages.
COPIED = [
    "pyproject.toml",
    "README.md",
    "package-lock.json",
    "requirements/lock.txt",
    "attention_tutorial",
    "tools",
    "overrides",
    "docs/assets",
]
TIMEOUT = 600

NOTEBOOK = """# %% [markdown]
# # {title}
#
# {prose} $x^2$

# %%
print(6 * 7)

# %% [markdown]
# ## {section}
#
# {more} <autoref identifier="attention_tutorial._example.scale">scale</autoref>
"""
API = "# example\n\n::: attention_tutorial._example\n"
# A module of the copied package for the API page: its sections' labels are in the
# page's language (参数 / Parameters), so a page rendered for the other one shows.
EXAMPLE = '''"""A module documented for the test."""


def scale(x: float, factor: float = 2.0) -> float:
    """Multiply ``x`` by ``factor``.

    Args:
        x: the value.
        factor: how much.

    Returns:
        The product.
    """
    return x * factor
'''
MARKDOWN = """# {title}

{prose} $y = \\frac{{1}}{{n}}$

| | a |
|---|---|
| x | `torch.repeat_interleave` |
"""
PAGES = {
    "zh": {
        "index.md": MARKDOWN.format(title="首页", prose="一段中文\n文字。"),
        "api/checks.md": API,
        "page.py": NOTEBOOK.format(
            title="笔记本", prose="第一段。", section="第二节", more="更多文字。"
        ),
    },
    "en": {
        "index.md": MARKDOWN.format(title="Home", prose="Some prose."),
        "api/checks.md": API,
        "page.py": NOTEBOOK.format(
            title="Notebook", prose="First part.", section="Second", more="More prose."
        ),
    },
}
NAV = {
    "zh": "nav:\n  - 首页: index.md\n  - 笔记本: page.py\n  - API: api/checks.md\n",
    "en": "nav:\n  - Home: index.md\n  - Notebook: page.py\n  - API: api/checks.md\n",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_repo(folder: Path, port: int) -> Path:
    """A repository with the project's build and a two-page site in each language."""
    repo = folder / "repo"
    for rel in COPIED:
        source, dest = ROOT / rel, repo / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, dest, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copyfile(source, dest)
    (repo / "node_modules").symlink_to(ROOT / "node_modules")
    (repo / "attention_tutorial" / "_example.py").write_text(EXAMPLE, encoding="utf-8")
    for lang, pages in PAGES.items():
        (repo / "docs" / lang).mkdir(parents=True)
        (repo / "docs" / lang / "assets").symlink_to("../assets")
        for name, text in pages.items():
            (repo / "docs" / lang / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / "docs" / lang / name).write_text(text, encoding="utf-8")
    # the project's configs with this site's pages; serve's site_url, so that a clean
    # build writes the same canonical links as the server
    zh = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n")[0]
    site_url = f"site_url: http://127.0.0.1:{port}/\n"
    zh = zh.replace("use_directory_urls: true", site_url + "use_directory_urls: true")
    (repo / "mkdocs.yml").write_text(zh + "\n" + NAV["zh"], encoding="utf-8")
    en = (ROOT / "mkdocs.en.yml").read_text(encoding="utf-8").split("\nnav:\n")[0]
    (repo / "mkdocs.en.yml").write_text(en + "\n" + NAV["en"], encoding="utf-8")
    # one commit, which every footer names while the work tree is clean (stamp.py)
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8") + "/node_modules\n"
    (repo / ".gitignore").write_text(ignored, encoding="utf-8")
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "site"]):
        subprocess.run(["git", *GIT_USER, *command], cwd=repo, check=True, capture_output=True)
    return repo


GIT_USER = ["-c", "user.name=test", "-c", "user.email=test@example.com"]


def head(repo: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, check=True, capture_output=True, text=True
    ).stdout.strip()


def environment(cache: Path) -> dict[str, str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "JUPYTER_PLATFORM_DIRS": "1"}
    env["ATTN_CACHE_DIR"] = str(cache)
    env["PYTHONHASHSEED"] = "0"
    return env


def fetch(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return response.read()
    except (urllib.error.URLError, ConnectionError):
        return None


def wait_for(url: str, marker: bytes) -> bytes:
    """The body of ``url`` once it contains ``marker``."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        body = fetch(url)
        if body is not None and marker in body:
            return body
        time.sleep(0.1)
    pytest.fail(f"{url} never showed {marker!r}")


def wait_until_gone(url: str, marker: bytes) -> None:
    """Wait until the body of ``url`` no longer contains ``marker``."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        body = fetch(url)
        if body is not None and marker not in body:
            return
        time.sleep(0.1)
    pytest.fail(f"{url} still shows {marker!r}")


_LIVERELOAD = re.compile(rb"<script>\s*var livereload = .*?</script>(?=</body>)", re.S)


def without_livereload(page: bytes) -> bytes:
    """A served page without the script ``mkdocs serve`` adds to it."""
    stripped, count = _LIVERELOAD.subn(b"", page)
    assert count == 1, "the live-reload script was not found"
    return stripped


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")


def clean_build(repo: Path, cache: Path, folder: Path) -> Path:
    """A clean build of ``repo`` into ``folder``, in a new cache holding only the executed
    notebooks and the wheel of ``cache`` (kept by their inputs; not what is tested here)."""
    clean_cache = folder.with_name(folder.name + "-cache")
    for kept in ("notebooks", "wheel"):
        shutil.copytree(cache / kept, clean_cache / kept)
    # and no step result kept: each language's build computes every page itself
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(folder)],
        cwd=repo,
        env={**environment(clean_cache), "ATTN_STEP_CACHE": "off"},
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return folder


def served_differences(repo: Path, cache: Path, folder: Path, base: str) -> list[str]:
    """The files of a clean build of ``repo`` that the server at ``base`` serves otherwise."""
    return differences(clean_build(repo, cache, folder), base)


def differences(clean: Path, base: str) -> list[str]:
    """The files of the built site ``clean`` that the server at ``base`` serves otherwise."""
    differing = []
    for path in sorted(p for p in clean.rglob("*") if p.is_file()):
        rel = path.relative_to(clean).as_posix()
        body = fetch(f"{base}/{rel}")
        if body is not None and rel.endswith(".html"):
            body = without_livereload(body)
        if body != path.read_bytes():
            differing.append(rel)
    return differing


@pytest.mark.timeout(1200)
def test_the_site_served_after_edits_is_that_of_a_clean_build(tmp_path):
    port = free_port()
    repo = make_repo(tmp_path, port)
    cache = tmp_path / "cache"
    base = f"http://127.0.0.1:{port}"
    # An earlier build: the server reuses its English site (subsite.py), and builds that
    # site's state for prose edits in its own process once it answers (fastpath.prime).
    # Made in an empty cache, it is also a clean build of the sources as committed: what
    # the server must serve again once every edit is taken back.
    earlier = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "earlier")],
        cwd=repo,
        env=environment(cache),
        capture_output=True,
        text=True,
    )
    assert earlier.returncode == 0, earlier.stdout + earlier.stderr
    log = tmp_path / "serve.log"
    log_file = log.open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
        cwd=repo,
        env=environment(cache),
        stdout=subprocess.DEVNULL,
        stderr=log_file,
        start_new_session=True,
    )
    try:
        commit = head(repo)
        assert f'data-commit="{commit}"'.encode() in wait_for(base + "/page/", "第二节".encode())
        # prose edits, each served by rendering the edited page alone (fastpath.py):
        # a notebook page in Chinese, a Markdown page and a notebook page in English.
        # The first makes the work tree differ from the commit: every footer changes.
        page = repo / "docs" / "zh" / "page.py"
        edit(page, "更多文字。", "改过的文字。")
        body = wait_for(base + "/page/", "改过的文字".encode())
        assert b'data-commit="uncommitted"' in body
        index = repo / "docs" / "en" / "index.md"
        edit(index, "Some prose.", "Edited prose.")
        wait_for(base + "/en/", b"Edited prose.")
        en_page = repo / "docs" / "en" / "page.py"
        edit(en_page, "More prose.", "More prose, edited.")
        wait_for(base + "/en/page/", b"More prose, edited.")
        text = log.read_text("utf-8")
        fast = re.findall(r"sitebuild: (\S+) changed in its prose only", text)
        why = re.findall(r"sitebuild: full build .*", text)
        assert fast == ["docs/zh/page.py", "docs/en/index.md", "docs/en/page.py"], why
        assert "mkdocs.en.yml unchanged, reusing" in text
        assert re.findall(r"sitebuild: (\S+) built in this process", text) == ["mkdocs.en.yml"]
        assert re.findall(r"every footer now shows (\S+)", text) == ["uncommitted"]
        assert served_differences(repo, cache, tmp_path / "clean-1", base) == []
        # each edit taken back: the last makes the tree clean, the footers name the commit
        edit(en_page, "More prose, edited.", "More prose.")
        wait_until_gone(base + "/en/page/", b"More prose, edited.")
        edit(index, "Edited prose.", "Some prose.")
        wait_for(base + "/en/", b"Some prose.")
        edit(page, "改过的文字。", "更多文字。")
        wait_for(base + "/en/page/", f'data-commit="{commit}"'.encode())
        text = log.read_text("utf-8")
        assert re.findall(r"every footer now shows (\S+)", text) == ["uncommitted", commit]
        why = re.findall(r"sitebuild: full build .*", text)
        assert len(re.findall(r"changed in its prose only", text)) == 6, why
        assert differences(tmp_path / "earlier", base) == []
        # a heading is in the page's table of contents and in the search index's sections:
        # the site is built again, where only the edited page is rendered (pagecache.py)
        edit(page, "## 第二节", "## 第二部分")
        wait_for(base + "/page/", "第二部分".encode())
        text = log.read_text("utf-8")
        assert "sitebuild: full build (docs/zh/page.py: its title, headings or metadata" in text
        assert "mkdocs.yml: 1 of 3 pages rendered" in text
        # a title in the navigation: every page of the language shows it
        config = repo / "mkdocs.yml"
        config.write_text(config.read_text("utf-8").replace("- API: api/", "- 接口参考: api/"))
        wait_for(base + "/page/", "接口参考".encode())
        # code, written in the Chinese page: the server copies it into the English page,
        # executes the notebook once and renders the page alone in both languages
        edit(page, "print(6 * 7)", "print(6 * 7 * 1001)")
        wait_for(base + "/en/page/", b"42042")
        assert "print(6 * 7 * 1001)" in en_page.read_text("utf-8")
        text = log.read_text("utf-8")
        why = re.findall(r"sitebuild: full build .*", text)
        assert "sitebuild: docs/*/page.py changed in its code" in text, why
        assert served_differences(repo, cache, tmp_path / "clean-2", base) == []
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        log_file.close()
