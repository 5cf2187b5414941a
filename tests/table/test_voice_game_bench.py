"""The whole-game voice benchmark's own parts (bench/voice_game_bench.py): its simulated player must know its hand
from the game's real lines, ask only what it may ask, answer questions truthfully, and the harness must score a
real game by voice through the virtual microphone."""

from __future__ import annotations

import os
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from testspeech.corpus import RANKS, asks
from testspeech.voicegame import (
    BOTS,
    EXITED,
    ME,
    Game,
    GameResult,
    Line,
    Options,
    Player,
    Utterance,
    ask_templates,
    from_transcript,
    is_question,
    parse_cards,
    read_heard,
    rescore,
    score,
    transcript,
)
from voicefish.cards import full_deck
from voicefish.outputs.channels import CaptionSink, Outputs
from voicefish.table.ears import Heard, ListenRequest, ScriptExhausted, parse_for
from voicefish.table.loop import SeatSpec, TableLoop
from voicefish.table.words import cards_phrase


def test_it_reads_every_hand_the_narrator_can_say() -> None:
    rng = random.Random(5)
    deck = full_deck()
    for _ in range(300):
        hand = rng.sample(deck, rng.randint(1, 14))
        assert parse_cards(cards_phrase(hand)) == Counter(c.rank.code for c in hand), cards_phrase(hand)


def test_its_asks_are_the_corpus_hold_out_phrasings() -> None:
    templates = ask_templates()
    assert len(templates) >= 6
    for u in asks("holdout"):  # every hold-out ask of the corpus is one of the templates, filled
        assert u.expected is not None
        plural, singular = RANKS[u.expected["rank"]]
        article = ("an " if singular[0] in "aeiou" else "a ") + singular
        assert u.text in {t.format(n=u.expected["target"], r=plural, r1=article) for t in templates}, u.text


def _line(text: str, who: str = "Dealer") -> Line:
    return Line(0.0, who, text)


def test_it_answers_questions_truthfully(tmp_path: Path) -> None:
    p = Player("flite-rms", random.Random(1), tmp_path, pause_share=0.0)
    p.meant = ("Wen", "7")
    assert p.answer("Wen, for sevens?")[0] == "yes"
    assert p.answer("Fatima, for sevens?")[0] == "no"
    assert p.answer("Wen, for tens?")[0] == "no"
    assert p.answer("Did you say sevens?")[0] == "yes"
    assert p.answer("Did you mean Fatima or Wen? Please say it again with the name.")[0] == "repeat"
    assert p.answer("Did you mean Fatima or Wen? Just say the name.") == ("name", "Wen.")
    assert p.answer("Which cards do you want from Wen? Just say the rank.") == ("rank", "Sevens.")
    assert p.answer("Which cards do you want from Fatima? Just say the rank.")[0] == "repeat"
    assert p.answer("Which cards do you want from Wen? Please say the whole ask again.")[0] == "repeat"
    assert p.answer("Did you mean Fatima or Wen? Please say the whole ask again.")[0] == "repeat"
    assert p.answer("Stop the game now? It is saved, and you can go on later. Say yes or no.")[0] == "no"
    assert is_question(_line("Wen, for sevens?"))
    assert is_question(_line("Stop the game now? It is saved, and you can go on later. Say yes or no."))
    assert is_question(_line("Did you mean Fatima or Wen? Please say it again with the name."))
    assert not is_question(_line("Say a player's name and a rank. For example: Fatima, do you have any sevens?"))
    assert not is_question(_line("From your hand, you could say: Wen, do you have any twos?", f"{ME} (private)"))
    assert not is_question(_line("Joe, do you have any twos?", BOTS[0]))


def test_with_advice_it_asks_what_the_table_suggests_and_shorter_until_its_ask_is_played(tmp_path: Path) -> None:
    """``--advice follow``: the private "you could say" ask becomes the ask meant; after "Let's try it shorter" the
    ask is the name and the rank alone, until an ask of this player is played. Without it, neither is followed."""
    from voicefish.cards import Rank
    from voicefish.table import phrasebook as en

    for advice in (True, False):
        p = Player("flite-rms", random.Random(1), tmp_path, pause_share=0.0, advice=advice)
        p.read(_line("Your cards: two sixes and an eight.", f"{ME} (private)"))
        p.read(_line(f"{ME}, your turn."))
        p.meant = ("Fatima", "8")
        p.read(_line(en.you_could_say("Wen", Rank.SIX, None), f"{ME} (private)"))
        p.read(_line(en.another_way("Fatima", Rank.SEVEN)))
        meant = p.choose_ask()
        if not advice:
            assert meant == ("Fatima", "8") and p.ask_text(meant) != "Fatima, eights."
            continue
        assert meant == ("Wen", "6") and p.ask_text(meant) == "Wen, sixes."
        assert p.choose_ask() == ("Wen", "6")  # kept while it is still legal
        p.read(_line(f"{ME} asks Wen for sixes: go fish."))
        assert p.ask_text(meant) != "Wen, sixes."  # the next turn asks in the player's own words again


@pytest.mark.parametrize("verbose", [False, True], ids=["compact", "verbose"])
def test_it_follows_the_turn_and_its_hand_in_both_narrations(verbose: bool, tmp_path: Path) -> None:
    """Compact narration announces no computer player's turn and tells an ask and its outcome in one sentence: the
    player still knows whose turn it is, what it gave away and what it fished."""
    wen, fatima = BOTS[0], BOTS[1]
    p = Player("flite-rms", random.Random(1), tmp_path, pause_share=0.0)
    p.read(_line("Your cards: two sevens, a nine and a queen.", f"{ME} (private)"))
    p.read(_line(f"{ME}, your turn."))
    assert p.turn == ME
    lines = [_line(f"{ME} asks {wen} for nines: go fish — {ME} fished a nine."), _line(f"{ME} goes again.")]
    lines += [_line(f"{ME} asks {wen} for queens: go fish.")]
    if verbose:
        lines = [_line(f"{ME} asks {wen} for nines."), _line(f"Go Fish! {ME} draws."),
                 _line(f"Lucky! {ME} fished a nine, just what was asked for."), _line(f"{ME} goes again."),
                 _line(f"{ME} asks {wen} for queens."), _line(f"Go Fish! {ME} draws."),
                 _line(f"{wen}, your turn.")]  # fmt: skip
    for line in lines[:-1]:
        p.read(line)
    assert p.hand["9"] == 2
    p.read(lines[-1])
    assert p.turn != ME
    if verbose:
        p.read(_line(f"{fatima}, do you have any sevens?", fatima))
        p.read(_line(f"{ME} has two sevens. {fatima} takes them."))
    else:
        p.read(_line(f"{fatima} asks {ME} for sevens, on a hunch: {ME} gives two."))
    assert p.turn == fatima and p.hand["7"] == 0 and p.hand["Q"] == 1


class _Stream:
    """A terminal that hands every line the game prints to the simulated player, as the benchmark's reader does."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.buffer = ""

    def write(self, text: str) -> int:
        self.buffer += text
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            who, _, rest = line.partition(": ")
            self.player.read(Line(0.0, who, rest))
        return len(text)

    def flush(self) -> None:
        pass


class _TypingPlayer:
    """The benchmark's player at a real table loop, typing instead of speaking: at every listen its idea of its hand
    must be the game's, and it must never ask for a rank it does not hold."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.listens = 0
        self.checked = 0

    learning = False

    def understood(self, heard: Heard, said: str | None = None) -> None:
        pass

    def listen(self, request: ListenRequest) -> Heard | None:
        self.listens += 1
        if self.listens > 400:
            raise ScriptExhausted("too long")
        if request.expecting == "confirm":
            return parse_for(request, "yes")
        if request.expecting != "turn" or request.speaker != ME:
            return parse_for(request, "let's go on")
        assert self.player.turn == ME, "the player should know it is their turn"
        held = {r for r, c in self.player.hand.items() if c > 0}
        assert held == {r.code for r in request.hand}, (self.player.hand, request.hand)
        self.checked += 1
        meant = self.player.choose_ask()
        assert meant[1] in held
        return parse_for(request, self.player.ask_text(meant))


@pytest.mark.parametrize("seed", [100, 101, 102, 103])
def test_it_knows_its_hand_from_the_lines_through_whole_games(seed: int, tmp_path: Path) -> None:
    player = Player("flite-rms", random.Random(seed), tmp_path, pause_share=0.0)
    stream = _Stream(player)
    outputs = Outputs(public=[CaptionSink(stream)], private={0: [CaptionSink(stream, prefix_private=ME)]})  # type: ignore[arg-type]
    ears = _TypingPlayer(player)
    loop = TableLoop(
        [SeatSpec(ME), SeatSpec(BOTS[0], "easy"), SeatSpec(BOTS[1], "medium")],
        ears=ears,
        outputs=outputs,
        games=1,
        seed=seed,
    )
    assert loop.run() is True
    assert ears.checked >= 3


@pytest.mark.slow
@pytest.mark.audio
@pytest.mark.skipif(
    not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"),
    reason="needs the PulseAudio virtual microphone: run under scripts/with-virtual-audio.sh (make pytest)",
)
@pytest.mark.skipif(shutil.which("flite") is None, reason="needs flite (scripts/system-deps.sh)")
def test_the_harness_scores_a_real_game_by_voice(tmp_path: Path) -> None:
    """A short real game (two players, pairs) by voice with captions: it ends, every move it counts is in the game's
    log, and its numbers agree with each other."""
    opts = Options(
        voice_check=0,
        backend="pocketsphinx",
        seats="random",
        rules="pairs,empty_hand_ends_game",
        snr=10.0,
        pause_share=0.3,
        max_tries=6,
        max_turn_s=90.0,
        max_game_s=360.0,
    )
    # seed 241: a short game (three asks when each is heard at once), with its questions and answers: the harness
    # is what is tested here (whole games of the product by voice: tests/table/test_voice_game.py)
    res = Game("flite-rms", "quiet", False, 241, opts, tmp_path).run()
    story = "\n".join([*res.notes, *res.transcript])
    # the game ran to its own end (over, or stopped by what it heard): the harness never had to cut it
    assert res.finished or res.cut == EXITED, story
    assert res.log_ok is not False, story  # the moves read from the captions are exactly the log's moves
    assert res.asks >= 1 and res.utterances >= res.asks, story
    assert res.asks >= res.asks_as_meant >= 0 and res.asks_at_once <= res.asks_as_meant, story
    assert res.asks_as_meant <= res.moves, story  # each ask played as meant is a move of its own
    assert 0 < res.game_s <= res.total_s, story
    if res.finished:
        assert res.log_ok is True and res.moves >= 1, story


def _opts() -> Options:
    return Options(None, "auto", "easy,medium", None, 10.0, 0.3, max_tries=3, max_turn_s=30.0, max_game_s=600.0)


def test_the_scoring_catches_each_failure_of_issue_33() -> None:
    """Issue 33's cases as a transcript: the question printed while the ask is still being said and the move played
    on no yes; a reply in a comma pause; a wrong move (said again on "repeat", which is no move); a stranded turn;
    and one clean ask after a yes."""
    rows = [
        "   1.00 Dealer: Game 1. Joe deals.",
        "   1.10 Dealer: Joe, your turn.",
        "   2.00-4.50 SAID [ask] Wen, can I have your sevens, please",
        "   4.00 Dealer: Wen, for sevens?",
        "   4.10 Joe (private): You have two sevens.",
        "   4.80 Dealer: Joe asks Wen for sevens.",
        "   4.90 Dealer: Joe goes again.",
        "   6.00-9.00 SAID [ask] Give me your threes, Fatima. (pause 0.80 s)",
        "   7.50 Dealer: Did you mean Fatima or Wen? Please say it again with the name.",
        "  10.00-12.00 SAID [repeat] Fatima, any threes?",
        "  12.50 Dealer: Fatima, for threes?",
        "  14.00-14.40 SAID [yes] yep",
        "  14.60 Dealer: Joe asks Fatima for threes.",
        "  14.70 Dealer: Joe goes again.",
        "  16.00-17.50 SAID [ask] Fatima, any kings?",
        "  18.00 Dealer: Joe asks Fatima for tens.",
        "  18.10 Dealer: Go Fish! Joe draws.",
        "  18.15 Dealer: Again: Joe asks Fatima for tens. Go Fish! Joe draws.",  # "repeat": no second move
        "  18.20 Dealer: Fatima, your turn.",
        "  19.00 Dealer: Joe, your turn.",
        *[f"  {20 + 3 * k:.2f}-{21 + 3 * k:.2f} SAID [ask] Wen, any fives?" for k in range(5)],
        "  40.00 Dealer: Joe asks Wen for fives.",
        "  41.00 Dealer: Game over. Wen wins with 3 books!",
    ]
    lines, said = from_transcript(rows)
    assert said[0].meant == ("Wen", "7") and said[2].kind == "repeat" and said[1].pause_s == 0.8
    res = GameResult("flite-rms", "quiet", False, 1, finished=False, cut=None)
    score(res, lines, said, 0.0, _opts())
    assert res.finished and res.moves == 4
    assert res.moves_without_yes == 1  # the sevens, on the trailing "please"
    assert res.early_replies == 2  # "Wen, for sevens?" and "Did you mean ..." in the pause (one utterance each)
    assert res.wrong_moves == 1  # tens for kings
    assert res.asks == 9 and res.asks_as_meant == 2 and res.asks_at_once == 1  # threes (after a yes), fives
    assert res.stuck_turns == 1  # five tries at the fives
    assert res.game_s == pytest.approx(40.0)
    stored = GameResult("flite-rms", "quiet", False, 1, finished=False, cut=None, transcript=rows)
    again = rescore(stored, _opts())  # a stored game scores the same from its transcript
    assert (again.asks, again.asks_as_meant, again.moves_without_yes, again.early_replies, again.stuck_turns) == (
        res.asks,
        res.asks_as_meant,
        res.moves_without_yes,
        res.early_replies,
        res.stuck_turns,
    )


def test_what_the_ears_heard_is_in_the_transcript_and_not_scored(tmp_path: Path) -> None:
    """The game's trace of what its ears made of each utterance (``$VOICEFISH_HEARD_LOG``) is shown in the
    transcript, in time order, as ``HEARD`` rows; a cut last line is skipped, and scoring reads past the rows."""
    trace = tmp_path / "heard.jsonl"
    trace.write_text(
        '{"t": 104.5, "text": "Wen, for fours?", "intent": {"type": "ask", "target": "Wen", "rank": "4"}, '
        '"confidence": 0.41, "confirm": true, "reason": "sounds only near a game sentence"}\n'
        '{"t": 106.0, "text": "I need your fours.", "intent": {"type": "ambiguous", "candidates": ["Fatima", "Wen"], '
        '"partial": {"type": "ask", "rank": "4"}}, "confidence": 0.19, "confirm": true, "reason": "no player named"}\n'
        '{"t": 108.2, "text": "The hundreds are your fours.", "intent": {"type": "none"}, '
        '"confidence": 0.0, "confirm": false, "reason": "not a game sentence"}\n{"t": 110',
        encoding="utf-8",
    )
    heard = read_heard(trace)
    assert len(heard) == 3 and read_heard(tmp_path / "none.jsonl") == []
    lines = [Line(101.0, "Dealer", "Joe, your turn."), Line(105.0, "Dealer", "Wen, for fours?")]
    said = [Utterance("ask", "Fatima, hand over your fours", 102.0, 104.0, 104.3, ("Fatima", "4"))]
    rows = transcript(lines, said, 100.0, heard)
    assert rows == [
        "   1.00 Dealer: Joe, your turn.",
        "   2.00-4.00 SAID [ask] Fatima, hand over your fours",
        '   4.50 HEARD "Wen, for fours?" → ask Wen 4 (0.41, asked back: sounds only near a game sentence)',
        "   5.00 Dealer: Wen, for fours?",
        '   6.00 HEARD "I need your fours." → ambiguous Fatima/Wen 4 (0.19, asked back: no player named)',
        '   8.20 HEARD "The hundreds are your fours." → none (0.0, not a game sentence)',
    ]
    back_lines, back_said = from_transcript(rows)
    assert [x.text for x in back_lines] == ["Joe, your turn.", "Wen, for fours?"] and len(back_said) == 1


def test_the_tuning_split_plays_at_a_tuning_table_with_tuning_words() -> None:
    """``--split tuning`` (games whose traces may be read) never borrows the hold-out table, phrasings or seeds."""
    import testspeech.voicegame as vg
    from testspeech.corpus import answers
    from testspeech.voices import HOLDOUT_SEEDS, TUNING_SEEDS

    held = set(ask_templates())
    try:
        vg.use_split("tuning")
        assert vg.ME == "Sam" and set(vg.BOTS) == {"Priya", "Leo"}
        assert vg.seeds() == TUNING_SEEDS
        tuned = set(vg.ask_templates())
        assert tuned and tuned.isdisjoint(held)
        yes, no = vg.yes_no_phrases()
        tuning_said = {u.text for u in answers("tuning")}
        assert set(yes) | set(no) <= tuning_said
    finally:
        vg.use_split("holdout")
    assert (vg.ME, vg.BOTS, vg.seeds()) == (ME, BOTS, HOLDOUT_SEEDS)
    assert set(vg.ask_templates()) == held
