"""Whole games of ``voicefish play`` by voice, through a virtual microphone, scored like issue 33 asks.

The real command runs in a subprocess (``python -m voicefish play``: the real microphone path, the real endpointer and
recognizer, the voice check on), one human seat against two computer players. A simulated player reads the game's
captions and its private lines on stdout, and answers like a person: on their turn they say an ask that is legal
under the hand they were told (hold-out phrasings of :mod:`testspeech.corpus`, some with a natural pause at a
comma), they repeat the voice check's sentences, and they answer a yes/no question ("Wen, for sevens?") truthfully.
Their speech is synthesized in a hold-out voice (:data:`testspeech.HOLDOUT`) and played in real time into the
PulseAudio virtual microphone (``paplay`` to the null sink ``vspk`` whose monitor is ``vmic``). The game's own
speech goes to its own output (``vspk2``; the player waits until it is quiet there), or it shows captions only
(``--no-speech``). In the "talk" condition, babble of other people at the table (:func:`testspeech.noise.babble`)
plays into the same microphone all game long at ``--snr`` dB under the player's speech.

Reported per voice and condition (targets of issue 33): asks played as meant, at once or after a yes (>= 95 %);
wrong moves (0); moves without a yes when the game asked (0); replies before the player finished (0: a game line
printed while the player's speech is still playing); stuck turns (0: more than ``--max-tries`` utterances or
``--max-turn-seconds`` on one turn, or a game cut at ``--max-game-minutes``); minutes per 3-player game (<= 4).

    nice -n 10 /work/main/.venv/bin/python bench/voice_game_bench.py --voices piper-joe-slow,flite-awb --games 1

It starts its own virtual sound card (scripts/with-virtual-audio.sh) when it is not already running under one.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np

from testspeech import HOLDOUT, TUNING
from testspeech.voicegame import CONDITIONS, Game, GameResult, Options, rescore, use_split

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "voice_game.md"
DEFAULT_VOICES = ("piper-joe-slow", "flite-awb")
TUNING_VOICES = ("piper-joe-brisk", "flite-kal16")
"""``--split tuning``: games whose traces may be read to find what goes wrong (their numbers are not results)."""
TUNING_SEED = 7000

# --------------------------------------------------------------------------------------------------- the report


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f} % ({a}/{b})" if b else "–"


def summary_rows(results: Sequence[GameResult]) -> list[str]:
    rows = [
        "| voice | condition | output | games (finished) | asks as meant (target ≥ 95 %) | at once | wrong moves (0) "
        "| moves without a yes (0) | replies before the end (0) | stuck turns (0) | min per game, median (≤ 4) "
        "| voice check, s | utterances |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    keys: list[tuple[str, str, bool]] = []
    for r in results:
        if (r.voice, r.condition, r.speech) not in keys:
            keys.append((r.voice, r.condition, r.speech))
    for voice, cond, speech in [*keys, ("all", "all", True)]:
        rs = [r for r in results if (voice == "all" or (r.voice, r.condition, r.speech) == (voice, cond, speech))]
        if voice == "all" and len(keys) < 2:
            continue
        asks_n = sum(r.asks for r in rs)
        label = "" if voice == "all" else ("speech" if speech else "captions")
        games_min = [r.game_s / 60 for r in rs if r.finished]
        rows.append(
            f"| {voice} | {cond} | {label} "
            f"| {len(rs)} ({sum(r.finished for r in rs)}) "
            f"| {_pct(sum(r.asks_as_meant for r in rs), asks_n)} | {_pct(sum(r.asks_at_once for r in rs), asks_n)} "
            f"| {sum(r.wrong_moves for r in rs)} | {sum(r.moves_without_yes for r in rs)} "
            f"| {sum(r.early_replies for r in rs)} | {sum(r.stuck_turns for r in rs)} "
            f"| {float(np.median(games_min)):.1f} | {float(np.median([r.check_s for r in rs])):.0f} "
            f"| {sum(r.utterances for r in rs)} |"
            if games_min
            else f"| {voice} | {cond} | {label} | {len(rs)} (0) "
            f"| {_pct(sum(r.asks_as_meant for r in rs), asks_n)} | {_pct(sum(r.asks_at_once for r in rs), asks_n)} "
            f"| {sum(r.wrong_moves for r in rs)} | {sum(r.moves_without_yes for r in rs)} "
            f"| {sum(r.early_replies for r in rs)} | {sum(r.stuck_turns for r in rs)} "
            f"| > {min(r.game_s for r in rs) / 60:.1f} (none finished) "
            f"| {float(np.median([r.check_s for r in rs])):.0f} | {sum(r.utterances for r in rs)} |"
        )
    return rows


def write_report(results: Sequence[GameResult], command: str, path: Path, header: str, when: str | None = None) -> None:
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    out = [
        "# Whole games by voice through a virtual microphone (issue 33)",
        "",
        header,
        "",
        when
        or f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on commit `{commit}`, under `nice -n 10` "
        "on a 2-core machine shared with other work (times are longer than on an idle machine).",
        "",
        "```sh",
        command,
        "```",
        "",
        *summary_rows(results),
        "",
        "## Per game",
        "",
    ]
    for r in results:
        out.append(
            f"- {r.voice}, {r.condition}, {'speech' if r.speech else 'captions'}, seed {r.seed}: "
            f"{'finished' if r.finished else 'NOT finished'}{' (' + r.cut + ')' if r.cut else ''}; "
            f"{r.asks} asks, {r.asks_as_meant} as meant ({r.asks_at_once} at once), {r.moves} moves, "
            f"{r.turns} turns, {r.utterances} utterances; voice check {r.check_s:.0f} s, game {r.game_s / 60:.1f} "
            f"min, whole run {r.total_s / 60:.1f} min; log replays: {r.log_ok}"
        )
        out += [f"  - {n}" for n in r.notes[:12]]
        if len(r.notes) > 12:
            out.append(f"  - … {len(r.notes) - 12} more")
    out += [
        "",
        "## Transcripts",
        "",
        "Seconds from the start of `voicefish play`; `SAID` lines: start-end of the speech.",
        "",
    ]
    for r in results:
        name = f"{r.voice}, {r.condition}, {'speech' if r.speech else 'captions'}, seed {r.seed}"
        out += [f"<details><summary>{name}</summary>", "", "```text", *r.transcript, "```", "", "</details>", ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


HEADER = (
    "`bench/voice_game_bench.py`: the real `voicefish play` in a subprocess, one human seat (Joe) against two "
    "computer players (Fatima, Wen), the voice check on, the player's speech synthesized in hold-out voices "
    "(`testspeech.HOLDOUT`, hold-out ask phrasings and yes/no of `testspeech.corpus`, some asks with a natural "
    "0.4–0.9 s pause at a comma) played in real time into the PulseAudio virtual microphone; the game's speech on "
    'its own output (`vspk2`) or captions only. "talk": babble of four realistic talkers looped into the same '
    "microphone at `--snr` dB (default 10) under the player's speech. "
    "Asks as meant: ask utterances whose meant move was the next move played, at once "
    "or after a yes. Replies before the end: utterances during which the game printed a line while the player's "
    "speech was still playing (the end of the speech is known to about 10 ms: paplay's return, less the trailing "
    "pad, measured against the microphone; 50 ms allowed). "
    "Stuck: a turn with more tries or seconds than the limits (default more than 6 asks or 90 s), or a game cut at "
    "its time limit; a turn that goes on three times the limit ends the game there. Minutes per game: from the deal "
    'to "Game over" (the voice check before the deal is its own column); "> x" when no game finished.'
)


def _header(split: str) -> str:
    if split == "holdout":
        return HEADER
    return (
        "**Tuning split (`--split tuning`): tuning voices, phrasings, seeds and table (Sam against Priya and Leo). "
        "Games to read the traces of; nothing here is a result.** " + HEADER
    )


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(f"voice_game_bench: stopped by signal {signum}")


def _in_parallel(args: argparse.Namespace, argv: list[str], command: str) -> int:
    """Every voice x condition x output cell in a process of its own (its own virtual sound card), ``args.jobs`` at a
    time; then one report of them all."""
    cells = [
        (v.strip(), c.strip(), o)
        for v in args.voices.split(",")
        if v.strip()
        for c in args.conditions.split(",")
        if c.strip()
        for o in ({"both": ["speech", "captions"]}.get(args.output) or [args.output])
    ]
    keep: list[str] = []
    skip = {"--voices", "--conditions", "--output", "--out", "--json", "--jobs"}
    i = 0
    while i < len(argv):
        name = argv[i].split("=", 1)[0]
        if name in skip:
            i += 1 if "=" in argv[i] else 2
            continue
        keep.append(argv[i])
        i += 1
    env = {k: v for k, v in os.environ.items() if k not in ("VOICEFISH_VIRTUAL_AUDIO", "PULSE_SERVER")}
    with tempfile.TemporaryDirectory(prefix="vgame-jobs-") as tmp:
        running: list[tuple[subprocess.Popen[bytes], Path]] = []
        files: list[Path] = []
        try:
            for k, (voice, cond, out) in enumerate(cells):
                while len([p for p, _ in running if p.poll() is None]) >= args.jobs:
                    time.sleep(1)
                js = Path(tmp) / f"cell{k}.json"
                cell = ["--voices", voice, "--conditions", cond, "--output", out, "--out", str(Path(tmp) / f"c{k}.md")]
                cmd = [sys.executable, str(Path(__file__).resolve()), *keep, *cell, "--json", str(js)]
                running.append((subprocess.Popen(cmd, env=env), js))
                files.append(js)
            for proc, _ in running:
                proc.wait()
        finally:
            for proc, _ in running:
                if proc.poll() is None:
                    proc.terminate()
                    proc.wait()
        results = [GameResult(**r) for f in files if f.exists() for r in json.loads(f.read_text("utf-8"))]
    write_report(results, command, args.out, _header(args.split))
    if args.json:
        args.json.write_text(json.dumps([asdict(x) for x in results], indent=1), encoding="utf-8")
    print("\n".join(summary_rows(results)))
    print(f"written: {args.out}")
    return 0 if len(results) == len(cells) * args.games else 1


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument(
        "--split",
        choices=("holdout", "tuning"),
        default="holdout",
        help="holdout (what is reported: hold-out voices, phrasings, seeds and table) or tuning (games to read the "
        f"traces of, to find what goes wrong: tuning voices such as {', '.join(TUNING_VOICES)}, the corpus's "
        "tuning phrasings, seeds and table; never a result)",
    )
    ap.add_argument(
        "--voices",
        help=f"voices of the split (hold-out: {', '.join(HOLDOUT)}; default {','.join(DEFAULT_VOICES)}; tuning "
        f"default {','.join(TUNING_VOICES)})",
    )
    ap.add_argument("--conditions", default=",".join(CONDITIONS), help="quiet, talk (babble at --snr)")
    ap.add_argument("--output", choices=("speech", "captions", "both"), default="speech", help="the game's output")
    ap.add_argument("--games", type=int, default=1, help="games per voice, condition and output")
    ap.add_argument(
        "--seed", type=int, help=f"deal seed of the first game (then +1; default 100, tuning {TUNING_SEED})"
    )
    ap.add_argument("--snr", type=float, default=10.0, help="dB of the player's speech over the table talk")
    ap.add_argument("--pause-share", type=float, default=0.3, help="share of asks said with a pause at a comma")
    ap.add_argument("--voice-check", type=int, default=None, help="sentences of the voice check (default: the game's)")
    ap.add_argument("--backend", default="auto", help="voicefish play --backend")
    ap.add_argument("--seats", default="easy,medium", help="the computer players")
    ap.add_argument("--rules", default=None, help="voicefish play --rules")
    ap.add_argument("--max-tries", type=int, default=6, help="a turn with more utterances is stuck")
    ap.add_argument("--max-turn-seconds", type=float, default=90.0, help="a turn longer than this is stuck")
    ap.add_argument("--max-game-minutes", type=float, default=15.0, help="a game is cut (and stuck) after this")
    ap.add_argument("--out", type=Path, default=RESULTS, help="the Markdown report")
    ap.add_argument("--json", type=Path, default=None, help="also write every result with its transcript here")
    ap.add_argument(
        "--from-json",
        default=None,
        help="comma-separated --json files of earlier runs: write one report of them all (runs nothing)",
    )
    ap.add_argument("--command", default=None, help="with --from-json: the command(s) to print in the report")
    ap.add_argument("--when", default=None, help="with --from-json: when and on what the games were played")
    ap.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="play the voice x condition x output cells at once, each with its own virtual sound card (they share "
        "the CPU: times grow with load)",
    )
    ap.add_argument(
        "--advice",
        choices=("ignore", "follow"),
        default="ignore",
        help="on a turn not heard, the player follows the table's advice (a shorter ask, the ask it suggests from the "
        "hand) or asks as before (default: ignore, as every run before it)",
    )
    ap.add_argument("--verbose", action="store_true", help="show the game's lines and what is said, as it goes")
    args = ap.parse_args(argv)
    tuning = args.split == "tuning"
    if args.voices is None:
        args.voices = ",".join(TUNING_VOICES if tuning else DEFAULT_VOICES)
    if args.seed is None:
        args.seed = TUNING_SEED if tuning else 100
    use_split(args.split)

    command = "nice -n 10 /work/main/.venv/bin/python bench/voice_game_bench.py " + shlex.join(
        list(sys.argv[1:] if argv is None else argv)
    )
    opts = Options(
        voice_check=args.voice_check,
        backend=args.backend,
        seats=args.seats,
        rules=args.rules,
        snr=args.snr,
        pause_share=args.pause_share,
        max_tries=args.max_tries,
        max_turn_s=args.max_turn_seconds,
        max_game_s=args.max_game_minutes * 60,
        verbose=args.verbose,
        advice=args.advice == "follow",
    )
    if args.from_json:
        stored = [GameResult(**r) for f in args.from_json.split(",") for r in json.loads(Path(f).read_text("utf-8"))]
        loaded = [rescore(r, opts) for r in stored]
        write_report(loaded, args.command or command, args.out, _header(args.split), args.when)
        print("\n".join(summary_rows(loaded)))
        return 0
    signal.signal(signal.SIGTERM, _stop)  # clean up the game, the recorder and the babble on a kill
    if args.jobs > 1:
        return _in_parallel(args, list(sys.argv[1:] if argv is None else argv), command)
    if not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"):
        script = ROOT / "scripts" / "with-virtual-audio.sh"
        argv_now = list(sys.argv if argv is None else [sys.argv[0], *argv])
        return subprocess.call([str(script), sys.executable, *argv_now])

    voices = [v.strip() for v in args.voices.split(",") if v.strip()]
    pool = TUNING if tuning else HOLDOUT
    bad = [v for v in voices if v not in pool]
    if bad:
        print(f"voice_game_bench: not a {args.split} voice: {', '.join(bad)} (choose from {', '.join(pool)})")
        return 2
    conditions = [c.strip() for c in args.conditions.split(",") if c.strip()]
    if any(c not in CONDITIONS for c in conditions):
        print(f"voice_game_bench: conditions are {', '.join(CONDITIONS)}")
        return 2
    outputs = {"speech": [True], "captions": [False], "both": [True, False]}[args.output]
    results: list[GameResult] = []
    for voice in voices:
        for cond in conditions:
            for speech in outputs:
                for g in range(args.games):
                    with tempfile.TemporaryDirectory(prefix="vgame-") as tmp:
                        game = Game(voice, cond, speech, args.seed + g, opts, Path(tmp))
                        r = game.run()
                    results.append(r)
                    print(
                        f"{voice} {cond} {'speech' if speech else 'captions'} seed {r.seed}: finished={r.finished} "
                        f"asks {r.asks_as_meant}/{r.asks} wrong {r.wrong_moves} no-yes {r.moves_without_yes} "
                        f"early {r.early_replies} stuck {r.stuck_turns} game {r.game_s / 60:.1f} min",
                        flush=True,
                    )
                    write_report(results, command, args.out, _header(args.split))
                    if args.json:
                        args.json.write_text(json.dumps([asdict(x) for x in results], indent=1), encoding="utf-8")
    print("\n".join(summary_rows(results)))
    print(f"written: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
