"""Real human recordings with their transcripts: a smoke set that a recognizer hears a person.

From Debian ``pocketsphinx-testdata`` (``/usr/share/pocketsphinx/test/data``; also ``test/data`` in the
pocketsphinx 5.1.1 source): one person saying playing cards (``cards/001-005.wav``, "ten of clubs"), LibriVox
sentences read aloud, and "go forward ten meters". ``$TESTSPEECH_REAL_DIR`` points elsewhere. Small, but people.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voicefish.audio.wavio import read_wav

__all__ = [
    "DEFAULT_DIR",
    "RealSpeechMissing",
    "Recording",
    "card_grammar",
    "card_recordings",
    "data_dir",
    "goforward",
    "librivox_recordings",
    "unavailable",
]

Audio = npt.NDArray[np.int16]
Recording = tuple[Audio, str]
"""(int16 mono 16 kHz samples, lower-case transcript)."""

DEFAULT_DIR = Path("/usr/share/pocketsphinx/test/data")


class RealSpeechMissing(FileNotFoundError):
    """The recordings are not installed; the message says how to get them."""


def data_dir() -> Path:
    """Where the recordings are: ``$TESTSPEECH_REAL_DIR`` or Debian's folder."""
    return Path(os.environ.get("TESTSPEECH_REAL_DIR") or DEFAULT_DIR)


def unavailable() -> str | None:
    """None when the recordings are here, else why not (a ``pytest.skip`` reason)."""
    folder = data_dir()
    if not (folder / "cards" / "cards.transcription").is_file():
        return f"real recordings missing from {folder}: apt-get install pocketsphinx-testdata"
    return None


def _check() -> Path:
    reason = unavailable()
    if reason:
        raise RealSpeechMissing(reason)
    return data_dir()


_LINE = re.compile(r"^\s*<s>\s*(?P<text>.*?)\s*</s>\s*\((?P<id>[^)]+)\)\s*$")


def _transcripts(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _LINE.match(line)
        if m:
            out[m["id"]] = " ".join(m["text"].split())
    return out


def card_recordings() -> list[Recording]:
    """A person saying playing cards ("ten of clubs", "five five", "eight of spades four of clubs ...")."""
    folder = _check() / "cards"
    texts = _transcripts(folder / "cards.transcription")
    return [(read_wav(folder / f"{fid}.wav"), text) for fid, text in sorted(texts.items())]


def card_grammar() -> str:
    """The JSGF grammar the card recordings were made for (``cards.gram``)."""
    return (_check() / "cards" / "cards.gram").read_text(encoding="utf-8")


def librivox_recordings() -> list[Recording]:
    """Sentences of *Sense and Sensibility* read aloud (LibriVox), 16 kHz."""
    folder = _check() / "librivox"
    texts = _transcripts(folder / "transcription")
    return [(read_wav(folder / f"{fid}.wav"), text) for fid, text in sorted(texts.items())]


def goforward() -> Recording:
    """ "go forward ten meters" (raw 16-bit little-endian, 16 kHz mono)."""
    raw = (_check() / "goforward.raw").read_bytes()
    return np.frombuffer(raw, dtype="<i2").astype(np.int16), "go forward ten meters"
