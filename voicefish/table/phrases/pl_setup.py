"""The Polish sentences around the game: the voice check, saving, the game log and the devices, the terminal
reveal, the pages and their links, and the play command's questions. :mod:`voicefish.table.phrases.pl` exposes them
with the rest of the Polish phrasebook."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank
from voicefish.table.phrases._common import decimal_comma
from voicefish.table.phrases.pl_words import CARD, card_name, few, rank_plural

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


# said aloud once when the asked-for speaker cannot be used (the reason, other_speaker, is only shown)
OTHER_SPEAKER_SAID = "Nie mogę użyć wybranego głośnika, więc mówię przez domyślny. Powód jest na ekranie."


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


# --- the recognizer: which one listens, said once at the start (voicefish.table.voice) -----------


def listening_whisper(model: str) -> str:
    return f"Słucham przez Whisper ({model})."


def listening_whisper_in_language(model: str) -> str:
    return f"Słucham przez Whisper ({model}) po polsku."


def listening_whisper_first(model: str) -> str:
    return f"Słucham przez Whisper ({model}); gdy jest zbyt wolny, zastępuje go pocketsphinx."


def listening_hybrid(model: str) -> str:
    return f"Słucham przez pocketsphinx, a gdy nie jest pewny, przez Whisper ({model})."


def listening_sphinx_alone(why: str) -> str:
    return f"Słucham tylko przez pocketsphinx: {why}."


def listening_sphinx_for_now(why: str) -> str:
    return f"Na razie słucham przez pocketsphinx: {why}. Whisper zostanie wypróbowany ponownie później."


def whisper_too_slow(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit, "g")
    return f"Whisper potrzebował {took} s na krótką wypowiedź na tym komputerze (dopuszczalne {most} s)"


def whisper_gave_up(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit)
    return (
        f"Whisper potrzebuje {took} s na wypowiedź na tym komputerze (ponad {most} s), "
        "więc na razie słucha tylko pocketsphinx; Whisper zostanie wypróbowany ponownie później."
    )


def english_only_model(model: str, instead: str) -> str:
    return f"{model} rozumie tylko angielski, więc słucham przez {instead}."


def listening_vosk(model: str) -> str:
    return f"Słucham przez Vosk ({model})."


LISTENING_SPHINX_ASKED = (
    "Słucham przez pocketsphinx, jak prosiłeś. Domyślne ucho, Whisper, lepiej słyszy ludzi: graj bez --backend."
)


NO_VOSK_MODEL = (
    "nie zainstalowano żadnego modelu Vosk; pobierz go poleceniem 'voicefish models download NAZWA' "
    "albo użyj --backend pocketsphinx"
)
NO_VOSK_MODEL_HERE = "nie zainstalowano modelu Vosk dla języka polskiego; użyj --backend whisper (domyślnie)"
SPHINX_ENGLISH_ONLY = "pocketsphinx rozumie tylko angielski; użyj --backend whisper albo vosk"


# --- Issue 33 (voice turn): typing offered in a voice game; the better recognizer resting and back ---------------
OR_TYPE_IT = "Możesz też wpisać prośbę tutaj na klawiaturze i nacisnąć Enter."
"""After repeated misses in a voice game (spoken and shown): a typed line is taken too, while the table listens."""
QUICKER_EAR = "Komputer jest zajęty, więc na razie słucham szybszym uchem."
"""Said once when Whisper proves too slow on a busy computer and pocketsphinx listens alone for a while."""
BETTER_EAR_BACK = "Znowu słucham lepszym uchem."
"""Said once when Whisper, tried again, is fast enough and listens again."""
