"""The table's voice ears on a scripted microphone: real espeak speech, the real endpointer and recognizer."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pytest

from testspeech.espeak import TUNING_VOICES, babble, espeak_available, synth
from voicefish.audio.recognizer import Recognition
from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import Heard, ListenRequest
from voicefish.table.voice import VoiceEars

pytestmark = [
    pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)"),
    pytest.mark.slow,
]

REQUEST = ListenRequest(
    speaker="Sam",
    players=("Sam", "Leo", "Ann"),
    hand=(Rank.SEVEN, Rank.KING),
    rules=RuleSet(),
)


def silence(seconds: float) -> np.ndarray:
    return np.random.default_rng(3).normal(0, 4, int(16000 * seconds)).astype(np.int16)


class FedCount:
    """A scripted streaming recognizer's sink side: counts the samples fed to the utterance going on."""

    fed = 0

    def begin(self) -> None:
        self.fed = 0

    def feed(self, samples: npt.NDArray[np.int16]) -> None:
        self.fed += len(samples)

    def end(self, keep: bool) -> None: ...


class TwoParts(FedCount):
    """A scripted streaming recognizer for speech said in two parts: ``first`` until the stream has reached sample
    ``rest_heard`` (where the rest is heard), ``whole`` from then on."""

    def __init__(self, source: Any, rest_heard: int, first: Recognition, whole: Recognition) -> None:
        self.source, self.rest_heard, self.first, self.whole = source, rest_heard, first, whole

    def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
        return self.first if self.source.position < self.rest_heard else self.whole

    def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        return self.decode(audio)


def _two_parts(
    audio: npt.NDArray[np.int16], rest_heard: int, first: Recognition, whole: Recognition
) -> tuple[Any, TwoParts]:
    """A listener on ``audio`` (read as it comes) whose sink is a :class:`TwoParts` recognizer."""
    from voicefish.audio.listen import ArraySource, Listener

    source = ArraySource(audio)
    listener = Listener(source)
    rec = TwoParts(source, rest_heard, first, whole)
    listener.detector.sink = rec
    return listener, rec


def _floors_seen(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    """The levels the table's waits for the rest of an answer or an ask ask for (``voice_floor``: only in a loud
    room), as they are asked for."""
    from voicefish.table import voice as table_voice

    floors: list[float | None] = []
    own_floor = table_voice.voice_floor

    def floor_seen(listener: Any, utterance: Any) -> float | None:
        floors.append(own_floor(listener, utterance))
        return floors[-1]

    monkeypatch.setattr(table_voice, "voice_floor", floor_seen)
    return floors


def ears_for(audio: np.ndarray, realtime: bool = False, recognizer: Any = None) -> VoiceEars:
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer

    return VoiceEars(
        Listener(ArraySource(audio, realtime=realtime)),
        recognizer or SphinxRecognizer(),
        timeout=3.0,
    )


def test_an_ask_is_heard_and_silence_is_none() -> None:
    audio = np.concatenate([silence(0.5), synth("leo do you have any kings", TUNING_VOICES[0]), silence(2.0)])
    ears = ears_for(audio)
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.KING)
    assert ears.listen(REQUEST) is None  # nothing more was said: no answer
    assert not ears.heard_only_the_room  # and nobody else talked


@pytest.mark.parametrize(("condition", "loud"), [("clean", False), ("babble20", False), ("white10", True)])
def test_the_room_is_told_loud_or_quiet_by_its_own_level_not_by_the_close_cut_utterance(
    condition: str, loud: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listener cuts an ask so close to its words that the utterance's own quiet frames are speech: measured
    inside it, a quiet room read 15–24 dB, "loud". The ears give the recognizer the room's level heard before the
    ask, so the loudness range the confidence model reads matches the room's, and the table hears whether the room
    was loud (``Heard.loud``)."""
    from testspeech.espeak import HOLDOUT_VOICES, degrade
    from voicefish.audio.confidence import DEFAULT_MODEL, Decision, Evidence, decide
    from voicefish.audio.sphinx import decoder

    seen: list[float] = []

    def spy(intent: it.Intent, evidence: Evidence, **kw: Any) -> Decision:
        seen.append(evidence.snr)
        return decide(intent, evidence, **kw)

    monkeypatch.setattr(decoder, "decide", spy)
    bar = DEFAULT_MODEL.noisy_below_db
    for i, voice in enumerate([*TUNING_VOICES[:2], *HOLDOUT_VOICES[:2]]):
        speech = synth(("leo do you have any kings", "ann sevens")[i % 2], voice, seed=i)
        audio = degrade(np.concatenate([silence(1.5), speech, silence(1.5)]), condition, seed=i)
        seen.clear()
        heard = ears_for(audio).listen(REQUEST)
        assert heard is not None and seen, (voice, condition)
        assert (seen[-1] < bar) == loud, (voice, condition, seen[-1])
        assert heard.loud == loud, (voice, condition)  # what the table is told (Heard.loud)


def test_the_ears_wait_only_as_long_as_the_request_asks() -> None:
    """``ListenRequest.patience`` (the table's short wait after table talk) replaces the ears' own timeout."""
    from dataclasses import replace

    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer

    audio = np.concatenate([silence(1.5), synth("leo do you have any kings", TUNING_VOICES[0]), silence(1.0)])

    def ears(timeout: float) -> VoiceEars:  # a microphone paced like a real one: the wait is in seconds
        return VoiceEars(Listener(ArraySource(audio, realtime=True)), SphinxRecognizer(), timeout=timeout)

    assert ears(8.0).listen(replace(REQUEST, patience=0.5)) is None  # the ask began after 1.5 s
    heard = ears(0.5).listen(replace(REQUEST, patience=3.0))
    assert heard is not None and heard.intent == it.Ask("Leo", Rank.KING)


def test_a_repeated_prompt_is_not_closed_on_a_last_word_run_on_into_the_quiet() -> None:
    """The voice check's replies are learnt from, not played: while the player repeats a prompt the listener does
    not tell the recognizer how long it has heard quiet (a last word the decoder runs on into it would count as
    finished, and the check of a hard voice kept fewer prompts so: test_the_voice_check_teaches_...). Any other
    listen does, unless the listener was set up without it."""
    from dataclasses import replace

    from voicefish.audio.listen import ArraySource, Listener, UtteranceDetector
    from voicefish.audio.sphinx import SphinxRecognizer

    told: list[bool] = []

    def listening(listener: Listener) -> None:
        listen = listener.listen

        def spy(*args: object, **kwargs: object) -> object:
            told.append(listener.detector.tell_quiet)
            return listen(*args, **kwargs)  # type: ignore[arg-type]

        listener.listen = spy  # type: ignore[method-assign,assignment]

    ears = ears_for(silence(0.5))
    listening(ears.listener)
    for request in (REQUEST, replace(REQUEST, repeating=True, prompt="leo do you have any kings"), REQUEST):
        assert ears.listen(request) is None
    assert told == [True, False, True]
    told.clear()
    plain = VoiceEars(Listener(ArraySource(silence(0.5)), UtteranceDetector(tell_quiet=False)), SphinxRecognizer())
    listening(plain.listener)
    for request in (REQUEST, replace(REQUEST, repeating=True)):
        plain.listen(request)
    assert told == [False, False]


def test_ears_that_heard_only_the_rooms_talk_say_so() -> None:
    """Other people talking all the time, and the player silent: no answer, and the ears know it was the room's
    talk they left alone (the table then asks the player to speak up)."""
    from voicefish.audio.listen import ArraySource, Listener, UtteranceDetector
    from voicefish.audio.sphinx import SphinxRecognizer

    room = babble(4 * 16000, seed=5)
    room *= 1500 / float(np.sqrt(np.mean(room**2)))
    source = ArraySource(np.clip(room, -32768, 32767).astype(np.int16), realtime=True)
    ears = VoiceEars(Listener(source, UtteranceDetector(max_seconds=1.0)), SphinxRecognizer(), timeout=2.5)
    assert ears.listen(REQUEST) is None
    assert ears.heard_only_the_room


def test_a_name_then_a_pause_is_joined_to_the_rest() -> None:
    name = synth("leo", TUNING_VOICES[1], pad_s=0.0)
    rest = synth("do you have any sevens", TUNING_VOICES[1], pad_s=0.0)
    audio = np.concatenate([silence(0.5), name, silence(0.45), rest, silence(2.0)])
    heard = ears_for(audio).listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.SEVEN), heard.text


def test_the_ears_decode_while_the_player_speaks() -> None:
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer

    class Counting(SphinxRecognizer):
        whole = 0

        def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
            Counting.whole += 1
            return super().decode(audio)

    ask = synth("leo do you have any kings", TUNING_VOICES[0])
    name = synth("leo", TUNING_VOICES[1], pad_s=0.0)
    rest = synth("do you have any sevens", TUNING_VOICES[1], pad_s=0.0)
    first = synth("ann do you have any sevens", TUNING_VOICES[2])
    audio = np.concatenate(
        [silence(0.5), first, silence(1.0), ask, silence(1.0), name, silence(0.45), rest, silence(2)]
    )
    listener = Listener(ArraySource(audio))
    ears = VoiceEars(listener, Counting(), timeout=3.0)
    assert listener.detector.sink is not None and listener.detector.sink is cast(object, ears.recognizer)
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Ann", Rank.SEVEN), heard.text
    assert Counting.whole == 1  # the first utterance of a session is decoded whole (the live mean learns from it)
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.KING), heard.text
    assert Counting.whole == 1  # decoded as it came: nothing left to decode at the end
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.SEVEN), heard.text
    # "leo ... do you have any sevens" was joined; the name was fed again as the rest began: decoded as it came too
    assert Counting.whole == 1
    plain = VoiceEars(Listener(ArraySource(audio)), SphinxRecognizer(), timeout=1.0, stream=False)
    assert plain.listener.detector.sink is None


def test_while_confirming_the_ears_hear_only_answers() -> None:
    from dataclasses import replace

    confirm = replace(REQUEST, expecting="confirm", prompt="Leo, for kings?")
    yes = synth("yes", TUNING_VOICES[0], pad_s=0.0)
    ask = synth("leo do you have any kings", TUNING_VOICES[0], pad_s=0.0)
    # (in real time: the rest of an answer is waited for a moment, by the clock)
    ears = ears_for(np.concatenate([silence(0.5), yes, silence(1.5), ask, silence(2.0), ask, silence(2.0)]), True)
    heard = ears.listen(confirm)
    assert heard is not None and isinstance(heard.intent, it.Yes), heard
    heard = ears.listen(confirm)
    assert heard is None or not isinstance(heard.intent, it.Ask), heard  # an ask cannot be heard now
    heard = ears.listen(REQUEST)  # the turn again: everything can be said
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.KING), heard.text


def test_a_short_whole_ask_is_not_held_back_waiting_for_more() -> None:
    """The joining logic with a scripted streaming recognizer (the real one is exercised above): a short
    utterance already understood as a whole move is answered at once; one that is not waits for the rest, which
    is joined to it (and, fed the first part again, the recognizer has decoded the two as one)."""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.speech.grammar import TableContext

    class Scripted(FedCount):
        def __init__(self) -> None:
            self.decoded: list[float] = []
            self.shorts = 0

        def set_table(self, ctx: TableContext, hand: object = None) -> None: ...

        def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
            if len(audio) != self.fed:
                return None
            short = len(audio) < 16000  # scripted: the first short one is not understood, later ones are
            self.shorts += short
            intent = it.Ask("Leo", Rank.KING) if short and self.shorts > 1 else it.NoIntent()
            return Recognition(f"streamed {len(audio)}", intent, 0.95, False)

        def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
            self.decoded.append(len(audio) / 16000)
            return Recognition("whole", it.NoIntent(), 0.0, False)

    from testspeech.espeak import Voice

    quick = synth("leo kings", Voice("en-us+m3", 240, 50), pad_s=0.0)  # said fast: shorter than SHORT_UTTERANCE
    more = synth("ann do you have any sevens", TUNING_VOICES[0], pad_s=0.0)
    audio = np.concatenate(
        [silence(0.5), quick, silence(0.6), more, silence(1.5), quick, silence(0.6), more, silence(2)]
    )
    rec = Scripted()
    ears = VoiceEars(Listener(ArraySource(audio)), rec, timeout=3.0)
    # not understood as a whole (scripted: the first one): waits, joined; the recognizer was fed the first part
    # again as the second began, so the joined audio was decoded while spoken (nothing decoded whole)
    heard = ears.listen(REQUEST)
    assert heard is not None and heard.text.startswith("streamed ") and rec.decoded == []
    assert int(heard.text.split()[1]) > len(quick) + 16000  # the joined audio
    heard = ears.listen(REQUEST)  # understood as a whole while spoken: answered without waiting for more
    assert heard is not None and heard.intent == it.Ask("Leo", Rank.KING)
    heard = ears.listen(REQUEST)  # what followed is its own utterance, also decoded while spoken
    assert heard is not None and heard.text.startswith("streamed ")
    assert int(heard.text.split()[1]) < len(more) + 8000 and rec.decoded == []


def test_the_ears_teach_the_recognizer_each_players_voice() -> None:
    """The ears tell an adapting recognizer who speaks, and, when the table says a result was acted on as meant,
    hand it that utterance's audio and text (the real recognizer's learning is tested in tests/audio)."""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.recognizer import AdaptingRecognizer
    from voicefish.audio.sphinx import SphinxRecognizer

    class Recording(SphinxRecognizer):
        def __init__(self) -> None:
            super().__init__()
            self.speakers: list[str] = []
            self.learnt: list[tuple[str, int, str]] = []
            self.heard: list[str | None] = []

        def set_speaker(self, speaker: str) -> None:
            self.speakers.append(speaker)
            super().set_speaker(speaker)

        def learn(self, speaker: str, audio: npt.NDArray[np.int16], text: str, heard: str | None = None) -> None:
            self.learnt.append((speaker, len(audio), text))
            self.heard.append(heard)

    first = synth("leo do you have any kings", TUNING_VOICES[0])
    second = synth("ann do you have any sevens", TUNING_VOICES[0])
    audio = np.concatenate([silence(0.5), first, silence(1.5), second, silence(2.0)])
    rec = Recording()
    assert isinstance(rec, AdaptingRecognizer)
    ears = VoiceEars(Listener(ArraySource(audio)), rec, timeout=3.0)
    a = ears.listen(REQUEST)
    b = ears.listen(ListenRequest(speaker="Leo", players=REQUEST.players, hand=REQUEST.hand, rules=REQUEST.rules))
    assert a is not None and b is not None and rec.speakers == ["Sam", "Leo"]
    ears.understood(a)
    ears.understood(Heard(a.intent, a.text))  # not a result these ears gave: nothing to learn from
    assert len(rec.learnt) == 1
    speaker, samples, text = rec.learnt[0]
    assert speaker == "Sam" and text == a.text == "leo do you have any kings"
    assert abs(samples - len(first)) < 16000  # the utterance as the listener cut it
    assert rec.heard == [None]  # acted on as meant: no prompt to check it against
    ears.understood(b, said="leo do you have any kings")  # the voice check: what was asked, and what was heard
    assert rec.learnt[-1] == ("Leo", rec.learnt[-1][1], "leo do you have any kings")
    assert rec.heard[-1] == b.text


def test_the_voice_check_teaches_the_recognizer_a_hard_voice() -> None:
    """The table's voice check through real ears and the real recognizer: a player the shipped model mishears
    repeats the prompts (one reply is table talk instead); the recognizer keeps the prompts said — misheard ones
    too — but not the table talk, and hears that player's other asks better afterwards."""
    from tests.audio.test_adapt import HARD, asks, right
    from tests.table.tablekit import make_table
    from voicefish.audio import adapt
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.speech.grammar import TableContext
    from voicefish.table import voicecheck
    from voicefish.table.loop import SeatSpec, TableLoop

    if not adapt.available():
        pytest.skip("this pocketsphinx build does not allow adaptation")
    names = ("Mateo", "Priya", "Sam", "Leo")
    said = voicecheck.prompts(names, "Mateo", 9)
    replies = [p.sentence for p in said]
    replies[4] = "sam is so lucky with those kings"  # table talk instead of the fifth prompt
    parts = [silence(0.5)]
    for k, text in enumerate(replies):
        parts += [synth(text, HARD, seed=300 + k), silence(1.3)]
    rec = SphinxRecognizer()
    ears = VoiceEars(Listener(ArraySource(np.concatenate(parts))), rec, timeout=3.0)
    assert ears.learning
    seats = [SeatSpec("Mateo"), *(SeatSpec(n, "easy") for n in names[1:])]
    table = make_table([0])
    loop = TableLoop(seats, ears=ears, outputs=table.outputs, games=1, seed=3, voice_check=9)
    tests = asks(7, 20)
    rec.set_table(TableContext(names, me="Mateo"))
    rec.set_speaker("Mateo")
    before, _ = right(rec, tests, HARD)
    heard: list[str] = []
    listen = ears.listen

    def listening(request: ListenRequest) -> Heard | None:
        h = listen(request)
        heard.append(h.text if h is not None else "")
        return h

    ears.listen = listening  # type: ignore[method-assign]
    loop._prepare_voices()  # (no remembered voices: the check for the one human)
    rec.wait_adapted()
    assert [t for t in table.public_texts() if "please say" in t] == [f"Mateo, please say: {p.spoken}" for p in said]
    misheard = sum(h != r for h, r in zip(heard, replies, strict=True) if r in {p.sentence for p in said})
    assert misheard >= 2, heard  # the hard voice: several prompts were misheard, and still taught the recognizer
    kept = rec.learnt_count("Mateo")
    assert 6 <= kept <= 8, (heard, kept)  # (the table talk is not kept: tests/audio/test_adapt.py)
    assert rec.adapted.get("Mateo", 0) >= 6
    after, texts = right(rec, tests, HARD)
    assert after >= before + 3, f"after the voice check {after}/20, before {before}/20: {texts}"


def test_an_ask_of_a_player_out_of_cards_is_heard_as_theirs() -> None:
    """The table listens for every seated player, one out of cards too (``ListenRequest.out``): said aloud, an ask
    of them comes back naming them (the table then says they are out), never as another player's ask. Unadapted
    hold-out voices may go unheard ("Sorry, I didn't catch that"), but none is heard as asking someone else."""
    from testspeech.espeak import HOLDOUT_VOICES

    request = ListenRequest(
        speaker="Sam", players=("Sam", "Leo", "Ann"), hand=(Rank.TWO,), rules=RuleSet(), out=frozenset({"Ann"})
    )
    targets: dict[str, list[str | None]] = {"tuning": [], "holdout": []}
    for kind, voices in (("tuning", TUNING_VOICES[:4]), ("holdout", HOLDOUT_VOICES[:4])):
        for i, voice in enumerate(voices):
            for text in ("ann do you have any twos", "ann, any twos?"):
                said = synth(text, voice, seed=i)
                heard = ears_for(np.concatenate([silence(0.5), said, silence(1.5)])).listen(request)
                ask = heard.intent if heard is not None and isinstance(heard.intent, it.Ask) else None
                targets[kind].append(ask.target if ask is not None else None)
    assert targets["tuning"].count("Ann") >= 7, targets
    assert {t for ts in targets.values() for t in ts} <= {"Ann", None}, targets


@pytest.mark.parametrize("turn", [True, False])
def test_a_yes_heard_at_a_turn_waits_for_the_rest(turn: bool) -> None:
    """Nothing was asked on a turn, so a yes or a no is no answer: measured, pocketsphinx heard "Do you have any
    threes," (closed at its comma) as "yup that's right", and the game told the player there was nothing to answer
    as they said "Priya". At a turn it waits for more the same way as for an unfinished ask; elsewhere (a pause)
    a yes is taken as it is. The joining with a scripted streaming recognizer: the first part is a yes, the two as
    one are an ask."""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.table.voice import listen_joining

    first = synth("do you have any threes", TUNING_VOICES[0], pad_s=0.0)
    rest = synth("leo", TUNING_VOICES[0], pad_s=0.0)

    class Scripted(FedCount):
        def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
            if len(audio) < len(first) + len(rest) // 2:
                return Recognition("yup that's right", it.Yes(), 0.9, False)
            return Recognition("do you have any threes leo", it.Ask("Leo", Rank.THREE), 0.9, False)

        def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
            return self.streamed(audio) or Recognition("", it.NoIntent(), 0.0, False)

    rec = Scripted()
    listener = Listener(ArraySource(np.concatenate([silence(0.5), first, silence(0.6), rest, silence(2.0)])))
    listener.detector.sink = rec
    heard = listen_joining(listener, cast(Any, rec), 2.0, turn=turn)
    assert heard is not None and heard.streamed is not None
    assert heard.streamed.intent == (it.Ask("Leo", Rank.THREE) if turn else it.Yes())


@pytest.mark.parametrize("voice", ["piper-joe", "flite-slt"])
def test_in_a_loud_room_a_yes_heard_at_a_turn_waits_for_the_rest_at_the_players_level(
    voice: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule above held only in a quiet room, and in babble the first half of an ask closed at its comma and
    written as a yes was replied to before the player went on (the voice-game bench, session 52: "That's nothing to
    answer" over "... Fatima?"). In a loud room the rest is waited for at the player's level, as for an answer:
    their words reach it. Realistic speech, a realistic babble 10 dB under it all; the first part scripted as a
    yes (what Whisper wrote), the two as one an ask."""
    from testspeech import synth as say
    from testspeech.noise import babble as talkers
    from testspeech.noise import mix, trim
    from voicefish.table.voice import listen_joining

    floors = _floors_seen(monkeypatch)  # the level each wait for the rest asked for (only in a loud room)
    first = trim(say("do you have any threes,", voice, seed=4, pad_s=0.0))
    rest = trim(say("leo?", voice, seed=4, pad_s=0.0))
    parts = [silence(1.5), first, silence(0.8), rest, silence(3.0)]  # a pause of 0.8 s at the comma
    said = np.concatenate(parts)
    audio = mix(said, talkers(len(said), seed=5), 10.0)
    rest_heard = sum(len(p) for p in parts[:3]) + len(rest) // 2  # (where the stream is when the rest was heard)

    listener, rec = _two_parts(
        audio,
        rest_heard,
        Recognition("yes that's right", it.Yes(), 0.9, False),
        Recognition("do you have any threes leo", it.Ask("Leo", Rank.THREE), 0.9, False),
    )
    heard = listen_joining(listener, cast(Any, rec), 2.0, turn=True, names=("Sam", "Leo", "Ann"))
    assert heard is not None and heard.streamed is not None
    assert heard.streamed.intent == it.Ask("Leo", Rank.THREE), heard.streamed  # the rest, joined
    assert heard.joined  # (closed at the comma, then joined)
    assert floors and all(f is not None for f in floors), floors  # waited for as in a loud room


@pytest.mark.parametrize(
    ("room", "whisper", "rule", "repeating", "joined"),
    [
        ("quiet", False, True, False, True),  # the quicker ear alone: "give me a minute" waits for the rest
        ("quiet", True, True, False, False),  # Whisper's own text, sure: a command said whole, answered at once
        ("quiet", False, False, False, False),  # (the rule off: replied to before the player went on)
        ("quiet", False, True, True, False),  # a sentence of the voice check repeated: no ask is said there
        ("babble", False, True, False, True),  # in a loud room too, the rest waited for at the player's level
        ("babble", False, False, False, False),
    ],
)
def test_a_command_the_quicker_ear_heard_in_a_first_part_waits_for_the_rest(
    room: str, whisper: bool, rule: bool, repeating: bool, joined: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33, pocketsphinx listening alone (Whisper resting on a busy computer, or missing): the first half of
    "Give me your fours, ... Wen." closed at its comma pause and heard as "give me a minute" (a pause of the game,
    asked "Pause the game?") or "Priya, ..." as "hurry up", and the game replied before the player went on
    (``bench/quicker_ear_bench.py``: 21 of 90 hold-out asks in a quiet room, 37 in babble). A part that short the
    quicker ear heard as no ask waits for the rest (``QUICK_EAR_WAITS``, ``QUICK_EAR_IN_QUIET``); Whisper's own
    result does not (its rules are its own). Realistic speech with a 0.7 s pause, quiet or babble 10 dB under it all
    (after 5 s of the room, whose level the listener learns); the first part scripted as the command, the two as one
    the ask."""
    from testspeech import synth as say
    from testspeech.noise import babble as talkers
    from testspeech.noise import mix, trim
    from voicefish.table import voice as table_voice
    from voicefish.table.voice import listen_joining

    monkeypatch.setattr(table_voice, "QUICK_EAR_WAITS", rule)
    floors = _floors_seen(monkeypatch)
    first = trim(say("give me your fours,", "flite-slt", seed=7, pad_s=0.0))
    rest = trim(say("wen.", "flite-slt", seed=7, pad_s=0.0))
    parts = [silence(5.0), first, silence(0.7), rest, silence(3.0)]
    said = np.concatenate(parts)
    audio = mix(said, talkers(len(said), seed=8), 10.0) if room == "babble" else said
    rest_heard = sum(len(p) for p in parts[:3]) + len(rest) // 2
    features = {"avg_logprob": -0.2, "sphinx_acoustic": -1.0} if whisper else {"acoustic": -1.0}

    listener, rec = _two_parts(
        audio,
        rest_heard,
        Recognition("give me a minute", it.Pause(), 0.9, False, features=features),
        Recognition("give me your fours wen", it.Ask("Wen", Rank.FOUR), 0.9, False, features=features),
    )
    heard = None
    while heard is None or heard.utterance.end < 5.2:  # (the room alone, at first)
        heard = listen_joining(
            listener, cast(Any, rec), 6.0, turn=True, names=("Joe", "Fatima", "Wen"), repeating=repeating
        )
        assert heard is not None
    assert heard.streamed is not None
    assert heard.streamed.intent == (it.Ask("Wen", Rank.FOUR) if joined else it.Pause()), heard.streamed
    assert heard.joined is joined
    if room == "babble" and joined:
        assert floors and all(f is not None for f in floors), floors  # waited for as in a loud room


@pytest.mark.parametrize(
    ("whole", "first", "taken"),
    [
        (it.No(), it.Yes(), it.No()),  # the whole answer is an answer: it is taken
        (it.NoIntent(), it.No(), it.No()),  # "no, that's not it": the no the player began with stands
        (it.NoIntent(), it.Yes(), it.Yes()),  # "yes, ... (not understood)": a yes, but unsure (asked again)
        (it.NoIntent(), it.NoIntent(), it.NoIntent()),
    ],
)
def test_an_answer_heard_in_two_parts_stands_on_its_first_only_when_safe(
    whole: it.Intent, first: it.Intent, taken: it.Intent
) -> None:
    from voicefish.table.voice import answer_begun

    got = answer_begun(Recognition("whole", whole, 0.9, False), Recognition("first", first, 0.9, False))
    assert got.intent == taken
    assert got.confirm is (isinstance(whole, it.NoIntent) and isinstance(first, it.Yes))  # no move on an unsure yes


def test_in_a_loud_room_an_answer_is_not_joined_to_the_rooms_talk() -> None:
    """With babble 10 dB under the player the wait for the rest of an answer heard the room's talk (measured in the
    voice-game bench: replies 5-7 s late, a clear yes made unsure by the talk joined to it). In a loud room only
    speech at the player's level is the rest: a "yes" with the room's talk after it is taken as it is."""
    from dataclasses import replace

    from testspeech.espeak import degrade
    from voicefish.audio.listen import ArraySource

    confirm = replace(REQUEST, expecting="confirm", prompt="Leo, for kings?")
    yes = synth("yes", TUNING_VOICES[0], pad_s=0.0)
    audio = degrade(np.concatenate([silence(1.5), yes, silence(8.0)]), "babble10", seed=1)
    ears = ears_for(audio, True)
    heard = ears.listen(confirm)
    assert heard is not None and heard.text == "yes", heard  # (heard, if not surely: a loud room)
    source = ears.listener.source
    assert isinstance(source, ArraySource)
    listened = source.position / 16000 - 1.5 - len(yes) / 16000  # (the source, paced in real time)
    assert listened < 2.0, f"{listened:.1f} s of the room's talk after the yes were listened to before the reply"


@pytest.mark.parametrize(("voice", "answer", "seed"), [("piper-joe", "sure", 73112), ("piper-joe", "yeah", 73103)])
def test_in_a_room_that_talks_all_the_time_an_answer_is_replied_to_at_once(voice: str, answer: str, seed: int) -> None:
    """In a room that talks all the time the endpointer is in speech most of the time: the room's level is learnt
    from the little of it heard outside utterances, and after a restart at the player's voice from the talk before
    it alone (here 0.7-0.8 s of it). Under a second of it the room was taken for an unknown, so quiet, one, and the
    wait for the rest of an answer listened on in its talk: "Sure." replied to 6 s after its end, at the end of the
    stream (tuning voices, babble 10 dB, ``bench/answers_bench.py`` trials replayed; 4 of 45 answers there, 5 of 38
    replies 6-7 s late in a hold-out voice's game by voice, seed 329). The room is judged from 0.3 s of it now: the
    rest is waited for at the player's level, and the answer is replied to about a second after it ends. The
    game's own ear, realistic speech and babble."""
    from dataclasses import replace

    from tests.audio import default_ear
    from testspeech import synth as say
    from testspeech.noise import babble as talkers
    from testspeech.noise import mix, trim
    from voicefish.audio.listen import ArraySource

    def spoken(text: str, seed: int) -> np.ndarray:  # the voice's own silence around the words cut off
        return trim(say(text, voice, seed=seed, pad_s=0.0))

    parts = [silence(1.5), spoken("leo do you have any kings", seed), silence(2.0), spoken(answer, seed + 1)]
    parts.append(silence(6.0))
    said = np.concatenate(parts)
    ears = ears_for(mix(said, talkers(len(said), seed=seed + 7), 10.0), False, default_ear()[0])
    source = ears.listener.source
    assert isinstance(source, ArraySource)
    assert ears.listen(REQUEST) is not None
    heard = ears.listen(replace(REQUEST, expecting="confirm", prompt="Leo, for kings?"))
    end = sum(len(p) for p in parts[:4]) / 16000
    replied = source.position / 16000 - end  # (seconds of the stream read: the waits count audio heard)
    print(f"replied {replied:.2f} s after the answer's end; heard {heard}")
    assert heard is not None and isinstance(heard.intent, it.Yes), heard
    assert replied < 2.0, f"{replied:.1f} s of the room's talk after {answer!r} were listened to before the reply"


def test_in_a_loud_room_the_rest_of_an_ask_is_not_waited_for_through_the_rooms_talk() -> None:
    """A bare name heard at a turn waits for the rest of the ask, but in a loud room other people's talk kept the
    endpointer in speech and the wait went on to the detector's longest utterance (measured, flite awb in babble
    10 dB: "Fatima, any fours?" replied to 6.3 s after its end). The rest is waited for at most
    ``LOUD_JOIN_SECONDS`` (2.5 s) there, and the reply comes within about a second after."""
    from testspeech.espeak import degrade
    from voicefish.audio.listen import ArraySource

    leo = synth("leo", TUNING_VOICES[1], pad_s=0.0)
    audio = degrade(np.concatenate([silence(1.5), leo, silence(9.0)]), "babble10", seed=2)
    ears = ears_for(audio, True)
    ears.listen(REQUEST)
    source = ears.listener.source
    assert isinstance(source, ArraySource)
    listened = source.position / 16000 - 1.5 - len(leo) / 16000  # (the source, paced in real time)
    print(f"listened {listened:.1f} s")
    assert listened < 4.0, f"{listened:.1f} s of the room's talk after the name before the reply"


def test_in_a_loud_room_the_wait_after_table_talk_is_not_stretched_by_the_rooms_talk() -> None:
    """After something taken for table talk the table waits a moment (``patience``) before it says it did not catch
    it; in a loud room the room's talk kept the endpointer in speech and that wait went on to the detector's longest
    utterance (the voice-game bench in babble 10 dB: "Sorry, I didn't catch that." 6-7 s after the player's words).
    There the wait hears at most ``LOUD_JOIN_SECONDS`` (2.5 s) of speech."""
    from dataclasses import replace

    from testspeech.noise import babble, mix
    from voicefish.audio.listen import ArraySource

    talk = synth("pass the salt please", TUNING_VOICES[0], pad_s=0.0)
    said = np.concatenate([silence(1.5), talk, silence(12.0)])
    # realistic talkers all the time, 10 dB under the voice (seed 4: since Piper's takes are seeded, seed 3's babble
    # made this talk "that's not what i said", a no, and the wait after talk was not reached)
    audio = mix(said, babble(len(said), seed=4), 10.0)
    ears = ears_for(audio, True)
    source = ears.listener.source
    assert isinstance(source, ArraySource)
    first = ears.listen(REQUEST)
    assert first is not None and isinstance(first.intent, it.NoIntent), first
    heard_at = source.position / 16000
    ears.listen(replace(REQUEST, patience=2.5))
    waited = source.position / 16000 - heard_at  # (the source, paced in real time)
    print(f"waited {waited:.1f} s")
    assert waited < 4.0, f"the wait after table talk went on {waited:.1f} s"


@pytest.mark.parametrize(
    ("voice", "first", "rest"), [("piper-joe", "no,", "that's wrong"), ("flite-slt", "yes,", "that's right")]
)
def test_in_a_loud_room_the_rest_of_an_answer_is_waited_for_at_the_players_level(
    voice: str, first: str, rest: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An answer closed at its comma ("no, ... that's wrong") was replied to while the player was still speaking in
    a loud room: the rest was not waited for there, as the wait heard the room's talk (the voice-game bench in
    babble 10 dB: 5 of 8 replies before the player finished). Now the rest is waited for at the player's level
    (``VOICE_FLOOR_DB`` below their voice): their words reach it, the room's talk does not (the test just above: a
    lone "yes" in babble is still replied to at once). Realistic speech, a realistic babble 10 dB under it all, the
    game's own ear."""
    from dataclasses import replace

    from tests.audio import default_ear
    from testspeech import synth as say
    from testspeech.noise import babble as talkers
    from testspeech.noise import mix, trim
    from voicefish.audio.listen import ArraySource

    floors = _floors_seen(monkeypatch)  # the level each wait for the rest asked for (only in a loud room)

    def spoken(text: str) -> np.ndarray:  # the voice's own silence around the words cut off
        return trim(say(text, voice, seed=4, pad_s=0.0))

    ask, a, b = spoken("leo do you have any kings"), spoken(first), spoken(rest)
    parts = [silence(1.5), ask, silence(2.0), a, silence(0.8), b, silence(6.0)]  # a pause of 0.8 s at the comma
    said = np.concatenate(parts)
    audio = mix(said, talkers(len(said), seed=5), 10.0)
    ears = ears_for(audio, True, default_ear()[0])  # the game's own ear
    source = ears.listener.source
    assert isinstance(source, ArraySource)
    heard = ears.listen(REQUEST)
    assert heard is not None
    answer = ears.listen(replace(REQUEST, expecting="confirm", prompt="Leo, for kings?"))
    replied = source.position / 16000
    end = sum(len(p) for p in parts[:6]) / 16000
    print(f"replied {replied - end:+.2f} s after the end of the answer; heard {answer}")
    assert answer is not None and rest.rsplit(maxsplit=1)[-1] in answer.text.lower(), answer  # the rest, heard
    # what Whisper made of the answer in babble (a recognition matter, measured in the benches: "yes, ... that's
    # right" was written "Press, that's right." with CTranslate2's AVX2 kernels): the answer meant or nothing
    assert isinstance(answer.intent, (it.Yes if first == "yes," else it.No) | it.NoIntent), answer
    assert replied >= end, f"replied {end - replied:.2f} s before the player finished"
    assert replied < end + 2.0, f"replied {replied - end:.2f} s after the player finished"
    assert floors and all(f is not None for f in floors), floors  # the rest was waited for as in a loud room


def test_a_name_the_voice_check_heard_for_another_is_asked_back_for_that_speaker() -> None:
    """Measured in the voice-game bench (tuning voice flite kal16, a loud room): Whisper wrote this speaker's "Leo,
    ..." as "Priya, ..." in the voice check of all three games, and then played 1 to 6 asks to Priya meant for Leo,
    sure. When the check heard a prompt that names one player as naming another, the ears ask back every sure ask of
    that speaker to the other player (the table asks "Ann, for sevens?" before playing it); asks to other players,
    and other speakers' asks, are played as before. (The mishearing is staged here by saying the other name.)"""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.table.voice import NAME_MISTAKEN

    voice = TUNING_VOICES[0]
    said = ["ann do you have any kings", "ann do you have any sevens", "leo do you have any sevens"]
    said += ["ann do you have any sevens"]
    parts = [silence(0.5)]
    for text in said:
        parts += [synth(text, voice), silence(1.5)]
    ears = VoiceEars(Listener(ArraySource(np.concatenate([*parts, silence(1.0)]))), SphinxRecognizer(), timeout=3.0)
    check = ListenRequest("Sam", REQUEST.players, (), RuleSet(), prompt="Leo, do you have any kings?", repeating=True)
    heard = ears.listen(check)
    assert heard is not None and heard.intent == it.Ask("Ann", Rank.KING), heard
    ears.understood(heard, said="leo do you have any kings")  # the check: Leo asked for, Ann written
    to_ann = ears.listen(REQUEST)
    assert to_ann is not None and to_ann.intent == it.Ask("Ann", Rank.SEVEN), to_ann
    assert to_ann.confirm and to_ann.reason == NAME_MISTAKEN, to_ann
    to_leo = ears.listen(REQUEST)
    assert to_leo is not None and to_leo.intent == it.Ask("Leo", Rank.SEVEN) and not to_leo.confirm, to_leo
    other_speaker = ListenRequest("Leo", REQUEST.players, REQUEST.hand, RuleSet())
    theirs = ears.listen(other_speaker)
    assert theirs is not None and theirs.intent == it.Ask("Ann", Rank.SEVEN) and not theirs.confirm, theirs
