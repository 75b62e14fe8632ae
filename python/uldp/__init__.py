"""uldp for Python: the exact core of uldp (exact rational privacy verdicts for utility-optimized
local differential privacy) for Python LDP libraries and their pytest suites.

    >>> import uldp
    >>> m = uldp.mechanism("urr", 5, sensitive=(0, 1), exp_eps=3)
    >>> uldp.check(m.Q, sensitive=(0, 1), exp_eps=3).uldp.holds
    True

Exact values are fractions.Fraction. A Python float (or numpy float64) entry is taken as its
exact binary64 value, never rounded again; ints, Fractions and strings such as "3/7" or "0.1"
are exact. Bad input raises ValueError with uldp's one-line message. The package is a thin layer
over the same C++ core as the `uldp` command: nothing here re-implements a check.
"""

from ._api import Mechanism, CheckReport, Verdict, Witness, check, mechanism, mechanisms

__all__ = ["Mechanism", "CheckReport", "Verdict", "Witness", "check", "mechanism", "mechanisms"]
