"""Audio devices: list them, choose one by name or number, open streams, and turn failures into typed errors.

Two kinds of device are offered:

* PortAudio devices (what ``sounddevice.query_devices()`` sees), numbered by their PortAudio index;
* PulseAudio sinks and sources by name (``vspk2``, a USB earpiece, ...), numbered after them. PortAudio on
  Linux only sees PulseAudio as one ALSA device called ``pulse``; we open that device with ``PULSE_SINK`` /
  ``PULSE_SOURCE`` set, which libpulse reads when the stream connects, so a named sink really is used.

Every failure is an :class:`AudioError` whose ``str()`` is one sentence for the player, ending with the way on
(typed input, captions). ``sounddevice`` is imported lazily: without libportaudio its import raises OSError,
which becomes :class:`AudioUnavailable`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

Kind = Literal["input", "output"]

INPUT_FALLBACK = "you can type your moves instead"
OUTPUT_FALLBACK = "the game will show captions in the terminal instead"

_ENV_LOCK = threading.Lock()


class AudioError(Exception):
    """Base of every audio-device error; ``str()`` is a complete sentence for the player."""


class AudioUnavailable(AudioError):
    """The audio library (libportaudio2) is not installed or cannot load."""


class NoAudioDevice(AudioError):
    """No device of the wanted kind exists, or none matches the name/number asked for."""


class DeviceBusy(AudioError):
    """The device exists but cannot be opened now (in use, unplugged, or refused the format)."""


def _fallback(kind: Kind) -> str:
    return INPUT_FALLBACK if kind == "input" else OUTPUT_FALLBACK


def load_sounddevice() -> ModuleType:
    """Import sounddevice, or raise AudioUnavailable with what to install."""
    try:
        import sounddevice
    except OSError as exc:  # libportaudio missing
        raise AudioUnavailable(
            f"audio is unavailable: the PortAudio library could not be loaded ({exc}); install libportaudio2 "
            f"(Debian/Ubuntu: apt-get install libportaudio2). Until then {INPUT_FALLBACK}."
        ) from exc
    module: ModuleType = sounddevice
    from voicefish.audio.alsa import quiet_alsa

    quiet_alsa()  # ALSA's messages while streams run ("underrun occurred") off the player's terminal
    return module


@contextlib.contextmanager
def quiet_stderr() -> Iterator[list[str]]:
    """Silence what ALSA/PortAudio print on file descriptor 2 while the block runs; yields the captured lines."""
    captured: list[str] = []
    try:
        saved = os.dup(2)
    except OSError:
        yield captured
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield captured
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            captured.extend(sink.read().decode("utf-8", "replace").splitlines())


@dataclass(frozen=True)
class Device:
    """One input and/or output device."""

    id: int
    """The number to choose it by (PortAudio index; PulseAudio entries come after them)."""
    name: str
    """The name shown and matched (case-insensitive substring)."""
    inputs: int
    """Maximum input channels (0 = not an input)."""
    outputs: int
    """Maximum output channels (0 = not an output)."""
    samplerate: float
    """Default sample rate in Hz."""
    host: str
    """Host API (``ALSA``) or ``PulseAudio`` for sinks/sources reached through the ``pulse`` device."""
    pulse_name: str | None = None
    """PulseAudio sink or source name, for entries opened through PortAudio's ``pulse`` device."""
    portaudio_index: int | None = None
    """The PortAudio device index to open."""
    default: bool = False
    """True when it is the system default for its kind."""

    def can(self, kind: Kind) -> bool:
        """True if the device can record (input) or play (output)."""
        return (self.inputs if kind == "input" else self.outputs) > 0

    def describe(self) -> str:
        """One line for ``voicefish devices``."""
        ways = "/".join(w for w, n in (("in", self.inputs), ("out", self.outputs)) if n)
        star = "*" if self.default else " "
        return f"{star}{self.id:3}  {self.name}  [{self.host}, {ways}, {self.samplerate:.0f} Hz]"


def _pulse_entries(start: int, pulse_index: int | None) -> list[Device]:
    """PulseAudio sinks and sources, when a PulseAudio server answers and PortAudio has a ``pulse`` device."""
    if pulse_index is None or shutil.which("pactl") is None:
        return []
    found: list[Device] = []
    defaults: dict[str, str] = {}
    try:
        info = subprocess.run(["pactl", "info"], capture_output=True, text=True, timeout=3, check=True).stdout
        for line in info.splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("Default Sink", "Default Source"):
                defaults[key.strip()] = value.strip()
        for kind, what in (("sinks", "Default Sink"), ("sources", "Default Source")):
            out = subprocess.run(
                ["pactl", "list", "short", kind], capture_output=True, text=True, timeout=3, check=True
            ).stdout
            for line in out.splitlines():
                fields = line.split("\t")
                if len(fields) < 4:
                    continue
                name, spec = fields[1], fields[3]
                rate = next((float(p.removesuffix("Hz")) for p in spec.split() if p.endswith("Hz")), 16000.0)
                is_sink = kind == "sinks"
                found.append(
                    Device(
                        id=start + len(found),
                        name=name,
                        inputs=0 if is_sink else 1,
                        outputs=1 if is_sink else 0,
                        samplerate=rate,
                        host="PulseAudio",
                        pulse_name=name,
                        portaudio_index=pulse_index,
                        default=defaults.get(what) == name,
                    )
                )
    except (OSError, subprocess.SubprocessError):
        return []
    return found


def list_devices(kind: Kind | None = None) -> list[Device]:
    """Every device (or every device of ``kind``); raises AudioUnavailable without libportaudio."""
    sd = load_sounddevice()
    with quiet_stderr():
        try:
            raw: Any = sd.query_devices()
        except sd.PortAudioError:
            raw = []
        try:
            default_in, default_out = (int(x) for x in sd.default.device)
        except (TypeError, ValueError):
            default_in = default_out = -1
    host_names: dict[int, str] = {}
    with contextlib.suppress(Exception):
        host_names = {i: str(h["name"]) for i, h in enumerate(sd.query_hostapis())}
    devices: list[Device] = []
    pulse_index: int | None = None
    for index, entry in enumerate(raw):
        name = str(entry["name"])
        if name == "pulse":
            pulse_index = index
        devices.append(
            Device(
                id=index,
                name=name,
                inputs=int(entry["max_input_channels"]),
                outputs=int(entry["max_output_channels"]),
                samplerate=float(entry["default_samplerate"]),
                host=host_names.get(int(entry["hostapi"]), "?"),
                portaudio_index=index,
                default=index in (default_in, default_out),
            )
        )
    devices += _pulse_entries(len(devices), pulse_index)
    return [d for d in devices if kind is None or d.can(kind)]


def choose_device(spec: str | int | None, kind: Kind) -> Device:
    """The device for ``spec``: None = default, a number = that id, text = case-insensitive name substring.

    Raises NoAudioDevice (nothing of that kind, or nothing matching, with the choices) or AudioUnavailable.
    """
    candidates = list_devices(kind)
    noun = "microphone" if kind == "input" else "audio output"
    if not candidates:
        raise NoAudioDevice(f"no {noun} found; {_fallback(kind)}")
    choices = "; ".join(f"{d.id}: {d.name}" for d in candidates)
    if spec is None or (isinstance(spec, str) and not spec.strip()):
        for device in candidates:
            if device.default and device.host != "PulseAudio":
                return device
        return candidates[0]
    text = str(spec).strip()
    if isinstance(spec, int) or text.isdigit():
        for device in candidates:
            if device.id == int(text):
                return device
        raise NoAudioDevice(f"there is no {noun} number {text} (choose one of {choices})")
    wanted = text.lower()
    exact = [d for d in candidates if d.name.lower() == wanted]
    matches = exact or [d for d in candidates if wanted in d.name.lower()]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise NoAudioDevice(f"no {noun} matches {text!r} (choose one of {choices})")
    names = ", ".join(repr(d.name) for d in matches)
    raise NoAudioDevice(f"{text!r} matches several devices ({names}); give more of the name or its number")


def error_from_portaudio(exc: BaseException, kind: Kind, device: Device | None) -> AudioError:
    """Map a PortAudioError (or ValueError from sounddevice) to a typed, worded error."""
    args: tuple[Any, ...] = tuple(getattr(exc, "args", ()))
    message = str(args[0]) if args else str(exc)
    code = args[1] if len(args) > 1 and isinstance(args[1], int) else None
    where = f" {device.name!r}" if device else ""
    noun = "microphone" if kind == "input" else "audio output"
    if "querying device -1" in message or (device is None and "No " in message):
        return NoAudioDevice(f"no {noun} found; {_fallback(kind)}")
    if code == -9996 or "Invalid device" in message or "querying device" in message:
        return NoAudioDevice(f"the {noun}{where} is gone (unplugged?); {_fallback(kind)}")
    return DeviceBusy(
        f"the {noun}{where} cannot be opened: it may be busy, unplugged or refuse 16 kHz mono ({message}); "
        f"close other programs using it or choose another with --{'mic' if kind == 'input' else 'speaker'}; "
        f"otherwise {_fallback(kind)}"
    )


@contextlib.contextmanager
def _pulse_routing(device: Device | None, kind: Kind) -> Iterator[None]:
    """Point libpulse at the device's sink/source while a stream connects (env is read at connect time)."""
    if device is None or device.pulse_name is None:
        yield
        return
    var = "PULSE_SOURCE" if kind == "input" else "PULSE_SINK"
    with _ENV_LOCK:
        old = os.environ.get(var)
        os.environ[var] = device.pulse_name
        try:
            yield
        finally:
            if old is None:
                os.environ.pop(var, None)
            else:
                os.environ[var] = old


def open_stream(kind: Kind, device: Device | None, **kwargs: Any) -> Any:
    """Open and start a sounddevice InputStream/OutputStream on ``device`` (None = default); typed errors.

    ``kwargs`` go to the stream constructor (samplerate, channels, dtype, callback, blocksize, ...).
    """
    sd = load_sounddevice()
    cls = sd.InputStream if kind == "input" else sd.OutputStream
    target = device.portaudio_index if device is not None else None
    with quiet_stderr(), _pulse_routing(device, kind):
        try:
            stream = cls(device=target, **kwargs)
            stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            raise error_from_portaudio(exc, kind, device) from exc
    return stream
