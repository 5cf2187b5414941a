"""Understanding what players say: phrase templates, intents and the parser.

``load_grammar(lang)`` reads ``grammar/<lang>.txt``; a :class:`TableContext` says who is playing;
``Parser(ctx).parse(text)`` returns a :class:`ParseResult` whose ``intent`` is one of the intents
in :mod:`voicefish.speech.intents`. The same grammar produces the recognizers' JSGF and phrase lists.
"""

from voicefish.speech.grammar import Grammar, GrammarError, TableContext, load_grammar
from voicefish.speech.intents import (
    Ambiguous,
    Ask,
    Count,
    Faster,
    Help,
    History,
    Intent,
    No,
    NoIntent,
    Pause,
    Quit,
    ReadHand,
    Repeat,
    Score,
    Slower,
    Stock,
    WhoseTurn,
    Yes,
    intent_to_json,
    is_command,
)
from voicefish.speech.parser import Parser, ParseResult

__all__ = [
    "Ambiguous",
    "Ask",
    "Count",
    "Faster",
    "Grammar",
    "GrammarError",
    "Help",
    "History",
    "Intent",
    "No",
    "NoIntent",
    "ParseResult",
    "Parser",
    "Pause",
    "Quit",
    "ReadHand",
    "Repeat",
    "Score",
    "Slower",
    "Stock",
    "TableContext",
    "WhoseTurn",
    "Yes",
    "intent_to_json",
    "is_command",
    "load_grammar",
]
