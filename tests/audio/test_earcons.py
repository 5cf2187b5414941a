"""Issue 33: the ears' earcons (a blip as the game starts listening, two notes when it heard something it will act
on) are generated in code, reach the real audio output, and never overlap the listening window: the ears are muted
while they play. Played here on the virtual speaker the microphone itself hears (the worst case: were the ears not
muted, the game would hear its own sounds), recorded from that speaker's monitor."""

from __future__ import annotations

import itertools
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.audio.flitespeech import RATE, flite_available, phrases
from testspeech.espeak import write_wav
from voicefish.audio.earcons import EARCON_NOTES, EarconName, earcon_samples
from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import ListenRequest
from voicefish.table.voice import VoiceEars

NEEDS_MIC = pytest.mark.skipif(
    not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"),
    reason="needs the PulseAudio virtual microphone: run under scripts/with-virtual-audio.sh (make pytest)",
)
ASKS = ["Priya, do you have any sevens?", "Omar, do you have any kings?"]
TURN = ListenRequest(
    "Lucy", ("Lucy", "Omar", "Priya"), (Rank.KING, Rank.SEVEN), RuleSet(), computers=frozenset({"Omar", "Priya"})
)


def tone_frames(audio: np.ndarray, freq: float) -> int:
    """30 ms frames of ``audio`` that are a pure tone of ``freq`` (their spectrum's peak there, holding most of it)."""
    n = 480
    count = 0
    for k in range(0, len(audio) - n + 1, n):
        x = audio[k : k + n].astype(np.float64) * np.hanning(n)
        power = np.abs(np.fft.rfft(x)) ** 2
        if power.sum() < 1e3 * n:
            continue
        peak = int(np.argmax(power))
        near = power[max(0, peak - 2) : peak + 3].sum()
        count += abs(peak * RATE / n - freq) <= RATE / n and near > 0.8 * power.sum()
    return count


def test_the_earcons_are_distinct_short_tones() -> None:
    listening, heard = earcon_samples("listening"), earcon_samples("heard")
    assert 0.05 < len(listening) / RATE <= 0.2 and 0.05 < len(heard) / RATE <= 0.2
    assert tone_frames(listening, 1320.0) >= 2 and tone_frames(listening, 784.0) == 0
    assert tone_frames(heard, 784.0) >= 1 and tone_frames(heard, 1175.0) >= 1 and tone_frames(heard, 1320.0) == 0
    assert 0 < np.abs(heard).max() < 32767 * 0.2  # a soft cue, not a jingle


def say(wav: Path, players: list[subprocess.Popen[bytes]]) -> None:
    players.append(subprocess.Popen(["paplay", "--device=vspk", str(wav)]))


@pytest.fixture
def ears() -> Iterator[VoiceEars]:
    from voicefish.audio.earcons import Earcons
    from voicefish.audio.listen import Listener, Microphone
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.audio.tts import AudioOutput

    mic = Microphone.choose("vmic").start()
    listener = Listener(mic)
    ears = VoiceEars(listener, SphinxRecognizer(), microphone=mic)
    ears.earcons = Earcons(AudioOutput.choose("vspk"), mute=listener, played=[])
    try:
        yield ears
    finally:
        ears.close()


@NEEDS_MIC
@pytest.mark.skipif(not flite_available(), reason="needs flite (scripts/system-deps.sh)")
@pytest.mark.audio
def test_earcons_reach_the_speaker_and_never_overlap_the_listening(ears: VoiceEars, tmp_path: Path) -> None:
    assert ears.earcons is not None and ears.earcons.played is not None
    muted: list[tuple[str, float]] = []
    listener = ears.listener
    mute, unmute = listener.mute, listener.unmute

    def spy_mute() -> None:
        muted.append(("mute", time.perf_counter()))
        mute()

    def spy_unmute() -> None:
        unmute()
        muted.append(("unmute", time.perf_counter()))

    listener.mute, listener.unmute = spy_mute, spy_unmute  # type: ignore[method-assign]
    recording = tmp_path / "speaker.raw"
    with recording.open("wb") as sink:
        parec = subprocess.Popen(
            [
                "parec",
                "--device=vspk.monitor",
                "--latency-msec=20",
                "--rate=16000",
                "--channels=1",
                "--format=s16le",
                "--raw",
            ],
            stdout=sink,
        )
        try:
            heard = []
            for k, text in enumerate(ASKS):
                wav = write_wav(tmp_path / f"ask{k}.wav", phrases([0.2, text, 1.0], "slt"))
                players: list[subprocess.Popen[bytes]] = []
                start = threading.Timer(0.5, say, (wav, players))
                start.start()  # the player speaks after the listening blip
                heard.append(ears.listen(TURN))
                start.join()
                players[0].wait(15)
            time.sleep(0.5)  # (what the recorder holds back, written before it is stopped)
        finally:
            parec.terminate()
            parec.wait(5)
    assert heard[1] is not None and heard[1].intent == it.Ask("Omar", Rank.KING), heard  # heard as without them
    played = ears.earcons.played
    names: list[EarconName] = [name for name, _, _ in played]
    assert names[:1] == ["listening"] and names[-2:] == ["listening", "heard"], names
    # never over the listening window: each played between a mute and the unmute after it
    for name, began, ended in played:
        assert any(
            a == "mute" and b == "unmute" and t0 <= began and ended <= t1
            for (a, t0), (b, t1) in itertools.pairwise(muted)
        ), (name, began, ended, muted)
    sound = np.frombuffer(recording.read_bytes(), dtype=np.int16)
    speech = phrases(ASKS, "slt")
    for name in ("listening", "heard"):
        for freq, _ in EARCON_NOTES[name]:
            if freq:
                assert tone_frames(speech, freq) == 0  # (the player's words alone are not taken for it)
                assert tone_frames(sound, freq) >= 1, f"the {name} earcon ({freq:.0f} Hz) did not reach the speaker"
