"""Issue 29 item 2: a game log is never written over another session's log. ``--log L.jsonl`` for a second session
used to replace the first session's finished log (it is a voicefish log, so the "not a log" check let it through);
a save whose log path names another session's log was resumed into it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.table.typed_driver import TypedTable
from voicefish.cli import main
from voicefish.table.save import SaveError, load_save

QUIT = "quit\nyes\n"
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["--players", "Alex", "--seats", "easy,medium", "--bot-names", "Leo,Mia"]


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(
        os.environ,
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT),
    )


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _play(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(QUIT))
    return main(["play", "--text", "--no-speech", *args])


def test_a_second_session_never_replaces_the_first_sessions_log(tmp_path: Path) -> None:
    """The reproduction: a whole session played with ``--log L.jsonl``, then a new one with the same ``--log``."""
    env, log = _env(tmp_path), tmp_path / "L.jsonl"
    first_args = ["--text", "--no-speech", *PLAYERS, "--games", "1", "--seed", "1"]
    first = TypedTable(
        [*first_args, "--save", str(tmp_path / "a.json"), "--log", str(log)], env, ["Alex"], ["Alex", "Leo", "Mia"]
    )
    first.play()
    assert first.wait() == 0
    kept = log.read_bytes()
    assert kept.count(b'"event":"game_end"') == 1
    second = [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", "--new", *PLAYERS, "--seed", "2"]
    proc = subprocess.run(
        [*second, "--save", str(tmp_path / "b.json"), "--log", str(log)],
        input=QUIT,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == "", proc.stdout + proc.stderr
    assert proc.stderr == (
        f"voicefish: {log}: this file holds the game log of another session, and voicefish never replaces it; "
        "give another file name with --log\n"
    )
    assert log.read_bytes() == kept and not (tmp_path / "b.json").exists()


def _other_sessions_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, bytes]:
    """A voicefish log of another session (its lines as that session's save holds them)."""
    other = tmp_path / "other.json"
    assert _play(monkeypatch, ["--new", *PLAYERS, "--seed", "7", "--save", str(other)]) == 0
    log = tmp_path / "other.jsonl"
    log.write_text("".join(json.dumps(obj) + "\n" for obj in json.loads(other.read_text())["current"]))
    return log, log.read_bytes()


def test_a_resumed_save_whose_log_path_is_another_sessions_log_leaves_it_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log, kept = _other_sessions_log(monkeypatch, tmp_path)
    save = tmp_path / "s.json"
    assert _play(monkeypatch, ["--new", *PLAYERS, "--seed", "3", "--games", "2", "--save", str(save)]) == 0
    data = json.loads(save.read_text())
    data["log_path"] = str(log)
    save.write_text(json.dumps(data))
    capsys.readouterr()
    # named with --log on resume: refused, nothing changed
    assert _play(monkeypatch, ["--resume", "--save", str(save), "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds the game log of another session" in err, err
    # named by the save: said, and the session goes on with a log of its own
    assert _play(monkeypatch, ["--resume", "--save", str(save)]) == 0
    err = capsys.readouterr().err
    assert f"not writing the game log to the save's log file ({log}: this file holds the game log of another" in err
    assert json.loads(save.read_text())["log_path"] != str(log)
    assert log.read_bytes() == kept


def test_a_session_keeps_its_own_log_and_a_new_file_is_fine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from voicefish.table.saving import session_log

    save = tmp_path / "s.json"
    assert _play(monkeypatch, ["--new", *PLAYERS, "--seed", "3", "--save", str(save)]) == 0
    saved = load_save(save)
    assert saved.current is not None
    own = tmp_path / "own.jsonl"
    own.write_text("".join(json.dumps(obj) + "\n" for obj in saved.current))  # what its finished game 1 would be
    default = tmp_path / "default.jsonl"
    told: list[SaveError] = []
    assert session_log(own, saved, default, refused=told.append) == own
    assert session_log(tmp_path / "new.jsonl", saved, default, refused=told.append) == tmp_path / "new.jsonl"
    assert session_log(tmp_path / "new.jsonl", None, default, refused=told.append) == tmp_path / "new.jsonl"
    assert session_log(None, None, default, refused=told.append) == default
    saved.log_path = str(own)
    assert session_log(None, saved, default, refused=told.append) == own
    assert told == []
    with pytest.raises(SaveError, match="another session"):
        session_log(own, None, default, refused=told.append)  # a new session: any game already there is another's


OTHER_START = {
    "event": "game_start",
    "game": 1,
    "seed": 5,
    "players": ["Ann", "Bo"],
    "dealer": 0,
    "rules": [],
    "deck": [],
}


def test_a_log_another_session_wrote_meanwhile_is_not_replaced_and_the_games_stay_in_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sessions started with the same ``--log`` (neither had written it): the one that ends second finds the
    other's log there. It does not replace it; its games stay in its save, which its end keeps."""
    from tests.table.tablekit import CarefulPlayer, make_table
    from voicefish.rules import RuleSet
    from voicefish.table.ears import Heard, ListenRequest, PolicyEars
    from voicefish.table.loop import SeatSpec, TableLoop

    log, save = tmp_path / "L.jsonl", tmp_path / "s.json"
    other = json.dumps(OTHER_START) + "\n"
    player = CarefulPlayer()

    def policy(req: ListenRequest) -> str | Heard | None:
        if not log.exists():  # the other session's game ends while this one is being played
            log.write_text(other)
        return player(req)

    table = make_table([0])
    seats = [SeatSpec("Sam"), SeatSpec("Leo", "easy")]
    loop = TableLoop(
        seats,
        RuleSet(),
        ears=PolicyEars(policy, limit=2000),
        outputs=table.outputs,
        games=1,
        seed=3,
        save_path=save,
        log_path=log,
    )
    assert loop.run() is True
    assert log.read_text() == other
    assert any(t.startswith("I won't write the game log there:") for t in table.public_texts())
    kept = load_save(save)  # the session is over, but its games could go to no log: they stay in the save
    assert len(kept.finished) == 1 and kept.finished[0][-1]["event"] == "game_end"
    # resumed, the finished session writes its log (a new one: the save's log path was given up) and ends
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--text", "--no-speech", "--resume", "--save", str(save)]) == 0
    (written,) = (tmp_path / "data" / "voicefish" / "logs").iterdir()
    assert [json.loads(x) for x in written.read_text().splitlines()] == kept.finished[0]
    assert not save.exists() and log.read_text() == other


def test_a_session_whose_log_was_written_deletes_its_finished_save(tmp_path: Path) -> None:
    from tests.table.tablekit import CarefulPlayer, make_table
    from voicefish.rules import RuleSet
    from voicefish.table.ears import PolicyEars
    from voicefish.table.loop import SeatSpec, TableLoop

    log, save = tmp_path / "L.jsonl", tmp_path / "s.json"
    table = make_table([0])
    seats = [SeatSpec("Sam"), SeatSpec("Leo", "easy")]
    ears = PolicyEars(CarefulPlayer(), limit=2000)
    loop = TableLoop(seats, RuleSet(), ears=ears, outputs=table.outputs, games=1, seed=3, save_path=save, log_path=log)
    assert loop.run() is True
    assert not save.exists() and log.read_text().count('"event":"game_end"') == 1
