"""uldp.prove and uldp.audit: the command's workflows, their text the command's own."""

import json
import os
import subprocess

import pytest

import uldp


def test_prove_one_claim_as_the_command_does():
    report = uldp.prove("urr_uldp", solver="z3")
    assert report.all_as_expected
    names = [c["name"] for c in report.json["claims"]]
    assert names == ["urr_uldp"]
    assert "urr_uldp" in str(report)
    command = os.environ.get("ULDP_COMMAND")
    if command:
        out = subprocess.run([command, "prove", "urr_uldp", "--solver", "z3", "--json"],
                             capture_output=True, text=True, check=True).stdout
        assert [c["name"] for c in json.loads(out)["claims"]] == names


def test_prove_refuses_what_it_cannot_run():
    with pytest.raises(ValueError, match=r"unknown claim 'no_such_claim'"):
        uldp.prove("no_such_claim", solver="z3")
    with pytest.raises(ValueError, match=r"^solver: expected z3, cvc5 or both"):
        uldp.prove("urr_uldp", solver="yices")
    with pytest.raises(ValueError, match=r"^claim / steps: "):
        uldp.prove("urr_uldp", steps=True)


def test_audit_gives_the_papers_verdicts():
    report = uldp.audit()
    assert "Mangat" in str(report) or "mangat" in str(report)
    assert report.holds and report.json["all_claims_hold"]
    assert len(report.json["cases"]) >= 5
