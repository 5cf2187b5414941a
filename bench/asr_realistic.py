"""ASR on realistic voices, per backend, through the game's own path (``Recognizer.decode`` → ``Recognition``).

The speech is :mod:`testspeech`'s: realistic voices (Piper, flite, festival; one espeak-ng accent of six), its
babble of realistic talkers, and its hand-written corpus of asks, commands and table talk (phrasings and tables
kept apart for tuning and hold-out, never generated from the grammar). Thresholds in
``voicefish.audio.whisper.WhisperSettings`` were looked at with ``--split tuning`` only; the published numbers are
``--split holdout`` (hold-out voices, seeds, phrasings and tables).

Per backend (``pocketsphinx``, ``whisper-tiny.en``, ``whisper-base``, ``hybrid``, and ``auto``: what the game
picks): exact intent (the intent returned equals the one meant, played or asked back), asks and commands played
wrong without confirmation (a which-player question, "Did you mean Priya or Leo?", is a question, not a move played:
not counted since ``5a051d4``; none of set B's earlier wrong plays was one), table talk acted on —
both as the table's own turn policy decides (``bench/acting.py`` → ``voicefish.table.policy.decide``: played or
carried out at once, not asked back) —, latency from the end of the utterance to the result (the whole utterance
decoded after it ends; pocketsphinx streams in the game, so its game latency is lower), CPU-seconds per
utterance (this process, all threads) and the process's peak memory. Each backend runs in its own process::

    nice -n 10 .venv/bin/python bench/asr_realistic.py --split holdout --per-condition 30 --talk 10 \
        --out bench/results/asr_realistic.md

Tuning the understanding: ``--split tuning --save tune.jsonl`` keeps each row (Whisper's text and evidence, and the
ask-back rules that fired); ``--why tune.jsonl`` breaks the asked-back asks down by rule; ``--replay tune.jsonl
[--setting FIELD=VALUE ...]`` understands the same decodes again with the code as it is (and ``WhisperSettings``
changed), side by side in seconds. Both refuse hold-out rows.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import acting  # bench/acting.py: what the table's own turn policy does with a recognition

import testspeech
from testspeech import corpus, noise
from voicefish.audio.recognizer import Recognizer
from voicefish.cards import Rank, parse_rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import intent_to_json

CONDITIONS = ("clean", "babble20", "babble10")


def build_set(name: str, per_condition: int, talk: int) -> list[dict[str, Any]]:
    """Hold-out set ``name`` (``b``: :mod:`testspeech.holdout_b`, ``c``: :mod:`testspeech.holdout_c`): its fixed
    draw of ``per_condition`` asks and commands and ``talk`` talk lines per condition."""
    from testspeech import holdout_b, holdout_c

    held = holdout_c if name == "c" else holdout_b

    return [
        dict(
            text=s.utterance.text,
            players=list(s.utterance.players),
            me=s.utterance.me,
            expected=s.utterance.expected,
            cond=s.condition,
            voice=s.voice,
            seed=s.seed,
        )
        for s in held.samples(CONDITIONS, per_condition, talk_lines=talk)
    ]


def build_items(split: corpus.Split, per_condition: int, talk: int) -> list[dict[str, Any]]:
    """Asks and commands (as the corpus mixes them), then table talk, per condition; voices and seeds of ``split``
    in turn."""
    voices = testspeech.TUNING if split == "tuning" else testspeech.HOLDOUT
    seeds = testspeech.TUNING_SEEDS if split == "tuning" else testspeech.HOLDOUT_SEEDS
    if split == "tuning":
        testspeech.assert_tuning(voices, seeds=seeds)
    rnd = random.Random(f"asr_realistic {split}")
    said = corpus.asks(split) + corpus.commands(split)
    chatter = corpus.talk(split)
    items: list[dict[str, Any]] = []
    for cond in CONDITIONS:
        picked = rnd.sample(said, per_condition) + rnd.sample(chatter, talk)
        for k, u in enumerate(picked):
            items.append(
                dict(
                    text=u.text,
                    players=list(u.players),
                    me=u.me,
                    expected=u.expected,
                    cond=cond,
                    voice=voices[k % len(voices)],
                    seed=seeds[(k // len(voices)) % len(seeds)],
                )
            )
    return items


def make(backend: str) -> Recognizer:
    """``backend`` as the game makes it; ``NAME@W``: with Whisper's encoder window set to W seconds (``@30``:
    faster-whisper's own 30 s path); ``NAME@W/B``: and beam size B; ``...+TYPE``: CTranslate2's compute type
    ``TYPE`` (int8, float32) instead of the one the game picks for this processor."""
    import dataclasses
    import os

    from voicefish.audio.whisper import HybridRecognizer, WhisperRecognizer
    from voicefish.table.voice import make_recognizer

    backend, _, compute = backend.partition("+")
    if compute:
        os.environ["VOICEFISH_WHISPER_COMPUTE"] = compute  # (each backend runs in a process of its own)
    backend, _, window = backend.partition("@")
    kind, model = ("whisper", backend) if backend.startswith("whisper-") else (backend, None)
    rec, _notice = make_recognizer(kind, model, probe=False)
    if isinstance(rec, HybridRecognizer):
        rec.budget = float("inf")  # measure the hybrid itself, not this shared machine's load on a given minute
    whisper = rec.whisper if isinstance(rec, HybridRecognizer) else rec
    if window and isinstance(whisper, WhisperRecognizer):
        window, _, beam = window.partition("/")
        w = float(window)
        whisper.settings = dataclasses.replace(whisper.settings, window=None if w >= 30 else w)
        if beam:
            whisper.settings = dataclasses.replace(whisper.settings, beam_size=int(beam))
    return rec


def with_hands(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each item with a hand, as at a real table: 3 to 7 ranks (seeded by the item), holding an ask's rank."""
    out = []
    for k, it in enumerate(items):
        rnd = random.Random(f"hand {k} {it['text']} {it['seed']}")
        held = {r.value for r in rnd.sample(list(Rank), rnd.randint(3, 7))}
        meant = it["expected"]
        if meant is not None and meant.get("type") == "ask":
            held.add(parse_rank(meant["rank"]).value)
        out.append({**it, "hand": sorted(held)})
    return out


def hand_of(item: dict[str, Any]) -> list[Rank] | None:
    """The asker's hand of an item or a saved row (:func:`with_hands`), None when it has none."""
    return None if item.get("hand") is None else [Rank(v) for v in item["hand"]]


def run_backend(backend: str, items: list[dict[str, Any]], rows_to: Path | None = None) -> dict[str, Any]:
    """Decode every item with ``backend`` in this process; the per-item outcomes and the process's costs.
    ``rows_to``: each row is appended there as a JSON line as soon as it is decoded (a run cut short still counts).
    An item's ``hand`` (:func:`with_hands`), when it has one, is the asker's: the recognizer and the table know it."""
    rec = make(backend)
    first = items[0]
    rec.set_table(TableContext(tuple(first["players"]), me=first["me"]))
    rec.decode(testspeech.synth(first["text"], first["voice"], seed=first["seed"]))  # load and warm up, not counted
    rows: list[dict[str, Any]] = []
    for it in items:
        audio = noise.degrade(testspeech.synth(it["text"], it["voice"], seed=it["seed"]), it["cond"], seed=it["seed"])
        hand = hand_of(it)
        rec.set_table(TableContext(tuple(it["players"]), me=it["me"]), hand)
        c0, t0 = time.process_time(), time.perf_counter()
        r = rec.decode(audio)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        meant: dict[str, Any] | None = it["expected"]
        got = intent_to_json(r.intent)
        act = acting.action(r.intent, r.confirm, acting.request(it["players"], it["me"], hand), r.reason)
        at_once = act in acting.AT_ONCE  # the table's policy plays it, or carries the command out, without asking
        rows.append(
            dict(
                cond=it["cond"],
                talk=meant is None,
                right=meant is not None and got == meant,
                acted=at_once,
                asked_back=act in acting.ASKED_BACK,
                wrong_played=meant is not None and at_once and got != meant and got["type"] != "ambiguous",
                wall=wall,
                cpu=cpu,
                text=it["text"],
                voice=it["voice"],
                players=it["players"],
                me=it["me"],
                expected=meant,
                heard=r.text,
                intent=got,
                confirm=r.confirm,
                confidence=r.confidence,
                first=r.features.get("sphinx_confidence", -1.0),
                action=act.value,
                reason=r.reason,
                features=r.features,
                hand=it.get("hand"),
                alternatives=list(r.alternatives),
            )
        )
        if rows_to is not None:
            with rows_to.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps({"backend": backend, **rows[-1]}) + "\n")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    whisper = getattr(rec, "whisper", rec)
    return dict(backend=backend, rows=rows, peak_mb=peak_mb, compute=getattr(whisper, "compute_type", ""))


RULES = ("unsure_snap", "unsure_margin", "unsure_logprob", "unsure_talk_words", "unsure_rank_tie", "ambiguous")
"""The ask-back rules of Whisper's understanding (``WhisperRecognizer.understand``'s ``unsure_*`` features), and
the table's own for a name that fits several players."""


def fired(row: dict[str, Any]) -> list[str]:
    """The ask-back rules that fired on a saved row."""
    feats = row.get("features", {})
    out = [r for r in RULES if feats.get(r)]
    return [*out, "ambiguous"] if row["intent"].get("type") == "Ambiguous" else out


def why_asked_back(rows: list[dict[str, Any]]) -> list[str]:
    """Per ask-back rule: how many asks and commands it asked back that were heard right and wrong (a row counts
    under every rule that fired; "alone": the only rule that fired), per condition and in all."""
    out = [
        "| rule | condition | asked back right | of which alone | asked back wrong | of which alone |",
        "|---|---|---|---|---|---|",
    ]
    for cond in (*CONDITIONS, "all"):
        back = [r for r in rows if not r["talk"] and r["asked_back"] and cond in ("all", r["cond"])]
        for rule in RULES:
            hit = [r for r in back if rule in fired(r)]
            alone = [r for r in hit if fired(r) == [rule]]
            if hit:
                right, wrong = [r for r in hit if r["right"]], [r for r in hit if not r["right"]]
                out.append(
                    f"| {rule} | {cond} | {len(right)} | {sum(r['right'] for r in alone)} | {len(wrong)} "
                    f"| {sum(not r['right'] for r in alone)} |"
                )
        n = len([r for r in rows if not r["talk"] and cond in ("all", r["cond"])])
        out.append(
            f"| (asked back in all) | {cond} | {sum(r['right'] for r in back)} of {n} | | "
            f"{sum(not r['right'] for r in back)} | |"
        )
    return out


def replay(path: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """The saved rows of ``path`` (one backend's, with ``--save``) understood again from Whisper's saved text and
    evidence with ``settings`` changed (``WhisperSettings`` fields): the same items (and hands), no decoding, so a
    change to the understanding or the policy is measured side by side in seconds. Only the best text was saved: the
    rules that read the beam's other hypotheses, or decode again, are not replayed."""
    import dataclasses

    from voicefish.audio.whisper import WhisperRecognizer

    res = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    rec = make(res["backend"])
    assert isinstance(rec, WhisperRecognizer), "replay is for a Whisper backend's rows"
    rec.settings = dataclasses.replace(rec.settings, **settings)
    rows = []
    for row in res["rows"]:
        hand = hand_of(row)
        rec.set_table(TableContext(tuple(row["players"]), me=row["me"]), hand)
        t0 = time.perf_counter()
        r = rec.not_a_sentence(
            rec.understand(row["heard"], row["features"], t0=t0), (row["heard"], row["features"]), t0=t0
        )
        got = intent_to_json(r.intent)
        act = acting.action(r.intent, r.confirm, acting.request(row["players"], row["me"], hand), r.reason)
        meant = row["expected"]
        at_once = act in acting.AT_ONCE
        rows.append(
            {
                **row,
                "right": meant is not None and got == meant,
                "acted": at_once,
                "asked_back": act in acting.ASKED_BACK,
                "wrong_played": meant is not None and at_once and got != meant and got["type"] != "ambiguous",
                "intent": got,
                "confirm": r.confirm,
                "reason": r.reason,
                "features": {**row["features"], **r.features},
                "action": act.value,
            }
        )
    return {**res, "backend": f"{res['backend']} (replayed)", "rows": rows}


def _pct(xs: list[bool]) -> str:
    return f"{100.0 * sum(xs) / len(xs):.1f} %" if xs else "–"


def _p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)] if xs else 0.0


def summarize(results: list[dict[str, Any]]) -> list[str]:
    out = [
        "| backend | condition | exact intent | asked back | wrong played | talk acted on | latency p50 / p95 (ms) "
        "| CPU-s / utt |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for res in results:
        for cond in CONDITIONS:
            rows = [r for r in res["rows"] if r["cond"] == cond]
            cmd = [r for r in rows if not r["talk"]]
            talk = [r for r in rows if r["talk"]]
            walls = [1000 * r["wall"] for r in rows]
            out.append(
                f"| {res['backend']} | {cond} | {_pct([r['right'] for r in cmd])} (n={len(cmd)}) "
                f"| {_pct([r['right'] and r.get('asked_back', r['confirm']) for r in cmd])} "
                f"| {_pct([r['wrong_played'] for r in cmd])} | {_pct([r['acted'] for r in talk])} (n={len(talk)}) "
                f"| {statistics.median(walls):.0f} / {_p95(walls):.0f} "
                f"| {statistics.mean(r['cpu'] for r in rows):.2f} |"
            )
    out += ["", "| backend | compute type | peak memory (MB, whole process) |", "|---|---|---|"]
    out += [f"| {res['backend']} | {res.get('compute') or '–'} | {res['peak_mb']:.0f} |" for res in results]
    return out


def latency_rounds(results: list[dict[str, Any]]) -> list[str]:
    """Per backend: the median over rounds of each round's p50 and p95 latency (all conditions), its CPU-s per
    utterance, and the ratio of its p50 to the first backend's in the same round."""
    backends = list(dict.fromkeys(r["backend"] for r in results))
    per: dict[str, list[tuple[float, float, float]]] = {b: [] for b in backends}
    for res in results:
        walls = [1000 * r["wall"] for r in res["rows"]]
        cpu = statistics.mean(r["cpu"] for r in res["rows"])
        per[res["backend"]].append((statistics.median(walls), _p95(walls), cpu))
    first = per[backends[0]]
    out = [
        f"| backend | rounds | latency p50 (ms, median of rounds) | p95 (ms, median of rounds) | CPU-s / utt "
        f"| p50 ratio to {backends[0]} (median of rounds) |",
        "|---|---|---|---|---|---|",
    ]
    for b in backends:
        runs = per[b]
        ratio = statistics.median(r[0] / f[0] for r, f in zip(runs, first, strict=False))
        out.append(
            f"| {b} | {len(runs)} | {statistics.median(r[0] for r in runs):.0f} "
            f"| {statistics.median(r[1] for r in runs):.0f} | {statistics.median(r[2] for r in runs):.2f} "
            f"| {ratio:.2f} |"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("tuning", "holdout"), default="holdout")
    ap.add_argument(
        "--set",
        choices=("a", "b", "c"),
        default="b",
        help="hold-out set: b (testspeech.holdout_b, the published one), c (testspeech.holdout_c, fresh on 4 Dec; "
        "always with --hands) or a (the first, small one)",
    )
    ap.add_argument("--subset", type=int, default=0, help="only every k-th item (latency rounds)")
    ap.add_argument("--rounds", type=int, default=1, help="run the backends this many times, interleaved")
    ap.add_argument("--per-condition", type=int, default=30, help="asks and commands per condition")
    ap.add_argument("--talk", type=int, default=10, help="table-talk utterances per condition")
    ap.add_argument("--backends", default="pocketsphinx,whisper-tiny.en,whisper-base,hybrid")
    ap.add_argument("--one", default=None, help=argparse.SUPPRESS)  # internal: run one backend, JSON on stdout
    ap.add_argument("--rows", type=Path, default=None, help=argparse.SUPPRESS)  # internal: --save's rows as they come
    ap.add_argument("--out", type=Path, default=None, help="write the markdown summary here")
    ap.add_argument("--misses", action="store_true", help="print every miss")
    ap.add_argument("--save", type=Path, default=None, help="append each backend's rows (JSON lines) to this file")
    ap.add_argument("--why", type=Path, default=None, help="tuning rows saved with --save: why asks were asked back")
    ap.add_argument("--replay", type=Path, default=None, help="tuning rows saved with --save: understand them again")
    ap.add_argument("--setting", action="append", default=[], help="with --replay: a WhisperSettings field=value")
    ap.add_argument(
        "--hands", action="store_true", help="give each asker a hand (3-7 ranks, an ask's own among them), as in a game"
    )
    args = ap.parse_args(argv)
    for saved in (args.why, args.replay):
        if saved is not None and "holdout" in json.loads(saved.read_text(encoding="utf-8").splitlines()[-1]).get(
            "split", "holdout"
        ):
            ap.error("only the tuning split's rows are looked into: tune on --split tuning")
    if args.why is not None or args.replay is not None:
        if args.replay is not None:
            res = replay(args.replay, {k: float(v) for k, _, v in (s.partition("=") for s in args.setting)})
        else:
            assert args.why is not None
            res = json.loads(args.why.read_text(encoding="utf-8").splitlines()[-1])
        if args.save is not None:
            args.save.write_text(json.dumps(res) + "\n", encoding="utf-8")
        print("\n".join([*summarize([res]), "", *why_asked_back(res["rows"])]))
        return 0
    fixed = args.split == "holdout" and args.set in ("b", "c")
    if fixed and args.misses:
        ap.error(f"set {args.set.upper()}'s misses are not shown: tune on --split tuning, read its numbers only")
    args.hands = args.hands or (args.split == "holdout" and args.set == "c")
    items = (
        build_set(args.set, args.per_condition, args.talk)
        if fixed
        else build_items(args.split, args.per_condition, args.talk)
    )
    if args.subset > 1:
        items = items[:: args.subset]
    if args.hands:
        items = with_hands(items)
    if args.one:
        print(json.dumps({**run_backend(args.one, items, args.rows), "split": args.split}))
        return 0
    results = []
    for _round in range(args.rounds):
        for backend in args.backends.split(","):
            cmd = [sys.executable, __file__, "--one", backend, "--split", args.split, "--set", args.set]
            cmd += ["--per-condition", str(args.per_condition), "--talk", str(args.talk), "--subset", str(args.subset)]
            cmd += ["--hands"] if args.hands else []
            if args.save is not None:  # each row as it is decoded, beside the file: a run cut short still counts
                cmd += ["--rows", str(args.save.with_suffix(".rows.jsonl"))]
            done = subprocess.run(cmd, capture_output=True, text=True, check=True)
            res = json.loads(done.stdout.strip().splitlines()[-1])
            results.append(res)
            if args.save is not None:
                with args.save.open("a", encoding="utf-8") as handle:
                    handle.write(json.dumps(res) + "\n")
            print("\n".join(summarize([res])), flush=True)
            if args.misses:
                for r in res["rows"]:
                    if (not r["talk"] and not r["right"]) or (r["talk"] and r["acted"]):
                        print(
                            f"  {r['cond']:9} {r['voice']:18} {r['text']!r} -> {r['heard']!r} {r['intent']} "
                            f"confirm={r['confirm']}"
                        )
    lines = summarize(results)
    if args.rounds > 1:
        lines += ["", *latency_rounds(results)]
    print("\n".join(lines))
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
