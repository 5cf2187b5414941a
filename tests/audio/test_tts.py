"""Text-to-speech: real pyttsx3/espeak-ng audio, decoded back; playback that waits; captions; earcons."""

from __future__ import annotations

import io
import os
import threading
import time
from typing import Any

import numpy as np
import pytest

from testspeech.espeak import espeak_available
from voicefish.audio import devices as dev
from voicefish.audio import tts

pytestmark = pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)")
virtual_audio = pytest.mark.skipif(
    not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"),
    reason="needs the PulseAudio virtual devices: run under scripts/with-virtual-audio.sh (make pytest)",
)

JSGF = """#JSGF V1.0;
grammar t;
public <s> = <name> [do you have any] <rank> | go fish | yes | no ;
<name> = sam | leo | max ;
<rank> = jacks | sevens | queens | kings ;
"""


def decoder() -> Any:
    """A pocketsphinx decoder (model from the PyPI wheel) with a tiny grammar of our own."""
    from pocketsphinx import Decoder

    d = Decoder(lm=None, loglevel="FATAL")
    d.add_jsgf_string("t", JSGF)
    d.activate_search("t")
    return d


def decode(d: Any, audio: tts.Audio) -> str:
    pcm = audio.resampled(16000).samples.astype(np.int32)
    pcm = pcm + np.random.default_rng(0).normal(0, 3, len(pcm)).astype(np.int32)  # no exact digital silence
    d.start_utt()
    d.process_raw(np.clip(pcm, -32768, 32767).astype(np.int16).tobytes(), full_utt=True)
    d.end_utt()
    hyp = d.hyp()
    return str(hyp.hypstr) if hyp is not None else ""


def rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2)))


def test_pyttsx3_speech_is_real_and_decodes_back() -> None:
    voice = tts.Pyttsx3Voice(voice="en-us", rate=150)
    d = decoder()
    sentences = ["sam do you have any jacks", "go fish", "leo do you have any kings", "max sevens", "yes"]
    right = 0
    for text in sentences:
        audio = voice.synthesize(text)
        assert audio.rate == 22050 and audio.samples.dtype == np.int16
        assert 0.3 < audio.duration < 4.0
        assert rms(audio.samples) > 500  # speech, not silence
        right += decode(d, audio) == text
    assert right >= 4, right


def test_rate_volume_and_voice_are_applied() -> None:
    slow = tts.Pyttsx3Voice(rate=110).synthesize("Leo, do you have any queens?")
    fast = tts.Pyttsx3Voice(rate=260).synthesize("Leo, do you have any queens?")
    assert fast.duration < 0.7 * slow.duration
    loud = tts.Pyttsx3Voice(volume=1.0).synthesize("go fish")
    soft = tts.Pyttsx3Voice(volume=0.25).synthesize("go fish")
    assert rms(soft.samples) < 0.5 * rms(loud.samples)
    us = tts.Pyttsx3Voice(voice="en-us").synthesize("go fish")
    assert us.duration > 0.2
    high, low = tts.Pyttsx3Voice(voice="en-us+f3"), tts.Pyttsx3Voice(voice="en-us+m3")  # espeak variants
    assert str(high.voice_id).endswith("en-us+f3") and str(low.voice_id).endswith("en-us+m3")
    a, b = high.synthesize("Sam, go fish"), low.synthesize("Sam, go fish")
    assert len(a.samples) != len(b.samples) or not np.array_equal(a.samples, b.samples)
    with pytest.raises(ValueError, match="no text-to-speech voice"):
        tts.Pyttsx3Voice(voice="klingon-xx").synthesize("hello")
    with pytest.raises(ValueError, match="no text-to-speech voice"):
        tts.Pyttsx3Voice(voice="klingon-xx+f3").check()
    # the shared engine is left as found: a default voice afterwards is not slowed down
    assert tts.Pyttsx3Voice().synthesize("Leo, do you have any queens?").duration < slow.duration


def test_the_default_rate_is_fixed_in_every_process() -> None:
    """No rate asked for: the game speaks at DEFAULT_RATE (200) whatever pyttsx3's driver reports in this process
    (it was 175 in some fresh processes and 200 in others, so a game's pace changed from one start to the next)."""
    import subprocess
    import sys

    code = (
        "from voicefish.audio import tts; "
        "print(tts.Pyttsx3Voice().synthesize('Wen asks Fatima for queens: Fatima gives one.').duration)"
    )
    took = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)]  # fmt: skip
    at_200 = tts.Pyttsx3Voice(rate=200).synthesize("Wen asks Fatima for queens: Fatima gives one.").duration
    at_175 = tts.Pyttsx3Voice(rate=175).synthesize("Wen asks Fatima for queens: Fatima gives one.").duration
    assert tts.DEFAULT_RATE == 200 and at_200 < at_175 * 0.95
    assert all(abs(t - at_200) < 0.02 * at_200 for t in took), (took, at_200, at_175)


def test_concurrent_synthesis_keeps_each_text_apart() -> None:
    """pyttsx3.init() returns one shared engine; the lock gives each caller its own file and result."""
    texts = ["go fish", "sam do you have any jacks", "yes", "leo do you have any kings"]
    results: dict[str, tts.Audio] = {}

    def work(text: str) -> None:
        results[text] = tts.Pyttsx3Voice().synthesize(text)

    threads = [threading.Thread(target=work, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    alone = {t: tts.Pyttsx3Voice().synthesize(t).duration for t in texts}
    for text in texts:
        assert results[text].duration == pytest.approx(alone[text], abs=0.05)


def test_earcons_are_short_distinct_tones() -> None:
    peaks = {}
    for name in ("your_turn", "listening", "error"):
        tone = tts.earcon(name)
        assert 0.05 < tone.duration < 0.5 and rms(tone.samples) > 1000
        assert abs(int(tone.samples[0])) < 200 and abs(int(tone.samples[-1])) < 200  # faded: no click
        spectrum = np.abs(np.fft.rfft(tone.samples.astype(np.float64)))
        peaks[name] = float(np.argmax(spectrum) * tone.rate / len(tone.samples))
    assert peaks["error"] < 500 < peaks["your_turn"] < peaks["listening"] + 1


class FakeOutput(tts.AudioOutput):
    def __init__(self, fail: bool = False) -> None:
        super().__init__(None)
        self.played: list[tts.Audio] = []
        self.fail = fail

    def play(self, audio: tts.Audio) -> tts.Playback:
        if self.fail:
            raise dev.DeviceBusy("the audio output 'x' cannot be opened")
        self.played.append(audio)
        now = time.perf_counter()
        return tts.Playback(now, now, now + audio.duration, 0.0)


class Mute:
    def __init__(self) -> None:
        self.log: list[str] = []

    def mute(self) -> None:
        self.log.append("mute")

    def unmute(self) -> None:
        self.log.append("unmute")


def test_speaker_mutes_around_playback_and_falls_back_to_captions() -> None:
    mic, out, captions = Mute(), FakeOutput(), io.StringIO()
    speaker = tts.TtsSpeaker(tts.Pyttsx3Voice(), out, mute=mic, captions=tts.CaptionSpeaker(captions, prefix=""))
    timing = speaker.speak("Sam, go fish.")
    assert mic.log == ["mute", "unmute"] and len(out.played) == 1
    assert timing.first_sound_ms is not None and timing.audio_ms > 300 and captions.getvalue() == "Sam, go fish.\n"
    broken = tts.TtsSpeaker(tts.Pyttsx3Voice(), FakeOutput(fail=True), mute=mic, captions=tts.CaptionSpeaker(captions))
    assert broken.speak("Leo's turn.").captioned and mic.log[-2:] == ["mute", "unmute"]
    private = tts.TtsSpeaker(tts.Pyttsx3Voice(), FakeOutput(fail=True))
    with pytest.raises(dev.DeviceBusy):  # private speech never lands in the public terminal
        private.speak("You hold three jacks.")


def test_no_output_device_public_captions_private_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    sd = dev.load_sounddevice()
    monkeypatch.setattr(sd, "query_devices", lambda *a, **k: [])
    out = io.StringIO()
    public = tts.make_speaker(None, caption_stream=out)
    assert isinstance(public, tts.CaptionSpeaker)
    assert public.speak("Priya asks Sam for jacks.").captioned and "Priya asks Sam for jacks." in out.getvalue()
    with pytest.raises(dev.NoAudioDevice, match="no audio output"):
        tts.make_speaker("earpiece", private=True)


@virtual_audio
@pytest.mark.slow
def test_playback_returns_only_after_the_sound_has_been_played() -> None:
    """Record the sink's monitor while playing: play() must not return before the last sound arrives."""
    out = tts.AudioOutput.choose("vspk2")
    audio = tts.Pyttsx3Voice().synthesize("Leo, do you have any kings?")
    monitor = dev.choose_device("vspk2.monitor", "input")
    arrivals: list[tuple[float, int]] = []

    def callback(indata: Any, frames: int, t: Any, status: Any) -> None:
        arrivals.append((time.perf_counter(), int(np.abs(indata[:, 0].astype(np.int32)).max())))

    stream = dev.open_stream(
        "input", monitor, samplerate=16000, channels=1, dtype="int16", blocksize=160, callback=callback
    )
    try:
        time.sleep(0.3)
        playback = out.play(audio)
        time.sleep(0.5)
    finally:
        stream.stop()
        stream.close()
    loud = [t for t, peak in arrivals if peak > 500]
    assert loud, "nothing reached the sink"
    heard_for = loud[-1] - loud[0]
    speech_span = np.flatnonzero(np.abs(audio.samples.astype(np.int32)) > 500)
    expected = (speech_span[-1] - speech_span[0]) / audio.rate
    assert heard_for == pytest.approx(expected, abs=0.25)
    input_latency = float(stream.latency)
    assert playback.finished >= loud[-1] - input_latency - 0.05  # returned after the end was played
    assert playback.finished - loud[-1] < 0.4  # ... and not long after
    assert playback.first_sound - playback.started < 0.2


def _seats() -> list[Any]:
    from voicefish.table.loop import SeatSpec

    return [SeatSpec("Ann"), SeatSpec("Leo", "easy")]


@virtual_audio
def test_an_unknown_output_device_is_told_with_the_list_and_the_default_output_speaks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--output-device 99`` (issue 29): not swallowed into "There is no speaker"; the reason and the devices
    there are, said on the output that works (the default) and printed."""
    from voicefish.commands.table_io import build_io
    from voicefish.outputs.speech_sink import SpeechSink
    from voicefish.rules import RuleSet

    io_ = build_io(seats=_seats(), rules=RuleSet(), text=True, output_device="99")
    try:
        out = capsys.readouterr().out
        outputs = [d.name for d in dev.list_devices("output")]
        notice = next(line for line in out.splitlines() if "speaker you asked for" in line)
        assert "there is no audio output number 99" in notice and all(name in notice for name in outputs), notice
        assert "There is no speaker" not in out
        sinks = [s for s in io_.outputs.public if isinstance(s, SpeechSink)]
        assert sinks, "the default output should speak"
        speaker = sinks[0].speaker
        assert isinstance(speaker, tts.TtsSpeaker) and speaker.output.device == dev.choose_device(None, "output")
        assert speaker.speak("Leo, your turn.").first_sound_ms is not None  # really played
    finally:
        io_.close()


def _espeak_library() -> str | None:
    import glob

    found = sorted(glob.glob("/usr/lib/*/libespeak-ng.so.1.*")) + sorted(glob.glob("/usr/lib/libespeak-ng.so.1.*"))
    return os.path.realpath(found[0]) if found else None


def test_missing_espeak_ng_is_told_with_how_to_install_it(tmp_path: Any) -> None:
    """espeak-ng hidden for real (its library bind-mounted over with an empty file in a private mount namespace):
    the game says why speech is off and how to install it, and goes on with captions."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    lib = _espeak_library()
    if lib is None or shutil.which("unshare") is None:
        pytest.skip("needs libespeak-ng in /usr/lib and unshare")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    play = [sys.executable, "-m", "voicefish", "play", "--text", "--players", "Ann", "--save", str(tmp_path / "s")]
    proc = subprocess.run(
        ["unshare", "-rm", "sh", "-c", 'mount --bind /dev/null "$0" && exec "$@"', lib, *play],
        check=False,
        input="quit\nyes\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    if "mount" in proc.stderr and proc.returncode != 0:
        pytest.skip(f"cannot hide the library here: {proc.stderr.strip()}")
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("Dealer: I can't speak: espeak-ng, the speech synthesizer, is not installed"), first
    assert "sudo apt-get install espeak-ng" in first and "There is no speaker" not in proc.stdout
    assert "Traceback" not in proc.stderr
