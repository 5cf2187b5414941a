"""Spoken seconds of narration per 3-player game: verbose against compact narration (issue 33 item 5).

    nice -n 19 .venv/bin/python bench/narration_time.py [--seeds 100-104] [--lang en] [--explain] [--out FILE.md]

(from a worktree: ``PYTHONPATH=$PWD`` so its own ``voicefish`` is measured)

Each seed is one whole game at a real table loop (``TableLoop``): one human seat (Sam, typing: each turn a rank it
holds from another player, both drawn from the seed, said as the phrasebook says an ask; yes when asked back) against
two computer players (Leo ``easy``, Mia ``medium``), the same deal and the same moves in both narrations (narration
changes no move). Every public message the table says is synthesized as the game speaks it:
``voicefish.audio.tts.Pyttsx3Voice`` (espeak-ng through pyttsx3), the dealer in the table language's voice and a
computer player's own ask in its own voice (``commands.table_io``'s choice), leading and trailing silence trimmed as
the game trims it; the audio lengths are summed, with the earcon the table speaker plays before a "turn" or "error"
message. Private lines (an earpiece's) are counted apart: they are the same in both narrations. Synthesis time, the
pause between sentences and the players' own speech are not included: this is the table's talk alone.
Reported per seed and as the median over the seeds, verbose and compact side by side, with the ratio.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from voicefish.audio.tts import Pyttsx3Voice, earcon
from voicefish.outputs.channels import PUBLIC, Message, Outputs
from voicefish.rules import RuleSet
from voicefish.table.ears import ListenRequest, PolicyEars
from voicefish.table.loop import SeatSpec, TableLoop
from voicefish.table.phrases import phrasebook

ROOT = Path(__file__).resolve().parents[1]
EARCONS = {"turn": earcon("your_turn").duration, "error": earcon("error").duration}
"""What the table speaker plays before a message of that kind (``outputs.speech_sink.SpeechSink``)."""
SEATS = {
    "en": [SeatSpec("Sam"), SeatSpec("Leo", "easy"), SeatSpec("Mia", "medium")],
    "it": [SeatSpec("Giulia"), SeatSpec("Marco", "easy"), SeatSpec("Anna", "medium")],
    "pl": [SeatSpec("Ania"), SeatSpec("Marek", "easy"), SeatSpec("Kasia", "medium")],
    "es": [SeatSpec("Ana"), SeatSpec("Carlos", "easy"), SeatSpec("Lucía", "medium")],
    "nl": [SeatSpec("Sanne"), SeatSpec("Daan", "easy"), SeatSpec("Emma", "medium")],
    "pt": [SeatSpec("João"), SeatSpec("Maria", "easy"), SeatSpec("Pedro", "medium")],
}


@dataclass
class _Record:
    messages: list[Message] = field(default_factory=list)

    def deliver(self, message: Message) -> None:
        self.messages.append(message)


def _typist(seed: int, lang: str) -> PolicyEars:
    """The human seat: asks another player still in the game for a rank it holds, says yes when asked back."""
    book = phrasebook(lang)
    rng = random.Random(seed)

    def policy(req: ListenRequest) -> str:
        if req.expecting != "turn":
            return str(book.YES_NO_PROMPT.split("/")[0])
        others = [p for p in req.players if p != req.speaker and p not in req.out]
        return str(book.ask_aloud(rng.choice(others), rng.choice(req.hand), None))

    return PolicyEars(policy, limit=5_000)


def play(seed: int, lang: str, *, verbose: bool, explain: bool) -> tuple[list[Message], list[Message], int]:
    """The public and private messages of one game, and how many asks were played."""
    seats = SEATS[lang]
    public, private = _Record(), _Record()
    outputs = Outputs(public=[public], private={0: [private]})
    loop = TableLoop(
        seats,
        RuleSet(),
        ears=_typist(seed, lang),
        outputs=outputs,
        games=1,
        seed=seed,
        explain=explain,
        lang=lang,
        verbose_narration=verbose,
    )
    assert loop.run(), f"seed {seed}: the game did not finish"
    assert all(m.audience == PUBLIC for m in public.messages) and loop.finished_logs
    asks = sum(1 for line in loop.finished_logs[0] if line.get("event") == "ask")
    return public.messages, private.messages, asks


class Voices:
    """Synthesis as the game does it, each distinct (text, voice) once."""

    def __init__(self, lang: str, computers: list[str], rate: int) -> None:
        dealer = None if lang == "en" else lang
        self.dealer = Pyttsx3Voice(voice=dealer, rate=rate, cache=0)
        bots = [("en-us" if lang == "en" else lang) + v for v in ["+m3", "+f3", "+m7", "+f5", "+m1"]]
        self.bots = {
            name: Pyttsx3Voice(voice=bots[k % len(bots)], rate=rate, cache=0) for k, name in enumerate(computers)
        }
        self.seconds: dict[tuple[str, str | None], float] = {}

    def duration(self, message: Message) -> float:
        key = (message.text, message.voice)
        if key not in self.seconds:
            voice = self.bots.get(message.voice or "", self.dealer)
            self.seconds[key] = voice.synthesize(message.text).duration
        return self.seconds[key] + EARCONS.get(message.kind, 0.0)


@dataclass(frozen=True)
class Row:
    seed: int
    narration: str
    asks: int
    """Asks played in the game (the same in both narrations)."""
    messages: int
    words: int
    seconds: float
    private_seconds: float


def measure(seed: int, lang: str, voices: Voices, *, verbose: bool, explain: bool) -> Row:
    public, private, asks = play(seed, lang, verbose=verbose, explain=explain)
    return Row(
        seed,
        "verbose" if verbose else "compact",
        asks,
        len(public),
        sum(len(m.text.split()) for m in public),
        sum(voices.duration(m) for m in public),
        sum(voices.duration(m) for m in private),
    )


def _median(rows: list[Row], attr: str) -> float:
    return float(statistics.median(getattr(r, attr) for r in rows))


def report(rows: list[Row], lang: str, explain: bool, rate: int, command: str, took: float) -> str:
    verbose = [r for r in rows if r.narration == "verbose"]
    compact = [r for r in rows if r.narration == "compact"]
    git = ["git", "rev-parse", "--short", "HEAD"]
    commit = subprocess.run(git, check=False, capture_output=True, text=True, cwd=ROOT).stdout
    seeds = ", ".join(str(r.seed) for r in compact)
    out = [
        f"Language `{lang}`, `--explain` {'on' if explain else 'off'}, {rate} words a minute; seeds {seeds}; "
        f"commit `{commit.strip()}`; {platform.machine()}, Python {platform.python_version()}; "
        f"{took:.0f} s of synthesis and play.",
        "",
        "```sh",
        command,
        "```",
        "",
        "| seed | asks | public messages, verbose / compact | words, verbose / compact | spoken s, verbose "
        "| spoken s, compact | compact / verbose | spoken s per ask, verbose / compact | private s (both) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for v, c in zip(verbose, compact, strict=True):
        assert v.asks == c.asks, "the same game in both narrations"
        out.append(
            f"| {v.seed} | {v.asks} | {v.messages} / {c.messages} | {v.words} / {c.words} | {v.seconds:.1f} | "
            f"{c.seconds:.1f} | {c.seconds / v.seconds:.2f} | {v.seconds / v.asks:.2f} / {c.seconds / c.asks:.2f} | "
            f"{v.private_seconds:.1f} |"
        )
    ratios = [c.seconds / v.seconds for v, c in zip(verbose, compact, strict=True)]
    out.append(
        f"| **median** | {_median(verbose, 'asks'):.0f} | {_median(verbose, 'messages'):.0f} / "
        f"{_median(compact, 'messages'):.0f} | {_median(verbose, 'words'):.0f} / {_median(compact, 'words'):.0f} | "
        f"**{_median(verbose, 'seconds'):.1f}** | **{_median(compact, 'seconds'):.1f}** | "
        f"**{statistics.median(ratios):.2f}** | "
        f"{statistics.median(r.seconds / r.asks for r in verbose):.2f} / "
        f"{statistics.median(r.seconds / r.asks for r in compact):.2f} | {_median(verbose, 'private_seconds'):.1f} |"
    )
    return "\n".join(out) + "\n"


def _seeds(text: str) -> list[int]:
    if "-" in text:
        first, last = text.split("-")
        return list(range(int(first), int(last) + 1))
    return [int(s) for s in text.split(",")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="100-104", help="deal seeds, e.g. 100-104 or 3,7,9 (default 100-104)")
    ap.add_argument("--lang", default="en", choices=sorted(SEATS), help="the table's language (default en)")
    ap.add_argument("--explain", action="store_true", help="with --explain (each computer player's reason said)")
    ap.add_argument(
        "--rate",
        type=int,
        default=175,
        help="speaking rate, words a minute (default 175, espeak-ng's own, as the published rows were measured; "
        "the game's default is voicefish.audio.tts.DEFAULT_RATE, 200)",
    )
    ap.add_argument("--out", type=Path, help="also write the report (markdown) to this file")
    args = ap.parse_args()
    command = "nice -n 19 .venv/bin/python bench/narration_time.py " + " ".join(sys.argv[1:])
    start = time.perf_counter()
    voices = Voices(args.lang, [s.name for s in SEATS[args.lang] if not s.human], args.rate)
    rows = []
    for seed in _seeds(args.seeds):
        for verbose in (True, False):
            rows.append(measure(seed, args.lang, voices, verbose=verbose, explain=args.explain))
            r = rows[-1]
            print(f"seed {seed} {r.narration}: {r.messages} messages, {r.seconds:.1f} s", file=sys.stderr)
    text = report(rows, args.lang, args.explain, args.rate, command.strip(), time.perf_counter() - start)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
