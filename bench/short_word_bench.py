"""A short word said alone, heard or lost (issue 33): the answers to the table's short questions — a rank ("Threes."
to "Which cards do you want from Wen? Just say the rank."), a name ("Wen." to "Did you mean Fatima or Wen?"), a yes
or a no ("Yes." / "No." to "Did you say fours?") — heard by the game's voice ears and its default ear, with the
detector's level rule for a short word (``UtteranceDetector.level_word_seconds``: an utterance the level opens when
pocketsphinx's endpointer never does) off and on, on the same audio.

Each trial: ``--lead`` seconds of the room, then the word as the voice game says it into the microphone (the
synthesizer's output untrimmed, over its faint noise floor), then two seconds of the room. "quiet": that floor alone;
"babble": realistic babble ``--snr`` dB under it all. A rank or a name is completed by the table's own policy
(:func:`voicefish.table.policy.rank_for`, :func:`~voicefish.table.policy.chosen`); a yes or a no is right when the
ear hears that answer. Reported per room and kind: right (at once or asked back), lost (no utterance at all), and
taken as something else at once (must stay 0).

    .venv/bin/python bench/short_word_bench.py --split holdout --seed 71000

Tune on ``--split tuning``; report on ``--split holdout``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import paired  # bench/paired.py: the paired benches' options, voices and run

from testspeech import corpus, synth
from testspeech.noise import babble, mix
from testspeech.speak import add_noise_floor
from voicefish.speech import intents as it
from voicefish.table.ears import Heard
from voicefish.table.policy import chosen, rank_for
from voicefish.table.words import rank_plural

RATE = 16000
KINDS = ("rank", "name", "yes", "no")
Trial = tuple[str, str, str, corpus.Utterance, int, float, float]  # voice, room, kind, ask, seed, snr, lead


def heard(audio: Any, request: Any, side: str, timeout: float) -> list[Heard]:
    """What the game's voice ears (default ear) hear in ``audio`` (each utterance waited for ``timeout`` seconds),
    with the level rule for a short word on or off."""
    from voicefish.audio.listen import ArraySource, Listener, UtteranceDetector
    from voicefish.table.voice import VoiceEars

    detector = UtteranceDetector()
    if side == "off":
        detector.level_word_seconds = None
    ears = VoiceEars(
        Listener(ArraySource(audio, realtime=False), detector),
        paired.recognizer(side, paired.default_ear),
        timeout=timeout,
    )
    return list(iter(lambda: ears.listen(request), None))


def run(trial: Trial) -> dict[str, Any]:
    name, room, kind, u, seed, snr, lead = trial
    meant, request, _, _ = paired.ask_at_table(u, seed)
    word = {
        "rank": f"{rank_plural(meant.rank).capitalize()}.",
        "name": f"{meant.target}.",
        "yes": random.Random(seed).choice(("Yes.", "Yeah.", "Yep.")),
        "no": random.Random(seed).choice(("No.", "Nope.", "No.")),
    }[kind]
    said = synth(word, name, seed=seed).astype(np.float64)
    floor = add_noise_floor(np.zeros(round(lead * RATE)), -70.0, seed + 1).astype(np.float64)
    tail = add_noise_floor(np.zeros(2 * RATE), -70.0, seed + 2).astype(np.float64)
    audio = np.clip(np.concatenate([floor, said, tail]), -32768, 32767).astype(np.int16)
    if room == "babble":
        audio = mix(audio, babble(len(audio), seed=seed + 9), snr)
    if kind in ("rank", "name"):
        asked = replace(request, which=True)
    else:
        asked = replace(request, expecting="confirm", prompt=f"Did you say {rank_plural(meant.rank)}?")
    others = tuple(p for p in u.players if p != u.me)
    offered = Heard(it.Ambiguous(others, it.Ask("", meant.rank)), "")
    row: dict[str, Any] = {"voice": name, "room": room, "kind": kind, "word": word, "seed": seed}
    for side in ("off", "on"):
        got = heard(audio, asked, side, lead + 2.0)
        first = got[0] if got else None
        right, wrong = False, False
        if kind == "rank":
            done = rank_for(first, asked, meant.target)
            right = done is not None and done.intent == meant
            wrong = done is not None and done.intent != meant and not done.confirm
        elif kind == "name":
            done = chosen(first, asked, offered)
            right = done is not None and done.intent == meant
            wrong = done is not None and done.intent != meant and not done.confirm
        elif first is not None:
            want = it.Yes if kind == "yes" else it.No
            other = it.No if kind == "yes" else it.Yes
            right = isinstance(first.intent, want)
            wrong = isinstance(first.intent, other) and not first.confirm
        row[side] = {"heard": [h.text for h in got], "right": right, "lost": not got, "wrong": wrong}
    return row


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| room | word alone | trials | right, off → on | lost (no utterance) | taken as another, at once |",
             "|---|---|---|---|---|---|"]  # fmt: skip
    for room in ("quiet", "babble"):
        for kind in KINDS:
            rs = [r for r in rows if r["room"] == room and r["kind"] == kind]
            if rs:
                right, lost, wrong = (paired.off_on(rs, k) for k in ("right", "lost", "wrong"))
                lines.append(f"| {room} | {kind} | {len(rs)} | {right} | {lost} | {wrong} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = paired.parser(__doc__ or "")
    ap.add_argument("--words", type=int, default=5, help="words per voice, room and kind (default 5)")
    ap.add_argument("--rooms", default="quiet,babble", help="quiet, babble (default both)")
    ap.add_argument("--kinds", default=",".join(KINDS), help="rank, name, yes, no (default all)")
    ap.add_argument("--lead", type=float, default=4.0, help="seconds of the room before the word (default 4)")
    args = ap.parse_args(argv)
    trials = [(*t, args.snr, args.lead) for t in paired.ask_trials(args, args.words)]
    return paired.run_all(args, trials, run, table)


if __name__ == "__main__":
    sys.exit(main())
