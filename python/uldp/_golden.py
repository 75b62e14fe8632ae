"""Golden vectors and the comparison of another server's estimates with them: golden and
conform_estimates (`uldp golden`, `uldp conform estimates`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

import numpy
import numpy.typing

from . import _core, _options
from ._core import EstimatesReport, GoldenCase, GoldenVectors
from ._options import default as _default
from ._api import Number, _exact_text, _text, _whole
from ._commands import FromCounts, Json, Reference, Theirs, _level, _resolve, _sequence

if TYPE_CHECKING:  # generated from the parameter table at build time (python/generate_keywords.py)
    from typing_extensions import Unpack

    from ._keywords import MechanismKeywords, ScaleChoice


def _count_lists(from_counts: FromCounts) -> List[Any]:
    """golden's --from-counts JSON: one case or a list of them, each a histogram (integers) or,
    for bit vectors, {"n": N, "ones": [...]}."""
    if isinstance(from_counts, Mapping):
        return [dict(from_counts)]
    cases = list(_sequence(from_counts, "from_counts"))
    if cases and all(isinstance(c, Mapping) for c in cases):
        return [dict(c) for c in cases]
    counts = numpy.asarray(cases)
    if counts.ndim not in (1, 2) or (counts.size and counts.dtype.kind not in "iu"):
        raise ValueError("from_counts: integer counts, one sequence per case")
    histograms: List[Any] = counts.tolist()
    return [histograms] if counts.ndim == 1 else histograms


@_options.reads_former_names("golden")
def golden(*, reference: Optional[Reference] = None, mech: Optional[str] = None,
           common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None, users: Optional[Union[str, Iterable[str]]] = None,
           cases: Optional[int] = None, seed: int = _default("golden", "seed"), n: Optional[int] = None, from_counts: Optional[FromCounts] = None,
           significance: float = _default("golden", "significance"), post: Optional[str] = None,
           em_distance: Optional[Number] = None, em_gap: Optional[Number] = None,
           em_stop: float = _default("golden", "em_stop"), with_reports: bool = False,
        **parameters: "Unpack[MechanismKeywords]") -> GoldenVectors:
    """Golden vectors (`uldp golden`): `cases` drawn cases of n reports each (default 1000), or
    the given report counts (`from_counts`: one count sequence, or a list of them), each with the
    exact empirical estimate, the threshold estimate and a certified EM estimate.
    with_reports=True: every case also lists its reports one by one (GoldenCase.reports; drawn
    unary encodings are then drawn per user, so their counts differ from the default draw).
    reference=: a uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, common=common, tags=tags,
                      users=users, **parameters)
    fields = chosen._fields("golden", matrices=False)
    counts = None if from_counts is None else json.dumps(_count_lists(from_counts))
    return _core.golden(
        fields, None if cases is None else _whole(cases, "cases", 1), _whole(seed, "seed"),
        None if n is None else _whole(n, "n", 1), counts, _level(significance, "significance"), post,
        None if em_distance is None else _exact_text(em_distance, "em_distance"),
        None if em_gap is None else _exact_text(em_gap, "em_gap"), _level(em_stop, "em_stop"),
        bool(with_reports))


def _theirs_json(theirs: Theirs) -> Json:
    cases: Sequence[Any]
    if isinstance(theirs, Mapping) and "cases" in theirs:
        cases = theirs["cases"]
    elif isinstance(theirs, Mapping):
        cases = [dict(estimates, id=case_id) for case_id, estimates in theirs.items()]
    else:
        cases = list(theirs)
    out = []
    for i, case in enumerate(cases):
        if not isinstance(case, Mapping) or "id" not in case:
            raise ValueError(f"theirs: case {i} has no id")
        entry = {"id": case["id"]}
        unknown = sorted(str(key) for key in case if key not in ("id", "emp", "thr", "em"))
        if unknown:  # dropped, a misspelt estimator would compare nothing
            raise ValueError(f"theirs: case {case['id']!r}: unknown estimator {unknown[0]!r} "
                             f"(a case has any of emp, thr, em)")
        for key in ("emp", "thr", "em"):
            if case.get(key) is None:
                continue
            values = numpy.asarray(case[key])
            where = f"theirs: case {case['id']!r}, {key}"
            if values.ndim != 1 or values.dtype.kind not in "iuf":
                raise ValueError(f"{where}: a 1-dimensional sequence of real numbers")
            if not numpy.isfinite(values).all():
                raise ValueError(f"{where}: a value is not a finite number")
            entry[key] = [float(v) for v in values]
        out.append(entry)
    return {"cases": out}


def conform_estimates(vectors: Union[GoldenVectors, Json, str], theirs: Theirs, *,
                      scale: ScaleChoice = _default("conform_estimates", "scale"),
                      tolerance: Optional[Number] = _default("conform_estimates", "tolerance"),
                      em_tolerance: Optional[Number] = None) -> EstimatesReport:
    """Compares a server's estimates with golden vectors (`uldp conform estimates`). vectors:
    golden()'s vectors, their JSON dict, or the path of a file `uldp golden` wrote. theirs:
    {case id: {"emp": array, "thr": ..., "em": ...}} or the command's {"cases": [...]}, with
    estimates for every case (a case left out makes the verdict "incomplete")."""
    if not isinstance(vectors, (GoldenVectors, dict, str)):
        raise ValueError(f"vectors: {vectors!r} is not golden vectors (golden()'s result, its "
                         "JSON dict or a file path)")
    their: Dict[str, Dict[str, List[float]]] = {}
    for i, c in enumerate(_theirs_json(theirs)["cases"]):
        case_id = c["id"] if isinstance(c["id"], str) else json.dumps(c["id"])
        if case_id in their:
            raise ValueError(f"theirs: case {i}: id {case_id!r} appears twice")
        their[case_id] = {key: values for key, values in c.items() if key != "id"}
    return _core.conform_estimates(
        vectors, "vectors", their, _text(scale, "scale"),
        _exact_text(_options.or_default(tolerance, "conform_estimates", "tolerance"), "tolerance"),
        None if em_tolerance is None else _exact_text(em_tolerance, "em_tolerance"))
