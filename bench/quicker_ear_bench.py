"""Asks heard by the quicker ear alone (issue 33): pocketsphinx deciding, as on a computer too slow for Whisper (it
rests) or without it, with some asks said with a pause at their first comma ("Fatima, ... have you got a three?").

Each trial is one ask of the split's phrasings (:func:`testspeech.corpus.asks`), at its own table, in a
:mod:`testspeech` voice — with a 0.4–0.9 s pause at its first comma when it has one, as the voice-game bench's player
says a share of its asks — between quiet, in realistic babble ``--snr`` dB under it all or in a quiet room, heard by
the game's voice ears (the real listener, read as fast as it decodes) with the game's default recognizer while
Whisper rests. It is heard twice, on the same audio, by two recognizers of their own (each hears the trials of its
process in the same order, so neither inherits the other's state): with :data:`voicefish.table.voice.QUICK_EAR_WAITS`
off and on. Reported per room: asks heard right (at once or asked back), played at once as something else (must stay
0), **replied to before the player finished** (the first thing heard was given out while the ask's words still had
more than 0.1 s to go), and the median delay from the end of the words to the first thing heard. What the ears gave
out before the ask began (the room's talk alone, while the listener learns its level) is counted apart.

    .venv/bin/python bench/quicker_ear_bench.py --split holdout --seed 62000

Tune on ``--split tuning``; report on ``--split holdout``.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import paired  # bench/paired.py: the paired benches' options, voices and run

from testspeech import corpus, synth
from testspeech.noise import babble, mix, trim
from voicefish.speech import intents as it

RATE = 16000
EARLY_SECONDS = 0.1
"""A first reply given out more than this before the ask's last word ended came before the player finished."""
LEAD_SECONDS = 5
"""Seconds of the room alone before each ask (the listener learns a room's level from 3 s of it between utterances)."""
Trial = tuple[str, str, corpus.Utterance, int, float, str]  # voice, room, ask, seed, snr, the rule toggled


def run(trial: Trial) -> dict[str, Any]:
    from voicefish.table import voice

    name, room, u, seed, snr, toggle = trial
    meant, request, rng, quiet = paired.ask_at_table(u, seed)
    lead = [quiet] * LEAD_SECONDS  # the room heard before the ask, as in a game under way (its level is learnt)
    head, comma, tail = u.text.partition(",")
    gap = rng.uniform(0.4, 0.9) if comma and tail.strip() else 0.0
    parts = [*lead]
    start = LEAD_SECONDS
    if gap:
        parts += [
            trim(synth(head + ",", name, seed=seed)),
            quiet[: int(gap * RATE)],
            trim(synth(tail.strip(), name, seed=seed)),
        ]
    else:
        parts += [trim(synth(u.text, name, seed=seed))]
    end = sum(len(p) for p in parts) / RATE
    parts += [quiet, quiet, quiet]
    audio = np.concatenate(parts)
    if room == "babble":
        audio = mix(audio, babble(len(audio), seed=seed + 9), snr)
    row: dict[str, Any] = {"voice": name, "room": room, "text": u.text, "gap": round(gap, 2), "seed": seed}
    default = getattr(voice, toggle)
    for side, on in (("off", False), ("on", True)):
        setattr(voice, toggle, on)
        heard = paired.heard_at(audio, request, paired.quicker_ear(side), LEAD_SECONDS + 2.0)
        room_only = [h for h, at in heard if at <= start]  # given out before the player began: the room's talk
        said = [(h, at) for h, at in heard if at > start]
        row[side] = {
            "heard": [(h.text, repr(h.intent), h.confirm, round(at - end, 2)) for h, at in heard],
            "right": any(h.intent == meant for h, _ in said),
            "wrong": any(isinstance(h.intent, it.Ask) and h.intent != meant and not h.confirm for h, _ in said),
            "early": bool(said) and said[0][1] < end - EARLY_SECONDS,
            "delay": round(said[0][1] - end, 2) if said else None,
            "room": len(room_only),
        }
    setattr(voice, toggle, default)
    return row


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| room | asks (with a pause) | heard right, off → on | played as something else | replied before the end "
             "| first heard, median s after the words | the room alone heard as something |",
             "|---|---|---|---|---|---|---|"]  # fmt: skip
    for room in ("quiet", "babble"):
        rs = [r for r in rows if r["room"] == room]
        if not rs:
            continue

        def both(key: str, rs: list[dict[str, Any]] = rs) -> str:
            return paired.off_on(rs, key)

        def delay(side: str, rs: list[dict[str, Any]] = rs) -> str:
            ds = [r[side]["delay"] for r in rs if r[side]["delay"] is not None]
            return f"{statistics.median(ds):.2f}" if ds else "–"

        paused = sum(1 for r in rs if r["gap"])
        lines.append(f"| {room} | {len(rs)} ({paused}) | {both('right')} | {both('wrong')} | {both('early')} | "
                     f"{delay('off')} → {delay('on')} | {sum(r['off']['room'] for r in rs)} → "
                     f"{sum(r['on']['room'] for r in rs)} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = paired.parser(__doc__ or "")
    ap.add_argument("--asks", type=int, default=20, help="asks per voice and room (default 20)")
    ap.add_argument("--rooms", default="quiet,babble", help="quiet, babble (default both)")
    ap.add_argument("--toggle", default="QUICK_EAR_WAITS", help="the rule of voicefish.table.voice turned off and on")
    args = ap.parse_args(argv)
    pool = corpus.asks("holdout" if args.split == "holdout" else "tuning")
    trials: list[Trial] = []
    for vi, v in enumerate(paired.voices(args)):
        for room in str(args.rooms).split(","):
            picked = random.Random(f"{args.seed}/{v}/{room}").sample(pool, args.asks)
            trials += [(v, room, u, args.seed + 1009 * vi + 7 * i, args.snr, args.toggle) for i, u in enumerate(picked)]
    return paired.run_all(args, trials, run, table)


if __name__ == "__main__":
    sys.exit(main())
