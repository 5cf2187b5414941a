"""The voice check of the table: before the first deal (and before going on with a resumed game) each human repeats a
few asks after the table, so ears that learn voices learn theirs; once the room turns loud, a short check in the noise.
The prompts themselves are :mod:`voicefish.table.voicecheck`."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.speech import intents as it
from voicefish.table import voicecheck
from voicefish.table.ears import LearningEars, ListenRequest, RememberingEars
from voicefish.table.message import Message
from voicefish.table.parts import TableParts

__all__ = ["VoiceCheckPart"]


class VoiceCheckPart(TableParts):
    """The voice check, as a part of ``TableLoop``."""

    def _learning_ears(self) -> LearningEars | None:
        """The ears, when they learn voices and there is a human to learn."""
        ears = self.ears
        return ears if isinstance(ears, LearningEars) and ears.learning and self.humans else None

    def _check_pending(self) -> bool:
        """Whether :meth:`_prepare_voices` is still to come and may speak (a voice check, remembered voices)."""
        return (
            not self._voices_ready
            and (self.voice_check > 0 or isinstance(self.ears, RememberingEars))
            and self._learning_ears() is not None
        )

    def _prepare_voices(self) -> None:
        """Once a run, before the first deal or before going on with a resumed game, for ears that learn voices:
        each human's remembered voice, when the ears remember voices; then the voice check for the others (a
        resumed session's recognizer has forgotten them)."""
        self._voices_ready = True
        ears = self._learning_ears()
        if ears is None:
            return
        unknown = []
        for seat in sorted(self.humans):
            name = self.seats[seat].name
            known, problem = ears.recall(name) if isinstance(ears, RememberingEars) else (False, "")
            if known:
                self._say(Message(self.pb.voice_remembered(name), kind="info"))
            else:
                if problem:
                    self._say(Message(self.pb.voice_relearnt(name), kind="info"))
                unknown.append(seat)
        if self.voice_check > 0 and unknown:
            self._voice_check(ears, unknown)

    def _loud_room_check(self, seat: int) -> None:
        """Once the table has found the room loud (a move asked back for it, :data:`CHECK_EACH_ASK`), each human's
        next turn starts with :data:`LOUD_CHECK` prompts of the voice check said in the noise (once a session), unless
        most of their first check was heard in a loud room already (:meth:`_voice_check`)."""
        ears = self._learning_ears()
        if (
            not self._told_loud
            or self.voice_check <= 0
            or self.loud_check <= 0
            or seat in self._loud_checked
            or ears is None
        ):
            return
        self._loud_checked.add(seat)
        name = self.seats[seat].name
        intro = self.pb.loud_check_intro(name)
        self._voice_check(ears, [seat], count=self.loud_check, intro=intro)
        self._say(Message(self.pb.your_turn(name), kind="turn"))

    def _voice_check(
        self, ears: LearningEars, seats: Sequence[int], *, count: int | None = None, intro: str | None = None
    ) -> None:
        """The humans at ``seats`` each repeat a few asks after the table (``count``, default :attr:`voice_check`),
        so ``ears`` learn their voices from sentences whose words are known (:mod:`voicefish.table.voicecheck`); the
        recognizer uses a reply only if the prompt fits it. Silence twice, "no" or "pause" moves on to the next
        player; "quit" ends the check for everyone. A player drowned by the room's talk is asked to speak up with
        the next prompt. ``intro``: what the table says first (default: why the check, before the deal)."""
        names = tuple(s.name for s in self.seats)
        computers = frozenset(self.seats[s].name for s in self.computers)
        self._say(Message(intro or self.pb.voice_check_intro(self.game is not None), kind="info"))
        for seat in seats:
            name = self.seats[seat].name
            silences = 0
            louder = ""
            replies = loud = 0
            for prompt in voicecheck.prompts(names, name, self.voice_check if count is None else count, self.lang):
                spoken = prompt.spoken
                self._say(Message(f"{louder}{self.pb.please_say(name, spoken)}", kind="prompt"))
                request = ListenRequest(
                    speaker=name,
                    players=names,
                    hand=(),
                    rules=self.rules,
                    computers=computers,
                    prompt=spoken,
                    repeating=True,
                    lang=self.lang,
                )
                heard = ears.listen(request)
                louder = self._speak_up(heard)
                if heard is None or (isinstance(heard.intent, it.NoIntent) and not heard.text):
                    silences += 1
                    if silences >= 2:
                        break
                    continue
                silences = 0
                if isinstance(heard.intent, it.Quit):
                    self._say(Message(self.pb.NO_VOICE_CHECK if intro else self.pb.NO_VOICE_CHECK_PLAY, kind="info"))
                    return
                if isinstance(heard.intent, it.No | it.Pause):
                    break
                if heard.text:  # the recognizer keeps it only if the prompt fits what was said (adapt.PROMPT_MARGIN)
                    ears.understood(heard, said=prompt.sentence)
                    replies += 1
                    loud += heard.loud
            if 2 * loud > replies:  # learnt in the noise already: the loud room's check would only repeat it
                self._loud_checked.add(seat)
            self._say(Message(self.pb.thank_you(name), kind="info"))
