"""ASR benchmark: exact-intent accuracy by noise condition, chatter taken as a move, wrong moves played
without confirmation, real-time factor and peak memory of the embedded default (pocketsphinx).

    .venv/bin/python bench/asr_bench.py --voices holdout --per-condition 60 --jobs 2
    .venv/bin/python bench/asr_bench.py --voices tuning --per-condition 240 --jobs 2 --streamed --voice-check 8 \
        --chatter-conditions clean,babble20,white10,babble10 --out T.json  # bench/confidence_bench.py --fit T.json
    .venv/bin/python bench/asr_bench.py --voices holdout --per-condition 120 --jobs 2 --streamed --voice-check 8 \
        --seed 28 --chatter-conditions clean,babble20,white10,babble10 --chatter-file bench/chatter_holdout.txt

Speech is synthesized with espeak-ng (testspeech/espeak.py): the tuning speaker set is the one
thresholds were chosen on; the hold-out set (other accents, variants, speeds, pitches) is what is reported.
Utterances are plausible phrasings of asks and commands (listed below) that the table grammar accepts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import acting

from testspeech import espeak as sg
from voicefish.audio.sphinx import NOISE_FLOOR_RMS as NOISE_FLOOR
from voicefish.cards import RANKS, Rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Intent, No, Pause, Quit, intent_to_json
from voicefish.table.policy import Action
from voicefish.table.voicecheck import prompts

ROOT = Path(__file__).resolve().parents[1]

PLAYERS = ("Priya", "Sam", "Leo", "Mateo")
ME = "Mateo"
ASKS = (
    "{n} do you have any {p}",
    "{n} have you got any {p}",
    "got any {p} {n}",
    "{n} give me all your {p}",
    "ask {n} for {p}",
    "{n} {p}",
    "do you have any {p} {n}",
    "{n} do you have a {s}",
)
COMMANDS = (
    "what's in my hand",
    "read my cards",
    "what's the score",
    "how many cards are left",
    "whose turn is it",
    "say that again",
    "help",
    "yes",
    "no",
    "pause",
    "how many cards does sam have",
    "what has priya asked for",
)
CHATTER = (
    "turn on the lights please",
    "I love this song",
    "Sam is so lucky with those kings",
    "I love jacks",
    "pass the chips Priya",
    "seven o'clock already",
    "ha ha ha ha ha",
    "oh no",
    "wait a second",
    "Priya do you",
    "who wants another drink",
    "my turn is coming soon",
    "let me think about it",
    "this game is taking forever",
    "did you shuffle the cards properly",
    "Leo stop looking at my cards",
    "I have no idea what to ask",
    "can somebody open the window",
    "the dog is barking again",
    "what time is it",
    "I'm going to win this one",
    "you always get the good cards",
    "that was a good move",
    "I need to go to the bathroom",
    "do you want some cake",
    "the kings are all gone I think",
    "give me a minute",
    "nice one Sam",
    "is it raining outside",
    "whatever",
    "pizza is here",
    "queens are my favourite",
    "Leo you are cheating",
    "hmm I wonder",
    "where are my glasses",
    "Priya has three books already",
    "no way",
    "sevens and eights everywhere",
    "did anyone see my phone",
    "Sam likes to ask for aces",
)
"""Table talk, laughter and half sentences: none of it is a game command."""
ANSWERS = (
    "yes",
    "yeah",
    "yes please",
    "yep",
    "that's right",
    "correct",
    "sure",
    "okay",
    "no",
    "nope",
    "no that's wrong",
    "wrong",
    "not that",
    "cancel",
    "quit",
    "i quit",
)
"""Answers to "Leo, for sevens?" (``--answers``): what the table acts on while it confirms."""

MOVES = {"ask", "yes", "no", "pause", "quit", "ambiguous"}
"""Intent types that change the game (the rest are questions answered from public or own information)."""
REQUEST = acting.request(PLAYERS, ME)
"""What the table listens for on ``ME``'s turn: what the benches hand the table's policy (``bench/acting.py``)."""
CONDITIONS = ("clean", "white20", "white10", "babble20", "babble10")
CHATTER_CONDITIONS = ("clean", "babble20")
"""Where the chatter is said by default (what the reported "chatter taken as a move" rate is over)."""
_SPOKEN = {r: (load_grammar("en").ranks[r].singular[0], load_grammar("en").ranks[r].plural[0]) for r in RANKS}


def table() -> TableContext:
    return TableContext(PLAYERS, me=ME)


def in_domain(
    rnd: random.Random, sentences: dict[str, Intent], n: int, answers: bool = False
) -> list[tuple[str, dict[str, Any]]]:
    """``n`` utterances: 80 % asks, 20 % commands (or, ``answers``, confirmation answers), each a sentence the
    table grammar accepts."""
    targets = [p for p in PLAYERS if p != ME]
    out: list[tuple[str, dict[str, Any]]] = []
    while len(out) < n:
        if answers:
            text = rnd.choice(ANSWERS)
        elif rnd.random() < 0.8:
            rank = rnd.choice(RANKS)
            text = rnd.choice(ASKS).format(n=rnd.choice(targets).lower(), s=_SPOKEN[rank][0], p=_SPOKEN[rank][1])
        else:
            text = rnd.choice(COMMANDS)
        if text in sentences:
            out.append((text, intent_to_json(sentences[text])))
    return out


def _work(args: tuple[list[dict[str, Any]], dict[str, Any]]) -> list[dict[str, Any]]:
    items, opts = args
    from voicefish.audio.sphinx import SphinxRecognizer

    rec = SphinxRecognizer(
        table(),
        settings=opts.get("settings") or None,
        noise_floor=float(opts.get("noise_floor", NOISE_FLOOR)),
        retry_whole=not opts.get("no_retry_whole"),
        adapted_settings=opts.get("adapted_settings"),
        model_dir=opts.get("model_dir"),
    )
    rec.expect(str(opts.get("expect", "turn")))
    adapt_warmup = int(opts.get("adapt", 0) or 0) or int(opts.get("voice_check", 0) or 0)
    if opts.get("prompted_full_from"):  # an experiment: the voice check's full transform from fewer samples
        from voicefish.audio.sphinx import speakers

        speakers.PROMPTED_FULL_FROM = int(opts["prompted_full_from"])
    rec.adapt = adapt_warmup > 0
    out = []
    checked: dict[str, int] = {}
    for it in items:
        if adapt_warmup:
            # each (voice, condition) is a new player at a new table: their first utterances (not scored) go
            # through the game's path, and what the table would act on as meant is learnt from
            speaker = f"{it['voice']}|{it.get('player', it['condition'])}"
            rec.set_speaker(speaker)
        voice = sg.Voice(*it["voice"])
        spoken = sg.accented(it["text"], None if it["chatter"] else opts.get("accent"))  # (table talk as written)
        audio = sg.degrade(sg.synth(spoken, voice, seed=it["seed"]), it["condition"], seed=it["seed"])
        hand = [Rank(r) for r in it["hand"]] if it.get("hand") else None
        rec.set_hand(hand)
        rec.expect("turn" if it.get("check") else str(opts.get("expect", "turn")))  # the check hears asks
        t0, c0 = time.perf_counter(), time.process_time()
        after_end = None
        if opts.get("streamed"):  # as the listener does: fed in 30 ms blocks while spoken, the result at the end
            rec.begin()
            for i in range(0, len(audio), 480):
                rec.feed(audio[i : i + 480])
            t_end = time.perf_counter()
            rec.end(keep=True)
            r = rec.streamed(audio) or rec.decode(audio)  # as the game: whole when not streamed (first utterance)
            after_end = time.perf_counter() - t_end
        else:
            r = rec.decode(audio)
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        if it.get("check"):
            # the voice check, as the table runs it: the player repeats a prompt; the recognizer keeps it when
            # the prompt fits the audio about as well as what it heard
            if r.text and not isinstance(r.intent, No | Pause | Quit):
                before = rec.learnt_count(speaker)
                rec.learn(speaker, audio, it["text"], heard=r.text)
                rec.wait_adapted()
                checked[speaker] = checked.get(speaker, 0) + (rec.learnt_count(speaker) > before)
            continue
        if adapt_warmup:
            # as the table does (its policy, then what the loop learns from): an ask played at once (right or not)
            # or confirmed by the player because it was right, or a question answered at once
            req = REQUEST if hand is None else acting.request(PLAYERS, ME, hand)
            act = acting.action(r.intent, r.confirm, req, r.reason)
            if acting.learnt(act, r.intent, r.confirm, intent_to_json(r.intent) == it["expected"]):
                rec.learn(speaker, audio, r.text)
                rec.wait_adapted()
            if it.get("warmup"):
                continue
        res = dict(it)
        res.update(
            adapted=rec.adapted.get(speaker, 0) if adapt_warmup else 0,
            checked=checked.get(speaker, 0) if adapt_warmup else 0,
            heard=r.text,
            got=intent_to_json(r.intent),
            confirm=r.confirm,
            reason=r.reason,
            confidence=r.confidence,
            features=r.features,
            seconds=elapsed,
            cpu_seconds=cpu,
            audio_seconds=len(audio) / sg.RATE,
            after_end_seconds=after_end,
        )
        out.append(res)
    res_mem = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for res in out:
        res["maxrss_kb"] = res_mem
    return out


def build_items(
    voices: tuple[sg.Voice, ...],
    per_condition: int,
    seed: int,
    *,
    answers: bool = False,
    warmup: int = 0,
    check: int = 0,
    chatter_conditions: tuple[str, ...] = CHATTER_CONDITIONS,
    chatter: tuple[str, ...] | None = None,
    check_in: str | None = None,
    recheck: int = 0,
    recheck_in: str | None = None,
) -> list[dict[str, Any]]:
    """The utterances in order; ``warmup`` > 0: before each condition, that many unscored utterances per voice
    (other sentences, other seeds) — a player's first turns at the table, for speaker adaptation; ``check`` > 0:
    before those, each voice repeats that many prompts of the voice check (``voicefish.table.voicecheck``).

    ``chatter``: other table talk than ``CHATTER`` (``--chatter-file``). ``CHATTER`` is said with the same voices
    and noise whatever ``seed`` is (as it always was, so earlier runs stay comparable); another set's voices and
    noise follow ``seed``, so two seeds give two samples of it. ``check_in``: the voice check is said in this
    condition whatever the condition played in (a room that turned loud after the check); ``recheck`` > 0: after it,
    each voice repeats that many prompts again in the condition played in (a second check once the room is loud), or
    in ``recheck_in`` (a room that was loud for a while and turned quiet again)."""
    rnd = random.Random(seed)
    warm_rnd = random.Random(seed + 1)
    sentences = dict(load_grammar("en").sentences(table()))
    items: list[dict[str, Any]] = []
    for cond in CONDITIONS:
        for v in voices:
            checks = [(check_in or cond, 2000 + k, p.sentence) for k, p in enumerate(prompts(PLAYERS, ME, check))]
            again = recheck_in or cond
            checks += [(again, 3000 + k, p.sentence) for k, p in enumerate(prompts(PLAYERS, ME, recheck))]
            for where, at, text in checks:
                items.append(
                    dict(
                        text=text,
                        expected=intent_to_json(sentences[text]),
                        condition=where,
                        player=cond,
                        voice=(v.name, v.speed, v.pitch),
                        seed=at,
                        chatter=False,
                        check=True,
                    )
                )
        for k in range(warmup):
            for v, (text, intent) in zip(voices, in_domain(warm_rnd, sentences, len(voices), answers), strict=True):
                items.append(
                    dict(
                        text=text,
                        expected=intent,
                        condition=cond,
                        voice=(v.name, v.speed, v.pitch),
                        seed=1000 + k,
                        chatter=False,
                        warmup=True,
                    )
                )
        for i, (text, intent) in enumerate(in_domain(rnd, sentences, per_condition, answers)):
            v = voices[i % len(voices)]
            items.append(
                dict(
                    text=text, expected=intent, condition=cond, voice=(v.name, v.speed, v.pitch), seed=i, chatter=False
                )
            )
    talk, shift, base = (CHATTER, 0, 100) if chatter is None else (chatter, seed, 10_000 * (seed + 1))
    for i, text in enumerate(talk):
        for j, cond in enumerate(chatter_conditions):
            v = voices[(i + 3 * j + shift) % len(voices)]
            items.append(
                dict(
                    text=text,
                    expected={"type": "none"},
                    condition=cond,
                    voice=(v.name, v.speed, v.pitch),
                    seed=base + i,
                    chatter=True,
                )
            )
    return items


def heard_as(parser: Any, r: dict[str, Any]) -> dict[str, Any] | None:
    """The intent of result ``r``'s decoded sentence before any rejection, as JSON (None for a half sentence):
    "decoded right" is this equal to ``r["expected"]``."""
    if not r["features"].get("complete"):
        return None
    return intent_to_json(parser.parse(r["heard"]).intent)


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    from voicefish.speech.parser import Parser

    parser = Parser(table())
    summary: dict[str, Any] = {"conditions": {}}
    for cond in CONDITIONS:
        rs = [r for r in results if not r["chatter"] and r["condition"] == cond]
        if not rs:
            continue
        n = len(rs)
        right = sum(r["got"] == r["expected"] for r in rs)
        played_right = sum(r["got"] == r["expected"] and at_once(r) for r in rs)
        wrong_played = sum(r["got"] != r["expected"] and at_once(r) for r in rs)
        rejected = sum(r["got"]["type"] == "none" for r in rs)
        wrong_moves = sum(r["got"] != r["expected"] and acted_at_once(r) for r in rs)
        heard_right = sum(heard_as(parser, r) == r["expected"] for r in rs)
        summary["conditions"][cond] = {
            "n": n,
            "decoded_right_before_rejection": heard_right / n,
            "exact_intent": right / n,
            "played_without_confirm_and_right": played_right / n,
            "wrong_played_without_confirm": wrong_played / n,
            "wrong_move_played_without_confirm": wrong_moves / n,
            "rejected": rejected / n,
            "confirmed": sum(table_action(r) in acting.ASKED_BACK for r in rs) / n,
            "decoded_with_a_transform": sum(bool(r.get("adapted")) for r in rs) / n,
            "voice_check_prompts_kept_per_player": sum(r.get("checked", 0) for r in rs) / n,
        }
    ch = [r for r in results if r["chatter"]]
    if ch:
        summary["chatter"] = _chatter_rates(ch)
        by_cond = sorted({r["condition"] for r in ch}, key=list(CONDITIONS).index)
        if by_cond != list(CHATTER_CONDITIONS):  # more than the usual two: each condition on its own too
            summary["chatter"]["by_condition"] = {
                c: _chatter_rates([r for r in ch if r["condition"] == c]) for c in by_cond
            }
    moves = [r for r in results if not r["chatter"]]
    summary["wrong_played_without_confirm_all"] = sum(r["got"] != r["expected"] and at_once(r) for r in moves) / max(
        1, len(moves)
    )
    summary["wrong_move_played_without_confirm_all"] = sum(
        r["got"] != r["expected"] and acted_at_once(r) for r in moves
    ) / max(1, len(moves))
    summary["rtf"] = sum(r["seconds"] for r in results) / max(1e-9, sum(r["audio_seconds"] for r in results))
    if all("cpu_seconds" in r for r in results):
        audio_s = max(1e-9, sum(r["audio_seconds"] for r in results))
        summary["rtf_cpu"] = sum(r["cpu_seconds"] for r in results) / audio_s
        summary["median_decode_cpu_ms"] = sorted(r["cpu_seconds"] for r in results)[len(results) // 2] * 1000
    summary["median_decode_ms"] = sorted(r["seconds"] for r in results)[len(results) // 2] * 1000
    tails = sorted(r["after_end_seconds"] * 1000 for r in results if r.get("after_end_seconds") is not None)
    if tails:  # streamed: what is left to do once the utterance has ended
        summary["after_end_ms_median"] = tails[len(tails) // 2]
        summary["after_end_ms_p95"] = tails[min(len(tails) - 1, int(len(tails) * 0.95))]
    summary["peak_rss_mb"] = max(r["maxrss_kb"] for r in results) / 1024
    return summary


def table_action(r: dict[str, Any]) -> Action:
    """What the table's policy does with result ``r`` (``got``, ``confirm``; ``hand`` when the item had one)."""
    req = REQUEST if not r.get("hand") else acting.request(PLAYERS, ME, [Rank(x) for x in r["hand"]])
    return acting.action(r["got"], bool(r["confirm"]), req, str(r.get("reason", "")))


def at_once(r: dict[str, Any]) -> bool:
    """The table acts on result ``r`` at once, without asking back: plays the ask or carries out the command."""
    return table_action(r) in acting.AT_ONCE


def acted_at_once(r: dict[str, Any]) -> bool:
    """The table takes result ``r`` as a move without asking back (``bench/acting.py``: an ask played, or a command
    that is a move carried out; the table does not look at ``confirm`` for a command, so a pause, quit, yes or no
    counts however sure the recognizer was)."""
    return acting.taken_as_move(table_action(r), r["got"])


def chatter_counts(ch: list[dict[str, Any]]) -> dict[str, int]:
    """What the table talk in ``ch`` became (each a result with ``got`` and ``confirm``), counted."""
    return {
        "taken_as_move_without_confirm": sum(acted_at_once(r) for r in ch),
        "ask_played_without_confirm": sum(table_action(r) is Action.PLAY for r in ch),
        "answered_as_a_question": sum(at_once(r) and not acted_at_once(r) for r in ch),
        "led_to_confirm_question": sum(table_action(r) in acting.ASKED_BACK for r in ch),
        "any_intent": sum(r["got"]["type"] != "none" for r in ch),
    }


def _chatter_rates(ch: list[dict[str, Any]]) -> dict[str, Any]:
    """What the table talk in ``ch`` became, as shares of it."""
    n = len(ch)
    return {"n": n, **{k: v / n for k, v in chatter_counts(ch).items()}}


def _read_lines(path: Path) -> tuple[str, ...]:
    """The non-empty lines of ``path``, stripped."""
    return tuple(line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--voices", choices=("tuning", "holdout"), default="holdout")
    ap.add_argument("--per-condition", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "asr.json"), help="per-utterance results (JSON)")
    ap.add_argument("--conditions", default=",".join(CONDITIONS), help="comma-separated subset of conditions")
    ap.add_argument("--no-chatter", action="store_true", help="skip the chatter utterances")
    ap.add_argument(
        "--chatter-conditions",
        default=",".join(CHATTER_CONDITIONS),
        help="conditions the chatter is said in (each sentence once per condition; default %(default)s)",
    )
    ap.add_argument(
        "--chatter-file",
        default=None,
        metavar="FILE",
        help="table talk to say instead of the built-in set, one sentence a line (e.g. bench/chatter_holdout.txt)",
    )
    ap.add_argument("--from-json", default=None, help="re-summarize saved results instead of decoding")
    ap.add_argument("--answers", action="store_true", help="in-domain utterances are answers to a confirmation")
    ap.add_argument(
        "--expect", choices=("turn", "confirm"), default="turn", help="what the recognizer listens for (turn)"
    )
    ap.add_argument(
        "--streamed", action="store_true", help="feed each utterance in 30 ms blocks while 'spoken' (the game's path)"
    )
    ap.add_argument(
        "--adapt",
        type=int,
        default=0,
        metavar="K",
        help="speaker adaptation: each voice first says K unscored utterances per condition, and the recognizer "
        "learns from those the game would act on (played at once, or confirmed because right)",
    )
    ap.add_argument(
        "--voice-check",
        type=int,
        default=0,
        metavar="N",
        help="before the --adapt utterances, each voice repeats N prompts of the game's voice check, learnt from "
        "as the table does (when the prompt fits the audio about as well as what was heard)",
    )
    ap.add_argument(
        "--prompted-full-from",
        type=int,
        default=0,
        metavar="N",
        help="experiment: during the voice check, the full transform from N samples on (default: the game's)",
    )
    ap.add_argument(
        "--noise-floor", type=float, default=NOISE_FLOOR, help="least noise floor given to the decoder (int16 RMS)"
    )
    ap.add_argument(
        "--check-in",
        choices=tuple(sg.CONDITIONS),
        default=None,
        help="the voice check is said in this condition, whatever the condition then played in (default: the same)",
    )
    ap.add_argument(
        "--recheck",
        type=int,
        default=0,
        metavar="N",
        help="after the --voice-check (said --check-in), each voice repeats N of its prompts again in the condition "
        "played in (or --recheck-in)",
    )
    ap.add_argument(
        "--recheck-in",
        default=None,
        metavar="CONDITION",
        help="the --recheck prompts are said in this condition (a room loud for a while, then quiet again)",
    )
    ap.add_argument(
        "--model-dir",
        default=None,
        help="another pocketsphinx model folder (en-us/ and cmudict-en-us.dict) for every utterance",
    )
    ap.add_argument("--settings", default="{}", help="pocketsphinx settings as JSON, e.g. '{\"topn\": 4}'")
    ap.add_argument(
        "--adapted-settings",
        default=None,
        help="pocketsphinx settings (JSON) of the searches for an adapted voice, instead of the game's "
        "ADAPTED_SETTINGS, e.g. '{\"wbeam\": 1e-35}'",
    )
    ap.add_argument(
        "--no-retry-whole",
        action="store_true",
        help="for comparison: a half sentence is not decoded again for the best whole one",
    )
    ap.add_argument(
        "--accent",
        choices=sorted(sg.ACCENTS),
        default=None,
        help="every voice says the words of this accent so (testspeech/espeak.py ACCENTS); chatter as written",
    )
    args = ap.parse_args(argv)
    if args.from_json:
        saved = json.loads(Path(args.from_json).read_text())
        print(json.dumps(summarize(saved), indent=2))
        return 0
    voices = sg.TUNING_VOICES if args.voices == "tuning" else sg.HOLDOUT_VOICES
    talk_conditions = tuple(args.chatter_conditions.split(","))
    items = build_items(
        voices,
        args.per_condition,
        args.seed,
        answers=args.answers,
        warmup=args.adapt,
        check=args.voice_check,
        check_in=args.check_in,
        recheck=args.recheck,
        recheck_in=args.recheck_in,
        chatter_conditions=talk_conditions,
        chatter=_read_lines(Path(args.chatter_file)) if args.chatter_file else None,
    )
    opts = {
        "settings": json.loads(args.settings),
        "adapted_settings": json.loads(args.adapted_settings) if args.adapted_settings else None,
        "noise_floor": args.noise_floor,
        "streamed": args.streamed,
        "expect": args.expect,
        "adapt": args.adapt,
        "voice_check": args.voice_check,
        "prompted_full_from": args.prompted_full_from,
        "no_retry_whole": args.no_retry_whole,
        "accent": args.accent,
        "model_dir": args.model_dir,
    }
    wanted = set(args.conditions.split(","))
    talk_in = set() if args.no_chatter else set(talk_conditions)
    items = [
        it
        for it in items
        if (it["chatter"] and not args.no_chatter)
        or (not it["chatter"] and it.get("player", it["condition"]) in wanted)
        # the table talk is said by checked voices too
        or (it.get("check") and it.get("player", it["condition"]) in talk_in)
    ]
    # a voice's utterances stay in one process, in order (its adaptation is per process)
    if args.adapt or args.voice_check:
        names = sorted({it["voice"][0] for it in items})
        chunks = [[it for it in items if names.index(it["voice"][0]) % args.jobs == i] for i in range(args.jobs)]
    else:
        chunks = [items[i :: args.jobs] for i in range(args.jobs)]
    t0 = time.perf_counter()
    if args.jobs == 1:
        results = _work((items, opts))
    else:
        sg.share_cache()  # the workers' speech lands in this process's cache, removed at its exit
        with ProcessPoolExecutor(args.jobs) as ex:
            results = [r for part in ex.map(_work, [(c, opts) for c in chunks]) for r in part]
    wall = time.perf_counter() - t0
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results))
    summary = summarize(results)
    summary.update(voices=args.voices, per_condition=args.per_condition, wall_seconds=wall, options=opts)
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
