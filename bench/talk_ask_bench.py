"""Table talk, then an ask (issue 33): "I never get any sixes ... Fatima, do you have any twos?".

Each trial is a sentence of table talk, a pause of 0.2-1.0 s and a whole ask ("talk+ask"), or the talk alone ("talk"),
in a :mod:`testspeech` voice, quiet and with realistic babble ``--snr`` dB under it all, heard by the game's voice
ears (the real listener, read as fast as it decodes) and its default recognizer (Whisper base deciding), twice on
the same audio: with the ask at the end of other words off and on
(:attr:`voicefish.audio.whisper.WhisperSettings.ask_at_the_end`). The talk and the pause are heard with the ask when
the endpointer does not close between them, or when the table waits for the rest of a first part it could not make
out. Reported per kind and room: trials whose ask was heard right (at once or asked back), asks played at once as
something else (must stay 0), something else asked back, something else acted on at once (a command), utterances.

    .venv/bin/python bench/talk_ask_bench.py --split holdout --seed 63000

Tune on ``--split tuning``, report on ``--split holdout`` (bench/history/voicegame.md, session 56).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import paired  # bench/paired.py: the paired benches' options, voices, ears and run

from testspeech import synth
from testspeech.noise import babble, mix, trim
from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import ListenRequest

REQUEST = ListenRequest("Joe", ("Joe", "Fatima", "Wen"), (Rank.JACK, Rank.SIX, Rank.TWO, Rank.NINE), RuleSet(),
                        frozenset({"Fatima", "Wen"}))  # fmt: skip
TALK = {
    "tuning": (
        "pass the chips please", "this is a fun game", "hold on a second", "I never get any sixes",
        "Fatima, take your time with those fours", "Wen always asks for tens", "I should have asked for sevens",
        "who wants more tea?",
    ),
    "holdout": (
        "who dealt this mess?", "we should play this at Christmas", "give me a minute to think",
        "I was going to ask for threes", "Wen, can you pass the water?", "I hope Fatima doesn't have any fives",
        "Fatima has all the eights, I bet", "is there any pizza left?",
    ),
}  # fmt: skip
ASKS = {
    "tuning": (
        ("Wen, got any jacks?", it.Ask("Wen", Rank.JACK)),
        ("Fatima, do you have any twos?", it.Ask("Fatima", Rank.TWO)),
    ),
    "holdout": (
        ("Wen, have you got a nine?", it.Ask("Wen", Rank.NINE)),
        ("Give me your sixes, Fatima.", it.Ask("Fatima", Rank.SIX)),
    ),
}
Case = tuple[str, str, str, it.Ask | None]  # kind, talk, the ask ("" = none), meant
Trial = tuple[str, Case, int, float | None]  # voice, case, seed, snr (None: quiet)


def cases(split: str) -> list[Case]:
    out: list[Case] = [("talk+ask", talk, ask, meant) for talk in TALK[split] for ask, meant in ASKS[split]]
    return out + [("talk", talk, "", None) for talk in TALK[split]]


def run(trial: Trial) -> dict[str, Any]:
    from dataclasses import replace

    from voicefish.audio.whisper import WhisperRecognizer

    name, (kind, talk, ask, meant), seed, snr = trial
    quiet = np.random.default_rng(seed).normal(0, 4, 16000).astype(np.int16)
    parts = [quiet, trim(synth(talk, name, seed=seed))]
    if ask:
        pause = random.Random(seed).uniform(0.2, 1.0)
        parts += [quiet[: int(pause * 16000)], trim(synth(ask, name, seed=seed + 1))]
    audio = np.concatenate([*parts, quiet, quiet, quiet])
    if snr is not None:
        audio = mix(audio, babble(len(audio), seed=seed + 9), snr)
    row: dict[str, Any] = {"voice": name, "kind": kind, "talk": talk, "ask": ask, "seed": seed, "snr": snr}
    for side, on in (("off", False), ("on", True)):
        rec = paired.recognizer(side)
        whisper = next(r for r in (rec, getattr(rec, "whisper", None)) if isinstance(r, WhisperRecognizer))
        whisper.settings = replace(whisper.settings, ask_at_the_end=on)
        heard = paired.heard_all(audio, REQUEST, side)
        other = [h for h in heard if h.intent != meant]
        row[side] = {
            "heard": [(h.text, repr(h.intent), h.confirm, h.reason) for h in heard],
            "right": any(h.intent == meant for h in heard),
            "wrong": any(isinstance(h.intent, it.Ask) and not h.confirm for h in other),
            "asked_back": sum(1 for h in other if isinstance(h.intent, it.Ask | it.Ambiguous) and h.confirm),
            "acted_on": sum(1 for h in other if not h.confirm and not isinstance(h.intent, it.NoIntent)),
        }
    return row


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| kind | room | trials | ask heard right, off → on | played as something else | something else asked "
             "back | something else acted on | utterances |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for kind in ("talk+ask", "talk"):
        for room, snr in (("quiet", None), ("babble", "any")):
            rs = [r for r in rows if r["kind"] == kind and (r["snr"] is None) == (snr is None)]

            def both(key: str, rs: list[dict[str, Any]] = rs) -> str:
                return paired.off_on(rs, key)

            parts = f"{sum(len(r['off']['heard']) for r in rs)} → {sum(len(r['on']['heard']) for r in rs)}"
            right = both("right") if kind != "talk" else "–"
            lines.append(
                f"| {kind} | {room} | {len(rs)} | {right} | {both('wrong')} | {both('asked_back')} "
                f"| {both('acted_on')} | {parts} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = paired.parser(__doc__).parse_args(argv)
    trials: list[Trial] = [
        (v, case, args.seed + 101 * vi + 7 * ci + 1000 * k, snr)
        for vi, v in enumerate(paired.voices(args))
        for ci, case in enumerate(cases(args.split))
        for k, snr in enumerate((None, args.snr))
    ]
    return paired.run_all(args, trials, run, table)


if __name__ == "__main__":
    sys.exit(main())
