"""Earcons of the game's ears: a short sound when the game starts listening for a player, and one when it heard
something it will act on (an implicit confirmation: the player knows at once they were heard, before the answer).

Generated in code (numpy tones with 5 ms ramps, no files), played on the table's shared output with the ears muted:
the game never hears its own sounds, and a sound never overlaps the listening window.

The two differ in pitch and shape, so a player who cannot see the table tells them apart: ``listening`` is one short
high blip, ``heard`` two quick notes rising a fifth. Both are short (0.10 s and 0.16 s) and quiet (-16 dBFS peak):
a cue, not a jingle (the table's other earcons, "your turn" and "error", are in ``voicefish.audio.tts``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np

if TYPE_CHECKING:
    from voicefish.audio.tts import AudioOutput, Mutable

__all__ = ["EARCON_NOTES", "EarconName", "Earcons", "earcon_samples"]

EarconName = Literal["listening", "heard"]

EARCON_NOTES: dict[EarconName, tuple[tuple[float, float], ...]] = {
    "listening": ((1320.0, 0.10),),
    "heard": ((784.0, 0.06), (0.0, 0.02), (1175.0, 0.08)),
}
"""Each earcon's notes: (frequency in Hz, 0 for a rest; seconds)."""

TAIL = 0.1
"""Seconds of silence played after an earcon: the output (PortAudio on PulseAudio) was measured dropping the last
0.08 s or more of a buffer, the whole second note of ``heard``; speech ends in silence of its own."""
LEVEL = 0.16
"""Peak amplitude (of full scale): about -16 dBFS, softer than speech."""


def earcon_samples(name: EarconName, rate: int = 16_000, level: float = LEVEL) -> np.ndarray:
    """The earcon ``name`` as int16 mono samples at ``rate``."""
    parts = []
    for freq, seconds in EARCON_NOTES[name]:
        t = np.arange(round(rate * seconds)) / rate
        tone = np.sin(2.0 * np.pi * freq * t) if freq else np.zeros_like(t)
        ramp = np.minimum(1.0, np.minimum(t, t[::-1]) / 0.005)  # 5 ms fades: no clicks
        parts.append(tone * ramp)
    samples: np.ndarray = (np.concatenate(parts) * level * 32767.0).astype(np.int16)
    return samples


@dataclass
class Earcons:
    """Plays the ears' earcons on ``output`` (the table's shared speaker), muting ``mute`` (the ears) meanwhile."""

    output: AudioOutput
    mute: Mutable | None = None
    rate: int = 16_000
    played: list[tuple[EarconName, float, float]] | None = None
    """When kept (a list): each earcon played, with when its playback began and ended (``time.perf_counter()``)."""

    def play(self, name: EarconName) -> None:
        """Play ``name`` and return once it has been heard. A failing output is left silent (the earcon is a cue;
        the speech and captions say the same)."""
        from voicefish.audio.devices import AudioError
        from voicefish.audio.tts import Audio

        sound = np.concatenate([earcon_samples(name, self.rate), np.zeros(round(TAIL * self.rate), dtype=np.int16)])
        if self.mute is not None:
            self.mute.mute()
        try:
            done = self.output.play(Audio(sound, self.rate))
        except AudioError:
            return
        finally:
            if self.mute is not None:
                self.mute.unmute()
        if self.played is not None:
            self.played.append((name, done.started, done.finished))
