"""A pause after the start of an ask in a loud room (issue 33): "Um, Wen, ... do you have any sixes?".

Each trial is one utterance or two in a :mod:`testspeech` voice — a lead-in and a name, a pause, the rest of the ask
("lead"); a sentence of table talk, a 1 s pause, a whole ask ("talk"); a whole ask alone ("plain") — with realistic
babble ``--snr`` dB under it all, heard by the game's voice ears (the real listener, read as fast as it decodes) and
its default recognizer (Whisper base deciding), twice on the same audio (by a recognizer of its own each time):
with the loud room's garbled lead-in rule off and on (:data:`voicefish.table.voice.GARBLED_LEAD_SECONDS`). Reported
per kind: trials whose ask was heard right (at once or asked back), heard right as the first thing heard, asks played
at once as something else (must stay 0), and utterances heard in all (a lead-in heard apart is one more).

    .venv/bin/python bench/lead_in_bench.py --split holdout --seed 59000

Tune on ``--split tuning``, report on ``--split holdout`` (bench/history/voicegame.md, session 55).
"""

from __future__ import annotations

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

REQUEST = ListenRequest("Joe", ("Joe", "Fatima", "Wen"), (Rank.JACK, Rank.SIX, Rank.TWO), RuleSet(),
                        frozenset({"Fatima", "Wen"}))  # fmt: skip
RESTS = (("got any jacks?", Rank.JACK), ("do you have any sixes?", Rank.SIX), ("have you got a two?", Rank.TWO))
LEADS = ("Hey Wen,", "Um, Wen,", "Okay, Wen,", "Hey Fatima,", "Um, Fatima,", "So, Fatima,")
TALK = ("pass the chips please", "this is a fun game", "hold on a second", "I never get any sixes")
ASKS = (
    ("Wen, got any jacks?", it.Ask("Wen", Rank.JACK)),
    ("Fatima, do you have any twos?", it.Ask("Fatima", Rank.TWO)),
)
PLAIN = (
    ("Wen, got any jacks?", it.Ask("Wen", Rank.JACK)),
    ("Fatima, do you have any sixes?", it.Ask("Fatima", Rank.SIX)),
    ("Give me your twos, Wen.", it.Ask("Wen", Rank.TWO)),
)
Case = tuple[str, str, float, str, it.Ask]  # kind, first part ("" = none), pause after it, the ask (or its rest), meant
Trial = tuple[str, Case, int, float]  # voice, case, seed, snr


def cases() -> list[Case]:
    out: list[Case] = []
    for lead in LEADS:
        out += [("lead", lead, 0.8, rest, it.Ask(lead.split()[-1].strip(","), rank)) for rest, rank in RESTS]
    out += [("talk", talk, 1.0, ask, meant) for talk in TALK for ask, meant in ASKS]
    return out + [("plain", "", 0.0, ask, meant) for ask, meant in PLAIN]


def run(trial: Trial) -> dict[str, Any]:
    from voicefish.table import voice

    name, (kind, first, pause, rest, meant), seed, snr = trial
    quiet = np.random.default_rng(seed).normal(0, 4, 16000).astype(np.int16)
    parts = [quiet]
    if first:
        parts += [trim(synth(first, name, seed=seed)), quiet[: int(pause * 16000)]]
    parts += [trim(synth(rest, name, seed=seed + 1)), quiet, quiet, quiet]
    audio = np.concatenate(parts)
    audio = mix(audio, babble(len(audio), seed=seed + 9), snr)
    row: dict[str, Any] = {"voice": name, "kind": kind, "first": first, "rest": rest, "seed": seed}
    default = voice.GARBLED_LEAD_SECONDS
    for side, seconds in (("off", 0.0), ("on", default)):
        voice.GARBLED_LEAD_SECONDS = seconds
        heard = paired.heard_all(audio, REQUEST, side)
        row[side] = {
            "heard": [(h.text, repr(h.intent), h.confirm) for h in heard],
            "right": any(h.intent == meant for h in heard),
            "first_right": bool(heard) and heard[0].intent == meant,
            "wrong": any(isinstance(h.intent, it.Ask) and h.intent != meant and not h.confirm for h in heard),
        }
    voice.GARBLED_LEAD_SECONDS = default
    return row


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| kind | trials | heard right, off → on | first heard right | played as something else | utterances |",
             "|---|---|---|---|---|---|"]  # fmt: skip
    for kind in ("lead", "talk", "plain"):
        rs = [r for r in rows if r["kind"] == kind]

        def both(key: str, rs: list[dict[str, Any]] = rs) -> str:
            return paired.off_on(rs, key)

        parts = f"{sum(len(r['off']['heard']) for r in rs)} → {sum(len(r['on']['heard']) for r in rs)}"
        lines.append(f"| {kind} | {len(rs)} | {both('right')} | {both('first_right')} | {both('wrong')} | {parts} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = paired.parser(__doc__).parse_args(argv)
    trials: list[Trial] = [
        (v, case, args.seed + 101 * vi + 7 * ci, args.snr)
        for vi, v in enumerate(paired.voices(args))
        for ci, case in enumerate(cases())
    ]
    return paired.run_all(args, trials, run, table)


if __name__ == "__main__":
    sys.exit(main())
