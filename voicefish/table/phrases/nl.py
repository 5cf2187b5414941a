"""Every sentence the table says, in Dutch. Plurals come from the spelling rules (not a list): -en/-el/-er → -s
(zeven → zevens), stressed -ee/-ie → -ën (twee → tweeën), a long vowel written double loses a letter in the open
syllable (aas → azen, heer → heren), a short vowel doubles the consonant (zes → zessen, spel → spellen), and f/s
voice to v/z after a long vowel (vijf → vijven, aas → azen). "één" carries its accents when it is a count.

The Dutch rule text keeps "Go Fish" in English, so the table says it that way.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import cards_by_rank, join_with, parser_reason, reason_facts, sentence_case

# --- vocabulary and agreement -----------------------------------------------------------------

_VOWELS = "aeiou"
_LONG = ("aa", "ee", "oo", "uu", "ie", "oe", "eu", "ij", "ei", "ui", "ou", "au")


def pluralize(word: str) -> str:
    """The regular Dutch plural of ``word`` by its spelling."""
    w = word
    if w.endswith(("ee", "ie")):
        return w + "ën"
    if w.endswith(("en", "el", "er", "em")) and w[-3] not in _VOWELS and any(c in _VOWELS for c in w[:-3]):
        return w + "s"  # an unstressed last syllable: zeven → zevens, negen → negens
    if w[-1] in _VOWELS:
        return w + "s"
    tail = w[:-1]
    cons = {"f": "v", "s": "z"}.get(w[-1], w[-1])
    if w[-2] not in _VOWELS and not tail.endswith(_LONG):
        return w + "en"  # two consonants (acht, kaart, punt) or a -w diphthong (vrouw)
    if tail.endswith(("aa", "ee", "oo", "uu")):
        return tail[:-1] + cons + "en"
    if tail.endswith(_LONG):
        return tail + cons + "en"
    return w + w[-1] + "en"  # short vowel: zes → zessen, spel → spellen


_RANK = {
    r: w
    for r, w in zip(
        Rank,
        ["aas", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "boer", "vrouw", "heer"],
        strict=True,
    )
}
_SUIT = {Suit.SPADES: "schoppen", Suit.HEARTS: "harten", Suit.DIAMONDS: "ruiten", Suit.CLUBS: "klaveren"}
_NUMBERS = ["nul", "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf"]
CARD = "kaart"
BOOK = "boek"
PAIR = "paar"
POINT = "punt"
GAME = "spel"


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """één kaart, twee kaarten, nul punten."""
    return f"{number(n)} {word if n == 1 else (words or pluralize(word))}"


def rank_name(rank: Rank) -> str:
    return _RANK[rank]


def rank_plural(rank: Rank) -> str:
    return pluralize(_RANK[rank])


def a_rank(rank: Rank) -> str:
    return f"een {rank_name(rank)}"


def rank_count(rank: Rank, n: int) -> str:
    return a_rank(rank) if n == 1 else f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """de zeven van harten: every card name is a de-word."""
    return f"de {rank_name(card.rank)} van {_SUIT[card.suit]}"


def pronoun(count: int) -> str:
    """The object pronoun for de-words: hem (one), ze (more)."""
    return "hem" if count == 1 else "ze"


def join(items: Sequence[str], conj: str = "en") -> str:
    return join_with(items, conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    name = rank_name(rank) if len(cs) == 1 else rank_plural(rank)
    return f"de {name} van {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """twee zevens, een boer en drie heren; with suits: de zevens van klaveren en harten; de heer van schoppen."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)


# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Spel {game}. {dealer} deelt."


def everyone_gets(n: int) -> str:
    return f"Iedereen krijgt {plural(n, CARD)}."


def some_get(names: Sequence[str], n: int) -> str:
    return f"{join(list(names))} krijgen elk {plural(n, CARD)}."


def your_turn(name: str) -> str:
    return f"{name}, jij bent aan de beurt."


def goes_again(name: str) -> str:
    return f"{name} is nog een keer aan de beurt."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, heb je {card_name(card)}?"
    return f"{target}, heb je {rank_plural(rank)}?"


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_plural(rank)
    return f"{asker} vraagt {target} om {what}."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_count(rank, count)
    return f"{giver} heeft {what}. {receiver} krijgt {pronoun(count)}."


def go_fish_draws(asker: str) -> str:
    return f"Go Fish! {asker} trekt een kaart."


def go_fish_pond_empty(asker: str) -> str:
    return f"Go Fish! De stok is leeg, dus {asker} kan niet trekken."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target} heeft {card_name(card)} niet. Nu is {target} aan de beurt."
    return f"{target} heeft geen {rank_plural(rank)}. Nu is {target} aan de beurt."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card) if exact else a_rank(card.rank)
    return f"Geluk! {player} trekt {what}, precies waar om gevraagd werd."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} legt een {PAIR if pairs else BOOK} {rank_plural(rank)} neer."


def refills(player: str, count: int) -> str:
    return f"{player} heeft geen kaarten meer en pakt er {number(count)} van de stok."


def is_out(player: str) -> str:
    return f"{player} heeft geen kaarten meer en doet niet meer mee aan dit spel."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"Gelijkspel! {join(list(names))} spelen één beslissende hand. "
        f"Wie als eerste een {PAIR if pairs else BOOK} neerlegt, wint."
    )


def tiebreak_won(name: str) -> str:
    return f"{name} wint de beslissende hand en het spel!"


def tiebreak_shared() -> str:
    return "De beslissende hand eindigde zonder winnaar: de winst wordt gedeeld."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit, pluralize(unit))


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    amount = plural(best, *unit)
    if len(winners) == 1:
        return f"Einde van het spel. {winners[0]} wint met {amount}! {scores}"
    return f"Einde van het spel. {join(list(winners))} eindigen gelijk met elk {amount}. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Na {plural(played, GAME)}, de stand van de sessie"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} is de kampioen van de sessie! Bedankt voor het spelen."
    return f"{join(list(names))} delen het kampioenschap! Bedankt voor het spelen."


THANKS = "Bedankt voor het spelen!"
SCORE_LABEL = "Stand"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Je hand is leeg."
    return f"Je hebt {plural(len(cards), CARD)}: {cards_phrase(cards, suits=suits)}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Je hand is leeg."
    return f"Je kaarten: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Je hebt {card_name(card)} getrokken."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Je hebt {cards_phrase(cards, suits=suits)} getrokken."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Je hebt {cards_phrase(cards, suits=suits)} gekregen."


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


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Het is hier lawaaierig, dus praat wat harder, alsjeblieft."
CHECK_EACH_ASK = "Het is hier lawaaierig, dus ik controleer elke vraag."


def welcome_back(game: int, games: int) -> str:
    return f"Welkom terug! We zijn bij spel {game} van {games}."


SAY_IT_AGAIN = "Oké, zeg het nog eens."
TRY_AGAIN = "Laten we het nog eens proberen."
EXACT_CARD = f"In dit spel vraag je om één bepaalde kaart, zoals: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"Ik ken niemand die {name} heet."


def target_out(name: str) -> str:
    return f"{name} doet niet meer mee aan dit spel. Vraag iemand anders."


def whose_turn(name: str) -> str:
    return f"{name} is aan de beurt."


def ask_yourself(name: str) -> str:
    return f"{name}, je kunt het niet aan jezelf vragen. Vraag een andere speler."


def held_card(card: Card | None) -> str:
    return f"Je hebt {card_name(card) if card is not None else 'die kaart'} zelf."


def its_your_turn(name: str) -> str:
    return f"{name}, jij bent aan de beurt."


def didnt_catch(name: str) -> str:
    return f"Sorry, dat verstond ik niet. {name}, jij bent aan de beurt."


def nothing_to_answer(name: str) -> str:
    return f"Er is nu niets om op te antwoorden. {name}, jij bent aan de beurt."


def pond(n: int) -> str:
    if n == 0:
        return "De stok is leeg."
    return f"Er {'ligt' if n == 1 else 'liggen'} {plural(n, CARD)} op de stok."


def has_cards(name: str, n: int) -> str:
    return f"{name} heeft geen kaarten." if n == 0 else f"{name} heeft {plural(n, CARD)}."


def go_on(name: str) -> str:
    return f"We gaan verder. {name}, jij bent aan de beurt."


SLOWER = "Oké, ik praat langzamer."
FASTER = "Oké, ik praat sneller."
PAUSED = "Gepauzeerd. Zeg iets wanneer je verder wilt."
STOP_QUESTION = "Het spel nu stoppen? Het is opgeslagen en je kunt later verder. Zeg ja of nee."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"Zei je {card_name(card) if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Je kunt vragen om {join([rank_plural(r) for r in ranks], 'of')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Laten we het korter proberen: alleen de naam en de waarde, zoals: {target}, {rank_plural(rank)}. "
        "Of zeg help om te horen wat je kunt zeggen."
    )


ASK_SELF = "je kunt het niet aan jezelf vragen"


def unheld_rank(rank: Rank) -> str:
    return f"Je zei {rank_plural(rank)}, maar die heb je niet, dus vraag om een waarde uit je hand."


def which_player(candidates: Sequence[str]) -> str:
    return f"Bedoelde je {join(list(candidates), 'of')}? Zeg het nog eens met de naam."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "net", "moment": "even geleden", "earlier": "eerder"}

_JUST_TO_SEE = "gewoon om te kijken"


def _reason_clause(kind: str, who: str, rank: Rank, when: str) -> str:
    them = rank_plural(rank)
    clauses = {
        "they_asked": f"omdat {who} {_WHEN[when]} om {them} vroeg",
        "they_received": (
            f"omdat {who} net {them} heeft gekregen"
            if when == "now"
            else f"omdat {who} {_WHEN[when]} {them} heeft gepakt"
        ),
        "they_showed": f"omdat {who} {a_rank(rank)} trok en die liet zien",
        "they_hold": f"omdat {who} nog {them} moet hebben",
        "counted": "door de overgebleven kaarten te tellen",
        "most_cards": f"omdat {who} de meeste kaarten heeft",
        "not_asked": f"omdat nog niemand {who} om {them} heeft gevraagd",
        "looked_ahead": (
            "omdat dat het beste uitkwam bij het vooruitspelen van de rest van het spel met wat de tafel zag"
        ),
        "persist": f"om {them} te blijven proberen",
        "hunch": "op gevoel",
        "guess": "op gevoel",
    }
    return clauses.get(kind, _JUST_TO_SEE)


def describe_reason(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A computer player's reason, as :func:`voicefish.bots.reasons.describe` says it in English; players are always
    named (``listener_seat`` is accepted, not used: no "je")."""
    facts = reason_facts(reason, players)
    if facts.rank is None or not facts.who:
        return f"{players[asker]} vraagt op goed geluk." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, facts.rank, facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} vraagt {facts.who} om {rank_plural(facts.rank)}, {clause}."


NO_REASON_YET = "In dit spel heeft nog geen computerspeler iets gevraagd."


def new_link_made(name: str) -> str:
    return f"{name}, je nieuwe privélink is klaar. De oude werkt niet meer."


NEW_LINK_NONE = "Aan deze tafel is er geen privélink om te vernieuwen."
NEW_LINK_FAILED = "Sorry, ik kon nu geen nieuwe link maken."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Dit spel"
EARLIER_GAMES = "Eerdere spellen"
YES_NO_PROMPT = "ja/nee"
PAUSED_PROMPT = "pauze, druk op ⏎"
DEALER = "Gever"
PRIVATE = "privé"
SAY_NAME_AND_RANK = "Zeg de naam van een speler en een waarde."
WANT_HELP = "Wil je hulp? Zeg help om te horen wat je kunt zeggen, of pauze om even te stoppen."
GOODBYE = "Spel bewaard. Tot ziens!"
NO_CLEAR_YES = "Ik hoorde geen duidelijk ja, dus het spel gaat door."
HELP_COMMANDS = (
    "Je kunt ook zeggen: lees mijn kaarten voor, wat is de stand, hoeveel kaarten liggen er nog op de stapel, "
    "wie is er aan de beurt, hoeveel kaarten heeft iemand, wat heeft iemand gevraagd, herhaal, langzamer, sneller, "
    "pauze of stoppen."
)
NOBODY_ASKED = "Niemand heeft nog iets gevraagd."
_REASONS = (
    "die speler is er niet",
    "je noemde geen waarde",
    "er is niemand om te vragen",
    "ik weet niet wie er spreekt",
    "dat is te lang",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"niemand die {n} heet speelt mee", "dat kan ik niet spelen"
    )


def sorry(reason: str) -> str:
    return f"Sorry, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Sorry, {reason_words(reason)}. {name}, je bent nog steeds aan de beurt."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Bijvoorbeeld: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Met jouw kaarten kun je zeggen: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return (
            "Als je aan de beurt bent, vraag je om één bepaalde kaart die je niet hebt, van een waarde die je wel hebt."
        )
    return "Als je aan de beurt bent, vraag je een andere speler om een waarde die je hebt."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    what = card_name(card) if card is not None else rank_plural(rank)
    if count:
        result = f" en kreeg {plural(count, CARD)}"
    else:
        result = " en viste precies de goede" if caught else " en moest vissen"
    who = f"{asker} " if asker else ""
    return f"{who}vroeg {target} om {what}{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} heeft dit spel nog niets gevraagd."
    return f"{name} {join(list(facts), 'daarna')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Onlangs: {join(list(facts), 'daarna')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Oké, we spelen verder. {name}, jij bent aan de beurt."
