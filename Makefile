# The two commands a fresh machine needs:
#   make serve   set everything up, serve the site at http://127.0.0.1:8000
#   make test    set everything up, lint, and run every test
.PHONY: setup setup-test serve build offline pdf sync-code new-page test screenshots lint format bench clean

export NO_MKDOCS_2_WARNING := 1
export JUPYTER_PLATFORM_DIRS := 1
export PYTHONHASHSEED := 0
VENV := .venv/bin

setup:
	scripts/setup.sh

setup-test:
	scripts/setup.sh --test

# SERVE_ADDR: where to serve (benchmarks/serve_bench.py picks a free port)
SERVE_ADDR ?= 127.0.0.1:8000
serve: setup
	$(VENV)/mkdocs serve -a $(SERVE_ADDR)

build: setup
	$(VENV)/mkdocs build

offline: setup
	$(VENV)/mkdocs build -f mkdocs.offline.yml

# One PDF per language (the chapter, then the handbook) printed by Chromium
# from the built site: pdf/attention-tutorial.zh.pdf and .en.pdf (tools/pdf.py).
pdf: setup-test
	$(VENV)/mkdocs build
	$(VENV)/python tools/pdf.py --site site --out pdf

# Each code cell is written once, in docs/zh: this copies the code cells of every
# Chinese notebook page into its English twin (tools/sitebuild/sync.py).
sync-code:
	$(VENV)/python -m tools.sitebuild.sync

# A new page in both languages with its nav entries (and handbook index rows), ready
# to fill in (tools/scaffold.py), e.g.
#   make new-page KIND=handbook NAME=cumsum ZH="torch.cumsum：累加" EN="torch.cumsum: running sums" API=torch.cumsum
#   make new-page KIND=chapter NAME=kernels ZH="别的核函数" EN="Other kernels"
new-page:
	$(VENV)/python -m tools.scaffold "$(KIND)" "$(NAME)" --zh "$(ZH)" --en "$(EN)" --api "$(API)"

lint:
	$(VENV)/ruff check .
	$(VENV)/ruff format --check .

format:
	$(VENV)/ruff check --fix .
	$(VENV)/ruff format .

test: setup-test lint
	$(VENV)/pytest

# Whole-page screenshots of every page at 375 px and 1280 px, and of the figure-heavy
# pages in the dark palette, for reviewing a change by eye, in test-artifacts/screenshots
# (the page and dark-palette tests with ATTN_SCREENSHOTS=1; a default run takes none).
screenshots: setup-test
	ATTN_SCREENSHOTS=1 $(VENV)/pytest tests/browser/test_pages.py tests/browser/test_reading.py \
	  tests/browser/test_site.py::test_dark_mode_toggles_persists_and_keeps_figures_readable

bench: setup
	$(VENV)/python benchmarks/build_bench.py

clean:
	rm -rf site site-offline pdf .cache test-artifacts
