"""uldp for Python: the exact core of uldp (exact rational privacy verdicts for utility-optimized
local differential privacy) for Python LDP libraries and their pytest suites.

    >>> import uldp
    >>> m = uldp.mechanism("urr", 5, sensitive=(0, 1), exp_eps=3)
    >>> uldp.check(m.Q, sensitive=(0, 1), exp_eps=3).uldp.holds
    True

Exact values are fractions.Fraction. A Python float (or numpy float64) entry is taken as its
exact binary64 value, never rounded again; ints, Fractions and strings such as "3/7" or "0.1"
are exact. Bad input raises ValueError with uldp's one-line message. The package is a thin layer
over the same C++ core as the `uldp` command: nothing here re-implements a check; the functions
named after a command (check, conform_*, estimate, simulate, loss, golden, table, prove,
audit) call the workflow that command
calls, so str() of a report is the command's text. Ctrl-C
stops a long computation with KeyboardInterrupt. uldp.testing has the pytest assertions.
"""

from . import _core
from ._api import Mechanism, check, construct_uldp_from_ldp, mechanism, mechanisms
from ._commands import Reference, reference
from ._conform import conform_client, conform_counts, conform_plan, conform_samples
# The results: classes the extension binds over the library's own results (python/src/results.h).
from ._core import (AuditReport, CheckReport, ConformancePlan, ConformanceReport, Estimate,
                    EstimatesReport, GoldenCase, GoldenVectors, ProofReport, Resolution,
                    StatedBound, Verdict, Witness)
from ._estimation import Simulation, estimate, loss, simulate
from ._golden import conform_estimates, golden
from ._proofs import audit, prove
from ._table import table

#: The project version (CMakeLists.txt's project(uldp VERSION ...)), compiled into the extension;
#: importlib.metadata.version("uldp") of an installed wheel is the same.
__version__: str = _core.__version__

__all__ = [
    "AuditReport", "ProofReport", "Simulation", "audit", "prove", "simulate", "table",
    "CheckReport", "ConformancePlan", "ConformanceReport", "Estimate", "EstimatesReport", "GoldenCase",
    "GoldenVectors", "Mechanism", "Reference", "Resolution", "StatedBound", "Verdict", "Witness",
    "check",
    "conform_client", "conform_counts", "conform_estimates", "conform_plan", "conform_samples", "estimate", "golden",
    "construct_uldp_from_ldp", "loss", "mechanism", "mechanisms", "reference",
]
