"""Issue 33: "Did you mean Fatima or Wen?" answered with the name alone. Real speech of tuning voices (Piper, flite,
festival): an ask, a pause, then a bare name, through the real listener and the game's own recognizer
(``make_recognizer("auto")``), and the table's policy (:func:`voicefish.table.policy.chosen`) completing the ask."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from testspeech import synth
from testspeech.noise import trim
from voicefish.audio import models as m
from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import Heard, ListenRequest
from voicefish.table.policy import chosen

pytestmark = [pytest.mark.slow, pytest.mark.audio]

REQUEST = ListenRequest(speaker="Joe", players=("Joe", "Fatima", "Wen"), hand=(Rank.FOUR, Rank.KING), rules=RuleSet())
OFFERED = Heard(it.Ambiguous(("Fatima", "Wen"), it.Ask("", Rank.FOUR)), "Fatima, any fours, Wen?")


def _silence(seconds: float) -> np.ndarray:
    return np.random.default_rng(3).normal(0, 4, int(16000 * seconds)).astype(np.int16)


def test_a_bare_name_said_after_the_question_completes_the_ask_and_never_with_the_other_name() -> None:
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    from tests.audio import default_ear
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.whisper import HybridRecognizer
    from voicefish.table.voice import VoiceEars

    recognizer = default_ear()[0]  # (once Whisper's median went over budget here and it rested: 3 of 6 names heard)
    assert isinstance(recognizer, HybridRecognizer)
    right, wrong = [], []
    for voice in ("piper-joe", "flite-kal16", "festival-kal"):
        for name in ("Fatima", "Wen"):
            said = [trim(synth(t, voice, seed=s, pad_s=0.0)) for s, t in ((1, "Fatima, any fours?"), (2, f"{name}."))]
            ask = VoiceEars(
                Listener(ArraySource(np.concatenate([_silence(1.0), said[0], _silence(4.0)]), realtime=False)),
                recognizer,
                timeout=3.0,
            )
            assert ask.listen(REQUEST) is not None  # the ask (its names are not this test's concern)
            # then the game asks "Did you mean Fatima or Wen?", and listens for the answer after it: the bare name.
            # (One stream with 1.5 s between them stood for that; an unsure ask that names no player now waits
            # for a trailing name, and flite kal16's "Fathom, any fours." was joined to the answer.)
            audio = np.concatenate([_silence(0.5), said[1], _silence(4.0)])
            ears = VoiceEars(Listener(ArraySource(audio, realtime=False)), recognizer, timeout=3.0)
            done = chosen(ears.listen(REQUEST), REQUEST, OFFERED)
            if done is not None and done.intent == it.Ask(name, Rank.FOUR):
                right.append((voice, name, done.confirm))
            elif done is not None:
                wrong.append((voice, name, done))
    assert not wrong, wrong
    assert len(right) >= 5, right


def test_the_quicker_ear_hears_a_name_or_a_rank_said_alone_when_the_table_asked_for_one() -> None:
    """pocketsphinx alone (Whisper resting on a busy computer, not installed, or ``--backend pocketsphinx``) hears
    only its grammar's paths: a name or a rank is no sentence, and it heard nothing in "Fatima." (a voice game at
    seed 317: "Did you mean Fatima or Wen? Just say the name." asked four times, "Fatima." heard as nothing every
    time). When the table asked for one (``ListenRequest.which``) it listens for them too, and the table completes
    the ask, asked back (pocketsphinx has no confidence for a word alone). Not at every turn: a short command in
    noise was heard as a bare rank ("help" as "four"). Tuning voices, quiet, the ear warm (an ask heard first)."""
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.table.policy import rank_for
    from voicefish.table.voice import VoiceEars

    def heard(recognizer: SphinxRecognizer, voice: str, text: str, request: ListenRequest, seed: int) -> Heard | None:
        said = trim(synth(text, voice, seed=seed, pad_s=0.0))
        audio = np.concatenate([_silence(0.5), said, _silence(3.0)])
        return VoiceEars(Listener(ArraySource(audio, realtime=False)), recognizer, timeout=3.0).listen(request)

    right = {False: [0, 0], True: [0, 0]}  # names, ranks
    for voice in ("piper-joe", "flite-kal16", "festival-kal"):
        for which in (False, True):
            recognizer = SphinxRecognizer()
            request = replace(REQUEST, which=which)
            assert heard(recognizer, voice, "Fatima, any fours?", REQUEST, 0) is not None
            for seed in (1, 2):
                for name in ("Fatima", "Wen"):
                    picked = chosen(heard(recognizer, voice, f"{name}.", request, seed), request, OFFERED)
                    if picked is not None:
                        assert picked.intent == it.Ask(name, Rank.FOUR) or picked.confirm, (voice, name, picked)
                        right[which][0] += picked.intent == it.Ask(name, Rank.FOUR)
                        assert picked.confirm or not which, picked  # a word alone is asked back
                for text, rank in (("Fours.", Rank.FOUR), ("Kings.", Rank.KING), ("Sevens.", Rank.SEVEN)):
                    completed = rank_for(heard(recognizer, voice, text, request, seed), request, "Fatima")
                    if completed is not None:
                        assert completed.intent == it.Ask("Fatima", rank) or completed.confirm, (voice, completed)
                        right[which][1] += completed.intent == it.Ask("Fatima", rank)
    # measured: without, 3 of 12 names and 1 of 18 ranks; with, 8 and 17
    (names, ranks), (names_before, ranks_before) = right[True], right[False]
    assert names >= 7 and ranks >= 14 and names >= names_before + 4 and ranks >= ranks_before + 10, right


def test_a_rank_said_alone_is_played_at_once_only_when_both_ears_wrote_it() -> None:
    """Which cards do you want from Fatima? Just say the rank. — "Eights.": Whisper decodes a word alone
    unsurely, and the table asked "Fatima, for eights?" after the player had just said it (four times in one game by
    voice); sure of a word alone, it played another rank at once ("fives." for "Twos."). With the game's default ear
    a rank alone is played at once when pocketsphinx (listening for a word alone after the question) wrote the same
    rank alone too, and asked back otherwise. Tuning voices, quiet, the ear warm (an ask heard first)."""
    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    from tests.audio import default_ear
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.whisper import HybridRecognizer
    from voicefish.table.policy import rank_for
    from voicefish.table.voice import VoiceEars

    request = replace(REQUEST, hand=(Rank.FOUR, Rank.SEVEN, Rank.KING), which=True)
    at_once: list[tuple[str, str, str]] = []
    asked_back: list[tuple[str, str, str]] = []
    for voice in ("piper-joe", "flite-kal16", "festival-kal"):
        recognizer = default_ear()[0]
        assert isinstance(recognizer, HybridRecognizer)
        said = trim(synth("Fatima, any fours?", voice, seed=1, pad_s=0.0))
        audio = np.concatenate([_silence(1.0), said, _silence(4.0)])
        assert VoiceEars(Listener(ArraySource(audio, realtime=False)), recognizer, timeout=3.0).listen(REQUEST)
        for seed, (text, rank) in enumerate((("Fours.", Rank.FOUR), ("Kings.", Rank.KING), ("Sevens.", Rank.SEVEN))):
            said = trim(synth(text, voice, seed=seed + 2, pad_s=0.0))
            audio = np.concatenate([_silence(0.5), said, _silence(3.0)])
            ears = VoiceEars(Listener(ArraySource(audio, realtime=False)), recognizer, timeout=3.0)
            done = rank_for(ears.listen(request), request, "Fatima")
            if done is None:
                continue
            assert done.intent == it.Ask("Fatima", rank) or done.confirm, (voice, text, done)  # never another, at once
            (asked_back if done.confirm else at_once).append((voice, text, done.text))
    assert len(at_once) >= 5, (at_once, asked_back)


def test_a_rank_alone_one_ear_wrote_is_asked_back() -> None:
    """The rule above on what each ear wrote (the table's logic, without audio): pocketsphinx "twos", Whisper
    "fives." as sure as it gets — asked back; both "fives" — sure; in a room known to be loud — asked back."""
    from voicefish.audio.recognizer import Recognition
    from voicefish.audio.whisper import RANK_ALONE_AGREED, HybridRecognizer
    from voicefish.speech.grammar import TableContext

    hybrid = HybridRecognizer(None, trust_sphinx=False)
    hybrid.set_table(TableContext(("Joe", "Fatima", "Wen"), "Joe"), (Rank.TWO, Rank.FIVE))
    hybrid.expect("which")

    def heard(sphinx: str, whisper: str, *, loud: bool = False) -> Recognition:
        first = Recognition(sphinx, it.NoIntent("not a sentence"), 0.0, True, 1.0, loud=loud)
        second = Recognition(whisper, it.NoIntent("table talk"), 0.0, False, 1.0, reason="not a game sentence")

        class Whisper:
            def decode(self, audio: np.ndarray) -> Recognition:
                return second

            def expect(self, expecting: str) -> None:
                pass

        hybrid.whisper = Whisper()  # type: ignore[assignment]
        return hybrid._second(first, np.ones(16000, dtype=np.int16))

    assert heard("twos", "Fives.").confirm
    sure = heard("fives", "Fives.")
    assert not sure.confirm and sure.features[RANK_ALONE_AGREED] == 1.0
    assert heard("fives", "Um, fives.").confirm is False  # (a word the grammar skips)
    assert heard("fives", "Fives.", loud=True).confirm
    assert heard("fives", "Fives, twos.").confirm
    hybrid.expect("turn")
    assert not heard("fives", "Fives.").confirm  # only after "Which cards…?" (at a turn no rank alone is completed)
