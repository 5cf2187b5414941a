"""The whole suite's settings.

Tests that play into the virtual sound card (scripts/with-virtual-audio.sh) or record from it hear real, clocked
audio: they must run one at a time, and get the processor the moment they need it (a starved capture thread drops
audio). Such a test carries the ``soundcard`` marker: given here to every test of a module that names the card's
devices or its player, so a module written without it is still caught. ``make pytest`` runs the sound-card tests
one by one (``-m soundcard``) and the rest beside them on two processes (pytest-xdist, ``-m "not soundcard"``) at
the lowest priority, ``nice 19`` (scripts/pytest-both.sh).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

_CARD = re.compile(r"\b(vspk2?|vmic|paplay|parec|VOICEFISH_VIRTUAL_AUDIO)\b")
_uses_card: dict[Path, bool] = {}


def _module_uses_card(path: Path) -> bool:
    if path not in _uses_card:
        try:
            _uses_card[path] = bool(_CARD.search(path.read_text(encoding="utf-8")))
        except OSError:
            _uses_card[path] = False
    return _uses_card[path]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("soundcard") is None and _module_uses_card(Path(str(item.path))):
            item.add_marker(pytest.mark.soundcard)
