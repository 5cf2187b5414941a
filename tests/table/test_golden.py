"""Golden transcripts: a few seeded games played by a scripted careful player (tablekit.CarefulPlayer) against
computer players, every public and private line the table says, compared exactly with the reviewed files in
tests/table/golden/. A change in what the table says shows up here as a diff to review; to accept it, run
``python -m tests.table.test_golden`` and review the diff of the files before committing them.

Each game is told in verbose narration (``voicefish play --narration verbose``: the four games as the table told them
before compact narration) and in compact narration (the default, ``compact_*``), plus two compact games in Italian and
Polish (the careful player asks and answers in the table's language)."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.table.tablekit import CarefulPlayer, ears_for
from voicefish.cards import Rank
from voicefish.outputs.channels import PUBLIC, Message, Outputs
from voicefish.rules import RuleSet
from voicefish.table.ears import Heard, ListenRequest
from voicefish.table.loop import SeatSpec, TableLoop
from voicefish.table.phrases import phrasebook
from voicefish.table.words import rank_plural

GOLDEN = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class Golden:
    rules: str
    seed: int
    seats: tuple[SeatSpec, ...]
    lang: str = "en"
    explain: bool = True


CLASSIC = (SeatSpec("Sam"), SeatSpec("Leo", "easy"), SeatSpec("Mia", "medium"))
TWO_HUMANS = (SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Leo", "medium"), SeatSpec("Mia", "easy"))
EN = {
    "classic_seed7": Golden("", 7, CLASSIC),
    "kids_seed45": Golden("kids", 45, (SeatSpec("Sam"), SeatSpec("Leo", "easy"))),
    "authors_continuous_seed5": Golden("authors,continuous", 5, (SeatSpec("Sam"), SeatSpec("Leo", "hard"))),
    "two_humans_sudden_death_seed12": Golden("sudden_death,point_fish", 12, TWO_HUMANS),
}
GAMES = {f"{name}": (game, True) for name, game in EN.items()}  # verbose: as told before compact narration
GAMES |= {f"compact_{name}": (game, False) for name, game in EN.items()}
GAMES |= {
    "compact_it_classic_seed7": (
        Golden("", 7, (SeatSpec("Giulia"), SeatSpec("Marco", "easy"), SeatSpec("Anna", "medium")), "it"),
        False,
    ),
    "compact_pl_classic_seed3": (
        Golden("", 3, (SeatSpec("Ania"), SeatSpec("Marek", "easy"), SeatSpec("Kasia", "medium")), "pl", explain=False),
        False,
    ),
}


@dataclass
class SpeakingPlayer(CarefulPlayer):
    """The careful player, saying its asks and yes in the table's language (``ask_aloud``, the language's yes)."""

    lang: str = "en"

    def __call__(self, req: ListenRequest) -> str | Heard | None:
        said = super().__call__(req)
        if self.lang == "en" or not isinstance(said, str):
            return said
        book = phrasebook(self.lang)
        if said == "yes":
            return str(book.YES_NO_PROMPT.split("/")[0])
        m = re.fullmatch(r"(\w+), do you have any (\w+)\?", said)
        assert m, said
        rank = next(r for r in Rank if rank_plural(r) == m[2])
        return str(book.ask_aloud(m[1], rank, None))


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
    game, verbose = GAMES[name]
    seats = list(game.seats)
    record = _Transcript([s.name for s in seats])
    outputs = Outputs(public=[record], private={i: [record] for i, s in enumerate(seats) if s.human})
    loop = TableLoop(
        seats,
        RuleSet.parse(game.rules),
        ears=ears_for(SpeakingPlayer(lang=game.lang)),
        outputs=outputs,
        games=1,
        seed=game.seed,
        explain=game.explain,
        lang=game.lang,
        verbose_narration=verbose,
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
