"""uldp.construct_uldp_from_ldp: the same construction as `uldp construct uldp-from-ldp`, RR on X_S
made uRR, and the result usable as a Mechanism by uldp.check."""

import json
import os
import subprocess
from fractions import Fraction

import pytest

import uldp


def test_rr_on_the_sensitive_inputs_becomes_urr():
    rr = uldp.mechanism("rr", 4, exp_eps=3)
    made = uldp.construct_uldp_from_ldp(rr.Q, sensitive=range(4), k=9)
    urr = uldp.mechanism("urr", 9, sensitive=range(4), exp_eps=3)
    assert made.Q == urr.Q and made.outputs == urr.outputs
    assert made.protected == (0, 1, 2, 3) and made.exp_eps == 3
    assert uldp.check(made).passes


def test_hand_worked_rows_and_errors():
    m = [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"]]
    low = uldp.construct_uldp_from_ldp(m, sensitive=[1, 3], k=4)
    assert low.Q[0] == (Fraction(1, 4),) * 4 + (0,)
    assert low.outputs == ("0", "1", "2", "own(0)", "own(2)")
    lowest = uldp.construct_uldp_from_ldp(m, sensitive=[1, 3], k=4, non_sensitive_rows="lowest")
    assert lowest.Q[0] == (Fraction(1, 4), Fraction(1, 4), Fraction(1, 8), Fraction(3, 8), 0)
    with pytest.raises(ValueError, match=r"matrix: 2 rows for 1 sensitive inputs"):
        uldp.construct_uldp_from_ldp(m, sensitive=[0], k=4)
    with pytest.raises(ValueError, match=r"non_sensitive_rows: 'max' is not min or lowest"):
        uldp.construct_uldp_from_ldp(m, sensitive=[1, 3], k=4, non_sensitive_rows="max")
    with pytest.raises(ValueError, match=r"sensitive: index 7 is out of range 0..3"):
        uldp.construct_uldp_from_ldp(m, sensitive=[1, 7], k=4)


@pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the uldp command")
def test_the_same_answer_as_the_command(tmp_path):
    m = [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"]]
    path = tmp_path / "m.csv"
    path.write_text("".join(",".join(row) + "\n" for row in m))
    command = json.loads(subprocess.run(
        [os.environ["ULDP_COMMAND"], "construct", "uldp-from-ldp", "--matrix", str(path),
         "--sensitive", "1,3", "--k", "4", "--format", "json"],
        capture_output=True, text=True, check=True).stdout)
    made = uldp.construct_uldp_from_ldp(m, sensitive=[1, 3], k=4)
    assert [[Fraction(v) for v in row] for row in command["Q"]] == [list(r) for r in made.Q]
    assert tuple(command["outputs"]) == made.outputs
    assert Fraction(command["exp_eps"]) == made.exp_eps
