"""An ask the room garbled, asked back (:attr:`voicefish.audio.whisper.WhisperSettings.garbled_ask_below`).

Every ask and sentence of table talk of the split's corpus (:mod:`testspeech.corpus`) in each voice, clean and in
realistic babble 10 dB, decoded once by the game's Whisper base (the asker holding the rank asked for and four other
ranks, or five ranks for talk); the rule applied to that same result, off and on: a text that is no game sentence
but writes out one rank the asker holds and names at most one player, decoded below the bar, is asked back as that
ask (or which player). Reported per room and kind, off -> on: asks heard right (played, or asked back, or "which
player?" with the right one among the choices), asks played at once as something else (wrong), something else asked
back, something else acted on at once.

    .venv/bin/python bench/garbled_ask_bench.py --split holdout --seed 65000

(``--snr`` is not used: the babble is the corpus condition ``babble10``.)

Tune on ``--split tuning``, report on ``--split holdout`` (bench/history/voicegame.md, session 57).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import paired  # bench/paired.py: the paired benches' options, voices and run

from testspeech import synth
from testspeech.corpus import Utterance, asks, talk
from testspeech.noise import degrade
from voicefish.cards import RANKS, Rank
from voicefish.speech import intents as it
from voicefish.speech.grammar import TableContext

CONDITIONS = ("clean", "babble10")
Trial = tuple[str, Utterance, int, str]  # voice, utterance, seed, condition
_state: dict[str, Any] = {}


def _whisper() -> Any:
    """The game's Whisper base, the rule off (applied by hand to each result), made once per process."""
    from voicefish.audio.whisper import WhisperRecognizer

    if "rec" not in _state:
        rec = WhisperRecognizer("whisper-base")
        rec.expect("turn")
        _state["bar"] = rec.settings.garbled_ask_below
        rec.settings = replace(rec.settings, garbled_ask_below=None)
        _state["rec"] = rec
    return _state["rec"]


def _meant(u: Utterance) -> it.Ask | None:
    if u.expected is None:
        return None
    return it.Ask(str(u.expected["target"]), next(r for r in RANKS if str(r) == u.expected["rank"]))


def run(trial: Trial) -> dict[str, Any]:
    voice, u, seed, condition = trial
    rec = _whisper()
    rng = random.Random(seed)
    meant = _meant(u)
    ranks: list[Rank] = list(RANKS)
    if meant is not None:
        hand = {meant.rank, *rng.sample([r for r in ranks if r != meant.rank], 4)}
    else:
        hand = set(rng.sample(ranks, 5))
    rec.set_table(TableContext(u.players, me=u.me), hand=hand)
    audio = synth(u.text, voice, seed=seed)
    if condition != "clean":
        audio = degrade(audio, condition, seed=seed)
    off = rec.decode(audio)
    on = off
    if off.reason == "not a game sentence":
        rec.settings = replace(rec.settings, garbled_ask_below=_state["bar"])
        on = rec._garbled_ask(off) or off
        rec.settings = replace(rec.settings, garbled_ask_below=None)

    def right(x: Any) -> bool:
        if meant is None:
            return False
        if x.intent == meant:
            return True
        return (
            isinstance(x.intent, it.Ambiguous)
            and x.intent.partial == it.Ask("", meant.rank)
            and meant.target in x.intent.candidates
        )

    def wrong(x: Any) -> bool:
        return isinstance(x.intent, it.Ask) and not x.confirm and x.intent != meant

    def asked(x: Any) -> bool:
        return isinstance(x.intent, (it.Ask, it.Ambiguous)) and x.confirm and not right(x)

    def acted(x: Any) -> bool:
        return not x.confirm and not isinstance(x.intent, it.NoIntent) and not right(x)

    checks = {"right": right, "wrong": wrong, "asked": asked, "acted": acted}
    out: dict[str, Any] = {"voice": voice, "text": u.text, "kind": "talk" if meant is None else "ask"}
    out |= {"condition": condition, "heard": off.text, "logprob": off.features.get("avg_logprob"), "on": on.reason}
    for side, x in (("off", off), ("on", on)):
        out |= {f"{k}_{side}": f(x) for k, f in checks.items()}
    return out


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| room | kind | trials | heard right | wrong (0) | something else asked back | acted on |",
        "|---|---|---|---|---|---|---|",
    ]
    for condition in CONDITIONS:
        for kind in ("ask", "talk"):
            rs = [r for r in rows if r["condition"] == condition and r["kind"] == kind]
            cells = [f"{sum(r[k + '_off'] for r in rs)} → {sum(r[k + '_on'] for r in rs)}" for k in
                     ("right", "wrong", "asked", "acted")]  # fmt: skip
            lines.append(f"| {condition} | {kind} | {len(rs)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    args = paired.parser(__doc__ or "").parse_args()
    items = asks(args.split) + talk(args.split)
    trials: list[Trial] = [
        (v, u, args.seed + 1009 * vi + 13 * ui + k, condition)
        for vi, v in enumerate(paired.voices(args))
        for ui, u in enumerate(items)
        for k, condition in enumerate(CONDITIONS)
    ]
    return paired.run_all(args, trials, run, table)


if __name__ == "__main__":
    sys.exit(main())
