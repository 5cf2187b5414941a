"""What the table does with one recognition on a human's turn, for the benches: the table's own turn policy
(:func:`voicefish.table.policy.decide`, with a :class:`~voicefish.table.ears.ListenRequest` as the table builds
it), never written out again here.

The benches count from the decision:

* **acted on at once**: :attr:`Action.PLAY` (an ask played) or :attr:`Action.COMMAND` (a question answered, or a
  pause / quit / yes / no / which-player carried out; the table does not look at the recognizer's ``confirm`` for a
  command);
* **taken as a move at once**: acted on at once and a move (an ask, or a command that is a move:
  :func:`voicefish.audio.confidence.is_move`). An upper bound of what changes the game: a quit then asks "Stop the
  game now?", a name that fits several players asks which one;
* **asked back**: :attr:`Action.CONFIRM` ("Leo, for sevens?") or :attr:`Action.ASK_BACK_RANK` ("Did you say
  sevens?"), played only on the player's yes;
* **not taken**: :attr:`Action.REPROMPT` or :attr:`Action.WAIT`.

A bench whose recognizer was told no hand gives the policy a hand of every rank, so no ask is asked back for its rank
(as the recognizer, told no hand, does not confirm it either).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from voicefish.audio.confidence import is_move
from voicefish.cards import RANKS, Rank, parse_card, parse_rank
from voicefish.rules import RuleSet
from voicefish.speech.intents import INTENT_TYPES, Ambiguous, Ask, Count, History, Intent, NoIntent
from voicefish.table.ears import Heard, ListenRequest
from voicefish.table.policy import Action, decide

AT_ONCE = frozenset({Action.PLAY, Action.COMMAND})
ASKED_BACK = frozenset({Action.CONFIRM, Action.ASK_BACK_RANK})


def request(
    players: Iterable[str], me: str, hand: Iterable[Rank] | None = None, *, expecting: str = "turn"
) -> ListenRequest:
    """The table's request for ``me``'s turn at a table of ``players`` (classic rules, nobody out)."""
    return ListenRequest(
        speaker=me,
        players=tuple(players),
        hand=tuple(RANKS) if hand is None else tuple(hand),
        rules=RuleSet(),
        expecting=expecting,
    )


def intent_of(got: Mapping[str, Any]) -> Intent:
    """The intent a bench saved as JSON (``voicefish.speech.intents.intent_to_json``)."""
    cls = INTENT_TYPES[got["type"]]
    if cls is Ask:
        card = parse_card(got["card"]) if "card" in got else None
        return Ask(got.get("target", ""), parse_rank(got["rank"]), card)
    if cls is Ambiguous:
        return Ambiguous(tuple(got["candidates"]), intent_of(got["partial"]))
    if cls is Count:
        return Count(got["target"])
    if cls is History:
        return History(got.get("target"))
    if cls is NoIntent:
        return NoIntent()
    intent: Intent = cls()
    return intent


def action(got: Intent | Mapping[str, Any], confirm: bool, req: ListenRequest, reason: str = "") -> Action:
    """What the table does with a recognition of ``got`` (an intent, or its JSON) and ``confirm``."""
    intent = got if not isinstance(got, Mapping) else intent_of(got)
    return decide(Heard(intent, confirm=confirm, reason=reason), req).action


def taken_as_move(act: Action, got: Intent | Mapping[str, Any]) -> bool:
    """Acted on at once, and a move (see the module's text)."""
    intent = got if not isinstance(got, Mapping) else intent_of(got)
    return act is Action.PLAY or (act is Action.COMMAND and is_move(intent))


def learnt(act: Action, got: Intent, confirm: bool, right: bool) -> bool:
    """Whether the table learns the voice from this recognition (``voicefish.table.loop``: an ask played, at once or
    after the player's yes, and a question answered at once). ``right``: what was said is what was heard, so a
    player asked back says yes."""
    if act is Action.PLAY or (act in ASKED_BACK and right):
        return True
    return act is Action.COMMAND and not confirm and not is_move(got)
