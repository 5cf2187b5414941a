"""Every sentence the table says, in English: with :mod:`voicefish.table.phrases.en_setup` (the sentences around the
game: the voice check, saves, devices, the terminal reveal, the pages, links and the play command's questions, exposed
here) and :mod:`voicefish.table.words` (its vocabulary), the only modules a translator rewrites. Agreement — plurals,
articles, "is"/"are" — comes from rules in ``words``, never from words pasted into a sentence elsewhere.

Functions take names and values and return finished sentences; nothing here knows the game's state.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots import reasons
from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank
from voicefish.table.phrases.en_setup import *  # noqa: F403  (the sentences around the game, exposed here)
from voicefish.table.words import (
    a_rank,
    card_name,
    cards_phrase,
    join,
    number,
    plural,
    rank_count,
    rank_plural,
)

# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Game {game}. {dealer} deals."


def everyone_gets(n: int) -> str:
    return f"Everyone gets {plural(n, 'card')}."


def some_get(names: Sequence[str], n: int) -> str:
    """The deal of a tie-break, where only the tied players get cards."""
    return f"{join(list(names))} get {plural(n, 'card')} each."


def your_turn(name: str) -> str:
    return f"{name}, your turn."


def goes_again(name: str) -> str:
    return f"{name} goes again."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    """What an asking (computer) player says: ``Sam, do you have any jacks?``."""
    if card is not None:
        return f"{target}, do you have {card_name(card)}?"
    return f"{target}, do you have any {rank_plural(rank)}?"


def _asks(asker: str, target: str, rank: Rank, card: Card | None, because: str = "") -> str:
    what = card_name(card) if card is not None else rank_plural(rank)
    return f"{asker} asks {target} for {what}" + (f", {because}" if because else "")


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    return f"{_asks(asker, target, rank, card)}."


# Compact narration (the default): an ask and its outcome in one sentence. A computer player going on is not said:
# its next ask names it. ``because``: why a computer player asked (``--explain``), a clause of :func:`reason_clause`.


def asked_gives(asker: str, target: str, rank: Rank, card: Card | None, count: int, *, because: str = "") -> str:
    """``Leo asks Sam for sevens: Sam gives two.``"""
    gave = f"{target} has it" if card is not None else f"{target} gives {number(count)}"
    return f"{_asks(asker, target, rank, card, because)}: {gave}."


def asked_go_fish(asker: str, target: str, rank: Rank, card: Card | None, caught: bool, *, because: str = "") -> str:
    """``Leo asks Sam for sevens: go fish.``; ``caught``: "... go fish — Leo fished a seven."."""
    said = f"{_asks(asker, target, rank, card, because)}: go fish"
    if not caught:
        return f"{said}."
    fished = "it" if card is not None else a_rank(rank)
    return f"{said} — {asker} fished {fished}."


def asked_pond_empty(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    """Go Fish with nothing left to draw (the turn passes)."""
    return f"{_asks(asker, target, rank, card, because)}: go fish, but the pond is empty."


def asked_plays_next(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    """Under ``continuous`` with an empty pond: the asked player had none and takes the turn."""
    none = "doesn't have it" if card is not None else "has none"
    return f"{_asks(asker, target, rank, card, because)}: {target} {none} and plays next."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_count(rank, count)
    return f"{giver} has {what}. {receiver} takes {'it' if count == 1 else 'them'}."


def go_fish_draws(asker: str) -> str:
    return f"Go Fish! {asker} draws."


def go_fish_pond_empty(asker: str) -> str:
    return f"Go Fish! The pond is empty, so {asker} can't draw."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    """Under ``continuous`` with an empty pond: the asked player had none and takes the turn."""
    if card is not None:
        return f"{target} doesn't have {card_name(card)}. {target} plays next."
    return f"{target} has no {rank_plural(rank)}. {target} plays next."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card) if exact else a_rank(card.rank)
    return f"Lucky! {player} fished {what}, just what was asked for."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} lays down a {'pair' if pairs else 'book'} of {rank_plural(rank)}."


def refills(player: str, count: int) -> str:
    return f"{player} is out of cards and takes {number(count)} from the pond."


def is_out(player: str) -> str:
    return f"{player} has no cards left and is out of this game."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    book = "pair" if pairs else "book"
    return f"It's a tie! {join(list(names))} play one sudden-death hand. The first to lay a {book} wins."


def tiebreak_won(name: str) -> str:
    return f"{name} wins the tie-break and the game!"


def tiebreak_shared() -> str:
    return "The tie-break ended with no book: the win is shared."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    return ("point", "points") if point_fish else (("pair", "pairs") if pairs else ("book", "books"))


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    amount = plural(best, *unit)
    if len(winners) == 1:
        return f"Game over. {winners[0]} wins with {amount}! {scores}"
    return f"Game over. {join(list(winners))} tie with {amount} each. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


SCORE_LABEL = "Score"
"""The label of the score line at the end of a game."""


def session_score_label(played: int) -> str:
    return f"After {plural(played, 'game')}, the session score"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} is the champion of the session! Thanks for playing."
    return f"{join(list(names))} share the championship! Thanks for playing."


THANKS = "Thanks for playing!"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Your hand is empty."
    return f"You have {plural(len(cards), 'card')}: {cards_phrase(cards, suits=suits)}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Your hand is empty."
    return f"Your cards: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"You drew {card_name(card)}."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"You picked up {cards_phrase(cards, suits=suits)}."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"You got {cards_phrase(cards, suits=suits)}."


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "It's loud here, so please speak up."
"""Said when the ears heard nothing but the room's talk: the player may have been drowned by it."""

CHECK_EACH_ASK = "It's loud here, so I'll check each ask."
"""Said once a session, before the first question asked back only because the room is loud."""


def welcome_back(game: int, games: int) -> str:
    return f"Welcome back! We are in game {game} of {games}."


def its_your_turn(name: str) -> str:
    return f"{name}, it's your turn."


def didnt_catch(name: str) -> str:
    return f"Sorry, I didn't catch that. {name}, it's your turn."


def nothing_to_answer(name: str) -> str:
    return f"There's nothing to answer right now. {name}, it's your turn."


def pond(n: int) -> str:
    if n == 0:
        return "The pond is empty."
    return f"There {'is' if n == 1 else 'are'} {plural(n, 'card')} in the pond."


def has_cards(name: str, n: int) -> str:
    return f"{name} has {plural(n, 'card')}."


def go_on(name: str) -> str:
    return f"Let's go on. {name}, your turn."


SLOWER = "Okay, I'll speak more slowly."
FASTER = "Okay, I'll speak faster."
PAUSED = "Paused. Say anything when you're ready to go on."
STOP_QUESTION = "Stop the game now? It is saved, and you can go on later. Say yes or no."
SAY_IT_AGAIN = "Okay, say it again."
TRY_AGAIN = "Let's try that again."
YES_OR_NO = "Yes or no:"
EXACT_CARD = "In this game you ask for one exact card, like: the seven of hearts."


def unknown_player(name: str) -> str:
    return f"I don't know anyone called {name}."


def target_out(name: str) -> str:
    return f"{name} is out of this game. Ask someone else."


def said_again(text: str) -> str:
    """What was last said to the whole table, said again on "repeat": marked, so no one takes it for a new move."""
    return f"Again: {text}"


def whose_turn(name: str) -> str:
    return f"It's {name}'s turn."


def ask_yourself(name: str) -> str:
    return f"{name}, you can't ask yourself. Ask another player."


def held_card(card: Card | None) -> str:
    return f"You hold {card_name(card) if card is not None else 'that card'} yourself."


def did_you_say(rank: Rank, card: Card | None) -> str:
    """Asked back when the rank heard is not in the player's hand: a mishearing is likelier than a wrong ask."""
    return f"Did you say {card_name(card) if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    """Private: what the player can ask for, after two asks of a rank they do not hold."""
    return f"You can ask for {join([rank_plural(r) for r in ranks], 'or')}."


def another_way(target: str, rank: Rank) -> str:
    """After repeated misses: a shorter way to say an ask, the name and the rank alone."""
    return (
        f"Let's try it shorter: just the name and the rank, like: {target}, {rank_plural(rank)}. "
        "Or say help to hear what you can say."
    )


ASK_SELF = "you cannot ask yourself"


def unheld_rank(rank: Rank) -> str:
    """Private, after the player confirmed an ask for a rank they do not hold (never for a mishearing)."""
    return f"You said {rank_plural(rank)}, but you have none, so ask for a rank in your hand."


def which_player(candidates: Sequence[str]) -> str:
    return f"Did you mean {join(list(candidates), 'or')}? Just say the name."


def which_player_whole(candidates: Sequence[str]) -> str:
    """:func:`which_player` in a loud room, where a name said alone is most easily lost: the whole ask again."""
    return f"Did you mean {join(list(candidates), 'or')}? Please say the whole ask again."


def which_cards(name: str) -> str:
    """Said when an ask the player refused is heard again with no rank written out: the rank is what was misheard."""
    return f"Which cards do you want from {name}? Just say the rank."


def which_cards_whole(name: str) -> str:
    """:func:`which_cards` in a loud room, where a rank said alone is the word most easily lost: the whole ask again."""
    return f"Which cards do you want from {name}? Please say the whole ask again."


NO_REASON_YET = "No computer player has asked yet this game."


def new_link_made(name: str) -> str:
    return f"{name}, your new private link is ready. The old one no longer works."


NEW_LINK_NONE = "There is no private link to renew at this table."
NEW_LINK_FAILED = "Sorry, I could not make a new link right now."

describe_reason = reasons.describe
"""Why a computer player asked, in words (public facts only); each language's phrasebook has its own."""


def reason_clause(motive: Reason, players: Sequence[str]) -> str:
    """Why a computer player asked, as a clause of its compact sentence ("because Sam has the most cards")."""
    return reasons.because(motive, players)


# --- reprompts, help, history and stopping (the answers) -------------------------------------

THIS_GAME = "This game"
"""The label of the score of the game in play (asked for)."""
EARLIER_GAMES = "Earlier games"
"""The label of the session's score before this game."""
YES_NO_PROMPT = "yes/no"
"""Typed play: the prompt of a yes/no question."""
PAUSED_PROMPT = "paused, press Enter"
"""Typed play: the prompt while paused."""
DEALER = "Dealer"
"""Captions: who says the table's sentences."""
PRIVATE = "private"
"""Captions: the mark of a line only its owner should read."""
SAY_NAME_AND_RANK = "Say a player's name and a rank."
WANT_HELP = "Would you like some help? Say help to hear what you can say, or pause to take a break."
GOODBYE = "Game saved. Goodbye!"
NO_CLEAR_YES = "I didn't hear a clear yes, so the game goes on."
HELP_COMMANDS = (
    "You can also say: read my hand, what's the score, how many cards are left, whose turn is it, how many cards "
    "does someone have, what has someone asked for, why did they ask that, repeat, slower, faster, pause, or quit."
)
NOBODY_ASKED = "Nobody has asked yet."


def reason_words(reason: str) -> str:
    """A reason of the parser in this language ("nobody called Zed is in this game" names the player)."""
    return reason


def sorry(reason: str) -> str:
    """Why an ask cannot be played (the parser's reason)."""
    return f"Sorry, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Sorry, {reason_words(reason)}. {name}, it's still your turn."


def example(target: str, rank: Rank, card: Card | None) -> str:
    """An example of an ask (the table says the same ask every time: sevens, or the seven of hearts)."""
    if card is not None:
        return f"For example: {target}, do you have {card_name(card)}?"
    return f"For example: {target}, do you have any {rank_plural(rank)}?"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    """Private: an ask the player could make from their own hand."""
    if card is not None:
        return f"From your hand, you could say: {target}, do you have {card_name(card)}?"
    return f"From your hand, you could say: {target}, do you have any {rank_plural(rank)}?"


def help_intro(exact: bool) -> str:
    if exact:
        return "On your turn, ask for one exact card you don't hold, of a rank you do hold."
    return "On your turn, ask another player for a rank you hold."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    """One fact of the history: ``asker`` ("" when the history is of one player) asked ``target``; ``count`` cards
    came back (0: went fishing, ``caught`` the asked rank or card)."""
    what = card_name(card) if card else rank_plural(rank)
    result = f" and got {number(count)}" if count else " and went fishing" + (", catching one" if caught else "")
    who = f"{asker} " if asker else ""
    return f"{who}asked {target} for {what}{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    """The last asks of one player (the facts of :func:`asked` with no asker)."""
    if not facts:
        return f"{name} hasn't asked for anything yet this game."
    return f"{name} {join(list(facts), 'then')}."


def history_all(facts: Sequence[str]) -> str:
    """The last asks at the table."""
    return f"Recently, {join(list(facts), 'then')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Okay, let's keep playing. {name}, your turn."
