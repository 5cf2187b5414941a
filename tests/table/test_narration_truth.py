"""Issue 28 item 3: every sentence the narrator says is checked against the game's log, over seeded games of every
rule set and switch (narrator only, no audio), with the defects found by hand as their own tests."""

from __future__ import annotations

import pytest

from tests.table.narration_check import RULE_SETS, referee_games
from voicefish.cards import Card, Rank, Suit
from voicefish.engine import AskEvent, Deal, Draw, Event, GoFish
from voicefish.rules import RuleSet
from voicefish.table.narrator import Narrator
from voicefish.table.words import rank_plural

NAMES = ["Sam", "Leo", "Mia", "Zoe"]


@pytest.mark.parametrize(("verbose", "games"), [(False, 30), (True, 15)], ids=["compact", "verbose"])
@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_sentence_is_true_on_seeded_games(rules: str, verbose: bool, games: int) -> None:
    """Compact narration (the default) over 30 seeded games a rule set, verbose over 15 (the slow test below plays
    100 more in each)."""
    checked = referee_games(rules, range(games), verbose=verbose)
    assert checked.get("private", 0) > 0 and sum(checked.values()) > 25 * games


@pytest.mark.slow
@pytest.mark.parametrize(
    ("verbose", "seeds"), [(False, range(40, 140)), (True, range(140, 240))], ids=["compact", "verbose"]
)
@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_sentence_is_true_over_thousands_of_games(rules: str, verbose: bool, seeds: range) -> None:
    referee_games(rules, seeds, verbose=verbose)  # 100 games a rule set and narration, 4 000 in all (20 rule sets)


def test_the_missed_ask_with_an_empty_pond_under_authors_continuous_says_he_does_not_have_it() -> None:
    narrator = Narrator(NAMES, RuleSet.parse("authors,continuous"), verbose=True)
    two_of_clubs = Card(Rank.TWO, Suit.CLUBS)
    batch: list[Event] = [AskEvent(0, 1, Rank.TWO, two_of_clubs), GoFish(0, 1, stock_empty=True)]
    texts = narrator.public(batch, current=1)
    assert texts[-1].text == "Leo doesn't have the two of clubs. Leo plays next."
    compact = Narrator(NAMES, RuleSet.parse("authors,continuous")).public(batch, current=1)
    assert [t.text for t in compact] == ["Sam asks Leo for the two of clubs: Leo doesn't have it and plays next."]
    batch = [AskEvent(0, 1, Rank.TWO, None), GoFish(0, 1, stock_empty=True)]
    texts = Narrator(NAMES, RuleSet.parse("continuous"), verbose=True).public(batch, current=1)
    assert texts[-1].text == "Leo has no twos. Leo plays next."
    compact = Narrator(NAMES, RuleSet.parse("continuous")).public(batch, current=1)
    assert [t.text for t in compact] == ["Sam asks Leo for twos: Leo has none and plays next."]


@pytest.mark.parametrize(("rank", "word"), [(Rank.EIGHT, "an eight"), (Rank.ACE, "an ace"), (Rank.KING, "a king")])
def test_a_lucky_draw_has_the_right_article(rank: Rank, word: str) -> None:
    narrator = Narrator(NAMES, RuleSet(), verbose=True)
    texts = narrator.public([Draw(2, matched=True, card=Card(rank, Suit.HEARTS))], current=2)
    assert texts[0].text == f"Lucky! Mia fished {word}, just what was asked for."
    batch: list[Event] = [AskEvent(2, 0, rank, None), GoFish(2, 0, False), Draw(2, True, Card(rank, Suit.HEARTS))]
    texts = Narrator(NAMES, RuleSet(), frozenset({2})).public(batch, current=2)
    what = rank_plural(rank)
    assert [t.text for t in texts] == [f"Mia asks Sam for {what}: go fish — Mia fished {word}."]


def test_a_tie_break_deal_of_two_of_four_names_them() -> None:
    narrator = Narrator(NAMES, RuleSet.parse("sudden_death"))
    texts = narrator.public([Deal((5, 0, 5, 0), (None, None, None, None))], current=0)
    assert [t.text for t in texts] == ["Sam and Mia get five cards each."]
    texts = narrator.public([Deal((5, 5, 5, 5), (None, None, None, None))], current=0)
    assert [t.text for t in texts] == ["Everyone gets five cards."]


def test_compact_narration_tells_a_computer_turn_in_its_ask_and_a_human_turn_aloud() -> None:
    """Compact (the default): no "Leo, your turn." before a computer's ask; its ask and outcome in one sentence,
    and no "Leo goes again." after it (its next ask names it), even after a book; a human's turn and "goes again" are
    their own prompts, with the "your turn" earcon (``kind="turn"``), which a computer's turn never has; the reason
    (``--explain``) is said in the computer's sentence only."""
    from voicefish.engine import Book, Give, Turn

    narrator = Narrator(NAMES, RuleSet(), frozenset({1, 2}))
    sevens = (Card(Rank.SEVEN, Suit.CLUBS), Card(Rank.SEVEN, Suit.HEARTS))
    texts = narrator.public([AskEvent(1, 0, Rank.SEVEN), Give(0, 1, Rank.SEVEN, 2, sevens)], current=1, because="why")
    assert [t.text for t in texts] == ["Leo asks Sam for sevens, why: Sam gives two."]
    batch: list[Event] = [AskEvent(1, 0, Rank.SEVEN), GoFish(1, 0, False), Draw(1, False, None), Turn(2)]
    assert [t.text for t in narrator.public(batch, current=2)] == ["Leo asks Sam for sevens: go fish."]
    batch[-1] = Turn(0)
    assert [t.text for t in narrator.public(batch, current=0)] == [
        "Leo asks Sam for sevens: go fish.",
        "Sam, your turn.",
    ]
    book = Book(1, Rank.SEVEN, (*sevens, Card(Rank.SEVEN, Suit.SPADES), Card(Rank.SEVEN, Suit.DIAMONDS)))
    texts = narrator.public([AskEvent(1, 0, Rank.SEVEN), Give(0, 1, Rank.SEVEN, 2, sevens), book], current=1)
    assert [(t.text, t.kind) for t in texts] == [
        ("Leo asks Sam for sevens: Sam gives two.", "ask"),
        ("Leo lays down a book of sevens.", "book"),
    ]
    texts = narrator.public([AskEvent(0, 1, Rank.SEVEN), Give(1, 0, Rank.SEVEN, 1, sevens[:1])], current=0, because="x")
    assert [(t.text, t.kind) for t in texts] == [("Sam asks Leo for sevens: Leo gives one.", "ask"),
                                                 ("Sam goes again.", "turn")]  # fmt: skip
    batch[-1] = Turn(2)
    verbose = Narrator(NAMES, RuleSet(), frozenset({1, 2}), verbose=True).public(batch, current=2)
    assert [t.text for t in verbose] == ["Sam, do you have any sevens?", "Go Fish! Leo draws.", "Mia, your turn."]
    assert verbose[-1].kind == "info"  # Mia is a computer: no "your turn" earcon
    gave: list[Event] = [AskEvent(1, 0, Rank.SEVEN), Give(0, 1, Rank.SEVEN, 2, sevens)]
    texts = Narrator(NAMES, RuleSet(), frozenset({1, 2}), verbose=True).public(gave, current=1)
    assert (texts[-1].text, texts[-1].kind) == ("Leo goes again.", "info")  # verbose: said, without the earcon
    batch[-1] = Turn(0)
    verbose = Narrator(NAMES, RuleSet(), frozenset({1, 2}), verbose=True).public(batch, current=0)
    assert (verbose[-1].text, verbose[-1].kind) == ("Sam, your turn.", "turn")  # a human's: the earcon


@pytest.mark.parametrize("verbose", [False, True], ids=["compact", "verbose"])
def test_the_referee_fails_a_fact_left_out_or_told_wrong(verbose: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The referee is not vacuous: a narrator that leaves out the books, or says one card fewer, fails it."""
    from voicefish.engine import Book
    from voicefish.table.phrases import phrasebook

    real_one = Narrator._one
    monkeypatch.setattr(
        Narrator, "_one", lambda self, ev, last: None if isinstance(ev, Book) else real_one(self, ev, last)
    )
    with pytest.raises(AssertionError, match="not told: Book"):
        referee_games("", range(3), verbose=verbose)
    monkeypatch.setattr(Narrator, "_one", real_one)
    book = phrasebook("en")
    if verbose:
        real_gives = book.gives
        monkeypatch.setattr(book, "gives", lambda g, r, rank, n, card: real_gives(g, r, rank, max(1, n - 1), card))
    else:
        real = book.asked_gives
        monkeypatch.setattr(book, "asked_gives", lambda a, t, r, c, n, *x, **k: real(a, t, r, c, n + 1, *x, **k))
    with pytest.raises(AssertionError):
        referee_games("", range(3), verbose=verbose)
