#!/usr/bin/env bash
# Set up everything the site and the tests need, idempotently.
#
#   scripts/setup.sh          system fonts + .venv (enough to build and serve)
#   scripts/setup.sh --test   also Chromium (its headless shell), for the real-browser tests
#
# Order matters: the pinned CPU build of torch is installed first, so that no
# later requirement can pull a CUDA build. Everything else comes pinned from
# requirements/lock.txt. A stamp skips pip when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
[[ "${1:-}" == "--test" ]] && want_browser=1

# --- system packages -------------------------------------------------------
missing=()
# grep reads the whole list: with -q it would stop at the first match, fc-list would die of
# SIGPIPE, and pipefail would call the fonts missing (apt-get on every `make serve`)
if ! fc-list : family 2>/dev/null | grep "Noto Sans CJK" >/dev/null; then missing+=(fonts-noto-cjk); fi
if [[ $want_browser == 1 ]] && ! command -v chromium-headless-shell >/dev/null; then
  missing+=(chromium-headless-shell)
fi
# the PDF tests read the printed PDFs' text with pdftotext
if [[ $want_browser == 1 ]] && ! command -v pdftotext >/dev/null; then missing+=(poppler-utils); fi
if ! command -v npm >/dev/null; then missing+=(nodejs npm); fi  # KaTeX at build time
if ((${#missing[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" fontconfig >/dev/null
    rm -rf "${HOME}/.cache/matplotlib"  # matplotlib must see the new fonts
  else
    echo "setup: please install ${missing[*]} (Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
  fi
fi

# --- Python environment ----------------------------------------------------
python="${PYTHON:-python3.11}"
command -v "$python" >/dev/null || python=python3
# A .venv copied, moved or linked from another checkout would run that checkout's
# code (its editable install) or nothing at all (its shebangs): rebuild it here.
if [[ -e .venv || -L .venv ]] && ! reasons=$("$python" scripts/venv_owner.py .); then
  echo "setup: .venv belongs to another checkout, so it is rebuilt for this one:" >&2
  sed 's/^/setup:   /' <<<"$reasons" >&2
  if [[ -L .venv ]]; then rm .venv; else rm -rf .venv; fi
fi
if [[ ! -x .venv/bin/python ]]; then
  "$python" -m venv .venv
fi
stamp=.venv/.setup-stamp
digest=$(cat requirements/lock.txt pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$digest" ]]; then
  echo "setup: installing Python packages into .venv (first time: about two minutes)"
  # torch 2.13.0 on PyPI is the CUDA build (several GB): the CPU build is 2.13.0+cpu,
  # from a wheel pip already finds on this machine (its find-links), else from PyTorch's
  # CPU index (ATTN_TORCH_INDEX to use a mirror). Its dependencies come from the lock.
  if ! .venv/bin/python -m pip install -q --disable-pip-version-check --no-index --no-deps \
    "torch==2.13.0+cpu" 2>/dev/null; then
    .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps \
      --index-url "${ATTN_TORCH_INDEX:-https://download.pytorch.org/whl/cpu}" "torch==2.13.0+cpu"
  fi
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements/lock.txt
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
  if .venv/bin/python -c "import torch, sys; sys.exit(0 if torch.version.cuda is None else 1)"; then
    echo "$digest" > "$stamp"
  else
    echo "setup: a CUDA build of torch was installed; expected the CPU build" >&2
    exit 1
  fi
fi

# --- Node packages (build time only: KaTeX renders the formulas) -----------
# package-lock.json pins them; nothing from node_modules is shipped with the site.
if ! command -v npm >/dev/null; then
  echo "setup: npm is needed to build the site (Debian/Ubuntu: sudo apt-get install nodejs npm)" >&2
  exit 1
fi
node_stamp=node_modules/.setup-stamp
node_digest=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $node_stamp || $(cat "$node_stamp") != "$node_digest" ]]; then
  echo "setup: installing the pinned node packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$node_digest" > "$node_stamp"
fi
