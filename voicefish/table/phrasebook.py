"""Every sentence the table says, in English: the one module a translator rewrites (with
:mod:`voicefish.table.words`, its vocabulary). Agreement — plurals, articles, "is"/"are" — comes from rules in
``words``, never from words pasted into a sentence elsewhere.

Functions take names and values and return finished sentences; nothing here knows the game's state.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots import reasons
from voicefish.cards import Card, Rank
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


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_plural(rank)
    return f"{asker} asks {target} for {what}."


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


# --- asking back, the voice check (voicefish.table.checking) ------------------------------------


def confirm_ask(target: str, rank: Rank, card: Card | None) -> str:
    """An ask heard but not surely: asked back before it is played (``Sam, for sevens?``)."""
    return f"{target}, for {card_name(card) if card is not None else rank_plural(rank)}?"


_CHECK_ASKS = (
    "{n}, do you have any sevens?",
    "Ask {n} for kings.",
    "{n}, give me all your fives.",
    "Got any queens, {n}?",
    "{n}, have you got any threes?",
    "{n}, do you have any aces?",
    "Do you have any nines, {n}?",
    "{n}, give me all your jacks.",
)


def check_prompt(index: int, target: str) -> str:
    """The ``index``-th sentence a player repeats in the voice check, asking ``target``: an ask of this language's
    grammar (the recognizer learns only from those), over many ranks' sounds and the usual phrasings."""
    return _CHECK_ASKS[index % len(_CHECK_ASKS)].format(n=target)


def voice_check_intro(resumed: bool) -> str:
    when = "Before we go on" if resumed else "Before I deal"
    return (
        f"{when}, a quick voice check, so I learn how each of you sounds. "
        "Say each sentence after me, or say no to skip it."
    )


def loud_check_intro(name: str) -> str:
    return f"It's loud here now, so {name}, a quick voice check in the noise. Say each sentence after me, or no."


def please_say(name: str, sentence: str) -> str:
    return f"{name}, please say: {sentence}"


def voice_remembered(name: str) -> str:
    return f"{name}, I remember your voice."


def voice_relearnt(name: str) -> str:
    return f"{name}, I could not use your saved voice, so I will learn it again."


def thank_you(name: str) -> str:
    return f"Thank you, {name}."


NO_VOICE_CHECK = "Okay, no voice check."
NO_VOICE_CHECK_PLAY = "Okay, no voice check. Let's play."

# --- saving, the game log and the devices -----------------------------------------------------

DISK_FULL = "the disk is full"
DISK_READ_ONLY = "the disk is read-only"
FOLDER_LOCKED = "the folder may not be written to"


def cannot_save(problem: str) -> str:
    """A save failed (``problem``: :data:`DISK_FULL`, … or the system's words); play goes on."""
    return (
        f"I can't save the game: {problem}. The last good save is kept, and the game goes on; "
        "I'll say when saving works again."
    )


SAVED_AGAIN = "The game is saved again."


def log_refused(problem: str) -> str:
    """The log file is not one voicefish may write over (``problem``: why, with its path)."""
    return f"I won't write the game log there: {problem}."


def log_kept_in_save(path: str, problem: str) -> str:
    return f"I can't write the game log to {path} ({problem}); the games so far stay in the save."


def log_moved(path: str, problem: str, spare: str) -> str:
    return f"I can't write the game log to {path} ({problem}), so it is in {spare}."


def no_microphone(problem: str) -> str:
    return f"I can't listen through a microphone here: {problem}. Type your moves instead."


NO_SPEAKER = "There is no speaker to talk through, so everything is shown in captions."


def speech_off(problem: str) -> str:
    return f"Speech is off ({problem}); everything is shown in captions."


def cannot_speak(problem: str) -> str:
    """No speech at all (``problem``: why, with what to do, in the system's words)."""
    return f"I can't speak: {problem}; the game will show captions in the terminal instead."


def other_speaker(problem: str, output: str) -> str:
    """The output asked for cannot be used (``problem``); the default one (``output``, its name or "") speaks."""
    where = f" ({output})" if output else ""
    return f"I can't use the speaker you asked for: {problem}. I'm speaking through the default output{where}."


# --- the terminal reveal (voicefish.outputs.terminal) -----------------------------------------


def reveal_prompt(name: str) -> str:
    return f"{name}: press Enter to see your cards (everyone else, look away)"


def reveal_hide(name: str) -> str:
    return f"{name}: press Enter to hide"


def reveal_kept(name: str) -> str:
    return f"{name}: no keyboard, so your private message is kept for later."


# --- the screens: the table page and the private pages (voicefish.outputs.pages) --------------
# Texts of a page's script: {0} and {1} are filled in by the page (a name, a number, the rules).


def card_count(n: int) -> str:
    """How many cards a private page shows in its player's hand: ``1 card``, ``5 cards`` (digits)."""
    return f"{n} card" if n == 1 else f"{n} cards"


GAME_NAME = "Go Fish"
PAGE_TABLE_TITLE = "{0} \u2014 table"
PAGE_PRIVATE_TITLE = "{0} \u2014 private"
PAGE_CONNECTING = "Connecting\u2026"
PAGE_LIVE = "Live"
PAGE_LOST = "Connection lost, reconnecting\u2026"
PAGE_GONE = "This page is no longer valid ({0})."
PAGE_ENDED = "The game has ended. You can close this page."
PAGE_REPLACED = "This link has been replaced by a new one; this page no longer updates."
PAGE_NOT_VALID = "This link is not valid for the game now running."
NEW_LINK_HOW = (
    'say or type "new link" at the table: the old link stops working and the new one is shown on the table screen '
    "and in the terminal."
)
NEW_LINK_ADVICE = f"To get a new link, {NEW_LINK_HOW}"
PAGE_WAITING = "Waiting for the game to start\u2026"
PAGE_TURN_OF = "{0}'s turn"
PAGE_TIEBREAK = "(tie-break)"
PAGE_GAME = "Game {0}"
PAGE_GAME_OF = "Game {0} of {1}"
PAGE_OVER = "Game over."
PAGE_WINS = "Game over. {0} wins!"
PAGE_SHARE = "Game over. {0} and {1} share the win."
PAGE_RULES = "Rules: {0}"
PAGE_CLASSIC = "Classic rules"
PAGE_SCAN = "{0}, scan for your cards:"
PAGE_QR = "QR code with {0}'s private link"
PAGE_STOCK = "Cards in the stock:"
PAGE_PLAYERS = "Players"
PAGE_PLAYER = "Player"
PAGE_CARDS = "Cards"
PAGE_BOOKS = "Books"
PAGE_SCORE = "Score"
PAGE_SESSION = "Session"
PAGE_SAID = "What was said"
PAGE_PRIVATE_PAGES = "Private pages"
PAGE_SCAN_HELP = (
    "Each player scans their own code with their phone. A code disappears after its first use, and its link then "
    "works only on the phone that opened it."
)
PAGE_LOCAL_ONLY = (
    "These links work on this computer only: start the game with {0} so phones on the same network can open them."
)
PAGE_CARDS_OF = "{0}\u2019s cards"
PAGE_NEEDS_SCRIPT = "This page needs JavaScript to show your cards."
PAGE_TAP = "Tap to see your cards"
PAGE_YOUR_HAND = "Your hand"
PAGE_HIDE = "Hide my cards"
PAGE_JUST_FOR_YOU = "Just for you"
PAGE_THIS_LINK = "This link"
PAGE_LINK_HELP = (
    "It works only on this device. If someone else may have seen it, get a new one here: the old link stops "
    "working right away."
)
PAGE_RENEW = "Get a new link for this device"
PAGE_GAME_IS_OVER = "The game is over."
PAGE_YOUR_TURN = "Your turn!"
PAGE_YOUR_TURN_SAID = "Your turn."
PAGE_NO_PEEKING = "No peeking: you may look at your cards only during your turn."
PAGE_NO_CARDS = "No cards in your hand."
PAGE_JUST_DREW = "You just drew:"
PAGE_NEW_CARD = "You have a new card. Tap to see your cards."
PAGE_IN_USE = "This link is in use on another device."
PAGE_NOT_HERE = "This link does not work here."
PAGE_NO_ANSWER = "The table did not answer; try again."
PAGE_FORBIDDEN = "This private page needs its player's own link."
PAGE_OUTDATED = "This link has been replaced by a newer one and no longer works. Use the newest link, or get another:"
PAGE_ELSEWHERE = (
    "This private page is already open on another device, and only that device can show it. If that device is not "
    "yours, or you cannot use it any more,"
)


# --- the links printed in the terminal (voicefish.outputs.server) ----------------------------

LINKS_TABLE = "Table screen (with the join codes; keep it on this computer or the shared screen):"
LINKS_PUBLIC = "Table page for anyone else (no codes):"


def links_private(name: str) -> str:
    return (
        f"{name}: open your private page on your phone or a screen only you can see (it works on the first device "
        "that opens it):"
    )


def links_renewed(name: str) -> str:
    return f"New private link for {name} (the old one no longer works):"


# --- the play command's questions at the terminal (voicefish.commands.play) --------------------


def ask_name(default: str) -> str:
    return f"What's your name? [{default}]"


def resume_offer(names: Sequence[str], game: int, games: int) -> str:
    return f"A saved game was found ({', '.join(names)}, game {game} of {games}). Go on with it?"


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
EXACT_CARD = "In this game you ask for one exact card, like: the seven of hearts."


def unknown_player(name: str) -> str:
    return f"I don't know anyone called {name}."


def target_out(name: str) -> str:
    return f"{name} is out of this game. Ask someone else."


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
    return f"Did you mean {join(list(candidates), 'or')}? Please say it again with the name."


NO_REASON_YET = "No computer player has asked yet this game."


def new_link_made(name: str) -> str:
    return f"{name}, your new private link is ready. The old one no longer works."


NEW_LINK_NONE = "There is no private link to renew at this table."
NEW_LINK_FAILED = "Sorry, I could not make a new link right now."

describe_reason = reasons.describe
"""Why a computer player asked, in words (public facts only); each language's phrasebook has its own."""

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
