"""The build: the engine's hot modules compiled to C with mypyc, beside their Python source.

Random games through the players' views run about 1.7 times as fast compiled, ``expert``'s decisions about 3 times
(BENCHMARKS.md, "Engine speed"). The compiled modules are optional extensions: without a C compiler and Python's
headers the build goes on and the game runs the same modules as Python. ``VOICEFISH_PURE=1`` at build time
compiles nothing.

The build writes ``voicefish/_compiled.json``: each compiled module and the SHA-256 of the source it was compiled
from. At import, ``voicefish`` runs the Python source of every one of them instead when any source has changed
since (an edited ``.py`` is never shadowed by a stale compiled one), or when ``VOICEFISH_PURE=1`` is set.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
COMPILED = (
    "voicefish/cards.py",
    "voicefish/rules.py",
    "voicefish/engine/events.py",
    "voicefish/engine/shared.py",
    "voicefish/engine/views.py",
    "voicefish/engine/game.py",
    "voicefish/engine/fast.py",
    "voicefish/bots/base.py",
    "voicefish/bots/memory.py",
    "voicefish/bots/strengths.py",
    "voicefish/bots/expert.py",
    "voicefish/sim.py",
)
"""Compiled together (one shared library, ``voicefish.engine.compiled__mypyc``): the engine, what it is made of,
the computer players and the games between them."""
GROUP = "voicefish.engine.compiled"
STAMP = ROOT / "voicefish" / "_compiled.json"


def _module(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _remove_old_builds() -> None:
    """Compiled modules left by an earlier build in the source tree: gone before this build, so that a build that
    cannot compile leaves the Python source in use, never an older compiled module."""
    for path in (*COMPILED, GROUP.replace(".", "/") + "__mypyc.py"):
        source = ROOT / path
        for built in source.parent.glob(source.stem + ".cpython-*"):
            built.unlink()


def _write_stamp() -> None:
    digests = {_module(p): hashlib.sha256((ROOT / p).read_bytes()).hexdigest() for p in COMPILED}
    STAMP.write_text(json.dumps({"modules": digests}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The setuptools commands that build the extensions (metadata commands need none: no compiling for them)."""


def _extensions() -> list[Extension]:
    if not BUILDS & set(sys.argv[1:]):
        return []
    _remove_old_builds()
    STAMP.unlink(missing_ok=True)
    if os.environ.get("VOICEFISH_PURE"):
        return []
    from mypyc.build import mypycify

    extensions = mypycify(list(COMPILED), group_name=GROUP, opt_level="3")
    for extension in extensions:
        extension.optional = True  # no compiler: the same modules run as Python
    _write_stamp()
    return extensions


setup(ext_modules=_extensions())
