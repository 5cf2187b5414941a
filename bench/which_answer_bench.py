"""A name or a rank said alone, heard by the quicker ear (issue 33): the answer to the table's two short questions,
"Did you mean Fatima or Wen? Just say the name." and "Which cards do you want from Fatima? Just say the rank.", with
pocketsphinx deciding, as on a computer too slow for Whisper (it rests) or without it.

Each trial is one ask of the split's phrasings (:func:`testspeech.corpus.asks`) at its own table, in a
:mod:`testspeech` voice, in a quiet room or with realistic babble ``--snr`` dB under it all: the room alone for 5 s
and the ask (heard first, as at the table: the ear is warm when the question comes), then the answer alone — the
asked player's name, or the rank's plural — heard by the game's voice ears with the game's default recognizer while
Whisper rests, and completed by the table's own policy (:func:`voicefish.table.policy.chosen`,
:func:`~voicefish.table.policy.rank_for`). Heard twice, on the same audio, by two recognizers of their own: with
``ListenRequest.which`` off (the table's request before it set it) and on. Reported per room and kind: the ask
completed right (at once or asked back), completed right and played at once, completed as another ask and played at
once (must stay 0), and completed as another ask but asked back.

``--ear default``: the game's default ear, Whisper deciding, the request's ``which`` on for both sides; the two sides
are the rule that a rank said alone both ears wrote alone is sure (``HybridRecognizer.rank_alone_agreed``) off and on.

``--kinds again`` (with ``--ear default``): the answer to "Which cards do you want from Fatima?" is the rank alone
(off) or the whole ask said again in another of the split's phrasings (on), each completed as the table does
(:func:`~voicefish.table.policy.rank_for`, else :func:`~voicefish.table.policy.decide`): is a loud room's rank
question better answered with the whole ask? ``--kinds again-name``: the same for "Did you mean Fatima or Wen?" (the
name alone, or the whole ask).

    .venv/bin/python bench/which_answer_bench.py --split holdout --seed 63000

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
from testspeech.noise import babble, mix, trim
from testspeech.voicegame import ask_templates
from voicefish.speech import intents as it
from voicefish.table.ears import Heard
from voicefish.table.policy import Action, chosen, decide, rank_for
from voicefish.table.words import rank_plural

RATE = 16000
LEAD_SECONDS = 5
"""Seconds of the room alone before the ask (the listener learns a room's level from 3 s of it)."""
Trial = tuple[str, str, str, corpus.Utterance, int, float, str]  # voice, room, kind, ask, seed, snr, ear


def ear(kind: str, side: str) -> Any:
    """The recognizer of ``side`` for ``--ear kind``: the quicker ear (pocketsphinx, Whisper resting), or the game's
    default ear with :attr:`~voicefish.audio.whisper.HybridRecognizer.rank_alone_agreed` off (``off``) or on."""
    if kind == "quicker":
        return paired.quicker_ear(side)
    from voicefish.audio.whisper import HybridRecognizer

    def make() -> Any:
        rec = paired.default_ear()
        assert isinstance(rec, HybridRecognizer), rec
        rec.rank_alone_agreed = side == "on"
        return rec

    return paired.recognizer(side, make)


def run(trial: Trial) -> dict[str, Any]:
    name, room, kind, u, seed, snr, which_ear = trial
    meant, request, _, quiet = paired.ask_at_table(u, seed)
    ask = np.concatenate([*[quiet] * LEAD_SECONDS, trim(synth(u.text, name, seed=seed)), quiet, quiet])
    whole = kind.startswith("again")  # the word alone (off) against the whole ask again (on)
    asks_name = kind in ("name", "again-name")
    word = f"{meant.target}." if asks_name else f"{rank_plural(meant.rank).capitalize()}."
    again = _again(u, meant, seed) if whole else ""

    def said(words: str, salt: int) -> Any:
        answer = np.concatenate([quiet[: RATE // 2], trim(synth(words, name, seed=seed + 1)), quiet, quiet, quiet])
        return mix(answer, babble(len(answer), seed=seed + salt), snr) if room == "babble" else answer

    if room == "babble":
        ask = mix(ask, babble(len(ask), seed=seed + 9), snr)
    alone = said(word, 10)
    answers = {"off": alone, "on": said(again, 10) if again else alone}
    others = tuple(p for p in u.players if p != u.me)
    offered = Heard(it.Ambiguous(others, it.Ask("", meant.rank)), "")
    row: dict[str, Any] = {"voice": name, "room": room, "kind": kind, "ask": u.text, "word": word, "seed": seed}
    if again:
        row["again"] = again
    for side, which in (("off", False), ("on", True)):
        rec = ear("default" if whole else which_ear, "off" if whole else side)
        paired.heard_at(ask, request, rec, LEAD_SECONDS + 2.0)  # the ask, as at the table (its result not scored)
        asked = replace(request, which=which or which_ear == "default" or whole)
        heard = [h for h, _ in paired.heard_at(answers[side], asked, rec, 2.0)]
        first = heard[0] if heard else None
        done = chosen(first, asked, offered) if asks_name else rank_for(first, asked, meant.target)
        if whole and done is None and first is not None:
            decision = decide(first, asked)
            if decision.action in (Action.PLAY, Action.CONFIRM, Action.ASK_BACK_RANK) and decision.heard is not None:
                done = replace(decision.heard, confirm=decision.action is not Action.PLAY)
        row[side] = {
            "heard": [h.text for h in heard],
            "right": done is not None and done.intent == meant,
            "at once": done is not None and done.intent == meant and not done.confirm,
            "wrong": done is not None and done.intent != meant and not done.confirm,
            "asked back other": done is not None and done.intent != meant and done.confirm,
        }
    return row


def _again(u: corpus.Utterance, meant: it.Ask, seed: int) -> str:
    """``meant`` said again as a whole ask, in another of the split's phrasings than ``u``'s."""
    plural, singular = corpus.RANKS[meant.rank.code]
    article = ("an " if singular[0] in "aeiou" else "a ") + singular
    phrasings = [t for t in ask_templates(u.split) if t.format(n=meant.target, r=plural, r1=article) != u.text]
    return random.Random(seed).choice(phrasings).format(n=meant.target, r=plural, r1=article)


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| room | word alone | trials | completed right, off → on | right, played at once | another ask played at "
             "once | another ask, asked back |", "|---|---|---|---|---|---|---|"]  # fmt: skip
    for room in ("quiet", "babble"):
        for kind in ("name", "rank", "again", "again-name"):
            rs = [r for r in rows if r["room"] == room and r["kind"] == kind]
            if not rs:
                continue
            right, once, wrong, other = (
                paired.off_on(rs, k) for k in ("right", "at once", "wrong", "asked back other")
            )
            lines.append(f"| {room} | {kind} | {len(rs)} | {right} | {once} | {wrong} | {other} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = paired.parser(__doc__ or "")
    ap.add_argument("--asks", type=int, default=10, help="asks per voice, room and kind (default 10)")
    ap.add_argument("--rooms", default="quiet,babble", help="quiet, babble (default both)")
    ap.add_argument("--kinds", default="name,rank", help="name, rank, again, again-name (default name,rank)")
    ap.add_argument(
        "--ear",
        choices=("quicker", "default"),
        default="quicker",
        help="quicker: pocketsphinx alone, which off/on (default); default: Whisper deciding, rank_alone_agreed off/on",
    )
    args = ap.parse_args(argv)
    trials: list[Trial] = [(*t, args.snr, args.ear) for t in paired.ask_trials(args, args.asks)]
    return paired.run_all(args, trials, run, table)


if __name__ == "__main__":
    sys.exit(main())
