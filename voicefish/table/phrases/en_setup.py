"""The English sentences around the game: the voice check, saving, the game log and the devices, the terminal
reveal, the pages and their links, and the play command's questions. :mod:`voicefish.table.phrasebook` exposes
them with the rest of the English phrasebook; each language has its own ``<code>_setup`` module beside this one."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank
from voicefish.table.words import card_name, rank_plural

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


# said aloud once when the asked-for speaker cannot be used (the reason, other_speaker, is only shown)
OTHER_SPEAKER_SAID = (
    "I can't use the speaker you asked for, so I'm talking through the default one. The reason is on the screen."
)


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


# --- the recognizer: which one listens, said once at the start (voicefish.table.voice) -----------
# ``model`` is a model's name (``whisper-base``, ``vosk-model-small-en-us-0.15``), never translated.


def listening_whisper(model: str) -> str:
    return f"Listening with Whisper ({model})."


def listening_whisper_in_language(model: str) -> str:
    """Whisper told the table's language (every table but an English one)."""
    return f"Listening with Whisper ({model}) in English."


def listening_whisper_first(model: str) -> str:
    """The default ear: Whisper decides every utterance, pocketsphinx stands in when Whisper is too slow."""
    return f"Listening with Whisper ({model}); pocketsphinx stands in if it is too slow."


def listening_hybrid(model: str) -> str:
    return f"Listening with pocketsphinx, and Whisper ({model}) when it is unsure."


def listening_sphinx_alone(why: str) -> str:
    """Whisper cannot be used (``why``: :func:`whisper_too_slow`, or the reason Whisper gave)."""
    return f"Listening with pocketsphinx alone: {why}."


def listening_sphinx_for_now(why: str) -> str:
    """Whisper is loaded but too slow at the start (``why``: :func:`whisper_too_slow`): it rests and is tried again
    later, and pocketsphinx listens meanwhile."""
    return f"Listening with pocketsphinx for now: {why}. Whisper is tried again later."


def whisper_too_slow(seconds: float, limit: float) -> str:
    """Whisper, timed at the start on a short clip, took ``seconds`` (more than ``limit``)."""
    return f"Whisper took {seconds:.1f} s for a short utterance on this computer (limit {limit:g} s)"


def whisper_gave_up(seconds: float, limit: float) -> str:
    """Whisper's median decode took ``seconds`` (more than ``limit``), so it rests a while."""
    return (
        f"Whisper took {seconds:.1f} s per utterance on this computer (more than {limit:.1f} s), "
        "so pocketsphinx listens alone for a while; Whisper is tried again later."
    )


def english_only_model(model: str, instead: str) -> str:
    """An English-only Whisper model was asked for at a table in another language: ``instead`` listens."""
    return f"{model} understands English only, so I listen with {instead}."


def listening_vosk(model: str) -> str:
    return f"Listening with Vosk ({model})."


LISTENING_SPHINX_ASKED = (
    "Listening with pocketsphinx, the ear you chose. The default ear, Whisper, hears people better: play without"
    " --backend."
)
"""``--backend pocketsphinx`` was asked for (an English table: pocketsphinx hears English only)."""


NO_VOSK_MODEL = (
    "no Vosk model is installed; get one with 'voicefish models download NAME' or use --backend pocketsphinx"
)
NO_VOSK_MODEL_HERE = "no Vosk model for this language is installed; use --backend whisper (the default)"
SPHINX_ENGLISH_ONLY = "pocketsphinx understands English only; use --backend whisper or vosk"


# --- Issue 33 (voice turn): typing offered in a voice game; the better recognizer resting and back ---------------
OR_TYPE_IT = "Or type your ask here at the keyboard and press Enter."
"""After repeated misses in a voice game (spoken and shown): a typed line is taken too, while the table listens."""
QUICKER_EAR = "This computer is busy, so I'll listen with the quicker ear for now."
"""Said once when Whisper proves too slow on a busy computer and pocketsphinx listens alone for a while."""
BETTER_EAR_BACK = "I'm listening with the better ear again."
"""Said once when Whisper, tried again, is fast enough and listens again."""
