"""De regels van het commando play in het Nederlands: de foutmeldingen, de meldingen over het bewaarde spel en het
spelverslag, en ``voicefish play --help`` (as :mod:`voicefish.table.phrases.en_command`, same names and arguments)."""

from __future__ import annotations

from collections.abc import Sequence

# --- a save or game log that cannot be used ---------------------------------------------------------------------


def save_is_folder() -> str:
    return "dit is een map, geen bewaard spel van voicefish; geef een bestandsnaam"


def save_unreadable(cause: str) -> str:
    return f"ik kan het bewaarde spel niet lezen: {cause}"


def save_not_plain() -> str:
    return "dit is geen gewoon bestand, dus geen bewaard spel van voicefish"


def save_not_ours() -> str:
    return (
        "dit bestand is geen bewaard spel van voicefish, en voicefish vervangt nooit een bestand dat het niet zelf "
        "geschreven heeft; geef een andere bestandsnaam"
    )


def backup_in_way(backup: str) -> str:
    return f"{backup} staat op de plaats van de reservekopie en is geen bewaard spel van voicefish"


def log_is_folder() -> str:
    return "dit is een map, geen spelverslag; geef een bestandsnaam"


def log_unreadable(cause: str) -> str:
    return f"ik kan het spelverslag niet lezen: {cause}"


def log_not_ours() -> str:
    return (
        "dit bestand is geen spelverslag van voicefish, en voicefish vervangt nooit een bestand dat het niet zelf "
        "geschreven heeft; geef een andere bestandsnaam met --log"
    )


def log_of_another_session() -> str:
    return (
        "dit bestand bevat het spelverslag van een andere sessie, en voicefish vervangt het nooit; "
        "geef een andere bestandsnaam met --log"
    )


def save_in_use() -> str:
    return (
        "een andere sessie van voicefish speelt dit bewaarde spel al; maak die eerst af of stop ermee, "
        "of speel een apart spel met een ander bestand na --save"
    )


def no_save() -> str:
    return "er is geen bewaard spel"


def save_too_new(version: int, reads: int) -> str:
    return (
        f"dit bewaarde spel komt van een nieuwere versie van voicefish (opslagformaat {version}; deze versie leest "
        f"{reads})"
    )


def save_too_old(version: int, reads: int) -> str:
    return (
        f"dit bewaarde spel komt van een andere versie van voicefish (opslagformaat {version}; deze versie leest "
        f"{reads})"
    )


def save_not_json(cause: str) -> str:
    return f"het bewaarde spel is beschadigd (geen geldige JSON: {cause})"


def save_not_object() -> str:
    return "het bewaarde spel is beschadigd (geen JSON-object)"


def save_damaged(entry: str) -> str:
    return f"het bewaarde spel is beschadigd (het veld '{entry}' ontbreekt of klopt niet)"


def save_language(code: str, codes: str) -> str:
    return f"het bewaarde spel is beschadigd (de taal '{code}' is geen van {codes})"


def save_game_unbegun() -> str:
    return "het bewaarde spel is beschadigd (een spel erin heeft geen begin)"


def save_game_other_players() -> str:
    return "het bewaarde spel is beschadigd (een spel erin heeft andere spelers)"


def save_game_unfinished() -> str:
    return "het bewaarde spel is beschadigd (een afgelopen spel erin is niet afgelopen)"


def save_unreplayable(game: int, problem: str) -> str:
    return f"het bewaarde spel is beschadigd: spel {game} erin kan niet opnieuw worden afgespeeld ({problem})"


# --- the play command's notices about the save and the log ------------------------------------------------------


def save_unusable(problem: str) -> str:
    return f"{problem}. Begin een nieuw spel met 'voicefish play --new'."


def no_save_at(path: str) -> str:
    return f"er is geen bewaard spel in {path}; begin er een met 'voicefish play'"


def no_answer_kept() -> str:
    return "geen antwoord (de invoer is op); het bewaarde spel blijft zoals het was. Gebruik --resume of --new."


def save_ignored(problem: str) -> str:
    return f"ik sla een bewaard spel over dat niet te gebruiken is ({problem}); ik begin een nieuw;"


def save_waiting(names: Sequence[str], game: int, games: int) -> str:
    return (
        f"er is een bewaard spel ({', '.join(names)}, spel {game} van {games}); gebruik --resume om ermee verder te "
        "gaan. Ik begin een nieuw spel;"
    )


def old_save_kept(backup: str) -> str:
    return f"het oude bewaarde spel blijft bewaard als {backup}."


def cannot_put_aside(path: str, cause: str) -> str:
    return f"ik kan het bewaarde spel {path} niet opzijzetten ({cause}); er is niets veranderd"


def not_the_save_log(problem: str) -> str:
    return f"ik schrijf het spelverslag niet naar het verslagbestand van het bewaarde spel ({problem})"


STOPPED = "gestopt."
"""Said when the player stops a command with Ctrl-C."""


def while_closing(cause: str) -> str:
    """A device or page that failed to close at the session's end (``cause``: the system's words)."""
    return f"bij het afsluiten: {cause}"


def over_save_kept(path: str, cause: str) -> str:
    return f"de sessie is voorbij, maar het bewaarde spel {path} kon niet worden gewist ({cause})"


def log_is_in(path: str) -> str:
    return f"het volledige spelverslag staat in {path}"


def last_moves_unsaved(path: str) -> str:
    return (
        f"de laatste zetten konden niet worden bewaard; de laatste goede opslag is {path} "
        "('voicefish play --resume' gaat vanaf daar verder)"
    )


def saved_for_later(path: str) -> str:
    return f"bewaard. Ga later verder met 'voicefish play --resume' (opslag: {path})"


def saved_in_language(problem: str, code: str) -> str:
    return f"{problem} (het bewaarde spel is in '{code}')"


def rules_hint(preset: str) -> str:
    return f"waar deze taal gesproken wordt, speelt men met de regels {preset}; probeer --rules {preset}"


# --- the options and the config file -----------------------------------------------------------------------------


def names_missing(option: str) -> str:
    return f"{option} heeft minstens één naam nodig"


def name_empty(option: str, text: str) -> str:
    return f"{option} bevat een lege naam (twee komma's achter elkaar, of een aan het begin of eind): '{text}'"


def name_too_long(option: str, most: int, start: str) -> str:
    return f"{option}: een naam heeft hoogstens {most} tekens ({start}... is langer)"


def name_twice(option: str, name: str) -> str:
    return f"{option} noemt {name} twee keer; elke speler heeft een eigen naam nodig"


def voice_check_range(high: int) -> str:
    return f"--voice-check moet tussen 0 (geen) en {high} liggen"


def talk_wait_range(high: int) -> str:
    return f"--talk-wait moet tussen 0 (meteen antwoorden) en {high} seconden liggen"


def rate_range(low: int, high: int) -> str:
    return f"--rate moet tussen {low} en {high} woorden per minuut liggen"


def volume_range() -> str:
    return "--volume moet tussen 0.0 (stil) en 1.0 (vol) liggen"


def seed_range() -> str:
    return "--seed moet een geheel getal onder 2**63 zijn (of laat het weg voor een willekeurige deling)"


def games_range(high: int) -> str:
    return f"--games moet tussen 1 en {high} liggen"


def unknown_kind(kind: str, kinds: str) -> str:
    return f"onbekende computerspeler '{kind}'; kies uit {kinds}"


def player_count(high: int, count: int) -> str:
    return f"Go Fish speel je met 2 tot {high} spelers; je noemde er {count}"


def bot_names_short() -> str:
    return "niet genoeg namen voor de computerspelers; geef er meer met --bot-names"


def not_whole(option: str, value: str) -> str:
    return f"{option} wil een geheel getal, niet '{value}'"


def not_number(option: str, value: str) -> str:
    return f"{option} wil een getal, niet '{value}'"


def unknown_choice(option: str, value: str, choices: str) -> str:
    return f"{option} wil een van {choices}, niet '{value}'"


def unknown_option(option: str) -> str:
    return f"de optie {option} bestaat niet; 'voicefish play --help' somt ze op"


def needs_value(option: str) -> str:
    return f"na {option} moet een waarde komen"


def takes_no_value(option: str) -> str:
    return f"{option} neemt geen waarde"


def bad_arguments(cause: str) -> str:
    return f"ik kan de opdrachtregel niet lezen: {cause}"


def unknown_rule(rule: str, known: str) -> str:
    return f"onbekende regel '{rule}'; bekende regels en regelsets: {known}"


def rules_clash(first: str, second: str) -> str:
    return f"de regels {first} en {second} gaan niet samen (de ene vraagt of beëindigt wat de andere verandert)"


def earpiece_form(spec: str) -> str:
    return f"--earpiece '{spec}': schrijf NAAM=APPARAAT, bijv. Sanne=2 of 'Sanne=USB-koptelefoon'"


def earpiece_not_human(spec: str, name: str, humans: str) -> str:
    return f"--earpiece '{spec}': {name} is hier geen menselijke speler (mensen: {humans})"


def earpiece_twice(name: str, first: str, second: str) -> str:
    return f"{name} heeft twee oortjes ({first} en {second})"


def earpiece_unusable(device: str, name: str, cause: str) -> str:
    return f"ik kan het oortje {device} niet gebruiken voor {name}: {cause}"


def screen_unusable(cause: str) -> str:
    return f"ik kan de schermserver niet starten: {cause}"


def config_missing(path: str) -> str:
    return f"er is geen instellingenbestand in {path}"


def config_unreadable(path: str, cause: str) -> str:
    return f"ik kan het instellingenbestand {path} niet lezen: {cause}"


def config_unknown(key: str, path: str, keys: str) -> str:
    return f"onbekende instelling '{key}' in {path}; bekend zijn: {keys}"


_VALUE_KINDS = {
    "text": "tekst tussen aanhalingstekens",
    "whole": "een geheel getal",
    "bool": "true of false",
    "list": "een lijst",
    "number": "een getal",
    "device": "een apparaatnaam tussen aanhalingstekens of een apparaatnummer",
}
_LIST_KINDS = {
    "text": "teksten tussen aanhalingstekens",
    "whole": "gehele getallen",
    "bool": "waarden true of false",
    "list": "lijsten",
    "number": "getallen",
    "device": "apparaatnamen tussen aanhalingstekens of apparaatnummers",
}


def config_wrong(key: str, path: str, wanted: str) -> str:
    return f"de instelling '{key}' in {path} moet {_VALUE_KINDS[wanted]} zijn"


def config_wrong_items(key: str, path: str, wanted: str) -> str:
    return f"de instelling '{key}' in {path} moet een lijst van {_LIST_KINDS[wanted]} zijn"


# --- voicefish play --help ------------------------------------------------------------------------------------------

HELP_USAGE = "gebruik: "
HELP_OPTIONS = "opties"
HELP_HELP = "toon deze hulp en stop"
HELP_PLAY = "speel Go Fish aan tafel, met je stem (of typend met --text)"
HELP_DESCRIPTION = (
    "Deelt een sessie Go Fish voor de mensen genoemd in --players en de computerspelers in --seats. Zeg als je aan de "
    "beurt bent bijvoorbeeld 'Sanne, heb je boeren?'. De tafel hoort elke openbare zet; elke hand wordt privé "
    "gelezen (oortje, privéscherm, of tonen met Enter in de terminal). Zonder microfoon schakelt het spel zelf over "
    "op getypte invoer. Het spel wordt na elke zet bewaard: 'voicefish play --resume' gaat verder na een stop of een "
    "vastloper. Instellingen kunnen ook in een TOML-instellingenbestand staan (de sleutels zijn de lange "
    "optienamen met liggende streepjes)."
)


def help_example(command: str) -> str:
    return f"Voorbeeld: {command}"


def help_lang(codes: str) -> str:
    return f"taal van de tafel: {codes} (standaard: die van het systeem, anders en)"


HELP_PLAYERS = "namen van de mensen die spelen, gescheiden door komma's (standaard: vraagt je naam)"


def help_seats(kinds: str, default: str, most: int) -> str:
    return (
        f"computerspelers voor de overige plaatsen, gescheiden door komma's: {kinds} (standaard: {default} als er één "
        f"mens speelt, anders geen); in totaal 2 tot {most} spelers"
    )


def help_bot_names(names: Sequence[str]) -> str:
    return f"namen voor de computerspelers (standaard: {', '.join(names)})"


def help_rules(example: str) -> str:
    return f"huisregels of regelsets, gescheiden door komma's, bijv. {example} (standaard: klassiek)"


def help_games(games: int) -> str:
    return f"aantal spellen in de sessie (standaard: {games})"


HELP_SEED = "startgetal voor een herhaalbare deling (standaard: willekeurig)"
HELP_TEXT = "typen in plaats van spreken"
HELP_RESUME = "verder met het bewaarde spel"
HELP_NEW = "een nieuwe sessie beginnen, ook als er een bewaard spel is"
HELP_SAVE = "waar het spel na elke zet bewaard wordt (standaard: in je gegevensmap)"
HELP_LOG = "waar het volledige spelverslag geschreven wordt (standaard: in je gegevensmap)"


def help_config(name: str) -> str:
    return f"een TOML-instellingenbestand (standaard: {name} in je configuratiemap)"


HELP_SCREEN = "de tafelpagina en de privépagina's starten (telefoons)"
HELP_LAN = "telefoons in hetzelfde netwerk de pagina's laten openen"
HELP_EARPIECE = (
    "de privéspraak van een speler naar een uitvoerapparaat sturen (nummer of naam), bijv. Sanne=2; herhaalbaar"
)
HELP_INPUT_DEVICE = "microfoon op nummer of naam (standaard: die van het systeem)"
HELP_OUTPUT_DEVICE = "luidspreker van de tafel op nummer of naam (standaard: die van het systeem)"


def help_backend(choices: str) -> str:
    return f"spraakherkenner: {choices} (standaard: auto)"


HELP_MODEL = "een Vosk-modelmap (standaard: een geïnstalleerd Engels model), of een Whisper-model"
HELP_RATE = "spreektempo in woorden per minuut (standaard: 200, vlot; trager bijv. 160)"
HELP_VOLUME = "spreekvolume 0.0–1.0 (standaard: 1.0)"
HELP_NO_SPEECH = "alleen ondertiteling, geen gesproken uitvoer"
HELP_NO_EARCONS = (
    "geen korte geluidjes als het spel begint te luisteren en als het je gehoord heeft (ze klinken ook met --no-speech)"
)


def help_voice_check(n: int) -> str:
    return (
        "voor de eerste deling herhaalt elke speler zoveel korte vragen, zodat de herkenner zijn stem leert (alleen "
        f"pocketsphinx; ongeveer 5 seconden per stuk; 0 slaat het over; standaard: {n}); als het rumoerig wordt, nog "
        "4 per persoon in het lawaai (niet voor een speler die de controle al in het lawaai deed)"
    )


def help_talk_wait(seconds: float) -> str:
    return (
        "bij spraak: hoe lang het spel in stilte wacht na iets wat het voor tafelpraat hield voordat het zegt dat het "
        f"niets verstond, zodat het niet op elke opmerking reageert (0 antwoordt meteen; standaard: {seconds:g})"
    )


HELP_REMEMBER_VOICES = (
    "bewaar in je gegevensmap wat het spel van de stem van elke speler leert, zodat een terugkerende speler de "
    "stemcontrole overslaat (standaard uit; 'voicefish voices' toont en vergeet ze)"
)
HELP_EXPLAIN = (
    "oefenen: na elke vraag van een computerspeler zeggen waarom die het vroeg (alleen uit openbare feiten); op elk "
    "moment vertelt 'waarom?' de laatste uitleg"
)


def help_narration(first: str, second: str) -> str:
    return (
        f"{first} (standaard): elke vraag en wat ervan kwam in één zin, en alleen de beurt van een mens wordt "
        f"aangekondigd; {second}: elke beurt aangekondigd, computerspelers zeggen hun vragen, elke uitkomst een "
        "eigen zin"
    )


META_CODE = "CODE"
META_NAMES = "NAMEN"
META_PLAYERS = "SPELERS"
META_RULES = "REGELS"
META_NUMBER = "GETAL"
META_COUNT = "N"
META_FILE = "BESTAND"
META_LOG_FILE = "BESTAND.jsonl"
META_DEVICE = "APPARAAT"
META_PLAYER_DEVICE = "NAAM=APPARAAT"
META_RECOGNIZER = "HERKENNER"
META_PATH = "PAD"
META_LEVEL = "NIVEAU"
META_SECONDS = "SECONDEN"
META_NARRATION = "STIJL"
