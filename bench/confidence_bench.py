"""The confidence model refitted and its bars chosen offline, from saved ``asr_bench.py`` results.

    .venv/bin/python bench/confidence_bench.py --fit T.json --fit-answers A.json [--check V.json ...]

``asr_bench.py --out`` keeps every decode's sentence and evidence (``Evidence.as_dict``), so what a model with other
weights or bars would have decided on the same decodes is known without decoding again: :func:`redecide` reproduces
every stored decision with the model it was made with, one of :data:`BASELINES` (checked at start, a mismatch stops
the bench). Not quite what a run with that model would give: with ``--voice-check`` (or ``--adapt``) the bench, as
the table, also learns each voice from what it acted on at once, so another decision would have changed what later
utterances were heard with (a few of them; the voice check itself learns from what was heard, not the decision).

* ``--fit``: turn decodes (asks, questions, table talk) of the **tuning** voices. A logistic model over the
  evidence (:data:`voicefish.audio.confidence.FEATURES`) is fitted on the complete decodes that parse (right = the
  expected intent; wrong decodes and table talk = 0). "Loud refit" (what the game ships): it decides keep or reject
  in a loud room (``loud_weights``), everything else stays :data:`PREVIOUS_MODEL`'s; its ``confirm_noisy`` (a 0.05
  grid) keeps the most right decodes (exact intent as returned) while table talk taken as a move without
  confirmation, answered as a question and led to a confirmation question, wrong questions answered and wrong moves
  played each stay at or below :data:`PREVIOUS_MODEL`'s on the same decodes. "All refit", for comparison: the
  refitted weights decide everything, ``confirm`` and ``confirm_noisy`` chosen by the same rule and, for each pair,
  ``accept_adapted`` the lowest bar (0.01 grid) that keeps wrong moves played and table talk played at or below the
  previous model's.
* ``--fit-answers``: answers to "Leo, for sevens?" (``asr_bench.py --answers --expect confirm``) of the tuning
  voices: for "all refit", ``answer`` and ``answer_yes`` (never below ``answer``) to take the most answers right
  while table talk taken as an answer, table talk taken as "yes" and wrong "yes" stay at or below the previous
  model's.
* ``--check`` / ``--check-answers``: any other results (another seed of the tuning voices, or the hold-out
  voices), each summarised with the previous model, the game's (``DEFAULT_MODEL``) and the two refitted ones side by
  side (for answers, "loud refit" is the previous model).

* Without ``--fit``: nothing is refitted; each ``--check`` file is decided by the previous model and the game's.
  Since 2026-12-02 they differ in one rule only: the game's asks back every move in a loud room
  (``ConfidenceModel.confirm_loud``); bars and weights are the same.

* ``--bound`` / ``--bound-answers``: the game's decodes of the ``--fit`` / ``--fit-answers`` items, when those were
  made another way (``asr_bench.py --adapted-settings``, a variant of the recognizer whose evidence the game's model
  was not fitted for): the bars are then bounded by :data:`PREVIOUS_MODEL`'s counts on these (today the game's
  model), so the refitted variant is held to what the game does now on the same utterances.

``--json FILE`` writes the refitted model and every summary.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from asr_bench import CONDITIONS, acted_at_once, at_once, chatter_counts, table

from voicefish.audio.confidence import (
    DEFAULT_MODEL,
    FEATURES,
    ConfidenceModel,
    Evidence,
    decide,
    feature_vector,
    is_move,
)
from voicefish.speech.intents import Intent, NoIntent, intent_to_json
from voicefish.speech.parser import Parser

PREVIOUS_MODEL = ConfidenceModel(
    weights={"acoustic": 1.258, "worst_word": 0.265, "parse_score": 1.052, "posterior": 0.405, "short": 0.097},
    bias=0.251,
    accept=0.9,
    confirm=0.5,
    fitted_on="tuning voices, 2026-11-29",
)
"""The game's model as fitted on 2026-11-29 (before speaker adaptation, the language weight of 1 and the wider beam),
written out here so that a refit is compared with and bounded by it whatever ``DEFAULT_MODEL`` becomes; every result
saved until 2026-12-02 was decided with it. (The fourteenth session's refits were not shipped; the game's model
differs from it only by ``confirm_loud``.)"""

BASELINES = {"previous": PREVIOUS_MODEL, "game's": DEFAULT_MODEL}
"""The models every file is decided by, beside any refitted ones."""

BARS = ("accept", "accept_adapted", "confirm", "confirm_noisy", "answer", "answer_yes")


@dataclass(frozen=True, slots=True)
class Decode:
    """One saved decode: what was said and what the recognizer heard, before any decision."""

    condition: str
    chatter: bool
    expected: dict[str, Any]
    intent: Intent | None
    """The heard sentence's intent (None: not a whole sentence of the table, always rejected)."""
    evidence: Evidence | None
    adapted: bool
    answering: bool
    stored: tuple[dict[str, Any], bool]
    """What the bench's run returned (intent, confirm), to check :func:`redecide` against."""


def load(path: Path, parser: Parser, *, answering: bool = False) -> list[Decode]:
    """The decodes saved by ``asr_bench.py --out``; ``answering``: made with ``--answers --expect confirm``."""
    rows = json.loads(path.read_text())
    out = []
    for r in rows:
        f = r["features"]
        intent: Intent | None = None
        evidence = None
        if f and f.get("complete"):
            intent = parser.parse(r["heard"]).intent
            evidence = Evidence(
                acoustic=f["acoustic"],
                worst_word=f["worst_word"],
                parse_score=f["parse_score"],
                posterior=f["posterior"],
                words=int(f["words"]),
                complete=True,
                retried=bool(f.get("retried")),
                snr=f.get("snr", 60.0),
                question=not is_move(intent),
            )
        out.append(
            Decode(
                condition=r["condition"],
                chatter=bool(r["chatter"]),
                expected=r["expected"],
                intent=intent,
                evidence=evidence,
                adapted=bool(r.get("adapted")),
                answering=answering,
                stored=(r["got"], bool(r["confirm"])),
            )
        )
    return out


def redecide(d: Decode, model: ConfidenceModel) -> tuple[dict[str, Any], bool]:
    """What the recognizer would have returned with ``model``: (intent as JSON, confirm)."""
    if d.intent is None or d.evidence is None or isinstance(d.intent, NoIntent):
        return {"type": "none"}, False
    dec = decide(d.intent, d.evidence, model=model, answering=d.answering, adapted=d.adapted)
    return intent_to_json(dec.intent), dec.confirm


def check_reproduced(decodes: Sequence[Decode], model: ConfidenceModel) -> int:
    """How many stored decisions :func:`redecide` does not reproduce with the model they were made with."""
    return sum(redecide(d, model) != d.stored for d in decodes)


def _decided(decodes: Sequence[Decode], model: ConfidenceModel) -> list[tuple[Decode, dict[str, Any]]]:
    """Each decode with what ``model`` returns for it, as ``asr_bench`` saves a result (``got``, ``confirm``)."""
    out = []
    for d in decodes:
        got, confirm = redecide(d, model)
        out.append((d, {"got": got, "confirm": confirm}))
    return out


def turn_metrics(decodes: Sequence[Decode], model: ConfidenceModel) -> dict[str, Any]:
    """Counts for turn decodes (asks, questions, table talk) decided by ``model``; the table talk's as
    ``asr_bench.chatter_counts`` counts them."""
    decided = _decided(decodes, model)
    said = [(d, r) for d, r in decided if not d.chatter]
    talk = [r for d, r in decided if d.chatter]
    m: dict[str, Any] = {"by_condition": {}, "talk_by_condition": {}}
    for cond in CONDITIONS:
        talk_there = [r for d, r in decided if d.chatter and d.condition == cond]
        if talk_there:
            m["talk_by_condition"][cond] = {"n": len(talk_there), **chatter_counts(talk_there)}
        rs = [(d, r) for d, r in said if d.condition == cond]
        if rs:
            m["by_condition"][cond] = {
                "n": len(rs),
                "exact": sum(r["got"] == d.expected for d, r in rs),
                "played_right_at_once": sum(r["got"] == d.expected and at_once(r) for d, r in rs),
            }
    m["n"] = len(said)
    m["exact"] = sum(r["got"] == d.expected for d, r in said)
    m["played_right_at_once"] = sum(r["got"] == d.expected and at_once(r) for d, r in said)
    m["wrong_moves_played"] = sum(r["got"] != d.expected and acted_at_once(r) for d, r in said)
    m["wrong_questions_answered"] = sum(r["got"] != d.expected and at_once(r) and not acted_at_once(r) for d, r in said)
    m["talk"] = len(talk)
    m.update({f"talk_{k}": v for k, v in chatter_counts(talk).items()})
    return m


def answer_metrics(decodes: Sequence[Decode], model: ConfidenceModel) -> dict[str, Any]:
    """Counts for answers to a confirmation decided by ``model``."""
    decided = _decided(decodes, model)
    said = [(d, r["got"]) for d, r in decided if not d.chatter]
    talk = [r["got"] for d, r in decided if d.chatter]
    answers = {"yes", "no", "quit"}
    return {
        "n": len(said),
        "right": sum(got == d.expected for d, got in said),
        "wrong_yes": sum(got["type"] == "yes" and d.expected["type"] != "yes" for d, got in said),
        "talk": len(talk),
        "talk_as_answer": sum(got["type"] in answers for got in talk),
        "talk_as_yes": sum(got["type"] == "yes" for got in talk),
    }


def fit(decodes: Sequence[Decode], iterations: int = 50, l2: float = 1e-3) -> tuple[dict[str, float], float]:
    """Logistic weights over :data:`FEATURES` (Newton steps, a small ridge), fitted on complete decodes that parse:
    1 for the expected intent, 0 for a wrong one or table talk."""
    rows, labels = [], []
    for d in decodes:
        if d.evidence is None or d.intent is None or isinstance(d.intent, NoIntent):
            continue
        rows.append(feature_vector(d.evidence))
        labels.append(float(not d.chatter and intent_to_json(d.intent) == d.expected))
    x = np.hstack([np.array(rows), np.ones((len(rows), 1))])
    y = np.array(labels)
    w = np.zeros(x.shape[1])
    ridge = l2 * len(y) * np.eye(x.shape[1])
    ridge[-1, -1] = 0.0  # the bias is not shrunk
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge @ w
        hess = (x.T * (p * (1 - p))) @ x + ridge
        w = w - np.linalg.solve(hess, grad)
    weights = {n: round(float(v), 3) for n, v in zip(FEATURES, w[:-1], strict=True)}
    return weights, round(float(w[-1]), 3)


def _grid(lo: float, hi: float, step: float) -> list[float]:
    return [round(lo + i * step, 2) for i in range(round((hi - lo) / step) + 1)]


def choose_turn_bars(
    decodes: Sequence[Decode],
    model: ConfidenceModel,
    base: ConfidenceModel,
    bars: Sequence[tuple[float, float]],
    *,
    choose_accept: bool,
    ref: dict[str, Any] | None = None,
) -> ConfidenceModel:
    """The (``confirm``, ``confirm_noisy``) of ``bars`` (and with ``choose_accept``, for each, the lowest
    ``accept_adapted`` whose wrong moves played and table talk played are at or below ``base``'s) for ``model`` that
    keeps the most right decodes while the five bounds of the module docstring hold against ``base``; ``ref``:
    the bounds' counts from elsewhere (the game's decodes of the same items, for decodes made another way)."""
    ref = turn_metrics(decodes, base) if ref is None else ref
    bounded = (
        "talk_taken_as_move_without_confirm",
        "talk_answered_as_a_question",
        "talk_led_to_confirm_question",
        "wrong_questions_answered",
        "wrong_moves_played",
    )
    best: tuple[tuple[int, int, int], ConfidenceModel] | None = None
    for c, cn in bars:
        cand = replace(model, confirm=c, confirm_noisy=cn)
        m = turn_metrics(decodes, cand)
        if choose_accept:
            for a in reversed(_grid(0.5, 0.99, 0.01)):
                lower = replace(cand, accept_adapted=a, accept=max(a, base.accept))
                lm = turn_metrics(decodes, lower)
                if (
                    lm["wrong_moves_played"] > ref["wrong_moves_played"]
                    or lm["talk_taken_as_move_without_confirm"] > ref["talk_taken_as_move_without_confirm"]
                ):
                    break
                cand, m = lower, lm
        if all(m[k] <= ref[k] for k in bounded):
            key = (m["exact"], m["played_right_at_once"], -m["talk_any_intent"])
            if best is None or key > best[0]:
                best = (key, cand)
    return best[1] if best is not None else model


def choose_answer_bars(
    decodes: Sequence[Decode], model: ConfidenceModel, base: ConfidenceModel, ref: dict[str, Any] | None = None
) -> ConfidenceModel:
    """``answer`` / ``answer_yes`` for ``model`` by the rules in the module docstring (``ref``: as for
    :func:`choose_turn_bars`)."""
    ref = answer_metrics(decodes, base) if ref is None else ref
    best: tuple[tuple[int, int], ConfidenceModel] | None = None
    for a in _grid(0.2, 0.95, 0.05):
        for ay in _grid(a, 0.95, 0.05):  # a "yes" plays the move: its bar is never below the others
            cand = replace(model, answer=a, answer_yes=ay)
            m = answer_metrics(decodes, cand)
            if all(m[k] <= ref[k] for k in ("wrong_yes", "talk_as_answer", "talk_as_yes")):
                key = (m["right"], -m["talk_as_answer"])
                if best is None or key > best[0]:
                    best = (key, cand)
    return best[1] if best is not None else model


def _show(
    title: str,
    metrics: Callable[[Sequence[Decode], ConfidenceModel], dict[str, Any]],
    ds: list[Decode],
    models: dict[str, ConfidenceModel],
) -> dict[str, Any]:
    print(f"\n{title}")
    out = {}
    for name, model in models.items():
        m = metrics(ds, model)
        out[name] = m
        flat = {k: v for k, v in m.items() if k not in ("by_condition", "talk_by_condition")}
        conds = " ".join(
            f"{c} {v['exact']}/{v['n']} ({v['played_right_at_once']} at once)"
            for c, v in m.get("by_condition", {}).items()
        )
        print(f"  {name:>10}: {flat}")
        if conds:
            print(f"  {'':>10}  exact by condition: {conds}")
        for c, v in m.get("talk_by_condition", {}).items():
            print(
                f"  {'':>10}  talk {c}: {v['taken_as_move_without_confirm']}/{v['n']} taken as a move"
                f" ({v['ask_played_without_confirm']} asks played), {v['any_intent']} acted on"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--fit",
        type=Path,
        help="turn decodes of the tuning voices (asr_bench --out); without it, nothing is refitted and the --check"
        " files are only decided by the previous model and the game's, side by side",
    )
    ap.add_argument("--fit-answers", type=Path, help="answers to a confirmation, tuning voices (asr_bench --answers)")
    ap.add_argument("--check", type=Path, action="append", default=[], help="other results to compare the models on")
    ap.add_argument("--check-answers", type=Path, action="append", default=[], help="other answers to compare on")
    ap.add_argument(
        "--bound",
        type=Path,
        help="the game's decodes of the --fit items (made another way, e.g. other decoder settings): the bars'"
        " bounds are the previous model's (today the game's) counts on these instead of on the --fit decodes",
    )
    ap.add_argument("--bound-answers", type=Path, help="the same for --fit-answers")
    ap.add_argument("--json", type=Path, help="write the refitted model and every summary here")
    args = ap.parse_args(argv)

    parser = Parser(table())
    turns = [*([args.fit] if args.fit else []), *args.check, *([args.bound] if args.bound else [])]
    data = {p: load(p, parser) for p in turns}
    answers = [p for p in (args.fit_answers, *args.check_answers, args.bound_answers) if p]
    data.update({p: load(p, parser, answering=True) for p in answers})
    for p, ds in data.items():
        if min(check_reproduced(ds, m) for m in BASELINES.values()):
            print(f"{p}: stored decisions that none of the models it may have been made with reproduces")
            return 1
    if args.fit is None:
        for p, ds in data.items():
            _show(str(p), answer_metrics if p in answers else turn_metrics, ds, BASELINES)
        return 0
    weights, bias = fit(data[args.fit])
    print("refitted weights", weights, "bias", bias)
    # the refitted weights keep or reject in a loud room; everything else is the previous model's
    loud = replace(PREVIOUS_MODEL, loud_weights=weights, loud_bias=bias, fitted_on=args.fit.name)
    ref = turn_metrics(data[args.bound], PREVIOUS_MODEL) if args.bound else None
    ref_answers = answer_metrics(data[args.bound_answers], PREVIOUS_MODEL) if args.bound_answers else None
    loud = choose_turn_bars(
        data[args.fit],
        loud,
        PREVIOUS_MODEL,
        [(PREVIOUS_MODEL.confirm, cn) for cn in _grid(0.1, 0.9, 0.05)],
        choose_accept=False,
        ref=ref,
    )
    # for comparison: the refitted weights for everything (the quiet and loud bars, then the bar to play at once)
    refitted = replace(PREVIOUS_MODEL, weights=weights, bias=bias, fitted_on=args.fit.name)
    grid = [(c, cn) for c in _grid(0.2, 0.9, 0.05) for cn in _grid(0.2, c - 0.05, 0.05)]
    refitted = choose_turn_bars(data[args.fit], refitted, PREVIOUS_MODEL, grid, choose_accept=True, ref=ref)
    if args.fit_answers:
        refitted = choose_answer_bars(data[args.fit_answers], refitted, PREVIOUS_MODEL, ref_answers)
    models = {**BASELINES, "loud refit": loud, "all refit": refitted}
    report: dict[str, Any] = {"weights": weights, "bias": bias, "bars": {}, "files": {}}
    for name, model in models.items():
        bars = {k: getattr(model, k) for k in BARS}
        report["bars"][name] = bars
        print(f"{name:>10} bars {bars}")
    roles = {args.fit: "fit", args.fit_answers: "fit", args.bound: "bound", args.bound_answers: "bound"}
    for p, ds in data.items():
        is_answers = p in answers
        role = roles.get(p, "check")
        report["files"][str(p)] = _show(f"{p} ({role})", answer_metrics if is_answers else turn_metrics, ds, models)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
