"""The real embedded recognizer (pocketsphinx) on real synthetic speech, asserted over sets of utterances.

Speakers: half from the tuning set, half from the hold-out set (never tuned on). Thresholds are the targets
where the bench reaches them and the measured level minus a margin where it does not (see
bench/history/asr.md for the full sweep and the gaps). Small sets here; the big sweep is in the bench.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import pytest

from testspeech.espeak import (
    HOLDOUT_VOICES,
    TUNING_VOICES,
    Voice,
    accented,
    degrade,
    espeak_available,
    synth,
)
from voicefish.audio.confidence import is_move
from voicefish.audio.recognizer import Recognition
from voicefish.audio.sphinx import NOISE_FLOOR_RMS, SphinxRecognizer, loudness_range_db
from voicefish.cards import RANKS, Rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Ask, Intent, NoIntent, Yes
from voicefish.speech.parser import Parser

pytestmark = [
    pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed"),
    pytest.mark.slow,
    pytest.mark.audio,
]

CTX = TableContext(("Priya", "Sam", "Leo", "Mateo"), me="Mateo")
VOICES = [v for pair in zip(TUNING_VOICES, HOLDOUT_VOICES, strict=True) for v in pair]
"""Tuning and hold-out speakers, alternating."""
ASKS = ("{n} do you have any {p}", "got any {p} {n}", "ask {n} for {p}", "{n} give me all your {p}", "{n} {p}")
COMMANDS = ("what's the score", "read my cards", "how many cards are left", "whose turn is it", "help")
CHATTER = (
    "turn on the lights please",
    "Sam is so lucky with those kings",
    "pass the chips Priya",
    "ha ha ha ha ha",
    "Priya do you",
    "who wants another drink",
    "did you shuffle the cards properly",
    "Leo stop looking at my cards",
    "can somebody open the window",
    "I'm going to win this one",
    "the kings are all gone I think",
    "give me a minute",
    "queens are my favourite",
    "is it raining outside",
    "where are my glasses",
    "Priya has three books already",
)


@dataclass
class Case:
    text: str
    expected: Intent
    voice: Voice
    condition: str
    result: Recognition | None = None


def _cases() -> list[Case]:
    rnd = random.Random(5)
    g = load_grammar("en")
    sentences = dict(g.sentences(CTX))
    cases: list[Case] = []
    plan = [("clean", 40), ("babble20", 12), ("white10", 12)]
    for condition, n in plan:
        while sum(c.condition == condition for c in cases) < n:
            if rnd.random() < 0.8:
                rank = rnd.choice(RANKS)
                entry = g.ranks[rank]
                text = rnd.choice(ASKS).format(n=rnd.choice(("priya", "sam", "leo")), p=entry.plural[0])
            else:
                text = rnd.choice(COMMANDS)
            if text in sentences:
                cases.append(Case(text, sentences[text], VOICES[len(cases) % len(VOICES)], condition))
    for i, text in enumerate(CHATTER):
        cases.append(Case(text, NoIntent(), VOICES[(3 * i + 1) % len(VOICES)], "chatter"))
    return cases


@pytest.fixture(scope="module")
def recognizer() -> SphinxRecognizer:
    return SphinxRecognizer(CTX)


@pytest.fixture(scope="module")
def decoded(recognizer: SphinxRecognizer) -> list[Case]:
    cases = _cases()
    for i, c in enumerate(cases):
        audio = synth(c.text, c.voice, seed=i)
        if c.condition not in ("clean", "chatter"):
            audio = degrade(audio, c.condition, seed=i)
        c.result = recognizer.decode(audio)
    return cases


def _heard(c: Case) -> Intent:
    assert c.result is not None
    if not c.result.features.get("complete"):
        return NoIntent()
    return Parser(CTX).parse(c.result.text).intent


def test_clean_speech_is_heard(decoded: list[Case]) -> None:
    clean = [c for c in decoded if c.condition == "clean"]
    heard = sum(_heard(c) == c.expected for c in clean) / len(clean)
    kept = sum(c.result is not None and c.result.intent == c.expected for c in clean) / len(clean)
    # bench (hold-out): see bench/history/asr.md; target 97 % not reached with pocketsphinx on espeak speech
    assert heard >= 0.70, f"decoded right {heard:.0%}"  # bench: 78 % hold-out, 90 % tuning speakers
    assert kept >= 0.50, f"right after rejection {kept:.0%}"


def test_noisy_speech_is_mostly_heard(decoded: list[Case]) -> None:
    for condition, floor in (("babble20", 0.40), ("white10", 0.40)):
        cs = [c for c in decoded if c.condition == condition]
        heard = sum(_heard(c) == c.expected for c in cs) / len(cs)
        assert heard >= floor, f"{condition}: decoded right {heard:.0%}"


def test_babble_is_heard_better_with_the_chosen_language_weight(recognizer: SphinxRecognizer) -> None:
    """pocketsphinx's default language weight (6.5) also makes every silence or noise between words costly, so
    babble was explained as words. Measured on these 96 utterances (unadapted): 68 heard right with the chosen
    weight (``DECODER_SETTINGS``), 61 with 6.5; with the voice check the bench gains far more (asr.md)."""
    heavy = SphinxRecognizer(CTX, settings={"lw": 6.5})
    parser = Parser(CTX)
    texts = ["leo do you have any sevens", "ask sam for kings", "priya give me all your fives"]
    texts += ["got any queens leo", "how many cards are left", "whose turn is it"]
    chosen = default = 0
    for condition in ("babble10", "babble20"):
        for i, voice in enumerate(VOICES):
            for j, text in enumerate(texts):
                if (i + j) % 2:
                    continue
                audio = degrade(synth(text, voice, seed=i * 7 + j), condition, seed=i * 7 + j)
                expected = parser.parse(text).intent
                right = [
                    bool(r.features["complete"]) and parser.parse(r.text).intent == expected
                    for r in (recognizer.decode(audio), heavy.decode(audio))
                ]
                chosen += right[0]
                default += right[1]
    assert chosen >= default + 5, (chosen, default)


def test_a_loud_room_is_told_from_a_quiet_one_by_the_utterance_alone(recognizer: SphinxRecognizer) -> None:
    """The loudness range (loud against quiet frames) puts noise or talkers 10 dB under the speaker below the
    model's ``noisy_below_db`` (where the game asks back from a lower confidence) and 20 dB under above it."""
    bar = recognizer.model.noisy_below_db
    texts = ("leo do you have any sevens", "help", "ask sam for kings", "how many cards are left")
    for i, voice in enumerate(VOICES):
        text = texts[i % len(texts)]
        clean = synth(text, voice, seed=i)
        assert loudness_range_db(clean, NOISE_FLOOR_RMS) > 30.0, (voice, text)
        for condition, loud in (("white20", False), ("babble20", False), ("white10", True), ("babble10", True)):
            db = loudness_range_db(degrade(clean, condition, seed=i), NOISE_FLOOR_RMS)
            assert (db < bar) == loud, (voice, text, condition, db)
    audio = degrade(synth(texts[0], VOICES[0], seed=3), "babble10", seed=3)
    assert recognizer.decode(audio).features["snr"] == loudness_range_db(audio, NOISE_FLOOR_RMS)
    assert loudness_range_db(np.zeros(16000, dtype=np.int16), NOISE_FLOOR_RMS) == 0.0


def test_in_a_loud_room_a_sure_ask_is_asked_back() -> None:
    """``confirm_loud`` on real speech: with bars that play any whole sentence at once, an ask said in a quiet room
    is played, the same ask under white noise 10 dB below it is asked back for the room ("a loud room", and the
    result says it was heard in one: ``Recognition.loud``), and without the rule it would have been played there
    too. (What the shipped bars do is the bench's business.)"""
    from dataclasses import replace

    from voicefish.audio.confidence import DEFAULT_MODEL, LOUD_ROOM

    eager = replace(
        DEFAULT_MODEL, accept=0.05, accept_adapted=0.05, confirm=0.01, confirm_noisy=0.01, confirm_loud=True
    )
    careful = SphinxRecognizer(CTX, confidence=eager)
    careless = SphinxRecognizer(CTX, confidence=replace(eager, confirm_loud=False))
    checked = 0
    for i, voice in enumerate(VOICES[:6]):
        clean = synth("leo do you have any sevens", voice, seed=i)
        quiet = careful.decode(clean)
        loud_audio = degrade(clean, "white10", seed=i)
        loud = careful.decode(loud_audio)
        if quiet.intent != Ask("Leo", Rank.SEVEN) or loud.intent != Ask("Leo", Rank.SEVEN):
            continue  # misheard: another test's business
        checked += 1
        assert not quiet.confirm and not quiet.loud, (voice, quiet)
        assert loud.confirm and loud.reason == LOUD_ROOM and loud.loud, (voice, loud)
        assert not careless.decode(loud_audio).confirm, voice
    assert checked >= 3


def test_wrong_moves_are_not_played_without_confirmation(decoded: list[Case]) -> None:
    moves = [c for c in decoded if c.condition != "chatter"]
    wrong = [
        c
        for c in moves
        if c.result is not None
        and not isinstance(c.result.intent, NoIntent)
        and c.result.intent != c.expected
        and not c.result.confirm
    ]
    wrong_moves = [c for c in wrong if c.result is not None and is_move(c.result.intent)]
    assert len(wrong_moves) <= 1, [(c.text, c.result.text if c.result else "") for c in wrong_moves]
    assert len(wrong) <= 2, [(c.text, c.result.text if c.result else "") for c in wrong]  # + misheard questions


def test_chatter_is_not_taken_as_a_move(decoded: list[Case]) -> None:
    chatter = [c for c in decoded if c.condition == "chatter"]
    played = [c for c in chatter if c.result is not None and not isinstance(c.result.intent, NoIntent)]
    unconfirmed = [c for c in played if c.result is not None and is_move(c.result.intent) and not c.result.confirm]
    assert len(unconfirmed) <= 1, [(c.text, c.result.text if c.result else "") for c in unconfirmed]
    assert len(played) <= 4, [(c.text, c.result.text if c.result else "") for c in played]


def test_results_are_well_formed(decoded: list[Case]) -> None:
    for c in decoded:
        r = c.result
        assert r is not None
        assert 0.0 <= r.confidence <= 1.0
        assert r.decode_ms > 0
        if isinstance(r.intent, NoIntent):
            assert not r.confirm
        assert all(w.confidence is None or 0.0 <= w.confidence <= 1.0 for w in r.words)
        assert r.text == " ".join(w.word for w in r.words)


def test_a_half_sentence_is_decoded_again_for_the_best_whole_one(recognizer: SphinxRecognizer) -> None:
    """Short commands in noise: pocketsphinx's best path through its word lattice often stops inside a longer
    sentence ("tell" for "help", "sam do" for "sam twos") and was rejected as a half sentence. The retry's
    second search keeps the best path that ends a sentence. Measured here: 21 of 64 heard right with it,
    9 without (unadapted; the bench has the game's numbers)."""
    plain = SphinxRecognizer(CTX, retry_whole=False)
    with_retry = without = retried = 0
    for text in ("help", "pause", "sam twos", "leo jacks"):
        for condition in ("babble20", "white10"):
            for i, voice in enumerate(VOICES):
                audio = degrade(synth(text, voice, seed=i), condition, seed=i)
                r, p = recognizer.decode(audio), plain.decode(audio)
                with_retry += r.text == text
                without += p.text == text and bool(p.features["complete"])
                if not r.features.get("retried"):
                    assert r.text == p.text  # a whole best path is left alone
                    assert r.confidence == pytest.approx(p.confidence, abs=0.01)
                    continue
                retried += 1
                assert not p.features["complete"] and p.text and p.text != r.text
                assert r.text in recognizer.sentences and r.features["complete"] and r.features["posterior"] == 0
                assert -15.0 < r.features["acoustic"] < 0.0  # scored on the same scale as the first pass
                if is_move(r.intent):
                    assert r.confirm, (text, r.text)  # never played at once
    assert retried >= 20, retried
    assert with_retry >= without + 8 and with_retry >= 16, (with_retry, without)


def test_threes_said_with_a_t_or_an_f_are_heard_as_threes(recognizer: SphinxRecognizer) -> None:
    """Many players say "th" as "t" (Caribbean, Irish, West African English) and young children say it as "f":
    "trees", "frees". The table's closed grammar hears them as threes without pronunciations of their own
    (measured: 46 and 45 of these 48 right; 45 said as written; adding "T R IY Z" and "F R IY Z" to the
    dictionary changed nothing on the bench, asr.md)."""
    parser = Parser(CTX)
    texts = ("ask sam for threes", "priya give me all your threes", "got any threes leo")
    for accent in ("th-stop", "th-front"):
        right = 0
        for i, voice in enumerate(VOICES):
            for j, text in enumerate(texts):
                r = recognizer.decode(synth(accented(text, accent), voice, seed=i * 7 + j))
                right += bool(r.features["complete"]) and parser.parse(r.text).intent == parser.parse(text).intent
        assert right >= 43, (accent, right)


def test_hand_never_turns_an_ask_into_another_rank(recognizer: SphinxRecognizer) -> None:
    asks = [("leo do you have any sevens", Rank.SEVEN), ("sam give me all your kings", Rank.KING)]
    asks += [("ask priya for threes", Rank.THREE), ("got any queens leo", Rank.QUEEN)]
    try:
        for i, (text, rank) in enumerate(asks):
            audio = synth(text, TUNING_VOICES[i])
            recognizer.set_hand(None)
            free = recognizer.decode(audio)
            recognizer.set_hand({r for r in RANKS if r != rank})  # holds everything but the rank asked for
            weighed = recognizer.decode(audio)
            assert weighed.text == free.text
            if isinstance(weighed.intent, Ask):
                assert isinstance(free.intent, Ask) and weighed.intent.rank == free.intent.rank
                if weighed.intent.rank == rank:
                    assert weighed.confirm and weighed.reason == "rank not in hand"
            recognizer.set_hand({rank})
            held = recognizer.decode(audio)
            assert held.intent == free.intent
    finally:
        recognizer.set_hand(None)


def test_exact_digital_silence_and_empty_audio(recognizer: SphinxRecognizer) -> None:
    texts = ["priya do you have any jacks", "what's the score", "ask leo for sevens", "sam give me all your fives"]
    heard = 0
    parser = Parser(CTX)
    for i, text in enumerate(texts):
        audio = synth(text, TUNING_VOICES[i], floor_dbfs=None)  # exact zeros around the speech
        assert int(np.count_nonzero(audio == 0)) > 1000
        r = recognizer.decode(audio)
        heard += parser.parse(r.text).intent == parser.parse(text).intent
    assert heard >= 3
    for silence in (np.zeros(16_000, dtype=np.int16), np.zeros(10, dtype=np.int16)):
        r = recognizer.decode(silence)
        assert isinstance(r.intent, NoIntent) and not r.confirm and r.text == ""


def test_a_new_table_with_an_unknown_name() -> None:
    rec = SphinxRecognizer(TableContext(("Chidi", "Sam", "Leo"), me="Sam"))
    assert rec.pronunciations["chidi"][1] in ("espeak-ng", "spelling")
    parser = Parser(TableContext(("Chidi", "Sam", "Leo"), me="Sam"))
    hits = 0
    for i, voice in enumerate(TUNING_VOICES[:4]):
        r = rec.decode(synth("chidi do you have any jacks", voice, seed=i))
        hits += parser.parse(r.text).intent == Ask("Chidi", Rank.JACK)
    assert hits >= 2
    rec.set_table(TableContext(("Sam", "Leo"), me="Sam"))
    assert all("chidi" not in s for s in rec.sentences)
    r = rec.decode(synth("chidi do you have any jacks", TUNING_VOICES[0]))
    assert not (isinstance(r.intent, Ask) and r.intent.target == "Chidi")


def _stream(rec: SphinxRecognizer, audio: np.ndarray, block: int = 480) -> Recognition | None:
    rec.begin()
    for i in range(0, len(audio), block):
        rec.feed(audio[i : i + block])
    rec.end(keep=True)
    return rec.streamed(audio)


def _warm(rec: SphinxRecognizer) -> None:
    """One whole-utterance decode: the streaming decoder starts from its mean (as the first utterance in a game)."""
    rec.decode(synth("priya do you have any jacks", TUNING_VOICES[2]))


def test_decoding_while_spoken_hears_what_whole_utterance_decoding_hears(decoded: list[Case]) -> None:
    rec = SphinxRecognizer(CTX)
    _warm(rec)
    parser = Parser(CTX)
    clean = [c for c in decoded if c.condition == "clean"][:24]
    right = agree = whole = 0
    for i, c in enumerate(clean):
        audio = synth(c.text, c.voice, seed=decoded.index(c))
        streamed = _stream(rec, audio, block=480 if i % 2 else 1600)  # the listener's blocks, and bigger ones
        if streamed is None:  # a half sentence: the game decodes it whole, with the retry
            assert rec.retry_whole
            streamed = rec.decode(audio)
        assert c.result is not None
        heard = parser.parse(streamed.text).intent if streamed.features.get("complete") else NoIntent()
        right += heard == c.expected
        whole += _heard(c) == c.expected
        agree += streamed.text == c.result.text
    # measured: 19/24 right streamed, 20/24 whole, 20/24 the same words (bench, 480 utterances: 96 % vs 97 % clean)
    assert right >= min(whole - 2, 20), (right, whole)
    assert agree >= 16, agree


def test_a_streamed_result_is_only_given_for_the_audio_that_was_fed(recognizer: SphinxRecognizer) -> None:
    a = synth("leo do you have any kings", TUNING_VOICES[0])
    b = synth("sam give me all your fives", TUNING_VOICES[1])
    rec = SphinxRecognizer(CTX)
    assert _stream(rec, a) is None  # the first utterance of a session is decoded whole: nothing learnt yet
    first = _stream(rec, a)  # that one taught the live mean (over 1 s of speech)
    assert first is not None
    assert first.intent == Ask("Leo", Rank.KING), first.text
    warmed = SphinxRecognizer(CTX)
    _warm(warmed)  # a whole-utterance decode hands its mean over
    from_whole = _stream(warmed, a)
    assert from_whole is not None
    assert from_whole.intent == Ask("Leo", Rank.KING), from_whole.text
    assert rec.streamed(a) is None  # given once
    rec.begin()
    rec.feed(a)
    rec.end(keep=True)
    assert rec.streamed(np.concatenate([a, b])) is None  # two utterances joined: decode that instead
    rec.begin()
    rec.feed(a)
    rec.end(keep=False)  # dropped by the listener
    assert rec.streamed(a) is None
    rec.begin()
    rec.feed(a[:8000])
    rec.set_table(TableContext(("Priya", "Sam", "Leo"), me="Priya"))  # a new table mid-utterance drops it
    rec.end(keep=True)
    assert rec.streamed(a[:8000]) is None
    again = _stream(rec, b)
    assert again is not None
    assert again.intent == Ask("Sam", Rank.FIVE), again.text
    silent = np.zeros(16_000, dtype=np.int16)
    nothing = _stream(rec, silent)
    assert nothing is not None and isinstance(nothing.intent, NoIntent) and not nothing.confirm


def test_while_confirming_only_yes_no_and_quit_can_be_heard() -> None:
    from voicefish.speech.intents import No, Quit, Yes

    rec, full = SphinxRecognizer(CTX), SphinxRecognizer(CTX)
    _warm(rec)
    rec.expect("confirm")
    answers = [("yes", Yes), ("yeah", Yes), ("that's right", Yes), ("no", No), ("nope", No), ("quit", Quit)]
    heard = heard_full = 0
    for i, (text, kind) in enumerate(answers):
        for voice in (TUNING_VOICES[i % 4], HOLDOUT_VOICES[i % 4]):
            audio = synth(text, voice, seed=i)
            r = rec.decode(audio)
            assert isinstance(r.intent, Yes | No | Quit | NoIntent), r  # never an ask or a question
            assert not r.confirm, r  # an answer is taken or not heard, never itself confirmed
            heard += isinstance(r.intent, kind)
            heard_full += isinstance(full.decode(audio).intent, kind)
            streamed = _stream(rec, audio)
            if streamed is None:  # a half sentence: the game decodes it whole, with the retry
                streamed = rec.decode(audio)
            assert isinstance(streamed.intent, Yes | No | Quit | NoIntent), streamed
    # measured: 9 of 12 with only the answers, 7 of 12 with every sentence of the table ("quit" -> "wait")
    assert heard >= 8 and heard >= heard_full, (heard, heard_full)
    ask = synth("leo do you have any kings", TUNING_VOICES[0])
    assert not isinstance(rec.decode(ask).intent, Ask)
    rec.expect("turn")
    assert rec.decode(ask).intent == Ask("Leo", Rank.KING)
    streamed = _stream(rec, ask)
    assert streamed is not None
    assert streamed.intent == Ask("Leo", Rank.KING), streamed.text


def test_the_rare_answers_noise_was_forced_into_are_in_no_word_graph() -> None:
    """ "absolutely", "exit the game", …: noise and babble were decoded as them (a "yes" or a quit out of nowhere);
    outside a confirmation they only ever got a reply, so neither graph has them (typed play still does)."""
    from voicefish.audio.sphinx import CONFIRM_ANSWERS, CONFIRM_LEFT_OUT
    from voicefish.speech.grammar import load_grammar
    from voicefish.speech.parser import Parser

    rare = {
        s
        for s, intent in load_grammar("en").sentences(CTX)
        if isinstance(intent, CONFIRM_ANSWERS) and set(s.split()) & CONFIRM_LEFT_OUT
    }
    assert {"absolutely", "exit the game", "of course"} <= rare
    rec = SphinxRecognizer(CTX)
    _warm(rec)
    for kind in ("turn", "confirm"):
        rec.expect(kind)
        for i, text in enumerate(("absolutely", "exit the game", "of course")):
            heard = rec.decode(synth(text, TUNING_VOICES[i], seed=i)).text
            assert heard not in rare, (kind, text, heard)
    assert Parser(CTX).parse("absolutely").intent == Yes()  # still understood when typed
