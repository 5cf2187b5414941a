"""An experiment: the embedded acoustic model adapted to a loud room (multi-condition), from synthetic speech.

Every earlier session ended on the same lever for babble at 10 dB: an acoustic model trained with other talkers
underneath. This builds one from the wheel's model without any other data than espeak-ng: the tuning voices say
the table's sentences, mixed under **other** babble (talkers and sentences that the benchmark's babble does not
use, :data:`TRAIN_TALKERS`, :data:`TRAIN_SENTENCES`) and white noise at 5–16 dB. Each noisy utterance is aligned
on its clean twin (the same samples before the noise: a stereo alignment, so the noise cannot misplace the
phones), and its noisy features are the statistics.

Two stages, both maximum-likelihood on those frames:

1. one pooled transform of the kind the game learns per player (``adapt.Adapter.estimate_frames``, ``full``:
   MLLR per stream, then an offset and a variance factor per phone), from every voice at once;
2. MAP re-estimation of every Gaussian's mean and variance after it (``--tau`` frames of prior toward stage 1).

The result is a folder with the new ``means`` and ``variances`` and ``loud_model.json`` (how it was made, and
the signature of the model it was made from), for ``SphinxRecognizer(loud_model=...)``: the game's own is
``voicefish/data/loud-room`` (made with the command below), ``asr_bench.py --loud-model DIR`` measures another.

    .venv/bin/python bench/loud_model.py --out voicefish/data/loud-room --per-voice 250 --tau 5
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from asr_bench import in_domain, table

from testspeech import espeak as sg
from voicefish.audio import adapt
from voicefish.speech.grammar import load_grammar

TRAIN_TALKERS: tuple[sg.Voice, ...] = (
    sg.Voice("en-gb+m1", 160, 55),
    sg.Voice("en-us+m5", 170, 40),
    sg.Voice("en-gb+f2", 150, 65),
    sg.Voice("en-us+f4", 185, 58),
    sg.Voice("en-gb+m4", 175, 35),
)
"""The training babble's talkers: none of them one of the benchmark's ``BABBLE_VOICES`` (nor a hold-out accent)."""

TRAIN_SENTENCES: tuple[str, ...] = (
    "we went to the beach on saturday and it was freezing",
    "can somebody open the window it is so warm in here",
    "the new neighbours have a very loud dog",
    "I forgot to buy eggs at the shop again",
    "are you coming to the school concert on thursday",
    "this soup needs a little more pepper",
    "the bus was twenty minutes late this morning",
    "my phone battery is almost empty",
    "grandad fell asleep in his chair after lunch",
    "who wants another slice of cake",
    "the printer at work has stopped working",
    "let us go for a walk after the rain stops",
    "she painted the whole fence by herself",
    "turn the music down a little please",
    "I have never seen so many birds in the garden",
    "the football match starts at half past seven",
    "he always takes the last biscuit",
    "our car needs new tyres before winter",
    "the library closes early on wednesdays",
    "did anybody feed the fish today",
)
"""What the training babble says (none of the benchmark's ``BABBLE_SENTENCES``)."""


def _noisy(clean: sg.Audio, rng: np.random.Generator) -> tuple[sg.Audio, str]:
    if rng.random() < 0.7:
        snr = float(rng.uniform(5.0, 16.0))
        noise = sg.babble(len(clean), voices=TRAIN_TALKERS, sentences=TRAIN_SENTENCES, rng=rng)
        return sg._mix_at_snr(clean, noise, snr), f"babble{snr:.0f}"
    snr = float(rng.uniform(7.0, 14.0))
    return sg._mix_at_snr(clean, rng.normal(0.0, 1.0, len(clean)), snr), f"white{snr:.0f}"


def _collect(job: tuple[list[tuple[str, tuple[str, int, int], int]], dict[str, str]]) -> list[adapt.Frames]:
    """Stereo-aligned noisy frames of each utterance (text, voice, seed)."""
    from voicefish.audio.sphinx import NOISE_FLOOR_RMS, _int16, raise_noise_floor

    utts, phones = job
    ad = adapt.Adapter(None, pronunciations=phones)
    out: list[adapt.Frames] = []
    for text, voice, seed in utts:
        rng = np.random.default_rng(seed)
        clean = sg.synth(text, sg.Voice(*voice), seed=seed)
        noisy, _cond = _noisy(clean, rng)
        clean_f = _int16(raise_noise_floor(clean, NOISE_FLOOR_RMS))
        noisy_f = _int16(raise_noise_floor(noisy, NOISE_FLOOR_RMS))
        ad.features(clean_f)
        _f, ceps = ad.features(clean_f)
        try:
            aligned = ad._align(ceps, text)
        except (RuntimeError, ValueError):
            continue
        ad.features(noisy_f)
        feats, _c = ad.features(noisy_f)
        frames = ad.frames(feats, aligned)
        if frames is not None:
            out.append(frames)
    ad.close()
    return out


def _map(
    means: npt.NDArray[np.float64],
    variances: npt.NDArray[np.float64],
    frames: list[adapt.Frames],
    tau: float,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Every Gaussian's mean and variance re-estimated (MAP, ``tau`` frames of prior toward the given ones)."""
    feats = np.vstack([f.feats for f in frames])
    books = np.concatenate([f.books for f in frames])
    n_cb, n_streams, _n_dens, v = means.shape
    new_m, new_v = means.copy(), variances.copy()
    for cb in range(n_cb):
        at = np.flatnonzero(books == cb)
        if not len(at):
            continue
        for s in range(n_streams):
            o = feats[at, s * v : (s + 1) * v]
            mu, var = means[cb, s], variances[cb, s]
            iv = 1.0 / var
            ll = -0.5 * np.sum(np.log(var), axis=1)[None] - 0.5 * (
                (o * o) @ iv.T - 2.0 * o @ (mu * iv).T + np.sum(mu * mu * iv, axis=1)[None]
            )
            ll -= ll.max(axis=1, keepdims=True)
            g = np.exp(ll)
            g /= g.sum(axis=1, keepdims=True)
            occ = g.sum(axis=0)[:, None]
            first, second = g.T @ o, g.T @ (o * o)
            m = (tau * mu + first) / (tau + occ)
            sq = (tau * (var + mu * mu) + second) / (tau + occ) - m * m
            new_m[cb, s] = m
            new_v[cb, s] = np.clip(sq, np.maximum(var * 0.25, 1e-4), var * 4.0)
    return new_m, new_v


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="model folder to write (en-us/ and the dictionary)")
    ap.add_argument("--per-voice", type=int, default=250, help="training utterances per tuning voice")
    ap.add_argument("--seed", type=int, default=901, help="sentences and noise (not a seed the benchmarks report)")
    ap.add_argument("--tau", type=float, default=20.0, help="MAP prior in frames (0: stage 1 only)")
    ap.add_argument("--also-tau", default="", help="more priors, comma-separated: each written to OUT-tauT too")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)

    from voicefish.audio.sphinx import SphinxRecognizer

    t0 = time.perf_counter()
    rec = SphinxRecognizer(table())
    sentences = dict(load_grammar("en").sentences(table()))
    rnd = random.Random(args.seed)
    utts: list[tuple[str, tuple[str, int, int], int]] = []
    for vi, voice in enumerate(sg.TUNING_VOICES):
        for k, (text, _intent) in enumerate(in_domain(rnd, sentences, args.per_voice)):
            utts.append((text, (voice.name, voice.speed, voice.pitch), args.seed * 100_000 + vi * 10_000 + k))
    words = {w for text, _v, _s in utts for w in text.split()}
    phones = {w: p for w in words if (p := rec._decoder.lookup_word(w))}
    chunks = [(utts[i :: args.jobs], phones) for i in range(args.jobs)]
    sg.share_cache()  # the workers' speech lands in this process's cache, removed at its exit
    with ProcessPoolExecutor(args.jobs) as ex:
        frames = [f for part in ex.map(_collect, chunks) for f in part]
    n_frames = sum(len(f.books) for f in frames)
    took = time.perf_counter() - t0
    print(f"{len(frames)} of {len(utts)} utterances aligned, {n_frames} speech frames, {took:.0f} s")

    ad = adapt.Adapter(None, pronunciations=phones)
    transform = ad.estimate_frames(frames, "full")
    means = ad.means.copy()
    for s, (a, b) in enumerate(transform.streams):
        means[:, s] = means[:, s] @ a.T + b
    assert transform.offsets is not None and transform.var_scales is not None
    means += transform.offsets[:, :, None, :]
    variances = ad.variances * transform.var_scales[:, :, None, :]
    print(f"stage 1 done, {time.perf_counter() - t0:.0f} s")
    info: dict[str, Any] = dict(per_voice=args.per_voice, seed=args.seed, utterances=len(frames), frames=n_frames)
    _write(Path(args.out), (means, variances), frames, args.tau, info)
    for tau in (float(t) for t in args.also_tau.split(",") if t):
        _write(Path(f"{args.out}-tau{tau:g}"), (means, variances), frames, tau, info)
    print(f"done, {time.perf_counter() - t0:.0f} s")
    return 0


def _write(
    out: Path,
    gaussians: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]],
    frames: list[adapt.Frames],
    tau: float,
    info: dict[str, Any],
) -> None:
    """The model folder ``out``: stage 1's Gaussians, MAP re-estimated with ``tau`` frames of prior (0: not)."""
    from voicefish.audio.sphinx import default_model_dir
    from voicefish.audio.voices import model_signature

    means, variances = gaussians
    if tau > 0:
        means, variances = _map(means, variances, frames, tau)
    out.mkdir(parents=True, exist_ok=True)
    adapt.write_gaussians(out / "means", means)
    adapt.write_gaussians(out / "variances", variances)
    about = {
        "about": "The embedded pocketsphinx en-us model's means and variances, re-estimated for a loud room "
        "(bench/loud_model.py)",
        "base": model_signature(default_model_dir() / "en-us"),
        **info,
        "tau": tau,
    }
    (out / "loud_model.json").write_text(json.dumps(about, indent=2) + "\n")
    print(f"written {out}")


if __name__ == "__main__":
    sys.exit(main())
