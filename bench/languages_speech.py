"""Speech in the table languages through the game's own path: each language's test voices (realistic where one
installs here, espeak-ng otherwise), heard by the recognizer a table in that language gets (``make_recognizer("auto",
lang=...)``: Whisper base told the language, snapped and parsed with that language's grammar).

Per language and condition: exact intent (the intent returned equals the one meant, played or asked back), asks and
commands played wrong without confirmation, table talk acted on (a move or command returned without asking back),
and CPU-seconds per utterance. The phrasings are the hand-written corpora ``testspeech/corpus_lang/<lang>.txt``
split by :func:`testspeech.languages.split_rows` (tuning: even rows; hold-out: odd rows), said by the voices of
:data:`testspeech.languages.LANG_TUNING` or :data:`~testspeech.languages.LANG_HOLDOUT` in turn. A language whose
voices are all espeak-ng's is marked: its number is a floor, not a result (Whisper hears formant speech poorly).

    nice -n 19 .venv/bin/python bench/languages_speech.py --split holdout --langs it --per-lang 40 --talk 12 \
        --conditions clean,babble20 --misses     # the commands of bench/results/languages.md
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import testspeech
from testspeech import noise
from testspeech.langcorpus import load, same
from testspeech.languages import LANG_HOLDOUT, LANG_TUNING, LANGUAGES, REALISTIC, split_rows
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import NoIntent, intent_to_json

CONDITIONS = ("clean", "babble20")


def build_items(lang: str, split: str, per_lang: int, talk: int, conditions: tuple[str, ...]) -> list[dict[str, Any]]:
    """``per_lang`` asks and commands and ``talk`` table-talk lines of ``lang``'s corpus rows of ``split``, per
    condition, the split's voices taking turns (seeds of the split too)."""
    corpus = load(lang)
    rows = split_rows(corpus.rows, "tuning" if split == "tuning" else "holdout")
    voices = LANG_TUNING[lang] if split == "tuning" else LANG_HOLDOUT[lang]
    seeds = testspeech.TUNING_SEEDS if split == "tuning" else testspeech.HOLDOUT_SEEDS
    rnd = random.Random(f"languages_speech {lang} {split}")
    said = [r for r in rows if not r[2]]
    chatter = [r for r in rows if r[2]]
    items: list[dict[str, Any]] = []
    for c, cond in enumerate(conditions):
        picked = rnd.sample(said, min(per_lang, len(said))) + rnd.sample(chatter, min(talk, len(chatter)))
        for k, (text, expected, is_talk) in enumerate(picked):
            items.append(
                dict(
                    lang=lang,
                    text=text,
                    players=list(corpus.players),
                    me=corpus.me,
                    expected=None if is_talk else expected,
                    cond=cond,
                    voice=voices[(k + c) % len(voices)],
                    seed=seeds[(k // len(voices)) % len(seeds)],
                )
            )
    return items


def run_language(lang: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    """Decode every item of ``lang`` with the recognizer a table in ``lang`` gets, in this process."""
    from voicefish.table.voice import make_recognizer

    rec, notice = make_recognizer("auto", lang=lang, probe=False)
    first = items[0]
    rec.set_table(TableContext(tuple(first["players"]), me=first["me"]))
    rec.decode(testspeech.synth(first["text"], first["voice"], seed=first["seed"]))  # load and warm up: not counted
    rows: list[dict[str, Any]] = []
    for it in items:
        audio = noise.degrade(testspeech.synth(it["text"], it["voice"], seed=it["seed"]), it["cond"], seed=it["seed"])
        rec.set_table(TableContext(tuple(it["players"]), me=it["me"]))
        c0 = time.process_time()
        r = rec.decode(audio)
        cpu = time.process_time() - c0
        meant: dict[str, Any] | None = it["expected"]
        got = intent_to_json(r.intent)
        move = not isinstance(r.intent, NoIntent)
        rows.append(
            dict(
                cond=it["cond"],
                talk=meant is None,
                right=meant is not None and same(got, meant),
                acted=move and not r.confirm,
                wrong_played=meant is not None and move and not same(got, meant) and not r.confirm,
                cpu=cpu,
                text=it["text"],
                voice=it["voice"],
                heard=r.text,
                intent=got,
                confirm=r.confirm,
            )
        )
    return dict(lang=lang, notice=notice, rows=rows)


def _pct(xs: list[bool]) -> str:
    return f"{sum(xs)}/{len(xs)} ({100.0 * sum(xs) / len(xs):.0f} %)" if xs else "–"


def summarize(results: list[dict[str, Any]], conditions: tuple[str, ...]) -> list[str]:
    out = [
        "| language | voices | condition | exact intent | wrong played | talk acted on | CPU-s / utt |",
        "|---|---|---|---|---|---|---|",
    ]
    for res in results:
        kind = "realistic + espeak-ng" if REALISTIC[res["lang"]] else "espeak-ng only: a floor"
        for cond in conditions:
            rows = [r for r in res["rows"] if r["cond"] == cond]
            if not rows:
                continue
            cmd = [r for r in rows if not r["talk"]]
            talk = [r for r in rows if r["talk"]]
            out.append(
                f"| {res['lang']} | {kind} | {cond} | {_pct([r['right'] for r in cmd])} "
                f"| {_pct([r['wrong_played'] for r in cmd])} | {_pct([r['acted'] for r in talk])} "
                f"| {statistics.mean(r['cpu'] for r in rows):.2f} |"
            )
    voices: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for res in results:
        for r in res["rows"]:
            if not r["talk"]:
                voices.setdefault((r["voice"], r["cond"]), []).append(r)
    out += ["", "| voice | condition | exact intent (asks and commands) |", "|---|---|---|"]
    out += [f"| {v} | {c} | {_pct([r['right'] for r in rs])} |" for (v, c), rs in sorted(voices.items())]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("tuning", "holdout"), default="holdout")
    ap.add_argument("--langs", default=",".join(LANGUAGES))
    ap.add_argument("--per-lang", type=int, default=40, help="asks and commands per language and condition")
    ap.add_argument("--talk", type=int, default=12, help="table-talk lines per language and condition")
    ap.add_argument("--conditions", default=",".join(CONDITIONS), help=f"of {', '.join(noise.CONDITIONS)}")
    ap.add_argument("--one", default=None, help=argparse.SUPPRESS)  # internal: one language, JSON on stdout
    ap.add_argument("--out", type=Path, default=None, help="write the markdown summary here")
    ap.add_argument("--misses", action="store_true", help="print every miss")
    args = ap.parse_args(argv)
    conditions = tuple(args.conditions.split(","))
    if args.one:
        items = build_items(args.one, args.split, args.per_lang, args.talk, conditions)
        print(json.dumps(run_language(args.one, items)))
        return 0
    results = []
    for lang in args.langs.split(","):
        cmd = [sys.executable, __file__, "--one", lang, "--split", args.split, "--conditions", args.conditions]
        cmd += ["--per-lang", str(args.per_lang), "--talk", str(args.talk)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        res = json.loads(done.stdout.strip().splitlines()[-1])
        results.append(res)
        print("\n".join(summarize([res], conditions)), flush=True)
        if args.misses:
            for r in res["rows"]:
                if (not r["talk"] and not r["right"]) or (r["talk"] and r["acted"]):
                    print(
                        f"  {r['cond']:8} {r['voice']:20} {r['text']!r} -> {r['heard']!r} {r['intent']} "
                        f"confirm={r['confirm']}",
                        flush=True,
                    )
    lines = summarize(results, conditions)
    print("\n".join(lines))
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
