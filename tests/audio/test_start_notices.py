"""Issue 33: the technical notices at the start of a game (which recognizer listens and how to get a better one, an
output device that could not be used) are printed once and never spoken: a game by voice used to open with ten
seconds of them. Issue 29 item 4: that the speaker asked for is not the one talking is also said aloud, in one short
plain sentence (a player who cannot see the screen must know). The real table wiring (``build_io``) on the
PulseAudio virtual microphone and speaker."""

from __future__ import annotations

import os
from typing import Any

import pytest

from testspeech.espeak import espeak_available
from voicefish.audio import tts

pytestmark = [
    pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)"),
    pytest.mark.skipif(
        not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"),
        reason="needs the PulseAudio virtual devices: run under scripts/with-virtual-audio.sh (make pytest)",
    ),
    pytest.mark.audio,
]


def test_start_notices_are_printed_once_and_only_the_speaker_short_form_spoken(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from voicefish.commands.table_io import build_io
    from voicefish.outputs.channels import Message
    from voicefish.outputs.speech_sink import SpeechSink
    from voicefish.rules import RuleSet
    from voicefish.table.loop import SeatSpec
    from voicefish.table.phrases import phrasebook

    spoken: list[str] = []
    speak = tts.TtsSpeaker.speak

    def spoken_too(self: tts.TtsSpeaker, text: str) -> Any:
        spoken.append(text)
        return speak(self, text)

    monkeypatch.setattr(tts.TtsSpeaker, "speak", spoken_too)
    seats = [SeatSpec("Ann"), SeatSpec("Leo", "easy")]
    io_ = build_io(seats=seats, rules=RuleSet(), backend="pocketsphinx", output_device="99")
    try:
        out = capsys.readouterr().out.splitlines()
        listening = [line for line in out if "Listening with pocketsphinx, the ear you chose" in line]
        device = [line for line in out if "speaker you asked for" in line]
        assert len(listening) == 1 and len(device) == 1, out
        said = phrasebook("en").OTHER_SPEAKER_SAID
        assert spoken == [said], "a technical start notice was spoken, or the speaker's short form was not"
        assert said not in out
        assert any(isinstance(s, SpeechSink) for s in io_.outputs.public), "the table speaks (on the default output)"
        io_.outputs.say(Message("Ann, your turn.", kind="turn"))
        assert spoken == [said, "Ann, your turn."]  # what the table says is spoken, through the same wiring
    finally:
        io_.close()


def test_earcons_are_wired_by_default_and_off_with_no_earcons() -> None:
    """``voicefish play`` by voice: the ears' earcons play on the table's output; ``--no-earcons`` leaves them out."""
    from voicefish.audio.earcons import Earcons
    from voicefish.commands.table_io import build_io
    from voicefish.rules import RuleSet
    from voicefish.table.loop import SeatSpec
    from voicefish.table.voice import VoiceEars

    seats = [SeatSpec("Ann"), SeatSpec("Leo", "easy")]
    for earcons, no_speech in ((True, False), (True, True), (False, False)):
        io_ = build_io(seats=seats, rules=RuleSet(), backend="pocketsphinx", earcons=earcons, no_speech=no_speech)
        try:
            assert isinstance(io_.ears, VoiceEars)
            assert isinstance(io_.ears.earcons, Earcons) is earcons, (earcons, no_speech)
            if io_.ears.earcons is not None:
                assert io_.ears.earcons.mute is io_.ears.listener  # (the question's end is not moved by them)
        finally:
            io_.close()


def test_two_humans_in_a_voice_game_reveal_through_the_listeners_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reveal of each human's cards and the voice turn's typed asks read standard input through one keyboard
    (two readers of a pipe steal each other's lines)."""
    import sys

    from voicefish.commands.table_io import build_io
    from voicefish.outputs.terminal import RevealSink
    from voicefish.rules import RuleSet
    from voicefish.table.loop import SeatSpec
    from voicefish.table.voice import VoiceEars

    r, w = os.pipe()
    try:
        with os.fdopen(r, closefd=False) as piped:
            monkeypatch.setattr(sys, "stdin", piped)
            seats = [SeatSpec("Ann"), SeatSpec("Bea"), SeatSpec("Leo", "easy")]
            io_ = build_io(seats=seats, rules=RuleSet(), backend="pocketsphinx", no_speech=True)
            try:
                assert isinstance(io_.ears, VoiceEars) and io_.ears.keyboard is not None
                reveals = [s for sinks in io_.outputs.private.values() for s in sinks if isinstance(s, RevealSink)]
                assert len(reveals) == 2 and all(s._in is io_.ears.keyboard for s in reveals)
            finally:
                io_.close()
    finally:
        os.close(r)
        os.close(w)
