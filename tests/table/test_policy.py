"""The turn policy as a pure function: what was heard and the request in, the table's next step out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.table.ears import Heard, ListenRequest, parse_for
from voicefish.table.policy import Action, decide

REQUEST = ListenRequest(
    speaker="Sam", players=("Sam", "Leo", "Mia"), hand=(Rank.SEVEN, Rank.KING), rules=RuleSet(), out=frozenset({"Mia"})
)


@pytest.mark.parametrize(
    ("said", "action"),
    [
        ("Leo, do you have any sevens?", Action.PLAY),
        ("Leo, do you have any tens?", Action.ASK_BACK_RANK),  # not held: likelier misheard
        ("Lea, do you have any sevens?", Action.CONFIRM),  # a name not at the table: never snapped
        ("Leo, take your time with those sevens", Action.REPROMPT),  # table talk the grammar knows: not acted on
        ("Leo, mind your sevens", Action.CONFIRM),  # talk that reads like an ask: asked back
        ("Mia, any tens?", Action.PLAY),  # out of cards: the engine's answer either way
        ("Got any sevens?", Action.CONFIRM),  # Mia is out: only Leo can be asked, asked back
        ("what's the score", Action.COMMAND),
        ("the weather is nice today", Action.REPROMPT),
    ],
)
def test_typed_sentences(said: str, action: Action) -> None:
    assert decide(parse_for(REQUEST, said), REQUEST).action is action


def test_a_typed_ask_of_a_rank_not_held_is_played_to_the_engine_and_a_said_one_asked_back() -> None:
    """Typed text is not misheard: a rank the player does not hold goes to the engine, which refuses it (the reason
    privately); said, it is asked back ("Did you say tens?"); typed but matched only loosely, asked back too."""
    said = parse_for(REQUEST, "Leo, do you have any tens?")
    assert not said.typed and decide(said, REQUEST).action is Action.ASK_BACK_RANK
    assert decide(replace(said, typed=True), REQUEST).action is Action.PLAY
    assert decide(replace(said, typed=True, confirm=True), REQUEST).action is Action.ASK_BACK_RANK
    held = replace(parse_for(REQUEST, "Leo, do you have any sevens?"), typed=True)
    assert decide(held, REQUEST).action is Action.PLAY


def test_silence_reprompts_and_table_talk_waits_only_with_patience() -> None:
    assert decide(None, REQUEST).action is Action.REPROMPT
    talk = Heard(parse_for(REQUEST, "hmm").intent, "hmm", reason="not a game sentence")
    assert decide(talk, REQUEST, talk_patience=2.5).action is Action.WAIT
    assert decide(talk, REQUEST, talk_patience=0).action is Action.REPROMPT


def test_a_sure_ask_heard_by_an_unsure_recognizer_is_confirmed() -> None:
    heard = replace(parse_for(REQUEST, "Leo, any kings?"), confirm=True, reason="low confidence")
    assert decide(heard, REQUEST).action is Action.CONFIRM
