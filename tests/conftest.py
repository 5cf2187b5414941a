"""The whole suite's settings.

The suite runs on two processes (pytest-xdist, ``-n 2 --dist loadgroup``: see the Makefile). There is one virtual
sound card (scripts/with-virtual-audio.sh), so every test that plays into it or records from it runs in one
process, one at a time, in the group ``sound-card``: a test module is in it when it carries the ``soundcard``
marker, or when its code names the card's devices or its player (a module written without the marker still cannot
overlap another's sound).
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
        if item.get_closest_marker("soundcard") or _module_uses_card(Path(str(item.path))):
            item.add_marker(pytest.mark.xdist_group("sound-card"))
