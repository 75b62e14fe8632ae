"""What the functions that mirror a command share: the reference (uldp.Reference, its keywords),
the readers of samples, outputs and reports, and the type names. The functions live by workflow
(_conform, _estimation, _golden, _proofs). Each calls uldp's workflow layer (uldp::api, through uldp._core) directly and returns its
answer, so verdicts, numbers, messages and str() are the command's own; numpy in, numpy out.
The reference's keywords go to uldp._core as they are (checked and made exact here), where the
library functions that read the command's flags build the api's request from them: no command
line, no temporary file. A float64 matrix is read in C++ as its binary64 values; messages name
the keyword ("k: ...", "matrix:2:3: ...", "users:2:5: ...")."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import (TYPE_CHECKING, AbstractSet, Any, Dict, Iterable, List, Mapping, Optional,
                    Sequence, Union)

import numpy
import numpy.typing

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


def _level(value: object, what: str) -> float:
    """An option (false_alarm, power, resolution, ...) as a float; its range is the library's to check."""
    if isinstance(value, bool) or not isinstance(value, (int, float, numpy.floating,
                                                         numpy.integer)):
        raise ValueError(f"{what}: {value!r} is not a number")
    return float(value)


def _exact_values(value: Any) -> Any:
    """{"exact": "11/400", "decimal": ...} as Fraction("11/400"), recursively."""
    if isinstance(value, dict):
        if "exact" in value and isinstance(value["exact"], str):
            return Fraction(value["exact"])
        return {key: _exact_values(v) for key, v in value.items()}
    if isinstance(value, list):
        return [_exact_values(v) for v in value]
    return value
