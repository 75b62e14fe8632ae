"""The functions that mirror a command: conform samples/client/plan/estimates, estimate,
simulate, loss, golden. Each calls uldp's workflow layer (uldp::api, through uldp._core) directly and returns its
answer, so verdicts, numbers, messages and str() are the command's own; numpy in, numpy out.
The reference's keywords go to uldp._core as they are (checked and made exact here), where the
library functions that read the command's flags build the api's request from them: no command
line, no temporary file. A float64 matrix is read in C++ as its binary64 values; messages name
the keyword ("k: ...", "matrix:2:3: ...", "users:2:5: ...")."""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass, field
from fractions import Fraction
from os import PathLike, fspath  # paths of counts files, read by the library
from typing import (TYPE_CHECKING, AbstractSet, Any, Callable, Dict, Iterable, List, Mapping,
                    Optional, Sequence, Tuple, Union)

import numpy
import numpy.typing

from . import _core, _options
from ._options import default as _default
from ._api import (Indices, Matrix, Mechanism, Number, _check_keywords, _exact_text, _indices,
                   _parameter_text, _text, _whole)

if TYPE_CHECKING:  # generated from the parameter table at build time (python/generate_keywords.py)
    from typing_extensions import Unpack

    from ._keywords import MechanismKeywords

#: One output of a mechanism: a label ("4", "h2", "{1,3}"), an int (the label with its text, or
#: with output_index=True its column), a set of symbols (a block report) or a 0/1 sequence or
#: array (a bit vector, bit j at j).
Output = Union[str, int, "numpy.integer[Any]", AbstractSet[int], Sequence[int],
               "numpy.typing.NDArray[Any]"]
#: Per-sample outputs: one Output each, or a 2-D 0/1 array of bit vectors (row i is sample i).
Outputs = Union[Sequence[Output], "numpy.typing.NDArray[Any]"]
#: Input indices, one per sample: a 1-D integer array or a sequence of ints.
Inputs = Union[Sequence[int], "numpy.typing.NDArray[Any]"]
#: Reports for estimate(): as Outputs.
Reports = Outputs
#: An output histogram (or per-bit counts of bit vectors).
Counts = Union[Sequence[int], "numpy.typing.NDArray[Any]"]
#: golden(from_counts=): one histogram, a list of them, or {"n": N, "ones": [...]} cases.
FromCounts = Union[Counts, Sequence[Counts], Mapping[str, Any], Sequence[Mapping[str, Any]]]
#: A workflow's JSON answer as Python values.
Json = Dict[str, Any]
#: A server's estimates: {case id: {"emp": array, "thr": ..., "em": ...}}, or the command's
#: {"cases": [{"id": ..., "emp": ...}, ...]}.
Theirs = Union[Mapping[Any, Any], Sequence[Mapping[str, Any]]]


def _matrix(Q: Union[Matrix, Mechanism]) -> Union[str, "numpy.typing.NDArray[Any]"]:
    """Q as uldp._core reads a matrix: a float64 array as it is (its binary64 values, read in
    C++), anything else as exact comma-separated rows (floats as their exact binary64 values)."""
    if isinstance(Q, Mechanism):
        Q = Q.Q
    rows: Any = Q
    if isinstance(Q, numpy.ndarray):
        if Q.dtype.kind == "f" and Q.dtype.itemsize > 8:
            raise ValueError(f"matrix: {Q.dtype} entries would be rounded to binary64; pass "
                             "exact Fractions or strings")
        if Q.ndim != 2:
            raise ValueError(f"matrix: a {Q.ndim}-dimensional array, not a matrix")
        if Q.dtype.kind == "f":
            return Q
        rows = Q.tolist()
    return "".join(",".join(_exact_text(v, f"matrix[{x}][{y}]") for y, v in enumerate(row)) + "\n"
                   for x, row in enumerate(rows))


_WORKFLOW_KEYS = ("mech", "common", "tags", "users")
_MATRIX_KEYS = ("matrix", "protected", "row_sum_tolerance")


@dataclass(frozen=True)
class Reference:
    """What a workflow is about, made once and passed to every function (reference=): a registry
    mechanism with its parameters (`mech="urr", k=5, sensitive=[0, 1], exp_eps=3`), an exact
    matrix with its claim (`matrix=Q` with eps/exp_eps, sensitive and protected), or the
    personalized mechanism (`mech="pum", common=..., tags=..., users=...`). Made by
    uldp.reference(); the functions also take the same keywords one by one. `parameters` holds
    the mechanism's parameters by keyword (`uldp mechanism --list` names them)."""

    mech: Optional[str] = None
    matrix: Optional[Union[Matrix, Mechanism]] = field(default=None, repr=False)
    protected: Optional[Indices] = None
    common: Optional[str] = None
    tags: Optional[Union[str, Iterable[str]]] = None
    users: Optional[Union[str, Iterable[str]]] = None
    row_sum_tolerance: Optional[Number] = None
    parameters: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.mech is None) == (self.matrix is None):
            raise ValueError("mech / matrix: give exactly one of them")
        if self.mech is not None:
            _text(self.mech, "mech")
        _check_keywords(self.parameters)

    def _given(self) -> List[str]:
        return [key for key in _WORKFLOW_KEYS + _MATRIX_KEYS if getattr(self, key) is not None]

    def _fields(self, function: str, matrices: bool = True) -> Dict[str, object]:
        """The reference as uldp._core takes it: each keyword given, checked and made exact
        (parameters by their grammar, tags as "home,work", users as lines, the matrix as
        _matrix() gives it); `matrices`: whether `function` takes a matrix reference."""
        if not matrices:
            for key in _MATRIX_KEYS:
                if getattr(self, key) is not None:
                    raise ValueError(f"{key}: {function} takes a registry mechanism "
                                     f"(mech=...), not a matrix")
        fields: Dict[str, object] = {}
        for key in self._given():
            value = getattr(self, key)
            if key in ("mech", "common"):
                fields[key] = _text(value, key)
            elif key == "protected":
                fields[key] = _indices(value, key)
            elif key == "tags":
                fields[key] = _text(value, key) if isinstance(value, str) else ",".join(
                    _text(tag, f"{key}[{i}]") for i, tag in enumerate(_items(value, key)))
            elif key == "users":
                lines: List[object] = [value] if isinstance(value, str) else _items(value, key)
                fields[key] = "\n".join(
                    _text(line, f"{key}[{i}]") for i, line in enumerate(lines)) + "\n"
            elif key == "matrix":
                fields[key] = _matrix(value)
            else:  # row_sum_tolerance
                fields[key] = _exact_text(value, key)
        for keyword, value in self.parameters.items():
            if value is not None:
                fields[keyword] = _parameter_text(value, keyword)
        return fields


def _items(value: object, what: str) -> List[object]:
    """A list of the items of `value`, or a ValueError naming `what` when it is not a sequence."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"{what}: {value!r} is not a sequence")
    return list(value)


def reference(mech: Optional[str] = None, *, matrix: Optional[Union[Matrix, Mechanism]] = None,
              protected: Optional[Indices] = None, common: Optional[str] = None,
              tags: Optional[Union[str, Iterable[str]]] = None,
              users: Optional[Union[str, Iterable[str]]] = None,
              row_sum_tolerance: Optional[Number] = None,
              **parameters: "Unpack[MechanismKeywords]") -> Reference:
    """A Reference: `reference("urr", k=5, sensitive=[0, 1], exp_eps=3)`, or
    `reference(matrix=Q, exp_eps=3, sensitive=[0, 1])` for an exact matrix with its claim, or
    `reference("geometric", grid=(3, 2), exp_eps_per_unit=2)` for the geometric mechanism, or
    `reference("idue", id_exp_eps=[2, 3, 3], one_if_off=["2/5", "3/10", "3/10"])` for IDUE.
    Every parameter of `uldp mechanism --list` is a keyword."""
    return Reference(mech, matrix, protected, common, tags, users, row_sum_tolerance,
                     {key: value for key, value in parameters.items() if value is not None})


def _resolve(reference: Optional[Reference], **keywords: Any) -> Reference:
    """The reference a function was given: `reference=`, or the keywords one by one (not both)."""
    given = sorted(key for key, value in keywords.items() if value is not None)
    if reference is None:
        own = {key: keywords.pop(key) for key in _WORKFLOW_KEYS + _MATRIX_KEYS if key in keywords}
        _check_keywords(keywords)
        return Reference(**own, parameters={key: value for key, value in keywords.items()
                                            if value is not None})
    if not isinstance(reference, Reference):
        raise ValueError(f"reference: {type(reference).__name__} is not a uldp.Reference "
                         f"(make one with uldp.reference(...))")
    if given:
        raise ValueError(f"reference / {', '.join(given)}: give the reference or its keywords, "
                         f"not both")
    return reference


def _label(value: object, where: str) -> str:
    """One output as the command reads it: a label ("4", "h2", "{1,3}"), an int (the label of
    an rr/urr output, or its column with output_index=True), a 0/1 sequence (a bit vector, bit
    j as character j) or a set of symbols (a block report)."""
    if isinstance(value, (bool, numpy.bool_)):
        raise ValueError(f"{where}: {value!r} is a bool, not an output")
    if isinstance(value, str):
        # A label is one field of one line, as the command reads it: nothing it would trim,
        # skip as a comment or split into more lines.
        if not value or value != value.strip() or value.startswith("#") \
                or any(ord(c) < 32 or c == "\x7f" for c in value):
            raise ValueError(f"{where}: {value!r} is not a label (empty, blank at an end, a '#' "
                             "comment or a control character)")
        return _text(value, where)
    if isinstance(value, (int, numpy.integer)):
        return str(int(value))
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(str(int(v)) for v in sorted(value)) + "}"
    if isinstance(value, (list, tuple, numpy.ndarray)):
        bits = numpy.asarray(value).ravel()
        if not _zeros_and_ones(bits):
            raise ValueError(f"{where}: {_short(value)} is not a bit vector (bits are 0 and 1, as "
                             "bool, int or float)")
        return "".join("1" if b else "0" for b in bits)
    raise ValueError(f"{where}: {_short(value)} is not an output (a label, an index, bits or a "
                     "set)")


def _zeros_and_ones(bits: "numpy.typing.NDArray[Any]") -> bool:
    """Whether an array holds bits: bool, or integers or floats that are exactly 0 or 1 (a numpy
    library's float64 0./1. vectors included)."""
    return bits.dtype.kind in "biuf" and bool(numpy.isin(bits, (0, 1)).all())


def _short(value: object) -> str:
    """repr() of what came back, cut to one short line for a message."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 80 else text[:77] + "..."


#: The forms an output may take, for messages about one that cannot be read.
_OUTPUT_FORMS = ("a label str (\"4\", \"h2\", \"{1,3}\"), an int, a set of symbols, or a 0/1 bit "
                 "vector (list, tuple or numpy array of bool, int or float)")


#: bit_mask=: how an int output is a bit vector of k bits. "lsb": bit j is the mask's 2^j (a
#: library's `sum(bit << j)`); "msb": bit 0 is the mask's 2^(k-1) (the vector read as a binary
#: numeral, `int("0110", 2)`).
BitMask = str


@dataclass(frozen=True)
class _OutputReading:
    """How a library's outputs become uldp's: `labels` maps what the library returns to the
    output it means, `bit_mask` reads an int as a k-bit vector. One reading for clients, samples
    and reports, so the same value means the same output everywhere."""

    labels: Optional[Mapping[Any, Any]] = None
    bit_mask: Optional[BitMask] = None
    bits: int = 0

    @staticmethod
    def of(labels: Optional[Mapping[Any, Any]], bit_mask: Optional[BitMask],
           chosen: "Reference") -> "_OutputReading":
        if labels is not None and not isinstance(labels, Mapping):
            raise ValueError(f"labels: {_short(labels)} is not a mapping (what the library "
                             "returns -> the output it means)")
        if bit_mask is None:
            return _OutputReading(labels)
        if bit_mask not in ("lsb", "msb"):
            raise ValueError(f"bit_mask: {bit_mask!r} is not 'lsb' (bit j is 2^j) or 'msb' (bit 0 "
                             "is the highest)")
        if chosen.parameters.get("k") is None:
            raise ValueError("bit_mask: the masks' width is the mechanism's k; give k=")
        return _OutputReading(labels, bit_mask, _whole(chosen.parameters["k"], "k", 1))

    @property
    def plain(self) -> bool:
        return self.labels is None and self.bit_mask is None

    def label(self, value: object, subject: str) -> str:
        """One output as the command reads it; an error starts with `subject` ("client(3)
        returned", "outputs[4]:"), then what came back and the forms accepted."""
        __tracebackhide__ = True
        returned = value
        if self.labels is not None:
            try:
                value = self.labels[value]
            except (KeyError, TypeError):
                raise ValueError(f"{subject} {_short(returned)}, which labels= does not map "
                                 f"(it maps {_short(list(self.labels)[:8])})") from None
        if self.bit_mask is not None and isinstance(value, (int, numpy.integer)) \
                and not isinstance(value, (bool, numpy.bool_)):
            return self.mask_bits(int(value), subject)
        try:
            return _label(value, subject)
        except ValueError as error:
            mapped = "" if self.labels is None else f" (labels= made it {_short(value)})"
            reason = str(error).split(": ", 1)[-1]
            why = "" if reason.startswith(f"{_short(value)} is not an output (") else f" ({reason})"
            raise ValueError(f"{subject} {_short(returned)}{mapped}, which is not an output"
                             f"{why}; an output is {_OUTPUT_FORMS}") from None

    @property
    def hint(self) -> str:
        """How the keywords read the outputs, for a message about one uldp cannot read."""
        if self.plain:
            return ("a library with outputs of its own: labels= maps them to these, "
                    "bit_mask='lsb' or 'msb' reads an int as a bit vector of k bits")
        if self.bit_mask is not None:
            return f"bit_mask={self.bit_mask!r} read an int as {self.bits} bits"
        return "labels= mapped what the client returned to it"

    def mask_bits(self, mask: int, subject: str) -> str:
        if not 0 <= mask < (1 << self.bits):
            raise ValueError(f"{subject} {mask}, not a mask of k = {self.bits} bits (0 to "
                             f"2^{self.bits} - 1)")
        text = format(mask, f"0{self.bits}b")  # the highest bit first
        return text if self.bit_mask == "msb" else text[::-1]


@dataclass(frozen=True)
class Resolution:
    """What the run could see: a deviation of `cell_deviation` in any cell's probability (or an
    e^eps `eps_excess` above the claim) is detected with `power` at `fewest_samples` per input."""

    power: float
    fewest_samples: int
    cell_deviation: float
    required_cell_deviation: float
    eps_excess: Optional[float]
    event: str


@dataclass(frozen=True)
class ConformanceReport:
    """The report of `uldp conform samples` / `conform client`. verdict: "conforms" (at the
    stated resolution), "deviates", "violates" or "insufficient"."""

    verdict: str
    reference: str
    claim: str
    samples: int
    samples_per_input: "numpy.typing.NDArray[numpy.int64]"
    #: every sample the run drew (a client's break search included); `samples` are the tallied ones
    samples_drawn: int
    eps_lower_bound: float
    exp_eps_lower_bound: float
    claimed_exp_eps: Optional[float]
    resolution: Resolution
    impossible: int
    first_impossible: str
    fit_rejected: bool
    worst_fit: str
    diagnosis: Optional[Json]
    insufficient_because: Optional[str]
    looks: Optional[List[int]]
    json: Json = field(repr=False)
    text: str = field(repr=False, default="")

    @property
    def conforms(self) -> bool:
        return self.verdict == "conforms"

    @property
    def headline(self) -> str:
        """The verdict in one line, as the library words it for every front end: what
        assert_conforms and EXPECT_CONFORMS fail with first ("client violates rr (...): eps >=
        ... with confidence 1 - false_alarm/2, claimed ...")."""
        return str(self.json["headline"])

    @property
    def breaks_own_claim(self) -> Optional[str]:
        """Why the reference itself breaks its claim, decided exactly (a matrix over its budget,
        IDUE's bits against MinID-LDP, a budget given to rappor-bloom below its tight one); None
        when it keeps it. A client that matches such a reference breaks the claim too."""
        line = self.json["reference"].get("breaks_own_claim")
        return None if line is None else str(line)

    @property
    def targeted(self) -> Optional[Json]:
        """A client run's targeted test: its witness ("event", "x", "x_prime"), "outcome",
        "samples_used" beside "information_bound_pairs" (log(1/alpha)/D), ...; else None."""
        return self.json.get("targeted")

    @staticmethod
    def _from(j: Json) -> "ConformanceReport":
        text = j.pop("text", "")
        r, e = j["resolution"], j["eps_lower_bound"]
        return ConformanceReport(
            j["verdict"], j["reference"]["name"], j["reference"]["claim"], j["samples"],
            numpy.array(j["samples_per_input"], dtype=numpy.int64), j["samples_drawn"],
            e["eps"], e["exp_eps"],
            e["claimed_exp_eps"],
            Resolution(r["power"], r["fewest_samples"], r["cell_deviation"],
                       r["required_cell_deviation"], r["eps_excess"], r["event"]),
            j["impossible"]["count"], j["impossible"]["first"], j["fit"]["rejected"],
            j["fit"]["worst"], j["diagnosis"], j["insufficient_because"],
            j["sequential"]["looks"] if "sequential" in j else None, j, text,
        )

    def __str__(self) -> str:
        """The command's report (the C++ renderer's text)."""
        return self.text.rstrip("\n")


def _field(label: str) -> str:
    """One CSV field: quoted (with quotes doubled) when it holds a comma or a quote."""
    if "," in label or '"' in label:
        return '"' + label.replace('"', '""') + '"'
    return label


def _sequence(values: Any, what: str) -> Any:
    """Per-sample values: a sequence, never a string read character by character."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or \
            getattr(values, "ndim", 1) == 0:
        raise ValueError(f"{what}: {values!r} is not a sequence (one entry per sample)")
    return values


def _input_array(inputs: Inputs) -> "numpy.typing.NDArray[numpy.int64]":
    x = numpy.asarray(_sequence(inputs, "inputs"))
    if x.size == 0:
        return x.astype(numpy.int64)
    if x.ndim != 1 or x.dtype.kind not in "iu":
        raise ValueError("inputs: a 1-dimensional sequence of input indices")
    if x.dtype.kind == "u" and int(x.max()) > numpy.iinfo(numpy.int64).max:
        raise ValueError(f"inputs: {int(x.max())} is not an input index")
    if x.dtype.kind == "i" and (x < 0).any():
        i = int(numpy.argmax(x < 0))
        raise ValueError(f"inputs[{i}] = {int(x[i])} is not an input index")
    return x.astype(numpy.int64)


def _bits_array(values: object, what: str) -> Optional["numpy.typing.NDArray[numpy.int64]"]:
    """A 2-D 0/1 (or boolean) array as int64 bits, or None when `values` is not one."""
    if not isinstance(values, numpy.ndarray) or values.ndim != 2:
        return None
    if values.shape[1] == 0:
        raise ValueError(f"{what}: a bit vector needs at least one bit")
    if not _zeros_and_ones(values):
        raise ValueError(f"{what}: a bit vector holds only 0 and 1 (as bool, int or float)")
    return values.astype(numpy.int64)


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
        j = _core.conform_samples(fields, samples, a, p, r, bool(output_index))
    else:
        j = _core.conform_sample_arrays(fields, samples[0], samples[1], a, p, r,
                                        bool(output_index))
    return ConformanceReport._from(j)


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
    j = _core.conform_counts(fields, shards, _level(false_alarm, "false_alarm"),
                             _level(power, "power"),
                             _level(resolution, "resolution"), bool(output_index))
    return ConformanceReport._from(j)


def _level(value: object, what: str) -> float:
    """An option (false_alarm, power, resolution, ...) as a float; its range is the library's to check."""
    if isinstance(value, bool) or not isinstance(value, (int, float, numpy.floating,
                                                         numpy.integer)):
        raise ValueError(f"{what}: {value!r} is not a number")
    return float(value)


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
                   spending: str = "planned", seed: Optional[int] = 0,
                   output_index: bool = False,
                   labels: Optional[Mapping[Any, Output]] = None,
                   bit_mask: Optional[BitMask] = None,
                   excess: float = _default("conform_client", "excess"),
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
    j = _core.conform_client(
        fields, batch, _level(false_alarm, "false_alarm"), _level(power, "power"),
        _level(resolution, "resolution"), _whole(max_samples, "max_samples", 1),
        _whole(first_look, "first_look", 1), _whole(violation_search, "violation_search"),
        _text(spending, "spending"), bool(output_index), reading.hint, _level(excess, "excess"))
    return ConformanceReport._from(j)


@_options.reads_former_names("conform_plan")
def conform_plan(*, reference: Optional[Reference] = None, mech: Optional[str] = None,
                 matrix: Optional[Union[Matrix, Mechanism]] = None, protected: Optional[Indices] = None, common: Optional[str] = None, tags: Optional[Union[str, Iterable[str]]] = None, users: Optional[Union[str, Iterable[str]]] = None, row_sum_tolerance: Optional[Number] = None,
                 false_alarm: float = _default("conform_plan", "false_alarm"),
                 power: float = _default("conform_plan", "power"),
                 resolution: float = _default("conform_plan", "resolution"),
                 excess: float = _default("conform_plan", "excess"),
        **parameters: "Unpack[MechanismKeywords]") -> Json:
    """Samples per input a conformance test needs (`uldp conform plan --json`). reference=: a
    uldp.Reference instead of the keywords."""
    chosen = _resolve(reference, mech=mech, matrix=matrix, protected=protected, common=common, tags=tags, users=users,
                      row_sum_tolerance=row_sum_tolerance, **parameters)
    return _core.conform_plan(chosen._fields("conform_plan"), _level(false_alarm, "false_alarm"),
                              _level(power, "power"), _level(resolution, "resolution"),
                              _level(excess, "excess"))


@dataclass(frozen=True)
class Estimate:
    """`uldp estimate`'s answer: the estimated input distribution and how it was found."""

    frequencies: "numpy.typing.NDArray[numpy.float64]"
    method: str
    n: int
    converged: Optional[bool]
    iterations: Optional[int]
    json: Json = field(repr=False)


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
             method: Optional[str] = None,
             significance: float = _default("estimate", "significance"),
             em_stop: Number = _default("estimate", "em_stop"),
             max_iterations: int = _default("estimate", "max_iterations"),
             accelerator: Optional[str] = None,
             labels: Optional[Mapping[Any, Output]] = None,
             bit_mask: Optional[BitMask] = None,
        **parameters: "Unpack[MechanismKeywords]") -> Estimate:
    """Estimates the input distribution from reports (`uldp estimate`): `reports` one per user
    (ints or labels for symbol mechanisms, a 2-D 0/1 array for bit vectors) or `counts` (the
    output histogram; per-bit counts with `n` for bit vectors). method: emp, thr or em (default:
    the command's, em); significance: thr's significance level (and EM's start); em_stop: EM
    stops when an update raises the log-likelihood by <= em_stop * |L| (`--em-stop`, as golden's
    em_stop). Former names, read with a DeprecationWarning: alpha= (significance=),
    tolerance= (em_stop=).
    labels= and bit_mask= read a library's own reports as conform_client reads its outputs.
    reference=: a uldp.Reference instead of the keywords."""
    if method is not None and method not in ("emp", "thr", "em"):
        raise ValueError(f"method: {method!r} is not emp, thr or em")
    if accelerator is not None and accelerator not in ("auto", "newton", "squarem", "none"):
        raise ValueError(f"accelerator: {accelerator!r} is not auto, newton, squarem or none")
    chosen = _resolve(reference, mech=mech, common=common, tags=tags,
                      users=users, **parameters)
    fields = chosen._fields("estimate", matrices=False)
    text = _reports_text(reports, counts, n, _OutputReading.of(labels, bit_mask, chosen))
    j = _core.estimate(
        fields, text, method, _level(significance, "significance"),
        _whole(max_iterations, "max_iterations", 1), _exact_text(em_stop, "em_stop"),
        accelerator or "auto")
    return Estimate(numpy.array(j["estimate"], dtype=numpy.float64), j["method"], j["n"],
                    j.get("converged"), j.get("iterations"), j)


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


def _exact_values(value: Any) -> Any:
    """{"exact": "11/400", "decimal": ...} as Fraction("11/400"), recursively."""
    if isinstance(value, dict):
        if "exact" in value and isinstance(value["exact"], str):
            return Fraction(value["exact"])
        return {key: _exact_values(v) for key, v in value.items()}
    if isinstance(value, list):
        return [_exact_values(v) for v in value]
    return value


@dataclass(frozen=True)
class GoldenCase:
    """One case of golden vectors: the reports (`counts`: the output histogram, or for bit
    vectors the number of reports with bit j set; `reports`: every report as a label or a 0/1
    string, as estimate() takes them, for ubd-opt always and with golden(with_reports=True) for
    every mechanism) and the estimates a correct server computes from them."""

    id: str
    n: int
    counts: Optional["numpy.typing.NDArray[numpy.int64]"]
    reports: Optional[List[str]]
    emp: Optional["numpy.typing.NDArray[numpy.float64]"]
    thr: Optional["numpy.typing.NDArray[numpy.float64]"]
    em: Optional["numpy.typing.NDArray[numpy.float64]"]
    json: Json = field(repr=False)


@dataclass(frozen=True)
class GoldenVectors:
    """`uldp golden`'s vectors: `.cases`, and `.json` as the command wrote it (what
    `conform_estimates` and `uldp conform estimates --vectors` read)."""

    cases: List[GoldenCase]
    json: Json = field(repr=False)

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.json, f, indent=1)


def _vector(case: Json, key: str) -> Optional["numpy.typing.NDArray[numpy.float64]"]:
    return None if case.get(key) is None else numpy.array(case[key], dtype=numpy.float64)


def _counts(case: Json) -> Optional["numpy.typing.NDArray[numpy.int64]"]:
    counts = case.get("counts", case.get("ones"))  # bit vectors: reports with bit j set
    return None if counts is None else numpy.array(counts, dtype=numpy.int64)


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
           cases: Optional[int] = None, seed: int = 1, n: Optional[int] = None, from_counts: Optional[FromCounts] = None,
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
    j = _core.golden(
        fields, None if cases is None else _whole(cases, "cases", 1), _whole(seed, "seed"),
        None if n is None else _whole(n, "n", 1), counts, _level(significance, "significance"), post,
        None if em_distance is None else _exact_text(em_distance, "em_distance"),
        None if em_gap is None else _exact_text(em_gap, "em_gap"), _level(em_stop, "em_stop"),
        bool(with_reports))
    return GoldenVectors([
        GoldenCase(c["id"], c["n"], _counts(c), c.get("reports", c.get("report_list")),
                   _vector(c, "emp"),
                   _vector(c, "thr"), _vector(c, "em"), c)
        for c in j["cases"]
    ], j)


@dataclass(frozen=True)
class EstimatesReport:
    """`uldp conform estimates`: verdict "matches", "mismatch" (every differing estimate in
    `.json["mismatches"]`, the first at the top, with the likely cause when one is recognised)
    or "incomplete" (golden cases left unanswered). str() is the command's report."""

    verdict: str
    json: Json = field(repr=False)
    text: str = field(repr=False, default="")

    @property
    def matches(self) -> bool:
        return self.verdict == "matches"

    @property
    def headline(self) -> str:
        """The verdict in one line, as the library words it for every front end (the server as
        "server"): what assert_estimates_match and EXPECT_ESTIMATES_MATCH fail with first."""
        return str(self.json["headline"])

    def __str__(self) -> str:
        return self.text.rstrip("\n")


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
                      scale: str = "frequencies", tolerance: Optional[Number] = None,
                      em_tolerance: Optional[Number] = None) -> EstimatesReport:
    """Compares a server's estimates with golden vectors (`uldp conform estimates`). vectors:
    golden()'s vectors, their JSON dict, or the path of a file `uldp golden` wrote. theirs:
    {case id: {"emp": array, "thr": ..., "em": ...}} or the command's {"cases": [...]}, with
    estimates for every case (a case left out makes the verdict "incomplete")."""
    if isinstance(vectors, GoldenVectors):
        vectors = vectors.json
    if not isinstance(vectors, (dict, str)):
        raise ValueError(f"vectors: {vectors!r} is not golden vectors (golden()'s result, its "
                         "JSON dict or a file path)")
    their: Dict[str, Dict[str, List[float]]] = {}
    for i, c in enumerate(_theirs_json(theirs)["cases"]):
        case_id = c["id"] if isinstance(c["id"], str) else json.dumps(c["id"])
        if case_id in their:
            raise ValueError(f"theirs: case {i}: id {case_id!r} appears twice")
        their[case_id] = {key: values for key, values in c.items() if key != "id"}
    j = _core.conform_estimates(
        vectors, "vectors", their, str(scale),
        None if tolerance is None else _exact_text(tolerance, "tolerance"),
        None if em_tolerance is None else _exact_text(em_tolerance, "em_tolerance"))
    text = j.pop("text")
    return EstimatesReport(j["verdict"], j, text)


@dataclass(frozen=True)
class ProofReport:
    """`uldp prove`: one row per claim (or step) in `.json["claims"]` with each solver's answer;
    `all_as_expected` is the command's exit code 0 (every claim proved or, for the expected
    refutations, refuted). str() is the command's table."""

    all_as_expected: bool
    json: Json = field(repr=False)
    text: str = field(repr=False, default="")

    def __str__(self) -> str:
        return self.text.rstrip("\n")


def prove(claim: Optional[str] = None, *, steps: bool = False,
          solver: Optional[str] = None) -> ProofReport:
    """Runs the symbolic proofs (`uldp prove`): every claim by default, one by name
    (`prove("urr_uldp")`), or every step of the utility proofs (`steps=True`); `solver` "z3",
    "cvc5" or "both" (default: both when cvc5 is on PATH)."""
    j = _core.prove(None if claim is None else _text(claim, "claim"), bool(steps),
                    None if solver is None else _text(solver, "solver"))
    text = str(j.pop("text"))
    return ProofReport(bool(j.pop("all_as_expected")), j, text)


@dataclass(frozen=True)
class AuditReport:
    """`uldp audit`: the paper's mechanisms at the paper's settings, each verdict exact
    (`.json`); str() is the command's table."""

    json: Json = field(repr=False)
    text: str = field(repr=False, default="")

    @property
    def holds(self) -> bool:
        """Whether every mechanism's claim holds exactly (the command's exit code 0)."""
        return bool(self.json["all_claims_hold"])

    def __str__(self) -> str:
        return self.text.rstrip("\n")


def audit() -> AuditReport:
    """Audits uRR, uRAP, RR, RAPPOR and Mangat's mechanism at the paper's settings (`uldp
    audit`): exact ULDP / LDP verdicts with the tight budgets."""
    j = _core.audit()
    text = str(j.pop("text"))
    return AuditReport(j, text)
