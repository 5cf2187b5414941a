"""Issue 33, "never stranded": a player whose rank keeps being misheard is led to another way of saying it, and the
turn ends in a played move, not a loop. The player holds sevens (say) but every "do you have any sevens?" comes out
as another rank (made here by playing a recording of that other rank); each is asked back ("Did you say tens?"),
the player says no, after two misses their own ranks are offered privately, after the third the short form ("Leo,
seven": the name and the card's number, which the grammar takes as an ask) or typing, and said so it is played.

Real speech (flite) played into the PulseAudio virtual microphone, heard by the real listener and decoded by the
real pocketsphinx recognizer through the game's voice ears; the table is the real ``TableLoop`` (captions only).
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.audio.flitespeech import flite_available, phrases
from tests.table.tablekit import make_table
from testspeech.espeak import write_wav
from voicefish.cards import Rank
from voicefish.engine import AskEvent
from voicefish.rules import RuleSet
from voicefish.table.ears import Heard, ListenRequest, ScriptExhausted
from voicefish.table.loop import SeatSpec, TableLoop
from voicefish.table.phrasebook import OR_TYPE_IT
from voicefish.table.voice import VoiceEars
from voicefish.table.words import rank_name, rank_plural

pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"),
        reason="needs the PulseAudio virtual microphone: run under scripts/with-virtual-audio.sh (make pytest)",
    ),
    pytest.mark.skipif(not flite_available(), reason="needs flite (scripts/system-deps.sh)"),
    pytest.mark.slow,
    pytest.mark.audio,
]


class MisheardPlayer:
    """Sam, who means a rank they hold but is heard saying another until they use the short form offered."""

    def __init__(
        self, ears: VoiceEars, tmp: Path, private: Callable[[], list[str]], played: Callable[[], bool]
    ) -> None:
        self.ears = ears
        self.tmp = tmp
        self.private = private
        self.played = played
        self.said: list[tuple[str, Heard | None]] = []

    @property
    def learning(self) -> bool:
        return False

    @property
    def typing(self) -> bool:
        return self.ears.typing  # a keyboard is there: typing is offered too

    def understood(self, heard: Heard, said: str | None = None) -> None:
        pass

    def line(self, request: ListenRequest) -> str:
        if request.expecting == "confirm":
            if request.prompt.startswith("Did you say"):
                return "no"  # the rank heard is not the one meant
            return "yes"  # "Leo, for sevens?"
        meant = request.hand[0]
        if any(t.startswith("Let's try it shorter") for t in self.private()):
            return f"Leo, {rank_name(meant)}."  # the other way offered
        other = next(r for r in (Rank.TEN, Rank.FOUR, Rank.QUEEN, Rank.TWO) if r not in request.hand)
        return f"Leo, do you have any {rank_plural(other)}?"  # a recording of another rank: misheard

    def listen(self, request: ListenRequest) -> Heard | None:
        if self.played():
            raise ScriptExhausted("Sam's ask was played: the session ends here")
        if len(self.said) > 16:
            raise ScriptExhausted("the turn never ended: the player was stranded")
        text = self.line(request)
        path = write_wav(self.tmp / f"u{len(self.said)}.wav", phrases([0.5, text, 0.8], "rms"))
        player = subprocess.Popen(["paplay", "--device=vspk", str(path)])
        try:
            heard = self.ears.listen(request)
        finally:
            player.wait(timeout=30)
        self.said.append((text, heard))
        return heard


def test_a_player_whose_rank_is_misheard_is_led_to_a_played_move(tmp_path: Path) -> None:
    from voicefish.audio.listen import Keyboard, Listener, Microphone
    from voicefish.audio.sphinx import SphinxRecognizer

    mic = Microphone.choose("vmic").start()
    keys, typed = os.pipe()  # a keyboard nobody types on: offered, but Sam takes the spoken short form
    ears = VoiceEars(Listener(mic), SphinxRecognizer(), microphone=mic, timeout=10.0, keyboard=Keyboard(keys))
    table = make_table([0])

    def played() -> bool:
        game = loop.game
        return game is not None and any(isinstance(e, AskEvent) and e.player == 0 for e in game.public_view().events)

    player = MisheardPlayer(ears, tmp_path, lambda: table.private_texts(0), played)  # (what Sam is told privately)
    loop = TableLoop(
        [SeatSpec("Sam"), SeatSpec("Leo", "random")],
        RuleSet(),
        ears=player,
        outputs=table.outputs,
        games=1,
        seed=4,
        first_dealer=1,
        voice_check=0,
    )
    started = time.monotonic()
    try:
        loop.run()
    finally:
        ears.close()
        os.close(keys)
        os.close(typed)
    said = [t for t, _ in player.said]
    sams = [e for e in loop.game.public_view().events if isinstance(e, AskEvent) and e.player == 0] if loop.game else []
    assert sams, f"Sam's turn never ended in a move: said {said}, heard {[h and h.text for _, h in player.said]}"
    first = sams[0]
    shorter = next(i for i, t in enumerate(said) if not t.startswith(("Leo, do you", "no", "yes")))
    misheard = [t for t in said[:shorter] if t.startswith("Leo, do you")]
    assert len(misheard) == 3, said  # asked back each time; the short form offered after the third miss
    assert said[shorter] == f"Leo, {rank_name(first.rank)}.", (said, first)
    private = table.private_texts(0)
    assert any(t.startswith("You can ask for ") for t in private), private
    assert any(t.startswith("Let's try it shorter") and t.endswith(OR_TYPE_IT) for t in private), private
    assert not any("you have none" in t for t in private), private  # never blamed for the mishearing
    assert time.monotonic() - started < 120
