"""Issue 33, other ways to say a rank: spelled out ("s-e-v-e-n", as typed or as a recognizer writes letters) and
the card's number ("Leo, number seven"), understood by the parser as the ask they spell; letters that spell no word
of the game stay letters."""

from __future__ import annotations

import pytest

from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Ask, NoIntent
from voicefish.speech.parser import Parser, unspelled

PARSER = Parser(TableContext(("Sam", "Leo", "Ann"), me="Sam"))


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("Leo, s-e-v-e-n", Ask("Leo", Rank.SEVEN)),
        ("Leo, S E V E N S", Ask("Leo", Rank.SEVEN)),
        ("Leo, S, E, V, E, N.", Ask("Leo", Rank.SEVEN)),
        ("Leo, K.I.N.G.S.", Ask("Leo", Rank.KING)),  # "k" alone is read "okay", but not inside a spelled word
        ("Leo, q-u-e-e-n-s please", Ask("Leo", Rank.QUEEN)),
        ("Leo, do you have a s-i-x", Ask("Leo", Rank.SIX)),  # the article before the letters is a word
        ("Ann, a s i x", Ask("Ann", Rank.SIX)),
        ("L-E-O, kings", Ask("Leo", Rank.KING)),  # a name spelled too
        ("Leo, t e n", Ask("Leo", Rank.TEN)),
        ("Leo, number seven", Ask("Leo", Rank.SEVEN)),
        ("Leo, the number 7", Ask("Leo", Rank.SEVEN)),
        ("number seven, Ann", Ask("Ann", Rank.SEVEN)),
        ("Leo, number s-e-v-e-n", Ask("Leo", Rank.SEVEN)),
    ],
)
def test_a_rank_spelled_or_said_as_the_cards_number_is_the_ask(text: str, meant: Ask) -> None:
    result = PARSER.parse(text)
    assert result.intent == meant, (text, result)
    assert not result.needs_confirm, (text, result)  # said deliberately, word for word: no guess


def test_letters_that_spell_no_word_of_the_game_stay_letters() -> None:
    words = {"seven", "kings", "leo", "six"}
    assert unspelled(["leo", "s", "e", "v", "e", "n"], words) == ["leo", "seven"]
    assert unspelled(["a", "b", "c", "d"], words) == ["a", "b", "c", "d"]
    assert unspelled(["a", "s", "i", "x"], words) == ["a", "six"]
    assert unspelled(["i", "a", "m"], words) == ["i", "a", "m"]
    assert unspelled(["do", "you", "have", "a", "ten"], words) == ["do", "you", "have", "a", "ten"]
    assert unspelled(["s", "i"], {"si"}) == ["s", "i"]  # two letters are not a spelled word
    assert isinstance(PARSER.parse("Leo, x y z").intent, NoIntent)
    assert PARSER.parse("u got any kings, Leo").intent == Ask("Leo", Rank.KING)  # single-letter spellings kept


def test_the_cards_number_is_understood_never_offered_to_a_recognizer() -> None:
    """Parse only: pocketsphinx's and Vosk's grammars (the sentences offered) stay as they were."""
    ctx = TableContext(("Sam", "Leo", "Ann"), me="Sam")
    grammar = load_grammar("en")
    offered = [s for s, _ in grammar.sentences(ctx)]
    assert offered and not any("number" in s for s in offered)
    understood = [s for s, _ in grammar.sentences(ctx, parse_only=True)]
    assert "leo number seven" in [s.lower().replace(",", "") for s in understood]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("it", "Leo, numero sette"),
        ("es", "Leo, el número siete"),
        ("pt", "número sete, Leo"),
        ("nl", "Leo, nummer zeven"),
        ("pl", "Leo, numer siedem"),
        ("it", "Leo, s-e-t-t-e"),
        ("pl", "Leo, S I E D E M"),
    ],
)
def test_every_language_takes_the_cards_number_and_a_spelled_rank(lang: str, text: str) -> None:
    parser = Parser(TableContext(("Sam", "Leo", "Ann"), me="Sam"), load_grammar(lang))
    assert parser.parse(text).intent == Ask("Leo", Rank.SEVEN), (lang, text)
