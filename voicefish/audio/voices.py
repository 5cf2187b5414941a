"""Remembered voices: a player's speaker-adaptation transform kept between sessions, only when asked for
(``voicefish play --remember-voices``), in the user's data folder, never anywhere else.

One small JSON file per player name. A file is used only with the acoustic model it was learnt with (its
``means`` file's SHA-256 is stored beside it); a damaged or foreign file is reported and left alone, never
applied. ``voicefish voices`` lists and forgets them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote

from voicefish.audio.adapt import Transform

__all__ = ["FORMAT", "RememberedVoice", "VoiceFileError", "VoiceStore", "default_voice_dir", "model_signature"]

FORMAT = "voicefish-voice"
VERSION = 1
MAX_KEY = 200
"""The longest file name stem of a voice file (file systems take 255 bytes)."""


class VoiceFileError(Exception):
    """A remembered voice that cannot be used; the message says why, in words for the player."""


@dataclass(frozen=True, slots=True)
class RememberedVoice:
    name: str
    """The player's name as it was given."""
    samples: int
    """How many utterances the transform was learnt from."""
    path: Path


def default_voice_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("voicefish")) / "voices"


@functools.cache
def model_signature(hmm_dir: Path) -> str:
    """Which acoustic model a transform belongs to: the SHA-256 of its ``means`` file (what the transform moves)."""
    digest = hashlib.sha256()
    with (hmm_dir / "means").open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class VoiceStore:
    """The remembered voices in one folder (default: ``voices/`` in the user's data folder)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_voice_dir()

    def path_for(self, name: str) -> Path:
        """The file of ``name`` (names that differ only in case are the same player). A name whose quoted form
        would not fit in a file name (255 bytes) is cut and ends with a hash of the whole name."""
        key = quote(name.strip().casefold(), safe="")
        if len(key) > MAX_KEY:
            key = key[: MAX_KEY - 17] + "-" + hashlib.sha256(key.encode()).hexdigest()[:16]
        return self.root / f"{key}.json"

    def save(self, name: str, transform: Transform, model: str) -> Path:
        """Write ``name``'s transform for ``model`` (atomically: a crash leaves the old file or the new one)."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.path_for(name)
        data = {"format": FORMAT, "version": VERSION, "name": name.strip(), "model": model, **transform.to_json()}
        fd, tmp = tempfile.mkstemp(prefix=".voice-", suffix=".tmp", dir=self.root)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def load(self, name: str, model: str, shape: tuple[int, int]) -> Transform | None:
        """``name``'s transform for ``model`` with ``shape`` (streams, vector length), or None when none is
        remembered. Raises :class:`VoiceFileError` when the file exists but cannot be used."""
        path = self.path_for(name)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise VoiceFileError(f"cannot read {path}: {exc}") from None
        try:
            data = json.loads(raw)
        except json.JSONDecodeError:
            raise VoiceFileError(f"{path} is damaged (not JSON)") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise VoiceFileError(f"{path} is not a voicefish voice file")
        if data.get("version") != VERSION:
            raise VoiceFileError(f"{path} is from another version of voicefish")
        if data.get("model") != model:
            raise VoiceFileError(f"{path} was learnt with another speech model")
        try:
            transform = Transform.from_json(data)
        except ValueError as exc:
            raise VoiceFileError(f"{path} is damaged ({exc})") from None
        if (len(transform.streams), len(transform.streams[0][1])) != shape:
            raise VoiceFileError(f"{path} does not fit the speech model")
        return transform

    def remembered(self) -> list[RememberedVoice]:
        """Every voice file in the folder (damaged ones too, with 0 samples), by name."""
        out = []
        for path in sorted(self.root.glob("*.json")) if self.root.is_dir() else []:
            name, samples = unquote(path.stem), 0
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(data, dict):
                    name = str(data.get("name") or name)
                    samples = int(data.get("samples") or 0)
            except (OSError, UnicodeDecodeError, ValueError, TypeError):
                pass
            out.append(RememberedVoice(name, samples, path))
        return out

    def forget(self, name: str) -> bool:
        """Delete ``name``'s file; False when there was none."""
        path = self.path_for(name)
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        return True
