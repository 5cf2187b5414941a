"""Issue 33, never stranded and never silently deaf: a voice game also takes an ask typed at the keyboard (offered
after repeated misses), and the better recognizer (Whisper) resting on a busy computer is told to the table, tried
again later, and its return told too.

The keyboard is a real pipe read by the real listener between blocks of real espeak speech (the endpointer and
pocketsphinx are real); the slow Whisper is scripted (its decode times are made up: this is the table's logic)."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import cast

import numpy as np
import pytest

from tests.table.tablekit import make_table
from testspeech.espeak import TUNING_VOICES, espeak_available, synth
from voicefish.audio.listen import ArraySource, Keyboard, Listener
from voicefish.audio.recognizer import Recognition
from voicefish.cards import Rank
from voicefish.engine import AskEvent
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.speech.grammar import TableContext
from voicefish.table import phrasebook as en
from voicefish.table.ears import Heard, ListenRequest, ScriptExhausted
from voicefish.table.loop import SeatSpec, TableLoop
from voicefish.table.voice import VoiceEars

REQUEST = ListenRequest(speaker="Sam", players=("Sam", "Leo", "Ann"), hand=(Rank.SEVEN, Rank.KING), rules=RuleSet())


def silence(seconds: float) -> np.ndarray:
    return np.random.default_rng(3).normal(0, 4, int(16000 * seconds)).astype(np.int16)


@pytest.fixture
def pipe() -> Iterator[tuple[Keyboard, int]]:
    """A keyboard on the read end of a real pipe, and the write end (what the player types)."""
    r, w = os.pipe()
    try:
        yield Keyboard(r), w
    finally:
        os.close(r)
        with contextlib.suppress(OSError):  # (a test may close it: the end of the input)
            os.close(w)


def type_later(fd: int, text: str, delay: float) -> threading.Thread:
    """Type ``text`` ``delay`` seconds from now (wall clock)."""
    due = time.monotonic() + delay
    return type_when(fd, text, lambda: time.monotonic() >= due)


def type_when(fd: int, text: str, ready: Callable[[], bool], limit: float = 30.0) -> threading.Thread:
    """Type ``text`` once ``ready()`` (polled): a moment in the stream, not on the wall clock, which a busy machine
    reads late."""

    def run() -> None:
        end = time.monotonic() + limit
        while not ready() and time.monotonic() < end:
            time.sleep(0.005)
        os.write(fd, text.encode())

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


# --- the keyboard ---------------------------------------------------------------------------------------------


def test_the_keyboard_gives_finished_lines_only_and_its_end_only_stops_it(pipe: tuple[Keyboard, int]) -> None:
    keyboard, w = pipe
    assert keyboard.poll() is None  # nothing typed: never blocks
    os.write(w, b"Leo, sev")
    assert keyboard.poll() is None  # a line not finished is not taken
    os.write(w, b"ens\n\n  \nwhat's the score\n")
    assert keyboard.poll() == "Leo, sevens"
    assert keyboard.poll() == "what's the score"  # empty lines (Enter alone) say nothing
    assert keyboard.poll() is None and not keyboard.closed
    os.write(w, b"typed too early\n")
    assert keyboard.drain() == 1 and keyboard.poll() is None
    os.write(w, "Ann, \xff kings\n".encode("latin-1"))  # not UTF-8: read all the same, never an error
    assert keyboard.poll() == "Ann, \ufffd kings"
    os.close(w)
    assert keyboard.poll() is None and keyboard.closed


def test_the_reveal_and_the_typed_ask_share_one_keyboard_without_stealing_lines(pipe: tuple[Keyboard, int]) -> None:
    """Two humans in a voice game at one terminal: the reveal of private cards reads its Enter presses through the
    keyboard the listener polls. An Enter pressed before the reveal asked is not taken (the cards wait for a new
    one), the reveal takes exactly its two presses, and a typed ask after them reaches the listener intact."""
    import io as _io

    from voicefish.outputs.channels import Message
    from voicefish.outputs.terminal import RevealSink
    from voicefish.table import phrasebook as en

    keyboard, w = pipe
    os.write(w, b"\n")  # pressed too early: not the answer to the reveal
    screen = _io.StringIO()
    seen: list[str] = []

    def press() -> None:  # Enter to see, then Enter to hide and the start of a typed ask, looking at the screen
        for typed in (b"\n", b"\nLeo, sev"):
            time.sleep(0.4)
            seen.append(screen.getvalue())
            os.write(w, typed)

    presses = threading.Thread(target=press, daemon=True)
    presses.start()
    sink = RevealSink("Priya", input=keyboard, output=screen, width=80, words=en)
    sink.deliver(Message("You drew the seven of hearts.", audience=0, kind="draw"))
    presses.join()
    assert "seven of hearts" not in seen[0] and "seven of hearts" in seen[1], seen  # shown after a new Enter only
    assert sink.pending == [] and keyboard.poll() is None  # the ask is not finished yet
    os.write(w, b"ens\n")
    assert keyboard.poll() == "Leo, sevens"
    os.close(w)
    assert keyboard.readline() == "" and keyboard.closed  # the end of input: the reveal keeps its lines


def test_standard_input_that_is_no_terminal_or_pipe_is_no_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    with open(os.devnull) as null:
        monkeypatch.setattr(sys, "stdin", null)
        assert Keyboard.stdin() is None  # /dev/null (CI): nothing to type on
    monkeypatch.setattr(sys, "stdin", io.StringIO("Leo, sevens\n"))
    assert Keyboard.stdin() is None  # no file descriptor at all
    r, w = os.pipe()
    try:
        with os.fdopen(r, closefd=False) as piped:
            monkeypatch.setattr(sys, "stdin", piped)
            keyboard = Keyboard.stdin()
            assert keyboard is not None and keyboard.fd == r
    finally:
        os.close(r)
        os.close(w)


# --- typing during a voice turn -------------------------------------------------------------------------------


pytestmark_speech = pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)")


def voice_ears(audio: np.ndarray, keyboard: Keyboard | None, timeout: float = 1.0, realtime: bool = True) -> VoiceEars:
    from voicefish.audio.sphinx import SphinxRecognizer

    return VoiceEars(
        Listener(ArraySource(audio, realtime=realtime)), SphinxRecognizer(), timeout=timeout, keyboard=keyboard
    )


@pytestmark_speech
@pytest.mark.slow
def test_a_line_typed_before_the_player_finishes_speaking_wins(pipe: tuple[Keyboard, int]) -> None:
    """Whatever comes first is the answer: a line finished while the player is still speaking (the half-heard
    speech is dropped, not joined to what comes next); with nothing typed the speech is heard as usual."""
    keyboard, w = pipe
    speech = synth("ann do you have any kings", TUNING_VOICES[0], pad_s=0.0)
    audio = np.concatenate([silence(0.3), speech, silence(1.0)])
    os.write(w, b"Leo, kings\n")  # typed before the table listened (e.g. during its question): not taken
    ears = voice_ears(audio, keyboard)
    assert ears.typing
    halfway = int(0.3 * 16000) + len(speech) // 2  # typed when the stream read is halfway through the spoken ask
    type_when(w, "Leo, sevens\n", lambda: ears.listener.detector.position >= halfway)
    heard = ears.listen(REQUEST)
    assert heard is not None and heard.intent == it.Ask("Leo", Rank.SEVEN) and heard.text == "Leo, sevens"
    assert heard.typed and ears.listener.stopped
    assert ears.listen(REQUEST) is None  # the rest of the spoken ask was not taken as a new utterance

    spoken = voice_ears(audio, keyboard, realtime=False)  # nothing typed: the spoken ask is the answer
    heard = spoken.listen(REQUEST)
    assert heard is not None and heard.intent == it.Ask("Ann", Rank.KING) and not spoken.listener.stopped
    assert not heard.typed


@pytestmark_speech
def test_a_yes_no_question_is_answered_by_a_line_typed_after_it_only(pipe: tuple[Keyboard, int]) -> None:
    """The same rule as for speech (issue 33): a line typed before the question was asked is not its answer."""
    from dataclasses import replace

    keyboard, w = pipe
    os.write(w, b"yes\n")  # typed while the ask was still being played out: not the answer
    ears = voice_ears(silence(1.5), keyboard, timeout=1.0)
    confirm = replace(REQUEST, expecting="confirm", prompt="Leo, for sevens?")
    assert ears.listen(confirm) is None
    type_later(w, "no\n", 0.2)
    heard = ears.listen(confirm)
    assert heard is not None and isinstance(heard.intent, it.No) and not heard.confirm


@pytestmark_speech
@pytest.mark.slow
def test_typing_is_offered_after_repeated_misses_and_the_typed_ask_is_played(pipe: tuple[Keyboard, int]) -> None:
    """A voice game in which the player is not heard (silence at the microphone): the third reprompt offers typing
    too, and the ask typed then is played without leaving voice mode (the same ears go on listening)."""
    keyboard, w = pipe
    table = make_table([0])
    ears = voice_ears(silence(30.0), keyboard, timeout=0.4)
    typed: list[str] = []

    class Player:
        """The voice ears; types the ask once the table offers it (as a person reading the captions would)."""

        def listen(self, request: ListenRequest) -> Heard | None:
            game = loop.game
            if game is not None and any(isinstance(e, AskEvent) and e.player == 0 for e in game.public_view().events):
                raise ScriptExhausted("Sam's ask was played")
            if any(en.OR_TYPE_IT in t for t in table.public_texts()) and not typed:
                typed.append(f"Leo, do you have any {_plural(request.hand[0])}?")
                type_later(w, typed[-1] + "\n", 0.2)
            if len(table.public_texts()) > 40:
                raise ScriptExhausted("stranded")
            return ears.listen(request)

        @property
        def typing(self) -> bool:
            return ears.typing

    loop = TableLoop(
        [SeatSpec("Sam"), SeatSpec("Leo", "random")],
        RuleSet(),
        ears=Player(),
        outputs=table.outputs,
        games=1,
        seed=4,
        first_dealer=0,
    )
    loop.run()
    public = table.public_texts()
    offers = [i for i, t in enumerate(public) if en.OR_TYPE_IT in t]
    assert offers, public
    reprompts = [m.text for m in table.public.messages if m.kind == "reprompt"]
    assert [en.OR_TYPE_IT in t for t in reprompts[:3]] == [False, False, True], reprompts  # after repeated misses
    assert loop.game is not None
    sams = [e for e in loop.game.public_view().events if isinstance(e, AskEvent) and e.player == 0]
    assert sams and sams[0].target == 1, public  # the typed ask was played


def _plural(rank: Rank) -> str:
    from voicefish.table.words import rank_plural

    return str(rank_plural(rank))


def test_ears_without_a_keyboard_offer_no_typing() -> None:
    """Typed play, scripted ears, or a voice game whose standard input is no keyboard: nothing about typing."""
    from voicefish.table.answers import AnswersPart

    class Part(AnswersPart):
        def __init__(self, ears: object) -> None:
            self.ears = ears  # type: ignore[assignment]
            self.pb = en

    class Voice:
        def __init__(self, typing: bool) -> None:
            self.typing = typing

        def listen(self, request: ListenRequest) -> Heard | None:
            return None

    assert Part(Voice(typing=False))._typing_offer() == ""
    assert Part(Voice(typing=True))._typing_offer() == f" {en.OR_TYPE_IT}"
    from voicefish.table.ears import ScriptedEars

    assert Part(ScriptedEars([]))._typing_offer() == ""


# --- the better ear resting on a busy computer, and back -------------------------------------------------------


class SlowWhisper:
    """Whisper as the hybrid uses it, with made-up decode times: each decode moves the hybrid's clock on."""

    def __init__(self, times: list[float]) -> None:
        self.times = times
        self.now = 0.0
        self.decodes = 0
        self.tables = 0

    def clock(self) -> float:
        return self.now

    def set_table(self, ctx: TableContext, hand: object = None) -> None:
        self.tables += 1

    def expect(self, expecting: str) -> None:
        pass

    def asked(self, question: str) -> None:
        pass

    def decode(self, audio: np.ndarray) -> Recognition:
        self.now += self.times[min(self.decodes, len(self.times) - 1)]
        self.decodes += 1
        return Recognition("what's the score", it.Score(), 0.95, False)


@pytestmark_speech
@pytest.mark.slow
def test_whisper_too_slow_rests_told_once_and_its_return_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three slow decodes: the table says once that it listens with the quicker ear (pocketsphinx alone); after
    its rest Whisper is tried again, fast now, and the table says it is back. Each is said once, before the table
    listens again, in the table's words (spoken and shown: the public channel). (The same command said again 1 s
    later: the quicker ear's wait for the rest of a command, ``QUICK_EAR_WAITS``, tested in test_voice_ears.py, would
    join the two; it is off here.)"""
    from voicefish.audio.whisper import HybridRecognizer, WhisperRecognizer
    from voicefish.table import voice as table_voice

    monkeypatch.setattr(table_voice, "QUICK_EAR_WAITS", False)

    said = synth("what's the score", TUNING_VOICES[0], pad_s=0.0)
    audio = np.concatenate([silence(0.4), *[np.concatenate([said, silence(1.0)]) for _ in range(8)]])
    slow = SlowWhisper([3.0, 3.2, 2.9, 0.4])
    hybrid = HybridRecognizer(
        cast(WhisperRecognizer, slow), trust_sphinx=False, retry_after=2, clock=slow.clock, budget=2.5
    )
    ears = VoiceEars(Listener(ArraySource(audio)), hybrid, timeout=1.5)
    table = make_table([0])
    listens: list[int] = []

    class Counted:
        def listen(self, request: ListenRequest) -> Heard | None:
            if len(listens) >= 8:
                raise ScriptExhausted("enough")
            listens.append(slow.decodes)
            return ears.listen(request)

        def news(self) -> list[str]:
            return ears.news()

    loop = TableLoop(
        [SeatSpec("Sam"), SeatSpec("Leo", "random")], RuleSet(), ears=Counted(), outputs=table.outputs, games=1, seed=4
    )
    loop.run()
    public = table.public_texts()
    assert public.count(en.QUICKER_EAR) == 1, public
    assert public.count(en.BETTER_EAR_BACK) == 1, public
    quicker, back = public.index(en.QUICKER_EAR), public.index(en.BETTER_EAR_BACK)
    assert quicker < back
    answer = public[quicker + 1]  # (the answer to "what's the score")
    assert public[quicker - 3 : quicker] == [answer] * 3, public  # said after the third slow utterance's answer
    assert public[quicker + 1 : back] == [answer] * 3, public  # pocketsphinx alone twice, then Whisper: back
    # Whisper decoded the three slow ones, rested for two utterances (pocketsphinx alone), then was tried and kept
    assert listens == [0, 1, 2, 3, 3, 3, 4, 5], listens
    assert hybrid.whisper is not None and hybrid.resting is None
    assert slow.tables >= 1  # the resting Whisper was told the table before it was tried
