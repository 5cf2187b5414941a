"""Issue 29 item 3: an option argparse itself refuses (a wrong type, an unknown choice or option, a missing value)
is one line naming the option and where the options are listed, with exit status 2 — not the whole usage."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from voicefish.cli import main

BAD = {
    # play words its own refusals, in the table's language (voicefish/commands/play_args.py)
    "games not whole": (["play", "--games", "1.5"], "voicefish: --games takes a whole number, not '1.5'"),
    "seed not a number": (["play", "--seed", "abc"], "voicefish: --seed takes a whole number, not 'abc'"),
    "rate huge float": (["play", "--rate", "1e400"], "voicefish: --rate takes a whole number, not '1e400'"),
    "backend unknown": (["play", "--backend", "nonsense"], "voicefish: --backend takes one of auto, pocketsphinx"),
    "value missing": (["play", "--games"], "voicefish: --games needs a value after it"),
    "option unknown": (["play", "--nosuch"], "voicefish: there is no option --nosuch; 'voicefish play --help' lists"),
    # the other commands: argparse's own words, cut to one line
    "extra words": (["voices", "forget", "a", "b"], "voicefish voices: error: unrecognized arguments: b"),
    "command unknown": (["nosuch"], "voicefish: error: argument COMMAND: invalid choice: 'nosuch'"),
    "simulate games": (["simulate", "--games", "many"], "voicefish simulate: error: argument --games"),
}


@pytest.mark.parametrize("what", sorted(BAD))
def test_an_option_argparse_refuses_is_one_line_and_exit_2(what: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv, start = BAD[what]
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith(start) and out.err.count("\n") == 1, out.err
    if argv[0] != "play":
        command = "voicefish" if argv[0] == "nosuch" else f"voicefish {argv[0]}"
        assert out.err.endswith(f"(see '{command} --help')\n"), out.err
    assert "usage:" not in out.err


def test_help_still_lists_the_options_and_a_good_command_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--help"])
    assert exc.value.code == 0 and "usage: voicefish play" in capsys.readouterr().out
    assert main(["parse", "--players", "Sam,Leo", "--me", "Sam", "--json", "Leo, any sevens?"]) == 0
    assert '"target":"Leo"' in capsys.readouterr().out


def test_as_a_real_process_the_status_is_2_and_the_line_is_one() -> None:
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run(
        [sys.executable, "-m", "voicefish", "play", "--games", "1.5"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "voicefish: --games takes a whole number, not '1.5'\n"


def test_ctrl_c_is_one_line_in_the_tables_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from voicefish.commands import play

    def interrupted(args: object, said: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(play, "_run", interrupted)
    assert main(["play", "--lang", "it"]) == 130
    assert capsys.readouterr().err == "\nvoicefish: interrotto.\n"
