"""The table's answers: reprompts when nothing usable was heard, and the replies to a player's questions and
commands (read my hand, score, pond, whose turn, counts, history, repeat, help, why, new link, pause, quit)."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank, Suit
from voicefish.engine import AskEvent, Draw, Game, Give, GoFish, PlayerView
from voicefish.speech import intents as it
from voicefish.table.ears import TABLE_TALK, Heard, TellingEars, TypingEars
from voicefish.table.message import Message
from voicefish.table.parts import TableParts

__all__ = ["AnswersPart", "Stop"]


class Stop(Exception):
    """The players asked to stop (or the input ended): save and leave."""


class AnswersPart(TableParts):
    """Reprompts and answers, as a part of ``TableLoop``."""

    def _reprompt(self, game: Game, seat: int, misses: int, heard: Heard | None) -> None:
        """Escalating (voice design guidance, issue 33): first short, then specific with an example, then another
        way to say it (the name and the rank alone, which the grammar takes as an ask), the offer of help, and in a
        voice game typing at the keyboard (:meth:`_typing_offer`). What the recognizer took for talk not meant for
        the game is not caught, never the player's fault: no reason is told for it."""
        name = self.seats[seat].name
        level = (misses - 1) % self.max_reprompts
        reason = heard.intent.reason if heard is not None and isinstance(heard.intent, it.NoIntent) else ""
        if heard is not None and heard.reason in TABLE_TALK:
            reason = ""
        if level > 0 and (reason == self.pb.ASK_SELF or reason.startswith("nobody called")):
            # the reason an ask cannot be played is given every time, not only the first
            self._say(Message(self.pb.sorry(reason), kind="reprompt"))
        if level == 0:
            if reason:
                self._say(Message(self.pb.still_your_turn(reason, name), kind="reprompt"))
            elif heard is None and self._drowned():
                self._say(Message(f"{self.pb.its_your_turn(name)} {self.pb.SPEAK_UP}", kind="reprompt"))
            elif heard is None:
                self._say(Message(self.pb.its_your_turn(name), kind="reprompt"))
            else:
                self._say(Message(self.pb.didnt_catch(name), kind="reprompt"))
        elif level == 1:
            self._say(Message(f"{self.pb.SAY_NAME_AND_RANK} {self._example(game, seat)}", kind="reprompt"))
            self._private_example(game, seat)
        else:
            view = game.public_view()
            others = [self.seats[s].name for s in range(len(self.seats)) if s != seat and view.active[s]]
            shorter = self.pb.another_way(others[0] if others else name, Rank.SEVEN)
            self._say(Message(shorter + self._typing_offer(), kind="reprompt"))

    def _typing_offer(self) -> str:
        """The offer to type (:data:`OR_TYPE_IT` after a space) when the ears also take a line typed at the keyboard
        while they listen (a voice game with a terminal: issue 33, a way out for a player whose voice keeps being
        misheard), else an empty string."""
        return f" {self.pb.OR_TYPE_IT}" if isinstance(self.ears, TypingEars) and self.ears.typing else ""

    def _ears_news(self) -> None:
        """Say what the ears have to tell the table (the better recognizer resting on a busy computer, and back),
        each once, before the table listens again."""
        if isinstance(self.ears, TellingEars):
            for text in self.ears.news():
                self._say(Message(text, kind="info"))

    def _example(self, game: Game, seat: int) -> str:
        view = game.public_view()
        others = [self.seats[s].name for s in range(len(self.seats)) if s != seat and view.active[s]]
        target = others[0] if others else "Sam"
        card = Card(Rank.SEVEN, Suit.HEARTS) if self.rules.authors else None
        return str(self.pb.example(target, Rank.SEVEN, card))

    def _private_example(self, game: Game, seat: int) -> None:
        view = game.view(seat)
        others = [self.seats[s].name for s in range(len(self.seats)) if s != seat and view.active[s]]
        if not view.hand or not others:
            return
        card = view.hand[0]
        target = others[0]
        if self.rules.authors:
            want = [a for a in view.legal_actions() if a.card is not None]
            if want and want[0].card is not None:
                text = self.pb.you_could_say(target, want[0].card.rank, want[0].card)
            else:
                return
        else:
            text = self.pb.you_could_say(target, card.rank, None)
        self._say(Message(text, audience=seat, kind="help"))

    # --- commands -------------------------------------------------------------------

    def _command(self, game: Game, seat: int, intent: it.Intent, *, loud: bool = False) -> Heard | None:
        """Answer a command or question; what ended a pause when it was an ask (:meth:`_pause`), else None.
        ``loud``: it was heard in a room known to be loud (which player is then asked with the whole ask as the
        answer: :meth:`_which_player`)."""
        name = self.seats[seat].name
        pv = game.public_view()
        match intent:
            case it.ReadHand():
                self._say(Message(self._hand_words(game.view(seat)), audience=seat, kind="hand"))
            case it.Score():
                text = self.narrator.score_words(pv.scores, label=self.pb.THIS_GAME)
                if self.session.games > 1 and self.session.played:
                    text += " " + self.narrator.score_words(self.session.totals, label=self.pb.EARLIER_GAMES)
                self._say(Message(text, kind="score"))
            case it.Stock():
                n = pv.stock_size
                text = self.pb.pond(n)
                self._say(Message(text, kind="info"))
            case it.WhoseTurn():
                self._say(Message(self.pb.whose_turn(name), kind="info"))
            case it.Count():
                t = self._seat_of(intent.target)
                if t is None:
                    self._say(Message(self.pb.unknown_player(intent.target), kind="error"))
                else:
                    n = pv.hand_sizes[t]
                    self._say(Message(self.pb.has_cards(self.seats[t].name, n), kind="count"))
            case it.History():
                self._say(Message(self._history_words(pv, intent.target), kind="history"))
            case it.Repeat():
                if self._last_public:  # in the dealer's voice, marked: a move said again is not taken for a new one
                    again = " ".join(m.text for m in self._last_public)
                    self.out.say(Message(self.pb.said_again(again), kind="repeat"))
                else:
                    self._say(Message(self.pb.its_your_turn(name), kind="turn"))
            case it.Help():
                self._help(game, seat)
            case it.Yes() | it.No():
                self._say(Message(self.pb.nothing_to_answer(name), kind="prompt"))
            case it.Pause():
                return self._pause(game, seat)
            case it.Quit():
                self._quit(game, seat)
            case it.Slower():
                if self.on_rate is not None:
                    self.on_rate(-1)
                self._say(Message(self.pb.SLOWER, kind="info"))
            case it.Faster():
                if self.on_rate is not None:
                    self.on_rate(+1)
                self._say(Message(self.pb.FASTER, kind="info"))
            case it.Why():
                self._say(Message(self._last_reason or self.pb.NO_REASON_YET, kind="reason"))
            case it.NewLink():
                self._new_link(seat)
            case it.Ambiguous():
                self._say(Message(self._which_player(intent.candidates, loud), kind="prompt"))
            case _:
                self._say(Message(self.pb.didnt_catch(name), kind="reprompt"))
        return None

    def _which_player(self, candidates: Sequence[str], loud: bool) -> str:
        """ "Did you mean Fatima or Wen?" asking for the name alone, or in a room known to be loud for the whole ask
        again: a name said alone was lost or heard as other words in babble ("Wen." written "Yes, ma'am.", flite awb,
        voice game seed 321), and the whole ask was heard right and played at once more often
        (``bench/which_answer_bench.py --kinds again-name``: tuning voices, babble 10 dB, 10 → 22 of 48)."""
        return str(self.pb.which_player_whole(candidates) if loud else self.pb.which_player(candidates))

    def _new_link(self, seat: int) -> None:
        """A new private link for ``seat`` when the outputs can make one (``Outputs.renew_link``)."""
        renew = getattr(self.out, "renew_link", None)
        if renew is None:
            self._say(Message(self.pb.NEW_LINK_NONE, kind="info"))
            return
        try:
            made = bool(renew(seat))
        except OSError:
            made = False
            self._say(Message(self.pb.NEW_LINK_FAILED, kind="error"))
            return
        self._say(Message(self.pb.new_link_made(self.seats[seat].name) if made else self.pb.NEW_LINK_NONE, kind="info"))

    def _hand_words(self, view: PlayerView) -> str:
        return str(self.pb.hand(view.hand, suits=self.rules.authors))

    def _history_words(self, pv: PlayerView, target: str | None) -> str:
        """What a player asked for and what came of it — public facts only (the public view's events)."""
        t = self._seat_of(target) if target else None
        facts: list[str] = []
        events = list(pv.events)
        for i, ev in enumerate(events):
            if not isinstance(ev, AskEvent) or (t is not None and ev.player != t):
                continue
            nxt = events[i + 1] if i + 1 < len(events) else None
            count = nxt.count if isinstance(nxt, Give) else 0
            after = events[i + 2] if i + 2 < len(events) else None
            caught = isinstance(nxt, GoFish) and isinstance(after, Draw) and after.matched
            who = "" if t is not None else self.seats[ev.player].name
            facts.append(self.pb.asked(who, self.seats[ev.target].name, ev.rank, ev.card, count, caught))
        recent = facts[-5:]
        if t is not None:
            return str(self.pb.history_of(self.seats[t].name, recent))
        return str(self.pb.history_all(recent))

    def _help(self, game: Game, seat: int) -> None:
        intro = self.pb.help_intro(self.rules.authors)
        self._say(Message(f"{intro} {self._example(game, seat)} {self.pb.HELP_COMMANDS}", kind="help"))
        self._private_example(game, seat)

    def _pause(self, game: Game, seat: int) -> Heard | None:
        """Paused until anything is said. What ended it, when it was an ask ("Wen, any nines?", or one naming two
        players): returned, to be heard as the turn's next utterance (the player need not say it twice, and the
        table does not say "your turn" over it); else the turn goes on with "Let's go on."."""
        self._save()
        self._say(Message(self.pb.PAUSED, kind="info"))
        while True:
            heard = self.ears.listen(self._request(game, seat, "pause"))
            if heard is None:
                continue
            if isinstance(heard.intent, it.Quit):
                self._quit(game, seat)
                return None
            break
        if isinstance(heard.intent, it.Ask | it.Ambiguous):
            return heard
        self._say(Message(self.pb.go_on(self.seats[seat].name), kind="turn"))
        return None

    def _quit(self, game: Game, seat: int) -> None:
        """Ask before stopping. Only a sure "yes" (or "quit" again) stops the game: a "quit" the recognizer made
        of the room's talk, with nobody answering, or an answer it was unsure of, must not end it. No clear
        answer after asking twice keeps the game going."""
        question = self.pb.STOP_QUESTION
        louder = ""
        for _ in range(2):
            self._say(Message(louder + question, kind="confirm"))
            heard = self.ears.listen(self._request(game, seat, "confirm", question))
            if heard is not None and isinstance(heard.intent, it.Yes | it.Quit) and not heard.confirm:
                self._say(Message(self.pb.GOODBYE, kind="info"))
                raise Stop
            if heard is not None and isinstance(heard.intent, it.No):
                break
            louder = self._speak_up(heard)
        else:
            self._say(Message(self.pb.NO_CLEAR_YES, kind="info"))
        self._say(Message(self.pb.keep_playing(self.seats[seat].name), kind="turn"))
