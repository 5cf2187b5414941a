# voicefish — two commands on a fresh Debian/Ubuntu machine:
#   make play   sets everything up and starts a game
#   make test   sets everything up and runs the checks and the tests (what CI runs)
# Both are idempotent: a second run only checks that everything is still there.

VENV   ?= .venv
PYTHON ?= python3
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.voicefish-installed
ARGS   ?=

.PHONY: setup system-deps play test lint typecheck pytest bench clean

setup: system-deps $(STAMP)

system-deps:
	@bash scripts/system-deps.sh

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip
	@$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

play: setup
	$(VENV)/bin/voicefish play $(ARGS)

lint: setup
	$(VENV)/bin/ruff check voicefish tests bench
	$(VENV)/bin/ruff format --check voicefish tests bench

typecheck: setup
	$(VENV)/bin/mypy

pytest: setup
	bash scripts/with-virtual-audio.sh $(PY) -m pytest $(ARGS)

test: lint typecheck pytest

bench: setup
	$(PY) -m pip install --quiet -e '.[bench]'
	@echo "see BENCHMARKS.md for the command of each benchmark"

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build *.egg-info
