"""Speaking: text-to-speech into a buffer, blocking playback on a chosen output, captions, earcons.

pyttsx3's own ``say()`` returns before the audio has finished (see ENVIRONMENT notes in the README), so the
game would hear itself. Here speech is synthesized to a buffer (``save_to_file`` + ``runAndWait``, one file
per run) and played by :class:`AudioOutput`, which returns only when the last sample has been played. A
:class:`TtsSpeaker` can mute a microphone for exactly that time.

Public and private speech are separate speakers on separate outputs. Without an output device the public
speaker falls back to terminal captions; the private one never does (a terminal is public) unless asked to.
"""

from __future__ import annotations

import collections
import contextlib
import io
import os
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, TextIO

import numpy as np
import numpy.typing as npt

from voicefish.audio import devices as dev

Int16Array = npt.NDArray[np.int16]
EarconName = Literal["your_turn", "listening", "error"]

_ENGINE_LOCK = threading.Lock()
"""pyttsx3.init() returns one shared engine per process: every use of it holds this lock."""


@dataclass(frozen=True)
class Audio:
    """A mono 16-bit buffer."""

    samples: Int16Array
    """Samples, int16, mono."""
    rate: int
    """Sample rate in Hz."""

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return len(self.samples) / self.rate if self.rate else 0.0

    def resampled(self, rate: int) -> Audio:
        """The same audio at ``rate`` Hz (linear interpolation; fine for speech and tones)."""
        if rate == self.rate or len(self.samples) == 0:
            return self
        n = round(len(self.samples) * rate / self.rate)
        x = np.linspace(0, len(self.samples) - 1, n)
        out = np.interp(x, np.arange(len(self.samples)), self.samples.astype(np.float64))
        return Audio(np.clip(np.round(out), -32768, 32767).astype(np.int16), rate)


def read_wav(path: Path) -> Audio:
    """A 16-bit WAV file as Audio (the first channel if it has several)."""
    with wave.open(str(path), "rb") as handle:
        if handle.getsampwidth() != 2:
            raise ValueError(f"{path} is not 16-bit PCM")
        frames = np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2")
        channels = handle.getnchannels()
        rate = handle.getframerate()
    return Audio(frames.reshape(-1, channels)[:, 0].astype(np.int16), rate)


class Synthesizer(Protocol):
    """Turns text into audio."""

    def synthesize(self, text: str) -> Audio:
        """Speech for ``text``."""
        ...


NO_ESPEAK = "espeak-ng, the speech synthesizer, is not installed or does not load"
INSTALL_ESPEAK = "install it with: sudo apt-get install espeak-ng"


DEFAULT_RATE = 200
"""Words a minute when none is asked for: pyttsx3's own setting, fixed here because the espeak driver reported 200
in some fresh processes and 175 in others (a game spoke 14 % faster or slower from one start to the next); 200 is
the brisk end (issue 33: a 3-player game by voice in about four minutes). ``--rate`` and "slower" change it."""


class Pyttsx3Voice:
    """pyttsx3 (espeak-ng on Linux) synthesizing into a buffer."""

    def __init__(
        self, voice: str | None = None, rate: int | None = None, volume: float | None = None, cache: int = 64
    ) -> None:
        """``voice``: a voice id or part of its name/id (``en-us``); ``rate``: words per minute (default
        :data:`DEFAULT_RATE`); ``volume``: 0..1; ``cache``: how many recent phrases to keep synthesized ("Go fish!"
        comes back often; 0 = none)."""
        self.voice = voice
        self.rate: int = DEFAULT_RATE if rate is None else rate
        self.volume = volume
        self._voice_id: str | None = None
        self._cache: collections.OrderedDict[tuple[object, ...], Audio] = collections.OrderedDict()
        self._cache_size = cache

    _shared_engine: Any = None
    _defaults: dict[str, Any] = {}  # noqa: RUF012 - the shared engine's settings when it was created
    """pyttsx3 keeps engines in a weak dictionary: without a strong reference the engine is collected between
    calls and its callbacks fail. Held here for the process; only touched under _ENGINE_LOCK."""

    @classmethod
    def _engine(cls) -> Any:
        if cls._shared_engine is not None:
            return cls._shared_engine
        import pyttsx3

        try:
            engine = pyttsx3.init()
            engine.runAndWait()  # a fresh engine queues commands until its first loop: run it once, empty
            cls._defaults = {k: engine.getProperty(k) for k in ("voice", "volume")}  # (the rate: DEFAULT_RATE)
            cls._shared_engine = engine
            return engine
        except (RuntimeError, OSError, ImportError) as exc:
            raise dev.AudioUnavailable(f"{NO_ESPEAK}; {INSTALL_ESPEAK}. Until then {dev.OUTPUT_FALLBACK}.") from exc

    def voices(self) -> list[tuple[str, str]]:
        """(id, name) of every installed voice."""
        with _ENGINE_LOCK:
            return [(str(v.id), str(v.name)) for v in self._engine().getProperty("voices")]

    def _resolve_voice(self, engine: Any) -> str | None:
        """The engine's id for ``self.voice``: an id or name, or part of one, with an optional espeak variant
        (``en-us+f3``); raises ValueError when no installed voice matches."""
        if self.voice is None:
            return None
        if self._voice_id is None:
            base, plus, variant = self.voice.strip().partition("+")
            wanted = base.lower()
            voices = [(str(v.id), str(v.name)) for v in engine.getProperty("voices")]
            exact = [i for i, n in voices if wanted in (i.lower(), n.lower()) or i.lower().endswith("/" + wanted)]
            loose = [i for i, n in voices if wanted in i.lower() or wanted in n.lower()]
            if not wanted or not (exact or loose):
                raise ValueError(f"no text-to-speech voice matches {self.voice!r}")
            self._voice_id = (exact or loose)[0] + plus + variant
        return self._voice_id

    @property
    def voice_id(self) -> str | None:
        """The installed voice ``voice`` resolved to (with its variant), None for the engine's default."""
        self.check()
        return self._voice_id

    def check(self) -> None:
        """Raise ValueError now (not at the first ``speak``) if the voice does not exist; AudioUnavailable
        without a TTS engine."""
        with _ENGINE_LOCK:
            self._resolve_voice(self._engine())

    def synthesize(self, text: str) -> Audio:
        """Speech for ``text`` (22 050 Hz with espeak-ng); raises devices.AudioUnavailable if TTS yields nothing."""
        if not text.strip():
            return Audio(np.zeros(0, dtype=np.int16), 22050)
        key = (text, self.voice, self.rate, self.volume)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        for _attempt in range(3):  # the espeak driver's loop is racy under load: an empty file is retried
            audio = self._synthesize_once(text)
            if audio is not None and len(audio.samples):
                audio = trim_silence(audio)
                if self._cache_size > 0:
                    self._cache[key] = audio
                    while len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
                return audio
        raise dev.AudioUnavailable(f"text-to-speech produced no audio for {text!r}; {dev.OUTPUT_FALLBACK}")

    def _synthesize_once(self, text: str) -> Audio | None:
        fd, name = tempfile.mkstemp(prefix="voicefish-tts-", suffix=".wav")
        os.close(fd)
        path = Path(name)
        try:
            with _ENGINE_LOCK:
                engine = self._engine()
                defaults = Pyttsx3Voice._defaults
                # The espeak driver synthesizes asynchronously: runAndWait() can return before the file is
                # written (and a later call would then redirect this one's audio into its own file). We wait
                # for the driver's "finished-utterance" notification, sent after the file is written.
                finished = threading.Event()
                token = engine.connect("finished-utterance", lambda **_: finished.set())
                try:
                    engine.setProperty("voice", self._resolve_voice(engine) or defaults["voice"])
                    _set_checked(engine, "rate", self.rate)
                    _set_checked(engine, "volume", self.volume if self.volume is not None else defaults["volume"])
                    with contextlib.redirect_stdout(io.StringIO()):  # it prints "Audio saved to ..."
                        engine.save_to_file(text, str(path))  # one file per runAndWait: only the last is written
                        engine.runAndWait()
                        completed = finished.wait(timeout=10.0)
                finally:
                    engine.disconnect(token)
                if not completed:
                    return None
            try:
                return read_wav(path)
            except (EOFError, wave.Error, ValueError):
                return None
        finally:
            path.unlink(missing_ok=True)


def trim_silence(audio: Audio, threshold: int = 64, keep: float = 0.05) -> Audio:
    """Drop leading/trailing silence beyond ``keep`` seconds (espeak ends with ~0.3 s of it, which would keep
    the microphone muted for nothing)."""
    loud = np.flatnonzero(np.abs(audio.samples.astype(np.int32)) > threshold)
    if not loud.size:
        return audio
    pad = int(keep * audio.rate)
    return Audio(audio.samples[max(0, int(loud[0]) - pad) : int(loud[-1]) + 1 + pad], audio.rate)


def _set_checked(engine: Any, name: str, value: float) -> None:
    """Set an espeak parameter and make sure it took: espeak-ng (asynchronous mode) was measured dropping a
    parameter set just after a synthesis finished; setting it again a few milliseconds later works."""
    for _ in range(20):
        engine.setProperty(name, value)
        if abs(float(engine.getProperty(name)) - float(value)) < 0.011:
            return
        time.sleep(0.005)


# ---------------------------------------------------------------------------------------------- earcons


def earcon(name: EarconName, rate: int = 22050, level: float = 0.3) -> Audio:
    """A short generated tone: ``your_turn`` (rising pair), ``listening`` (one blip), ``error`` (falling pair)."""
    notes = {
        "your_turn": [(660.0, 0.09), (0.0, 0.03), (880.0, 0.12)],
        "listening": [(1000.0, 0.08)],
        "error": [(440.0, 0.14), (0.0, 0.03), (311.0, 0.2)],
    }[name]
    parts = []
    for freq, seconds in notes:
        t = np.arange(int(rate * seconds)) / rate
        tone = np.sin(2 * np.pi * freq * t) if freq else np.zeros_like(t)
        fade = np.minimum(1.0, np.minimum(t, t[::-1]) / 0.005)  # 5 ms ramps: no clicks
        parts.append(tone * fade)
    wave_ = np.concatenate(parts) * level * 32767
    return Audio(wave_.astype(np.int16), rate)


# ----------------------------------------------------------------------------------------------- output


@dataclass(frozen=True)
class Playback:
    """Timing of one playback, in seconds on the ``time.perf_counter`` clock."""

    started: float
    """When play() was called."""
    first_sound: float
    """When the first non-silent sample was handed to the device (device latency not included)."""
    finished: float
    """When the device had played everything (play() returned)."""
    latency: float
    """The output stream's reported latency in seconds (sound leaves the speaker this much after hand-over)."""


class AudioOutput:
    """Plays buffers on one output device and waits until they have been heard."""

    def __init__(self, device: dev.Device | None = None, blocksize: int = 512) -> None:
        """``device``: from devices.choose_device (None = the default output)."""
        self.device = device
        self.blocksize = blocksize

    @classmethod
    def choose(cls, spec: str | int | None) -> AudioOutput:
        """An output on the device named/numbered ``spec``; raises devices.AudioError."""
        return cls(dev.choose_device(spec, "output"))

    def play(self, audio: Audio) -> Playback:
        """Play ``audio`` and return when it has finished; raises devices.AudioError."""
        started = time.perf_counter()
        samples = np.ascontiguousarray(audio.samples, dtype=np.int16)
        loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > 64)
        lead = int(loud[0]) if loud.size else len(samples)
        stream = dev.open_stream(
            "output", self.device, samplerate=audio.rate, channels=1, dtype="int16", blocksize=self.blocksize
        )
        try:
            latency = float(stream.latency)
            begin = time.perf_counter()
            if lead:
                stream.write(samples[:lead].reshape(-1, 1))
            first_sound = time.perf_counter()
            if lead < len(samples):
                stream.write(samples[lead:].reshape(-1, 1))
            # Blocking writes return when the last block is queued, and Pa_StopStream on ALSA/PulseAudio was
            # measured returning at once: wait for the device latency ourselves so "finished" means heard.
            stream.stop()
            remaining = begin + len(samples) / audio.rate + latency - time.perf_counter()
            if remaining > 0:
                time.sleep(remaining)
        except Exception as exc:
            sd = dev.load_sounddevice()
            if isinstance(exc, sd.PortAudioError):
                raise dev.error_from_portaudio(exc, "output", self.device) from exc
            raise
        finally:
            stream.close()
        return Playback(started, first_sound, time.perf_counter(), latency)


class Mutable(Protocol):
    """Something that can stop listening while we speak (voicefish.audio.listen.Microphone)."""

    def mute(self) -> None:
        """Stop using captured audio."""
        ...

    def unmute(self) -> None:
        """Resume, dropping what was captured while muted."""
        ...


@dataclass(frozen=True)
class SpeechTiming:
    """What one ``speak`` call did, in milliseconds."""

    synth_ms: float
    """Time to synthesize the text."""
    first_sound_ms: float | None
    """From the call to the first non-silent sample handed to the device (None when captioned)."""
    total_ms: float
    """From the call until the speech had finished playing."""
    audio_ms: float
    """Length of the synthesized speech."""
    captioned: bool
    """True when the text was shown as a caption instead of (or because there is no) audio."""


class Speaker(Protocol):
    """Says things to the table (public) or to one player (private)."""

    def speak(self, text: str) -> SpeechTiming:
        """Say ``text`` and return once it has been said."""
        ...

    def earcon(self, name: EarconName) -> None:
        """Play a short signal tone."""
        ...


@dataclass
class CaptionSpeaker:
    """Shows speech as captions in the terminal: the fallback when there is no audio output."""

    stream: TextIO = field(default_factory=lambda: sys.stdout)
    """Where captions go."""
    prefix: str = "🔊 "
    """Put before each caption."""
    notice: str | None = None
    """Why there is no speech (espeak-ng missing, no usable output, with what to do), for the table to say."""
    problem: str = ""
    """The cause alone, the end of :attr:`notice` (for a table that words the notice in its own language)."""

    def speak(self, text: str) -> SpeechTiming:
        """Print ``text`` as a caption."""
        start = time.perf_counter()
        print(f"{self.prefix}{text}", file=self.stream, flush=True)
        return SpeechTiming(0.0, None, (time.perf_counter() - start) * 1000, 0.0, True)

    def earcon(self, name: EarconName) -> None:
        """Captions have no tones (a bell would be noise)."""


@dataclass
class TtsSpeaker:
    """Synthesizes and plays speech on one output, muting a microphone while it speaks."""

    synthesizer: Synthesizer
    """Makes the audio (Pyttsx3Voice)."""
    output: AudioOutput
    """Plays it."""
    mute: Mutable | None = None
    """Muted for the whole playback so the game does not hear itself."""
    captions: CaptionSpeaker | None = None
    """Also shown as captions (public speaker), or None."""
    on_error: Callable[[dev.AudioError], None] | None = None
    """Called if playback fails mid-game; the text then goes to the captions (if any)."""
    notice: str | None = None
    """Something the table should say first: the output asked for could not be used, and which one speaks."""
    problem: str = ""
    """Why the output asked for could not be used (the middle of :attr:`notice`)."""
    speaking_on: str = ""
    """The output that speaks instead (its name, or "" for the default)."""

    def _play(self, audio: Audio) -> Playback | None:
        if self.mute is not None:
            self.mute.mute()
        try:
            return self.output.play(audio)
        except dev.AudioError as exc:
            if self.on_error is not None:
                self.on_error(exc)
            if self.captions is None:
                raise
            return None
        finally:
            if self.mute is not None:
                self.mute.unmute()

    def speak(self, text: str) -> SpeechTiming:
        """Say ``text``; returns when the device has played it all."""
        start = time.perf_counter()
        audio = self.synthesizer.synthesize(text)
        synth_ms = (time.perf_counter() - start) * 1000
        if self.captions is not None:
            self.captions.speak(text)
        played = self._play(audio)
        total = (time.perf_counter() - start) * 1000
        if played is None:
            return SpeechTiming(synth_ms, None, total, audio.duration * 1000, True)
        first = (played.first_sound - start) * 1000
        return SpeechTiming(synth_ms, first, total, audio.duration * 1000, self.captions is not None)

    def earcon(self, name: EarconName) -> None:
        """Play a tone (muting the microphone too)."""
        self._play(earcon(name))


def make_speaker(
    device: str | int | None = None,
    *,
    private: bool = False,
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    mute: Mutable | None = None,
    captions: bool | None = None,
    caption_stream: TextIO | None = None,
) -> TtsSpeaker | CaptionSpeaker:
    """The speaker the game should use on ``device``.

    Public (default): a TtsSpeaker; if there is no usable output or no TTS, a CaptionSpeaker. Private
    (``private=True``, an earpiece): never falls back to terminal captions, which everyone can read; the
    AudioError is raised so the caller can route private messages elsewhere (e.g. a private page).
    ``captions`` shows captions alongside speech (default: on for public, off for private).
    """
    stream = caption_stream or sys.stdout
    want_captions = (not private) if captions is None else captions
    voice_ = Pyttsx3Voice(voice=voice, rate=rate, volume=volume)
    try:
        voice_.check()  # espeak-ng first: without it nothing can speak, whatever the output
    except dev.AudioError as exc:
        if private:
            raise
        return CaptionSpeaker(stream, notice=f"I can't speak: {_sentence(exc)}", problem=_cause(exc))
    notice, problem, where = None, "", ""
    try:
        output = AudioOutput.choose(device)
    except dev.AudioError as exc:
        if private:
            raise
        if device is None or (isinstance(device, str) and not device.strip()):
            return CaptionSpeaker(stream, notice=f"I can't speak: {_sentence(exc)}", problem=_cause(exc))
        try:  # the output asked for is wrong: say so (and the choices) on the default output, if there is one
            output = AudioOutput.choose(None)
        except dev.AudioError:
            return CaptionSpeaker(stream, notice=f"I can't speak: {_sentence(exc)}", problem=_cause(exc))
        problem, where = str(exc), output.device.name if output.device is not None else ""
        notice = f"I can't use the speaker you asked for: {exc}. I'm speaking through the default output"
        notice += f" ({where})." if where else "."
    return TtsSpeaker(
        synthesizer=voice_,
        output=output,
        mute=mute,
        captions=CaptionSpeaker(stream) if want_captions else None,
        notice=notice,
        problem=problem,
        speaking_on=where,
    )


def _cause(exc: BaseException) -> str:
    """An audio error without the "captions instead" the game adds (:attr:`CaptionSpeaker.problem`)."""
    return str(exc).strip().rstrip(".").replace(f"; {dev.OUTPUT_FALLBACK}", "")


def _sentence(exc: BaseException) -> str:
    """An audio error as the end of a sentence that says the game goes on with captions."""
    text = str(exc).strip().rstrip(".")
    if dev.OUTPUT_FALLBACK not in text:
        text += f"; {dev.OUTPUT_FALLBACK}"
    return text + "."
