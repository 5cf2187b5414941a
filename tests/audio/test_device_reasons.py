"""Issue 29 item 4: a device that cannot be used is told with the real reason and the whole list to choose from.
The microphone's notice used to cut the list at its first ';' ("(choose one of 0: pulse. Type your moves instead.")."""

from __future__ import annotations

import pytest

from voicefish.audio import devices as dev
from voicefish.commands.table_io import _reason
from voicefish.table import phrasebook as en

DEVICES = [
    dev.Device(id=0, name="pulse", inputs=32, outputs=32, samplerate=44100.0, host="ALSA", portaudio_index=0),
    dev.Device(id=1, name="default", inputs=32, outputs=32, samplerate=44100.0, host="ALSA", portaudio_index=1),
    dev.Device(id=4, name="headset", inputs=1, outputs=0, samplerate=16000.0, host="PulseAudio", portaudio_index=None),
]


@pytest.fixture
def three_devices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dev, "list_devices", lambda kind=None: [d for d in DEVICES if kind is None or d.can(kind)])


@pytest.mark.parametrize("spec", ["99", "usb microphone"])
def test_an_unknown_microphone_is_told_with_every_choice(spec: str, three_devices: None) -> None:
    with pytest.raises(dev.NoAudioDevice) as exc:
        dev.choose_device(spec, "input")
    notice = en.no_microphone(_reason(exc.value))
    assert "0: pulse; 1: default; 4: headset)" in notice, notice
    assert notice.endswith("4: headset). Type your moves instead."), notice


def test_the_advice_after_the_cause_is_still_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dev, "list_devices", lambda kind=None: [])
    with pytest.raises(dev.NoAudioDevice) as exc:
        dev.choose_device(None, "input")
    assert ";" in str(exc.value)  # the device layer adds its own advice ...
    assert _reason(exc.value) == "no microphone found"  # ... which the table words itself
    assert _reason(ValueError("a (b; c) d; advice.")) == "a (b; c) d"
    assert _reason(ValueError("")) == "ValueError"
