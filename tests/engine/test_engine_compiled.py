"""The engine's hot modules compiled (mypyc, ``setup.py``): used when built, never when their source changed since
the build or when ``VOICEFISH_PURE=1`` asks for the source. ``make pytest`` runs tests/engine and tests/bots once
more on the source (scripts/pytest-both.sh), so both builds are tested."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import voicefish
from voicefish import _compiled
from voicefish.engine import game as engine_game

MODULES = _compiled.read_stamp()
SHOW = "import voicefish, importlib; print(voicefish.ENGINE); print(*[importlib.import_module(m).__file__ for m in {}])"


def _python(package_parent: Path, env: dict[str, str], code: str) -> tuple[str, str]:
    """``code`` run in a new process that imports ``voicefish`` from ``package_parent``: its stdout and stderr."""
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=package_parent,
        env={**os.environ, "PYTHONPATH": str(package_parent), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout, out.stderr


def _run(package_parent: Path, env: dict[str, str]) -> tuple[list[str], str]:
    """``voicefish`` imported in a new process from ``package_parent``: what runs, each compiled module's file, and
    what was written to stderr."""
    stdout, stderr = _python(package_parent, env, SHOW.format(sorted(MODULES)))
    return stdout.split(), stderr


needs_build = pytest.mark.skipif(not MODULES, reason="nothing compiled here (built with VOICEFISH_PURE=1)")


@needs_build
def test_the_built_engine_runs_compiled_unless_told_otherwise() -> None:
    if os.environ.get("VOICEFISH_PURE"):
        assert voicefish.ENGINE == "source: VOICEFISH_PURE"
        assert Path(engine_game.__file__).suffix == ".py"
        return
    assert _compiled.built(MODULES), "the build compiled nothing: is there a C compiler (gcc) and Python's headers?"
    assert voicefish.ENGINE == "compiled", "run make test: the compiled engine is older than its source"
    assert Path(engine_game.__file__).suffix == ".so"


@needs_build
def test_voicefish_pure_runs_every_compiled_module_from_its_source() -> None:
    where = Path(voicefish.__file__).resolve().parent.parent
    lines, _ = _run(where, {"VOICEFISH_PURE": "1"})
    assert lines[0:2] == ["source:", "VOICEFISH_PURE"]
    assert all(f.endswith(".py") for f in lines[2:]) and len(lines[2:]) == len(MODULES)


@needs_build
def test_a_source_changed_since_the_build_runs_the_source_of_all_with_a_warning(tmp_path: Path) -> None:
    """A copy of the built package, one compiled module's source edited: every compiled module is loaded from its
    source (never a mix), and a warning says which source changed. Unchanged, the copy runs compiled."""
    package = Path(voicefish.__file__).resolve().parent
    shutil.copytree(package, tmp_path / "voicefish", ignore=shutil.ignore_patterns("__pycache__"))
    env = {"VOICEFISH_PURE": ""}
    lines, _ = _run(tmp_path, env)
    assert lines[0] == "compiled" and all(".cpython-" in f for f in lines[1:]), lines

    rules = tmp_path / "voicefish" / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")
    lines, err = _run(tmp_path, env)
    assert lines[0:2] == ["source:", "stale"]
    assert all(f.endswith(".py") and f.startswith(str(tmp_path)) for f in lines[2:]), lines
    assert "voicefish.rules changed since the engine was compiled" in err


def test_a_missing_or_bad_stamp_means_nothing_compiled_and_a_changed_source_is_stale(tmp_path: Path) -> None:
    stamp = tmp_path / "_compiled.json"
    assert _compiled.read_stamp(stamp) == {}
    stamp.write_text("{not json", encoding="utf-8")
    assert _compiled.read_stamp(stamp) == {}
    stamp.write_text('{"modules": ["voicefish.cards"]}', encoding="utf-8")
    assert _compiled.read_stamp(stamp) == {}
    assert _compiled.stale_modules({"voicefish.cards": "0" * 64}) == ["voicefish.cards"]


def test_a_stamp_without_the_compiled_library_runs_the_source(tmp_path: Path) -> None:
    """A build that could not compile (no C compiler) writes its stamp and no library: the source runs, and says so."""
    package = Path(voicefish.__file__).resolve().parent
    shutil.copytree(package, tmp_path / "voicefish", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    assert (tmp_path / "voicefish" / "_compiled.json").is_file() or not MODULES
    assert not _compiled.built(MODULES, tmp_path / "voicefish")
    if MODULES:
        lines, _ = _run(tmp_path, {"VOICEFISH_PURE": ""})
        assert lines[0] == "source" and all(f.endswith(".py") for f in lines[1:]), lines
        # one module not compiled (its extension failed alone): the source of all, never a mix
        shutil.rmtree(tmp_path / "voicefish")
        shutil.copytree(package, tmp_path / "voicefish", ignore=shutil.ignore_patterns("__pycache__", "rules.*.so"))
        assert not _compiled.built(MODULES, tmp_path / "voicefish")
        lines, _ = _run(tmp_path, {"VOICEFISH_PURE": ""})
        assert lines[0] == "source" and all(f.endswith(".py") for f in lines[1:]), lines


PLAY = """
import hashlib, io
import voicefish
from voicefish.rules import RuleSet
from voicefish.sim import simulate
print(voicefish.ENGINE)
for seats, games, rules in {tables}:
    log = io.StringIO()
    result = simulate(seats, games, seed=61, rules=RuleSet.parse(rules), log=log)
    print(hashlib.sha256(log.getvalue().encode()).hexdigest(), result.wins)
"""
TABLES = [
    (["random", "easy", "medium", "hard"], 40, ""),
    (["rule", "hard", "medium"], 30, "point_fish,pairs"),
    (["hard", "easy"], 30, "authors"),
    (["medium", "random", "hard", "easy", "rule"], 20, "turn_to_asked_player,stock_out_ends_game,sudden_death"),
    (["expert", "hard"], 3, ""),
    (["expert", "rule", "medium"], 2, "continuous"),
]


@pytest.mark.slow
@needs_build
def test_the_compiled_and_the_source_builds_play_the_same_games() -> None:
    """The same seeds give the same games, log line for line, compiled and from the source (``VOICEFISH_PURE=1``),
    for every computer player and several rule sets: what lets the run on the source leave out the slow tests of
    many games (scripts/pytest-both.sh), which the compiled run plays."""
    code = PLAY.format(tables=repr(TABLES))
    where = Path(voicefish.__file__).resolve().parent.parent
    runs = [_python(where, {"VOICEFISH_PURE": pure}, code)[0].splitlines() for pure in ("", "1")]
    assert runs[0][0] == "compiled" and runs[1][0] == "source: VOICEFISH_PURE", runs
    assert len(runs[0]) == len(TABLES) + 1 and runs[0][1:] == runs[1][1:], runs
