"""The conformance functions: conform_samples, conform_counts, conform_client and conform_plan
(`uldp conform samples|counts|client|plan`), and the ConformanceReport they return."""

from __future__ import annotations

import inspect
from os import PathLike, fspath
from typing import (TYPE_CHECKING, Any, Callable, Iterable, List, Mapping, Optional, Sequence,
                    Tuple, Union)

import numpy
import numpy.typing

from . import _core, _options
from ._core import ConformancePlan, ConformanceReport
from ._options import default as _default
from ._api import Indices, Matrix, Mechanism, Number, _text, _whole
from ._commands import (BitMask, Inputs, Json, Output, Outputs, Reference, _OutputReading,
                        _bits_array, _field, _input_array, _level, _resolve, _sequence, _short)

if TYPE_CHECKING:  # generated from the parameter table at build time (python/generate_keywords.py)
    from typing_extensions import Unpack

    from ._keywords import MechanismKeywords, SpendingChoice


def _samples(inputs: Inputs, outputs: Outputs, output_index: bool,
             reading: _OutputReading) -> Union[
        str, Tuple["numpy.typing.NDArray[numpy.int64]", "numpy.typing.NDArray[numpy.int64]"]]:
    """The samples as uldp._core takes them: (x, y) int64 arrays, or x,y lines for labels. An int
    output is its text: the label with that text, or with output_index=True the output's
    column."""
    x = _input_array(inputs)
    _sequence(outputs, "outputs")
    if len(outputs) != len(x):
        raise ValueError(f"outputs: {len(x)} outputs expected (one per input), not {len(outputs)}")
    bits = _bits_array(outputs, "outputs")
    if bits is not None:
        return x, bits
    if isinstance(outputs, numpy.ndarray) and outputs.dtype.kind == "b":
        raise ValueError("outputs: booleans are bits of a 2-D array, not outputs")
    if reading.plain and isinstance(outputs, numpy.ndarray) and outputs.dtype.kind in "iu" \
            and outputs.ndim == 1 and (outputs.dtype.kind == "i" or outputs.size == 0
                                       or int(outputs.max()) <= numpy.iinfo(numpy.int64).max):
        return x, outputs.astype(numpy.int64)
    labels = [reading.label(y, f"outputs[{i}]:") for i, y in enumerate(outputs)]
    if output_index and not all(label.isdigit() for label in labels):
        raise ValueError("outputs: with output_index=True every output is a column index")
    return "".join(f"{xi},{_field(label)}\n" for xi, label in zip(x.tolist(), labels))


@_options.reads_former_names("conform_samples")
def conform_samples(inputs: Inputs, outputs: Outputs, *, reference: Optional[Reference] = None,
                    mech: Optional[str] = None, matrix: Optional[Union[Matrix, Mechanism]] = None,
                    protected: Optional[Indices] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None,
                    users: Optional[Union[str, Iterable[str]]] = None, row_sum_tolerance: Optional[Number] = None,
                    false_alarm: float = _default("conform_samples", "false_alarm"),
                    power: float = _default("conform_samples", "power"),
                    resolution: float = _default("conform_samples", "resolution"),
                    output_index: bool = False,
                    labels: Optional[Mapping[Any, Output]] = None,
                    bit_mask: Optional[BitMask] = None,
        **parameters: "Unpack[MechanismKeywords]") -> ConformanceReport:
    """Tests samples (inputs[i], outputs[i]) a client produced against a reference mechanism
    (`mech=` a registry name with its parameters, or `matrix=` an exact matrix, with a budget
    for a claim), as `uldp conform samples`. outputs: labels ("4", "h2", "{1,3}"; an int is the
    label with its text, or with output_index=True the output's column), sets of symbols, or a
    2-D 0/1 array of bit vectors (bit j in column j). labels= and bit_mask= read a library's
    own outputs as conform_client does. reference=: a uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, matrix=matrix, protected=protected, common=common, tags=tags, users=users,
                      row_sum_tolerance=row_sum_tolerance, **parameters)
    fields = chosen._fields("conform_samples")
    samples = _samples(inputs, outputs, output_index, _OutputReading.of(labels, bit_mask, chosen))
    a, p, r = (_level(false_alarm, "false_alarm"), _level(power, "power"),
               _level(resolution, "resolution"))
    if isinstance(samples, str):
        return _core.conform_samples(fields, samples, a, p, r, bool(output_index))
    return _core.conform_sample_arrays(fields, samples[0], samples[1], a, p, r,
                                       bool(output_index))


#: Counted samples for conform_counts: a path, a list of paths (shards), a pandas DataFrame with
#: columns x, y, count, or an iterable of (x, y, count) triples.
CountedSamples = Union[str, "PathLike[str]", Sequence[Union[str, "PathLike[str]"]], Any]


@_options.reads_former_names("conform_counts")
def conform_counts(counts: CountedSamples, *, reference: Optional[Reference] = None,
                   mech: Optional[str] = None, matrix: Optional[Union[Matrix, Mechanism]] = None,
                   protected: Optional[Indices] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None,
                   users: Optional[Union[str, Iterable[str]]] = None, row_sum_tolerance: Optional[Number] = None,
                   false_alarm: float = _default("conform_counts", "false_alarm"),
                   power: float = _default("conform_counts", "power"),
                   resolution: float = _default("conform_counts", "resolution"),
                   output_index: bool = False,
                   labels: Optional[Mapping[Any, Output]] = None,
                   bit_mask: Optional[BitMask] = None,
        **parameters: "Unpack[MechanismKeywords]") -> ConformanceReport:
    """Tests samples counted elsewhere, as `uldp conform counts`: the verdict is that of the
    samples they count (a count c of (x, y) is c samples). counts: a path to a file of
    "x,y,count" lines or JSON records (str or os.PathLike), a list of paths (shards whose counts
    add up), a pandas DataFrame with columns x, y and count (df.groupby(["x", "y"]).size()
    .reset_index(name="count")), or an iterable of (x, y, count) triples; y as conform_samples
    takes outputs (labels= and bit_mask= read a library's own). reference=: a uldp.Reference
    instead of the keywords."""
    chosen = _resolve(reference, mech=mech, matrix=matrix, protected=protected, common=common, tags=tags, users=users,
                      row_sum_tolerance=row_sum_tolerance, **parameters)
    fields = chosen._fields("conform_counts")
    reading = _OutputReading.of(labels, bit_mask, chosen)
    shards: List[Tuple[str, str, bool]] = []
    if isinstance(counts, (str, PathLike)):
        shards.append((fspath(counts), fspath(counts), True))
    elif isinstance(counts, (list, tuple)) and counts and \
            all(isinstance(c, (str, PathLike)) for c in counts):
        shards.extend((fspath(c), fspath(c), True) for c in counts)
    else:
        columns = getattr(counts, "columns", None)
        if columns is not None:  # a DataFrame
            missing = [c for c in ("x", "y", "count") if c not in list(columns)]
            if missing:
                raise ValueError(f"counts: the DataFrame has no column {missing[0]!r} (it needs "
                                 f"x, y and count; it has {_short(list(columns))})")
            frame: Any = counts
            rows: Iterable[Any] = zip(frame["x"], frame["y"], frame["count"])
        else:
            try:
                rows = iter(counts)
            except TypeError:
                raise ValueError(f"counts: {_short(counts)} is neither a path, a DataFrame nor "
                                 "(x, y, count) triples") from None
        lines = []
        for i, row in enumerate(rows):
            try:
                x, y, c = row
            except (TypeError, ValueError):
                raise ValueError(f"counts[{i}]: {_short(row)} is not an (x, y, count) triple") \
                    from None
            lines.append(f"{_whole(x, f'counts[{i}] x')},{reading.label(y, f'counts[{i}] y:')},"
                         f"{_whole(c, f'counts[{i}] count')}\n")
        shards.append(("counts", "".join(lines), False))
    return _core.conform_counts(fields, shards, _level(false_alarm, "false_alarm"),
                                _level(power, "power"),
                                _level(resolution, "resolution"), bool(output_index))


def _client_batch(client: Callable[..., Any], seed: Optional[int], output_index: bool,
                  reading: _OutputReading) -> Callable[[List[int]], List[str]]:
    """client(x) or client(x, rng) as `conform client` calls it: a batch of inputs in, their
    output labels out. rng: a numpy Generator seeded with `seed` (fresh entropy when None).
    An output that cannot be read names the input, what came back and the forms accepted."""
    try:
        parameters = [p for p in inspect.signature(client).parameters.values()
                      if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                             p.POSITIONAL_OR_KEYWORD)]
        takes_rng = len(parameters) >= 2
    except (TypeError, ValueError):  # builtins without a signature take x only
        takes_rng = False
    rng = numpy.random.default_rng(seed)

    def output(x: int) -> str:
        __tracebackhide__ = True
        y = client(x, rng) if takes_rng else client(x)
        label = reading.label(y, f"client({x}) returned")
        if output_index and not label.isdigit():
            raise ValueError(f"client({x}): {y!r} is not a column index (output_index=True)")
        return label

    def batch(inputs: List[int]) -> List[str]:
        __tracebackhide__ = True
        return [output(x) for x in inputs]

    return batch


@_options.reads_former_names("conform_client")
def conform_client(client: Callable[..., Output], *, reference: Optional[Reference] = None,
                   mech: Optional[str] = None, matrix: Optional[Union[Matrix, Mechanism]] = None,
                   protected: Optional[Indices] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None,
                   users: Optional[Union[str, Iterable[str]]] = None, row_sum_tolerance: Optional[Number] = None,
                   false_alarm: float = _default("conform_client", "false_alarm"),
                   power: float = _default("conform_client", "power"),
                   resolution: float = _default("conform_client", "resolution"),
                   max_samples: int = _default("conform_client", "max_samples"),
                   first_look: int = _default("conform_client", "first_look"),
                   violation_search: int = _default("conform_client", "violation_search"),
                   spending: SpendingChoice = _default("conform_client", "spending"), seed: Optional[int] = 0,
                   output_index: bool = False,
                   labels: Optional[Mapping[Any, Output]] = None,
                   bit_mask: Optional[BitMask] = None,
                   excess: Optional[float] = _default("conform_client", "excess"),
        **parameters: "Unpack[MechanismKeywords]") -> ConformanceReport:
    """Drives client(x) (or client(x, rng)) with the sequential test of `uldp conform client`:
    looks at first_look, 2 first_look, ... samples per input up to the planned look, where a
    correct client conforms (a cell deviation of `resolution` is then detected); stopping there,
    at a violation, or at max_samples. spending="planned" gives the planned look 3/4 of the
    false-alarm level A and each other look i A / 4 / 2^(i+1); "halving" tests look j at
    A / 2^(j+1) (about 2.5
    times the samples for a correct client). A deviation (the fit rejected) makes it look on, up to violation_search samples
    per input, for a ratio beyond the claim, so that a privacy break is named `violates`. The client returns an output label, an int, a 0/1 sequence or a set.
    Beside the looks, a targeted test on the reference's tightest event (A/2 of A) names a
    client `excess` over its claimed e^eps (default 0.1: 10 %) `violates` in about log(1/A)/D
    pairs of samples, or rules that excess out; a larger excess is cheaper, 0 turns it off.
    labels: a mapping from what the client returns to the output it means (`{"apple": 0, ...}`),
    for a client with labels of its own. bit_mask="lsb" / "msb": an int the client returns is
    a bit vector of k bits (bit j is 2^j / bit 0 is the highest).
    reference=: a uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, matrix=matrix, protected=protected, common=common, tags=tags, users=users,
                      row_sum_tolerance=row_sum_tolerance, **parameters)
    fields = chosen._fields("conform_client")
    reading = _OutputReading.of(labels, bit_mask, chosen)
    batch = _client_batch(client, None if seed is None else _whole(seed, "seed"), output_index,
                          reading)
    return _core.conform_client(
        fields, batch, _level(false_alarm, "false_alarm"), _level(power, "power"),
        _level(resolution, "resolution"), _whole(max_samples, "max_samples", 1),
        _whole(first_look, "first_look", 1), _whole(violation_search, "violation_search"),
        _text(spending, "spending"), bool(output_index), reading.hint,
        _level(_options.or_default(excess, "conform_client", "excess"), "excess"))


@_options.reads_former_names("conform_plan")
def conform_plan(*, reference: Optional[Reference] = None, mech: Optional[str] = None,
                 matrix: Optional[Union[Matrix, Mechanism]] = None, protected: Optional[Indices] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None, users: Optional[Union[str, Iterable[str]]] = None, row_sum_tolerance: Optional[Number] = None,
                 false_alarm: float = _default("conform_plan", "false_alarm"),
                 power: float = _default("conform_plan", "power"),
                 resolution: float = _default("conform_plan", "resolution"),
                 excess: float = _default("conform_plan", "excess"),
        **parameters: "Unpack[MechanismKeywords]") -> ConformancePlan:
    """Samples per input a conformance test needs (`uldp conform plan`): .per_input_for_resolution
    and .per_input_for_excess. reference=: a uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, matrix=matrix, protected=protected, common=common, tags=tags, users=users,
                      row_sum_tolerance=row_sum_tolerance, **parameters)
    return _core.conform_plan(chosen._fields("conform_plan"), _level(false_alarm, "false_alarm"),
                              _level(power, "power"), _level(resolution, "resolution"),
                              _level(excess, "excess"))
