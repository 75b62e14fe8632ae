"""prove and audit (`uldp prove`, `uldp audit`)."""

from __future__ import annotations

from typing import Optional

from . import _core
from ._core import AuditReport, ProofReport
from ._api import _text


def prove(claim: Optional[str] = None, *, steps: bool = False,
          solver: Optional[str] = None) -> ProofReport:
    """Runs the symbolic proofs (`uldp prove`): every claim by default, one by name
    (`prove("urr_uldp")`), or every step of the utility proofs (`steps=True`); `solver` "z3",
    "cvc5" or "both" (default: both when cvc5 is on PATH)."""
    return _core.prove(None if claim is None else _text(claim, "claim"), bool(steps),
                       None if solver is None else _text(solver, "solver"))


def audit() -> AuditReport:
    """Audits uRR, uRAP, RR, RAPPOR and Mangat's mechanism at the paper's settings (`uldp
    audit`): exact ULDP / LDP verdicts with the tight budgets."""
    return _core.audit()
