"""Wiersze polecenia play po polsku: jego błędy, komunikaty o zapisie i dzienniku gry oraz ``voicefish play --help``
(as :mod:`voicefish.table.phrases.en_command`, same names and arguments)."""

from __future__ import annotations

from collections.abc import Sequence

# --- a save or game log that cannot be used ---------------------------------------------------------------------


def save_is_folder() -> str:
    return "to jest folder, a nie zapisana gra voicefish; podaj nazwę pliku"


def save_unreadable(cause: str) -> str:
    return f"nie mogę odczytać zapisanej gry: {cause}"


def save_not_plain() -> str:
    return "to nie jest zwykły plik, więc nie jest to zapisana gra voicefish"


def save_not_ours() -> str:
    return (
        "ten plik nie jest zapisaną grą voicefish, a voicefish nigdy nie zastępuje pliku, którego sam nie zapisał; "
        "podaj inną nazwę pliku"
    )


def backup_in_way(backup: str) -> str:
    return f"{backup} zajmuje miejsce kopii zapasowej i nie jest zapisem voicefish"


def log_is_folder() -> str:
    return "to jest folder, a nie dziennik gry; podaj nazwę pliku"


def log_unreadable(cause: str) -> str:
    return f"nie mogę odczytać dziennika gry: {cause}"


def log_not_ours() -> str:
    return (
        "ten plik nie jest dziennikiem gry voicefish, a voicefish nigdy nie zastępuje pliku, którego sam nie "
        "zapisał; podaj inną nazwę pliku po --log"
    )


def log_of_another_session() -> str:
    return (
        "ten plik zawiera dziennik gry innej sesji, a voicefish nigdy go nie zastępuje; podaj inną nazwę pliku po --log"
    )


def save_in_use() -> str:
    return (
        "inna sesja voicefish gra właśnie w tę zapisaną grę; najpierw ją skończ albo zatrzymaj, "
        "albo zagraj osobną grę z innym plikiem po --save"
    )


def no_save() -> str:
    return "nie ma zapisanej gry"


def save_too_new(version: int, reads: int) -> str:
    return f"ta zapisana gra pochodzi z nowszej wersji voicefish (format zapisu {version}; ta wersja czyta {reads})"


def save_too_old(version: int, reads: int) -> str:
    return f"ta zapisana gra pochodzi z innej wersji voicefish (format zapisu {version}; ta wersja czyta {reads})"


def save_not_json(cause: str) -> str:
    return f"zapisana gra jest uszkodzona (niepoprawny JSON: {cause})"


def save_not_object() -> str:
    return "zapisana gra jest uszkodzona (to nie jest obiekt JSON)"


def save_damaged(entry: str) -> str:
    return f"zapisana gra jest uszkodzona (brakuje pola '{entry}' albo jest ono błędne)"


def save_language(code: str, codes: str) -> str:
    return f"zapisana gra jest uszkodzona (jej język '{code}' nie jest żadnym z: {codes})"


def save_game_unbegun() -> str:
    return "zapisana gra jest uszkodzona (jedna z jej gier nie ma początku)"


def save_game_other_players() -> str:
    return "zapisana gra jest uszkodzona (jedna z jej gier ma innych graczy)"


def save_game_unfinished() -> str:
    return "zapisana gra jest uszkodzona (jedna z jej zakończonych gier się nie skończyła)"


def save_unreplayable(game: int, problem: str) -> str:
    return f"zapisana gra jest uszkodzona: nie da się odtworzyć jej gry nr {game} ({problem})"


# --- the play command's notices about the save and the log ------------------------------------------------------


def save_unusable(problem: str) -> str:
    return f"{problem}. Zacznij nową grę poleceniem 'voicefish play --new'."


def no_save_at(path: str) -> str:
    return f"nie ma zapisanej gry w {path}; zacznij ją poleceniem 'voicefish play'"


def no_answer_kept() -> str:
    return "brak odpowiedzi (wejście się skończyło); zapisana gra zostaje bez zmian. Użyj --resume albo --new."


def save_ignored(problem: str) -> str:
    return f"pomijam zapisaną grę, której nie da się użyć ({problem}); zaczynam nową;"


def save_waiting(names: Sequence[str], game: int, games: int) -> str:
    return (
        f"jest zapisana gra ({', '.join(names)}, gra {game} z {games}); użyj --resume, żeby ją kontynuować. "
        "Zaczynam nową grę;"
    )


def old_save_kept(backup: str) -> str:
    return f"stary zapis zostaje zachowany jako {backup}."


def cannot_put_aside(path: str, cause: str) -> str:
    return f"nie mogę odłożyć zapisanej gry {path} ({cause}); nic się nie zmieniło"


def not_the_save_log(problem: str) -> str:
    return f"nie zapisuję dziennika gry do pliku dziennika z zapisu ({problem})"


STOPPED = "zatrzymano."
"""Said when the player stops a command with Ctrl-C."""


def while_closing(cause: str) -> str:
    """A device or page that failed to close at the session's end (``cause``: the system's words)."""
    return f"podczas zamykania: {cause}"


def over_save_kept(path: str, cause: str) -> str:
    return f"sesja się skończyła, ale nie udało się usunąć jej zapisu {path} ({cause})"


def log_is_in(path: str) -> str:
    return f"pełny dziennik gry jest w {path}"


def last_moves_unsaved(path: str) -> str:
    return (
        f"nie udało się zapisać ostatnich ruchów; ostatni dobry zapis to {path} "
        "('voicefish play --resume' gra dalej od tego miejsca)"
    )


def saved_for_later(path: str) -> str:
    return f"zapisano. Graj dalej później poleceniem 'voicefish play --resume' (zapis: {path})"


def saved_in_language(problem: str, code: str) -> str:
    return f"{problem} (zapisana gra jest w języku '{code}')"


def rules_hint(preset: str) -> str:
    return f"tam, gdzie mówi się tym językiem, gra się według zasad {preset}; spróbuj --rules {preset}"


# --- the options and the config file -----------------------------------------------------------------------------


def names_missing(option: str) -> str:
    return f"{option} wymaga co najmniej jednego imienia"


def name_empty(option: str, text: str) -> str:
    return f"{option} zawiera puste imię (dwa przecinki z rzędu albo przecinek na początku lub końcu): '{text}'"


def name_too_long(option: str, most: int, start: str) -> str:
    return f"{option}: imię może mieć najwyżej {most} znaków ({start}... jest dłuższe)"


def name_twice(option: str, name: str) -> str:
    return f"{option} podaje {name} dwa razy; każdy gracz potrzebuje własnego imienia"


def voice_check_range(high: int) -> str:
    return f"--voice-check musi być od 0 (bez sprawdzania) do {high}"


def talk_wait_range(high: int) -> str:
    return f"--talk-wait musi być od 0 (odpowiedź od razu) do {high} sekund"


def rate_range(low: int, high: int) -> str:
    return f"--rate musi być od {low} do {high} słów na minutę"


def volume_range() -> str:
    return "--volume musi być od 0.0 (cisza) do 1.0 (pełna głośność)"


def seed_range() -> str:
    return "--seed musi być liczbą całkowitą poniżej 2**63 (albo pomiń go, żeby rozdanie było losowe)"


def games_range(high: int) -> str:
    return f"--games musi być od 1 do {high}"


def unknown_kind(kind: str, kinds: str) -> str:
    return f"nieznany gracz komputerowy '{kind}'; wybierz spośród: {kinds}"


def player_count(high: int, count: int) -> str:
    return f"w Idź na ryby gra się od 2 do {high} graczy; podano {count}"


def bot_names_short() -> str:
    return "za mało imion dla graczy komputerowych; podaj więcej po --bot-names"


def not_whole(option: str, value: str) -> str:
    return f"{option} wymaga liczby całkowitej, a nie '{value}'"


def not_number(option: str, value: str) -> str:
    return f"{option} wymaga liczby, a nie '{value}'"


def unknown_choice(option: str, value: str, choices: str) -> str:
    return f"{option} przyjmuje jedną z wartości: {choices}, a nie '{value}'"


def unknown_option(option: str) -> str:
    return f"nie ma opcji {option}; 'voicefish play --help' wymienia wszystkie"


def needs_value(option: str) -> str:
    return f"po {option} potrzebna jest wartość"


def takes_no_value(option: str) -> str:
    return f"{option} nie przyjmuje wartości"


def bad_arguments(cause: str) -> str:
    return f"nie mogę odczytać wiersza poleceń: {cause}"


def unknown_rule(rule: str, known: str) -> str:
    return f"nieznana zasada '{rule}'; znane zasady i zestawy zasad: {known}"


def rules_clash(first: str, second: str) -> str:
    return f"zasady {first} i {second} do siebie nie pasują (jedna wymaga albo przerywa to, co zmienia druga)"


def earpiece_form(spec: str) -> str:
    return f"--earpiece '{spec}': napisz IMIĘ=URZĄDZENIE, np. Ania=2 albo 'Ania=Słuchawki USB'"


def earpiece_not_human(spec: str, name: str, humans: str) -> str:
    return f"--earpiece '{spec}': {name} nie jest tu graczem-człowiekiem (ludzie: {humans})"


def earpiece_twice(name: str, first: str, second: str) -> str:
    return f"{name} ma dwie słuchawki ({first} i {second})"


def earpiece_unusable(device: str, name: str, cause: str) -> str:
    return f"nie mogę użyć słuchawki {device} dla gracza {name}: {cause}"


def screen_unusable(cause: str) -> str:
    return f"nie mogę uruchomić serwera ekranów: {cause}"


def config_missing(path: str) -> str:
    return f"nie ma pliku konfiguracji w {path}"


def config_unreadable(path: str, cause: str) -> str:
    return f"nie mogę odczytać pliku konfiguracji {path}: {cause}"


def config_unknown(key: str, path: str, keys: str) -> str:
    return f"nieznane ustawienie '{key}' w {path}; znane: {keys}"


_VALUE_KINDS = {
    "text": "tekstem w cudzysłowie",
    "whole": "liczbą całkowitą",
    "bool": "wartością true albo false",
    "list": "listą",
    "number": "liczbą",
    "device": "nazwą urządzenia w cudzysłowie albo numerem urządzenia",
}
_LIST_KINDS = {
    "text": "tekstów w cudzysłowie",
    "whole": "liczb całkowitych",
    "bool": "wartości true albo false",
    "list": "list",
    "number": "liczb",
    "device": "nazw urządzeń w cudzysłowie albo numerów urządzeń",
}


def config_wrong(key: str, path: str, wanted: str) -> str:
    return f"ustawienie '{key}' w {path} powinno być {_VALUE_KINDS[wanted]}"


def config_wrong_items(key: str, path: str, wanted: str) -> str:
    return f"ustawienie '{key}' w {path} powinno być listą {_LIST_KINDS[wanted]}"


# --- voicefish play --help ------------------------------------------------------------------------------------------

HELP_USAGE = "użycie: "
HELP_OPTIONS = "opcje"
HELP_HELP = "pokaż tę pomoc i zakończ"
HELP_PLAY = "zagraj w Idź na ryby przy stole, głosem (albo pisząc, z --text)"
HELP_DESCRIPTION = (
    "Rozdaje sesję gry Idź na ryby dla ludzi podanych w --players i graczy komputerowych podanych w --seats. W swojej "
    "turze powiedz na przykład 'Marku, masz walety?'. Stół słyszy każdy jawny ruch; każdą rękę odczytuje się "
    "prywatnie (słuchawka, prywatny ekran albo odsłonięcie klawiszem Enter w terminalu). Bez mikrofonu gra sama "
    "przechodzi na wpisywanie. Gra zapisuje się po każdym ruchu: 'voicefish play --resume' gra dalej po przerwie albo "
    "awarii. Ustawienia mogą też być w pliku konfiguracji TOML (klucze to długie nazwy opcji z podkreślnikami)."
)


def help_example(command: str) -> str:
    return f"Przykład: {command}"


def help_lang(codes: str) -> str:
    return f"język stołu: {codes} (domyślnie: język systemu, a gdy go nie ma, en)"


HELP_PLAYERS = "imiona ludzi, którzy grają, rozdzielone przecinkami (domyślnie: pyta o twoje imię)"


def help_seats(kinds: str, default: str, most: int) -> str:
    return (
        f"gracze komputerowi na wolne miejsca, rozdzieleni przecinkami: {kinds} (domyślnie: {default}, gdy gra jedna "
        f"osoba, a poza tym żaden); razem od 2 do {most} graczy"
    )


def help_bot_names(names: Sequence[str]) -> str:
    return f"imiona graczy komputerowych (domyślnie: {', '.join(names)})"


def help_rules(example: str) -> str:
    return f"zasady domowe albo zestawy zasad, rozdzielone przecinkami, np. {example} (domyślnie: klasyczne)"


def help_games(games: int) -> str:
    return f"liczba gier w sesji (domyślnie: {games})"


HELP_SEED = "ziarno powtarzalnego rozdania (domyślnie: losowe)"
HELP_TEXT = "pisz zamiast mówić"
HELP_RESUME = "graj dalej w zapisaną grę"
HELP_NEW = "zacznij nową sesję, nawet jeśli jest zapisana gra"
HELP_SAVE = "gdzie gra zapisuje się po każdym ruchu (domyślnie: w twoim folderze danych)"
HELP_LOG = "gdzie zapisuje się pełny dziennik gry (domyślnie: w twoim folderze danych)"


def help_config(name: str) -> str:
    return f"plik ustawień TOML (domyślnie: {name} w twoim folderze konfiguracji)"


HELP_SCREEN = "uruchom stronę stołu i strony prywatne (telefony)"
HELP_LAN = "pozwól telefonom z tej samej sieci otwierać strony"
HELP_EARPIECE = "kieruj prywatną mowę gracza do urządzenia wyjściowego (numer albo nazwa), np. Ania=2; można powtarzać"
HELP_INPUT_DEVICE = "mikrofon według numeru albo nazwy (domyślnie: systemowy)"
HELP_OUTPUT_DEVICE = "głośnik stołu według numeru albo nazwy (domyślnie: systemowy)"


def help_backend(choices: str) -> str:
    return f"rozpoznawanie mowy: {choices} (domyślnie: auto)"


HELP_MODEL = "folder modelu Vosk (domyślnie: zainstalowany model angielski) albo model Whisper"
HELP_RATE = "tempo mowy w słowach na minutę (domyślnie: 200, żwawo; wolniej np. 160)"
HELP_VOLUME = "głośność mowy 0.0–1.0 (domyślnie: 1.0)"
HELP_NO_SPEECH = "tylko napisy, bez mowy"
HELP_NO_EARCONS = "bez krótkich dźwięków, gdy gra zaczyna słuchać i gdy cię usłyszała (grają nawet z --no-speech)"


def help_voice_check(n: int) -> str:
    return (
        "przed pierwszym rozdaniem każdy gracz powtarza tyle krótkich próśb, żeby rozpoznawanie nauczyło się jego "
        f"głosu (tylko pocketsphinx; około 5 sekund każda; 0 pomija sprawdzanie; domyślnie: {n}); gdy w pokoju "
        "robi się głośno, jeszcze 4 na osobę w hałasie (nie dla gracza, który już mówił w hałasie)"
    )


def help_talk_wait(seconds: float) -> str:
    return (
        "przy grze głosem: jak długo gra czeka w ciszy po czymś, co uznała za rozmowę przy stole, zanim powie, że nie "
        f"zrozumiała, żeby nie odpowiadać na każdą uwagę (0 odpowiada od razu; domyślnie: {seconds:g})"
    )


HELP_REMEMBER_VOICES = (
    "zachowaj w folderze danych to, czego gra nauczyła się o głosie każdego gracza, żeby powracający gracz pomijał "
    "sprawdzanie głosu (domyślnie wyłączone; 'voicefish voices' je wymienia i zapomina)"
)
HELP_EXPLAIN = (
    "trening: po każdej prośbie gracza komputerowego mów, dlaczego o to poprosił (tylko z jawnych faktów); w każdej "
    "chwili 'dlaczego?' mówi ostatnie wyjaśnienie"
)


def help_narration(first: str, second: str) -> str:
    return (
        f"{first} (domyślnie): każda prośba i jej skutek w jednym zdaniu, zapowiadana jest tylko tura człowieka; "
        f"{second}: zapowiadana jest każda tura, gracze komputerowi mówią swoje prośby, każdy skutek to osobne zdanie"
    )


META_CODE = "KOD"
META_NAMES = "IMIONA"
META_PLAYERS = "GRACZE"
META_RULES = "ZASADY"
META_NUMBER = "LICZBA"
META_COUNT = "N"
META_FILE = "PLIK"
META_LOG_FILE = "PLIK.jsonl"
META_DEVICE = "URZĄDZENIE"
META_PLAYER_DEVICE = "IMIĘ=URZĄDZENIE"
META_RECOGNIZER = "ROZPOZNAWANIE"
META_PATH = "ŚCIEŻKA"
META_LEVEL = "POZIOM"
META_SECONDS = "SEKUNDY"
META_NARRATION = "STYL"
