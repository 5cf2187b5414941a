"""Every sentence the table says, in Polish. Nouns decline by rule from their dictionary form and gender
(siódemka → siódemkę, siódemki, siódemek, siódemce; as → asa, asy, asów); a count agrees with its noun the Polish
way — 1 takes the singular, 2–4 (and 22–24, 32–34, … but not 12–14) the nominative plural with "dwa"/"dwie", every
other count the genitive plural ("masz dwie karty", "masz pięć kart", "22 karty", "25 kart").

Narration is in the present tense ("Marek dobiera"), which needs no gender for a player. Players are addressed by
the name as given (the nominative, as is common in speech); the vocative is left to the listener's grammar.
"Go Fish" is "Idź na ryby!", as the Polish rule text says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import cards_by_rank, join_with, parser_reason, reason_facts, sentence_case

# --- vocabulary and agreement -----------------------------------------------------------------

Case = Literal["nom", "acc", "gen", "loc"]
_SOFT = ("l", "j", "ś", "ć", "ń", "ź", "cz", "sz", "rz", "ż", "c", "dz")
_LOC_SOFTEN = {"k": "ce", "g": "dze", "r": "rze", "t": "cie", "d": "dzie", "m": "mie", "n": "nie", "w": "wie"}


@dataclass(frozen=True)
class Noun:
    """A noun in its dictionary form: feminine in -a, or masculine ending in a consonant (``animate`` when its
    accusative singular is its genitive, as card figures are: "mam asa", "mam króla")."""

    word: str
    animate: bool = False
    gen_pl_irregular: str = ""

    @property
    def fem(self) -> bool:
        return self.word.endswith("a")

    def _soft(self) -> bool:
        return self.word.endswith(_SOFT)

    def sg(self, case: Case) -> str:
        w = self.word
        if self.fem:
            stem = w[:-1]
            return {
                "nom": w,
                "acc": stem + "ę",
                "gen": stem + ("i" if stem.endswith(("k", "g")) else "y"),
                "loc": stem[:-1] + _LOC_SOFTEN.get(stem[-1], stem[-1] + "ie"),
            }[case]
        gen = w + ("a" if self.animate else "u")
        if case == "nom":
            return w
        if case == "acc":
            return gen if self.animate else w
        if case == "gen":
            return gen
        return w[:-1] + _LOC_SOFTEN[w[-1]] if w[-1] in _LOC_SOFTEN and w[-1] not in "kg" else w + "u"

    def pl(self, case: Case) -> str:
        w = self.word
        if self.fem:
            stem = w[:-1]
            if case == "loc":
                return stem + "ach"
            if case == "gen":
                if self.gen_pl_irregular:
                    return self.gen_pl_irregular
                # a closing consonant cluster with -k- takes a mobile e: siódemka → siódemek, dwójka → dwójek
                return stem[:-1] + "ek" if stem.endswith("k") and stem[-2] not in "aeiouyąęó" else stem
            return stem + ("i" if stem.endswith(("k", "g")) else "y")
        if case == "loc":
            return w + "ach"
        if case == "gen":
            return w + ("i" if self._soft() else "ów")
        return w + ("e" if self._soft() else ("i" if w.endswith(("k", "g")) else "y"))


_RANK: dict[Rank, Noun] = {
    Rank.ACE: Noun("as", animate=True),
    **{
        r: Noun(w)
        for r, w in zip(
            [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN],
            ["dwójka", "trójka", "czwórka", "piątka", "szóstka", "siódemka", "ósemka", "dziewiątka", "dziesiątka"],
            strict=True,
        )
    },
    Rank.JACK: Noun("walet", animate=True),
    Rank.QUEEN: Noun("dama"),
    Rank.KING: Noun("król", animate=True),
}
# suits follow the card name undeclined: as kier, siódemkę trefl
_SUIT = {Suit.SPADES: "pik", Suit.HEARTS: "kier", Suit.DIAMONDS: "karo", Suit.CLUBS: "trefl"}
CARD = Noun("karta")
BOOK = Noun("zestaw")
PAIR = Noun("para")
POINT = Noun("punkt")
GAME = Noun("gra", gen_pl_irregular="gier")
_NOUNS = {n.word: n for n in (CARD, BOOK, PAIR, POINT, GAME)}
_NUMBERS = ["zero", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć", "dziesięć"]
_NUMBERS += ["jedenaście", "dwanaście"]
_NUMBERS_LOC = ["zero", "jednym", "dwóch", "trzech", "czterech", "pięciu", "sześciu", "siedmiu", "ośmiu"]
_NUMBERS_LOC += ["dziewięciu", "dziesięciu", "jedenastu", "dwunastu"]


def few(n: int) -> bool:
    """The counts that take the nominative plural: 2–4, 22–24, 32–34, … (not 12–14)."""
    return n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)


def number(n: int, noun: Noun | None = None, case: Case = "nom") -> str:
    """The numeral for ``n`` in agreement with ``noun``: jeden/jedna/jedną, dwa/dwie; digits above twelve."""
    fem = noun is not None and noun.fem
    if case == "loc":
        if n == 1:
            return "jednej" if fem else "jednym"
        return _NUMBERS_LOC[n] if 0 <= n < len(_NUMBERS_LOC) else str(n)
    if n == 1:
        if fem:
            return "jedną" if case == "acc" else "jedna"
        if noun is not None and noun.animate and case == "acc":
            return "jednego"
        return "jeden"
    if n == 2 and fem:
        return "dwie"
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def amount(n: int, noun: Noun, case: Case = "nom") -> str:
    """``n`` of ``noun`` in ``case`` (nominative or accusative, which are alike for these counts beyond one; or
    locative): jedna karta / jedną kartę, dwie karty, pięć kart, 22 karty; po dwóch grach."""
    if case == "loc":
        return f"{number(n, noun, 'loc')} {noun.sg('loc') if n == 1 else noun.pl('loc')}"
    if n == 1:
        return f"{number(1, noun, case)} {noun.sg(case)}"
    return f"{number(n, noun)} {noun.pl('nom') if few(n) else noun.pl('gen')}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``jedna karta``, ``dwie karty``, ``pięć kart``: a count with its noun in agreement (the nominative)."""
    return amount(n, _NOUNS.get(word) or Noun(word))


def rank_name(rank: Rank) -> str:
    return _RANK[rank].word


def rank_plural(rank: Rank) -> str:
    return _RANK[rank].pl("nom")


def a_rank(rank: Rank, case: Case = "nom") -> str:
    """One card of ``rank``, named without a numeral (as English says "a jack"): as / asa, siódemka / siódemkę."""
    return _RANK[rank].sg(case)


def rank_count(rank: Rank, n: int, case: Case = "nom") -> str:
    """as, dwa asy, pięć asów; siódemkę, dwie siódemki, pięć siódemek."""
    return a_rank(rank, case) if n == 1 else amount(n, _RANK[rank], case)


def card_name(card: Card, case: Case = "nom") -> str:
    """król trefl, króla trefl; siódemka kier, siódemkę kier, siódemki kier (genitive)."""
    return f"{_RANK[card.rank].sg(case)} {_SUIT[card.suit]}"


def pronoun(noun: Noun, n: int) -> str:
    """The accusative pronoun: go (one, masculine), ją (one, feminine), je (more)."""
    if n != 1:
        return "je"
    return "ją" if noun.fem else "go"


def join(items: Sequence[str], conj: str = "i") -> str:
    return join_with(items, conj)


def cards_phrase(cards: Sequence[Card], *, suits: bool = False, case: Case = "nom") -> str:
    """dwie siódemki, as i trzy króle (accusative: … asa …); with suits: siódemki trefl i kier; król pik."""

    def counted(rank: Rank, n: int) -> str:
        return rank_count(rank, n, case)

    def with_suits(rank: Rank, cs: list[Card]) -> str:
        if len(cs) == 1:
            return card_name(cs[0], case)
        return f"{rank_plural(rank)} {join([_SUIT[c.suit] for c in cs])}"

    return cards_by_rank(cards, suits=suits, counted=counted, with_suits=with_suits, join=join)


# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Gra {game}. Rozdaje {dealer}."


def everyone_gets(n: int) -> str:
    return f"Każdy dostaje {amount(n, CARD, 'acc')}."


def some_get(names: Sequence[str], n: int) -> str:
    each = amount(n, CARD, "loc") if n == 1 else amount(n, CARD, "acc")
    return f"{join(list(names))} dostają po {each}."


def your_turn(name: str) -> str:
    return f"{name}, twoja kolej."


def goes_again(name: str) -> str:
    return f"{name} gra dalej."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, masz {card_name(card, 'acc')}?"
    return f"{target}, masz jakieś {rank_plural(rank)}?"


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card, "acc") if card is not None else rank_plural(rank)
    return f"{asker} pyta, czy {target} ma {what}."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card, "acc") if card is not None else rank_count(rank, count, "acc")
    return f"{giver} ma {what}. {receiver} {pronoun(_RANK[card.rank if card is not None else rank], count)} bierze."


def go_fish_draws(asker: str) -> str:
    return f"Idź na ryby! {asker} dobiera kartę."


def go_fish_pond_empty(asker: str) -> str:
    return f"Idź na ryby! Stos jest pusty, więc {asker} nie może dobrać."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card, "gen") if card is not None else _RANK[rank].pl("gen")
    return f"{target} nie ma {what}. Teraz gra {target}."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card, "acc") if exact else a_rank(card.rank, "acc")
    return f"Szczęście! {player} dobiera {what}, dokładnie to, o co chodziło."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} wykłada {(PAIR if pairs else BOOK).sg('acc')} {_RANK[rank].pl('gen')}."


def refills(player: str, count: int) -> str:
    return f"{player} nie ma już kart i bierze ze stosu {amount(count, CARD, 'acc')}."


def is_out(player: str) -> str:
    return f"{player} nie ma już kart i odpada z tej gry."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"Remis! {join(list(names))} grają jedno rozdanie dogrywki. "
        f"Wygrywa, kto pierwszy wyłoży {(PAIR if pairs else BOOK).sg('acc')}."
    )


def tiebreak_won(name: str) -> str:
    return f"{name} wygrywa dogrywkę i całą grę!"


def tiebreak_shared() -> str:
    return "Dogrywka skończyła się bez rozstrzygnięcia: zwycięstwo jest wspólne."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit.word, unit.pl("nom"))


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    won = amount(best, _NOUNS.get(unit[0]) or Noun(unit[0]), "acc")
    if len(winners) == 1:
        return f"Koniec gry. Wygrywa {winners[0]}, zdobywając {won}! {scores}"
    return f"Koniec gry. Remis! {join(list(winners))}: każdy ma {won}. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Wynik sesji po {amount(played, GAME, 'loc')}"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"Sesję wygrywa {names[0]}! Dziękujemy za grę."
    return f"Sesję wygrywają ex aequo {join(list(names))}! Dziękujemy za grę."


THANKS = "Dziękujemy za grę!"
SCORE_LABEL = "Wynik"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Nie masz żadnych kart."
    return f"Masz {amount(len(cards), CARD, 'acc')}: {cards_phrase(cards, suits=suits, case='acc')}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Nie masz żadnych kart."
    return f"Twoje karty: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Dobierasz {card_name(card, 'acc')}."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Dobierasz {cards_phrase(cards, suits=suits, case='acc')}."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Dostajesz {cards_phrase(cards, suits=suits, case='acc')}."


# --- asking back, the voice check (voicefish.table.checking) ------------------------------------


def confirm_ask(target: str, rank: Rank, card: Card | None) -> str:
    return f"{target}, {card_name(card, 'acc') if card is not None else rank_plural(rank)}?"


_CHECK_ASKS = (
    "{n}, masz jakieś siódemki?",
    "{n}, daj mi swoje króle.",
    "Masz jakieś piątki, {n}?",
    "{n}, masz jakieś damy?",
    "{n}, daj mi swoje trójki.",
    "{n}, masz asy?",
    "Masz jakieś dziewiątki, {n}?",
    "{n}, daj mi swoje walety.",
)


def check_prompt(index: int, target: str) -> str:
    return _CHECK_ASKS[index % len(_CHECK_ASKS)].format(n=target)


def voice_check_intro(resumed: bool) -> str:
    when = "Zanim zagramy dalej" if resumed else "Zanim rozdam karty"
    return (
        f"{when}, krótka próba głosu, żebym się nauczył, jak każdy z was mówi. "
        "Powtarzajcie po mnie każde zdanie albo powiedzcie nie, żeby je pominąć."
    )


def loud_check_intro(name: str) -> str:
    return (
        f"Teraz jest tu głośno, więc {name}, krótka próba głosu w hałasie. "
        "Powtarzaj po mnie każde zdanie albo powiedz nie."
    )


def please_say(name: str, sentence: str) -> str:
    return f"{name}, powiedz proszę: {sentence}"


def voice_remembered(name: str) -> str:
    return f"{name}, pamiętam twój głos."


def voice_relearnt(name: str) -> str:
    return f"{name}, nie mogłem użyć zapisanego głosu, więc nauczę się go jeszcze raz."


def thank_you(name: str) -> str:
    return f"Dziękuję, {name}."


NO_VOICE_CHECK = "Dobrze, bez próby głosu."
NO_VOICE_CHECK_PLAY = "Dobrze, bez próby głosu. Gramy."

# --- saving, the game log and the devices -----------------------------------------------------

DISK_FULL = "dysk jest pełny"
DISK_READ_ONLY = "dysk jest tylko do odczytu"
FOLDER_LOCKED = "nie wolno zapisywać w tym folderze"


def cannot_save(problem: str) -> str:
    return (
        f"Nie mogę zapisać gry: {problem}. Ostatni dobry zapis zostaje, a gra toczy się dalej; "
        "powiem, kiedy zapisywanie znowu zadziała."
    )


SAVED_AGAIN = "Gra znowu jest zapisana."


def log_refused(problem: str) -> str:
    return f"Nie zapiszę tam dziennika gry: {problem}."


def log_kept_in_save(path: str, problem: str) -> str:
    return f"Nie mogę zapisać dziennika gry w {path} ({problem}); dotychczasowe gry zostają w zapisie."


def log_moved(path: str, problem: str, spare: str) -> str:
    return f"Nie mogę zapisać dziennika gry w {path} ({problem}), więc jest w {spare}."


def no_microphone(problem: str) -> str:
    return f"Nie mogę tu słuchać przez mikrofon: {problem}. Wpisujcie swoje ruchy."


NO_SPEAKER = "Nie ma głośnika, przez który mógłbym mówić, więc wszystko pokazuję jako napisy."


def speech_off(problem: str) -> str:
    return f"Mowa jest wyłączona ({problem}); wszystko pokazuję jako napisy."


def cannot_speak(problem: str) -> str:
    return f"Nie mogę mówić: {problem}; zamiast tego gra pokaże napisy w terminalu."


def other_speaker(problem: str, output: str) -> str:
    where = f" ({output})" if output else ""
    return f"Nie mogę użyć wybranego głośnika: {problem}. Mówię przez domyślne wyjście{where}."


# --- the terminal reveal (voicefish.outputs.terminal) -----------------------------------------


def reveal_prompt(name: str) -> str:
    return f"{name}: naciśnij Enter, żeby zobaczyć swoje karty (wszyscy inni, nie patrzcie)"


def reveal_hide(name: str) -> str:
    return f"{name}: naciśnij Enter, żeby je ukryć"


def reveal_kept(name: str) -> str:
    return f"{name}: nie ma klawiatury, więc twoja prywatna wiadomość czeka na później."


# --- the screens: the table page and the private pages (voicefish.outputs.pages) --------------


def card_count(n: int) -> str:
    if n == 1:
        return f"{n} {CARD.sg('nom')}"
    return f"{n} {CARD.pl('nom') if few(n) else CARD.pl('gen')}"


GAME_NAME = "Idź na ryby"
PAGE_TABLE_TITLE = "{0} \u2014 stół"
PAGE_PRIVATE_TITLE = "{0} \u2014 prywatne"
PAGE_CONNECTING = "Łączenie\u2026"
PAGE_LIVE = "Na żywo"
PAGE_LOST = "Połączenie zerwane, łączę ponownie\u2026"
PAGE_GONE = "Ta strona jest już nieważna ({0})."
PAGE_ENDED = "Gra się skończyła. Możesz zamknąć tę stronę."
PAGE_REPLACED = "Ten link zastąpiono nowym; ta strona już się nie odświeża."
PAGE_NOT_VALID = "Ten link nie działa w grze, która teraz trwa."
NEW_LINK_HOW = (
    "powiedz albo wpisz przy stole „nowy link”: stary link przestaje działać, a nowy pojawia się na ekranie stołu "
    "i w terminalu."
)
NEW_LINK_ADVICE = f"Żeby dostać nowy link, {NEW_LINK_HOW}"
PAGE_WAITING = "Czekam na początek gry\u2026"
PAGE_TURN_OF = "Kolej: {0}"
PAGE_TIEBREAK = "(dogrywka)"
PAGE_GAME = "Gra {0}"
PAGE_GAME_OF = "Gra {0} z {1}"
PAGE_OVER = "Koniec gry."
PAGE_WINS = "Koniec gry. Wygrywa {0}!"
PAGE_SHARE = "Koniec gry. {0} i {1} dzielą się zwycięstwem."
PAGE_RULES = "Zasady: {0}"
PAGE_CLASSIC = "Zasady klasyczne"
PAGE_SCAN = "{0}, zeskanuj kod, żeby zobaczyć swoje karty:"
PAGE_QR = "Kod QR z prywatnym linkiem: {0}"
PAGE_STOCK = "Karty w talii:"
PAGE_PLAYERS = "Gracze"
PAGE_PLAYER = "Gracz"
PAGE_CARDS = "Karty"
PAGE_BOOKS = "Zestawy"
PAGE_SCORE = "Wynik"
PAGE_SESSION = "Wieczór"
PAGE_SAID = "Co zostało powiedziane"
PAGE_PRIVATE_PAGES = "Strony prywatne"
PAGE_SCAN_HELP = (
    "Każdy gracz skanuje swój kod telefonem. Kod znika, gdy tylko zostanie użyty, a jego link działa potem tylko na "
    "telefonie, który go otworzył."
)
PAGE_LOCAL_ONLY = (
    "Te linki działają tylko na tym komputerze: uruchom grę z {0}, żeby telefony w tej samej sieci mogły je otworzyć."
)
PAGE_CARDS_OF = "Karty: {0}"
PAGE_NEEDS_SCRIPT = "Ta strona potrzebuje JavaScriptu, żeby pokazać twoje karty."
PAGE_TAP = "Dotknij, żeby zobaczyć swoje karty"
PAGE_YOUR_HAND = "Twoje karty"
PAGE_HIDE = "Ukryj moje karty"
PAGE_JUST_FOR_YOU = "Tylko dla ciebie"
PAGE_THIS_LINK = "Ten link"
PAGE_LINK_HELP = (
    "Działa tylko na tym urządzeniu. Jeśli ktoś inny mógł go zobaczyć, weź tutaj nowy: stary link od razu przestaje "
    "działać."
)
PAGE_RENEW = "Nowy link dla tego urządzenia"
PAGE_GAME_IS_OVER = "Gra jest skończona."
PAGE_YOUR_TURN = "Twoja kolej!"
PAGE_YOUR_TURN_SAID = "Twoja kolej."
PAGE_NO_PEEKING = "Bez podglądania: na swoje karty możesz patrzeć tylko w swojej kolejce."
PAGE_NO_CARDS = "Nie masz kart w ręce."
PAGE_JUST_DREW = "Nowa karta:"
PAGE_NEW_CARD = "Masz nową kartę. Dotknij, żeby zobaczyć swoje karty."
PAGE_IN_USE = "Ten link jest używany na innym urządzeniu."
PAGE_NOT_HERE = "Ten link tu nie działa."
PAGE_NO_ANSWER = "Stół nie odpowiedział; spróbuj jeszcze raz."
PAGE_FORBIDDEN = "Ta prywatna strona wymaga własnego linku swojego gracza."
PAGE_OUTDATED = "Ten link zastąpiono nowszym i już nie działa. Użyj najnowszego linku albo weź inny:"
PAGE_ELSEWHERE = (
    "Ta prywatna strona jest już otwarta na innym urządzeniu i tylko ono może ją pokazać. Jeśli to urządzenie nie "
    "jest twoje albo nie możesz już go używać,"
)


# --- the links printed in the terminal (voicefish.outputs.server) ----------------------------

LINKS_TABLE = "Ekran stołu (z kodami do dołączenia; zostaw go na tym komputerze albo na wspólnym ekranie):"
LINKS_PUBLIC = "Strona stołu dla wszystkich innych (bez kodów):"


def links_private(name: str) -> str:
    return (
        f"{name}: otwórz swoją prywatną stronę na telefonie albo ekranie, który widzisz tylko ty (działa na "
        "pierwszym urządzeniu, które ją otworzy):"
    )


def links_renewed(name: str) -> str:
    return f"Nowy prywatny link dla: {name} (stary już nie działa):"


# --- the play command's questions at the terminal (voicefish.commands.play) --------------------


def ask_name(default: str) -> str:
    return f"Jak masz na imię? [{default}]"


def resume_offer(names: Sequence[str], game: int, games: int) -> str:
    return f"Jest zapisana gra ({', '.join(names)}, gra {game} z {games}). Grać dalej?"


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Jest tu głośno, więc mów głośniej, proszę."
CHECK_EACH_ASK = "Jest tu głośno, więc będę sprawdzać każdą prośbę."


def welcome_back(game: int, games: int) -> str:
    return f"Witamy z powrotem! Trwa gra {game} z {games}."


SAY_IT_AGAIN = "Dobrze, powiedz to jeszcze raz."
TRY_AGAIN = "Spróbujmy jeszcze raz."
EXACT_CARD = (
    f"W tej grze prosi się o jedną konkretną kartę, na przykład: {card_name(Card(Rank.SEVEN, Suit.HEARTS), 'acc')}."
)


def unknown_player(name: str) -> str:
    return f"Nie znam nikogo o imieniu {name}."


def target_out(name: str) -> str:
    return f"{name} nie gra już w tej grze. Zapytaj kogoś innego."


def whose_turn(name: str) -> str:
    return f"Teraz kolej: {name}."


def ask_yourself(name: str) -> str:
    return f"{name}, nie możesz prosić siebie. Zapytaj innego gracza."


def held_card(card: Card | None) -> str:
    return f"Masz już {card_name(card, 'acc') if card is not None else 'tę kartę'}."


def its_your_turn(name: str) -> str:
    return f"{name}, twoja kolej."


def didnt_catch(name: str) -> str:
    return f"Przepraszam, nie udało mi się tego zrozumieć. {name}, twoja kolej."


def nothing_to_answer(name: str) -> str:
    return f"Teraz nie ma na co odpowiadać. {name}, twoja kolej."


def pond(n: int) -> str:
    """Na stosie jest jedna karta / są dwie karty / jest pięć kart: the verb agrees like the noun."""
    if n == 0:
        return "Stos jest pusty."
    return f"Na stosie {'są' if few(n) else 'jest'} {amount(n, CARD)}."


def has_cards(name: str, n: int) -> str:
    return f"{name} nie ma kart." if n == 0 else f"{name} ma {amount(n, CARD, 'acc')}."


def go_on(name: str) -> str:
    return f"Gramy dalej. {name}, twoja kolej."


SLOWER = "Dobrze, będę mówić wolniej."
FASTER = "Dobrze, będę mówić szybciej."
PAUSED = "Pauza. Powiedz cokolwiek, gdy zechcesz grać dalej."
STOP_QUESTION = "Zakończyć teraz grę? Jest zapisana i można ją dokończyć później. Powiedz tak albo nie."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"Chodzi o {card_name(card, 'acc') if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Możesz prosić o {join([rank_plural(r) for r in ranks], 'albo')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Spróbujmy krócej: samo imię i ranga, na przykład: {target}, {rank_plural(rank)}. "
        "Albo powiedz pomoc, a usłyszysz, co możesz powiedzieć."
    )


ASK_SELF = "nie możesz prosić siebie"


def unheld_rank(rank: Rank) -> str:
    return f"Prosisz o {rank_plural(rank)}, ale nie masz żadnych, więc poproś o rangę, którą masz w ręce."


def which_player(candidates: Sequence[str]) -> str:
    return f"Kogo pytasz: {join(list(candidates), 'czy')}? Powiedz to jeszcze raz z imieniem."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "przed chwilą", "moment": "niedawno", "earlier": "wcześniej"}


def past(name: str, masculine: str, feminine: str) -> str:
    """The past tense agrees with the player's gender, guessed from the name as Polish names show it: a name ending
    in -a is a woman's (Ania, Kasia, Ewa), any other a man's (Marek, Piotr; "Kuba" is the known miss)."""
    return feminine if name.endswith("a") else masculine


_JUST_TO_SEE = "tak dla sprawdzenia"


def _reason_clause(kind: str, who: str, rank: Rank, when: str) -> str:
    them = rank_plural(rank)
    noun = _RANK[rank]
    clauses = {
        "they_asked": f"bo {who} {past(who, 'prosił', 'prosiła')} o {them} {_WHEN[when]}",
        "they_received": (
            f"bo {who} {past(who, 'dostał', 'dostała')} {them} przed chwilą"
            if when == "now"
            else f"bo {who} {past(who, 'wziął', 'wzięła')} {them} {_WHEN[when]}"
        ),
        "they_showed": (
            f"bo {who} {past(who, 'wyciągnął', 'wyciągnęła')} {noun.sg('acc')} "
            f"i {past(who, 'pokazał', 'pokazała')} {pronoun(noun, 1)} wszystkim"
        ),
        "they_hold": f"bo {who} musi jeszcze mieć {them}",
        "counted": "licząc karty, które zostały",
        "most_cards": f"bo {who} ma najwięcej kart",
        "not_asked": f"bo {who} nie {past(who, 'był', 'była')} jeszcze {past(who, 'pytany', 'pytana')} o {them}",
        "looked_ahead": "bo to wypada najlepiej po rozegraniu naprzód reszty gry z tego, co widział stół",
        "persist": f"żeby dalej próbować zdobyć {them}",
        "hunch": "na wyczucie",
        "guess": "na wyczucie",
    }
    return clauses.get(kind, _JUST_TO_SEE)


def describe_reason(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A computer player's reason, as :func:`voicefish.bots.reasons.describe` says it in English; players are always
    named (``listener_seat`` is accepted, not used: no "ty")."""
    facts = reason_facts(reason, players)
    if facts.rank is None or not facts.who:
        return f"{players[asker]} pyta na chybił trafił." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, facts.rank, facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} pyta, czy {facts.who} ma {rank_plural(facts.rank)}, {clause}."


NO_REASON_YET = "W tej grze żaden gracz komputerowy jeszcze o nic nie prosił."


def new_link_made(name: str) -> str:
    return f"{name}, twój nowy prywatny link jest gotowy. Stary już nie działa."


NEW_LINK_NONE = "Przy tym stole nie ma prywatnego linku do odnowienia."
NEW_LINK_FAILED = "Przepraszam, nie mogę teraz utworzyć nowego linku."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Ta gra"
EARLIER_GAMES = "Poprzednie gry"
YES_NO_PROMPT = "tak/nie"
PAUSED_PROMPT = "pauza, naciśnij ⏎"
DEALER = "Rozdający"
PRIVATE = "prywatnie"
SAY_NAME_AND_RANK = "Powiedz imię gracza i wartość karty."
WANT_HELP = "Potrzebujesz pomocy? Powiedz pomoc, żeby usłyszeć, co możesz powiedzieć, albo pauza, żeby zrobić przerwę."
GOODBYE = "Gra zapisana. Do widzenia!"
NO_CLEAR_YES = "Nie usłyszałem wyraźnego „tak”, więc gramy dalej."
HELP_COMMANDS = (
    "Możesz też powiedzieć: przeczytaj moje karty, jaki jest wynik, ile kart zostało, czyja kolej, ile kart ma "
    "ktoś, o co ktoś prosił, powtórz, wolniej, szybciej, pauza albo koniec."
)
NOBODY_ASKED = "Nikt jeszcze o nic nie prosił."
_REASONS = (
    "nie ma takiego gracza",
    "nie padła żadna wartość karty",
    "nie ma kogo zapytać",
    "nie wiem, kto mówi",
    "to za długie",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"nikt o imieniu {n} nie gra w tej grze", "nie mogę tego zagrać"
    )


def sorry(reason: str) -> str:
    return f"Przepraszam, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Przepraszam, {reason_words(reason)}. {name}, nadal twoja kolej."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Na przykład: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Z twoimi kartami możesz powiedzieć: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return "W swojej kolejce poproś o jedną konkretną kartę, której nie masz, w wartości, którą masz."
    return "W swojej kolejce poproś innego gracza o wartość, którą masz."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    """In the historic present ("pyta, czy … ma …, i dostaje …"), which needs no gender of the asker."""
    what = card_name(card, "acc") if card is not None else rank_plural(rank)
    if count:
        result = f" i dostaje {amount(count, CARD, 'acc')}"
    else:
        result = " i łowi właśnie tę kartę" if caught else " i idzie na ryby"
    who = f"{asker} " if asker else ""
    return f"{who}pyta, czy {target} ma {what},{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} jeszcze o nic nie prosi w tej grze."
    return f"{name} {join(list(facts), 'potem')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Ostatnio: {join(list(facts), 'potem')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Dobrze, gramy dalej. {name}, twoja kolej."
