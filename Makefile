# chessclub — make run | make test | make test-full | make bench | make lint | make messages
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
HOST   ?= 127.0.0.1

.PHONY: install run test test-full bench lint typecheck messages demo clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "chessclub needs Python >= 3.11")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

run: install
	$(VENV)/bin/chessclub manage migrate --noinput
	$(VENV)/bin/chessclub demo
	@echo "chessclub is served on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(VENV)/bin/chessclub serve --host $(HOST) --port $(PORT)

test: install
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy
	$(PY) -m pytest -q

test-full: test
	$(PY) -m pytest -q -m slow

bench: install
	$(PY) -m benchmarks

lint: install
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/ruff format --check src tests
	$(VENV)/bin/mypy

messages: install
	cd src/chessclub_web && ../../$(VENV)/bin/chessclub manage makemessages -l fr -l nl -l de -l en --no-obsolete
	cd src/chessclub_web && ../../$(VENV)/bin/chessclub manage compilemessages

clean:
	rm -rf $(VENV) data .pytest_cache .mypy_cache .ruff_cache
