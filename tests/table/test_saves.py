"""Saves that cannot hurt the user (issue 29 item 2) and a resume that never crashes (issue 28 item 5).

Every test runs the real ``voicefish play`` (in-process through ``cli.main``, or as a real process where a second
process, a full disk or a read-only disk is the point) on real files."""

from __future__ import annotations

import copy
import io
import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from voicefish.cli import main
from voicefish.table.save import (
    BACKUPS,
    SaveError,
    SaveLock,
    atomic_write_text,
    backup_path,
    check_log_target,
    clean_stale_temps,
    load_save,
    put_aside,
)

ROOT = Path(__file__).resolve().parents[2]
QUIT = "quit\nyes\n"


def play(monkeypatch: pytest.MonkeyPatch, args: list[str], stdin: str = QUIT, *, tty: bool = False) -> int:
    feed = io.StringIO(stdin)
    if tty:
        feed.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", feed)
    return main(["play", "--text", "--no-speech", *args])


def env_for(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["PYTHONPATH"] = str(ROOT)
    return env


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def new_save(monkeypatch: pytest.MonkeyPatch, save: Path, *extra: str, players: str = "Ann") -> bytes:
    """A real save of a game stopped at the first human turn."""
    log = save.with_name(save.stem + ".jsonl")
    assert (
        play(
            monkeypatch, ["--new", "--players", players, "--seed", "3", "--save", str(save), "--log", str(log), *extra]
        )
        == 0
    )
    return save.read_bytes()


# --- item 1: the --save path -----------------------------------------------------------------------------------


def test_a_folder_given_as_save_is_refused_and_never_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = tmp_path / "Documents"
    docs.mkdir()
    (docs / "letter.txt").write_text("dear")
    for extra in ([], ["--new"], ["--resume"]):
        assert play(monkeypatch, ["--players", "Ann", "--save", str(docs), *extra]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("voicefish: ") and "folder" in err and "\n" not in err, err
        assert (docs / "letter.txt").read_text() == "dear"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["Documents"]


def test_a_file_that_is_not_a_save_is_refused_and_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    budget = tmp_path / "budget.json"
    content = json.dumps({"rent": 900, "food": 300}).encode()
    budget.write_bytes(content)
    for _ in range(2):
        for extra in ([], ["--new"], ["--resume"]):
            assert play(monkeypatch, ["--players", "Ann", "--save", str(budget), *extra]) == 2
            err = capsys.readouterr().err
            assert "not a voicefish saved game" in err and err.count("\n") == 1, err
    assert budget.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["budget.json"]


def test_new_sessions_keep_rotating_backups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    made = []
    for k in range(BACKUPS + 2):
        made.append(new_save(monkeypatch, save, players=f"P{k}"))
    err = capsys.readouterr().err
    assert "the old save is kept as s.previous.json." in err
    assert save.read_bytes() == made[-1]
    for n in range(1, BACKUPS + 1):
        assert backup_path(save, n).read_bytes() == made[-1 - n], n
    assert not backup_path(save, BACKUPS + 1).exists()


def test_a_save_from_a_newer_version_is_never_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    newer = b'{"voicefish_save":2,"whatever":"comes next"}'
    save.write_bytes(newer)
    assert play(monkeypatch, ["--resume", "--save", str(save)]) == 2
    assert "newer version" in capsys.readouterr().err
    assert save.read_bytes() == newer
    for k in range(BACKUPS + 2):
        new_save(monkeypatch, save, players=f"P{k}")
    kept = [p for p in tmp_path.iterdir() if p.read_bytes() == newer]
    assert [p.name for p in kept] == ["s.version-2.json"]
    assert "the old save is kept as s.version-2.json." in capsys.readouterr().err


def test_a_second_session_on_the_same_save_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    env = env_for(tmp_path)
    base = [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", "--save", str(save)]
    first = subprocess.Popen(
        [*base, "--players", "Ann", "--seed", "3", "--log", str(tmp_path / "a.jsonl")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        assert first.stdout is not None
        seen = b""
        deadline = time.monotonic() + 60
        while not seen.endswith(b"Ann> ") and time.monotonic() < deadline:  # waiting for Ann: nothing more to save
            ready, _, _ = select.select([first.stdout], [], [], 1.0)
            if ready:
                seen += os.read(first.stdout.fileno(), 65536)
        assert seen.endswith(b"Ann> ") and save.exists(), seen[-500:]
        kept = save.read_bytes()
        for extra in (["--resume"], ["--new", "--players", "Bo"]):
            second = subprocess.run(
                [*base, *extra], check=False, input="", capture_output=True, text=True, env=env, timeout=60
            )
            assert second.returncode == 2, second.stderr
            assert "another voicefish session is playing this saved game" in second.stderr
            assert "Traceback" not in second.stderr and second.stderr.count("\n") == 1
            assert save.read_bytes() == kept
    finally:
        out, _ = first.communicate(QUIT.encode(), timeout=60)
    assert first.returncode == 0, out
    # The lock went with the first process: the save can be resumed now.
    again = subprocess.run(
        [*base, "--resume"], check=False, input=QUIT, capture_output=True, text=True, env=env, timeout=60
    )
    assert again.returncode == 0, again.stderr


def test_the_lock_is_refused_in_process_too_and_released(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    lock = SaveLock.acquire(save)
    assert lock is not None
    with pytest.raises(SaveError, match="another voicefish session"):
        SaveLock.acquire(save)
    lock.release()
    again = SaveLock.acquire(save)
    assert again is not None
    again.release()


def test_a_log_path_that_is_not_a_log_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    save = tmp_path / "s.json"
    assert play(monkeypatch, ["--players", "Ann", "--save", str(save), "--log", str(notes)]) == 2
    assert "not a voicefish game log" in capsys.readouterr().err
    assert not save.exists()
    # A save whose log_path points at someone else's file (moved, edited, or written by hand): resumed and
    # played to its end, the log goes elsewhere and the file is untouched.
    new_save(monkeypatch, save, "--games", "1")
    data = json.loads(save.read_text())
    data["log_path"] = str(notes)
    save.write_text(json.dumps(data))
    assert play(monkeypatch, ["--resume", "--save", str(save)], stdin="") == 0
    assert "not writing the game log to the save's log file" in capsys.readouterr().err
    assert notes.read_text() == "my notes\n"
    with pytest.raises(SaveError):
        check_log_target(notes)


def test_log_is_honoured_on_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "s.json"
    new_save(monkeypatch, save, "--games", "1")
    log = tmp_path / "elsewhere" / "resumed.jsonl"
    assert play(monkeypatch, ["--resume", "--save", str(save), "--log", str(log)], stdin=ASKS) == 0
    assert not save.exists()  # the session finished
    first = json.loads(log.read_text().splitlines()[0])
    assert first["event"] == "game_start" and first["players"] == ["Ann", "Leo", "Mia"]


def test_stale_temporary_files_are_cleaned_and_the_folder_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "s.json"
    stale = tmp_path / ".s.json.abc123.tmp"
    stale.write_text("half a save")
    other = tmp_path / ".other.json.x.tmp"
    other.write_text("not ours")
    assert clean_stale_temps(save) == [stale]
    assert not stale.exists() and other.exists()
    stale.write_text("half a save")
    new_save(monkeypatch, save)
    assert not stale.exists() and other.exists()
    stale_log = tmp_path / ".s.jsonl.xyz.tmp"  # the save's own log (s.jsonl), cut during a write
    stale_log.write_text("half a log")
    assert play(monkeypatch, ["--resume", "--save", str(save)]) == 0
    assert not stale_log.exists() and other.exists()

    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    atomic_write_text(tmp_path / "x.json", "{}")
    assert synced == [False, True]  # the file, then its folder after the rename


def test_put_aside_never_moves_a_file_in_a_backups_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "s.json"
    new_save(monkeypatch, save)
    squatter = backup_path(save, 1)
    squatter.write_text("someone else's file")
    kept = save.read_bytes()
    with pytest.raises(SaveError):
        put_aside(save)
    assert squatter.read_text() == "someone else's file" and save.read_bytes() == kept


# --- item 2: a save that cannot be replayed ------------------------------------------------------------------


def _ask_not_held(data: dict[str, Any]) -> None:
    """Change the first logged ask to a rank its player does not hold (an illegal ask)."""
    cur = data["current"]
    hands = cur[1]["hands"]
    i = next(k for k, o in enumerate(cur) if o["event"] == "ask")
    held = {c[:-1] for c in hands[cur[i]["player"]]}
    cur[i]["rank"] = next(
        r for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] if r not in held
    )


def _set(key: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


BROKEN: dict[str, Any] = {
    "unknown rule": _set("rules", ["nonsense"]),
    "unknown computer player": lambda d: d["seats"][1].update(kind="godlike"),
    "games 0": _set("games", 0),
    "games 10**12": _set("games", 10**12),
    "games true": _set("games", True),
    "seven seats": lambda d: d["seats"].extend({"name": f"X{k}", "kind": "easy"} for k in range(4)),
    "one seat": lambda d: d.update(seats=d["seats"][:1]),
    "same name twice": lambda d: d["seats"][2].update(name="Leo"),
    "illegal logged ask": _ask_not_held,
    "current is text": _set("current", "garbage"),
    "current of numbers": _set("current", [1, 2, 3]),
    "current without a start": lambda d: d.update(current=d["current"][1:]),
    "current of unknown events": _set("current", [{"event": "nonsense"}]),
    "current with other players": lambda d: d["current"][0].update(players=["A", "B", "C"]),
    "an unfinished game among the finished": lambda d: d.update(finished=[d["current"]]),
    "first dealer off the table": _set("first_dealer", 9),
    "seats missing": lambda d: d.pop("seats"),
    "log path a number": _set("log_path", 7),
    "finished a dict": _set("finished", {"a": 1}),
}


@pytest.mark.parametrize("what", sorted(BROKEN))
def test_a_save_that_cannot_be_replayed_gives_one_line_and_exit_2(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    new_save(monkeypatch, save, "--games", "2")
    data = json.loads(save.read_text())
    broken = copy.deepcopy(data)
    BROKEN[what](broken)
    save.write_text(json.dumps(broken))
    kept = save.read_bytes()
    capsys.readouterr()
    started = time.monotonic()
    assert play(monkeypatch, ["--resume", "--save", str(save)]) == 2
    assert time.monotonic() - started < 30
    err = capsys.readouterr().err
    assert err.startswith("voicefish: ") and err.count("\n") == 1, err
    assert "Start a new game with 'voicefish play --new'." in err
    assert save.read_bytes() == kept
    with pytest.raises(SaveError):
        from voicefish.outputs.channels import Outputs
        from voicefish.table.ears import TypedEars
        from voicefish.table.loop import resume_loop

        load_save(save)
        resume_loop(save, ears=TypedEars(), outputs=Outputs(public=[]))
    assert save.read_bytes() == kept


def test_a_save_that_cannot_be_replayed_gives_one_line_as_a_real_process(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    env = env_for(tmp_path)
    base = [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", "--save", str(save)]
    subprocess.run([*base, "--players", "Ann", "--seed", "4"], input=QUIT, text=True, env=env, timeout=60, check=True)
    data = json.loads(save.read_text())
    data["games"] = 10**12
    save.write_text(json.dumps(data))
    proc = subprocess.run(
        [*base, "--resume"], check=False, input="", capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr


# --- a full or read-only disk: real small file systems (a tmpfs in a private mount namespace) ------------------


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"], check=False, capture_output=True
    )
    return probe.returncode == 0


needs_mounts = pytest.mark.skipif(not _unshare_works(), reason="needs 'unshare -rm' (user and mount namespaces)")

RANKS = ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens"]
ASK_LINES = [f"{who}, do you have any {r}?\n" for r in [*RANKS, "kings"] for who in ("Leo", "Mia")]
ASKS = "".join(ASK_LINES * 60)
"""Every ask of Sam against Leo and Mia, over and over: the ones Sam may make are played, the others refused; a
game of three ends long before they run out."""
LEO_ONLY = "".join(
    f"Leo, do you have any {r}?\n" for r in ["aces", "fours", "fives", "sevens", "nines", "jacks", "queens"] * 40
)
"""Asks of Leo alone: with seed 3 the game goes on past a 4 KiB save but does not end before the input does."""


def on_small_disk(
    tmp_path: Path,
    args: list[str],
    stdin: str,
    *,
    size: str = "16k",
    readonly: bool = False,
    seed_dir: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``voicefish play --text --no-speech ARGS`` with ``tmp_path/disk`` a tmpfs of ``size`` (read-only when
    asked, filled from ``seed_dir`` first); its files are copied to ``tmp_path/after`` when the game ends."""
    disk, after = tmp_path / "disk", tmp_path / "after"
    disk.mkdir(exist_ok=True)
    after.mkdir(exist_ok=True)
    script = (
        'set -e; mount -t tmpfs -o size="$1" tmpfs "$2"; '
        'if [ -n "$4" ]; then cp -a "$4"/. "$2"/; fi; '
        'if [ "$5" = ro ]; then mount -o remount,ro "$2"; fi; '
        'shift 5; set +e; "$@"; rc=$?; cp -a "$DISK"/. "$AFTER"/; exit $rc'
    )
    cmd = [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", *args]
    env = env_for(tmp_path) | {"DISK": str(disk), "AFTER": str(after)}
    return subprocess.run(
        [
            "unshare",
            "-rm",
            "bash",
            "-c",
            script,
            "sh",
            size,
            str(disk),
            "",
            str(seed_dir or ""),
            "ro" if readonly else "rw",
            *cmd,
        ],
        check=False,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@needs_mounts
def test_a_full_disk_is_said_once_the_last_good_save_is_kept_and_the_game_goes_on(tmp_path: Path) -> None:
    # 16 KiB hold the lock and a save of up to 4 KiB while its next version is written beside it; once the save
    # outgrows one page, the disk is full.
    save = tmp_path / "disk" / "s.json"
    proc = on_small_disk(
        tmp_path,
        ["--players", "Sam", "--seed", "3", "--games", "1", "--save", str(save), "--log", str(tmp_path / "l.jsonl")],
        LEO_ONLY + QUIT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stdout.splitlines()
    full = [k for k, line in enumerate(lines) if "I can't save the game: the disk is full." in line]
    assert len(full) == 1, proc.stdout[-3000:]
    assert any(line.startswith("Dealer: Leo asks") for line in lines[full[0] :])  # the game went on
    assert "the last moves could not be saved" in proc.stderr
    kept = tmp_path / "after" / "s.json"
    last_good = load_save(kept)  # the last good save is whole and resumable
    assert last_good.current and len(kept.read_bytes()) <= 4096 + 512
    assert not [p for p in (tmp_path / "after").iterdir() if p.name.endswith(".tmp")]
    resumed = subprocess.run(
        [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", "--resume", "--save", str(kept)],
        check=False,
        input=QUIT,
        capture_output=True,
        text=True,
        env=env_for(tmp_path),
        timeout=120,
    )
    assert resumed.returncode == 0 and "Welcome back" in resumed.stdout, resumed.stdout + resumed.stderr


@needs_mounts
def test_a_read_only_disk_is_said_and_the_save_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = tmp_path / "seed"
    seed.mkdir()
    kept = new_save(monkeypatch, seed / "s.json")
    (seed / "s.jsonl").unlink(missing_ok=True)
    save = tmp_path / "disk" / "s.json"
    proc = on_small_disk(
        tmp_path, ["--resume", "--save", str(save)], "Leo, any aces?\n" + QUIT, size="1m", readonly=True, seed_dir=seed
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.stdout.count("I can't save the game: the disk is read-only.") == 1, proc.stdout
    assert (tmp_path / "after" / "s.json").read_bytes() == kept
    # A new game cannot put the old save aside there: refused, nothing changed.
    proc = on_small_disk(
        tmp_path, ["--new", "--players", "Bo", "--save", str(save)], QUIT, size="1m", readonly=True, seed_dir=seed
    )
    assert proc.returncode == 2 and "nothing changed" in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert (tmp_path / "after" / "s.json").read_bytes() == kept
    # A session played to its end there: its save cannot be deleted, which is said; no traceback.
    new_save(monkeypatch, seed / "s.json", "--games", "1")
    (seed / "s.previous.json").unlink()
    proc = on_small_disk(tmp_path, ["--resume", "--save", str(save)], ASKS, size="1m", readonly=True, seed_dir=seed)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    assert "Thanks for playing!" in proc.stdout
    assert f"the session is over, but its save {save} could not be deleted" in proc.stderr


@needs_mounts
def test_an_unwritable_log_folder_never_blocks_the_session_or_its_resume(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    log = tmp_path / "disk" / "l.jsonl"
    proc = on_small_disk(
        tmp_path,
        ["--players", "Sam", "--seed", "3", "--games", "2", "--save", str(save), "--log", str(log)],
        ASKS + QUIT,
        size="1m",
        readonly=True,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    assert f"I can't write the game log to {log} (the disk is read-only), so it is in" in proc.stdout
    spare = tmp_path / "s-log.jsonl"
    assert json.loads(spare.read_text().splitlines()[0])["event"] == "game_start"
    if save.exists():  # the second game was stopped: it resumes, the log going to the spare
        resumed = subprocess.run(
            [sys.executable, "-m", "voicefish", "play", "--text", "--no-speech", "--resume", "--save", str(save)],
            check=False,
            input=QUIT,
            capture_output=True,
            text=True,
            env=env_for(tmp_path),
            timeout=120,
        )
        assert resumed.returncode == 0 and "Traceback" not in resumed.stderr, resumed.stderr
