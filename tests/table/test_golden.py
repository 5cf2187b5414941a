"""Golden transcripts: a few seeded games played by a scripted careful player (tablekit.CarefulPlayer) against
computer players, every public and private line the table says, compared exactly with the reviewed files in
tests/table/golden/. A change in what the table says shows up here as a diff to review; to accept it, run
``python -m tests.table.test_golden`` and review the diff of the files before committing them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.table.tablekit import CarefulPlayer, ears_for
from voicefish.outputs.channels import PUBLIC, Message, Outputs
from voicefish.rules import RuleSet
from voicefish.table.loop import SeatSpec, TableLoop

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "classic_seed7": ("", 7, [SeatSpec("Sam"), SeatSpec("Leo", "easy"), SeatSpec("Mia", "medium")]),
    "kids_seed45": ("kids", 45, [SeatSpec("Sam"), SeatSpec("Leo", "easy")]),
    "authors_continuous_seed5": ("authors,continuous", 5, [SeatSpec("Sam"), SeatSpec("Leo", "hard")]),
    "two_humans_sudden_death_seed12": (
        "sudden_death,point_fish",
        12,
        [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Leo", "medium"), SeatSpec("Mia", "easy")],
    ),
}


class _Transcript:
    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.lines: list[str] = []

    def deliver(self, message: Message) -> None:
        who = message.voice or "Dealer"
        if message.audience != PUBLIC:
            who = f"{self.names[message.audience]} (private)"
        self.lines.append(f"{who}: {message.text}")


def transcript(name: str) -> str:
    rules, seed, seats = GAMES[name]
    record = _Transcript([s.name for s in seats])
    outputs = Outputs(public=[record], private={i: [record] for i, s in enumerate(seats) if s.human})
    loop = TableLoop(
        seats, RuleSet.parse(rules), ears=ears_for(CarefulPlayer()), outputs=outputs, games=1, seed=seed, explain=True
    )
    assert loop.run()
    return "\n".join(record.lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_table_says_exactly_the_reviewed_transcript(name: str) -> None:
    assert transcript(name) == (GOLDEN / f"{name}.txt").read_text()


if __name__ == "__main__":  # regenerate, then review the diff
    for game in sorted(GAMES):
        (GOLDEN / f"{game}.txt").write_text(transcript(game))
        print(f"wrote {GOLDEN / game}.txt", file=sys.stderr)
