"""Where the listener's audio comes from: the :class:`Microphone` (muted while the game speaks), or
:class:`ArraySource` replaying audio from memory."""

from __future__ import annotations

import collections
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from voicefish.audio import devices as dev

SAMPLE_RATE = 16_000
"""Hz; what every recognizer decodes."""

Int16Array = npt.NDArray[np.int16]


@dataclass(frozen=True)
class Block:
    """A few milliseconds of captured audio."""

    samples: Int16Array
    """int16 mono samples at SAMPLE_RATE."""
    captured_at: float
    """``time.perf_counter()`` when its last sample was captured, about (from a :class:`Microphone`: when the block
    would have arrived with no delay, :class:`CaptureClock`)."""
    generation: int
    """Incremented by every mute/unmute: a change tells the endpointer to start afresh."""


class AudioSource(Protocol):
    """Where a Listener gets audio from."""

    def read(self, timeout: float) -> Block | None:
        """The next block, or None if none arrived within ``timeout`` seconds."""
        ...

    def mute(self) -> None:
        """Stop delivering audio (the game is speaking)."""
        ...

    def unmute(self) -> None:
        """Deliver audio again, but nothing that was captured while muted."""
        ...


CLOCK_WINDOW = 10.0
"""Seconds of blocks over which :class:`CaptureClock` takes its fastest arrival."""


class CaptureClock:
    """When the last sample of each block from an audio device was captured, on ``time.perf_counter()``'s clock.

    A block's callback can run late: the game's own thread holds the interpreter while it decodes, and the device's
    thread waits. Measured here (a virtual microphone, pocketsphinx decoding in a loop): callbacks ran a median
    70 ms and up to 150 ms late, 165 ms and up to 434 ms with the computer busy — a block's arrival then places the
    question the player answers too early in the stream, and talk begun just before it passes for an answer. Delay
    only ever adds, and the device counts its samples exactly: the capture time of a block is the earliest
    "arrival minus samples counted" seen over the last :data:`CLOCK_WINDOW` seconds (so the two clocks may drift
    apart slowly), plus the samples counted. Lost input (an overflow) starts the count afresh."""

    def __init__(self, rate: int = SAMPLE_RATE, window: float = CLOCK_WINDOW) -> None:
        self.rate = rate
        self.window = window
        self._samples = 0
        self._starts: collections.deque[tuple[float, float]] = collections.deque()  # (arrival, start): starts rising

    def restart(self) -> None:
        """Samples were lost: what was counted no longer lines up with time."""
        self._samples = 0
        self._starts.clear()

    def block(self, frames: int, arrived: float) -> float:
        """The capture time of the last sample of a block of ``frames`` samples that ``arrived`` then."""
        self._samples += frames
        start = arrived - self._samples / self.rate  # when the count would have begun, had this block not waited
        while self._starts and self._starts[-1][1] >= start:
            self._starts.pop()
        self._starts.append((arrived, start))
        while self._starts[0][0] < arrived - self.window:
            self._starts.popleft()
        return self._starts[0][1] + self._samples / self.rate


class Microphone:
    """A sounddevice input stream at 16 kHz mono int16 on one device, read block by block."""

    def __init__(
        self,
        device: dev.Device | None = None,
        *,
        blocksize: int = 480,
        guard: float = 0.05,
        max_queued: float = 30.0,
    ) -> None:
        """``device`` from devices.choose_device (None = default input); ``blocksize`` in samples (30 ms);
        ``guard``: seconds dropped after unmute on top of the input latency; ``max_queued``: seconds of audio
        kept when nobody reads (older blocks are dropped)."""
        self.device = device
        self.blocksize = blocksize
        self.guard = guard
        self._queue: queue.Queue[Block] = queue.Queue(maxsize=max(1, int(max_queued * SAMPLE_RATE / blocksize)))
        self._lock = threading.Lock()
        self._muted = False
        self._resume_at = 0.0
        self._generation = 0
        self._stream: Any = None
        self.dropped = 0
        """Blocks dropped because they were captured while muted (or the queue was full)."""
        self.overflows = 0
        """Times the device reported lost input (the machine was too slow)."""
        self.clock = CaptureClock()
        self._now: Callable[[], float] = time.perf_counter

    @classmethod
    def choose(cls, spec: str | int | None, **kwargs: Any) -> Microphone:
        """A microphone on the device named/numbered ``spec``; raises devices.AudioError."""
        return cls(dev.choose_device(spec, "input"), **kwargs)

    @property
    def latency(self) -> float:
        """The input stream's latency in seconds (0 before start)."""
        return float(self._stream.latency) if self._stream is not None else 0.0

    def start(self) -> Microphone:
        """Open the device and start capturing; raises devices.AudioError (NoAudioDevice, DeviceBusy, ...)."""
        if self._stream is None:
            self.clock.restart()
            self._stream = dev.open_stream(
                "input",
                self.device,
                samplerate=SAMPLE_RATE,
                channels=1,
                dtype="int16",
                blocksize=self.blocksize,
                callback=self._callback,
            )
        return self

    def close(self) -> None:
        """Stop capturing and release the device."""
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.stop()
            finally:
                stream.close()

    def __enter__(self) -> Microphone:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status and getattr(status, "input_overflow", False):
            self.overflows += 1
            self.clock.restart()
        now = self.clock.block(frames, self._now())  # (a late callback's block: when it was captured)
        with self._lock:
            if self._muted or now < self._resume_at:
                self.dropped += 1
                return
            generation = self._generation
        block = Block(np.array(indata[:, 0], dtype=np.int16), now, generation)
        try:
            self._queue.put_nowait(block)
        except queue.Full:
            self.dropped += 1
            try:
                self._queue.get_nowait()
                self._queue.put_nowait(block)
            except (queue.Empty, queue.Full):
                pass

    def read(self, timeout: float) -> Block | None:
        """The next captured block, or None after ``timeout`` seconds without one.

        Raises devices.NoAudioDevice when the stream has died (the device was unplugged mid-game)."""
        try:
            return self._queue.get(timeout=max(0.0, timeout))
        except queue.Empty:
            stream = self._stream
            if stream is not None and not stream.active and not stream.stopped:
                where = f" {self.device.name!r}" if self.device else ""
                raise dev.NoAudioDevice(
                    f"the microphone{where} stopped delivering sound (unplugged?); {dev.INPUT_FALLBACK}"
                ) from None
            return None

    def _drain(self) -> None:
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    def mute(self) -> None:
        """Drop audio from now on (call before the game speaks)."""
        with self._lock:
            self._muted = True
            self._generation += 1
        self._drain()

    def unmute(self) -> None:
        """Listen again, after the input latency has passed, so the tail of our own speech is not heard."""
        with self._lock:
            self._muted = False
            self._resume_at = self._now() + self.latency + self.guard
            self._generation += 1
        self._drain()


class ArraySource:
    """Replays int16 audio from memory as blocks (a scripted microphone for tests), optionally in real time."""

    def __init__(self, samples: Int16Array, *, blocksize: int = 480, realtime: bool = False) -> None:
        """``realtime``: pace the blocks like a real device (sleep one block per read)."""
        self.samples = np.asarray(samples, dtype=np.int16)
        self.blocksize = blocksize
        self.realtime = realtime
        self.position = 0
        self.muted = False
        self._generation = 0

    def read(self, timeout: float) -> Block | None:
        """The next block; None at the end (after ``timeout``, like a silent device)."""
        if self.position >= len(self.samples):
            time.sleep(min(timeout, 0.01))
            return None
        if self.realtime:
            time.sleep(self.blocksize / SAMPLE_RATE)
        block = self.samples[self.position : self.position + self.blocksize]
        self.position += self.blocksize
        if self.muted:
            return Block(np.zeros(0, dtype=np.int16), time.perf_counter(), self._generation)
        return Block(block, time.perf_counter(), self._generation)

    def mute(self) -> None:
        """Muted blocks come back empty."""
        self.muted = True
        self._generation += 1

    def unmute(self) -> None:
        """Deliver audio again."""
        self.muted = False
        self._generation += 1
