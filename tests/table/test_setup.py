"""Wiring a table from the play command's settings: bad earpiece settings get a clear message."""

from __future__ import annotations

import pytest

from voicefish.commands.table_io import TableSetupError, build_io
from voicefish.rules import RuleSet
from voicefish.table.loop import SeatSpec

SEATS = [SeatSpec("Priya"), SeatSpec("Sam"), SeatSpec("Leo", "easy")]


@pytest.mark.parametrize(
    ("specs", "message"),
    [
        (["Bob=2"], "'Bob' is not a human player here"),
        (["Leo=2"], "'Leo' is not a human player here"),
        (["Priya"], "write NAME=DEVICE"),
        (["Priya=1", "priya=2"], "Priya has two earpieces"),
        (["Priya=no such device anywhere"], "cannot use the earpiece 'no such device anywhere' for Priya"),
    ],
)
def test_bad_earpiece_settings_are_refused_clearly(specs: list[str], message: str) -> None:
    with pytest.raises(TableSetupError, match=message):
        build_io(seats=SEATS, rules=RuleSet(), text=True, no_speech=True, earpieces=specs)


def test_without_earpieces_each_human_gets_a_private_channel() -> None:
    io = build_io(seats=SEATS, rules=RuleSet(), text=True, no_speech=True)
    try:
        assert set(io.outputs.private) == {0, 1}
    finally:
        io.close()
