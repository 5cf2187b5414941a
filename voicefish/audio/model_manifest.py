"""The models manifest: what each speech model is (:class:`ModelInfo`), the manifest's loading and look-up, the
errors every models-manager failure is, and the state of a model on disk (:class:`Verification`).

Split from :mod:`voicefish.audio.models`, which re-exports every public name here; nothing here touches the network.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parents[2]


class ModelError(Exception):
    """Base of every models-manager error; ``str(error)`` is a complete, user-facing sentence."""


class UnknownModelError(ModelError, KeyError):
    """The name is not in the manifest."""

    def __str__(self) -> str:
        return str(self.args[0])


class DownloadError(ModelError):
    """The server could not be reached, refused, or the connection broke (the partial file is kept)."""


class ChecksumMismatchError(ModelError):
    """The downloaded archive is not the one the manifest describes (it has been deleted)."""


class TargetNotWritableError(ModelError):
    """The models folder cannot be created or written."""


class BadArchiveError(ModelError):
    """The archive is not a zip, or does not hold the expected model folder."""


@dataclass(frozen=True)
class ModelInfo:
    """One downloadable model, as described by ``models/manifest.json``."""

    name: str
    """Unique name, also the archive's base name (``vosk-model-small-en-us-0.15``)."""
    language: str
    """BCP-47-ish language tag of the model (``en-us``)."""
    url: str
    """Where the zip archive is downloaded from."""
    size: int | None
    """Size of the zip archive in bytes, or None if unknown."""
    sha256: str | None
    """Lower-case hex SHA-256 of the zip archive, or None when none is published (unverifiable)."""
    folder: str
    """Name of the top folder inside the zip; the model is installed as ``<models dir>/<folder>``."""
    description: str
    """One line for ``voicefish models list``."""
    note: str | None = None
    """Caveats about the entry (e.g. why sha256 is null)."""
    kind: str = "vosk"
    """``vosk`` (a zip archive of a Vosk model) or ``whisper`` (``url``, ``size`` and ``sha256`` are its
    ``model.bin``'s; the model folder also holds ``config.json``, ``tokenizer.json``, ``vocabulary.txt``)."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModelInfo:
        """Build from one manifest entry; raises ModelError on a malformed entry."""
        try:
            sha = data.get("sha256")
            size = data.get("size")
            return cls(
                name=str(data["name"]),
                language=str(data["language"]),
                url=str(data["url"]),
                size=int(size) if size is not None else None,
                sha256=str(sha).lower() if sha else None,
                folder=str(data["folder"]),
                description=str(data.get("description", "")),
                note=str(data["note"]) if data.get("note") else None,
                kind=str(data.get("kind", "vosk")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelError(f"malformed model entry in the manifest: {exc!r}") from exc


def manifest_path() -> Path:
    """The manifest shipped with voicefish (``models/manifest.json`` of the source tree, or package data)."""
    candidates = [_REPO_ROOT / "models" / "manifest.json", Path(__file__).resolve().parents[1] / "data" / "models.json"]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return candidates[0]


def load_manifest(path: Path | None = None) -> list[ModelInfo]:
    """All models in the manifest, best first."""
    path = path or manifest_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ModelError(f"the model manifest {path} is missing") from exc
    except (OSError, ValueError) as exc:
        raise ModelError(f"the model manifest {path} cannot be read: {exc}") from exc
    entries = data.get("models") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ModelError(f"the model manifest {path} has no 'models' list")
    return [ModelInfo.from_json(entry) for entry in entries]


def get_model(name: str, manifest: list[ModelInfo] | None = None) -> ModelInfo:
    """The manifest entry called ``name`` (case-insensitive); raises UnknownModelError with the known names."""
    models = load_manifest() if manifest is None else manifest
    for info in models:
        if info.name.lower() == name.strip().lower():
            return info
    known = ", ".join(m.name for m in models) or "none"
    raise UnknownModelError(f"no model called {name!r} in the manifest (known: {known})")


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class Verification:
    """The state of one manifest model on disk."""

    name: str
    """Manifest name."""
    status: str
    """One of ``ok``, ``unverifiable``, ``not installed``, ``corrupt``."""
    detail: str
    """A sentence explaining the status."""

    @property
    def ok(self) -> bool:
        """False only for a corrupt install (not installed and unverifiable are not errors)."""
        return self.status != "corrupt"
