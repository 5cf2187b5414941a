"""Issue 28 item 3: every sentence the narrator says is checked against the game's log, over seeded games of every
rule set and switch (narrator only, no audio), with the defects found by hand as their own tests."""

from __future__ import annotations

import pytest

from tests.table.narration_check import RULE_SETS, referee_games
from voicefish.cards import Card, Rank, Suit
from voicefish.engine import AskEvent, Deal, Draw, GoFish
from voicefish.rules import RuleSet
from voicefish.table.narrator import Narrator

NAMES = ["Sam", "Leo", "Mia", "Zoe"]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_sentence_is_true_on_seeded_games(rules: str) -> None:
    checked = referee_games(rules, range(40))
    assert checked.get("private", 0) > 0 and sum(checked.values()) > 1000


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_sentence_is_true_over_thousands_of_games(rules: str) -> None:
    referee_games(rules, range(40, 240))  # 200 games a rule set, 4 000 in all (20 rule sets)


def test_the_missed_ask_with_an_empty_pond_under_authors_continuous_says_he_does_not_have_it() -> None:
    narrator = Narrator(NAMES, RuleSet.parse("authors,continuous"))
    two_of_clubs = Card(Rank.TWO, Suit.CLUBS)
    texts = narrator.public([AskEvent(0, 1, Rank.TWO, two_of_clubs), GoFish(0, 1, stock_empty=True)], current=1)
    assert texts[-1].text == "Leo doesn't have the two of clubs. Leo plays next."
    texts = Narrator(NAMES, RuleSet.parse("continuous")).public(
        [AskEvent(0, 1, Rank.TWO, None), GoFish(0, 1, stock_empty=True)], current=1
    )
    assert texts[-1].text == "Leo has no twos. Leo plays next."


@pytest.mark.parametrize(("rank", "word"), [(Rank.EIGHT, "an eight"), (Rank.ACE, "an ace"), (Rank.KING, "a king")])
def test_a_lucky_draw_has_the_right_article(rank: Rank, word: str) -> None:
    narrator = Narrator(NAMES, RuleSet())
    texts = narrator.public([Draw(2, matched=True, card=Card(rank, Suit.HEARTS))], current=2)
    assert texts[0].text == f"Lucky! Mia fished {word}, just what was asked for."


def test_a_tie_break_deal_of_two_of_four_names_them() -> None:
    narrator = Narrator(NAMES, RuleSet.parse("sudden_death"))
    texts = narrator.public([Deal((5, 0, 5, 0), (None, None, None, None))], current=0)
    assert [t.text for t in texts] == ["Sam and Mia get five cards each."]
    texts = narrator.public([Deal((5, 5, 5, 5), (None, None, None, None))], current=0)
    assert [t.text for t in texts] == ["Everyone gets five cards."]
