"""How well does ``expert`` read the hands it cannot see? A per-position measure, no strength run needed.

At each of ``expert``'s decisions in games against ``--opponent``, for every opponent still in and every rank
``expert`` holds (the asks it could make), three guesses of "does that opponent hold the rank?" are scored against
the game's truth (read from the game, which no player can):

- ``sampled``: the share of ``--samples`` deals ``expert``'s own sampler (``voicefish.bots.expert._deal_unseen``)
  gives that opponent at least one card of the rank — what the search plays on;
- ``counted``: ``hard``'s counted probability (``Knowledge.p_holds``: the unplaced cards spread over the places
  that can hold them);
- ``base rate``: one number for every guess, the share of true ones over the whole run (a guess that reads nothing).

Each is reported as its Brier score (mean squared error; lower is better) over all those guesses, with the number of
positions and guesses. Given the true hand, ``expert`` wins 79 % against ``hard`` instead of 52.5 %
(bench/history/bots.md): a better reading shows here first, in seconds, before any paired run.

    .venv/bin/python bench/expert_reading.py --games 40 --opponent hard
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from voicefish.bots import make_player
from voicefish.bots.expert import ExpertPlayer, _deal_unseen, _position
from voicefish.engine import Game, PlayerView
from voicefish.engine.views import legal_asks


def read_game(g: int, opponent: str, samples: int, out: list[tuple[int, float, float]]) -> int:
    """Play game ``g`` (``expert`` in seat ``g % 2`` heads-up), appending ``(truth, sampled, counted)`` per guess.
    Returns the number of ``expert`` decisions read."""
    seat = g % 2
    kinds = [opponent, opponent]
    kinds[seat] = "expert"
    game = Game(["p0", "p1"], seed=random.Random(f"reading/{g}").getrandbits(63))
    players = [make_player(k, seed=g * 10 + i) for i, k in enumerate(kinds)]
    expert = players[seat]
    assert isinstance(expert, ExpertPlayer)
    positions = 0
    while not game.over:
        cur = game.current
        assert cur is not None
        view: PlayerView = game.view(cur)
        decision = players[cur].decide(view)
        if cur == seat and not view.rules.authors and not view.in_tiebreak:
            positions += 1
            k = expert._hard._k  # brought up to date by this decision
            start = _position(view, k)
            rng = random.Random(g * 1_000_003 + len(view.events))
            deals = [_deal_unseen(view, k, start, rng) for _ in range(samples)]
            ranks = sorted({a.rank for a in legal_asks(view)})
            for s in range(len(view.players)):
                if s == seat or not view.active[s]:
                    continue
                truth = {int(r) for r in game._hands[s]}
                for r in ranks:
                    held = sum(1 for d in deals if d.hands[s][int(r)] > 0) / samples
                    counted = k.p_holds(s, r, view.holds(r))
                    out.append((int(int(r) in truth), held, counted))
        game.apply(decision.action)
    return positions


def brier(pairs: list[tuple[int, float]]) -> float:
    return sum((p - t) ** 2 for t, p in pairs) / len(pairs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="heads-up games, expert's seat alternating (default 40)")
    ap.add_argument("--opponent", default="hard", help="the other seat's kind (default hard)")
    ap.add_argument("--samples", type=int, default=64, help="deals sampled per position (default 64)")
    ap.add_argument("--first", type=int, default=0, help="first game number (default 0)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.samples < 1:
        ap.error("--games and --samples must be at least 1")
    t0 = time.process_time()
    out: list[tuple[int, float, float]] = []
    positions = sum(read_game(g, args.opponent, args.samples, out) for g in range(args.first, args.first + args.games))
    if not out:
        print("expert_reading: no position with a guess to score", file=sys.stderr)
        return 1
    rate = sum(t for t, _, _ in out) / len(out)
    print(
        f"expert vs {args.opponent}, games {args.first}..{args.first + args.games - 1}: {positions} positions, "
        f"{len(out)} guesses (true {100 * rate:.1f} %), {time.process_time() - t0:.0f} CPU-s\n"
    )
    print("| guess | Brier score |\n|---|---|")
    print(f"| sampled ({args.samples} deals) | {brier([(t, s) for t, s, _ in out]):.4f} |")
    print(f"| counted (`p_holds`) | {brier([(t, c) for t, _, c in out]):.4f} |")
    print(f"| base rate | {brier([(t, rate) for t, _, _ in out]):.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
