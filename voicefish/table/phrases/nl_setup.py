"""The Dutch sentences around the game: the voice check, saving, the game log and the devices, the terminal
reveal, the pages and their links, and the play command's questions. :mod:`voicefish.table.phrases.nl` exposes them
with the rest of the Dutch phrasebook."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank
from voicefish.table.phrases._common import decimal_comma
from voicefish.table.phrases.nl_words import card_name, rank_plural

# --- asking back, the voice check (voicefish.table.checking) ------------------------------------


def confirm_ask(target: str, rank: Rank, card: Card | None) -> str:
    return f"{target}, {card_name(card) if card is not None else rank_plural(rank)}?"


_CHECK_ASKS = (
    "{n}, heb je zevens?",
    "{n}, geef me je heren.",
    "Heb je vijven, {n}?",
    "{n}, heb je vrouwen?",
    "{n}, geef me je drieën.",
    "{n}, heb je een aas?",
    "Heb je negens, {n}?",
    "{n}, geef me je boeren.",
)


def check_prompt(index: int, target: str) -> str:
    return _CHECK_ASKS[index % len(_CHECK_ASKS)].format(n=target)


def voice_check_intro(resumed: bool) -> str:
    when = "Voor we verdergaan" if resumed else "Voor ik deel"
    return (
        f"{when}: een korte stemtest, zodat ik leer hoe ieder van jullie klinkt. "
        "Zeg elke zin na, of zeg nee om hem over te slaan."
    )


def loud_check_intro(name: str) -> str:
    return f"Het is hier nu luid, dus {name}, een korte stemtest in het lawaai. Zeg elke zin na, of zeg nee."


def please_say(name: str, sentence: str) -> str:
    return f"{name}, zeg alsjeblieft: {sentence}"


def voice_remembered(name: str) -> str:
    return f"{name}, ik herken je stem nog."


def voice_relearnt(name: str) -> str:
    return f"{name}, ik kon je bewaarde stem niet gebruiken, dus ik leer hem opnieuw."


def thank_you(name: str) -> str:
    return f"Dank je, {name}."


NO_VOICE_CHECK = "Goed, geen stemtest."
NO_VOICE_CHECK_PLAY = "Goed, geen stemtest. We spelen."

# --- saving, the game log and the devices -----------------------------------------------------

DISK_FULL = "de schijf is vol"
DISK_READ_ONLY = "de schijf is alleen-lezen"
FOLDER_LOCKED = "er mag niet in de map geschreven worden"


def cannot_save(problem: str) -> str:
    return (
        f"Ik kan het spel niet opslaan: {problem}. De laatste goede opslag blijft bewaard en het spel gaat door; "
        "ik zeg het wanneer opslaan weer werkt."
    )


SAVED_AGAIN = "Het spel is weer opgeslagen."


def log_refused(problem: str) -> str:
    return f"Ik schrijf het spelverslag daar niet: {problem}."


def log_kept_in_save(path: str, problem: str) -> str:
    return f"Ik kan het spelverslag niet naar {path} schrijven ({problem}); de gespeelde spellen blijven in de opslag."


def log_moved(path: str, problem: str, spare: str) -> str:
    return f"Ik kan het spelverslag niet naar {path} schrijven ({problem}), dus het staat in {spare}."


def no_microphone(problem: str) -> str:
    return f"Ik kan hier niet via een microfoon luisteren: {problem}. Typ je zetten maar."


NO_SPEAKER = "Er is geen luidspreker om door te praten, dus alles verschijnt als ondertiteling."


def speech_off(problem: str) -> str:
    return f"Spraak staat uit ({problem}); alles verschijnt als ondertiteling."


def cannot_speak(problem: str) -> str:
    return f"Ik kan niet spreken: {problem}; het spel toont in plaats daarvan ondertiteling in de terminal."


def other_speaker(problem: str, output: str) -> str:
    where = f" ({output})" if output else ""
    return f"Ik kan de gevraagde luidspreker niet gebruiken: {problem}. Ik spreek via de standaarduitgang{where}."


# said aloud once when the asked-for speaker cannot be used (the reason, other_speaker, is only shown)
OTHER_SPEAKER_SAID = (
    "Ik kan de gevraagde luidspreker niet gebruiken, dus ik spreek via de standaardluidspreker. "
    "De reden staat op het scherm."
)


# --- the terminal reveal (voicefish.outputs.terminal) -----------------------------------------


def reveal_prompt(name: str) -> str:
    return f"{name}: druk op Enter om je kaarten te zien (de anderen kijken even weg)"


def reveal_hide(name: str) -> str:
    return f"{name}: druk op Enter om ze te verbergen"


def reveal_kept(name: str) -> str:
    return f"{name}: geen toetsenbord, dus je privébericht wordt bewaard voor straks."


# --- the screens: the table page and the private pages (voicefish.outputs.pages) --------------


def card_count(n: int) -> str:
    return f"{n} kaart" if n == 1 else f"{n} kaarten"


GAME_NAME = "Go Fish"
PAGE_TABLE_TITLE = "{0} \u2014 tafel"
PAGE_PRIVATE_TITLE = "{0} \u2014 privé"
PAGE_CONNECTING = "Verbinden\u2026"
PAGE_LIVE = "Live"
PAGE_LOST = "Verbinding verbroken, opnieuw verbinden\u2026"
PAGE_GONE = "Deze pagina is niet meer geldig ({0})."
PAGE_ENDED = "Het spel is afgelopen. Je kunt deze pagina sluiten."
PAGE_REPLACED = "Deze link is vervangen door een nieuwe; deze pagina wordt niet meer bijgewerkt."
PAGE_NOT_VALID = "Deze link geldt niet voor het spel dat nu loopt."
NEW_LINK_HOW = (
    "zeg of typ „nieuwe link” aan tafel: de oude link werkt dan niet meer en de nieuwe verschijnt op het tafelscherm "
    "en in de terminal."
)
NEW_LINK_ADVICE = f"Voor een nieuwe link: {NEW_LINK_HOW}"
PAGE_WAITING = "Wachten tot het spel begint\u2026"
PAGE_TURN_OF = "{0} is aan de beurt"
PAGE_TIEBREAK = "(beslissing)"
PAGE_GAME = "Spel {0}"
PAGE_GAME_OF = "Spel {0} van {1}"
PAGE_OVER = "Het spel is uit."
PAGE_WINS = "Het spel is uit. {0} wint!"
PAGE_SHARE = "Het spel is uit. {0} en {1} delen de winst."
PAGE_RULES = "Regels: {0}"
PAGE_CLASSIC = "Klassieke regels"
PAGE_SCAN = "{0}, scan de code voor je kaarten:"
PAGE_QR = "QR-code met de privélink van {0}"
PAGE_STOCK = "Kaarten op de stok:"
PAGE_PLAYERS = "Spelers"
PAGE_PLAYER = "Speler"
PAGE_CARDS = "Kaarten"
PAGE_BOOKS = "Boeken"
PAGE_SCORE = "Punten"
PAGE_SESSION = "Avond"
PAGE_SAID = "Wat er gezegd is"
PAGE_PRIVATE_PAGES = "Privépagina's"
PAGE_SCAN_HELP = (
    "Elke speler scant zijn eigen code met de telefoon. Een code verdwijnt zodra hij gebruikt is, en daarna werkt "
    "de link alleen op de telefoon die hem opende."
)
PAGE_LOCAL_ONLY = (
    "Deze links werken alleen op deze computer: start het spel met {0} zodat telefoons op hetzelfde netwerk ze "
    "kunnen openen."
)
PAGE_CARDS_OF = "Kaarten van {0}"
PAGE_NEEDS_SCRIPT = "Deze pagina heeft JavaScript nodig om je kaarten te tonen."
PAGE_TAP = "Tik om je kaarten te zien"
PAGE_YOUR_HAND = "Jouw hand"
PAGE_HIDE = "Verberg mijn kaarten"
PAGE_JUST_FOR_YOU = "Alleen voor jou"
PAGE_THIS_LINK = "Deze link"
PAGE_LINK_HELP = (
    "Hij werkt alleen op dit apparaat. Als iemand anders hem gezien kan hebben, vraag hier een nieuwe: de oude werkt "
    "meteen niet meer."
)
PAGE_RENEW = "Een nieuwe link voor dit apparaat"
PAGE_GAME_IS_OVER = "Het spel is afgelopen."
PAGE_YOUR_TURN = "Jij bent aan de beurt!"
PAGE_YOUR_TURN_SAID = "Jij bent aan de beurt."
PAGE_NO_PEEKING = "Niet spieken: je mag je kaarten alleen tijdens je beurt bekijken."
PAGE_NO_CARDS = "Je hebt geen kaarten in je hand."
PAGE_JUST_DREW = "Je trok net:"
PAGE_NEW_CARD = "Je hebt een nieuwe kaart. Tik om je kaarten te zien."
PAGE_IN_USE = "Deze link wordt op een ander apparaat gebruikt."
PAGE_NOT_HERE = "Deze link werkt hier niet."
PAGE_NO_ANSWER = "De tafel gaf geen antwoord; probeer het opnieuw."
PAGE_FORBIDDEN = "Deze privépagina heeft de eigen link van haar speler nodig."
PAGE_OUTDATED = (
    "Deze link is vervangen door een nieuwere en werkt niet meer. Gebruik de nieuwste link, of vraag er een:"
)
PAGE_ELSEWHERE = (
    "Deze privépagina is al open op een ander apparaat, en alleen dat apparaat kan haar tonen. Als dat apparaat niet "
    "van jou is, of je het niet meer kunt gebruiken,"
)


# --- the links printed in the terminal (voicefish.outputs.server) ----------------------------

LINKS_TABLE = "Tafelscherm (met de codes om mee te doen; houd het op deze computer of op het gedeelde scherm):"
LINKS_PUBLIC = "Tafelpagina voor alle anderen (zonder codes):"


def links_private(name: str) -> str:
    return (
        f"{name}: open je privépagina op je telefoon of op een scherm dat alleen jij ziet (hij werkt op het eerste "
        "apparaat dat hem opent):"
    )


def links_renewed(name: str) -> str:
    return f"Nieuwe privélink voor {name} (de oude werkt niet meer):"


# --- the play command's questions at the terminal (voicefish.commands.play) --------------------


def ask_name(default: str) -> str:
    return f"Hoe heet je? [{default}]"


def resume_offer(names: Sequence[str], game: int, games: int) -> str:
    return f"Er is een bewaard spel ({', '.join(names)}, spel {game} van {games}). Verder spelen?"


# --- the recognizer: which one listens, said once at the start (voicefish.table.voice) -----------


def listening_whisper(model: str) -> str:
    return f"Ik luister met Whisper ({model})."


def listening_whisper_in_language(model: str) -> str:
    return f"Ik luister met Whisper ({model}) in het Nederlands."


def listening_whisper_first(model: str) -> str:
    return f"Ik luister met Whisper ({model}); pocketsphinx neemt het over als Whisper te traag is."


def listening_hybrid(model: str) -> str:
    return f"Ik luister met pocketsphinx, en met Whisper ({model}) als pocketsphinx twijfelt."


def listening_sphinx_alone(why: str) -> str:
    return f"Ik luister alleen met pocketsphinx: {why}."


def listening_sphinx_for_now(why: str) -> str:
    return f"Ik luister voorlopig met pocketsphinx: {why}. Whisper wordt later opnieuw geprobeerd."


def whisper_too_slow(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit, "g")
    return f"Whisper deed op deze computer {took} s over een korte uiting (grens {most} s)"


def whisper_gave_up(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit)
    return (
        f"Whisper doet op deze computer {took} s over elke uiting (meer dan {most} s), "
        "dus luistert pocketsphinx een tijdje alleen; Whisper wordt later opnieuw geprobeerd."
    )


def english_only_model(model: str, instead: str) -> str:
    return f"{model} verstaat alleen Engels, dus ik luister met {instead}."


def listening_vosk(model: str) -> str:
    return f"Ik luister met Vosk ({model})."


LISTENING_SPHINX_ASKED = (
    "Ik luister met pocketsphinx, zoals gevraagd. "
    "Het standaardoor, Whisper, hoort mensen beter: speel zonder --backend."
)

NO_VOSK_MODEL = (
    "er is geen Vosk-model geïnstalleerd; haal er een met 'voicefish models download NAAM' "
    "of gebruik --backend pocketsphinx"
)
NO_VOSK_MODEL_HERE = "er is geen Vosk-model voor het Nederlands geïnstalleerd; gebruik --backend whisper (de standaard)"
SPHINX_ENGLISH_ONLY = "pocketsphinx verstaat alleen Engels; gebruik --backend whisper of vosk"


# --- Issue 33 (voice turn): typing offered in a voice game; the better recognizer resting and back ---------------
OR_TYPE_IT = "Of typ je vraag hier op het toetsenbord en druk op Enter."
"""After repeated misses in a voice game (spoken and shown): a typed line is taken too, while the table listens."""
QUICKER_EAR = "De computer heeft het druk, dus ik luister nu even met het snellere oor."
"""Said once when Whisper proves too slow on a busy computer and pocketsphinx listens alone for a while."""
BETTER_EAR_BACK = "Ik luister weer met het betere oor."
"""Said once when Whisper, tried again, is fast enough and listens again."""
