"""Listening: a microphone that can be muted while the game speaks, and utterance endpointing.

* :class:`Microphone` records 16 kHz mono int16 from a chosen device (sounddevice InputStream); the
  callback puts small blocks in a queue. ``mute()`` drops everything captured from then until shortly
  after ``unmute()`` (the input latency), so the game never hears itself.
* :class:`UtteranceDetector` cuts a stream of samples into utterances with ``pocketsphinx.Endpointer``
  (WebRTC-style VAD, ``vad_mode=3`` = most aggressive about what is not speech).
* :class:`Listener` joins the two: ``listen(timeout)`` returns the next utterance, or None when nobody
  started speaking within ``timeout`` seconds ("no answer").
* :class:`Keyboard` reads lines typed at the terminal without blocking: the listener takes one typed while it
  listens (a voice game also takes typed asks).

Anything with ``read``/``mute``/``unmute`` works as a source: :class:`ArraySource` replays audio from memory
for tests (scripted), the real path is the Microphone.
"""

from __future__ import annotations

from voicefish.audio.listen.endpoint import (
    ROOM_FRAMES,
    SentenceSink,
    Utterance,
    UtteranceDetector,
    UtteranceSink,
)
from voicefish.audio.listen.keyboard import Keyboard
from voicefish.audio.listen.listener import Listener
from voicefish.audio.listen.sources import SAMPLE_RATE, ArraySource, AudioSource, Block, Int16Array, Microphone

__all__ = [
    "ROOM_FRAMES",
    "SAMPLE_RATE",
    "ArraySource",
    "AudioSource",
    "Block",
    "Int16Array",
    "Keyboard",
    "Listener",
    "Microphone",
    "SentenceSink",
    "Utterance",
    "UtteranceDetector",
    "UtteranceSink",
]
