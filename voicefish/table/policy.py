"""The turn policy: what the table does with one thing heard on a human's turn — a pure function of what was heard
and what the listener was told (:class:`~voicefish.table.ears.ListenRequest`), testable without audio or a game.

The loop carries the decision out (speaks, listens again, plays through the engine). Benches that need the table's
policy call :func:`decide` instead of writing it out again."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from voicefish.speech import intents as it
from voicefish.table.ears import TABLE_TALK, Heard, ListenRequest

__all__ = ["Action", "Decision", "decide", "narrow"]


class Action(Enum):
    WAIT = "wait"
    """Taken for table talk: wait a moment for more before answering it."""
    REPROMPT = "reprompt"
    """Nothing usable: say what to do next (escalating)."""
    ASK_BACK_RANK = "ask_back_rank"
    """An ask of a rank the player does not hold: likelier misheard than meant — "Did you say sevens?"."""
    CONFIRM = "confirm"
    """An ask heard unsurely: "Leo, for sevens?" before playing it."""
    PLAY = "play"
    """An ask to play through the engine (which alone decides legality)."""
    COMMAND = "command"
    """A question or command to answer (read my hand, score, which player, …)."""


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    heard: Heard | None
    """What was heard, narrowed where a name could be pinned to the one player who can be asked."""


def narrow(heard: Heard, request: ListenRequest) -> Heard:
    """A name that may mean several players, narrowed to those who can be asked (not the speaker, not a player out
    of cards): one left makes the ask, to be asked back before it is played; else the question offers only them."""
    intent = heard.intent
    if not isinstance(intent, it.Ambiguous):
        return heard
    askable = tuple(c for c in intent.candidates if c != request.speaker and c not in request.out)
    if len(askable) == 1 and isinstance(intent.partial, it.Ask):
        return replace(heard, intent=replace(intent.partial, target=askable[0]), confirm=True)
    if askable and len(askable) < len(intent.candidates):
        return replace(heard, intent=replace(intent, candidates=askable))
    return heard


def decide(heard: Heard | None, request: ListenRequest, *, talk_patience: float = 0.0) -> Decision:
    """What to do with ``heard`` (``None``: silence) on a turn. ``talk_patience`` > 0: table talk is not answered at
    once (:data:`~voicefish.table.ears.TABLE_TALK`)."""
    if heard is None or isinstance(heard.intent, it.NoIntent):
        if heard is not None and heard.reason in TABLE_TALK and talk_patience > 0:
            return Decision(Action.WAIT, heard)
        return Decision(Action.REPROMPT, heard)
    heard = narrow(heard, request)
    intent = heard.intent
    if not isinstance(intent, it.Ask):
        return Decision(Action.COMMAND, heard)
    if intent.target in request.out:
        return Decision(Action.PLAY, heard)  # "Mia is out of this game" is the answer either way
    if intent.rank not in request.hand:
        return Decision(Action.ASK_BACK_RANK, heard)
    if heard.confirm:
        return Decision(Action.CONFIRM, heard)
    return Decision(Action.PLAY, heard)
