"""Wiring a table's inputs and outputs from the play command's settings: the microphone and recognizer (or
typed input), the table speaker and captions, earpieces, screens and the terminal reveal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from voicefish.outputs.channels import CaptionSink, Message, Outputs
from voicefish.rules import RuleSet
from voicefish.table.ears import Ears, TypedEars
from voicefish.table.loop import SeatSpec

if TYPE_CHECKING:
    from voicefish.outputs.earpiece import EarpieceSink

__all__ = ["TableIO", "TableSetupError", "build_io", "open_earpieces"]


class TableSetupError(Exception):
    """A setting that cannot be used (an unknown earpiece player, a device that does not exist, ...); ``kind`` and
    ``facts`` name the sentence the play command says it with (``voicefish/table/phrases/en_command.py``)."""

    def __init__(self, message: str, *, kind: str = "", **facts: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts = facts


@dataclass
class TableIO:
    ears: Ears
    outputs: Outputs
    on_rate: Callable[[int], None] | None = None
    closers: list[Callable[[], None]] = field(default_factory=list)
    lang: str = "en"

    def close(self) -> None:
        from voicefish.table.phrases import command_line

        for close in reversed(self.closers):
            try:
                close()
            except Exception as exc:
                print(f"voicefish: {command_line(self.lang, 'while_closing', {'cause': str(exc)})}", file=sys.stderr)


def _notice(outputs: Outputs, text: str, *, aloud: bool = False) -> None:
    """A technical notice (which recognizer listens, a model to download, a device that could not be used): shown
    once on the public captions and screens, never spoken (issue 33: ten seconds of it opened every game by voice).
    ``aloud``: ``text`` is instead a short plain sentence said on the table's speech only, for what a player who
    cannot see the screen must know (the speaker they chose is not the one talking, issue 29 item 4)."""
    from voicefish.outputs.speech_sink import SpeechSink

    message = Message(text, kind="info")
    for sink in outputs.public:
        if isinstance(sink, SpeechSink) == aloud:
            sink.deliver(message)


def build_io(
    *,
    seats: Sequence[SeatSpec],
    rules: RuleSet,
    text: bool = False,
    no_speech: bool = False,
    screen: bool = False,
    lan: bool = False,
    earpieces: Sequence[str] = (),
    input_device: str | int | None = None,
    output_device: str | int | None = None,
    backend: str = "auto",
    model: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    lang: str = "en",
    earcons: bool = True,
) -> TableIO:
    """Everything the table needs to hear and speak, with a clear fallback for each missing part."""
    from voicefish.table.phrases import phrasebook

    words = phrasebook(lang)
    outputs = Outputs(public=[CaptionSink(dealer=words.DEALER)])
    io = TableIO(ears=TypedEars(), outputs=outputs, lang=lang)
    humans = {i: s.name for i, s in enumerate(seats) if s.human}
    computers = [s.name for s in seats if not s.human]

    # Ears first: the microphone must be muted while the table speaks.
    mute_target: Any = None
    notices: list[str] = []
    aloud: list[str] = []  # short plain sentences said on the table's speech (the notices are only shown)
    if not text:
        try:
            from voicefish.table.voice import open_voice_ears

            voice = open_voice_ears(input_device=input_device, backend=backend, model=model, lang=lang)
            io.ears = voice
            mute_target = voice
            io.closers.append(voice.close)
            notices.extend(voice.notices)
            check_names = getattr(voice.recognizer, "check_names", None)
            if check_names is not None:  # Vosk: say which names its vocabulary lacks, and what to say instead
                from voicefish.speech.grammar import TableContext

                ctx = TableContext(players=tuple(s.name for s in seats), rules=rules)  # its grammar is the table's
                notices.extend(c.message() + "." for c in check_names(ctx) if not c.known)
        except Exception as exc:
            notices.append(words.no_microphone(_reason(exc)))

    speakers: list[Any] = []
    if not no_speech:
        try:
            from voicefish.audio.tts import CaptionSpeaker, make_speaker
            from voicefish.outputs.speech_sink import SpeechSink

            speaker = make_speaker(
                output_device, voice=_voice(lang), rate=rate, volume=volume, mute=mute_target, captions=False
            )
            if speaker.notice:  # why speech is off, or why another output speaks: shown; the latter also said
                notices.append(_speaker_notice(speaker, words))
                if speaker.problem and not isinstance(speaker, CaptionSpeaker):
                    aloud.append(words.OTHER_SPEAKER_SAID)
            if not isinstance(speaker, CaptionSpeaker):
                voices = {}
                for k, name in enumerate(computers):
                    try:
                        voices[name] = make_speaker(
                            output_device,
                            voice=_bot_voice(k, lang),
                            rate=rate,
                            volume=volume,
                            mute=mute_target,
                            captions=False,
                        )
                    except Exception:
                        voices[name] = speaker
                outputs.public.append(SpeechSink(speaker, voices, earcons=earcons))
                speakers.append(speaker)
                speakers.extend(voices.values())
            elif not speaker.notice:
                notices.append(words.NO_SPEAKER)
        except Exception as exc:
            notices.append(words.speech_off(_reason(exc)))

    if earcons and mute_target is not None:
        _ear_earcons(mute_target, speakers[0] if speakers else None, output_device)

    # Private channels: earpieces, then screens, then the terminal.
    if earpieces:
        from voicefish.audio.devices import NoAudioDevice
        from voicefish.audio.tts import make_speaker
        from voicefish.outputs.earpiece import EarpieceError, parse_earpieces
        from voicefish.outputs.speech_sink import SpeechSink

        try:
            wanted = parse_earpieces(earpieces, humans)
        except EarpieceError as exc:
            raise TableSetupError(str(exc), kind=exc.kind, **exc.facts) from None
        for seat, spec in wanted.items():
            try:
                earpiece = make_speaker(
                    spec.device, private=True, voice=_voice(lang), rate=rate, volume=volume, mute=mute_target
                )
            except Exception as exc:
                why = str(exc).rstrip(".") if isinstance(exc, NoAudioDevice) else _reason(exc)  # keep the choices
                raise TableSetupError(
                    f"cannot use the earpiece {spec.device!r} for {spec.name}: {why}",
                    kind="earpiece_unusable",
                    device=repr(spec.device),
                    name=spec.name,
                    cause=why,
                ) from None
            outputs.add_private(seat, SpeechSink(earpiece))
            speakers.append(earpiece)

    if screen:
        try:
            from voicefish.outputs.server import start_screen

            server = start_screen(humans, lan=lan, words=words)
        except Exception as exc:
            raise TableSetupError(
                f"cannot start the screen server: {_reason(exc)}", kind="screen_unusable", cause=_reason(exc)
            ) from None
        io.closers.append(server.stop)
        outputs.observers.append(server)
        outputs.public.append(server.caption_sink)
        for seat in humans:
            outputs.add_private(seat, server.private_sink(seat))
        server.print_links(sys.stdout)

    without = [s for s in humans if s not in outputs.private]
    if len(humans) == 1 and without:
        # One human at a shared terminal: their private lines are printed, marked private.
        seat = without[0]
        outputs.add_private(seat, CaptionSink(prefix_private=humans[seat], dealer=words.DEALER, private=words.PRIVATE))
    elif without:
        from voicefish.outputs.terminal import Lines, RevealSink

        # a voice game's keyboard is read by the listener too: the reveal's Enter presses go through it
        keys: Lines | None = getattr(io.ears, "keyboard", None)
        for seat in without:
            outputs.add_private(seat, RevealSink(humans[seat], words=words, input=keys))

    def on_rate(step: int) -> None:
        from voicefish.audio.tts import DEFAULT_RATE

        for sp in speakers:
            voice = getattr(sp, "synthesizer", None)
            if voice is not None and hasattr(voice, "rate"):
                current = voice.rate or DEFAULT_RATE
                voice.rate = max(80, min(320, int(current * (1.25 if step > 0 else 0.8))))

    io.on_rate = on_rate
    for n in notices:
        _notice(outputs, n)
    for n in aloud:
        _notice(outputs, n, aloud=True)
    return io


def _speaker_notice(speaker: Any, words: Any) -> str:
    """Why speech is off, or why another output speaks, in the table's language (the cause in the system's words)."""
    from voicefish.audio.tts import CaptionSpeaker

    if isinstance(speaker, CaptionSpeaker):
        return str(words.cannot_speak(speaker.problem)) if speaker.problem else str(speaker.notice)
    return str(words.other_speaker(speaker.problem, speaker.speaking_on)) if speaker.problem else str(speaker.notice)


def _ear_earcons(voice: Any, speaker: Any, output_device: str | int | None) -> None:
    """The ears' earcons on the table speaker's output, or (speech off, or no voice to speak with) on the output
    asked for if there is one: a player reading captions still hears that the game is listening."""
    from voicefish.audio.devices import AudioError
    from voicefish.audio.earcons import Earcons
    from voicefish.audio.tts import AudioOutput

    output = getattr(speaker, "output", None)
    if not isinstance(output, AudioOutput):
        try:
            output = AudioOutput.choose(output_device)
        except AudioError:
            return
    voice.earcons = Earcons(output, mute=voice.listener)


def _voice(lang: str) -> str | None:
    """The espeak-ng voice of ``lang`` (its id is the language code: it, pl, es, nl, pt); English: the default."""
    return None if lang == "en" else lang


def _bot_voice(k: int, lang: str = "en") -> str:
    """A computer player's voice: the table language's espeak-ng voice with a variant of its own."""
    return ("en-us" if lang == "en" else lang) + ["+m3", "+f3", "+m7", "+f5", "+m1"][k % 5]


def _reason(exc: BaseException) -> str:
    """The cause alone ("no microphone found"), without the advice a lower layer may have added after a ";" — but
    whole inside brackets: "there is no microphone number 9 (choose one of 0: pulse; 2: vmic)" keeps its list."""
    text = str(exc).strip() or type(exc).__name__
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ";" and depth <= 0:
            return text[:i].rstrip(".")
    return text.rstrip(".")


def open_earpieces(
    specs: Sequence[str],
    humans: Mapping[int, str],
    *,
    rate: int | None = None,
    volume: float | None = None,
    mute: Any = None,
) -> dict[int, EarpieceSink]:
    """Parse ``specs`` and open a private speaker on each device (voicefish.audio.tts.make_speaker with
    ``private=True``: no fallback to terminal captions). Raises :class:`EarpieceError` naming the player and
    the device when a device is missing or cannot be used."""
    from voicefish.audio.devices import AudioError
    from voicefish.audio.tts import make_speaker
    from voicefish.outputs.earpiece import EarpieceError, EarpieceSink, parse_earpieces

    sinks: dict[int, EarpieceSink] = {}
    for seat, spec in parse_earpieces(specs, humans).items():
        try:
            speaker = make_speaker(spec.device, private=True, rate=rate, volume=volume, mute=mute)
        except AudioError as exc:
            raise EarpieceError(f"cannot use the earpiece {spec.device!r} for {spec.name}: {exc}") from None
        sinks[seat] = EarpieceSink(seat, speaker, name=spec.name)
    return sinks
