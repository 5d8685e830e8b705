# chessclub — make run | make test | make test-full | make bench | make lint | make messages
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
HOST   ?= 127.0.0.1

.PHONY: install pdf-libs browser run test test-full bench bench-load lint typecheck messages demo clean

install: $(VENV)/.installed pdf-libs

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "chessclub needs Python >= 3.11")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

# The system libraries WeasyPrint draws the PDF documents with (Pango, HarfBuzz's subsetter) and a
# font; installed once when missing and apt-get is usable, else a message says what to install.
PDF_LIBS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
pdf-libs:
	@{ ldconfig -p | grep -q 'libpangoft2-1.0.so.0' && ldconfig -p | grep -q 'libharfbuzz-subset.so.0'; } || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing the PDF documents' libraries: $(PDF_LIBS)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PDF_LIBS) >/dev/null \
	      || echo "warning: $(PDF_LIBS) could not be installed; PDF documents will not be made"; \
	  else echo "note: PDF documents need $(PDF_LIBS) (apt-get install them)"; fi; }

# Debian's headless Chromium for the browser tests (phone layout, no-JS behaviour); installed
# once when missing and apt-get is usable, else those tests are skipped with a reason.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	      || echo "warning: chromium could not be installed; browser tests will be skipped"; \
	  else echo "note: chromium missing (apt-get install chromium); browser tests will be skipped"; fi; }

run: install
	$(VENV)/bin/chessclub manage migrate --noinput
	$(VENV)/bin/chessclub demo
	@echo "chessclub is served on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(VENV)/bin/chessclub serve --host $(HOST) --port $(PORT)

test: install browser
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -q

test-full: test
	$(PY) -m pytest -q -m slow

bench: install
	$(PY) -m benchmarks

# The event-day load test (docs/load-test.md): gunicorn, PostgreSQL, Redis (database 7) and the
# task workers on loopback, 80 arbiters entering an interclub round while spectators reload
# the public pages; about 20 minutes (BENCH_LOAD_ARGS=--quick: a 2-minute day). Not in `make test`.
bench-load: install
	$(PY) -m benchmarks.load $(BENCH_LOAD_ARGS)

lint: install
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# Run from src/ so that the core's messages marked with chessclub.i18n.gettext_noop (file
# reader problems…) land in the web catalogues too (src/chessclub_web/locale, LOCALE_PATHS).
messages: install
	cd src && ../$(VENV)/bin/chessclub manage makemessages -l fr -l nl -l de -l en --no-obsolete --ignore='*.egg-info'
	cd src/chessclub_web && ../../$(VENV)/bin/chessclub manage compilemessages

clean:
	rm -rf $(VENV) data .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .grimp_cache .hypothesis
