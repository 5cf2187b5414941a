"""Every option and config value of ``voicefish play`` checked up front: one clear line and exit status 2, nothing
started, nothing saved (issue 29 item 3); the end of input at a question handled."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voicefish.audio.voices import VoiceStore
from voicefish.cli import main
from voicefish.table.save import load_save


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def run_play(monkeypatch: pytest.MonkeyPatch, args: list[str], stdin: str = "quit\nyes\n", *, tty: bool = False) -> int:
    feed = io.StringIO(stdin)
    if tty:
        feed.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", feed)
    return main(["play", "--text", "--no-speech", *args])


BAD_OPTIONS = {
    "volume 7": (["--players", "Ann", "--volume", "7"], "--volume must be between 0.0"),
    "volume nan": (["--players", "Ann", "--volume", "nan"], "--volume must be between 0.0"),
    "rate -100": (["--players", "Ann", "--rate", "-100"], "--rate must be between 80 and 450"),
    "rate 5000": (["--players", "Ann", "--rate", "5000"], "--rate must be between 80 and 450"),
    "bot names repeated": (["--players", "Ann", "--bot-names", "Leo,Leo"], "--bot-names names Leo twice"),
    "bot names differing in case": (["--players", "Ann", "--bot-names", "Leo,LEO"], "--bot-names names LEO twice"),
    "players empty": (["--players", ""], "--players needs at least one name"),
    "players blank": (["--players", " , "], "--players needs at least one name"),
    "players with an empty name": (["--players", "Ann,,Bo"], "--players has an empty name"),
    "players repeated": (["--players", "Ann,ann"], "--players names ann twice"),
    "player name too long": (["--players", "A" * 41], "--players: a name has at most 40 characters"),
    "games huge": (["--players", "Ann", "--games", "99999999999999999999"], "--games must be between 1 and 1000"),
    "games 0": (["--players", "Ann", "--games", "0"], "--games must be between 1 and 1000"),
    "voice check huge": (["--players", "Ann", "--voice-check", "10000000000"], "--voice-check must be between 0"),
    "talk wait -1": (["--players", "Ann", "--talk-wait", "-1"], "--talk-wait must be between 0"),
    "seed huge": (["--players", "Ann", "--seed", str(10**30)], "--seed must be a whole number below 2**63"),
}


@pytest.mark.parametrize("what", sorted(BAD_OPTIONS))
def test_a_bad_option_gives_one_line_and_exit_2_and_saves_nothing(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args, message = BAD_OPTIONS[what]
    save = tmp_path / "s.json"
    started = time.monotonic()
    assert run_play(monkeypatch, [*args, "--save", str(save)]) == 2
    assert time.monotonic() - started < 10
    out = capsys.readouterr()
    assert out.err.startswith(f"voicefish: {message}") and out.err.count("\n") == 1, out.err
    assert out.out == "" and not save.exists()


BAD_CONFIG = {
    "earpiece of numbers": ("earpiece = [1]", "setting 'earpiece'", "should be a list of text in quotes"),
    "earpiece not a list": ('earpiece = "Ann=2"', "setting 'earpiece'", "should be a list"),
    "volume 7": ("volume = 7", "--volume must be between 0.0", ""),
    "rate -100": ("rate = -100", "--rate must be between 80", ""),
    "games huge": ("games = 9223372036854775807", "--games must be between 1 and 1000", ""),
    "players empty": ('players = ""', "--players needs at least one name", ""),
    "bot names repeated": ('bot_names = "Leo,Leo"', "--bot-names names Leo twice", ""),
    "output device a list": (
        "output_device = [2]",
        "setting 'output_device'",
        "a device name in quotes or a device number",
    ),
    "text a string": ('text = "yes"', "setting 'text'", "true or false"),
}


@pytest.mark.parametrize("what", sorted(BAD_CONFIG))
def test_a_bad_config_value_gives_one_line_and_exit_2(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line, start, rest = BAD_CONFIG[what]
    config = tmp_path / "c.toml"
    config.write_text(line + "\n" + ("" if "players" in line else 'players = "Ann"\n'))
    save = tmp_path / "s.json"
    assert run_play(monkeypatch, ["--config", str(config), "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and start in err and rest in err, err
    assert not save.exists()


def test_a_config_output_device_may_be_a_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "c.toml"
    config.write_text('players = "Ann"\noutput_device = 3\nearpiece = []\n')
    assert run_play(monkeypatch, ["--config", str(config), "--save", str(tmp_path / "s.json")]) == 0
    assert "setting" not in capsys.readouterr().err


def test_the_end_of_input_at_the_saved_game_question_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    assert run_play(monkeypatch, ["--players", "Ann", "--seed", "3", "--save", str(save)]) == 0
    kept = save.read_bytes()
    capsys.readouterr()
    assert run_play(monkeypatch, ["--save", str(save)], stdin="", tty=True) == 2  # Ctrl-D at "[Y/n]"
    out = capsys.readouterr()
    assert "A saved game was found (Ann, Leo, Mia, game 1 of 5). Go on with it? [Y/n]" in out.out
    assert (
        out.err == "voicefish: no answer (the input ended); the saved game is left as it was. Use --resume or --new.\n"
    )
    assert save.read_bytes() == kept and load_save(save).seats[0]["name"] == "Ann"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".json")] == ["s.json"]


def test_the_saved_game_question_is_asked_and_answered_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In Polish the question ends "[T/n]"; "nie" starts a new game (the old save is put aside), and a saved
    Polish game goes on in Polish after "t"."""
    from voicefish.table.phrases import phrasebook

    pl = phrasebook("pl")
    save = tmp_path / "s.json"
    args = ["--lang", "pl", "--save", str(save)]
    assert run_play(monkeypatch, ["--players", "Ann", "--seed", "3", *args], stdin="") == 0
    capsys.readouterr()
    assert run_play(monkeypatch, [*args, "--players", "Bo"], stdin="nie\n", tty=True) == 0
    out = capsys.readouterr().out
    assert f"{pl.resume_offer(['Ann', 'Leo', 'Mia'], 1, 5)} [T/n]" in out and pl.welcome_back(1, 5) not in out
    assert load_save(save).seats[0]["name"] == "Bo"  # a new game, saved where the old one was
    assert run_play(monkeypatch, args, stdin="t\n", tty=True) == 0
    assert pl.welcome_back(1, 5) in capsys.readouterr().out


def test_the_end_of_input_at_the_name_question_is_a_real_process_without_traceback(tmp_path: Path) -> None:
    """Ctrl-D at a real terminal's "What's your name?" (a pty, so the question is asked) plays as the default."""
    import os
    import pty

    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d"))
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game on a terminal
        os.execve(
            sys.executable,
            [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", "--save", str(tmp_path / "s.json")],
            env,
        )
    out = b""
    deadline = time.monotonic() + 60
    sent = False
    while time.monotonic() < deadline:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
        if not sent and b"What's your name?" in out:
            os.write(fd, b"\x04")  # Ctrl-D
            sent = True
        elif sent and out.rstrip().endswith(b">"):
            os.write(fd, b"quit\r")
            time.sleep(0.2)
            os.write(fd, b"yes\r")
    _, status = os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert sent and "Traceback" not in text, text[-2000:]
    assert os.waitstatus_to_exitcode(status) == 0, text[-2000:]


def test_voices_forget_a_very_long_name_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "v").mkdir()
    for name in ("a" * 300, "é" * 300):
        assert main(["voices", "forget", name, "--dir", str(tmp_path / "v")]) == 2
        err = capsys.readouterr().err
        assert err == "voicefish: a player's name has 1 to 40 characters\n"
    proc = subprocess.run(
        [sys.executable, "-m", "voicefish", "voices", "forget", "x" * 300, "--dir", str(tmp_path / "v")],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_a_long_non_ascii_name_still_fits_a_voice_file_name(tmp_path: Path) -> None:
    store = VoiceStore(tmp_path)
    path = store.path_for("語" * 40)
    assert len(path.name.encode()) <= 255
    assert path != store.path_for("語" * 39 + "x")
    path.write_text("{}")  # the file system takes it
    assert store.forget("語" * 40)
