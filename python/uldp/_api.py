"""The Python face of uldp._core: exact values as Fractions; the reports are the classes uldp._core
binds (python/src/results.h)."""

from __future__ import annotations

import math
from os import PathLike, fspath
from dataclasses import dataclass, field
from fractions import Fraction
from typing import (TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple,
                    Union)

import numpy
import numpy.typing

from . import _core
from ._core import CheckReport

if TYPE_CHECKING:  # generated from the parameter table at build time (python/generate_keywords.py)
    from typing_extensions import Unpack

    from ._keywords import MechanismKeywords

#: An exact number as uldp reads one: int, Fraction, a string ("3/7", "0.1"), or a float or
#: numpy number (its exact binary64 value).
Number = Union[int, float, Fraction, str, "numpy.number[Any]"]
#: A matrix Q[x][y] = Q(y|x): rows of numbers, or a 2-D numpy array.
Matrix = Union[Sequence[Sequence[Number]], "numpy.typing.NDArray[Any]"]
#: Indices (X_S, Y_P): ints or numpy integers.
Indices = Iterable[Union[int, "numpy.integer[Any]"]]


def _text(value: object, where: str) -> str:
    """A text parameter as uldp reads it: a str that UTF-8 encodes (no lone surrogate), else a
    ValueError naming it (never pybind11's TypeError or a UnicodeEncodeError)."""
    if not isinstance(value, str):
        raise ValueError(f"{where}: {value!r} is not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{where}: {value!r} is not valid text ({error.reason} at character "
                         f"{error.start})") from None
    return value


def _exact_text(value: Number, where: str) -> str:
    """The exact value of one entry as uldp reads it: floats by their binary64 value."""
    if isinstance(value, bool):
        raise ValueError(f"{where}: {value!r} is a bool, not a probability")
    if isinstance(value, str):
        return _text(value, where)
    if isinstance(value, (int, Fraction)):
        return str(Fraction(value))
    kind = getattr(getattr(value, "dtype", None), "kind", None)  # numpy scalars
    if kind in ("i", "u"):
        return str(int(value))
    if isinstance(value, float) or kind == "f":
        as_float = float(value)  # float32 widens to float64 exactly
        if not math.isfinite(as_float):
            raise ValueError(f"{where}: {as_float!r} is not a finite number")
        return str(Fraction(as_float))
    raise ValueError(f"{where}: {value!r} is not a number")


def _budget(eps: Optional[Number],
            exp_eps: Optional[Number]) -> Tuple[Optional[str], Optional[str]]:
    return (
        None if eps is None else _exact_text(eps, "eps"),
        None if exp_eps is None else _exact_text(exp_eps, "exp_eps"),
    )


def _whole(value: Any, what: str, minimum: int = 0) -> int:
    """An integer argument as given: an int (or numpy integer), never a float truncated nor a
    bool read as 0 or 1."""
    kind = getattr(getattr(value, "dtype", None), "kind", None)
    if isinstance(value, bool) or not (isinstance(value, int) or kind in ("i", "u")):
        raise ValueError(f"{what}: {value!r} is not an integer")
    if int(value) < minimum:
        raise ValueError(f"{what}: {value!r} is below {minimum}")
    return int(value)


def _indices(values: Optional[Indices], what: str) -> Optional[List[int]]:
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ValueError(f"{what}: {values!r} is not a sequence of indices")
    out = []
    for v in values:
        kind = getattr(getattr(v, "dtype", None), "kind", None)
        if isinstance(v, bool) or not (isinstance(v, int) or kind in ("i", "u")) or int(v) < 0:
            raise ValueError(f"{what}: {v!r} is not an index")
        out.append(int(v))
    return out


@dataclass(frozen=True)
class Mechanism:
    """A registry mechanism as an exact matrix: Q[x][y] = Q(y|x) as Fractions. One made by
    uldp.mechanism() keeps the parameters it was built with, so uldp.check() decides it as
    `uldp check --mech` does (its claim, its budget, a per-pair claim of its own)."""

    name: str
    claim: str
    Q: Tuple[Tuple[Fraction, ...], ...]
    outputs: Tuple[str, ...]
    protected: Tuple[int, ...]
    sensitive: Tuple[int, ...]
    exp_eps: Optional[Fraction]
    #: The registry parameters, as uldp._core takes them; None: a matrix made otherwise.
    parameters: Optional[Dict[str, Any]] = field(default=None, compare=False, repr=False)
    #: The mechanism as the library built it (uldp._core.MechanismSpec), which check() decides
    #: as it is, without building it again; None: a matrix made otherwise.
    spec: Optional[_core.MechanismSpec] = field(default=None, compare=False, repr=False)

    def to_numpy(self) -> "numpy.typing.NDArray[numpy.float64]":
        """Q as a numpy float64 array (each entry the double nearest to it)."""
        return numpy.array([[float(v) for v in row] for row in self.Q], dtype=numpy.float64)

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # Pickled and copied without the library's spec, which check() builds again from the
        # parameters when it needs it.
        return (Mechanism, (self.name, self.claim, self.Q, self.outputs, self.protected,
                            self.sensitive, self.exp_eps, self.parameters, None))

    def __repr__(self) -> str:
        return (f"Mechanism({self.name!r}, k={len(self.Q)}, outputs={len(self.outputs)}, "
                f"sensitive={list(self.sensitive)}, exp_eps={self.exp_eps})")


def mechanisms() -> List[Dict[str, str]]:
    """The registry: one dict per mechanism (name, title, reference, example flags)."""
    return list(_core.mechanisms())


def _exact_list(values: Optional[Sequence[Number]], what: str) -> Optional[str]:
    """Exact numbers as one comma-separated text, each named what[i] in errors; None: not given."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(f"{what}: {values!r} is not a sequence of numbers")
    return ",".join(_exact_text(v, f"{what}[{i}]") for i, v in enumerate(values))


#: The keywords of the parameter table (mechanisms/parameter_table.h), each with its grammar:
#: "count", "index_set", "budget", ... (uldp._core.parameters()).
_PARAMETER_GRAMMARS: Dict[str, str] = {
    keyword: parameter["grammar"] for parameter in _core.parameters()
    for keyword in parameter["keywords"]}


def _parameter_text(value: Any, keyword: str) -> Union[str, int, List[int], None]:
    """A parameter's value as uldp._core takes it, read by its keyword's grammar: whole numbers
    checked, indices as a list, numbers and lists of numbers as exact text, a grid as "WxH"."""
    grammar = _PARAMETER_GRAMMARS[keyword]
    if grammar == "count":
        return _whole(value, keyword)
    if grammar == "index_set":
        return _indices(value, keyword)
    if grammar in ("budget_list", "probability_list"):
        return _exact_list(value, keyword)
    if grammar == "grid":
        return _grid_text(value)
    if grammar == "path":
        if not isinstance(value, (str, PathLike)):
            raise ValueError(f"{keyword}: {value!r} is not a path (a str or os.PathLike)")
        return fspath(value)
    if grammar == "word":
        if not isinstance(value, str):
            raise ValueError(f"{keyword}: {value!r} is not a word (a str such as 'java')")
        return value
    return _exact_text(value, keyword)  # budget, probability, theta_rule


def _check_keywords(parameters: Mapping[str, object]) -> None:
    """A TypeError (an unexpected keyword) naming the first keyword no mechanism takes."""
    for keyword in parameters:
        if keyword not in _PARAMETER_GRAMMARS:
            raise TypeError(f"{keyword}: no mechanism takes this parameter (the parameters: "
                             f"{', '.join(_PARAMETER_GRAMMARS)})")


def mechanism(name: str, k: Optional[int] = None, /,
              **parameters: "Unpack[MechanismKeywords]") -> Mechanism:
    """The registry mechanism `name` over k symbols, built exactly (as `uldp mechanism`), with
    its parameters as keywords (`uldp mechanism --list` names them: sensitive=, eps= or
    exp_eps=, theta=, block=, ...). The geometric mechanism takes grid=(W, H) (its k = W H
    cells, row by row) and a budget per unit of Manhattan distance, eps_per_unit= or
    exp_eps_per_unit=, instead of k and a budget. IDUE takes one budget per input, id_eps= or
    id_exp_eps= (they set k), and its bits' probabilities, one_if_off= (and one_if_on=, 1/2
    each when not given)."""
    given: Dict[str, Any] = {key: value for key, value in parameters.items() if value is not None}
    if k is not None:
        if "k" in given:
            raise ValueError("k: given twice")
        given["k"] = k
    _check_keywords(given)
    texts: Dict[str, Union[str, int, List[int]]] = {}
    for key, value in given.items():
        text = _parameter_text(value, key)
        if text is not None:
            texts[key] = text
    d = _core.mechanism(_text(name, "name"), texts)
    rows = tuple(tuple(Fraction(v) for v in row) for row in d["Q"])
    return Mechanism(
        d["name"], d["claim"], rows, tuple(d["outputs"]), tuple(d["protected"]),
        tuple(d["sensitive"]), None if d["exp_eps"] is None else Fraction(d["exp_eps"]),
        {"mech": d["name"], **texts}, d["spec"],
    )


def construct_uldp_from_ldp(M: Matrix, *, sensitive: Indices, k: int,
                            non_sensitive_rows: str = "min") -> Mechanism:
    """An eps-LDP mechanism M on X_S (one row per input of `sensitive`, in increasing order) made
    (X_S, Y_P, eps)-ULDP on k inputs, as `uldp construct uldp-from-ldp`: M's rows kept, Y_P = M's
    outputs, each non-sensitive input giving every y in Y_P its smallest probability under X_S
    ("min") or the largest divided by M's tight e^eps ("lowest") and the rest to its own output.
    Checked by the exact ULDP checker at M's tight ratio before it is returned; the Mechanism's
    exp_eps is that ratio (None when M is eps-LDP for no finite eps), its protected outputs Y_P."""
    listed = _indices(sensitive, "sensitive")
    if listed is None:
        raise ValueError("sensitive: give X_S, one input per row of M")
    d = _core.construct_uldp_from_ldp(_rows(M), listed, _whole(k, "k", 1),
                                      _text(non_sensitive_rows, "non_sensitive_rows"))
    rows = tuple(tuple(Fraction(v) for v in row) for row in d["Q"])
    return Mechanism("uldp-from-ldp", "uldp", rows, tuple(d["outputs"]), tuple(d["protected"]),
                     tuple(d["sensitive"]),
                     None if d["exp_eps"] == "inf" else Fraction(d["exp_eps"]))


def _rows(Q: Matrix) -> List[List[str]]:
    if hasattr(Q, "tolist") and hasattr(Q, "ndim"):
        if Q.ndim != 2:
            raise ValueError(f"Q: a {Q.ndim}-dimensional array, not a matrix")
        Q = Q.tolist()  # numpy float64 -> Python float, exactly
    if isinstance(Q, (str, bytes)) or not isinstance(Q, Iterable):
        raise ValueError(f"Q: {Q!r} is not a matrix (rows of entries)")
    rows = []
    for x, row in enumerate(Q):
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise ValueError(f"Q[{x}]: {row!r} is not a row of entries")
        rows.append([_exact_text(v, f"Q[{x}][{y}]") for y, v in enumerate(row)])
    return rows


def check(Q: Union[Matrix, Mechanism], *, sensitive: Optional[Indices] = None,
          protected: Optional[Indices] = None,
          eps: Optional[Number] = None, exp_eps: Optional[Number] = None,
          tolerance: Optional[Number] = None, pairs: bool = False,
          id_exp_eps: Optional[Sequence[Number]] = None, id_eps: Optional[Sequence[Number]] = None,
          id_combine: Optional[str] = None,
          metric: Optional[Union[str, PathLike[str], Sequence[Sequence[Union[Number, str]]]]] = None,
          grid: Optional[Tuple[int, int]] = None, eps_per_unit: Optional[Number] = None,
          exp_eps_per_unit: Optional[Number] = None,
          pair_budgets: Optional[Union[str, PathLike[str],
                                       Sequence[Sequence[Union[Number, str]]]]] = None,
          safe_regions: Optional[Union[str, PathLike[str],
                                       Sequence[Tuple[Indices, Union[Number, str]]]]] = None,
          ) -> CheckReport:
    """Decides eps-LDP, ULDP (both readings) and OSLDP of the matrix Q exactly, as
    `uldp check --matrix` does. Q: nested sequences or a 2-D numpy array, Q[x][y] = Q(y|x), or a
    Mechanism: one made by uldp.mechanism() is checked as `uldp check --mech` with its parameters
    (its claim, budget, X_S and Y_P, and a per-pair claim of its own); with sensitive=, or one
    made otherwise, its matrix is, with its X_S and Y_P as the defaults.
    sensitive: X_S as input indices; None (the default) makes every input sensitive, as the
    command does without --sensitive, and () none.
    protected: Y_P as output indices (default: the smallest valid one). tolerance: the rounding
    accepted, as `uldp check --tolerance` takes it: rows may sum to 1 within T and ratios may
    reach e^eps (1 + T), and per-pair losses their bound times 1 + T (metric, ID, context-aware,
    personalized LDP: pairs_json's "holds_within_tolerance"); each verdict's
    holds_within_tolerance says so, its holds stays exact (T exact, at most 1/10; default: exact). pairs=True: also the per-pair loss matrix, as
    `uldp check --pairs` (over Y_P when protected= is given). id_exp_eps= / id_eps=: one budget
    per input (exact numbers), and ID-LDP is decided with a pair's budget their id_combine
    ("min", the default: MinID-LDP; "max"; "mean"), as `uldp check --id-exp-eps`; the verdict is
    pairs_json["id_ldp"] and `passes` includes it. metric="manhattan" / "euclidean" with
    grid=(width, height) (the inputs as its cells, row by row) and eps_per_unit= (or, Manhattan
    only, exp_eps_per_unit=) decides metric LDP, as `uldp check --metric`: pairs_json["metric_ldp"];
    metric= a k x k distance matrix (exact numbers >= 0, "inf" or math.inf; zero diagonal,
    symmetric) or the path of a distance file does so with the given distances.
    pair_budgets=: a k x k matrix of e^eps bounds (exact numbers >= 1, "inf" or math.inf), or the
    path of such a file, decides context-aware LDP, as `uldp check --pair-budgets`:
    pairs_json["context_ldp"]. safe_regions=: personalized LDP, as `uldp check --safe-regions`,
    with a list of (inputs, budget) (a budget an exact e^eps, or "eps=E" / "exp_eps=T") or the path
    of a safe regions file: pairs_json["pldp"]."""
    # The pairs are over Y_P only when the caller gives protected=, as `check --protected` does
    # (a Mechanism's own Y_P is the default for the verdicts, not for the pairs).
    pairs_over_protected = protected is not None
    registry = None  # a Mechanism of uldp.mechanism(): its spec, checked as `check --mech`
    if isinstance(Q, Mechanism):
        if Q.parameters is not None and sensitive is None:
            spec = Q.spec
            if spec is None:  # unpickled or copied: built again from its parameters
                spec = _core.mechanism(str(Q.parameters["mech"]), {
                    key: value for key, value in Q.parameters.items() if key != "mech"})["spec"]
            registry = (spec, Q.parameters)
        else:  # its matrix, with its own X_S and Y_P unless others are given
            sensitive = Q.sensitive if sensitive is None else sensitive
            protected = Q.protected if protected is None else protected
        Q = Q.Q
    e, t = _budget(eps, exp_eps)
    notions: Dict[str, str] = {}
    for key, values in (("id_exp_eps", id_exp_eps), ("id_eps", id_eps)):
        listed = _exact_list(values, key)
        if listed is not None:
            notions[key] = listed
    for key, word in (("id_combine", id_combine),):
        if word is not None:
            notions[key] = _text(word, key)
    for key, number in (("eps_per_unit", eps_per_unit), ("exp_eps_per_unit", exp_eps_per_unit)):
        if number is not None:
            notions[key] = _exact_text(number, key)
    if grid is not None:
        notions["grid"] = _grid_text(grid)
    if isinstance(metric, (str, PathLike)):
        notions["metric"] = fspath(metric)  # manhattan, euclidean, or a distance file
    elif metric is not None:
        notions["distances"] = _pair_matrix_text(metric, "metric", "distances")
    if isinstance(pair_budgets, (str, PathLike)):
        notions["pair_budgets_path"] = fspath(pair_budgets)
    elif pair_budgets is not None:
        notions["pair_budgets"] = _pair_matrix_text(pair_budgets, "pair_budgets", "bounds")
    if isinstance(safe_regions, (str, PathLike)):
        notions["safe_regions_path"] = fspath(safe_regions)
    elif safe_regions is not None:
        notions["safe_regions"] = _safe_regions_text(safe_regions)
    tolerance_text = None if tolerance is None else _exact_text(tolerance, "tolerance")
    if registry is not None:
        return _core.check_mechanism(
            registry[0], registry[1], _indices(protected, "protected"), e, t, tolerance_text, bool(pairs), notions,
            pairs_over_protected)
    arguments = (_indices(sensitive, "sensitive"), _indices(protected, "protected"), e, t,
                 tolerance_text, bool(pairs), notions, pairs_over_protected)
    dtype = getattr(Q, "dtype", None)
    if isinstance(Q, numpy.ndarray) and Q.dtype.kind == "f" and Q.dtype.itemsize > 8:
        raise ValueError(f"Q: {dtype} entries would be rounded to binary64; pass exact "
                         "Fractions or strings")
    if isinstance(Q, numpy.ndarray) and Q.dtype.kind == "f" and Q.ndim == 2:
        return _core.check_binary64(Q, *arguments)  # the same exact values, read in C++
    return _core.check(_rows(Q), *arguments)


def _pair_matrix_text(matrix: Sequence[Sequence[Union[Number, str]]], name: str,
                      noun: str) -> str:
    """The rows of a --pair-budgets or distance file: exact numbers, or inf (math.inf or "inf")."""
    if isinstance(matrix, (str, bytes)) or not isinstance(matrix, Iterable):
        raise ValueError(f"{name}: {matrix!r} is not a matrix of {noun}")
    for x, row in enumerate(matrix):  # lists, tuples, numpy rows: iterables with a length
        if (isinstance(row, (str, bytes)) or not isinstance(row, Iterable)
                or not hasattr(row, "__len__") or len(row) == 0):
            raise ValueError(f"{name}[{x}]: {row!r} is not a row of {noun}")

    def entry(value: Union[Number, str], where: str) -> str:
        if value == "inf" or (isinstance(value, float) and math.isinf(value) and value > 0):
            return "inf"
        text = _exact_text(value, where)
        if any(ch in ", \t\r\n#" or ch.isspace() for ch in text):  # one entry, never several
            raise ValueError(f"{where}: {value!r} is not one number")
        return text
    return "".join(",".join(entry(v, f"{name}[{x}][{y}]") for y, v in enumerate(row)) + "\n"
                   for x, row in enumerate(matrix))


def _safe_regions_text(regions: Sequence[Tuple[Indices, Union[Number, str]]]) -> str:
    """The lines of a --safe-regions file: each region's inputs and its budget."""
    lines = []
    for r, region in enumerate(regions):
        if not isinstance(region, (tuple, list)) or len(region) != 2:
            raise ValueError(f"safe_regions[{r}]: {region!r} is not (inputs, budget)")
        inputs: Indices = region[0]
        budget: Union[Number, str] = region[1]
        listed = _indices(inputs, f"safe_regions[{r}][0]")
        if not listed:
            raise ValueError(f"safe_regions[{r}][0]: a region of no inputs")
        if isinstance(budget, str) and "=" in budget:
            text = _text(budget, f"safe_regions[{r}][1]")  # "eps=1/2" or "exp_eps=3", as a file
            if any(ch.isspace() for ch in text):
                raise ValueError(f"safe_regions[{r}][1]: {budget!r} is not one budget "
                                 "(eps=E or exp_eps=T, without spaces)")
        else:
            text = "exp_eps=" + _exact_text(budget, f"safe_regions[{r}][1]")
        lines.append(",".join(str(i) for i in listed) + " " + text + "\n")
    return "".join(lines)


def _grid_text(grid: Tuple[int, int]) -> str:
    """(width, height) as the command's --grid WxH."""
    if not isinstance(grid, (tuple, list)) or len(grid) != 2:
        raise ValueError(f"grid: {grid!r} is not (width, height)")
    return f"{_whole(grid[0], 'grid[0]', 1)}x{_whole(grid[1], 'grid[1]', 1)}"
