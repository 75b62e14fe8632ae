"""Assertions for a Python LDP library's own pytest suite: each raises AssertionError whose first
line is the verdict (what `pytest -rf` and `--tb=line` show) and whose following lines are
uldp's report (the witness of a privacy violation, the deviating cell of a client, every
differing estimate of a server). Their own frames are hidden from pytest's tracebacks
(`__tracebackhide__`), so a failure points at the test's line.

    from uldp.testing import assert_private, assert_conforms, assert_estimates_match

    def test_matrix_is_private():
        assert_private(my_lib.matrix(k=5, eps=1.0), exp_eps=math.e, sensitive=range(5))
"""

from __future__ import annotations

import os
import warnings
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, Optional, Tuple,
                    Union)

from . import _core, _options
from ._options import default as _default
from ._api import Indices, Matrix, Mechanism, Number, check
from ._commands import BitMask, Output, Reference
from ._conform import conform_client
from ._core import CheckReport, ConformanceReport, EstimatesReport, GoldenCase, GoldenVectors
from ._golden import conform_estimates, golden

if TYPE_CHECKING:  # generated from the parameter table at build time (python/generate_keywords.py)
    from typing_extensions import Unpack

    from ._keywords import MechanismKeywords, ScaleChoice, SpendingChoice

_PROPERTIES = ("ldp", "uldp", "uldp_strict", "osldp")

# The suite's false-alarm level as the pytest plugin's --uldp-false-alarm set it, with its source.
_suite_false_alarm: Optional[Tuple[float, str]] = None

#: The false-alarm level of one conformance assertion when nothing else is said: a suite of 100
#: assertions run 10,000 times expects about one false alarm (the C++ assertions' default too,
#: decided in C++: uldp/api/false_alarm.h).
DEFAULT_FALSE_ALARM: float = _core.SUITE_FALSE_ALARM_LEVEL
DEFAULT_ALPHA: float = DEFAULT_FALSE_ALARM  #: its former name

#: The environment variables that set the suite's level, the first set wins (ULDP_ALPHA is the
#: former name), as the library reads them (uldp/api/false_alarm.h).
_ENVIRONMENT = ("ULDP_FALSE_ALARM", "ULDP_ALPHA")


def _false_alarm_level(text: str, source: str) -> float:
    return _core.parse_false_alarm_level(text, source)


def _set_suite_false_alarm(text: Optional[str], source: str) -> None:
    """Sets (or with None clears) the run's level; the pytest plugin's --uldp-false-alarm."""
    global _suite_false_alarm
    _suite_false_alarm = None if text is None else (_false_alarm_level(text, source), source)


def _default_false_alarm_and_source() -> Tuple[float, str]:
    """The one place that decides the default level: --uldp-false-alarm (the plugin), else
    ULDP_FALSE_ALARM (or ULDP_ALPHA) from the environment, else DEFAULT_FALSE_ALARM; with where
    it came from."""
    if _suite_false_alarm is not None:
        return _suite_false_alarm
    source = next((name for name in _ENVIRONMENT if os.environ.get(name)), "default")
    return _core.suite_false_alarm_level(), source


def default_false_alarm() -> float:
    """The false-alarm level of assert_conforms unless a call sets false_alarm=: the pytest
    option --uldp-false-alarm for the run, else ULDP_FALSE_ALARM from the environment (a number
    in (0, 1); ULDP_ALPHA, its former name, too), else 1e-6, so that a suite of 100 conformance
    assertions run 10,000 times expects about one false alarm (the C++ assertions' default
    too)."""
    return _default_false_alarm_and_source()[0]


def default_alpha() -> float:
    """default_false_alarm()'s former name."""
    warnings.warn("uldp.testing.default_alpha() is now default_false_alarm()", DeprecationWarning,
                  stacklevel=2)
    return default_false_alarm()


def assert_private(Q: Any, *, property: str = "uldp", sensitive: Optional[Iterable[int]] = None,
                   protected: Optional[Iterable[int]] = None, eps: Optional[Number] = None,
                   exp_eps: Optional[Number] = None,
                   tolerance: Optional[Number] = None) -> CheckReport:
    """Asserts that the matrix Q (or a uldp Mechanism, with its own X_S and Y_P unless others
    are given) has `property` ("ldp", "uldp", "uldp_strict" or "osldp") at the budget, decided
    exactly (with a tolerance: exactly, or within it, as `uldp check --tolerance`); returns the
    report. The failure's first line is the library's headline of the property (`Q is not ULDP
    with X_S = {0-1}, Y_P = {0-1} at exp_eps = 3: tight exp_eps = 9 (...); ratio violated at
    ...`), as EXPECT_PRIVATE's."""
    __tracebackhide__ = True
    if property not in _PROPERTIES:
        raise ValueError(f"property: {property!r} is not one of {', '.join(_PROPERTIES)}")
    if eps is None and exp_eps is None:
        raise ValueError("eps / exp_eps: a privacy assertion needs a budget")
    report = check(Q, sensitive=sensitive, protected=protected, eps=eps, exp_eps=exp_eps,
                   tolerance=tolerance)
    verdict = getattr(report, property)
    if not (verdict.holds or verdict.holds_within_tolerance):
        raise AssertionError(f"{report.headline(property)}\n{report}")
    return report


@_options.reads_former_names("conform_client")
def assert_conforms(client: Callable[..., Any], *, reference: Optional[Reference] = None,
                    mech: Optional[str] = None, matrix: Optional[Union[Matrix, Mechanism]] = None,
                    protected: Optional[Indices] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None,
                    users: Optional[Union[str, Iterable[str]]] = None,
                    row_sum_tolerance: Optional[Number] = None,
                    false_alarm: Optional[float] = None,
                    power: float = _default("conform_client", "power"),
                    resolution: float = _default("conform_client", "resolution"),
                    max_samples: int = _default("conform_client", "max_samples"),
                    first_look: int = _default("conform_client", "first_look"),
                    violation_search: int = _default("conform_client", "violation_search"),
                    spending: SpendingChoice = _default("conform_client", "spending"),
                    seed: Optional[int] = 0,
                    output_index: bool = False, labels: Optional[Mapping[Any, Output]] = None,
                    bit_mask: Optional[BitMask] = None,
                    excess: Optional[float] = _default("conform_client", "excess"),
                    **parameters: "Unpack[MechanismKeywords]") -> ConformanceReport:
    """Asserts that client(x) (or client(x, rng)) conforms to the reference mechanism under the
    sequential test of conform_client (which takes the same keywords); "insufficient" fails
    too, since a pass must rest on enough evidence. The false-alarm level is false_alarm= if
    given (alpha=, its former name, too), else default_false_alarm() (--uldp-false-alarm,
    ULDP_FALSE_ALARM or 1e-6), not conform_client's 0.05 of a
    one-off run. At the defaults a client 10 % over its claimed e^eps fails `violates` (the
    targeted test; excess= states another smallest excess, 0 none). Returns the report. The
    failure's first line: `client violates rr (...): ...`, then the command's report."""
    __tracebackhide__ = True
    report = conform_client(
        client, reference=reference, mech=mech, matrix=matrix, protected=protected,
        common=common, tags=tags, users=users, row_sum_tolerance=row_sum_tolerance,
        false_alarm=default_false_alarm() if false_alarm is None else false_alarm, power=power, resolution=resolution,
        max_samples=max_samples, first_look=first_look, violation_search=violation_search,
        spending=spending, seed=seed, output_index=output_index, labels=labels,
        bit_mask=bit_mask, excess=excess, **parameters)
    if report.verdict != "conforms":
        raise AssertionError(f"{report.headline}\n{report}")
    return report


def _short_repr(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _estimates_verdict(report: EstimatesReport) -> str:
    """The library's headline, then one line per differing estimate (every case, the first
    differing item of each, with the likely cause when one is recognised)."""
    mismatches: List[Mapping[str, Any]] = report.json.get("mismatches", [])
    lines = [report.headline]
    for m in mismatches:
        cause = f"; likely cause: {m['likely_cause']}" if m.get("likely_cause") else ""
        lines.append(f"  case {m['case']}, {m['estimator']}, item {m['item']}: expected "
                     f"{m['expected']!r}, got {m['actual']!r} (tolerance {m['tolerance']:g})"
                     f"{cause}")
    return "\n".join(lines)


def assert_estimates_match(server: Callable[[GoldenCase], Mapping[str, Any]],
                           vectors: Optional[GoldenVectors] = None, *,
                           scale: ScaleChoice = _default("conform_estimates", "scale"),
                           tolerance: Optional[Number] = _default("conform_estimates", "tolerance"),
                           em_tolerance: Optional[Number] = None,
                           **golden_arguments: Any) -> EstimatesReport:
    """Asserts that server(case) returns the golden estimates for every case: server gets a
    GoldenCase (.counts, .n, .reports) and returns a mapping with any of "emp", "thr", "em"
    (frequencies, or counts with scale="counts"). vectors: golden vectors, or drawn here from
    the keywords of golden() (mech=..., cases=...). Returns the report. The failure lists every
    differing estimate of every case (each with its first differing item), then the command's
    report."""
    __tracebackhide__ = True
    if vectors is None:
        vectors = golden(**golden_arguments)
    elif golden_arguments:
        raise ValueError("vectors / golden keywords: give the vectors or how to draw them")
    theirs: Dict[str, Dict[str, Any]] = {}
    for case in vectors.cases:
        estimates = server(case)
        if not isinstance(estimates, Mapping):
            raise TypeError(f"server(case {case.id}) returned {type(estimates).__name__} "
                            f"{_short_repr(estimates)}; a server returns a mapping of estimator "
                            "to estimates, e.g. {\"emp\": [...]} (any of \"emp\", \"thr\", "
                            "\"em\")")
        if estimates:  # a case answered with nothing is one left unanswered
            theirs[case.id] = dict(estimates)
    report = conform_estimates(vectors, theirs, scale=scale, tolerance=tolerance,
                               em_tolerance=em_tolerance)
    if not report.matches:
        raise AssertionError(f"{_estimates_verdict(report)}\n{report}")
    return report


__all__ = ["DEFAULT_FALSE_ALARM", "DEFAULT_ALPHA", "assert_conforms", "assert_estimates_match",
           "assert_private", "default_false_alarm", "default_alpha"]
