"""A short answer said more softly than the ask, in a room that talks all the time: the listener hears it.

Measured in the voice-game bench (babble 10 dB under the player): about a third of the answers to "Fatima, for
fives?" and most bare names said to "Did you mean Fatima or Wen?" were never handed to the recognizer. The room's
talk kept the endpointer in speech, so a short, soft answer was part of an utterance that began on the room's talk
before the question (not an answer), or that the room rule dropped or slid on over (its loud frames, mostly the
room's, did not stand 7 dB above the room). The voice rule (``UtteranceDetector.voice_floor_db``) starts the player's
utterance where frames at their own voice's level begin. Realistic speech (tuning voices), realistic babble, the
real listener, the question's instant placed in the stream as the game places it."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from voicefish.audio.listen import ArraySource, Listener
from voicefish.audio.listen.sources import Block

pytestmark = pytest.mark.slow

RATE = 16000
VOICES = ("piper-joe", "piper-joe-brisk", "flite-kal16", "flite-slt", "festival-slt-hts", "festival-kal")
ANSWERS = ("Fatima.", "uh huh", "yep", "nah")
SOFTER_DB = 4.0
"""How much more softly than the ask the answer is said."""


class _Clocked(ArraySource):
    """The samples as a device would give them, stamped on a clock of their own (no waiting)."""

    base = 1000.0

    def read(self, timeout: float) -> Block | None:
        if self.position >= len(self.samples):
            return None
        block = self.samples[self.position : self.position + self.blocksize]
        self.position += self.blocksize
        return Block(block, self.base + self.position / RATE, self._generation)


def _answer_heard(voice: str, answer: str | None) -> tuple[bool, bool]:
    """An ask, the question 0.7 s after it, ``answer`` (None: nothing) 0.8 s after that, babble 10 dB under it all:
    (whether the utterance the listener gave for the question holds the answer, whether it gave any)."""
    from testspeech import synth
    from testspeech.noise import trim
    from testspeech.voicegame import make_babble

    def silence(seconds: float) -> npt.NDArray[np.int16]:
        return np.zeros(int(RATE * seconds), np.int16)

    ask = trim(synth("Wen, do you have any sevens?", voice, seed=0, pad_s=0.0))
    said = trim(synth(answer, voice, seed=0, pad_s=0.0)) if answer else silence(0.0)
    said = np.round(said * 10 ** (-SOFTER_DB / 20)).astype(np.int16)
    parts = [silence(2.5), ask, silence(1.5), said, silence(8.0)]
    speech = np.concatenate(parts)
    room = make_babble(voice, 10.0, len(speech) / RATE + 1, 11)[: len(speech)]
    audio = np.clip(speech.astype(np.int32) + room, -32768, 32767).astype(np.int16)
    question = (len(parts[0]) + len(ask)) / RATE + 0.7
    begins = sum(len(p) for p in parts[:3]) / RATE
    ends = begins + len(said) / RATE
    source = _Clocked(audio)
    listener = Listener(source)
    assert listener.listen(3.0) is not None  # (the ask, or its first words)
    while source.position < question * RATE:  # the game replies: the listener hears on meanwhile
        block = source.read(0.1)
        assert block is not None
        listener.detector.feed(block.samples)
    heard = listener.listen(8.0, after=source.base + question)
    if heard is None:
        return False, False
    return heard.start < ends + 0.1 and heard.end > begins - 0.1 and heard.end < ends + 1.5, True


def test_a_soft_short_answer_in_a_talking_room_is_heard() -> None:
    heard = {(v, a): _answer_heard(v, a)[0] for v in VOICES for a in ANSWERS}
    missed = [k for k, ok in heard.items() if not ok]
    print(f"heard {len(heard) - len(missed)} of {len(heard)}; missed {missed}")
    # measured: 13 of 24 before the voice rule, 19 after (bench/history/voicegame.md, session 53)
    assert len(heard) - len(missed) >= 18, missed


def test_the_room_alone_is_not_heard_as_an_answer() -> None:
    given = [v for v in VOICES if _answer_heard(v, None)[1]]
    assert not given, f"the room's talk alone was given as an utterance for {given}"


@pytest.mark.parametrize("voice", ["piper-joe", "piper-joe-brisk"])
def test_a_trailing_name_in_a_talking_room_is_heard(voice: str) -> None:
    """ "I need your fours, ... Wen." in babble 10 dB: the name after the comma, softer than the words before it, was
    part of the room's talk that followed and was slid over with it (the listener gave "I need your fours" alone;
    the table then had to ask which player). With the voice rule it is an utterance of its own, ended soon after
    it, which the table joins to the first part (``voicefish.table.voice.unfinished``)."""
    from testspeech import synth
    from testspeech.noise import trim
    from testspeech.voicegame import make_babble

    def silence(seconds: float) -> npt.NDArray[np.int16]:
        return np.zeros(int(RATE * seconds), np.int16)

    first = trim(synth("Wen, do you have any sevens?", voice, seed=0, pad_s=0.0))
    for text in ("Hand over your twos, Wen.", "I need your fours, Wen."):
        ask = trim(synth(text, voice, seed=1, pad_s=0.0))
        parts = [silence(2.5), first, silence(2.5), ask, silence(8.0)]
        speech = np.concatenate(parts)
        room = make_babble(voice, 10.0, len(speech) / RATE + 1, 21)[: len(speech)]
        audio = np.clip(speech.astype(np.int32) + room, -32768, 32767).astype(np.int16)
        ends = sum(len(p) for p in parts[:4]) / RATE
        source = _Clocked(audio)
        listener = Listener(source)
        heard = []
        while source.position < len(audio):
            u = listener.listen(1.0)
            if u is not None:
                heard.append((round(u.start, 2), round(u.end, 2)))
        last = [h for h in heard if h[0] < ends]
        assert last and ends - 0.3 <= last[-1][1] <= ends + 1.0, (text, ends, heard)  # the name heard, and ended
