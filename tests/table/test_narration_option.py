"""``voicefish play --narration compact|verbose`` and ``narration = "..."`` in the config (issue 33 item 5): compact
by default, verbose on request (the table as it spoke before compact narration), a bad value refused in one line."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from voicefish.cli import main

ARGS = ["play", "--text", "--no-speech", "--players", "Sam", "--seats", "easy,medium", "--seed", "3", "--games", "1"]


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp: Path, *extra: str) -> list[str]:
    """The captions of a typed game in which Sam quits at once: the computer players' turns before it."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nyes\n"))
    assert main([*ARGS, "--save", str(tmp / "s.json"), *extra]) == 0
    return capsys.readouterr().out.splitlines()


def test_compact_by_default_verbose_on_request_and_from_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    compact = _play(monkeypatch, capsys, tmp_path)
    asks = [line for line in compact if re.fullmatch(r"Dealer: (Leo|Mia) asks \w+ for \w+: .+\.", line)]
    assert asks, compact
    assert not any(re.match(r"(Dealer: (Leo|Mia), your turn|(Leo|Mia): )", line) for line in compact), compact
    verbose = _play(monkeypatch, capsys, tmp_path, "--narration", "verbose")
    assert "Dealer: Leo, your turn." in verbose or "Dealer: Mia, your turn." in verbose
    spoken = [line for line in verbose if re.fullmatch(r"(Leo|Mia): \w+, do you have any \w+\?", line)]
    assert len(spoken) == len(asks)  # the same game: each computer ask said by its player
    assert not any(": go fish" in line or " gives " in line for line in verbose)
    config = tmp_path / "c.toml"
    config.write_text('narration = "verbose"\n', encoding="utf-8")
    assert _play(monkeypatch, capsys, tmp_path, "--config", str(config)) == verbose
    assert _play(monkeypatch, capsys, tmp_path, "--config", str(config), "--narration", "compact") == compact


def test_a_bad_narration_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "c.toml"
    save = tmp_path / "s.json"
    for text in ('narration = "chatty"\n', "narration = 3\n"):
        config.write_text(text, encoding="utf-8")
        assert main([*ARGS, "--save", str(save), "--config", str(config)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "narration" in err[0] and "Traceback" not in err[0], err
        assert not save.exists()
    with pytest.raises(SystemExit) as stop:
        main([*ARGS, "--save", str(save), "--narration", "chatty"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "voicefish: --narration takes one of compact, verbose, not 'chatty'\n"


def test_a_resumed_game_is_told_in_the_narration_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The narration is a setting of the table, not of the saved game: ``--resume --narration verbose`` goes on in
    verbose narration, ``--resume`` alone in compact."""
    from voicefish.table import loop as loop_module

    _play(monkeypatch, capsys, tmp_path)  # Sam quits at his first turn: the game is saved
    told: list[bool] = []
    real = loop_module.resume_loop

    def resume(*args: object, **kwargs: object) -> loop_module.TableLoop:
        table = real(*args, **kwargs)  # type: ignore[arg-type]
        told.append(table.narrator.verbose)
        return table

    monkeypatch.setattr(loop_module, "resume_loop", resume)
    for extra in (["--narration", "verbose"], []):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\nyes\n"))
        assert main([*ARGS, "--save", str(tmp_path / "s.json"), "--resume", *extra]) == 0
    assert told == [True, False]
