"""Device listing, choosing and typed errors: real PulseAudio devices, a real no-device case, and fakes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from voicefish.audio import devices as d
from voicefish.cli import main

ROOT = Path(__file__).resolve().parents[2]
virtual_audio = pytest.mark.skipif(
    not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"),
    reason="needs the PulseAudio virtual devices: run under scripts/with-virtual-audio.sh (make pytest)",
)


def run_cli(
    *args: str, env: dict[str, str] | None = None, pythonpath: str | None = None
) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    full["PYTHONPATH"] = os.pathsep.join(p for p in (pythonpath, str(ROOT)) if p)
    return subprocess.run(
        [sys.executable, "-m", "voicefish", *args], capture_output=True, text=True, env=full, timeout=60, check=False
    )


def test_missing_portaudio_is_audio_unavailable(tmp_path: Path) -> None:
    """Without libportaudio2 ``import sounddevice`` raises OSError; we say what to install, no traceback."""
    (tmp_path / "sounddevice.py").write_text("raise OSError('PortAudio library not found')\n")
    proc = run_cli("devices", pythonpath=str(tmp_path))
    assert proc.returncode == 1
    assert proc.stderr.startswith("voicefish: audio is unavailable") and "libportaudio2" in proc.stderr
    assert "type your moves" in proc.stderr and "Traceback" not in proc.stderr


def test_no_device_at_all_for_real() -> None:
    """PulseAudio unreachable and no sound card: PortAudio sees nothing; a clear message and exit 1."""
    env = {"PULSE_SERVER": "unix:/nonexistent/voicefish", "PULSE_SINK": "", "PULSE_SOURCE": ""}
    probe = subprocess.run(
        [sys.executable, "-c", "import sounddevice as s; print(len(s.query_devices()))"],
        capture_output=True, text=True, env={**os.environ, **env}, timeout=60, check=False,
    )  # fmt: skip
    if probe.returncode != 0 or probe.stdout.strip() != "0":
        pytest.skip("this machine has a real sound device, so 'no device' cannot be produced for real")
    proc = run_cli("devices", "--check-input", "0", env=env)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "voicefish: no microphone found; you can type your moves instead"
    assert "none found" in proc.stdout and "Traceback" not in proc.stderr


def test_empty_query_means_no_device(monkeypatch: pytest.MonkeyPatch) -> None:
    sd = d.load_sounddevice()
    monkeypatch.setattr(sd, "query_devices", lambda *a, **k: [])
    with pytest.raises(d.NoAudioDevice, match="no microphone found; you can type"):
        d.choose_device(None, "input")
    with pytest.raises(d.NoAudioDevice, match="captions"):
        d.choose_device("speaker", "output")


def test_portaudio_errors_are_typed() -> None:
    sd = d.load_sounddevice()
    dev = d.Device(id=3, name="USB Headset", inputs=1, outputs=1, samplerate=48000, host="ALSA", portaudio_index=3)
    busy = d.error_from_portaudio(
        sd.PortAudioError("Error opening InputStream: Device unavailable", -9985), "input", dev
    )
    assert isinstance(busy, d.DeviceBusy) and "'USB Headset'" in str(busy) and "type your moves" in str(busy)
    gone = d.error_from_portaudio(sd.PortAudioError("Error querying device 3"), "output", dev)
    assert isinstance(gone, d.NoAudioDevice) and "unplugged" in str(gone) and "captions" in str(gone)
    none = d.error_from_portaudio(sd.PortAudioError("Error querying device -1"), "input", None)
    assert isinstance(none, d.NoAudioDevice) and "no microphone found" in str(none)


def test_busy_device_when_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    sd = d.load_sounddevice()

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise sd.PortAudioError("Error opening InputStream: Device unavailable", -9985)

    monkeypatch.setattr(sd, "InputStream", refuse)
    dev = d.Device(id=0, name="hw mic", inputs=2, outputs=0, samplerate=44100, host="ALSA", portaudio_index=0)
    with pytest.raises(d.DeviceBusy, match="busy"):
        d.open_stream("input", dev, samplerate=16000, channels=1, dtype="int16")


@virtual_audio
def test_choose_by_name_substring_and_number() -> None:
    mics = d.list_devices("input")
    outs = d.list_devices("output")
    assert any(m.name == "vmic" for m in mics) and any(o.name == "vspk2" for o in outs)
    assert d.choose_device("VMIC", "input").name == "vmic"  # case-insensitive
    assert d.choose_device("vspk2", "output").name == "vspk2"
    assert d.choose_device("vspk", "output").name == "vspk"  # exact name wins over substring of vspk2
    vspk2 = d.choose_device("vspk2", "output")
    assert d.choose_device(vspk2.id, "output") == vspk2 == d.choose_device(str(vspk2.id), "output")
    with pytest.raises(d.NoAudioDevice, match="several"):
        d.choose_device("monitor", "input")
    with pytest.raises(d.NoAudioDevice, match="choose one of"):
        d.choose_device("no such thing", "input")
    with pytest.raises(d.NoAudioDevice, match="number 999"):
        d.choose_device(999, "output")
    assert d.choose_device(None, "input").host != "PulseAudio"  # the default is the plain default device


@virtual_audio
def test_unplugged_device_gives_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    """A PulseAudio sink that disappears between listing and opening (a USB earpiece pulled out)."""
    module = subprocess.run(
        ["pactl", "load-module", "module-null-sink", "sink_name=vf_earpiece", "rate=16000", "channels=1"],
        capture_output=True, text=True, check=True, timeout=10,
    ).stdout.strip()  # fmt: skip
    try:
        earpiece = d.choose_device("vf_earpiece", "output")
        stream = d.open_stream("output", earpiece, samplerate=16000, channels=1, dtype="int16")
        stream.close()
    finally:
        subprocess.run(["pactl", "unload-module", module], check=True, timeout=10)
    with pytest.raises(d.AudioError) as err:
        d.open_stream("output", earpiece, samplerate=16000, channels=1, dtype="int16")
    assert isinstance(err.value, d.DeviceBusy | d.NoAudioDevice)
    assert "'vf_earpiece'" in str(err.value) and "captions" in str(err.value)
    assert main(["devices", "--check-output", "vf_earpiece"]) == 1  # gone from the list now
    assert capsys.readouterr().err.startswith("voicefish: no audio output matches 'vf_earpiece'")


@virtual_audio
def test_devices_command_lists_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "--check-input", "vmic", "--check-output", "vspk2"]) == 0
    out = capsys.readouterr().out
    assert "Microphones (input):" in out and "Audio outputs:" in out
    assert "input" in out and "(vmic) opens at 16 kHz mono: ok" in out and "(vspk2) opens" in out
