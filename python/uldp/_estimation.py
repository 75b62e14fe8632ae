"""The estimation functions: estimate, simulate and loss (`uldp estimate|simulate|loss`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, List, Mapping, Optional, Sequence, Union

import numpy
import numpy.typing

from . import _core, _options
from ._core import Estimate
from ._options import default as _default
from ._api import Number, _exact_text, _text, _whole
from ._commands import (BitMask, Counts, Json, Output, Reference, Reports, _OutputReading,
                        _bits_array, _exact_values, _field, _level, _resolve, _sequence)

if TYPE_CHECKING:  # generated from the parameter table at build time (python/generate_keywords.py)
    from typing_extensions import Unpack

    from ._keywords import AcceleratorChoice, MechanismKeywords, MethodChoice


def _reports_text(reports: Optional[Reports], counts: Optional[Counts],
                  n: Optional[int], reading: _OutputReading) -> str:
    """The reports as the text of a report file (estimate/report_file.h)."""
    if (reports is None) == (counts is None):
        raise ValueError("reports / counts: give exactly one of them")
    if counts is not None:
        values = numpy.asarray(_sequence(counts, "counts"))
        if values.ndim != 1 or (values.size and values.dtype.kind not in "iu") \
                or (values < 0).any():
            raise ValueError("counts: a 1-dimensional sequence of non-negative integer counts")
        head = "# counts" if n is None else f"# counts n={_whole(n, 'n')}"
        return head + "\n" + "\n".join(map(str, values.tolist())) + "\n"
    _sequence(reports, "reports")
    bits = _bits_array(reports, "reports")
    if bits is not None:
        text = "\n".join(row.tobytes().decode("ascii")
                         for row in bits.astype(numpy.uint8) + ord("0"))
        return text + "\n"
    if isinstance(reports, numpy.ndarray) and reports.dtype.kind == "b":
        raise ValueError("reports: booleans are bits of a 2-D array, not reports")
    assert reports is not None  # one of reports and counts is given
    lines = [_field(reading.label(v, f"reports[{i}]:")) for i, v in enumerate(reports)]
    return "\n".join(lines) + "\n"


@_options.reads_former_names("estimate")
def estimate(reports: Optional[Reports] = None, *, counts: Optional[Counts] = None, n: Optional[int] = None,
             reference: Optional[Reference] = None, mech: Optional[str] = None,
             common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None, users: Optional[Union[str, Iterable[str]]] = None,
             method: Optional[MethodChoice] = _default("estimate", "method"),
             significance: Optional[float] = _default("estimate", "significance"),
             em_stop: Optional[Number] = _default("estimate", "em_stop"),
             max_iterations: Optional[int] = _default("estimate", "max_iterations"),
             accelerator: Optional[AcceleratorChoice] = _default("estimate", "accelerator"),
             labels: Optional[Mapping[Any, Output]] = None,
             bit_mask: Optional[BitMask] = None,
        **parameters: "Unpack[MechanismKeywords]") -> Estimate:
    """Estimates the input distribution from reports (`uldp estimate`): `reports` one per user
    (ints or labels for symbol mechanisms, a 2-D 0/1 array for bit vectors) or `counts` (the
    output histogram; per-bit counts with `n` for bit vectors). method: the estimator, and
    accelerator: EM's steps (their words and defaults: `uldp estimate --help`, MethodChoice and
    AcceleratorChoice in uldp._keywords); significance: thr's significance level (and EM's start); em_stop: EM
    stops when an update raises the log-likelihood by <= em_stop * |L| (`--em-stop`, as golden's
    em_stop). Former names, read with a DeprecationWarning: alpha= (significance=),
    tolerance= (em_stop=).
    labels= and bit_mask= read a library's own reports as conform_client reads its outputs.
    reference=: a uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, common=common, tags=tags,
                      users=users, **parameters)
    fields = chosen._fields("estimate", matrices=False)
    text = _reports_text(reports, counts, n, _OutputReading.of(labels, bit_mask, chosen))
    return _core.estimate(
        fields, text, None if method is None else _text(method, "method"),
        _level(_options.or_default(significance, "estimate", "significance"), "significance"),
        _whole(_options.or_default(max_iterations, "estimate", "max_iterations"),
               "max_iterations", 1),
        _exact_text(_options.or_default(em_stop, "estimate", "em_stop"), "em_stop"),
        None if accelerator is None else _text(accelerator, "accelerator"))


def _distribution(p: Union[str, Sequence[Number]]) -> str:
    """An input distribution as --p reads it: its text ("uniform", "zipf:1", "worst"), or the
    exact probabilities as a comma list."""
    if isinstance(p, str):
        return _text(p, "p")
    return ",".join(_exact_text(v, f"p[{i}]") for i, v in enumerate(_sequence(p, "p")))


@dataclass(frozen=True)
class Simulation:
    """`uldp simulate`'s draw, in the forms estimate() takes: per user, `reports` (output
    columns as an int64 array, the labels as str where they are not the columns, as uHR's
    "h3"; bit vectors as an n x k uint8 0/1 array; as the lines of a report file, str, where
    the outputs are too many to list: rappor-bloom's "3:0110...", local hashing's "7,2"), or
    aggregated, `counts` (the output histogram; for bit vectors the number of reports with bit j
    set)."""

    n: int
    reports: Optional[Union["numpy.typing.NDArray[Any]", List[str]]]
    counts: Optional["numpy.typing.NDArray[numpy.int64]"]
    bit_vectors: bool


def simulate(*, n: Optional[int] = None, seed: int, p: Union[str, Sequence[Number]] = "uniform",
             counts: bool = False, reference: Optional[Reference] = None,
             mech: Optional[str] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None,
             users: Optional[Union[str, Iterable[str]]] = None,
        **parameters: "Unpack[MechanismKeywords]") -> Simulation:
    """Draws the reports of n users (`uldp simulate`, the same generator: a seed gives the
    command's reports): inputs from p ("uniform", "zipf:S", or k exact probabilities), one
    report per user, or with counts=True the aggregated counts the exact aggregated sampler
    draws. For mech="pum" the users (one tag list per user) give n and their inputs.
    reference=: a uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, common=common, tags=tags,
                      users=users, **parameters)
    fields = chosen._fields("simulate", matrices=False)
    j = _core.simulate(fields, None if n is None else _whole(n, "n", 1), _distribution(p),
                       _whole(seed, "seed"), bool(counts))
    labels: List[str] = j["labels"]
    if "columns" in j:
        columns = j["columns"]
        reports: Optional[Union["numpy.typing.NDArray[Any]", List[str]]] = \
            [labels[c] for c in columns.tolist()] if labels else columns
        return Simulation(j["n"], reports, None, False)
    if "bits" in j:
        return Simulation(j["n"], j["bits"], None, True)
    if "reports" in j:  # outputs too many to list: the reports as their lines ("3:0110", "7,2")
        return Simulation(j["n"], list(j["reports"]), None, False)
    if "ones" in j:
        return Simulation(j["n"], None, numpy.array(j["ones"], dtype=numpy.int64), True)
    return Simulation(j["n"], None, numpy.array(j["counts"], dtype=numpy.int64), False)


def loss(*, reference: Optional[Reference] = None, mech: Optional[str] = None,
         n: int,
         p: Union[str, Sequence[Number]] = "uniform", exact_l1: bool = False,
         vs_limit: bool = False,
        **parameters: "Unpack[MechanismKeywords]") -> Json:
    """The expected losses of the empirical estimate (`uldp loss --json`): exact values as
    Fractions (l2, the limit's), the rest as the command gives them. p: "uniform", "worst" or
    the input distribution as exact numbers summing to 1. reference=: a uldp.Reference instead
    of the keywords."""
    chosen = _resolve(reference, mech=mech, **parameters)
    for key in ("common", "tags", "users"):
        if getattr(chosen, key) is not None:
            raise ValueError(f"{key}: loss takes a registry mechanism, not the PUM")
    fields = chosen._fields("loss", matrices=False)
    j = _core.loss(fields, _whole(n, "n", 1), _distribution(p), bool(exact_l1), bool(vs_limit))
    exact: Json = _exact_values(j)
    return exact
