"""prove and audit (`uldp prove`, `uldp audit`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Optional


from . import _core
from ._api import _text
from ._commands import Json


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
