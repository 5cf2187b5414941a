"""Yes and no in a loud room: what the game's own ear makes of an answer to "Leo, for kings?" (issue 33).

Each trial is one ask and its answer, said in a :mod:`testspeech` voice with realistic babble of other talkers
(:func:`testspeech.noise.babble`) ``--snr`` dB under the speech all the time: the real listener (endpointer, the
room's level, the wait for the rest of an answer) on a microphone paced in real time, and the game's own recognizer
(``make_recognizer("auto")``: Whisper base deciding). Answers are the yes/no phrasings of
:func:`testspeech.corpus.answers` of the split; ``--room-only`` trials say no answer at all (only the room talks).

Reported per voice: answers taken right at once; right but asked again (unsure); of those taken, how many only by
the lower bar for an answer Whisper wrote out (``WhisperSettings.answer_sure_logprob``); not heard; heard as
something else; **taken as the other answer** (a wrong move: must be 0); room-only trials heard as an answer; and
how long after the answer's end the reply came (seconds of the stream read by then: the waits for the rest).

    .venv/bin/python bench/answers_bench.py --split holdout --repeats 2 --room-only 3 --out /tmp/answers.md

Tune on ``--split tuning`` (tuning voices), report on ``--split holdout`` (hold-out voices): bench/results/answers.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from testspeech import HOLDOUT, TUNING, synth
from testspeech.corpus import answers
from testspeech.noise import babble, mix, trim
from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.table.ears import ListenRequest

Audio = npt.NDArray[np.int16]
Trial = tuple[str, str, str, int]  # voice, answer said ("" = none), "yes" / "no" / "none", seed
REQUEST = ListenRequest(speaker="Sam", players=("Sam", "Leo", "Ann"), hand=(Rank.SEVEN, Rank.KING), rules=RuleSet())
ASK = "leo do you have any kings"
LATE = 3.0
"""Seconds after the answer's end (of the stream read when the reply came) past which a reply is counted late."""
_state: dict[str, Any] = {}


def _silence(seconds: float) -> Audio:
    return np.random.default_rng(3).normal(0, 4, int(16000 * seconds)).astype(np.int16)


def _spoken(text: str, voice: str, seed: int) -> Audio:
    """``text`` in ``voice`` with the voice's own silence around it cut off."""
    return trim(synth(text, voice, seed=seed, pad_s=0.0))


def run(trial: Trial, snr: float) -> dict[str, Any]:
    """One ask and its answer through the game's ears; what the ear made of the answer."""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.listen.sources import SAMPLE_RATE
    from voicefish.table.voice import VoiceEars, make_recognizer

    voice, text, kind, seed = trial
    if "rec" not in _state:
        rec: Any = make_recognizer("auto", None, probe=False)[0]
        decode, streamed = rec.decode, rec.streamed

        def remember(r: Any) -> Any:
            if r is not None:
                _state["last"] = r
            return r

        rec.decode = lambda audio: remember(decode(audio))
        rec.streamed = lambda audio: remember(streamed(audio))
        _state["rec"] = rec
    said = _spoken(text, voice, seed + 1) if text else np.zeros(0, np.int16)
    parts = [_silence(1.5), _spoken(ASK, voice, seed), _silence(2.0), said, _silence(6.0)]
    audio = np.concatenate(parts)
    ears = VoiceEars(Listener(ArraySource(mix(audio, babble(len(audio), seed=seed + 7), snr), realtime=True)),
                     _state["rec"], timeout=3.0)  # fmt: skip
    ears.listen(REQUEST)
    _state["last"] = None
    listener = ears.listener
    late, dropped = listener.not_answers, listener.detector.room_dropped
    heard = ears.listen(replace(REQUEST, expecting="confirm", prompt="Leo, for kings?"))
    source = listener.source
    assert isinstance(source, ArraySource)
    replied = source.position / SAMPLE_RATE - sum(len(a) for a in parts[:4]) / SAMPLE_RATE
    r = _state["last"] if heard is not None else None
    return {
        "voice": voice,
        "said": text,
        "kind": kind,
        "seed": seed,
        "heard": None if heard is None else heard.text,
        "intent": None if heard is None else type(heard.intent).__name__,
        "confirm": None if heard is None else heard.confirm,
        "logprob": None if r is None else r.features.get("avg_logprob"),
        "begun_before_question": listener.not_answers - late,  # utterances not taken as answers
        "room_dropped": listener.detector.room_dropped - dropped,
        "replied_after": round(replied, 2),  # seconds of the stream from the answer's end to the reply
    }


def _run(args: tuple[Trial, float]) -> dict[str, Any]:
    return run(*args)


def verdict(row: dict[str, Any], sure_logprob: float) -> str:
    """What came of one trial: right, right_low (right, only by the answer's lower bar), unsure, wrong (taken as the
    other answer), wrong_unsure, none (not heard), other (heard as something else), room (a room-only trial heard as
    an answer)."""
    meant = {"yes": "Yes", "no": "No"}.get(row["kind"])
    intent = row["intent"]
    if meant is None:
        return "room" if intent in ("Yes", "No") else "none"
    if intent is None:
        return "none"
    if intent not in ("Yes", "No"):
        return "other"
    if intent != meant:
        return "wrong_unsure" if row["confirm"] else "wrong"
    if row["confirm"]:
        return "unsure"
    low = row["logprob"] is not None and row["logprob"] < sure_logprob
    return "right_low" if low else "right"


def table(rows: Sequence[dict[str, Any]], sure_logprob: float) -> str:
    head = (
        "| voice | answers | taken right | of them by the answer's bar | right, asked again | not heard "
        "| something else | **taken as the other answer** | room alone heard as one | reply after the end, median "
        "| replies > 3 s after the end |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for voice in [*dict.fromkeys(r["voice"] for r in rows), "all"]:
        rs = [r for r in rows if voice in ("all", r["voice"])]
        c = Counter(verdict(r, sure_logprob) for r in rs)
        n = sum(1 for r in rs if r["kind"] != "none")
        room = sum(1 for r in rs if r["kind"] == "none")
        taken = c["right"] + c["right_low"]
        after = [r["replied_after"] for r in rs if r["kind"] != "none" and r["heard"] is not None]
        median = f"{statistics.median(after):.2f} s" if after else "-"
        lines.append(
            f"| {voice} | {n} | {taken} ({100 * taken / max(1, n):.0f} %) | {c['right_low']} | {c['unsure']} "
            f"| {c['none']} | {c['other'] + c['wrong_unsure']} | {c['wrong']} | {c['room']} of {room} | {median} "
            f"| {sum(a > LATE for a in after)} of {len(after)} |"
        )
    return head + "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("tuning", "holdout"), default="holdout", help="voices and phrasings")
    ap.add_argument("--voices", help="comma-separated voices (default: the split's voices but espeak)")
    ap.add_argument("--snr", type=float, default=10.0, help="dB of the babble under the speech (default 10)")
    ap.add_argument("--repeats", type=int, default=2, help="trials of each answer and voice (other seeds)")
    ap.add_argument("--room-only", type=int, default=3, help="trials a voice with no answer said (default 3)")
    ap.add_argument("--seed", type=int, default=0, help="added to every trial's seed (a fresh sample)")
    ap.add_argument(
        "--said",
        help="answers to say instead of the split's, '|'-separated, each 'yes=...' or 'no=...' "
        "(phrasings written before a run, to check a rule on words it was not made from)",
    )
    ap.add_argument("--jobs", type=int, default=3, help="trials at once (each paced in real time)")
    ap.add_argument("--json", type=Path, help="write the trials here")
    ap.add_argument("--out", type=Path, help="write the Markdown table here")
    args = ap.parse_args(argv)
    pool = HOLDOUT if args.split == "holdout" else TUNING
    voices = args.voices.split(",") if args.voices else [v for v in pool if not v.startswith("espeak")]
    said = list(dict.fromkeys((u.text, str((u.expected or {}).get("type"))) for u in answers(args.split)))
    if args.said:
        said = [(text.strip(), kind.strip()) for kind, _, text in (a.partition("=") for a in args.said.split("|"))]
        if any(kind not in ("yes", "no") or not text for text, kind in said):
            ap.error("--said: each answer is 'yes=words' or 'no=words'")
    trials: list[Trial] = []
    for vi, voice in enumerate(voices):
        for k in range(args.repeats):
            trials += [
                (voice, t, kind, args.seed + 100 + vi * 31 + ui * 3 + 1000 * k) for ui, (t, kind) in enumerate(said)
            ]
        trials += [(voice, "", "none", args.seed + 500 + vi * 31 + 1000 * k) for k in range(args.room_only)]
    from voicefish.audio.whisper import WhisperSettings

    rows: list[dict[str, Any]] = []
    with Pool(args.jobs) as p:
        for i, row in enumerate(p.imap_unordered(_run, [(t, args.snr) for t in trials]), 1):
            rows.append(row)
            print(f"[{i}/{len(trials)}] {row['voice']} {row['said']!r} -> {row['heard']!r}", file=sys.stderr)
    rows.sort(key=lambda r: (r["voice"], r["seed"]))
    md = table(rows, WhisperSettings().sure_logprob)
    print(md)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    if args.out:
        args.out.write_text(md, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
