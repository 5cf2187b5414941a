"""The play command's own lines in English: its errors (a bad option or setting, a save or game log it cannot use),
its notices about the save and the log, and ``voicefish play --help``. Each language has its ``<code>_command``
module beside this one (:func:`voicefish.table.phrases.command_phrases`); the errors are worded from their kinds
(:class:`voicefish.table.save.SaveError`, the play command's refusals): a kind is the name of a function here, its
facts are the function's arguments."""

from __future__ import annotations

from collections.abc import Sequence

# --- a save or game log that cannot be used (voicefish.table.save, voicefish.table.loop) ---------------------
# One line each, printed after "voicefish: "; a file's place and the system's own words for a failure (``cause``)
# are facts put in as they are. A save or log file's trouble is said after its path ("PATH: ...").


def save_is_folder() -> str:
    return "this is a folder, not a voicefish saved game; give a file name"


def save_unreadable(cause: str) -> str:
    return f"cannot read the saved game: {cause}"


def save_not_plain() -> str:
    return "this is not a plain file, so not a voicefish saved game"


def save_not_ours() -> str:
    return (
        "this file is not a voicefish saved game, and voicefish never replaces a file it did not write; "
        "give another file name"
    )


def backup_in_way(backup: str) -> str:
    return f"{backup} is in the way of the backup and is not a voicefish save"


def log_is_folder() -> str:
    return "this is a folder, not a game log; give a file name"


def log_unreadable(cause: str) -> str:
    return f"cannot read the game log: {cause}"


def log_not_ours() -> str:
    return (
        "this file is not a voicefish game log, and voicefish never replaces a file it did not write; "
        "give another file name with --log"
    )


def log_of_another_session() -> str:
    return (
        "this file holds the game log of another session, and voicefish never replaces it; "
        "give another file name with --log"
    )


def save_in_use() -> str:
    return (
        "another voicefish session is playing this saved game; finish or stop it first, "
        "or play a separate game with another file after --save"
    )


def no_save() -> str:
    return "there is no saved game"


def save_too_new(version: int, reads: int) -> str:
    return f"this saved game is from a newer version of voicefish (save format {version}; this one reads {reads})"


def save_too_old(version: int, reads: int) -> str:
    return f"this saved game is from another version of voicefish (save format {version}; this one reads {reads})"


def save_not_json(cause: str) -> str:
    """``cause``: the JSON reader's own words for what is wrong."""
    return f"the saved game is damaged (not valid JSON: {cause})"


def save_not_object() -> str:
    return "the saved game is damaged (not a JSON object)"


def save_damaged(entry: str) -> str:
    """``entry``: the save's key that is missing or wrong (``seats``, ``games``, ...), as it is written in the file."""
    return f"the saved game is damaged (its '{entry}' entry is missing or wrong)"


def save_language(code: str, codes: str) -> str:
    """``code``: the language the save names; ``codes``: the ones there are (``en, it, ...``)."""
    return f"the saved game is damaged (its language '{code}' is not one of {codes})"


def save_game_unbegun() -> str:
    return "the saved game is damaged (a game in it does not begin)"


def save_game_other_players() -> str:
    return "the saved game is damaged (a game in it has other players)"


def save_game_unfinished() -> str:
    return "the saved game is damaged (a finished game in it is not over)"


def save_unreplayable(game: int, problem: str) -> str:
    return f"the saved game is damaged: its game {game} cannot be replayed ({problem})"


# --- the play command's notices about the save and the log ---------------------------------------------------


def save_unusable(problem: str) -> str:
    """A save that cannot be resumed (``problem``: its path and what is wrong)."""
    return f"{problem}. Start a new game with 'voicefish play --new'."


def no_save_at(path: str) -> str:
    return f"there is no saved game at {path}; start one with 'voicefish play'"


def no_answer_kept() -> str:
    return "no answer (the input ended); the saved game is left as it was. Use --resume or --new."


def save_ignored(problem: str) -> str:
    """The start of a line about a save a new game puts aside; :func:`old_save_kept` follows it."""
    return f"ignoring a saved game that cannot be used ({problem}); starting a new one;"


def save_waiting(names: Sequence[str], game: int, games: int) -> str:
    """Input is not a terminal, so the saved game is not offered; :func:`old_save_kept` follows it."""
    return (
        f"there is a saved game ({', '.join(names)}, game {game} of {games}); use --resume to go on with it. "
        "Starting a new game;"
    )


def old_save_kept(backup: str) -> str:
    return f"the old save is kept as {backup}."


def cannot_put_aside(path: str, cause: str) -> str:
    return f"cannot put the saved game {path} aside ({cause}); nothing changed"


def not_the_save_log(problem: str) -> str:
    return f"not writing the game log to the save's log file ({problem})"


STOPPED = "stopped."
"""Said when the player stops a command with Ctrl-C."""


def while_closing(cause: str) -> str:
    """A device or page that failed to close at the session's end (``cause``: the system's words)."""
    return f"while closing: {cause}"


def over_save_kept(path: str, cause: str) -> str:
    return f"the session is over, but its save {path} could not be deleted ({cause})"


def log_is_in(path: str) -> str:
    return f"the full game log is in {path}"


def last_moves_unsaved(path: str) -> str:
    return (
        f"the last moves could not be saved; the last good save is {path} ('voicefish play --resume' goes on from "
        "there)"
    )


def saved_for_later(path: str) -> str:
    return f"saved. Go on later with 'voicefish play --resume' (save: {path})"


def saved_in_language(problem: str, code: str) -> str:
    """A resumed game's language cannot be heard (``problem``); ``code``: the save's language (``it``, ``pl``...)."""
    return f"{problem} (the saved game is in '{code}')"


def rules_hint(preset: str) -> str:
    """Said once for a new game in a language with regional rules (``preset``: their name, as typed)."""
    return f"the {preset} rules are played where this language is spoken; try --rules {preset}"


# --- the options and the config file ---------------------------------------------------------------------


def names_missing(option: str) -> str:
    return f"{option} needs at least one name"


def name_empty(option: str, text: str) -> str:
    return f"{option} has an empty name (two commas in a row, or one at an end): '{text}'"


def name_too_long(option: str, most: int, start: str) -> str:
    """``start``: the first ``most`` characters of the long name."""
    return f"{option}: a name has at most {most} characters ({start}... is longer)"


def name_twice(option: str, name: str) -> str:
    return f"{option} names {name} twice; every player needs a name of their own"


def voice_check_range(high: int) -> str:
    return f"--voice-check must be between 0 (none) and {high}"


def talk_wait_range(high: int) -> str:
    return f"--talk-wait must be between 0 (answer at once) and {high} seconds"


def rate_range(low: int, high: int) -> str:
    return f"--rate must be between {low} and {high} words a minute"


def volume_range() -> str:
    return "--volume must be between 0.0 (silent) and 1.0 (full)"


def seed_range() -> str:
    return "--seed must be a whole number below 2**63 (or leave it out for a random deal)"


def games_range(high: int) -> str:
    return f"--games must be between 1 and {high}"


def unknown_kind(kind: str, kinds: str) -> str:
    """``kind``: a computer player asked for; ``kinds``: the ones there are (``easy, medium, ...``), as typed."""
    return f"unknown computer player '{kind}'; choose from {kinds}"


def player_count(high: int, count: int) -> str:
    return f"Go Fish needs 2 to {high} players; you named {count}"


def bot_names_short() -> str:
    return "not enough names for the computer players; give more with --bot-names"


def not_whole(option: str, value: str) -> str:
    return f"{option} takes a whole number, not '{value}'"


def not_number(option: str, value: str) -> str:
    return f"{option} takes a number, not '{value}'"


def unknown_choice(option: str, value: str, choices: str) -> str:
    return f"{option} takes one of {choices}, not '{value}'"


def unknown_option(option: str) -> str:
    return f"there is no option {option}; 'voicefish play --help' lists them"


def needs_value(option: str) -> str:
    return f"{option} needs a value after it"


def takes_no_value(option: str) -> str:
    return f"{option} takes no value"


def bad_arguments(cause: str) -> str:
    """Any other refusal of the command line (``cause``: the argument parser's own words)."""
    return f"cannot read the command line: {cause}"


def unknown_rule(rule: str, known: str) -> str:
    """``known``: the rules and presets there are, as typed."""
    return f"unknown rule '{rule}'; known rules and presets: {known}"


def rules_clash(first: str, second: str) -> str:
    """Two house rules (their names, as typed) that cannot be played together; the first one asks for the second
    or rules it out."""
    return f"the rules {first} and {second} do not go together (one needs or ends what the other changes)"


def earpiece_form(spec: str) -> str:
    """``spec``: the ``--earpiece`` value as typed."""
    return f"--earpiece '{spec}': write NAME=DEVICE, e.g. Priya=2 or 'Priya=USB Headset'"


def earpiece_not_human(spec: str, name: str, humans: str) -> str:
    """``humans``: the human players' names."""
    return f"--earpiece '{spec}': {name} is not a human player here (humans: {humans})"


def earpiece_twice(name: str, first: str, second: str) -> str:
    """``first``, ``second``: the two devices given for one player."""
    return f"{name} has two earpieces ({first} and {second})"


def earpiece_unusable(device: str, name: str, cause: str) -> str:
    """``cause``: why, in the system's words (often with the devices there are)."""
    return f"cannot use the earpiece {device} for {name}: {cause}"


def screen_unusable(cause: str) -> str:
    return f"cannot start the screen server: {cause}"


def config_missing(path: str) -> str:
    return f"no config file at {path}"


def config_unreadable(path: str, cause: str) -> str:
    """``cause``: the system's or the TOML reader's own words."""
    return f"cannot read the config file {path}: {cause}"


def config_unknown(key: str, path: str, keys: str) -> str:
    """``keys``: the settings there are, as written in the file (``players, seats, ...``)."""
    return f"unknown setting '{key}' in {path}; known: {keys}"


_VALUE_KINDS = {
    "text": "text in quotes",
    "whole": "a whole number",
    "bool": "true or false",
    "list": "a list",
    "number": "a number",
    "device": "a device name in quotes or a device number",
}


def config_wrong(key: str, path: str, wanted: str) -> str:
    """``wanted``: what the setting must be: ``text``, ``whole``, ``bool``, ``list``, ``number`` or ``device``."""
    return f"setting '{key}' in {path} should be {_VALUE_KINDS[wanted]}"


def config_wrong_items(key: str, path: str, wanted: str) -> str:
    """A list setting with an item of the wrong kind (``wanted`` as for :func:`config_wrong`)."""
    return f"setting '{key}' in {path} should be a list of {_VALUE_KINDS[wanted]}"


# --- voicefish play --help (voicefish.commands.play): the options' help, their value names, argparse's own words ----
# Names typed as they are (options, computer players, rules, recognizers, language codes) are facts put in.

HELP_USAGE = "usage: "
HELP_OPTIONS = "options"
HELP_HELP = "show this help message and exit"
HELP_PLAY = "play Go Fish at the table, by voice (or typing with --text)"
HELP_DESCRIPTION = (
    "Deals a session of Go Fish for the humans named in --players and computer players in --seats. On your turn say, "
    "for example, 'Priya, do you have any jacks?'. The table hears every public move; each hand is read privately "
    "(earpiece, private screen, or a press-Enter reveal in the terminal). With no microphone the game falls back to "
    "typed input by itself. The game is saved after every move: 'voicefish play --resume' goes on after a stop or a "
    "crash. Settings can also live in a TOML config file (keys are the long option names with underscores)."
)


def help_example(command: str) -> str:
    return f"Example: {command}"


def help_lang(codes: str) -> str:
    return f"language of the table: {codes} (default: the system locale's, else en)"


HELP_PLAYERS = "comma-separated names of the human players (default: asks for your name)"


def help_seats(kinds: str, default: str, most: int) -> str:
    """``kinds``: the computer players there are, as typed; ``default``: the seats when one human plays."""
    return (
        f"comma-separated computer players to fill seats: {kinds} (default: {default} when one human plays, none "
        f"otherwise); 2 to {most} players in all"
    )


def help_bot_names(names: Sequence[str]) -> str:
    return f"names for the computer players (default: {', '.join(names)})"


def help_rules(example: str) -> str:
    return f"comma-separated house rules or presets, e.g. {example} (default: classic)"


def help_games(games: int) -> str:
    return f"games in the session (default: {games})"


HELP_SEED = "seed for a reproducible deal (default: random)"
HELP_TEXT = "type instead of speaking"
HELP_RESUME = "go on with the saved game"
HELP_NEW = "start a new session even if a saved game exists"
HELP_SAVE = "where the game is saved after every move (default: in your data folder)"
HELP_LOG = "where the full game log is written (default: in your data folder)"


def help_config(name: str) -> str:
    """``name``: the config file's place in the user's config folder (``voicefish/config.toml``)."""
    return f"a TOML settings file (default: {name} in your config folder)"


HELP_SCREEN = "start the table page and private pages (phones)"
HELP_LAN = "let phones on the same network open the pages"
HELP_EARPIECE = "route a player's private speech to an output device (index or name), e.g. Priya=2; repeatable"
HELP_INPUT_DEVICE = "microphone by index or name (default: the system default)"
HELP_OUTPUT_DEVICE = "table speaker by index or name (default: the system default)"


def help_backend(choices: str) -> str:
    return f"speech recognizer: {choices} (default: auto)"


HELP_MODEL = "a Vosk model folder (default: an installed English model), or a Whisper model"
HELP_RATE = "speaking rate in words per minute (default: 200, brisk; slower e.g. 160)"
HELP_VOLUME = "speaking volume 0.0–1.0 (default: 1.0)"
HELP_NO_SPEECH = "captions only, no spoken output"
HELP_NO_EARCONS = (
    "no short sounds when the game starts listening and when it heard you (they play even with --no-speech)"
)


def help_voice_check(n: int) -> str:
    return (
        "before the first deal, each player repeats this many short asks so the recognizer learns their voice "
        f"(pocketsphinx only; about 5 seconds each; 0 skips it; default: {n}); when the room turns loud, 4 more "
        "each in the noise (not for a player whose check was already said in the noise)"
    )


def help_talk_wait(seconds: float) -> str:
    return (
        "by voice, how long the game waits in quiet after something it took for table talk before it says it did not "
        f"catch it, so it does not reply to every aside (0 answers at once; default: {seconds:g})"
    )


HELP_REMEMBER_VOICES = (
    "keep what the game learns of each player's voice in your data folder, so a returning player skips the voice "
    "check (off by default; 'voicefish voices' lists and forgets them)"
)
HELP_EXPLAIN = (
    "practice: after each computer player's ask, say why it asked (from public facts only); at any time, 'why?' "
    "tells the last one"
)


def help_narration(first: str, second: str) -> str:
    return (
        f"{first} (default): each ask and what came of it in one sentence, and only a human's turn announced; "
        f"{second}: every turn announced, computer players say their asks, each outcome a sentence of its own"
    )


# value names shown after an option (--players NAMES)
META_CODE = "CODE"
META_NAMES = "NAMES"
META_PLAYERS = "PLAYERS"
META_RULES = "RULES"
META_NUMBER = "NUMBER"
META_COUNT = "N"
META_FILE = "FILE"
META_LOG_FILE = "FILE.jsonl"
META_DEVICE = "DEVICE"
META_PLAYER_DEVICE = "NAME=DEVICE"
META_RECOGNIZER = "RECOGNIZER"
META_PATH = "PATH"
META_LEVEL = "LEVEL"
META_SECONDS = "SECONDS"
META_NARRATION = "STYLE"
