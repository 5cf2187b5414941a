"""Which of the engine's modules run compiled (mypyc, see ``setup.py``) and which as Python source.

The build compiles the engine's hot modules beside their source and writes ``_compiled.json``: each compiled module
and the SHA-256 of the source it was made from. Python imports a compiled module before its source, so a source
edited after the build would be shadowed by the older compiled module. :func:`choose` (run once, when ``voicefish``
is imported) puts a finder in front that loads the Python source of every compiled module instead when any of their
sources changed since the build (with a warning), or when ``VOICEFISH_PURE=1`` asks for the source. All of them or
none: compiled and source versions of one group are never mixed.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Collection, Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["STAMP", "SourceFinder", "built", "choose", "read_stamp", "stale_modules"]

PACKAGE = Path(__file__).resolve().parent
STAMP = PACKAGE / "_compiled.json"


def _source(module: str, package: Path = PACKAGE) -> Path:
    """``voicefish.engine.game`` -> ``<package>/engine/game.py``."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def read_stamp(stamp: Path = STAMP) -> dict[str, str]:
    """The compiled modules and their sources' SHA-256 (empty when nothing was compiled)."""
    try:
        data = json.loads(stamp.read_text(encoding="utf-8"))
        modules = data["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(modules, dict):
        return {}
    return {str(k): str(v) for k, v in modules.items()}


def stale_modules(modules: dict[str, str], package: Path = PACKAGE) -> list[str]:
    """The modules whose source is not what was compiled (changed or gone)."""
    stale = []
    for module, digest in modules.items():
        try:
            now = hashlib.sha256(_source(module, package).read_bytes()).hexdigest()
        except OSError:
            now = ""
        if now != digest:
            stale.append(module)
    return stale


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules as Python source (``.py``), ahead of Python's own finders (which would take a
    compiled module first)."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for entry in path if path is not None else sys.path:
            file = Path(entry) / leaf
            if file.is_file():
                return importlib.util.spec_from_file_location(fullname, file)
        return None


def built(modules: Collection[str], package: Path = PACKAGE) -> bool:
    """Whether the compiled modules' shared library and every one of ``modules`` are there compiled (the build's
    extensions are optional: without a C compiler the stamp is written and nothing compiled)."""
    wanted = [package / "engine" / "compiled__mypyc", *(_source(m, package).with_suffix("") for m in modules)]
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return all(any(f.with_name(f.name + suffix).is_file() for suffix in suffixes) for f in wanted)


def choose() -> str:
    """Put :class:`SourceFinder` in front when the compiled modules must not be used. Returns what runs:
    ``"compiled"``, ``"source"`` (nothing or not all of it was compiled: no C compiler, or built with
    ``VOICEFISH_PURE=1``),
    ``"source: VOICEFISH_PURE"`` or ``"source: stale"``."""
    modules = read_stamp()
    if not modules:
        return "source"
    if not built(modules):  # (what the build did compile is not used alone: never a mix)
        why = "source"
    elif os.environ.get("VOICEFISH_PURE"):
        why = "source: VOICEFISH_PURE"
    else:
        stale = stale_modules(modules)
        if not stale:
            return "compiled"
        why = "source: stale"
        warnings.warn(
            f"voicefish: {', '.join(stale)} changed since the engine was compiled; running the Python source "
            "(make play or make test compiles it again)",
            RuntimeWarning,
            stacklevel=2,
        )
    sys.meta_path.insert(0, SourceFinder(list(modules)))
    return why
