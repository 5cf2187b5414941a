"""Win shares of the computer players, and how long a ``hard`` decision takes.

Usage::

    .venv/bin/python bench/bots_bench.py --games 20000 --procs 2
    .venv/bin/python bench/bots_bench.py --rows hard-random-2,hard-random-4 --games 2000   # a quick look
    .venv/bin/python bench/bots_bench.py --report-only                                    # rewrite the .md

Each row is a pairing ``subject`` vs ``opponent`` at a table of 2 (heads-up) or 4 (the subject against three
copies of the opponent), default rules. Game ``g`` of a row seats the subject at seat ``g % players`` (so
seats are alternated) and is dealt from its own seed; each player gets its own seeded random source. The
per-game score of the subject is its win share (1 for an outright win, 1/k for a k-way tie, else 0); the
row reports the mean and a 95 % confidence interval (normal approximation, 1.96 standard errors).
Raw totals are kept in ``bench/results/bots.json`` (rows already there are skipped unless ``--redo``),
so an interrupted run loses at most the rows in progress.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voicefish.bots import make_player
from voicefish.engine import Game
from voicefish.sim import play_game

HERE = Path(__file__).resolve().parent

RESULTS = HERE / "results"
CHUNK = 200
EXPERT_CHUNK = 20
"""``expert`` games are ~100x dearer: smaller chunks, so a run stopped early still has its finished games."""


@dataclass(frozen=True)
class Row:
    subject: str
    opponent: str
    """One kind (every other seat), or several joined by ``+`` (one seat each, their order rotated per game)."""
    players: int

    @property
    def key(self) -> str:
        return f"{self.subject}-{self.opponent}-{self.players}"

    def seats(self, g: int) -> list[str]:
        """The kinds at the table in game ``g``: the subject at seat ``g % players``."""
        seat = g % self.players
        others = self.opponent.split("+")
        if len(others) == 1:
            others = others * (self.players - 1)
        shift = (g // self.players) % len(others)
        others = others[shift:] + others[:shift]
        return [*others[:seat], self.subject, *others[seat:]]


_PAIRS = [
    ("hard", "random"),
    ("hard", "rule"),
    ("hard", "persistent"),
    ("medium", "easy"),
    ("easy", "random"),
    ("medium", "random"),
    ("rule", "random"),
    ("persistent", "random"),
    ("hard", "medium"),
    ("hard", "easy"),
    ("medium", "rule"),
    ("medium", "persistent"),
    ("easy", "rule"),
    ("easy", "persistent"),
    ("rule", "persistent"),
]
_EXPERT = [Row("expert", o, 2) for o in ("hard", "rule", "random")] + [Row("expert", "hard+rule+medium", 4)]
ROWS = _EXPERT[:3] + [Row(s, o, n) for n in (2, 4) for s, o in _PAIRS] + _EXPERT[3:]
"""Every row, heads-up first; within a table size the rows that carry a target come first."""


def play_chunk(task: tuple[str, str, int, int, int]) -> tuple[str, int, float, float, int, int, float]:
    """Play games ``start .. start+count`` of one row. Returns (key, games, sum, sum of squares, outright wins,
    ties, seconds)."""
    subject, opponent, players, start, count = task
    row = Row(subject, opponent, players)
    key = row.key
    names = [f"p{i}" for i in range(players)]
    total = sq = 0.0
    wins = ties = 0
    t0 = time.perf_counter()
    for g in range(start, start + count):
        seed = random.Random(f"{key}/{g}").getrandbits(63)
        rng = random.Random(seed ^ 0x5EED)
        seat = g % players
        kinds = row.seats(g)
        bots = [make_player(k, random.Random(rng.getrandbits(63))) for k in kinds]
        game = play_game(Game(names, seed=seed), bots)
        share = 1.0 / len(game.winners) if seat in game.winners else 0.0
        total += share
        sq += share * share
        if game.winners == (seat,):
            wins += 1
        elif seat in game.winners:
            ties += 1
    return key, count, total, sq, wins, ties, time.perf_counter() - t0


def time_decisions(games: int, players: int, seed: int = 1, kind: str = "hard", cpu: bool = False) -> list[float]:
    """Milliseconds per ``kind`` decision over ``games`` games against ``random`` players (``cpu``: CPU time of
    this process instead of the wall clock)."""
    out: list[float] = []
    clock = time.process_time_ns if cpu else time.perf_counter_ns
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        bots = [make_player(kind if s == 0 else "random", random.Random(rng.getrandbits(63))) for s in range(players)]
        game = Game([f"p{i}" for i in range(players)], seed=rng.getrandbits(63))
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            t0 = clock()
            decision = bots[seat].decide(view)
            dt = clock() - t0
            if seat == 0:
                out.append(dt / 1e6)
            game.apply(decision.action)
    return out


def code_version() -> str:
    """The commit the players were measured at (``+changes`` when voicefish/bots differs from it)."""
    try:
        root = HERE.parent
        rev = ["git", "rev-parse", "--short", "HEAD"]
        head = subprocess.run(rev, check=False, capture_output=True, text=True, cwd=root)
        diff = ["git", "diff", "--quiet", "HEAD", "--", "voicefish/bots"]
        dirty = subprocess.run(diff, check=False, cwd=root).returncode
    except OSError:
        return "unknown"
    return head.stdout.strip() + ("+changes" if dirty else "")


def load(path: Path) -> dict[str, object]:
    if path.exists():
        data: dict[str, object] = json.loads(path.read_text())
        return data
    return {"rows": {}, "timing": {}}


def ci(row: dict[str, float]) -> tuple[float, float]:
    n = row["games"]
    mean = row["sum"] / n
    var = max(0.0, row["sq"] / n - mean * mean) * n / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


TARGETS = {
    "expert-hard-2": ("≥ 55 %", 0.55),
    "expert-rule-2": ("≥ 62 %", 0.62),
    "expert-random-2": ("≥ 72 %", 0.72),
    "expert-hard+rule+medium-4": ("≥ 35 %", 0.35),
    "hard-random-2": ("≥ 65 %", 0.65),
    "hard-rule-2": ("≥ 55 % (best reference)", 0.55),
    "hard-persistent-2": ("≥ 55 %", 0.55),
    "hard-random-4": ("≥ 40 %", 0.40),
    "medium-easy-2": ("> 50 %", 0.50),
    "medium-easy-4": ("> 25 %", 0.25),
    "easy-random-2": ("> 50 %", 0.50),
    "easy-random-4": ("> 25 %", 0.25),
}


def report(data: dict[str, object], command: str, path: Path) -> None:
    running = data.get("running", {})
    assert isinstance(running, dict)
    rows = dict(running)  # rows stopped before their end are shown, marked so
    done = data["rows"]
    assert isinstance(done, dict)
    rows.update(done)
    timing = data.get("timing", {})
    assert isinstance(timing, dict)
    lines = [
        "# Computer players: win shares and decision time",
        "",
        "Produced by `bench/bots_bench.py` (the numbers below are rewritten by it; notes at the end are by hand).",
        "",
        "Commands, in order (a run stopped early keeps the rows it had finished; rows are skipped when present):",
        "",
        *[f"- `{c}`" for c in command.split(" ; ")],
        "",
        f"Machine: {platform.machine()}, {multiprocessing.cpu_count()} cores shared with other engineers' jobs "
        f"(noisy), Python {platform.python_version()}. Default rules. Seats alternated (subject at seat g mod n).",
        "Win share: 1 per outright win, 1/k per k-way tie. ± is a 95 % confidence interval (1.96 standard errors).",
        "",
    ]
    for players, title in ((2, "Heads-up (2 players)"), (4, "4 players: subject vs three others")):
        lines += [
            f"## {title}",
            "",
            "| subject | opponent | games | subject win share | 95 % CI | outright wins | ties | target | met | code |",
            "|---|---|---:|---:|---:|---:|---:|---|---|---|",
        ]
        for row in ROWS:
            if row.players != players or not rows.get(row.key, {}).get("games"):
                continue
            r = rows[row.key]
            mean, half = ci(r)
            target = TARGETS.get(row.key)
            met = ""
            if target is not None:
                met = "yes" if mean - half > target[1] else "NO (within CI)" if mean > target[1] else "NO"
            games = f"{int(r['games'])}" + ("" if r.get("complete") else " (stopped)")
            lines.append(
                f"| {row.subject} | {row.opponent} | {games} | {mean:.1%} | ± {half:.1%} | "
                f"{int(r['wins'])} | {int(r['ties'])} | {'' if target is None else target[0]} | {met} | "
                f"{r.get('code', '')} |"
            )
        lines.append("")
    if timing:
        lines += [
            "## Time per decision",
            "",
            "Every decision of one seat against `random` players, timed around `decide(view)` only "
            "(wall clock `time.perf_counter_ns`, or CPU time of the process `time.process_time_ns` where the row "
            "says CPU), single process, while other jobs ran on the machine. Targets: `hard` median < 5 ms, "
            "`expert` p95 ≤ 300 ms.",
            "",
            "| table | decisions | median | p90 | p95 | p99 | max |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for k, t in sorted(timing.items()):
            p95 = f"{t['p95']:.1f} ms" if "p95" in t else ""
            lines.append(
                f"| {k} | {t['n']} | {t['median']:.3f} ms | {t['p90']:.3f} ms | {p95} | {t['p99']:.3f} ms "
                f"| {t['max']:.2f} ms |"
            )
        lines.append("")
    notes = path.with_suffix(".notes.md")
    if notes.exists():
        lines += [notes.read_text().rstrip(), ""]
    path.write_text("\n".join(lines))


def merge(data: dict[str, object], extra: dict[str, object]) -> None:
    """Add the games of ``extra`` (a run with another ``--start``) to the same rows of ``data``; a merged row is
    complete only if both parts are. Its decision timings replace those of the same name."""
    for part in ("rows", "running"):
        got = extra.get(part, {})
        assert isinstance(got, dict)
        for key, add in got.items():
            for where in ("rows", "running"):
                held = data.get(where, {})
                assert isinstance(held, dict)
                row = held.get(key)
                if isinstance(row, dict):
                    for f in ("games", "sum", "sq", "wins", "ties", "seconds"):
                        row[f] += add[f]
                    row["complete"] = bool(row.get("complete")) and bool(add.get("complete"))
                    break
    timing, new = data.setdefault("timing", {}), extra.get("timing", {})
    if isinstance(timing, dict) and isinstance(new, dict):
        timing.update(new)
    cmds = data.setdefault("commands", [])
    extra_cmds = extra.get("commands", [])
    if isinstance(cmds, list) and isinstance(extra_cmds, list):
        cmds += [f"{c}   (merged: other games of the same rows)" for c in extra_cmds]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=20000, help="games per row (default 20000)")
    ap.add_argument("--procs", type=int, default=2, help="worker processes, at most 2 (default 2)")
    ap.add_argument(
        "--rows",
        default="all",
        help="comma-separated row keys such as hard-random-2, each optionally with its own game count "
        "(hard-rule-2=15000); default: all rows with --games each; none: only the timing",
    )
    ap.add_argument(
        "--start",
        type=int,
        default=0,
        help="number of each row's first game (default 0): a second run with --out to a scratch file and a later "
        "--start plays other games, to be merged with --merge",
    )
    ap.add_argument("--merge", default="", help="add the rows of this scratch .json to --out's, then report")
    ap.add_argument("--redo", action="store_true", help="play rows again even if bots.json has them")
    ap.add_argument("--timing-games", type=int, default=200, help="games for the decision timing (default 200)")
    ap.add_argument("--timing-kinds", default="hard", help="players to time, e.g. hard,expert (default hard)")
    ap.add_argument("--report-only", action="store_true", help="only rewrite bots.md from bots.json")
    ap.add_argument("--out", default=str(RESULTS / "bots.json"))
    args = ap.parse_args()
    out = Path(args.out)
    md = out.with_suffix(".md")
    out.parent.mkdir(parents=True, exist_ok=True)
    data = load(out)
    rows = data["rows"]
    assert isinstance(rows, dict)
    command = ".venv/bin/python bench/bots_bench.py " + " ".join(sys.argv[1:])
    data.setdefault("commands", [])
    if args.merge:
        merge(data, load(Path(args.merge)))
        out.write_text(json.dumps(data, indent=1))
        cmds = data["commands"]
        report(data, " ; ".join(str(c) for c in cmds) if isinstance(cmds, list) else command, md)
        return 0
    if args.report_only:
        old = data.get("commands", [])
        report(data, " ; ".join(str(c) for c in old) if isinstance(old, list) and old else command, md)
        return 0
    cmds = data["commands"]
    assert isinstance(cmds, list)
    cmds.append(command)
    procs = max(1, min(2, args.procs))
    version = code_version()

    if args.timing_games > 0:
        timing = data.setdefault("timing", {})
        assert isinstance(timing, dict)
        for kind in args.timing_kinds.split(","):
            for players in (2, 4):
                for cpu in (False, True) if kind == "expert" else (False,):
                    ms = sorted(time_decisions(args.timing_games, players, kind=kind, cpu=cpu))
                    label = f"{kind} vs {players - 1} random" + (" (CPU)" if cpu else "")
                    timing[label] = {
                        "n": len(ms),
                        "median": statistics.median(ms),
                        "p90": ms[int(0.9 * (len(ms) - 1))],
                        "p95": ms[int(0.95 * (len(ms) - 1))],
                        "p99": ms[int(0.99 * (len(ms) - 1))],
                        "max": ms[-1],
                    }
                    print(
                        f"{label}: median {statistics.median(ms):.3f} ms, p95 {timing[label]['p95']:.1f} ms", flush=True
                    )
        out.write_text(json.dumps(data, indent=1))

    counts: dict[str, int] = {}
    for item in [] if args.rows in ("all", "none") else args.rows.split(","):
        key, _, n = item.strip().partition("=")
        counts[key] = int(n) if n else args.games
    unknown = set(counts) - {r.key for r in ROWS}
    if unknown:
        print(f"bots_bench: unknown rows {sorted(unknown)}; rows are {[r.key for r in ROWS]}", file=sys.stderr)
        return 2
    by_key = {r.key: r for r in ROWS}
    wanted = ROWS if args.rows == "all" else [by_key[k] for k in counts]  # explicit rows in the order given
    todo = [r for r in wanted if args.redo or not rows.get(r.key, {}).get("complete")]
    tasks: list[tuple[str, str, int, int, int]] = []
    per_row: list[list[tuple[str, str, int, int, int]]] = []
    remaining: dict[str, int] = {}
    running = data.setdefault("running", {})  # rows in progress; a finished row replaces the old one in "rows"
    assert isinstance(running, dict)
    for row in todo:
        games = counts.get(row.key, args.games)
        remaining[row.key] = games
        running[row.key] = {
            "games": 0,
            "sum": 0.0,
            "sq": 0.0,
            "wins": 0,
            "ties": 0,
            "seconds": 0.0,
            "complete": False,
            "code": version,
        }
        size = EXPERT_CHUNK if "expert" in row.key else CHUNK
        first = args.start
        starts = range(first, first + games, size)
        per_row.append([(row.subject, row.opponent, row.players, a, min(size, first + games - a)) for a in starts])
    # Rows advance together (one chunk of each in turn), so a run stopped early has some games of every row.
    for k in range(max((len(x) for x in per_row), default=0)):
        tasks += [x[k] for x in per_row if k < len(x)]
    started = time.perf_counter()
    with multiprocessing.Pool(procs) as pool:
        for key, n, s, sq, w, t, sec in pool.imap_unordered(play_chunk, tasks):
            r: dict[str, Any] = running[key]
            r["games"] += n
            r["sum"] += s
            r["sq"] += sq
            r["wins"] += w
            r["ties"] += t
            r["seconds"] += sec
            remaining[key] -= n
            if remaining[key] == 0:
                r["complete"] = True
                rows[key] = running.pop(key)
                mean, half = ci(r)
                print(f"{key}: {mean:.1%} ± {half:.1%} over {r['games']} games", flush=True)
            out.write_text(json.dumps(data, indent=1))
    print(f"done in {time.perf_counter() - started:.0f} s", flush=True)
    report(data, " ; ".join(str(c) for c in cmds), md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
