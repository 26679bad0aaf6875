"""Say whether ``.venv`` belongs to another checkout (standard library only).

``scripts/setup.sh`` runs this with the system Python before it uses ``.venv``. A
virtual environment copied, moved or linked from another checkout runs that
checkout's code: its scripts' shebangs name the other ``.venv/bin/python``, and its
editable install of this package points at the other folder. Then setup rebuilds it.

    python3 scripts/venv_owner.py [CHECKOUT]   # prints why, and exits 1; exits 0 if it is ours

Exit status 0 also when there is no ``.venv`` or nothing is installed in it yet.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

PACKAGE = "attention_tutorial"
SCRIPTS = ("pip", "mkdocs", "pytest")  # console scripts whose shebang names the venv's Python


def foreign_reasons(checkout: Path) -> list[str]:
    """Why ``checkout/.venv`` belongs to another checkout; empty when it is this one's.

    Args:
        checkout: the folder holding ``.venv`` (the repository's root).

    Returns:
        One sentence per sign found, naming the other path.
    """
    checkout = checkout.resolve()
    venv = checkout / ".venv"
    reasons = []
    if venv.is_symlink():
        reasons.append(f".venv is a link to {venv.resolve()}")
    expected = checkout / ".venv" / "bin"
    for name in SCRIPTS:
        script = venv / "bin" / name
        if not script.is_file():
            continue
        with script.open("rb") as handle:
            first = handle.readline().decode("utf-8", "replace").strip()
        interpreter = Path(first[2:].split()[0]) if first.startswith("#!/") else None
        if interpreter is not None and interpreter.parent.resolve() != expected:
            reasons.append(f".venv/bin/{name} runs {interpreter}")
            break
    for record in venv.glob(f"lib/python*/site-packages/{PACKAGE}-*.dist-info/direct_url.json"):
        url = json.loads(record.read_text(encoding="utf-8")).get("url", "")
        installed = Path(unquote(urlparse(url).path)) if url.startswith("file:") else None
        if installed is not None and installed.resolve() != checkout:
            reasons.append(f"its editable install of {PACKAGE} points to {installed}")
    return reasons


def main(argv: list[str] | None = None) -> int:
    """Print the reasons, one a line, and exit 1 if there are any."""
    args = sys.argv[1:] if argv is None else argv
    reasons = foreign_reasons(Path(args[0] if args else "."))
    for reason in reasons:
        print(reason)
    return 1 if reasons else 0


if __name__ == "__main__":
    sys.exit(main())
