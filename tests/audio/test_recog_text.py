"""The text recognizers behave like the real path: text goes through the parser; the hand never changes a rank."""

from __future__ import annotations

import io

import numpy as np
import pytest

from voicefish.audio.recognizer import (
    Recognition,
    Recognizer,
    RecognizerError,
    ScriptedRecognizer,
    TypedRecognizer,
    check_audio,
)
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import Ask, NoIntent, Score, intent_to_json

CTX = TableContext(("Priya", "Sam", "Leo"), me="Sam")


def test_scripted_texts_are_parsed_for_the_table() -> None:
    rec = ScriptedRecognizer(["Priya, do you have any jacks?", "what's the score", "pass the chips please"], CTX)
    assert isinstance(rec, Recognizer)
    first = rec.decode(np.zeros(160, dtype=np.int16))
    assert first.intent == Ask("Priya", Rank.JACK)
    assert not first.confirm
    assert first.confidence > 0.9
    assert rec.decode().intent == Score()
    chatter = rec.decode()
    assert isinstance(chatter.intent, NoIntent)
    assert chatter.confidence == 0.0
    assert rec.heard == [160, 0, 0]
    with pytest.raises(EOFError):
        rec.decode()


def test_the_speaker_cannot_be_asked() -> None:
    rec = ScriptedRecognizer(["Sam, any sevens?"], CTX)
    assert isinstance(rec.decode().intent, NoIntent)


def test_scripted_recognitions_pass_through() -> None:
    ready = Recognition("sam sevens", Ask("Leo", Rank.SEVEN), 0.5, True)
    rec = ScriptedRecognizer([ready], CTX)
    assert rec.decode() is ready


def test_hand_weighs_but_never_changes_the_rank() -> None:
    rec = ScriptedRecognizer(["Leo, do you have any kings?", "Leo, do you have any sevens?"])
    rec.set_table(CTX, hand={Rank.SEVEN, Rank.QUEEN})
    not_held = rec.decode()
    assert not_held.intent == Ask("Leo", Rank.KING)  # the rank spoken, not a rank from the hand
    assert not_held.confirm
    assert not_held.reason == "rank not in hand"
    held = rec.decode()
    assert held.intent == Ask("Leo", Rank.SEVEN)
    assert not held.confirm


def test_a_table_change_is_heard() -> None:
    rec = ScriptedRecognizer(["Leo, any sevens?", "Leo, any sevens?"], CTX)
    assert rec.decode().intent == Ask("Leo", Rank.SEVEN)
    rec.set_table(TableContext(("Priya", "Sam"), me="Sam"))
    after = rec.decode().intent  # Leo has left the game: he can no longer be asked
    assert not (isinstance(after, Ask) and after.target == "Leo")


def test_typed_recognizer_reads_lines_until_the_end() -> None:
    rec = TypedRecognizer(CTX, stream=io.StringIO("Priya, jacks!\nhmm\n"))
    r = rec.read()
    assert intent_to_json(r.intent) == {"type": "ask", "target": "Priya", "rank": "J"}
    assert r.to_json()["intent"] == {"type": "ask", "target": "Priya", "rank": "J"}
    assert isinstance(rec.decode().intent, NoIntent)
    with pytest.raises(EOFError):
        rec.read()


def test_typed_recognizer_needs_a_table() -> None:
    rec = TypedRecognizer(read_line=lambda: "score")
    with pytest.raises(RecognizerError, match="set_table"):
        rec.read()
    rec.set_table(CTX)
    assert rec.read().intent == Score()


def test_check_audio_accepts_and_rejects_shapes() -> None:
    assert check_audio(np.zeros((10, 1), dtype=np.int16)).shape == (10,)
    assert check_audio(np.array([0.5, -0.5])).tolist() == [16384, -16384]
    with pytest.raises(ValueError, match="mono"):
        check_audio(np.zeros((10, 2), dtype=np.int16))
    with pytest.raises(ValueError, match="int16"):
        check_audio(np.array(["a"]))
