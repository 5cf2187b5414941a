"""``voicefish parse``: what the game would make of a sentence, without any audio."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from voicefish.speech.parser import ParseResult

DESCRIPTION = """\
Parse what a player says into a game intent, exactly as the game does after speech recognition.
Parses TEXT, or each line of standard input when TEXT is absent (one result per line, in one process).
With --json each result is one JSON object such as {"type":"ask","target":"Priya","rank":"J"}
(plus "card":"JS" under --rules authors), {"type":"read_hand"} or {"type":"none"}. Ranks use the codes
A 2 3 4 5 6 7 8 9 10 J Q K; names come back spelled as given in --players. The speaker (--me) can never
be the target of an ask: such an ask gives {"type":"none"}. A misheard name close to two players gives
{"type":"ambiguous","candidates":[...]} — the game then asks which one was meant.
Without --json each result is a short line with the match score (0-100); "confirm" marks a guess that the
game would confirm before playing it ("Sam, for sevens?").
"""

EPILOG = """\
examples:
  voicefish parse --players Priya,Sam,Leo "Priya, do you have any jacks?"
  voicefish parse --players Priya,Sam,Leo --me Sam --json < utterances.txt
  voicefish parse --players Charlie,Ann --rules authors --json "Charlie, the king of clubs?"
  voicefish parse --players Priya,Sam --alias Priya=Grandma,Gran --computers Sam "Grandma, sevens"
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``parse`` sub-command."""
    p = subparsers.add_parser(
        "parse",
        help="parse a sentence (or stdin lines) into a game intent",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--players",
        default="Priya,Sam,Leo",
        help="the players at the table, comma-separated, in seat order (default: %(default)s)",
    )
    p.add_argument("--me", default=None, help="the speaker, who cannot be asked (default: unknown)")
    p.add_argument(
        "--rules",
        default="",
        help="rule switches or presets, comma-separated, e.g. 'authors' for exact cards (default: classic)",
    )
    p.add_argument(
        "--alias",
        action="append",
        default=[],
        metavar="PLAYER=NAME[,NAME]",
        help="extra spoken names for a player, e.g. Priya=Grandma,Gran (repeatable)",
    )
    p.add_argument(
        "--computers",
        default="",
        help="players that are computer players, comma-separated ('the computer' means the only one)",
    )
    p.add_argument("--lang", default="en", help="grammar language (default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print one JSON object per result")
    p.add_argument("text", nargs="*", metavar="TEXT", help="what was said (default: read lines from stdin)")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"voicefish: {message}", file=sys.stderr)
    return 2


def _stdin_lines() -> Iterator[str]:
    """Lines of standard input, decoded as UTF-8; undecodable bytes become U+FFFD (and parse as nothing)."""
    for raw in sys.stdin.buffer:
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def run(args: argparse.Namespace) -> int:
    """Parse TEXT or stdin lines; exit 0, or 2 on a bad option."""
    from voicefish.rules import RuleError, RuleSet
    from voicefish.speech.grammar import GrammarError, TableContext, load_grammar
    from voicefish.speech.intents import intent_to_json
    from voicefish.speech.parser import Parser

    players = tuple(p.strip() for p in str(args.players).split(",") if p.strip())
    if len(players) < 1:
        return _fail("--players needs at least one name, e.g. --players Priya,Sam,Leo")
    aliases: dict[str, tuple[str, ...]] = {}
    for item in args.alias:
        player, sep, names = str(item).partition("=")
        if not sep or not player.strip() or not names.strip():
            return _fail(f"--alias {item!r}: expected PLAYER=NAME[,NAME], e.g. Priya=Grandma")
        aliases[player.strip()] = aliases.get(player.strip(), ()) + tuple(
            n.strip() for n in names.split(",") if n.strip()
        )
    computers = frozenset(c.strip() for c in str(args.computers).split(",") if c.strip())
    try:
        rules = RuleSet.parse(args.rules)
        ctx = TableContext(players, me=args.me or None, rules=rules, aliases=aliases, computers=computers)
        parser = Parser(ctx, load_grammar(args.lang))
    except (RuleError, GrammarError, ValueError) as exc:
        return _fail(str(exc))

    out: TextIO = sys.stdout
    ascii_only = (getattr(out, "encoding", None) or "").lower().replace("-", "") != "utf8"

    def show(result: ParseResult) -> str:
        if args.json:
            return json.dumps(intent_to_json(result.intent), ensure_ascii=ascii_only, separators=(",", ":"))
        return describe(result)

    texts: Iterator[str] = iter([" ".join(args.text)]) if args.text else _stdin_lines()
    try:
        for text in texts:
            line = show(parser.parse(text))
            if ascii_only:
                line = line.encode("ascii", "backslashreplace").decode("ascii")
            out.write(line + "\n")
            out.flush()
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (| head): stop quietly
        return 0
    return 0


def describe(result: ParseResult) -> str:
    """A short human-readable line: ``ask Priya for J  (score 100)``."""
    from voicefish.speech.intents import Ambiguous, Ask, Count, History, Intent, NoIntent, intent_to_json

    def what(intent: Intent) -> str:
        if isinstance(intent, Ask):
            thing = intent.card.code if intent.card is not None else intent.rank.code
            return f"ask {intent.target or '?'} for {thing}"
        if isinstance(intent, Count):
            return f"count {intent.target or '?'}"
        if isinstance(intent, History):
            return f"history {intent.target}" if intent.target else "history (everyone)"
        if isinstance(intent, Ambiguous):
            return f"ambiguous: {' or '.join(intent.candidates)}? ({what(intent.partial)})"
        if isinstance(intent, NoIntent):
            return f"none ({intent.reason})" if intent.reason else "none"
        return str(intent_to_json(intent)["type"])

    line = what(result.intent)
    if not isinstance(result.intent, NoIntent):
        line += f"  (score {result.score:.0f}{', confirm' if result.needs_confirm else ''})"
    return line
