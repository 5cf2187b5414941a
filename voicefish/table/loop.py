"""The table loop: a session of Go Fish played out loud.

It announces whose turn it is, listens, understands, checks legality through the engine's one door,
confirms when unsure, plays, and says what happened — publicly what is public, privately what is not.
It saves after every action, so a session can be resumed exactly (``voicefish play --resume``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import Enum
from pathlib import Path

from voicefish.audio.confidence import LOUD_ROOM, is_move
from voicefish.bots import ComputerPlayer, make_player
from voicefish.cards import Rank
from voicefish.engine import (
    PUBLIC,
    AskForHeldCard,
    AskForUnheldRank,
    AskSelf,
    Deal,
    Event,
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    TargetOut,
    Turn,
    UnknownPlayer,
    WrongAskKind,
)
from voicefish.engine import Ask as EngineAsk
from voicefish.engine.log import LoggedGame, game_lines, read_log_lines, replay
from voicefish.engine.session import Session
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.speech.grammar import load_grammar
from voicefish.speech.sounds import ranks_written
from voicefish.table import phrasebook as english
from voicefish.table.answers import AnswersPart, Stop
from voicefish.table.checking import VoiceCheckPart
from voicefish.table.ears import (
    Ears,
    Heard,
    LearningEars,
    ListenRequest,
    RoomAwareEars,
    ScriptExhausted,
)
from voicefish.table.message import Channels, Message
from voicefish.table.narrator import Narrator
from voicefish.table.parts import HUMAN, SeatSpec
from voicefish.table.phrases import phrasebook
from voicefish.table.policy import Action, Decision, chosen, decide, rank_for, rank_kept
from voicefish.table.save import SaveError, load_save
from voicefish.table.saving import SavingPart
from voicefish.table.snapshots import private_snapshot, public_snapshot

__all__ = ["HUMAN", "SeatSpec", "TableLoop", "ranks_gone", "resume_loop"]


SPEAK_UP = english.SPEAK_UP

TALK_PATIENCE = 2.5
"""Seconds the table waits after an utterance its recognizer took for table talk before answering it ("Sorry, I
didn't catch that"): more talk goes on unanswered, so the table does not reply to every aside, and a player who said
a move it could not take and waits for an answer gets one."""

CHECK_EACH_ASK = english.CHECK_EACH_ASK

LOUD_CHECK = 4
"""Prompts of a second, short voice check each human repeats at the start of their next turn once the table has found
the room loud (with the voice check on): a player checked in a quiet room is heard far worse when the room turns loud
(hold-out voices: exact intent 90.4 → 56.0 % at white noise 10 dB, 55.0 → 36.9 % at babble 10 dB), and four prompts
said in the noise gave most of it back on the tuning voices (94 → 108 and 55 → 76 of 120; bench/history/asr.md). Not
for a player whose first check was itself heard in the loud room: four more prompts gained only 4 and 4 of 240 there
(hold-out seeds 38–39), for about 20 seconds a player."""


_Stop = Stop


class Reply(Enum):
    """What a player answered to a question about what the game heard (:meth:`TableLoop._ask_back`)."""

    YES = "yes"
    """A sure yes: the move is played."""
    NO = "no"
    """A sure no."""
    UNSURE_NO = "unsure no"
    """A no the ear was unsure of: the same ask, heard again, is asked back once more."""
    NONE = "none"
    """No sure answer, or a quit."""


class AskAgain:
    """What :meth:`TableLoop._heard_again` returns when an ask refused only by a "no" the ear was unsure of is heard
    again: ask it back once more (:data:`ASK_AGAIN`)."""


ASK_AGAIN = AskAgain()


def ranks_gone(game: Game) -> frozenset[Rank]:
    """The ranks nobody can hold any more: every card of them is in books laid down this game (public). None in a
    tie-break, which deals again."""
    if game.in_tiebreak:
        return frozenset()
    laid = Counter(rank for books in game.books for rank in books)
    return frozenset(rank for rank, n in laid.items() if n >= game.rules.books_per_rank)


class TableLoop(VoiceCheckPart, AnswersPart, SavingPart):
    """Runs a session at one table. Build it, then :meth:`run`."""

    def __init__(
        self,
        seats: Sequence[SeatSpec],
        rules: RuleSet | None = None,
        *,
        ears: Ears,
        outputs: Channels,
        games: int = 5,
        seed: int | None = None,
        first_dealer: int | None = None,
        save_path: Path | None = None,
        log_path: Path | None = None,
        on_rate: Callable[[int], None] | None = None,
        max_reprompts: int = 3,
        voice_check: int = 0,
        talk_patience: float = TALK_PATIENCE,
        loud_check: int = LOUD_CHECK,
        explain: bool = False,
        lang: str = "en",
        verbose_narration: bool = False,
    ) -> None:
        self.lang = lang
        """The table's language: its phrasebook (:attr:`pb`) and the grammar its ears parse with."""
        self.pb = phrasebook(lang)
        self.seats = list(seats)
        self.rules = rules if rules is not None else RuleSet()
        self.ears = ears
        self.out = outputs
        self.session = Session(
            [s.name for s in self.seats], self.rules, games=games, seed=seed, first_dealer=first_dealer
        )
        self.first_dealer = self.session.dealer
        self.save_path = save_path
        self.log_path = log_path
        self.on_rate = on_rate
        self.max_reprompts = max_reprompts
        self.voice_check = voice_check
        """Sentences each human repeats before the first deal (:meth:`_voice_check`); 0: no voice check."""
        self.talk_patience = talk_patience
        """Seconds of quiet after what the recognizer took for table talk before it is answered (0: at once)."""
        self.loud_check = loud_check
        """Prompts of the loud room's voice check (:meth:`_loud_room_check`; only with the voice check on; 0: none)."""
        self._loud_checked: set[int] = set()
        self._voices_ready = False
        self.humans = frozenset(i for i, s in enumerate(self.seats) if s.human)
        self.computers = frozenset(i for i, s in enumerate(self.seats) if not s.human)
        self.narrator = Narrator(
            [s.name for s in self.seats], self.rules, self.computers, lang, verbose=verbose_narration
        )
        """Says what happened; ``narrator.verbose`` is ``voicefish play --narration verbose``."""
        self.finished_logs: list[list[dict[str, object]]] = []
        self.game: Game | None = None
        self.bots: dict[int, ComputerPlayer] = {}
        self._seen: dict[int, int] = {}
        self._last_public: list[Message] = []
        self._told_loud = False
        self.stopped = False
        self.explain = explain
        """Practice: say each computer player's reason after its ask (``voicefish play --explain``)."""
        self._last_reason = ""
        """The last computer player's ask and why, as a sentence (told on "why?")."""
        self._because = ""
        """Why, as a clause of the compact sentence of that ask ("because Sam has the most cards")."""
        self._explain_next = False

    # --- running ----------------------------------------------------------------------

    def run(self) -> bool:
        """Play the session to its end. Returns ``True`` when it finished, ``False`` when it was stopped (saved)."""
        try:
            if not self._voices_ready:
                pending = self._check_pending()
                self._prepare_voices()
                game = self.game
                if pending and game is not None and game.current is not None and not game.over:
                    self._say(Message(self.pb.your_turn(self.seats[game.current].name), kind="turn"))
            while not self.session.over:
                if self.game is None:
                    self._begin_game(self.session.next_game())
                game = self.game
                assert game is not None
                while not game.over:
                    self._play_turn(game)
                self._finish_game(game)
            self._finish_session()
            return True
        except (_Stop, ScriptExhausted):
            self.stopped = True
            self._save()
            return False

    def _begin_game(self, game: Game, *, resumed: bool = False) -> None:
        self.game = game
        self.bots = {
            seat: make_player(self.seats[seat].kind, random.Random(self._bot_seed(game.game_number, seat)))
            for seat in self.computers
        }
        self._seen = {PUBLIC: 0} | dict.fromkeys(self.humans, 0)
        if resumed:
            self._say(Message(self.pb.welcome_back(game.game_number, self.session.games), kind="info"))
            self._seen = {PUBLIC: len(game.public_view().events)} | {s: len(game.view(s).events) for s in self.humans}
            self._update_screens()
            for seat in sorted(self.humans):  # a player resuming must know their cards to act
                view = game.view(seat)
                if not game.over and (not self.rules.no_peeking or view.my_turn):
                    self._say(Message(self._hand_words(view), audience=seat, kind="hand"))
            if game.current is not None and not self._check_pending():  # else said after the check (run)
                self._say(Message(self.pb.your_turn(self.seats[game.current].name), kind="turn"))
            self._save()
        else:
            self._save()
            self._narrate()

    def _bot_seed(self, game_number: int, seat: int) -> int:
        return random.Random(f"{self.session.seed}:{game_number}:{seat}").getrandbits(63)

    def _finish_game(self, game: Game) -> None:
        self.finished_logs.append(game_lines(game))
        self.session.record(game)
        self.game = None
        self._write_log()
        self._save()
        if self.session.games > 1:
            self._say(
                Message(
                    self.narrator.score_words(
                        self.session.totals,
                        label=self.pb.session_score_label(self.session.played),
                    ),
                    kind="score",
                )
            )

    def _finish_session(self) -> None:
        champs = self.session.champions
        if self.session.games > 1:
            self._say(Message(self.pb.champion([self.seats[c].name for c in champs]), kind="session_end"))
        else:
            self._say(Message(self.pb.THANKS, kind="session_end"))
        if self.save_path is not None and self.save_path.exists() and not self._log_only_in_save:
            self.save_path.unlink()  # (kept when its games could be written to no log)

    # --- one turn ---------------------------------------------------------------------

    def _play_turn(self, game: Game) -> None:
        seat = game.current
        assert seat is not None
        if seat in self.computers:
            decision = self.bots[seat].decide(game.view(seat))
            # Its reason is built from public facts only: fit to say to the whole table (right after its ask).
            names = [s.name for s in self.seats]
            self._last_reason = self.pb.describe_reason(decision.reason, names, asker=seat)
            self._because = self.pb.reason_clause(decision.reason, names)
            self._explain_next = self.explain
            self._apply(game, decision.action)
            return
        self._human_turn(game, seat)

    def _apply(self, game: Game, action: EngineAsk) -> None:
        game.apply(action)
        # Durable before announced: a kill after the save loses nothing, a kill before it loses an action nobody
        # heard of; narration (which may wait for "press Enter" reveals) comes only after.
        self._save()
        self._narrate()

    def _request(self, game: Game, seat: int, expecting: str = "turn", prompt: str = "") -> ListenRequest:
        view = game.view(seat)
        # Every seat, also a player out of cards: "Mia, any fours?" is then heard as an ask of Mia, answered "Mia is
        # out of this game", not taken for another name (or for "nobody called Mia"), and the seats' numbers
        # ("player two") stay the ones told at the start.
        return ListenRequest(
            speaker=self.seats[seat].name,
            players=tuple(s.name for s in self.seats),
            hand=tuple(sorted({c.rank for c in view.hand})),
            rules=self.rules,
            # "the computer" means the one computer player still in the game
            computers=frozenset(self.seats[s].name for s in self.computers if view.active[s]),
            out=frozenset(self.seats[s].name for s in range(len(self.seats)) if not view.active[s] and s != seat),
            expecting=expecting,
            prompt=prompt,
            moment=len(view.events),
            lang=self.lang,
        )

    def _human_turn(self, game: Game, seat: int) -> None:
        """Listen to ``seat`` until one ask has been played (or the session is stopped)."""
        self._loud_room_check(seat)
        misses = 0
        unheld_misses = 0  # asks of a rank not held that the player said were misheard
        talk: Heard | None = None  # what was just taken for table talk, not yet answered
        offered: Heard | None = None  # an ask that named two players, just answered "Did you mean Fatima or Wen?"
        carried: Heard | None = None  # an ask that ended a pause: heard as the next utterance
        refused: dict[it.Ask, int] = {}  # asks the player said "no" to when asked back, this turn (a sure no 2, else 1)
        cards_from: str | None = None  # the player just asked "Which cards do you want from Fatima?": Fatima
        which_again = False  # "Did you mean Fatima or Wen?" was asked once more for the same ask
        cards_again = False  # "Which cards do you want from Fatima?" was asked once more
        cards_loud = False  # ... of an ask heard in a loud room: the whole ask said again is the answer asked for
        while True:
            request = self._request(game, seat)
            if talk is not None:
                request = replace(request, patience=self.talk_patience)
            if offered is not None or cards_from is not None:  # a name or a rank said alone is the answer
                request = replace(request, which=True)
            self._ears_news()  # e.g. the better recognizer resting on a busy computer: told before listening
            heard = carried if carried is not None else self.ears.listen(request)
            carried = None
            if talk is not None:
                if heard is None:  # quiet after it: the player may be waiting for an answer
                    misses += 1
                    self._reprompt(game, seat, misses, talk)
                    talk = None
                    continue
                talk = None  # more was said: that is heard as usual
            picked = chosen(heard, request, offered) if offered is not None else None
            if (
                picked is None
                and offered is not None
                and isinstance(offered.intent, it.Ambiguous)
                and heard is not None
                and isinstance(heard.intent, it.Ask)
                and heard.intent in refused
                and heard.intent.target in offered.intent.candidates
            ):
                # the refused ask said whole again, as "Did you mean Fatima or Wen? Please say the whole ask again."
                # asks in a loud room: it names the player, so it answers the question like the name alone (asked
                # back below, never played at once). Taken as a new ask it asked the same question again: flite awb
                # in babble, voice game seed 328, eight times in a row, four minutes on one turn
                picked = heard
            if picked is not None and which_again:
                picked = replace(picked, confirm=True)  # a name heard only the second time: asked back, never played
            answering_which = offered is not None and isinstance(offered.intent, it.Ambiguous)
            if (
                (answering_which or cards_from is not None)
                and picked is None
                and heard is not None
                and isinstance(heard.intent, it.Yes | it.No)
            ):
                # a yes or a no answers neither "Did you mean Fatima or Wen?" nor "Which cards do you want from
                # Fatima?" (a name said alone in babble written "Yes, ma'am.", flite awb, voice game seed 321,
                # answered "There's nothing to answer right now."): nothing usable, so the question is asked once
                # more, and after that the player is asked for the whole ask
                heard = replace(heard, intent=it.NoIntent())
            if (
                answering_which
                and picked is None
                and not which_again
                and (heard is None or isinstance(heard.intent, it.NoIntent))
            ):
                # nothing usable said to "Did you mean Fatima or Wen?": a name said alone is the word most easily lost
                # in a loud room (festival ked's "Fatima." not heard three times in one babble game), and saying the
                # whole ask again costs more: asked once more, the rank heard kept
                which_again = True
                assert offered is not None and isinstance(offered.intent, it.Ambiguous)
                once_more = self._which_player(offered.intent.candidates, offered.loud)
                self._say(Message(self._speak_up(heard) + once_more, kind="prompt"))
                continue
            if cards_from is not None:
                picked = rank_for(heard, request, cards_from)
                if picked is None and not cards_again and (heard is None or isinstance(heard.intent, it.NoIntent)):
                    # nothing usable said to "Which cards do you want from Fatima?": a rank said alone was heard
                    # about half the time in babble (voice-game bench, session 53), and each loss sent the player
                    # back to the whole ask: asked once more (not a miss: they answered), the name kept
                    cards_again = True
                    which_cards = self._which_cards(cards_from, cards_loud)
                    self._say(Message(self._speak_up(heard) + which_cards, kind="prompt"))
                    continue
            prior, offered, cards_from = offered, None, None
            if picked is not None and isinstance(picked.intent, it.Ask) and picked.intent in refused:
                # the player named the very ask they said no to ("uh huh" written "No, no," in babble, then "Wen."
                # to "Did you mean Fatima or Wen?"): asked back, never played at once (a name alone can be misheard
                # the same way again); heard again later, it is asked back rather than "which player?" once more
                refused[picked.intent] = 1
                picked = replace(picked, confirm=True)
            decision = decide(picked or heard, request, talk_patience=self.talk_patience)
            heard = decision.heard
            if (
                picked is None
                and heard is not None
                and (
                    which := self._heard_again(game, seat, heard, refused, request.lang)
                    or self._guessed(decision, request.lang, ranks_gone(game))
                )
            ):
                if isinstance(which, str):  # the rank was filled in or guessed, not said: the player says it (again)
                    misses += 1
                    cards_from = heard.intent.target if isinstance(heard.intent, it.Ask) else None
                    cards_again, cards_loud = False, heard.loud
                    self._say(Message(which, kind="reprompt"))
                    continue
                if isinstance(which, AskAgain):
                    # refused only by a "no" the ear was unsure of ("uh huh" written "No," in babble), then said
                    # again: likelier a yes misheard than a name; asked back once more, never played at once
                    decision = replace(decision, action=Action.CONFIRM, heard=replace(heard, confirm=True))
                else:
                    # the very ask the player just said "no" to, heard again (flite kal16 in babble: "Leo" written
                    # "Priya" every time, refused twice, then played at once): never played, the player is asked which
                    decision = replace(decision, action=Action.COMMAND, heard=replace(heard, intent=which))
                heard = decision.heard
            match decision.action:
                case Action.WAIT:
                    talk = heard  # not answered at once: the table may still be talking among itself
                    continue
                case Action.REPROMPT:
                    misses += 1
                    self._reprompt(game, seat, misses, heard)
                    continue
                case Action.COMMAND:
                    assert heard is not None
                    misses = 0
                    offered = heard if isinstance(heard.intent, it.Ambiguous) else None
                    if offered is not None and answering_which:
                        # the answer to "Did you mean Fatima or Wen?" heard as two names again ("Fatima, Wen.", a rank
                        # made up with them): whatever completes it is asked back (voice game seed 306: played tens),
                        # for the rank heard before unless this answer wrote one (seed 318: "Fatima, for tens?" for
                        # queens)
                        assert prior is not None
                        offered = replace(rank_kept(offered, request, prior), confirm=True)
                    which_again = False
                    carried = self._command(game, seat, heard.intent, loud=heard.loud)
                    if not heard.confirm and not is_move(heard.intent) and isinstance(self.ears, LearningEars):
                        self.ears.understood(heard)  # a question answered at once ("what's the score"): a sample too
                    continue
            assert heard is not None and isinstance(heard.intent, it.Ask)
            intent = heard.intent
            misses = 0
            if decision.action is Action.ASK_BACK_RANK and (
                self._ask_back(game, seat, self.pb.did_you_say(intent.rank, intent.card)) is not Reply.YES
            ):
                # Never refused at once on a possible mishearing: a player whose "sevens" is heard as "tens" must not
                # be stranded. After misses, other ways to say it.
                unheld_misses += 1
                self._offer_another_way(game, seat, intent, unheld_misses)
                continue
            if decision.action is Action.CONFIRM:
                answer = self._confirm(game, seat, intent, heard.reason)
                if answer in (Reply.NO, Reply.UNSURE_NO):
                    refused[intent] = refused.get(intent, 0) + (2 if answer is Reply.NO else 1)
                if answer is not Reply.YES:
                    continue
            if self._try_ask(game, seat, intent):
                if isinstance(self.ears, LearningEars):
                    self.ears.understood(heard)  # played at once or confirmed: a sample of this voice
                return

    def _confirm(self, game: Game, seat: int, ask: it.Ask, why: str = "") -> Reply:
        louder = ""
        if why == LOUD_ROOM and not self._told_loud:  # why a sure-sounding ask is asked back, said once
            self._told_loud = True
            louder = f"{self.pb.CHECK_EACH_ASK} "
        return self._ask_back(game, seat, self.pb.confirm_ask(ask.target, ask.rank, ask.card), louder)

    def _which_cards(self, name: str, loud: bool) -> str:
        """ "Which cards do you want from Fatima?" asking for the rank alone, or in a room known to be loud for the
        whole ask again: a rank said alone was lost or written as other words in babble (flite awb, voice game seed
        322: "Tens." eleven times), and the whole ask was heard right and played at once far more often
        (``bench/which_answer_bench.py --kinds again``: tuning voices, babble 10 dB, 6 → 27 of 48)."""
        return str(self.pb.which_cards_whole(name) if loud else self.pb.which_cards(name))

    def _guessed(self, decision: Decision, lang: str, gone: frozenset[Rank] = frozenset()) -> str | None:
        """ "Which cards do you want from Fatima?" when ``decision`` asks back an ask whose words write no rank: the
        recognizer took the rank from how a word sounds ("Wen, have you got a-" asked back as aces), and such guesses
        were right 12 times of 71 in the voice game bench's babble games (session 52), each wrong one a "no" and the
        whole ask again. The player says the rank instead. The same for an ask of a rank in ``gone`` (every card of
        it laid down in books: nobody can hold one), which can only have been misheard: "Did you say eights?" just
        after the player laid down the eights was a question whose yes could only be refused (voice game seed 326).
        None otherwise."""
        heard = decision.heard
        if (
            decision.action in (Action.CONFIRM, Action.ASK_BACK_RANK)
            and heard is not None
            and isinstance(heard.intent, it.Ask)
            and heard.text
            and (
                not ranks_written(load_grammar(lang), heard.text)
                or (decision.action is Action.ASK_BACK_RANK and heard.intent.rank in gone)
            )
        ):
            return self._which_cards(heard.intent.target, heard.loud)
        return None

    def _heard_again(
        self, game: Game, seat: int, heard: Heard, refused: dict[it.Ask, int], lang: str
    ) -> it.Ambiguous | str | AskAgain | None:
        """When ``heard`` is an ask the player refused this turn: the which-player question (an
        :class:`~voicefish.speech.intents.Ambiguous` of every opponent still in) when the words heard write the rank
        out (so the name is what was misheard) and there is another player to mean; when they write no rank (the
        recognizer filled it in: "Fatima, hand over yours." heard as twos again, in babble), what to say instead:
        which cards, not which player; :data:`ASK_AGAIN` when the rank was written and the only refusal was a "no" the
        ear was unsure of (asked back once more). None otherwise."""
        ask = heard.intent
        if not isinstance(ask, it.Ask) or ask not in refused:
            return None
        if heard.text and not ranks_written(load_grammar(lang), heard.text):
            return self._which_cards(ask.target, heard.loud)
        if refused[ask] < 2:
            return ASK_AGAIN
        view = game.view(seat)
        players = tuple(s.name for i, s in enumerate(self.seats) if i != seat and view.active[i])
        if len(players) < 2:
            return None
        return it.Ambiguous(players, it.Ask("", ask.rank, ask.card))

    def _ask_back(self, game: Game, seat: int, question: str, louder: str = "") -> Reply:
        """Ask ``question`` (a yes/no question about what was heard) up to three times, from the second time on
        saying what to answer (:data:`~voicefish.table.phrasebook.YES_OR_NO`): :attr:`Reply.YES` only on a sure yes,
        :attr:`Reply.NO` or :attr:`Reply.UNSURE_NO` on a no, :attr:`Reply.NONE` otherwise (no sure answer, or a
        quit). A third time because saying the ask again costs the player more than answering once more: in a loud
        room an answer is lost about as often as an ask (bench/results/answers.md, voice_game.md)."""
        for attempt in range(3):
            said = question if attempt == 0 else f"{self.pb.YES_OR_NO} {question}"
            self._say(Message(louder + said, kind="confirm"))
            heard = self.ears.listen(self._request(game, seat, "confirm", question))
            louder = self._speak_up(heard)
            intent = heard.intent if heard else None
            if isinstance(intent, it.Yes):
                if heard is not None and heard.confirm:
                    continue  # an unsure "yes" confirms nothing: ask again (a misheard "no" must not play the move)
                return Reply.YES
            if isinstance(intent, it.No):
                self._say(Message(self.pb.SAY_IT_AGAIN, kind="prompt"))
                return Reply.NO if heard is not None and not heard.confirm else Reply.UNSURE_NO
            if isinstance(intent, it.Quit):
                self._quit(game, seat)
                return Reply.NONE
        self._say(Message(self.pb.TRY_AGAIN, kind="prompt"))
        return Reply.NONE

    def _offer_another_way(self, game: Game, seat: int, ask: it.Ask, misses: int) -> None:
        """After two asks misheard as a rank the player does not hold, their own ranks by name (privately); from the
        third on, a shorter way to say it (the name and the rank alone, "Omar, seven"), or to type it."""
        ranks = sorted({c.rank for c in game.view(seat).hand})
        if misses == 2 and ranks:
            self._say(Message(self.pb.your_ranks(ranks), audience=seat, kind="help"))
        elif misses >= 3 and ranks:
            offer = self.pb.another_way(ask.target, ranks[0]) + self._typing_offer()
            self._say(Message(offer, audience=seat, kind="help"))

    def _try_ask(self, game: Game, seat: int, ask: it.Ask) -> bool:
        """Play ``ask`` if the engine — the one door for legality — allows it; else say why (a reason that depends on
        the hand only privately)."""
        target = self._seat_of(ask.target)
        action = EngineAsk(seat, -1 if target is None else target, ask.rank, ask.card)
        try:
            game.check(action)
        except GameOver:
            return True
        except IllegalAction as exc:
            self._refuse(game, seat, ask, exc)
            return False
        self._apply(game, action)
        return True

    def _refuse(self, game: Game, seat: int, ask: it.Ask, exc: IllegalAction) -> None:
        name = self.seats[seat].name
        match exc:
            case UnknownPlayer():
                self._say(Message(self.pb.unknown_player(ask.target), kind="error"))
            case WrongAskKind() if self.rules.authors:
                self._say(Message(self.pb.EXACT_CARD, kind="error"))
            case AskForUnheldRank() | AskForHeldCard():
                # Why depends on the hand: the reason goes only to the asker's private channel.
                self._say(Message(self.pb.TRY_AGAIN, kind="error"))
                private = (
                    self.pb.unheld_rank(ask.rank) if isinstance(exc, AskForUnheldRank) else self.pb.held_card(ask.card)
                )
                self._say(Message(private, audience=seat, kind="error"))
                self._say(Message(self._hand_words(game.view(seat)), audience=seat, kind="hand"))
            case TargetOut():
                self._say(Message(self.pb.target_out(ask.target), kind="error"))
            case NotYourTurn():
                self._say(Message(self.pb.whose_turn(name), kind="error"))
            case AskSelf():
                self._say(Message(self.pb.ask_yourself(name), kind="error"))
            case _:
                self._say(Message(self.pb.TRY_AGAIN, kind="error"))

    def _seat_of(self, name: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.name == name:
                return i
        folded = name.casefold()
        for i, s in enumerate(self.seats):
            if s.name.casefold() == folded:
                return i
        return None

    def _drowned(self) -> bool:
        """The last listen heard nothing but the room's talk (the player may be drowned by it)."""
        return isinstance(self.ears, RoomAwareEars) and self.ears.heard_only_the_room

    def _speak_up(self, heard: Heard | None) -> str:
        """What goes before the next question after ``heard``: :data:`SPEAK_UP` when nothing but the room's talk
        was heard, else nothing."""
        return f"{self.pb.SPEAK_UP} " if heard is None and self._drowned() else ""

    # --- output -----------------------------------------------------------------------

    def _say(self, message: Message) -> None:
        if message.audience == PUBLIC:
            self._last_public = [message]
        self.out.say(message)

    def _narrate(self) -> None:
        """Say everything that happened since the last call, in event order: each public event's words to all, then
        right after it each owner's private news of that event (so "You got two sixes" comes before "Lucy lays
        down a book of sixes", and before "Game over"). A human's hand is read privately when their turn starts
        and after the deal, once the deal's books are laid."""
        game = self.game
        if game is None:
            return
        pv = game.public_view()
        start = self._seen[PUBLIC]
        new_public = list(pv.events[start:])
        self._seen[PUBLIC] = len(pv.events)
        said: list[Message] = []
        because = ""  # compact narration says why a computer player asked (--explain) in its ask's sentence
        if self._explain_next and not self.narrator.verbose:
            because, self._explain_next = self._because, False
        # (event index, order, message): at one event, a hand read comes before the event's public words (the hand,
        # then "Sam, your turn."), private news of it after them.
        queue: list[tuple[int, int, Message]] = [
            (i, 0, m) for i, m in self.narrator.public_indexed(new_public, game.current, because=because)
        ]
        for seat in sorted(self.humans):
            queue += [(i, -1 if m.kind == "hand" else 1, m) for i, m in self._private_news(game, seat, new_public)]
        for _, _, m in sorted(queue, key=lambda q: (q[0], q[1])):
            self.out.say(m)
            if m.audience == PUBLIC:
                said.append(m)
            if m.kind == "ask" and m.voice is not None and self._explain_next:  # verbose: after its spoken ask
                self._explain_next = False
                reason = Message(self._last_reason, kind="reason")
                self.out.say(reason)
                said.append(reason)
        if said:
            self._last_public = said
        self._update_screens()

    def _private_news(self, game: Game, seat: int, new_public: list[Event]) -> list[tuple[int, Message]]:
        """``seat``'s private messages for the new events, each with the index of the event it follows."""
        view = game.view(seat)
        new = list(view.events[self._seen[seat] :])
        self._seen[seat] = len(view.events)
        if self.rules.no_peeking and not view.my_turn:
            return []  # under no_peeking a hand is read only on its owner's turn
        news = self.narrator.private_indexed(seat, new)
        dealt = any(isinstance(e, Deal) for e in new)
        turn = next((i for i, e in enumerate(new_public) if isinstance(e, Turn) and e.player == seat), None)
        hand = Message(self._hand_words(view), audience=seat, kind="hand")
        if dealt:
            # The hand as it is now, after the books the deal made are laid (not the cards dealt): a player must
            # not ask for kings just laid down. Read at the first turn, after the books were told.
            first_turn = next((i for i, e in enumerate(new_public) if isinstance(e, Turn)), len(new_public))
            news.append((first_turn, replace(hand, text=self.pb.dealt_hand(view.hand, suits=self.rules.authors))))
        elif turn is not None:
            news.append((turn, hand))  # a new turn: read the hand, so a player can play by ear alone
        return news

    def _update_screens(self) -> None:
        game = self.game
        if game is None or not self.out.observers:
            return
        totals = [t + s for t, s in zip(self.session.totals, game.scores, strict=True)]
        public = public_snapshot(game.public_view(), session_scores=totals, games=self.session.games)
        private = {}
        for seat in self.humans:
            view = game.view(seat)
            private[seat] = private_snapshot(view, may_read_hand=not self.rules.no_peeking or view.my_turn)
        self.out.update(public, private)


def _logged(objects: list[dict[str, object]]) -> LoggedGame:
    read_log_lines(json.dumps(obj) for obj in objects)
    return LoggedGame(start_line=1, objects=list(objects), line_numbers=list(range(1, len(objects) + 1)))


def resume_loop(
    save_path: Path,
    *,
    ears: Ears,
    outputs: Channels,
    on_rate: Callable[[int], None] | None = None,
    voice_check: int = 0,
    talk_patience: float = TALK_PATIENCE,
    log_path: Path | None = None,
    lang: str | None = None,
    verbose_narration: bool = False,
) -> TableLoop:
    """Rebuild a table loop from a save file, replaying (and checking) every saved game through the engine.
    ``voice_check``, ``talk_patience``: as for :class:`TableLoop` (the recognizer of a new process has forgotten
    every voice); ``log_path``: where the log goes (default: the save's); ``lang``: the table's language (default:
    the save's); ``verbose_narration``: as for :class:`TableLoop`. A save that cannot be replayed raises
    :class:`SaveError` and is left as it is."""
    data = load_save(save_path)
    seats = [SeatSpec(s["name"], s["kind"]) for s in data.seats]
    loop = TableLoop(
        seats,
        RuleSet.from_names(data.rules),
        ears=ears,
        outputs=outputs,
        games=data.games,
        seed=data.seed,
        first_dealer=data.first_dealer,
        save_path=save_path,
        log_path=log_path if log_path is not None else (Path(data.log_path) if data.log_path else None),
        on_rate=on_rate,
        voice_check=voice_check,
        talk_patience=talk_patience,
        lang=lang or data.lang,
        verbose_narration=verbose_narration,
    )
    names = [s.name for s in seats]
    games = []
    for number, objects in enumerate([*data.finished, *([data.current] if data.current else [])], start=1):
        if not objects or objects[0].get("event") != "game_start":
            raise SaveError("save_game_unbegun", path=str(save_path))
        if objects[0].get("players") != names:
            raise SaveError("save_game_other_players", path=str(save_path))
        try:  # each line checked as a log file's are, so a damaged one is named (issue 28 item 5)
            replayed = replay(_logged(objects))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:  # LogError is a ValueError
            raise SaveError("save_unreplayable", path=str(save_path), game=number, problem=str(exc)) from None
        games.append(replayed)
    finished = games[: len(data.finished)]
    if any(not g.over for g in finished):
        raise SaveError("save_game_unfinished", path=str(save_path))
    for game in finished:
        loop.finished_logs.append(game_lines(game))
        loop.session.record(game)
    if data.current:
        game = games[-1]
        loop._begin_game(game, resumed=True)
        if game.over:
            loop._finish_game(game)
    elif loop.finished_logs:
        loop._write_log()  # e.g. a save kept because its games could be written to no log: to the log now
    return loop
