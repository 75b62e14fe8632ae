"""Assertions for a Python LDP library's own pytest suite: each raises AssertionError whose
message is uldp's report (the witness of a privacy violation, the deviating cell of a client,
the first differing estimate of a server), so a failing test says what is wrong.

    from uldp.testing import assert_private, assert_conforms, assert_estimates_match

    def test_matrix_is_private():
        assert_private(my_lib.matrix(k=5, eps=1.0), exp_eps=math.e, sensitive=range(5))
"""

from __future__ import annotations

import os
from typing import Callable, Mapping, Optional

from ._api import CheckReport, check
from ._commands import (ConformanceReport, EstimatesReport, GoldenCase, GoldenVectors,
                        conform_client, conform_estimates, golden)

_PROPERTIES = ("ldp", "uldp", "uldp_strict", "osldp")


def default_alpha() -> float:
    """The false-alarm level of assert_conforms unless a call sets alpha=: ULDP_ALPHA from the
    environment (a number in (0, 1)), else 1e-6, so that a suite of 100 conformance assertions
    run 10,000 times expects at most one false alarm (the C++ assertions' default too)."""
    text = os.environ.get("ULDP_ALPHA", "")
    if not text:
        return 1e-6
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < 1:
        raise ValueError(f"ULDP_ALPHA: {text!r} is not a false-alarm level in (0, 1)")
    return value


def assert_private(Q, *, property: str = "uldp", sensitive=None, protected=None, eps=None,
                   exp_eps=None, tolerance=None) -> CheckReport:
    """Asserts that the matrix Q (or a uldp Mechanism, with its own X_S and Y_P unless others
    are given) has `property` ("ldp", "uldp", "uldp_strict" or "osldp") at the budget, decided
    exactly (with a tolerance: exactly, or within it, as `uldp check --tolerance`); returns the
    report."""
    if property not in _PROPERTIES:
        raise ValueError(f"property: {property!r} is not one of {', '.join(_PROPERTIES)}")
    if eps is None and exp_eps is None:
        raise ValueError("eps / exp_eps: a privacy assertion needs a budget")
    report = check(Q, sensitive=sensitive, protected=protected, eps=eps, exp_eps=exp_eps,
                   tolerance=tolerance)
    verdict = getattr(report, property)
    if not (verdict.holds or verdict.holds_within_tolerance):
        raise AssertionError(f"{property} does not hold: {verdict}\n{report}")
    return report


def assert_conforms(client: Callable, **reference) -> ConformanceReport:
    """Asserts that client(x) (or client(x, rng)) conforms to the reference mechanism under the
    sequential test of conform_client (which takes the same keywords); "insufficient" fails
    too, since a pass must rest on enough evidence. The false-alarm level is alpha= if given,
    else default_alpha() (1e-6, or ULDP_ALPHA), not conform_client's 0.05 of a one-off run.
    Returns the report."""
    reference.setdefault("alpha", default_alpha())
    report = conform_client(client, **reference)
    if report.verdict != "conforms":
        raise AssertionError(str(report))
    return report


def assert_estimates_match(server: Callable[[GoldenCase], Mapping], vectors: Optional[
        GoldenVectors] = None, *, scale: str = "frequencies", tolerance=None, em_tolerance=None,
        **golden_arguments) -> EstimatesReport:
    """Asserts that server(case) returns the golden estimates for every case: server gets a
    GoldenCase (.counts, .n, .reports) and returns a mapping with any of "emp", "thr", "em"
    (frequencies, or counts with scale="counts"). vectors: golden vectors, or drawn here from
    the keywords of golden() (mech=..., cases=...). Returns the report."""
    if vectors is None:
        vectors = golden(**golden_arguments)
    elif golden_arguments:
        raise ValueError("vectors / golden keywords: give the vectors or how to draw them")
    theirs = {case.id: dict(server(case)) for case in vectors.cases}
    report = conform_estimates(vectors, theirs, scale=scale, tolerance=tolerance,
                               em_tolerance=em_tolerance)
    if not report.matches:
        raise AssertionError(str(report))
    return report
