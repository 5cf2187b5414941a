"""ALSA's chatter ("ALSA lib ... underrun occurred") is kept off the player's terminal (issue 33 item 5).

Each case runs in a fresh process and makes the real libasound report an error the way it reports an underrun
(its error handler, which prints to standard error unless a program installs its own): opening a PCM that does not
exist. The control without the game's handler proves the message would have reached the terminal."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(ctypes.util.find_library("asound") is None, reason="needs libasound2 (ALSA)")

PROVOKE = """
import ctypes, ctypes.util
lib = ctypes.CDLL(ctypes.util.find_library("asound"))
pcm = ctypes.c_void_p()
rc = lib.snd_pcm_open(ctypes.byref(pcm), b"voicefish_no_such_pcm", 0, 0)
assert rc < 0, rc
print("opened:", rc)
"""


def run(setup: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-c", setup + PROVOKE], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return done


def test_without_the_handler_alsa_prints_to_the_terminal() -> None:
    done = run("")
    assert "opened:" in done.stdout
    assert "ALSA lib" in done.stderr  # the control: what the player saw


def test_the_game_keeps_alsa_messages_off_the_terminal() -> None:
    done = run(
        "from voicefish.audio.alsa import quiet_alsa, silenced\n"
        "assert quiet_alsa() and quiet_alsa()\n"  # once per process; a second call changes nothing
        "import atexit\n"
        "atexit.register(lambda: print('silenced:', silenced()))\n"
    )
    assert "opened:" in done.stdout
    assert "ALSA" not in done.stderr, done.stderr
    assert "silenced: 0" not in done.stdout and "silenced:" in done.stdout


def test_loading_the_audio_library_installs_it() -> None:
    """Every stream is opened through ``devices.load_sounddevice``: from then on ALSA is quiet."""
    done = run(
        "from voicefish.audio import devices\n"
        "try:\n"
        "    devices.load_sounddevice()\n"
        "except devices.AudioUnavailable:\n"
        "    raise SystemExit(0)\n"
    )
    if "opened:" not in done.stdout:
        pytest.skip("PortAudio is not installed")
    assert "ALSA" not in done.stderr, done.stderr
