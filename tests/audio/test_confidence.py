"""The play / confirm / reject decision (voicefish.audio.confidence.decide) on chosen evidence."""

from __future__ import annotations

import math

import pytest

from voicefish.audio.confidence import DEFAULT_MODEL, ConfidenceModel, Evidence, decide
from voicefish.cards import Rank
from voicefish.speech.intents import Ask, Help, No, NoIntent, Score, Yes

ASK = Ask("Sam", Rank.SEVEN)
MODEL = ConfidenceModel(
    weights={"acoustic": 1.0}, bias=0.0, accept=0.9, accept_adapted=0.94, confirm=0.5, answer=0.3, answer_yes=0.7
)


def evidence_for(confidence: float, *, retried: bool = False, snr: float = 40.0) -> Evidence:
    """Evidence that MODEL (one weight, on the acoustic score) turns into ``confidence``."""
    return Evidence(math.log(confidence / (1 - confidence)), 0.0, 100.0, 1.0, 6, retried=retried, snr=snr)


@pytest.mark.parametrize(
    ("confidence", "adapted", "outcome"),
    [
        (0.95, False, "play"),
        (0.95, True, "play"),
        (0.92, False, "play"),
        (0.92, True, "confirm"),  # an adapted decoder needs more to play a move at once
        (0.7, False, "confirm"),
        (0.7, True, "confirm"),
        (0.4, False, "reject"),
        (0.4, True, "reject"),
    ],
)
def test_a_move_is_played_confirmed_or_rejected_by_its_confidence(
    confidence: float, adapted: bool, outcome: str
) -> None:
    d = decide(ASK, evidence_for(confidence), model=MODEL, adapted=adapted)
    assert d.confidence == pytest.approx(confidence)
    got = "reject" if isinstance(d.intent, NoIntent) else "confirm" if d.confirm else "play"
    assert got == outcome


def test_a_question_is_answered_without_confirming_and_the_hand_only_adds_confirmation() -> None:
    d = decide(Score(), evidence_for(0.7), model=MODEL, adapted=True)
    assert d.intent == Score() and not d.confirm
    d = decide(ASK, evidence_for(0.99), model=MODEL, hand=[Rank.KING])
    assert d.intent == ASK and d.confirm and d.reason == "rank not in hand"


def test_while_confirming_a_yes_needs_its_own_bar() -> None:
    assert decide(Yes(), evidence_for(0.75), model=MODEL, answering=True, adapted=True).intent == Yes()
    assert isinstance(decide(Yes(), evidence_for(0.65), model=MODEL, answering=True).intent, NoIntent)


def test_a_whole_sentence_found_on_a_second_pass_is_never_played_at_once() -> None:
    """The decoder's own best path was a half sentence; the retry's whole sentence may be right ("help" heard as
    "tell"), but a move from it is confirmed, and while confirming it is never a "yes"."""
    d = decide(ASK, evidence_for(0.99, retried=True), model=MODEL)
    assert d.intent == ASK and d.confirm
    assert isinstance(decide(ASK, evidence_for(0.4, retried=True), model=MODEL).intent, NoIntent)
    d = decide(Help(), evidence_for(0.7, retried=True), model=MODEL)
    assert d.intent == Help() and not d.confirm  # a question is answered (a wrong answer costs nothing)
    assert isinstance(decide(Yes(), evidence_for(0.99, retried=True), model=MODEL, answering=True).intent, NoIntent)
    assert decide(No(), evidence_for(0.99, retried=True), model=MODEL, answering=True).intent == No()
    assert decide(Yes(), evidence_for(0.99), model=MODEL, answering=True).intent == Yes()


@pytest.mark.parametrize(
    ("confidence", "snr", "outcome"),
    [
        (0.45, 40.0, "reject"),
        (0.45, 25.0, "reject"),
        (0.45, 18.0, "confirm"),  # a loud room: asked back rather than not heard
        (0.37, 12.0, "confirm"),
        (0.3, 12.0, "reject"),
        (0.92, 12.0, "play"),  # the bar to play at once does not move
        (0.85, 12.0, "confirm"),
    ],
)
def test_in_a_loud_room_an_uncertain_move_is_asked_back_rather_than_not_heard(
    confidence: float, snr: float, outcome: str
) -> None:
    d = decide(ASK, evidence_for(confidence, snr=snr), model=MODEL)
    got = "reject" if isinstance(d.intent, NoIntent) else "confirm" if d.confirm else "play"
    assert got == outcome
    assert d.features["snr"] == snr
    answer = decide(No(), evidence_for(confidence, snr=snr), model=MODEL, answering=True)
    assert (answer.intent == No()) == (confidence >= MODEL.answer)  # answers keep their own bars


def test_with_confirm_loud_no_move_is_played_at_once_in_a_loud_room() -> None:
    """Steady loud noise makes table talk come back as a sure ask: the shipped model asks back every move there.
    Questions are still answered at once, answers to a confirmation keep their bars, and a quiet room plays."""
    careful = ConfidenceModel(weights={"acoustic": 1.0}, bias=0.0, accept=0.9, confirm=0.5, confirm_loud=True)
    loud, quiet = evidence_for(0.99, snr=15.0), evidence_for(0.99, snr=40.0)
    d = decide(ASK, loud, model=careful, adapted=True)
    assert d.intent == ASK and d.confirm and d.reason == "a loud room"
    assert not decide(ASK, quiet, model=careful, adapted=True).confirm
    assert not decide(ASK, loud, model=MODEL).confirm  # without it, a sure move is played in a loud room too
    score = decide(Score(), loud, model=careful)
    assert score.intent == Score() and not score.confirm
    yes = decide(Yes(), loud, model=careful, answering=True)
    assert yes.intent == Yes() and not yes.confirm  # "yes" plays the confirmed move: never asked back itself
    unsure = decide(ASK, evidence_for(0.6, snr=15.0), model=careful)
    assert unsure.confirm and unsure.reason == "uncertain"
    assert isinstance(decide(ASK, evidence_for(0.3, snr=15.0), model=careful).intent, NoIntent)  # still rejected
    first = Evidence(loud.acoustic, 0.0, 100.0, 1.0, 6, snr=15.0, room_known=False)  # the room not heard yet
    assert not decide(ASK, first, model=careful, adapted=True).confirm
    assert DEFAULT_MODEL.confirm_loud


def test_the_shipped_model_keeps_its_bars_in_order() -> None:
    m = DEFAULT_MODEL
    assert 0 < m.confirm_noisy < m.confirm < m.accept < m.accept_adapted < 1
    assert m.answer < m.answer_yes < m.accept


def test_in_a_loud_room_a_second_model_decides_keep_or_reject() -> None:
    """``loud_weights``: below ``noisy_below_db`` another model decides keep or reject (against ``confirm_noisy``);
    play or confirm, and everything in a quiet room, stay with the first."""
    both = ConfidenceModel(
        weights={"acoustic": 1.0},
        bias=0.0,
        accept=0.9,
        confirm=0.5,
        confirm_noisy=0.35,
        loud_weights={"acoustic": 1.0},
        loud_bias=3.0,
    )
    loud, quiet = evidence_for(0.2, snr=15.0), evidence_for(0.2, snr=40.0)  # 0.2 to the first model, ~0.83 loud
    assert both.keep_confidence(loud) > 0.8 and both.keep_confidence(quiet) == pytest.approx(0.2)
    d = decide(ASK, loud, model=both)
    assert d.intent == ASK and d.confirm  # kept by the loud-room model, asked back by the first
    assert d.confidence == pytest.approx(0.2) and d.features["keep_confidence"] > 0.8
    assert isinstance(decide(ASK, loud, model=MODEL).intent, NoIntent)  # one model: rejected
    assert isinstance(decide(ASK, quiet, model=both).intent, NoIntent)  # a quiet room: the first model only
    assert isinstance(decide(No(), loud, model=both, answering=True).intent, NoIntent)  # answers: the first model
    played = decide(ASK, evidence_for(0.95, snr=15.0), model=both)
    assert played.intent == ASK and not played.confirm


def test_the_loudness_range_and_the_kind_of_sentence_are_inputs_of_the_model() -> None:
    m = ConfidenceModel(weights={"snr": 1.0, "question": 2.0}, bias=0.0)
    quiet = Evidence(0.0, 0.0, 100.0, 1.0, 4, snr=40.0)
    loud = Evidence(0.0, 0.0, 100.0, 1.0, 4, snr=15.0)
    assert m.confidence(quiet) > m.confidence(loud)
    assert m.confidence(Evidence(0.0, 0.0, 100.0, 1.0, 4, snr=40.0, question=True)) > m.confidence(quiet)
    assert m.confidence(Evidence(0.0, 0.0, 100.0, 1.0, 4, snr=60.0)) == m.confidence(
        Evidence(0.0, 0.0, 100.0, 1.0, 4, snr=45.0)
    )
