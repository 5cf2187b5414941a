"""Parser behaviour: names and aliases, misheard names, fillers, recognizer errors, scores, the intents' JSON."""

from __future__ import annotations

import pytest

from voicefish.cards import Card, Rank, Suit
from voicefish.rules import RuleSet
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import (
    Ambiguous,
    Ask,
    Count,
    History,
    No,
    NoIntent,
    Pause,
    ReadHand,
    Repeat,
    Score,
    Stock,
    Yes,
    intent_to_json,
    is_command,
)
from voicefish.speech.parser import CUE_SCORE, RELAXED_MAX_SCORE, Parser

TABLE = TableContext(
    ("Priya", "Sam", "Leo", "Pam"),
    me="Leo",
    aliases={"Priya": ("Grandma", "Gran"), "Sam": ("Big Sam",)},
    computers=frozenset({"Pam"}),
)


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser(TABLE)


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Priya, any jacks?", "Priya"),
        ("Grandma, any jacks?", "Priya"),
        ("gran any jacks", "Priya"),
        ("Big Sam, any jacks?", "Sam"),
        ("player one, any jacks?", "Priya"),
        ("player 2 any jacks", "Sam"),
        ("player four, any jacks", "Pam"),
        ("the computer, any jacks?", "Pam"),
        ("PRIYA ANY JACKS", "Priya"),
        ("Priyah, any jacks?", "Priya"),
        ("pria any jacks", "Priya"),
    ],
)
def test_names_aliases_seats_and_the_computer(parser: Parser, text: str, target: str) -> None:
    assert parser.parse(text).intent == Ask(target, Rank.JACK)


def test_a_name_close_to_two_players_is_ambiguous_never_a_silent_pick(parser: Parser) -> None:
    result = parser.parse("Tam, do you have any kings?")
    assert isinstance(result.intent, Ambiguous)
    assert set(result.intent.candidates) == {"Sam", "Pam"}
    assert result.intent.partial == Ask("", Rank.KING)
    assert intent_to_json(result.intent) == {
        "type": "ambiguous",
        "candidates": list(result.intent.candidates),
        "partial": {"type": "ask", "rank": "K"},
    }
    assert parser.parse("Sam, any kings?").intent == Ask("Sam", Rank.KING)  # exact names are never fuzzy
    assert parser.parse("Pam, any kings?").intent == Ask("Pam", Rank.KING)


def test_the_speaker_cannot_be_asked_but_can_be_counted(parser: Parser) -> None:
    assert parser.parse("Leo, any kings?").intent == NoIntent("you cannot ask yourself")
    assert parser.parse("player three, any kings?").intent == NoIntent("you cannot ask yourself")
    assert parser.parse("how many cards does Leo have").intent == Count("Leo")


def test_an_ask_of_someone_not_at_the_table_says_who_is_not_there(parser: Parser) -> None:
    """Typed ("Bob, any aces?" where nobody is called Bob, or a player who has left): not a move, and the reason
    names the word taken for a name, so the table can say so; talk without one such word stays plain talk."""
    for text in ("Bob, do you have any aces?", "bob, give me your sevens", "Olivia any sevens please?"):
        result = parser.parse(text)
        assert isinstance(result.intent, NoIntent) and result.score == 0.0, text
        who = text.split(",")[0].split()[0].capitalize()
        assert result.intent.reason == f"nobody called {who} is in this game", text
    for text in (
        "pass the chips please",
        "I need a seven",
        "kings are wild bob",  # a [not_a_move] word
        "Bob and Ann, any aces?",  # two words taken for names
        "ask them for kings",  # not written as a name
        "bob give me your sevens",
    ):
        assert parser.parse(text).intent == NoIntent(), text
    assert parser.parse("Sam, any aces?").intent == Ask("Sam", Rank.ACE)  # (a player's name, as before)


def test_the_computer_with_two_computers_is_ambiguous() -> None:
    ctx = TableContext(("Ann", "Bot1", "Bot2"), me="Ann", computers=frozenset({"Bot1", "Bot2"}))
    intent = Parser(ctx).parse("the computer, any sevens?").intent
    assert intent == Ambiguous(("Bot1", "Bot2"), Ask("", Rank.SEVEN))


def test_players_who_left_are_not_targets() -> None:
    ctx = TableContext(("Priya", "Sam"), me="Sam")
    assert Parser(ctx).parse("Leo, any sevens?").intent == NoIntent("nobody called Leo is in this game")


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("Sam, sevens", Rank.SEVEN),
        ("Sam, 7s", Rank.SEVEN),
        ("Sam, 7's", Rank.SEVEN),
        ("Sam, do you have a 7", Rank.SEVEN),
        ("Sam, seven's", Rank.SEVEN),
        ("sam any to's", Rank.TWO),
        ("sam do you have any for's", Rank.FOUR),
        ("sam any ate's", Rank.EIGHT),
        ("sam any tree's", Rank.THREE),
        ("sam got any jax", Rank.JACK),
        ("Sam, any aces?", Rank.ACE),
        ("Sam, do you have an ace?", Rank.ACE),
        ("sam any ones", Rank.ACE),
        ("Sam, tens", Rank.TEN),
        ("Sam, 10s", Rank.TEN),
        ("Sam, queens", Rank.QUEEN),
        ("Sam, kings", Rank.KING),
    ],
)
def test_rank_forms_digits_and_recognizer_errors(parser: Parser, text: str, rank: Rank) -> None:
    assert parser.parse(text).intent == Ask("Sam", rank)


def test_ask_sam_for_fours_with_homophones(parser: Parser) -> None:
    assert parser.parse("ask sam for fours").intent == Ask("Sam", Rank.FOUR)
    assert parser.parse("ask sam for for's").intent == Ask("Sam", Rank.FOUR)
    assert parser.parse("ask sam for to's").intent == Ask("Sam", Rank.TWO)


def test_scores_rank_exact_above_fillers_above_guesses(parser: Parser) -> None:
    exact = parser.parse("Sam, do you have any jacks?")
    fillers = parser.parse("um okay so Sam, uh, do you have any jacks please")
    misheard = parser.parse("Sem, do you have any jacks?")
    relaxed = parser.parse("Okay, my turn now. Sam, do you have any jacks?")
    assert exact.intent == fillers.intent == misheard.intent == relaxed.intent == Ask("Sam", Rank.JACK)
    assert exact.score == 100
    assert 100 > fillers.score > misheard.score
    assert relaxed.score <= RELAXED_MAX_SCORE < misheard.score
    assert relaxed.needs_confirm and not exact.needs_confirm and not fillers.needs_confirm
    assert not parser.parse("I love jacks").needs_confirm
    assert parser.parse("Sam is so lucky with those kings").score == 0


def test_a_command_after_a_word_that_holds_the_table_is_understood(parser: Parser) -> None:
    """ "Hold on, pause.", "Sorry, what's the score?", "Wait, pause the game": a word that holds the table before the
    command (written word for word by Whisper, and dropped as talk before). Said alone, that word is still its
    own command ("wait" pauses), and one filler before it does not make it vanish ("uh, wait")."""
    for text, meant in (
        ("Hold on, pause.", Pause()),
        ("Wait, pause the game.", Pause()),
        ("Sorry, what's the score?", Score()),
        ("Hang on, what's in my hand?", ReadHand()),
        ("Excuse me, Sam, do you have any jacks?", Ask("Sam", Rank.JACK)),
        ("wait", Pause()),
        ("uh, wait", Pause()),
        ("wait please", Pause()),
        ("wait a moment please", Pause()),
        ("um, sorry what?", Repeat()),
        ("hey, hold on a minute", Pause()),
        ("Sorry, no.", No()),
    ):
        result = parser.parse(text)
        assert result.intent == meant and result.score >= 90, (text, result)
    assert isinstance(parser.parse("Wait, I should ask Sam for jacks").intent, NoIntent)
    assert isinstance(parser.parse("Sorry, I love this game").intent, NoIntent)


def test_relaxed_match_refuses_asks_that_are_only_talked_about(parser: Parser) -> None:
    for text in (
        "I should ask Sam for kings",
        "don't ask Sam for kings",
        "Sam, kings are wild",
        "never ask Sam for kings",
        "ask Priya for the recipe",
        "Sam, nice kings!",
    ):
        assert parser.parse(text).intent == NoIntent(), text


def test_authors_exact_cards() -> None:
    ctx = TableContext(("Charlie", "Ann"), me="Ann", rules=RuleSet(authors=True))
    p = Parser(ctx)
    assert p.parse("Charlie, do you have the king of clubs?").intent == Ask(
        "Charlie", Rank.KING, Card(Rank.KING, Suit.CLUBS)
    )
    assert intent_to_json(p.parse("the 7 of hearts, Charlie").intent) == {
        "type": "ask",
        "target": "Charlie",
        "rank": "7",
        "card": "7H",
    }
    assert p.parse("jack of spades").intent == Ask("Charlie", Rank.JACK, Card(Rank.JACK, Suit.SPADES))


def test_an_exact_card_outside_authors_asks_for_its_rank(parser: Parser) -> None:
    assert parser.parse("Sam, do you have the king of clubs?").intent == Ask("Sam", Rank.KING)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("what's in my hand", ReadHand()),
        ("How many cards are left?", Stock()),
        ("what has Priya asked for?", History("Priya")),
        ("what has Grandma asked for", History("Priya")),
        ("who asked for what", History(None)),
        ("how many cards does the computer have", Count("Pam")),
        ("Sam's card count", Count("Sam")),
        ("um, yes please", Yes()),
        ("okay", Yes()),
        ("Mm-hmm.", Yes()),  # yes and no as people say them (issue 33), as Whisper writes them down
        ("Mhm.", Yes()),
        ("Right.", Yes()),
        ("You got it.", Yes()),
        ("Uh-uh.", No()),
        ("Wrong one.", No()),
        ("Oh, yes.", Yes()),  # a short yes Whisper wrote with an "oh" before it in babble (voice-game bench)
        ("Oh, correct.", Yes()),
        ("oh no", NoIntent()),  # ... but "oh no" is what people say when they lose their cards: talk, as before
        ("Oh, yes, sevens.", NoIntent()),
    ],
)
def test_commands(parser: Parser, text: str, intent: object) -> None:
    assert parser.parse(text).intent == intent


def test_json_shapes() -> None:
    assert intent_to_json(Ask("Priya", Rank.JACK)) == {"type": "ask", "target": "Priya", "rank": "J"}
    assert intent_to_json(Ask("Priya", Rank.TEN, Card(Rank.TEN, Suit.HEARTS)))["card"] == "10H"
    assert intent_to_json(ReadHand()) == {"type": "read_hand"}
    assert intent_to_json(NoIntent("you cannot ask yourself")) == {"type": "none"}
    assert intent_to_json(Count("Sam")) == {"type": "count", "target": "Sam"}
    assert intent_to_json(History("Priya")) == {"type": "history", "target": "Priya"}
    assert intent_to_json(History(None)) == {"type": "history"}
    assert not is_command(NoIntent()) and is_command(Yes())


def test_names_come_back_spelled_as_given() -> None:
    ctx = TableContext(("Zoë", "Mary-Jane", "José"), me="José")
    p = Parser(ctx)
    assert p.parse("zoe, any jacks?").intent == Ask("Zoë", Rank.JACK)
    assert p.parse("Mary Jane, any jacks?").intent == Ask("Mary-Jane", Rank.JACK)
    assert p.parse("Zoë, any jacks?").intent == Ask("Zoë", Rank.JACK)


def test_ask_cues_are_a_confirmable_last_resort(parser: Parser) -> None:
    result = parser.parse("Sam, hand me your aces")
    assert result.intent == Ask("Sam", Rank.ACE)
    assert result.score == CUE_SCORE < RELAXED_MAX_SCORE
    assert parser.parse("Sam, I'm fishing for kings").intent == Ask("Sam", Rank.KING)
    for text in (
        "Sam and I both have kings",  # a [not_a_move] word
        "Sam, hand me your aces or kings",  # two ranks
        "Sam and Priya, hand me your aces",  # two players
        "Sam, hand me your cards",  # no rank
        "Sam, hand me the salt for the fish",  # "for" is never a rank here
    ):
        assert parser.parse(text).intent == NoIntent(), text
    assert parser.parse("Leo, hand me your aces").intent == NoIntent("you cannot ask yourself")


def test_players_whose_names_are_grammar_words() -> None:
    """A player called Jack or Will: the words are read both as the name and as the word."""
    p = Parser(TableContext(("Jack", "Will", "Sam"), me="Sam"))
    assert p.parse("Jack, any jacks?").intent == Ask("Jack", Rank.JACK)
    assert p.parse("Will, do you have a jack?").intent == Ask("Will", Rank.JACK)
    assert p.parse("I will ask Jack for kings").intent == Ask("Jack", Rank.KING)
    assert p.parse("ask Will for jacks").intent == Ask("Will", Rank.JACK)
    assert p.parse("how many cards does Jack have").intent == Count("Jack")
    assert p.parse("Sam, any jacks?").intent == NoIntent("you cannot ask yourself")


def test_a_new_table_reuses_the_compiled_templates() -> None:
    import time

    Parser(TableContext(("Ann", "Bob")))
    start = time.perf_counter()
    for i in range(20):
        Parser(TableContext((f"Player{i}", "Bob", "Cy"), me="Bob"))
    assert (time.perf_counter() - start) / 20 < 0.05  # ~1 ms each; compiling would take 100-500 ms


def test_nearest_sentence_is_a_confidence_signal_not_a_move() -> None:
    p = Parser(TableContext(("Priya", "Sam", "Leo"), me="Leo"))
    sentence, intent, score = p.nearest("ask them for kings")  # an open-vocabulary decode of "ask Sam for kings"
    assert (sentence, intent) == ("ask sam for kings", Ask("Sam", Rank.KING))
    assert 85 < score < 100
    assert p.parse("ask them for kings").intent == NoIntent()  # parse never guesses a player from "them"
    assert p.nearest("what's the store")[1] == Score()
    assert p.nearest("the dog is barking outside again")[2] < p.nearest("what's the store")[2]
    assert p.nearest("") == ("", NoIntent(), 0.0)
    assert p.nearest("x" * 100_000)[2] < 50


def test_first_names_of_longer_names() -> None:
    p = Parser(TableContext(("Mary Ann", "Mary-Jo", "Sam Smith", "Leo"), me="Leo"))
    assert p.parse("Sam, any jacks?").intent == Ask("Sam Smith", Rank.JACK)
    assert p.parse("Mary Ann, any jacks?").intent == Ask("Mary Ann", Rank.JACK)
    assert p.parse("mary jo any jacks").intent == Ask("Mary-Jo", Rank.JACK)
    assert p.parse("Mary, any jacks?").intent == Ambiguous(("Mary Ann", "Mary-Jo"), Ask("", Rank.JACK))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("How many are left to draw?", "stock"),
        ("how many cards are still left to draw", "stock"),
        ("A bit quicker, please.", "faster"),
        ("quicker", "faster"),
        ("could you talk quicker", "faster"),
        ("Who's winning?", "score"),
    ],
)
def test_phrasings_whisper_writes_down_word_for_word(parser: Parser, text: str, kind: str) -> None:
    result = parser.parse(text)
    assert intent_to_json(result.intent)["type"] == kind and result.score >= 90.0, result


def test_take_your_time_is_table_talk_not_an_ask(parser: Parser) -> None:
    assert isinstance(parser.parse("Priya, take your time with those fours").intent, NoIntent)
    assert parser.parse("Priya, I'll take your fours").intent == Ask("Priya", Rank.FOUR)
