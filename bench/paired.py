"""What the paired listening benches share (``bench/lead_in_bench.py``, ``bench/talk_ask_bench.py``): a rule of the
game's ears measured on the same audio with it off and on, in the split's realistic voices, through the game's voice
ears (the real listener, read as fast as it decodes) and its default recognizer.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from testspeech import HOLDOUT, TUNING, corpus
from voicefish.cards import Rank, parse_rank
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import Heard, ListenRequest

T = TypeVar("T")
_state: dict[str, Any] = {}


def parser(doc: str) -> argparse.ArgumentParser:
    """The options every paired bench takes: --split, --voices, --snr, --seed, --jobs, --json."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n", maxsplit=1)[0])
    ap.add_argument("--split", choices=("tuning", "holdout"), default="holdout", help="voices (default: holdout)")
    ap.add_argument("--voices", help="comma-separated voices (default: the split's voices but espeak)")
    ap.add_argument("--snr", type=float, default=10.0, help="dB of the babble under the speech (default 10)")
    ap.add_argument("--seed", type=int, default=0, help="added to every trial's seed (a fresh sample)")
    ap.add_argument("--jobs", type=int, default=2, help="trials at once")
    ap.add_argument("--json", type=Path, help="write the trials here")
    return ap


def voices(args: argparse.Namespace) -> list[str]:
    """``--voices``, or the split's voices but espeak."""
    pool = HOLDOUT if args.split == "holdout" else TUNING
    return str(args.voices).split(",") if args.voices else [v for v in pool if not v.startswith("espeak")]


def recognizer(side: str, make: Callable[[], Any] | None = None) -> Any:
    """The game's default recognizer (or what ``make`` makes), made once per process for each ``side`` of the
    comparison: each side hears the trials of its process in the same order and keeps its own state (the cepstral
    mean, the voice learnt), so the second hearing of the same audio is not heard by a recognizer the first one
    changed."""
    from voicefish.table import voice

    if side not in _state:
        _state[side] = make() if make is not None else voice.make_recognizer("auto", probe=False)[0]
    return _state[side]


def default_ear() -> Any:
    """The game's default ear (``make_recognizer("auto")``) with its Whisper never resting as too slow: what it hears,
    not how fast (Whisper resting on a busy machine is another bench's)."""
    from voicefish.audio.whisper import HybridRecognizer
    from voicefish.table import voice

    rec = voice.make_recognizer("auto", probe=False)[0]
    if isinstance(rec, HybridRecognizer):
        rec.budget = float("inf")
    return rec


def quicker_ear(side: str) -> Any:
    """The game's default recognizer without Whisper (as while it rests: pocketsphinx alone), one per side and
    process (:func:`recognizer`)."""
    from voicefish.audio.whisper import HybridRecognizer

    return recognizer(side, lambda: HybridRecognizer(None))


def hand_with(rank: Rank, rng: random.Random) -> tuple[Rank, ...]:
    """An asker's ranks at a bench's table: ``rank`` (the one asked for) and two others drawn from ``rng``."""
    return tuple(sorted({rank, *rng.sample([r for r in Rank if r != rank], 2)}))


def ask_at_table(u: corpus.Utterance, seed: int) -> tuple[it.Ask, ListenRequest, random.Random, npt.NDArray[np.int16]]:
    """The ask ``u`` means, its table's request (the asker holding that rank and two others), the trial's random
    (``seed``; drawn from once) and a second of the quiet room."""
    assert u.expected is not None
    meant = it.Ask(u.expected["target"], parse_rank(u.expected["rank"]))
    rng = random.Random(seed)
    hand = hand_with(meant.rank, rng)
    request = ListenRequest(u.me, u.players, hand, RuleSet(), frozenset(p for p in u.players if p != u.me))
    return meant, request, rng, np.random.default_rng(seed).normal(0, 4, 16000).astype(np.int16)


def heard_at(
    audio: npt.NDArray[np.int16], request: ListenRequest, rec: Any, timeout: float
) -> list[tuple[Heard, float]]:
    """Everything the game's voice ears with ``rec`` hear in ``audio``, one utterance after another, each with how far
    (seconds) they had read when it was given out."""
    from voicefish.audio.listen import SAMPLE_RATE, ArraySource, Listener
    from voicefish.table.voice import VoiceEars

    source = ArraySource(audio, realtime=False)
    ears = VoiceEars(Listener(source), rec, timeout=timeout)
    return [(h, source.position / SAMPLE_RATE) for h in iter(lambda: ears.listen(request), None)]


def heard_all(audio: npt.NDArray[np.int16], request: ListenRequest, side: str) -> list[Heard]:
    """Everything the game's voice ears hear in ``audio``, one utterance after another, by ``side``'s recognizer."""
    return [h for h, _ in heard_at(audio, request, recognizer(side), 2.0)]


def off_on(rows: Sequence[dict[str, Any]], key: str) -> str:
    """``key`` over ``rows``, each side summed (a yes counts one): "3 → 5"."""
    return f"{sum(int(r['off'][key]) for r in rows)} → {sum(int(r['on'][key]) for r in rows)}"


def ask_trials(args: argparse.Namespace, count: int) -> list[tuple[str, str, str, corpus.Utterance, int]]:
    """(voice, room, kind, ask, seed): ``count`` asks of the split's phrasings for each voice, ``--rooms`` and
    ``--kinds`` (comma-separated), each with its own seed from ``--seed``."""
    pool = corpus.asks("holdout" if args.split == "holdout" else "tuning")
    trials = []
    for vi, v in enumerate(voices(args)):
        for room in str(args.rooms).split(","):
            for kind in str(args.kinds).split(","):
                picked = random.Random(f"{args.seed}/{v}/{room}/{kind}").sample(pool, count)
                trials += [(v, room, kind, u, args.seed + 1009 * vi + 7 * i) for i, u in enumerate(picked)]
    return trials


def run_all(
    args: argparse.Namespace,
    trials: Sequence[T],
    run: Callable[[T], dict[str, Any]],
    table: Callable[[Sequence[dict[str, Any]]], str],
) -> int:
    """Run ``trials`` on ``--jobs`` processes, print their ``table`` and write them to ``--json``."""
    with Pool(args.jobs) as p:
        rows = p.map(run, trials, chunksize=2)
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0
