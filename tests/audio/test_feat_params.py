"""The recognizer's copy of the model's front-end settings leaves nothing behind.

It used to be one file per process in the temporary folder, removed by an exit handler: a process that ended without
running its exit handlers (a benchmark's pool worker, a game stopped by a signal) left its copy behind, hundreds
after a day of benchmarks. Now the copy is named by its content and shared, in the user's cache folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from voicefish.audio.sphinx import FRONT_END, SphinxRecognizer, _feat_params, default_model_dir, frontend

HMM = str(default_model_dir() / "en-us")
ITEMS = tuple(sorted(FRONT_END.items()))


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """A cache folder and a temporary folder of the test's own (cache, tmp), for this process and its children."""
    import tempfile

    cache, tmp = tmp_path / "cache", tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    monkeypatch.setattr(frontend, "_OWN_FEAT", {})
    yield cache / "voicefish", tmp


def _files(folder: Path) -> list[Path]:
    return sorted(folder.iterdir()) if folder.exists() else []


def test_copy_holds_the_settings_over_the_model_file(folders: tuple[Path, Path]) -> None:
    path = Path(_feat_params(HMM, (("cmn", "live"), ("lowerf", "133.33334"))))
    assert path.parent == folders[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "-cmn live" in lines
    assert "-lowerf 133.33334" in lines
    assert "-cmn batch" not in lines  # the model's own line is written over, not repeated
    model_keys = {ln.split()[0] for ln in (Path(HMM) / "feat.params").read_text(encoding="utf-8").splitlines()}
    assert model_keys <= {ln.split()[0] for ln in lines}  # every other setting of the model is kept


def test_the_same_settings_share_one_file_across_processes(folders: tuple[Path, Path]) -> None:
    cache, tmp = folders
    first = _feat_params(HMM, ITEMS)
    assert _feat_params(HMM, ITEMS) == first
    other = _feat_params(HMM, (("cmn", "live"),))
    assert other != first
    assert _files(cache) == sorted([Path(first), Path(other)])
    assert _files(tmp) == []


def test_a_stale_or_half_written_copy_is_replaced(folders: tuple[Path, Path]) -> None:
    path = Path(_feat_params(HMM, ITEMS))
    good = path.read_text(encoding="utf-8")
    path.write_text(good[: len(good) // 2], encoding="utf-8")
    assert Path(_feat_params(HMM, ITEMS)) == path
    assert path.read_text(encoding="utf-8") == good
    assert _files(folders[0]) == [path]  # no private part left beside it


def test_a_copy_deleted_while_the_game_runs_is_written_again(folders: tuple[Path, Path]) -> None:
    """A game makes decoders while it runs (the streaming twin): the cache cleared meanwhile must not stop them."""
    from testspeech.espeak import synth
    from voicefish.speech.grammar import TableContext
    from voicefish.speech.intents import Ask

    ctx = TableContext(players=("Priya", "Sam", "Leo"), me="Sam")
    SphinxRecognizer(ctx)
    shared = _files(folders[0])
    assert len(shared) == 1
    shared[0].unlink()
    second = SphinxRecognizer(ctx)
    assert _files(folders[0]) == shared
    heard = second.decode(synth("Priya, do you have any jacks?")).intent
    assert isinstance(heard, Ask) and heard.target == "Priya"


def test_a_cache_folder_that_cannot_be_written_falls_back_to_a_copy_of_its_own(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, tmp = folders

    def refuse(src: str, dst: str) -> None:
        raise PermissionError(f"read-only: {dst}")

    monkeypatch.setattr(os, "replace", refuse)
    path = Path(_feat_params(HMM, ITEMS))
    assert path.parent == tmp
    assert "-cmn" in path.read_text(encoding="utf-8")
    assert _files(cache) == []  # the half-made part is not left in the cache
    assert _feat_params(HMM, ITEMS) == str(path)  # one copy per process, not one per decoder


def test_processes_that_skip_their_exit_handlers_leave_one_file(folders: tuple[Path, Path]) -> None:
    """Three recognizers made in processes that end with ``os._exit`` (as a pool's workers do)."""
    cache, tmp = folders
    code = "import os\nfrom voicefish.audio.sphinx import SphinxRecognizer\nSphinxRecognizer()\nos._exit(0)\n"
    for _ in range(3):
        subprocess.run([sys.executable, "-c", code], env=dict(os.environ), check=True, timeout=120)
    assert len(_files(cache)) == 1
    assert _files(tmp) == []
