"""The recognizer's copy of the model's front-end settings leaves nothing behind in the temporary folder.

It used to be one file per process, removed by an exit handler: a process that ended without running its exit
handlers (a benchmark's pool worker, a game stopped by a signal) left its copy behind, hundreds after a day of
benchmarks. Now the copy is named by its content and shared.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from voicefish.audio.sphinx import FRONT_END, _feat_params, default_model_dir

HMM = str(default_model_dir() / "en-us")
ITEMS = tuple(sorted(FRONT_END.items()))


def _copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("*voicefish-feat-*"))


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary folder of the test's own, for this process and its children."""
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    _feat_params.cache_clear()
    yield tmp_path
    _feat_params.cache_clear()


def test_copy_holds_the_settings_over_the_model_file(private_tmp: Path) -> None:
    path = Path(_feat_params(HMM, (("cmn", "live"), ("lowerf", "133.33334"))))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "-cmn live" in lines
    assert "-lowerf 133.33334" in lines
    assert "-cmn batch" not in lines  # the model's own line is written over, not repeated
    model_keys = {ln.split()[0] for ln in (Path(HMM) / "feat.params").read_text(encoding="utf-8").splitlines()}
    assert model_keys <= {ln.split()[0] for ln in lines}  # every other setting of the model is kept


def test_the_same_settings_share_one_file_across_processes(private_tmp: Path) -> None:
    first = _feat_params(HMM, ITEMS)
    _feat_params.cache_clear()  # as a new process would
    assert _feat_params(HMM, ITEMS) == first
    other = _feat_params(HMM, (("cmn", "live"),))
    assert other != first
    assert _copies(private_tmp) == sorted([Path(first), Path(other)])


def test_a_stale_or_half_written_copy_is_replaced(private_tmp: Path) -> None:
    path = Path(_feat_params(HMM, ITEMS))
    good = path.read_text(encoding="utf-8")
    path.write_text(good[: len(good) // 2], encoding="utf-8")
    _feat_params.cache_clear()
    assert Path(_feat_params(HMM, ITEMS)) == path
    assert path.read_text(encoding="utf-8") == good
    assert _copies(private_tmp) == [path]  # no private part left beside it


def test_an_unwritable_shared_name_falls_back_to_a_copy_of_its_own(
    private_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: str, dst: str) -> None:
        raise PermissionError(f"not yours: {dst}")

    monkeypatch.setattr(os, "replace", refuse)
    path = Path(_feat_params(HMM, ITEMS))
    assert path.exists()
    assert "-cmn" in path.read_text(encoding="utf-8")


def test_processes_that_skip_their_exit_handlers_leave_one_file(private_tmp: Path) -> None:
    """Three recognizers made in processes that end with ``os._exit`` (as a pool's workers do)."""
    code = "import os\nfrom voicefish.audio.sphinx import SphinxRecognizer\nSphinxRecognizer()\nos._exit(0)\n"
    env = {**os.environ, "TMPDIR": str(private_tmp)}
    for _ in range(3):
        subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)
    assert len(_copies(private_tmp)) == 1
