"""uldp.table: verified parameter tables (`uldp table`) as records or a pandas DataFrame."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _core
from ._api import Number, _check_keywords, _exact_text, _parameter_text, _text, _whole

#: A table row: exact values as Fraction, certified intervals as (low, high) Fractions, the
#: parameters as {name: Fraction}, None where the command prints '-'.
Record = Dict[str, Any]

# Columns whose JSON value is one exact rational, and those that are certified intervals.
_EXACT = ("exp_eps", "eps_asked", "tight_exp_eps", "l2_uniform", "l2_worst")
_INTERVALS = ("eps_used", "tight_eps", "l1_worst", "limit", "limit_ratio")


def _list(value: Any) -> List[Any]:
    """One value or a sequence of them (a str is one value)."""
    if isinstance(value, (str, int, Fraction)) or not hasattr(value, "__iter__"):
        return [value]
    return list(value)


def _exact(value: Optional[str]) -> Optional[Union[Fraction, float]]:
    if value is None:
        return None
    return float(value) if value in ("inf", "-inf") else Fraction(value)


# The columns in the order of the command's Markdown table (others after them).
_ORDER = ("mechanism", "k", "sensitive_count", "eps_asked", "exp_eps", "eps_used", "parameters",
          "property", "tight_exp_eps", "tight_eps", "l2_uniform", "l2_worst", "l2_worst_argmax",
          "l1_worst", "limit", "limit_ratio", "status", "verified", "loss_note")


def _record(row: Dict[str, Any], keys: List[str]) -> Record:
    """One row with every table's key (None where the command prints '-')."""
    record: Record = {}
    for key in keys:
        value = row.get(key)
        if key == "decimal":
            continue
        if value is None:
            record[key] = None
        elif key in _EXACT:
            record[key] = _exact(value)
        elif key in _INTERVALS:
            record[key] = (Fraction(value[0]), Fraction(value[1]))
        elif key == "parameters":
            record[key] = {name: _exact(v) for name, v in value.items()}
        else:
            record[key] = value
    return record


def _float(value: Any) -> Optional[float]:
    """A record's exact value as a float: an interval by its midpoint (as the Markdown table)."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return float((value[0] + value[1]) / 2)
    return float(value)


def _frame(records: List[Record], notes: List[str], text: str) -> Any:
    """The records as a DataFrame: numbers as float64 (intervals by their midpoints), one column
    per parameter; the exact records in .attrs["records"], the table's notes in .attrs["notes"]
    and the command's Markdown table in .attrs["text"]."""
    import pandas  # type: ignore[import]  # Debian's pandas has no types
    rows = []
    for record in records:
        row: Dict[str, Any] = {}
        for key, value in record.items():
            if key == "parameters":
                row.update({name: _float(v) for name, v in (value or {}).items()})
            elif key in _EXACT or key in _INTERVALS:
                row[key] = _float(value)
            else:
                row[key] = value
        rows.append(row)
    frame = pandas.DataFrame.from_records(rows)
    frame.attrs["records"] = records
    frame.attrs["notes"] = notes
    frame.attrs["text"] = text
    return frame


def table(*, mech: Union[str, Sequence[str]], k: Union[int, Sequence[int]],
          sensitive_count: Union[int, Sequence[int]],
          eps: Optional[Union[Number, Sequence[Number]]] = None,
          exp_eps: Optional[Union[Number, Sequence[Number]]] = None, theta: Union[str, Number] = "paper",
          n: Optional[int] = None, vs_limit: bool = False,
          as_frame: Optional[bool] = None, **parameters: Any) -> Union[List[Record], Any]:
    """A verified parameter table (`uldp table`): one row per mechanism, k, |X_S| (X_S = the
    first sensitive_count symbols) and budget, each with its exact parameters, its privacy
    re-verified, its exact losses at n users (default 10000) and with vs_limit the certified
    fundamental limit. Each of mech, k, sensitive_count, eps and exp_eps is one value or a list.
    Returns a pandas DataFrame (floats; the exact records in .attrs["records"]) when pandas is
    installed, else the exact records; as_frame=True / False chooses. The listed mechanisms' own
    parameters are keywords, one value each, applied to each mechanism that takes it
    (hash_seeds=64, bloom_bits=128, prr_f="1/2", ...). Raises ValueError naming the keyword
    (TypeError for a keyword no mechanism takes). A row whose checks failed has verified False
    (the command's exit code 1); a row of a biased estimator (local hashing, count-mean sketch)
    has None in its loss columns and says why in "loss_note"."""
    if eps is not None and exp_eps is not None:
        raise ValueError("eps: give eps or exp_eps, not both")
    mechs = [_text(m, f"mech[{i}]") for i, m in enumerate(_list(mech))]
    ks = [str(_whole(v, f"k[{i}]")) for i, v in enumerate(_list(k))]
    counts = [str(_whole(v, f"sensitive_count[{i}]"))
              for i, v in enumerate(_list(sensitive_count))]
    budgets: Tuple[List[str], List[str]] = (
        [] if eps is None else [_exact_text(v, f"eps[{i}]") for i, v in enumerate(_list(eps))],
        [] if exp_eps is None else [_exact_text(v, f"exp_eps[{i}]")
                                    for i, v in enumerate(_list(exp_eps))])
    theta_text = theta if isinstance(theta, str) else _exact_text(theta, "theta")
    given = {key: value for key, value in parameters.items() if value is not None}
    _check_keywords(given)
    texts: Dict[str, str] = {}
    for key, value in given.items():
        text = _parameter_text(value, key)
        if text is not None:
            texts[key] = text if isinstance(text, str) else (
                str(text) if isinstance(text, int) else ",".join(str(i) for i in text))
    j = _core.table(mechs, ks, counts, budgets[0], budgets[1], _text(theta_text, "theta"),
                    None if n is None else str(_whole(n, "n", 1)), bool(vs_limit), texts)
    present = {key for row in j["rows"] for key in row if key != "decimal"}
    keys = [key for key in _ORDER if key in present] + sorted(present - set(_ORDER))
    records = [_record(row, keys) for row in j["rows"]]
    if as_frame is None:
        try:
            import pandas  # noqa: F401
            as_frame = True
        except ImportError:
            as_frame = False
    return _frame(records, j["notes"], j["text"]) if as_frame else records
