"""A simulated player for whole games of ``voicefish play`` by voice, and the scoring of such a game.

Used by bench/voice_game_bench.py (issue 33) and its test. The real command runs in a subprocess; the player reads
its captions and private lines on stdout, knows its hand from them, says legal asks in a hold-out voice (hold-out
phrasings of :mod:`testspeech.corpus`, some with a natural pause at a comma) into the PulseAudio virtual microphone
in real time, repeats the voice check's sentences and answers the game's yes/no questions truthfully. With speech
on, the game talks on its own output (``vspk2``) and the player waits until it is quiet there. In the "talk"
condition babble of other people at the table plays into the same microphone all game long. Needs a running virtual
sound card (scripts/with-virtual-audio.sh).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from testspeech.corpus import RANKS, TABLES, Split, answers, asks
from testspeech.speak import RATE, raw, synth, write_wav
from testspeech.voices import HOLDOUT_SEEDS, TUNING_SEEDS

ROOT = Path(__file__).resolve().parents[1]
"""The checkout whose ``voicefish`` the game runs."""
CONDITIONS = ("quiet", "talk")
EXITED = "the game exited"
ME = "Joe"
BOTS: tuple[str, ...] = ("Fatima", "Wen")
"""The table of the corpus the games are played at (hold-out: Fatima, Wen, Joe; Joe speaks). :func:`use_split`."""
SPLIT: Split = "holdout"
"""Whose phrasings, seeds and table: ``holdout`` (what is reported) or ``tuning`` (games whose traces may be read
to find what goes wrong; nothing measured on them is a result)."""


def use_split(split: Split) -> None:
    """Play at the corpus's ``split`` table, with its phrasings and seeds (call before any game starts)."""
    global ME, BOTS, SPLIT
    speaker = {"holdout": "Joe", "tuning": "Sam"}[split]
    table = next(t for t in TABLES if t.split == split and t.me == speaker)
    ME = table.me
    BOTS = table.others
    SPLIT = split


def seeds() -> tuple[int, ...]:
    """The split's synthesis and babble seeds."""
    return HOLDOUT_SEEDS if SPLIT == "holdout" else TUNING_SEEDS


PAD_S = 0.3
"""Quiet before and after each utterance (testspeech.synth's padding)."""
LOUD_RMS = 200.0
"""An output block louder than this (int16 RMS, about -44 dBFS) is the game speaking."""

_RANK_OF: dict[str, str] = {}
for _code, (_plural, _singular) in RANKS.items():
    _RANK_OF[_plural] = _code
    _RANK_OF[_singular] = _code
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}


# --------------------------------------------------------------------------------------------------- what is said


def ask_templates(split: Split | None = None) -> list[str]:
    """The corpus's ask phrasings of ``split`` (None: the game's split) as templates ({n} name, {r} plural rank,
    {r1} "a seven")."""
    out: list[str] = []
    for u in asks(SPLIT if split is None else split):
        assert u.expected is not None
        plural, singular = RANKS[u.expected["rank"]]
        article = ("an " if singular[0] in "aeiou" else "a ") + singular
        text = u.text.replace(u.expected["target"], "{n}")
        text = re.sub(rf"\b{plural}\b", "{r}", text)
        text = re.sub(rf"\b{article}\b", "{r1}", text)
        if "{r" in text and "{n}" in text and text not in out:
            out.append(text)
    return out


def yes_no_phrases() -> tuple[list[str], list[str]]:
    """The split's ways to say yes and no (corpus)."""
    said = answers(SPLIT)
    yes = [u.text for u in said if u.expected == {"type": "yes"}]
    no = [u.text for u in said if u.expected == {"type": "no"}]
    return yes, no


def parse_cards(phrase: str) -> Counter[str]:
    """Ranks and counts in the game's words for cards: ``a three, two fives and a queen`` → {3: 1, 5: 2, Q: 1}."""
    hand: Counter[str] = Counter()
    for item in re.split(r",\s*|\s+and\s+", phrase.strip().rstrip(".")):
        words = item.lower().split()
        if not words:
            continue
        count = _COUNT_WORDS.get(words[0], 1)
        rest = words[1:] if words[0] in _COUNT_WORDS and len(words) > 1 else words
        rank = next((_RANK_OF[w] for w in rest if w in _RANK_OF), None)
        if rank is not None:
            hand[rank] += count
    return hand


def ranks_in(text: str) -> set[str]:
    return {_RANK_OF[w] for w in re.findall(r"[a-z]+", text.lower()) if w in _RANK_OF}


@dataclass
class Line:
    t: float
    who: str
    text: str

    @property
    def private(self) -> bool:
        return self.who.endswith("(private)")


_NOT_A_QUESTION = re.compile(r"for example|could say|can say|can ask|please say:", re.I)


def is_question(line: Line) -> bool:
    """A question the game puts to the player ("Wen, for sevens?", "Did you mean Fatima or Wen? Please say it
    again with the name."), not an example of what to say nor a computer player's ask."""
    if line.who in BOTS or _NOT_A_QUESTION.search(line.text):
        return False
    return "?" in line.text or bool(re.search(r"\bsay yes or no\b", line.text, re.I))


@dataclass
class Utterance:
    kind: str  # check | ask | yes | no | repeat | name (the bare name, when the game asks for it)
    text: str
    start: float
    speech_end: float
    end: float
    meant: tuple[str, str] | None = None  # (target, rank) of an ask, or of the ask a yes/no answers
    pause_s: float = 0.0


@dataclass
class GameResult:
    voice: str
    condition: str
    speech: bool
    seed: int
    finished: bool
    cut: str | None
    asks: int = 0
    asks_as_meant: int = 0
    asks_at_once: int = 0
    moves: int = 0
    wrong_moves: int = 0
    moves_without_yes: int = 0
    early_replies: int = 0
    stuck_turns: int = 0
    turns: int = 0
    utterances: int = 0
    check_s: float = 0.0
    game_s: float = 0.0
    total_s: float = 0.0
    log_ok: bool | None = None
    notes: list[str] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------- the game's output


class OutputWatch:
    """When the game last made a sound on its own output (``parec`` on the monitor of ``vspk2``)."""

    def __init__(self, source: str) -> None:
        self.last_loud = 0.0
        self._proc = subprocess.Popen(
            [
                "parec",
                f"--device={source}",
                "--format=s16le",
                "--rate=16000",
                "--channels=1",
                "--raw",
                "--latency-msec=20",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        assert self._proc.stdout is not None
        block = 640  # 20 ms
        while True:
            data = self._proc.stdout.read(block)
            if not data:
                return
            x = np.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(np.float64)
            if x.size and float(np.sqrt(np.mean(x**2))) > LOUD_RMS:
                self.last_loud = time.monotonic()

    def close(self) -> None:
        self._proc.terminate()
        self._proc.wait(timeout=5)


class Babble:
    """Other people talking at the table, looped into the virtual microphone all game long."""

    def __init__(self, audio: npt.NDArray[np.int16], path: Path) -> None:
        write_wav(path, audio)
        self._path = path
        self._stop = threading.Event()
        self._proc: subprocess.Popen[bytes] | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._proc = subprocess.Popen(["paplay", "--device=vspk", str(self._path)])
            self._proc.wait()

    def close(self) -> None:
        self._stop.set()
        if self._proc is not None:
            self._proc.terminate()
        self._thread.join(timeout=5)


def speech_power(voice: str) -> float:
    """Mean power of ``voice`` on its speech-active frames (the reference of the babble's SNR)."""
    from testspeech.noise import FRAME, active_frames

    x = raw("Wen, do you have any sevens?", voice).astype(np.float64)
    active = active_frames(x)
    n = active.size
    frames = x[: n * FRAME].reshape(n, FRAME)
    return float(np.mean(np.mean(frames**2, axis=1)[active]))


def make_babble(voice: str, snr: float, seconds: float, seed: int) -> npt.NDArray[np.int16]:
    from testspeech.noise import babble

    b = babble(int(seconds * RATE), seed=seed, talkers=4)  # unit RMS
    gain = np.sqrt(speech_power(voice) / 10 ** (snr / 10))
    out: npt.NDArray[np.int16] = np.clip(np.round(b * gain), -32768, 32767).astype(np.int16)
    return out


# ------------------------------------------------------------------------------------------------- the player


class Player:
    """A person at the table: knows their hand from the private lines, asks on their turn, answers questions."""

    def __init__(
        self, voice: str, rng: random.Random, tmp: Path, *, pause_share: float, bots: int = 2, advice: bool = False
    ) -> None:
        self.voice = voice
        self.advice = advice
        """Follows the table's advice on a turn that is not heard, as a player who listens to it would: "Let's try
        it shorter: just the name and the rank" (then "Fatima, eights." for the rest of the turn), and the private
        "From your hand, you could say: Fatima, do you have any sixes?" (then that ask). False: asks as before."""
        self.shorter = False
        self.suggested: tuple[str, str] | None = None
        self.bots = bots
        self.rng = rng
        self.tmp = tmp
        self.pause_share = pause_share
        self.templates = ask_templates()
        self.yes, self.no = yes_no_phrases()
        self.hand: Counter[str] = Counter()
        self.out: set[str] = set()
        self.booked: set[str] = set()
        self.turn: str | None = None
        self.meant: tuple[str, str] | None = None
        self.n = 0
        self._plan: Plan | None = None
        self._pool = ThreadPoolExecutor(max_workers=1)  # one synthesis at a time (piper is not shared across threads)

    # what the lines tell
    def read(self, line: Line) -> None:
        text = line.text
        if self.advice and line.who in ("Dealer", f"{ME} (private)"):
            if re.match(r"Let's try it shorter\b", text):
                self.shorter = True
            m = re.match(r"From your hand, you could say: (\w+), do you have any (\w+)\?$", text)
            rank = _RANK_OF.get(m.group(2).lower()) if m else None
            if m and rank is not None:
                self.suggested = (m.group(1), rank)
        if line.private and line.who.startswith(ME):
            m = re.match(r"(?:Your cards|You have [\w -]+ cards?)\s*:\s*(.*)$", text)
            if m:
                self.hand = parse_cards(m.group(1))
                return
            m = re.match(r"You (?:drew|picked up|got) (.*)$", text)
            if m:  # news of a rank already booked comes late (its book was laid at once): nothing to add
                self.hand.update({r: c for r, c in parse_cards(m.group(1)).items() if r not in self.booked})
            return
        if line.who in BOTS:
            self.turn = line.who  # a computer player speaks on its own turn
            return
        for m in re.finditer(rf"\b{ME} has (.+?)\. \w+ takes", text):
            for rank in parse_cards(m.group(1)):
                self.hand.pop(rank, None)
        for m in re.finditer(rf"\basks {ME} for (\w+)(?:, [^:]*)?: {ME} gives", text):  # compact narration
            for rank in parse_cards(m.group(1)):
                self.hand.pop(rank, None)
        for m in re.finditer(rf"\b{ME} lays down a (book|pair) of (\w+)", text):
            booked = _RANK_OF.get(m.group(2).lower())
            if booked is not None and m.group(1) == "pair":
                self.hand[booked] = max(0, self.hand[booked] - 2)
            elif booked is not None:
                self.booked.add(booked)
                self.hand.pop(booked, None)
        m = re.search(rf"(?:Lucky! |— ){ME} fished an? (\w+)", text)
        if m and m.group(1).lower() in _RANK_OF:
            self.hand[_RANK_OF[m.group(1).lower()]] += 1
        for m in re.finditer(r"\b(\w+) has no cards left and is out", text):
            self.out.add(m.group(1))
        asker = re.match(r"([A-Z][\w'-]*) asks ", text)  # a move: compact narration announces no computer's turn
        if asker and asker.group(1) == ME:
            self.shorter, self.suggested = False, None  # the advice was for the ask not heard
        if asker and asker.group(1) in (*BOTS, ME):
            self.turn = asker.group(1) if asker.group(1) != ME else None  # mine goes on only on "goes again"
        turns = re.findall(r"\b([A-Z][\w'-]*)(?:, (?:it's )?(?:still )?your turn| goes again)", text)
        if turns:
            self.turn = turns[-1]
        if text.startswith("Game over"):
            self.turn = None

    def choose_ask(self) -> tuple[str, str]:
        """Keep the ask meant so far while it is still legal (people repeat themselves), else a new one."""
        bots = list(BOTS[: self.bots])
        targets = [b for b in bots if b not in self.out] or bots
        if self.suggested is not None:
            suggested, self.suggested = self.suggested, None
            if self.hand[suggested[1]] > 0 and suggested[0] in targets:
                self.meant = suggested
                return suggested
        if self.meant is not None and self.hand[self.meant[1]] > 0 and self.meant[0] in targets:
            return self.meant
        ranks = sorted(r for r, c in self.hand.items() if c > 0)
        rank = self.rng.choice(ranks) if ranks else self.rng.choice(list(RANKS))
        self.meant = (self.rng.choice(targets), rank)
        return self.meant

    def ask_text(self, meant: tuple[str, str]) -> str:
        plural, singular = RANKS[meant[1]]
        if self.shorter:
            return f"{meant[0]}, {plural}."
        article = ("an " if singular[0] in "aeiou" else "a ") + singular
        return self.rng.choice(self.templates).format(n=meant[0], r=plural, r1=article)

    def answer(self, question: str) -> tuple[str, str]:
        """(kind, words) for a question of the game: a truthful yes or no, the name meant when it asks for just the
        name, the rank meant when it asks for just the rank of the player meant ("Which cards do you want from
        Fatima? Just say the rank.": it had said "yes" to that), or the ask said again when it offers a choice,
        names nothing this player can check, asks for the rank from another player, or asks for the whole ask
        ("Which cards do you want from Wen? Please say the whole ask again.", a loud room)."""
        if self.meant is None or re.search(r"\b(stop|quit)\b", question, re.I):
            return "no", self.rng.choice(self.no)
        names = {n for n in (*BOTS, ME) if re.search(rf"\b{n}\b", question)}
        ranks = ranks_in(question)
        if len(names) > 1 and self.meant[0] in names and re.search(r"\bsay the name\b", question, re.I):
            return "name", f"{self.meant[0]}."  # "Did you mean Fatima or Wen? Just say the name."
        if names == {self.meant[0]} and not ranks and re.search(r"\bsay the rank\b", question, re.I):
            return "rank", f"{RANKS[self.meant[1]][0].capitalize()}."  # "Which cards do you want from Fatima? ..."
        if (
            len(names) > 1
            or len(ranks) > 1
            or not (names or ranks)
            or re.search(r"\bsay the (rank|whole ask)\b", question, re.I)
        ):
            return "repeat", self.ask_text(self.meant)
        right = (not ranks or self.meant[1] in ranks) and (not names or self.meant[0] in names)
        return ("yes", self.rng.choice(self.yes)) if right else ("no", self.rng.choice(self.no))

    # how it sounds
    def plan(self, key: tuple[object, ...], kind: str, text: str, meant: tuple[str, str] | None) -> Plan:
        """What to say next, got ready in the background while the game still talks (a person thinks of their
        words meanwhile; a synthesizer on a busy machine can take seconds). The same ``key`` keeps the same plan."""
        if self._plan is not None and self._plan.key == key:
            return self._plan
        pause = kind in ("ask", "repeat") and self.rng.random() < self.pause_share and "," in text
        gap = self.rng.uniform(0.4, 0.9) if pause else 0.0
        seed = seeds()[self.n % len(seeds())]
        self.n += 1
        plan = Plan(key, kind, text, meant, gap, seed, self._pool.submit(self.audio, text, gap, seed))
        self._plan = plan
        return plan

    def audio(self, text: str, gap: float, seed: int) -> npt.NDArray[np.int16]:
        """The utterance in this voice; with a ``gap`` a natural pause of that many seconds at its first comma."""
        head, sep, tail = text.partition(",")
        if not (gap and sep and tail.strip()):
            return synth(text, self.voice, seed=seed)
        parts = [
            np.zeros(round(PAD_S * RATE)),
            raw(head.strip() + ",", self.voice, seed).astype(np.float64),
            np.zeros(round(gap * RATE)),
            raw(tail.strip(), self.voice, seed).astype(np.float64),
            np.zeros(round(PAD_S * RATE)),
        ]
        from testspeech.speak import add_noise_floor

        return add_noise_floor(np.concatenate(parts), -70.0, seed)

    def say(self, plan: Plan, go: Callable[[], bool] | None = None) -> Utterance | None:
        """Say what ``plan`` holds into the microphone in real time; None (nothing said) when ``go`` says, once the
        speech is ready, that the moment has passed (the game spoke again meanwhile)."""
        audio = plan.audio.result()
        if go is not None and not go():
            return None
        self._plan = None
        path = write_wav(self.tmp / f"say{self.n}.wav", audio)
        subprocess.run(["paplay", "--device=vspk", str(path)], check=True)
        end = time.monotonic()
        # paplay returns when its stream has drained: the speech itself ended a trailing pad earlier
        start = end - audio.size / RATE + PAD_S
        return Utterance(plan.kind, plan.text, start, end - PAD_S, end, plan.meant, plan.gap)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True)
class Plan:
    """An utterance got ready: its words, its pause, its take, and its audio (being made)."""

    key: tuple[object, ...]
    kind: str
    text: str
    meant: tuple[str, str] | None
    gap: float
    seed: int
    audio: Future[npt.NDArray[np.int16]]


# --------------------------------------------------------------------------------------------------- one game


@dataclass
class Options:
    voice_check: int | None
    backend: str
    seats: str
    rules: str | None
    snr: float
    pause_share: float
    max_tries: int
    max_turn_s: float
    max_game_s: float
    quiet_s: float = 0.7
    verbose: bool = False
    answer_wait_s: float = 20.0
    advice: bool = False
    """The player follows the table's advice on a turn not heard (:attr:`Player.advice`)."""


def game_command(seed: int, speech: bool, opts: Options, work: Path) -> list[str]:
    config = work / "config.toml"
    config.write_text("", encoding="utf-8")
    cmd = [sys.executable, "-m", "voicefish", "play", "--players", ME, "--seats", opts.seats]
    cmd += ["--bot-names", ",".join(BOTS), "--games", "1", "--seed", str(seed), "--new"]
    cmd += ["--save", str(work / "save.json"), "--log", str(work / "game.jsonl"), "--config", str(config)]
    cmd += ["--input-device", "vmic", "--backend", opts.backend]
    # the game's own output is vspk2 (its speech, or with captions only its earcons): never the microphone's vspk
    cmd += ["--output-device", "vspk2"] if speech else ["--no-speech", "--output-device", "vspk2"]
    if opts.voice_check is not None:
        cmd += ["--voice-check", str(opts.voice_check)]
    if opts.rules:
        cmd += ["--rules", opts.rules]
    return cmd


class Game:
    """One game of ``voicefish play`` with a simulated player; :meth:`run` returns the scored result."""

    def __init__(self, voice: str, condition: str, speech: bool, seed: int, opts: Options, work: Path) -> None:
        self.voice, self.condition, self.speech, self.seed, self.opts = voice, condition, speech, seed, opts
        self.work = work
        self.lines: list[Line] = []
        self.said: list[Utterance] = []
        self._cv = threading.Condition()
        rng = random.Random(f"{voice}|{condition}|{seed}")
        bots = len([k for k in opts.seats.split(",") if k.strip()])
        self.player = Player(voice, rng, work, pause_share=opts.pause_share, bots=bots, advice=opts.advice)

    def _read(self, stream: Any) -> None:
        for raw_line in stream:
            text = raw_line.rstrip("\n")
            who, sep, rest = text.partition(": ")
            line = Line(time.monotonic(), who if sep else "", rest if sep else text)
            if self.opts.verbose:
                print(f"  game: {text}", file=sys.stderr, flush=True)
            with self._cv:
                self.lines.append(line)
                self._cv.notify_all()

    def _quiet_since(self, watch: OutputWatch | None) -> float | None:
        """When the game went quiet (no line for ``quiet_s`` and, with speech, its output silent), or None."""
        now = time.monotonic()
        last = self.lines[-1].t if self.lines else 0.0
        if now - last < self.opts.quiet_s:
            return None
        if watch is None:
            return last + self.opts.quiet_s
        if watch.last_loud > last:  # it spoke the last line: quiet once that has ended
            return watch.last_loud + 0.6 if now - watch.last_loud >= 0.6 else None
        return last + 3.0 if now - last >= 3.0 else None  # a line with no sound (yet): allow for the synthesizer

    def run(self) -> GameResult:
        res = GameResult(self.voice, self.condition, self.speech, self.seed, finished=False, cut=None)
        watch = OutputWatch("vspk2.monitor") if self.speech else None
        babble = None
        if self.condition == "talk":
            audio = make_babble(self.voice, self.opts.snr, 60.0, seeds()[self.seed % len(seeds())])
            babble = Babble(audio, self.work / "babble.wav")
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT), VOICEFISH_HEARD_LOG=str(self.heard_log))
        cmd = game_command(self.seed, self.speech, self.opts, self.work)
        t0 = time.monotonic()
        errfile = (self.work / "stderr.txt").open("w", encoding="utf-8")
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=errfile,
            text=True,
            env=env,
            cwd=str(self.work),
        )
        reader = threading.Thread(target=self._read, args=(proc.stdout,), daemon=True)
        reader.start()
        try:
            res.cut = self._play(proc, watch, t0)
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            reader.join(timeout=5)
            errfile.close()
            if watch is not None:
                watch.close()
            if babble is not None:
                babble.close()
            self.player.close()
        res.total_s = time.monotonic() - t0
        self._score(res, t0)
        return res

    def _play(self, proc: subprocess.Popen[str], watch: OutputWatch | None, t0: float) -> str | None:
        p = self.player
        seen = 0
        last_said_end = 0.0
        responded = True  # has the game said anything since the player last spoke?
        question: Line | None = None
        check: str | None = None
        turn_start: float | None = None
        while True:
            with self._cv:
                self._cv.wait(timeout=0.1)
                new = self.lines[seen:]
                seen = len(self.lines)
            # Every new line came after the player began their last utterance: what the game said while they were
            # still speaking is heard too (a person answers a question that cut in, or repeats the newest prompt).
            for line in new:
                p.read(line)
                responded = True
                if line.who in ("Dealer", f"{ME} (private)"):
                    m = re.search(rf"\b{ME}, please say: (.*)$", line.text)
                    if m:
                        from voicefish.table.voicecheck import sentence_of

                        check, question = sentence_of(m.group(1)), None
                    elif is_question(line):
                        question = line
                    elif line.who == "Dealer":  # the game moved on ("Let's try that again.", a move, a reprompt)
                        question = None
            if proc.poll() is not None:
                return None if any(x.text.startswith("Game over") for x in self.lines) else EXITED
            now = time.monotonic()
            if now - t0 > self.opts.max_game_s:
                return f"cut after {self.opts.max_game_s / 60:.0f} minutes"
            my_turn = p.turn == ME
            if my_turn and turn_start is None:
                turn_start = now
            if not my_turn:
                turn_start = None
            if my_turn and turn_start is not None and now - turn_start > self.opts.max_turn_s * 3:
                return "one turn went on three times longer than a stuck turn"
            # what to say next, got ready while the game still talks
            plan: Plan | None = None
            n_said = len(self.said)
            if check is not None:
                plan = p.plan(("check", check, n_said), "check", check, None)
            elif question is not None:
                q = question
                if p._plan is None or p._plan.key != ("answer", q.t, n_said):
                    kind, words = p.answer(q.text)
                    plan = p.plan(("answer", q.t, n_said), kind, words, p.meant)
                else:
                    plan = p._plan
            elif my_turn:
                meant = p.choose_ask()
                key = ("ask", meant, n_said)
                plan = (
                    p._plan
                    if p._plan is not None and p._plan.key == key
                    else p.plan(key, "ask", p.ask_text(meant), meant)
                )
            quiet = self._quiet_since(watch)
            if quiet is None or plan is None:
                continue
            react = 0.3 + 0.6 * ((len(self.said) * 7919) % 100) / 100  # 0.3-0.9 s, varied but reproducible
            if now < quiet + react:
                continue
            if plan.kind == "ask" and not (responded or now - last_said_end > self.opts.answer_wait_s):
                continue  # the game has not answered the last ask yet
            heard = len(self.lines)

            def still(heard: int = heard) -> bool:  # nothing new from the game while the words were got ready
                return len(self.lines) == heard

            utt = p.say(plan, still)
            if utt is not None and check is not None:
                check = None
            elif utt is not None and question is not None:
                question = None
            if utt is not None:
                if self.opts.verbose:
                    print(f"  SAID [{utt.kind}] {utt.text} (hand {dict(p.hand)})", file=sys.stderr, flush=True)
                self.said.append(utt)
                last_said_end = utt.speech_end  # what the game says after the words themselves is an answer
                responded = False

    # ------------------------------------------------------------------------------------------------ scoring

    @property
    def heard_log(self) -> Path:
        """Where the game traces what its ears heard (``$VOICEFISH_HEARD_LOG``)."""
        return self.work / "heard.jsonl"

    def _score(self, res: GameResult, t0: float) -> None:
        res.transcript = transcript(self.lines, self.said, t0, read_heard(self.heard_log))
        res.notes += [f"the game said: {x.text}" for x in self.lines[:3] if re.match(r"Listening with", x.text)]
        if res.cut:
            res.notes.append(f"game {res.cut}")
        score(res, self.lines, self.said, t0, self.opts)

        # the log: every move the game made replays through the engine's rules
        log = self.work / "game.jsonl"
        if log.exists():
            from voicefish.engine.errors import LogError
            from voicefish.engine.log import read_log, replay

            try:
                games = read_log(log)
                for g in games:
                    replay(g)
                logged = [o for g in games for o in g.objects if o.get("event") == "ask" and o.get("player") == ME]
                res.log_ok = len(logged) == res.moves
                if not res.log_ok:
                    res.notes.append(f"the log has {len(logged)} asks by {ME}, the captions {res.moves}")
            except LogError as exc:
                res.log_ok = False
                res.notes.append(f"log does not replay: {exc}")
        errors = (self.work / "stderr.txt").read_text(encoding="utf-8", errors="replace")
        tb = "Traceback" in errors
        alsa = len(re.findall(r"(?m)^ALSA lib", errors))
        if tb:
            res.notes.append("the game printed a traceback on stderr")
        if alsa:
            res.notes.append(f"{alsa} 'ALSA lib' lines on the game's stderr")


# ------------------------------------------------------------------------------------------------------ scoring


def read_heard(path: Path) -> list[dict[str, Any]]:
    """The game's trace of what its ears heard (one JSON object a line; none when the game wrote none)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:
            continue  # (a line cut short when the game was stopped)
    return [r for r in rows if isinstance(r, dict) and isinstance(r.get("t"), int | float)]


def transcript(
    lines: list[Line], said: list[Utterance], t0: float, heard: Sequence[Mapping[str, Any]] = ()
) -> list[str]:
    """The game's lines, the player's utterances and (``HEARD``) what the game's ears made of them, in time order
    (seconds from ``t0``); :func:`from_transcript` reads the lines and utterances back."""
    out = [f"{x.t - t0:7.2f} {x.who}: {x.text}" for x in lines]
    out += [
        f"{u.start - t0:7.2f}-{u.speech_end - t0:.2f} SAID [{u.kind}] {u.text}"
        + (f" (pause {u.pause_s:.2f} s)" if u.pause_s else "")
        for u in said
    ]
    out += [f"{float(h['t']) - t0:7.2f} HEARD {heard_words(h)}" for h in heard]
    out.sort(key=lambda s: float(s.split()[0].split("-")[0]))
    return out


def heard_words(h: Mapping[str, Any]) -> str:
    """``"Fatima, any fours?" → ask Fatima 4 (0.87)``, with ``, asked back: <reason>`` when it was unsure (the
    intent as ``voicefish parse --json`` writes it: its type, player or players, rank)."""
    found = h.get("intent")
    intent: Mapping[str, Any] = found if isinstance(found, dict) else {}
    inner = intent.get("partial")
    partial: Mapping[str, Any] = inner if isinstance(inner, dict) else {}
    parts = (intent.get("type"), intent.get("target"), "/".join(intent.get("candidates", [])), partial.get("rank"))
    what = " ".join(str(x) for x in (*parts, intent.get("rank")) if x)
    unsure = f", asked back: {h.get('reason') or 'unsure'}" if h.get("confirm") else ""
    why = f", {h['reason']}" if h.get("reason") and not h.get("confirm") else ""
    return f"{json.dumps(h.get('text', ''), ensure_ascii=False)} → {what} ({h.get('confidence', 0.0)}{unsure}{why})"


def meant_by(text: str) -> tuple[str, str] | None:
    """The ask a sentence of the player means: (target, rank), from the names and rank words in it."""
    names = [n for n in (*BOTS, ME) if re.search(rf"\b{n}\b", text)]
    ranks = ranks_in(text)
    return (names[0], ranks.pop()) if len(names) == 1 and len(ranks) == 1 else None


def from_transcript(lines_text: list[str]) -> tuple[list[Line], list[Utterance]]:
    """Lines and utterances back from :func:`transcript` (times from 0), to score a stored game again."""
    lines: list[Line] = []
    said: list[Utterance] = []
    for row in lines_text:
        m = re.match(r"\s*([\d.]+)-([\d.]+) SAID \[(\w+)\] (.*?)(?: \(pause ([\d.]+) s\))?$", row)
        if m:
            text = m.group(4)
            start, end = float(m.group(1)), float(m.group(2))
            meant = meant_by(text) if m.group(3) in ("ask", "repeat") else None
            said.append(Utterance(m.group(3), text, start, end, end + PAD_S, meant, float(m.group(5) or 0)))
            continue
        t, _, rest = row.strip().partition(" ")
        if rest.startswith("HEARD "):
            continue  # what the ears made of it: not a line of the game
        who, sep, text = rest.partition(": ")
        lines.append(Line(float(t), who if sep else "", text if sep else rest))
    return lines, said


def is_confirmation(line: Line) -> bool:
    """A yes/no question about one move ("Wen, for sevens?", "Did you say sevens?"), not a choice to say again."""
    if not is_question(line) or re.search(r"say it again|which", line.text, re.I):
        return False
    names = {n for n in (*BOTS, ME) if re.search(rf"\b{n}\b", line.text)}
    return len(names) <= 1 and len(ranks_in(line.text)) <= 1


def score(res: GameResult, lines: list[Line], said: list[Utterance], t0: float, opts: Options) -> None:
    """Fill ``res``'s counts from what the game printed and what the player said (notes are added)."""
    res.utterances = len(said)
    res.finished = any(x.text.startswith("Game over") for x in lines)
    deal = next((x.t for x in lines if re.match(r"Game \d+\.", x.text)), None)
    over = next((x.t for x in lines if x.text.startswith("Game over")), None)
    if deal is not None:
        res.check_s = deal - t0
        res.game_s = (over or lines[-1].t) - deal

    # replies before the player finished: utterances during which the game printed a line (50 ms allowed: the
    # end of the speech is known to about 10 ms, measured against the microphone)
    for u in said:
        early = [x for x in lines if u.start + 0.05 < x.t < u.speech_end - 0.05]
        if early:
            res.early_replies += 1
            x = early[0]
            more = f" (+{len(early) - 1} lines)" if len(early) > 1 else ""
            res.notes.append(f"reply {u.speech_end - x.t:.2f} s before the end of {u.text!r}: {x.who}: {x.text}{more}")

    # moves: "Joe asks Wen for sevens." against what the player last meant
    moves = [
        (x, m.group(1), _RANK_OF.get(m.group(2).lower()))
        for x in lines
        if x.who == "Dealer" and (m := re.match(rf"{ME} asks (\w+) for (\w+)", x.text))
    ]
    res.moves = len(moves)
    ask_utts = [u for u in said if u.kind in ("ask", "repeat")]  # the ask said, or said again when asked to
    res.asks = len(ask_utts)
    prev_t = t0
    for line, target, rank in moves:
        last_ask = next((u for u in reversed(ask_utts) if u.start < line.t), None)
        meant = last_ask.meant if last_ask else None
        if meant != (target, rank):
            res.wrong_moves += 1
            res.notes.append(f"wrong move: {line.text!r}, meant {meant}")
        since = last_ask.start if last_ask else prev_t
        questions = [x for x in lines if since < x.t < line.t and is_confirmation(x)]
        if questions:
            q = questions[-1]
            if not [u for u in said if u.kind == "yes" and q.t < u.start < line.t]:
                res.moves_without_yes += 1
                res.notes.append(f"move without a yes: {q.text!r} then {line.text!r}")
        prev_t = line.t
    # asks played as meant: the next move is the one meant, at once or after a yes to the game's last question
    for i, u in enumerate(ask_utts):
        nxt = ask_utts[i + 1].start if i + 1 < len(ask_utts) else float("inf")
        move = next((mv for mv in moves if u.start < mv[0].t), None)
        if move is None or move[0].t > nxt or (move[1], move[2]) != u.meant:
            continue
        asked = [x for x in lines if u.start < x.t < move[0].t and is_confirmation(x)]
        if not asked:
            res.asks_at_once += 1
        elif not [v for v in said if v.kind == "yes" and asked[-1].t < v.start < move[0].t]:
            continue  # played on no yes: not as the player meant it, whatever the move
        res.asks_as_meant += 1

    # turns: from "Joe, your turn" / "Joe goes again" to the move (or the end)
    starts = [x.t for x in lines if re.search(rf"\b{ME}(?:, (?:it's )?(?:still )?your turn| goes again)", x.text)]
    turn_starts: list[float] = []
    for t in starts:  # a reprompt ("Joe, it's still your turn") is the same turn
        if not turn_starts or any(turn_starts[-1] < mv[0].t <= t for mv in moves):
            turn_starts.append(t)
    res.turns = len(turn_starts)
    end_t = lines[-1].t if lines else t0
    last_stuck = False
    for t in turn_starts:
        done = next((mv[0].t for mv in moves if mv[0].t > t), end_t)
        tries = len([u for u in said if t < u.start < done and u.kind in ("ask", "repeat")])
        last_stuck = tries > opts.max_tries or done - t > opts.max_turn_s
        if last_stuck:
            res.stuck_turns += 1
            res.notes.append(f"stuck turn at {t - t0:.0f} s: {tries} tries, {done - t:.0f} s")
    if res.cut and res.cut != EXITED and not last_stuck and turn_starts:
        res.stuck_turns += 1  # cut off at the time limit in the middle of things


KEPT_NOTES = ("the game said", "game ", "the log", "log does not", "the game printed", "'ALSA")
"""Notes that come from outside the lines (kept when a stored game is scored again)."""


def rescore(res: GameResult, opts: Options) -> GameResult:
    """``res`` scored again from its transcript (after a change of the scoring, or of ``opts``' limits)."""
    lines, said = from_transcript(res.transcript)
    kept = [n for n in res.notes if any(str(n).startswith(k) for k in KEPT_NOTES)]
    fresh = GameResult(
        res.voice,
        res.condition,
        res.speech,
        res.seed,
        finished=False,
        cut=res.cut,
        total_s=res.total_s,
        log_ok=res.log_ok,
        notes=kept,
        transcript=res.transcript,
    )
    score(fresh, lines, said, 0.0, opts)
    return fresh
