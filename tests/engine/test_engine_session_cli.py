"""Sessions (dealer rotating left, totals, champions) and the ``voicefish simulate`` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.enginekit import names, play_random
from voicefish.cli import main
from voicefish.engine.log import read_log, replay_all
from voicefish.engine.session import Session
from voicefish.rules import RuleSet

# --- sessions ---------------------------------------------------------------------------


def test_session_dealer_rotates_left_and_totals_add_up() -> None:
    session = Session(names(4), RuleSet(point_fish=True), games=6, seed=3, first_dealer=2)
    dealers, winners, points = [], [], [0, 0, 0, 0]
    rng = random.Random(5)
    while not session.over:
        game = session.next_game()
        dealers.append(game.dealer)
        assert game.game_number == len(dealers)
        # the player left of the dealer opens
        first = next(e for e in game.log_events() if type(e).__name__ == "Turn")
        assert getattr(first, "player", None) == (game.dealer + 1) % 4
        play_random(game, rng)
        session.record(game)
        winners.append(game.winners)
        points = [p + s for p, s in zip(points, game.scores, strict=True)]
    assert dealers == [2, 3, 0, 1, 2, 3]
    assert session.totals == points
    assert sum(session.totals) == 6 * 17
    assert session.game_winners == winners
    best = max(points)
    assert session.champions == tuple(i for i, p in enumerate(points) if p == best)
    with pytest.raises(ValueError):
        session.next_game()


def test_session_champions_on_a_tie() -> None:
    """Real two-game sessions, searched by seed until the totals tie: every tied seat is a champion."""
    for seed in range(200):
        session = Session(names(3), games=2, seed=seed)
        rng = random.Random(seed)
        while not session.over:
            game = session.next_game()
            play_random(game, rng)
            session.record(game)
        best = max(session.totals)
        assert session.champions == tuple(i for i, t in enumerate(session.totals) if t == best)
        if len(session.champions) > 1:
            assert sum(session.totals) == 26
            return
    raise AssertionError("no tied session found")


def test_session_refuses_unfinished_games_and_empty_sessions() -> None:
    session = Session(names(2), games=2, seed=1)
    game = session.next_game()
    with pytest.raises(ValueError):
        session.record(game)
    with pytest.raises(ValueError):
        Session(names(2), games=0)


def test_session_is_reproducible_and_games_differ() -> None:
    decks = []
    for _ in range(2):
        s = Session(names(3), games=3, seed=99)
        decks.append([s.next_game().log_events()[0] for _ in range(1)])
    assert decks[0] == decks[1]
    s = Session(names(3), games=3, seed=99)
    g1 = s.next_game()
    play_random(g1, random.Random(1))
    s.record(g1)
    g2 = s.next_game()
    assert g1.log_events()[0] != g2.log_events()[0]


# --- voicefish simulate --------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", "--no-progress", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("seats", ["random,random", "random,random,random,random,random,random"])
def test_simulate_json_summary(capsys: pytest.CaptureFixture[str], seats: str) -> None:
    code, out, _ = _run(capsys, "--games", "40", "--seed", "3", "--seats", seats, "--json")
    assert code == 0
    data = json.loads(out)
    n = len(seats.split(","))
    assert data["games"] == 40 and data["seats"] == seats.split(",")
    assert len(data["wins"]) == n and len(data["win_share"]) == n
    assert sum(data["win_share"]) == pytest.approx(1.0)
    assert sum(data["wins"]) <= 40
    assert all(0 <= w <= 1 for w in data["win_share"])
    assert data["games_per_second"] > 0
    # outright wins count fully, shared ones split: the share is at least the outright wins
    for w, share in zip(data["wins"], data["win_share"], strict=True):
        assert share * 40 >= w - 1e-9


def test_simulate_tie_splits_the_win(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The win shares equal what the logged game_end lines say, a tie among k counting 1/k."""
    log = tmp_path / "games.jsonl"
    code, out, _ = _run(
        capsys, "--games", "60", "--seed", "1", "--seats", "random,random,random", "--json", "--log", str(log)
    )
    assert code == 0
    data = json.loads(out)
    games = read_log(log)
    assert len(games) == 60
    share = [0.0, 0.0, 0.0]
    ties = 0
    for g in games:
        end = next(o for o in g.objects if o["event"] == "game_end")
        winners = end["winners"]
        ties += len(winners) > 1
        for w in winners:
            share[g.players.index(w)] += 1 / len(winners)
    assert ties > 0, "no tie in 60 games: pick another seed"
    assert data["win_share"] == pytest.approx([s / 60 for s in share])
    replay_all(games)  # the written log replays and verifies


def test_simulate_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for seed in ("7", "7", "8"):
        _, out, _ = _run(capsys, "--games", "30", "--seed", seed, "--seats", "random,random,random", "--json")
        data = json.loads(out)
        data.pop("games_per_second")
        outs.append(data)
    assert outs[0] == outs[1]
    assert outs[0] != outs[2]


def test_simulate_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--games", "10", "--seats", "random,random", "--rules", "point_fish,pairs")
    assert code == 0
    assert "games per second" in out and "point_fish" in out and "pairs" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--seats", "random"],
        ["--seats", "random,random,random,random,random,random,random"],
        ["--seats", "random,wizard"],
        ["--games", "0"],
        ["--games", "-3"],
        ["--games", "many"],
        ["--seed", "x"],
        ["--rules", "flying"],
        ["--rules", "continuous,stock_out_ends_game"],
    ],
)
def test_simulate_bad_arguments_exit_2_with_one_clear_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    try:
        code = main(["simulate", "--games", "5", "--no-progress", *args])
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    assert code == 2, out.err
    last = out.err.strip().splitlines()[-1]
    assert last.startswith("voicefish") and ("error" in last or last.startswith("voicefish: "))
    assert out.out == ""


def test_simulate_runs_as_a_module() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "voicefish", "simulate", "--games", "3", "--seats", "random,random", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["games"] == 3
    bad = subprocess.run(
        [sys.executable, "-m", "voicefish", "simulate", "--seats", "random"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.startswith("voicefish: ")


def test_simulate_unwritable_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = _run(capsys, "--games", "2", "--log", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert code != 0 and err.startswith("voicefish: ") and "Traceback" not in err
