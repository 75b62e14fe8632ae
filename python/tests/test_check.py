"""uldp.check: exact verdicts from Python values, the same as `uldp check --matrix`."""

import json
import math
import os
import re
import subprocess
import tempfile
from fractions import Fraction

import numpy
import pytest
from hypothesis import given, settings, strategies as st

import uldp


def test_without_sensitive_every_input_is_sensitive_as_in_the_command():
    r = uldp.check([[1, 0], [0, 1]], exp_eps=2)
    assert r.sensitive == (0, 1) and not r.uldp.holds
    assert uldp.check([[1, 0], [0, 1]], sensitive=(), exp_eps=2).uldp.holds


def test_a_private_mechanism_holds_with_its_tight_value():
    m = uldp.mechanism("urr", 5, sensitive=(0, 1), exp_eps=3)
    r = uldp.check(m.Q, sensitive=(0, 1), exp_eps=3)
    assert r.uldp.holds and r.uldp_strict.holds
    assert r.uldp.tight_exp_eps == 3
    assert not r.ldp.holds and r.ldp.tight_exp_eps == math.inf


def test_floats_are_their_exact_binary64_values():
    # 0.1 is not 1/10 in binary64: the row sums to 1 - 2^-54 + ..., refused without a tolerance.
    q = [[0.9, 0.1], [0.1, 0.9]]
    with pytest.raises(ValueError, match="row 0 sums to"):
        uldp.check(q, exp_eps=9)
    r = uldp.check(q, exp_eps=9, tolerance="1e-15")
    assert r.ldp.tight_exp_eps == Fraction(0.9) / Fraction(0.1)
    assert r.ldp.tight_exp_eps < 9 and r.ldp.holds  # 0.9 / 0.1 in binary64 is a hair below 9
    assert uldp.check(numpy.array(q), exp_eps=9, tolerance="1e-15") == r
    assert uldp.check([["9/10", "1/10"], ["1/10", "9/10"]], exp_eps=9).ldp.holds


def test_a_violation_names_its_witness():
    # Output 1 is only produced by the sensitive input 0: invertibility fails for X_S = {0} if
    # output 1 is taken as unprotected.
    q = [[Fraction(1, 2), Fraction(1, 2)], [1, 0]]
    r = uldp.check(q, sensitive=(0,), protected=(0,), exp_eps=3)
    assert not r.uldp.holds
    assert r.uldp.violated == "invertibility"
    assert r.uldp.witness.x == 0 and r.uldp.witness.y == 1
    assert "FAILS" in str(r)


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError, match="outside"):
        uldp.check([[2, -1], [0, 1]])
    with pytest.raises(ValueError, match="row 1 has 1 entries"):
        uldp.check([[1, 0], [1]])
    with pytest.raises(ValueError, match="not a finite number"):
        uldp.check([[math.nan, 1], [0, 1]])
    with pytest.raises(ValueError, match="bool"):
        uldp.check([[True, 0], [0, 1]])


def _command_verdicts(rows, sensitive, exp_eps):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("# header: no\n")
        for row in rows:
            f.write(",".join(str(v) for v in row) + "\n")
        path = f.name
    try:
        args = [os.environ["ULDP_COMMAND"], "check", "--matrix", path, "--exp-eps", str(exp_eps),
                "--json", "--sensitive", ",".join(map(str, sensitive))]
        out = subprocess.run(args, capture_output=True, text=True).stdout
        return json.loads(out)
    finally:
        os.unlink(path)


@st.composite
def exact_mechanisms(draw):
    k = draw(st.integers(1, 4))
    outputs = draw(st.integers(1, 4))
    rows = []
    for _ in range(k):
        weights = draw(st.lists(st.integers(0, 6), min_size=outputs, max_size=outputs))
        if sum(weights) == 0:
            weights[0] = 1
        total = sum(weights)
        rows.append([Fraction(w, total) for w in weights])
    sensitive = draw(st.lists(st.integers(0, k - 1), unique=True, max_size=k))
    exp_eps = draw(st.sampled_from([1, 2, Fraction(5, 2), 7]))
    return rows, sorted(sensitive), exp_eps


@pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the uldp command")
@settings(max_examples=40, deadline=None, derandomize=True)
@given(exact_mechanisms())
def test_same_verdicts_as_the_command(case):
    rows, sensitive, exp_eps = case
    r = uldp.check(rows, sensitive=sensitive, exp_eps=exp_eps)
    j = _command_verdicts(rows, sensitive, exp_eps)
    for name in ("ldp", "uldp", "uldp_strict", "osldp"):
        mine = getattr(r, name)
        assert mine.holds == j[name]["holds"], name
        theirs = j[name]["tight_exp_eps"]
        assert mine.tight_exp_eps == (math.inf if theirs == "inf" else Fraction(theirs)), name


@pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the uldp command")
def test_a_tolerance_means_what_the_commands_tolerance_means():
    # Randomized response at eps = 1 as a program printed it: the rows sum to 1 + 1.66e-16 and the
    # ratio exceeds e by 3.08e-17 relative. Exactly, the rows are bad input and eps-LDP fails;
    # within 1e-12 it holds, from Python exactly as from `uldp check --tolerance` (one
    # implementation, api::check).
    q = [[0.731058578630005, 0.26894142136999516], [0.26894142136999516, 0.731058578630005]]
    r = uldp.check(q, eps=1, tolerance="1e-12")
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("# header: no\n" + "\n".join(",".join(float.hex(v) for v in row) for row in q)
                + "\n")
        path = f.name
    try:
        run = subprocess.run([os.environ["ULDP_COMMAND"], "check", "--matrix", path, "--eps", "1",
                              "--tolerance", "1e-12"], capture_output=True, text=True)
        j = json.loads(subprocess.run(
            [os.environ["ULDP_COMMAND"], "check", "--matrix", path, "--eps", "1", "--tolerance",
             "1e-12", "--json"], capture_output=True, text=True).stdout)
    finally:
        os.unlink(path)
    assert run.returncode == 0 and r.passes
    for name in ("ldp", "uldp", "uldp_strict", "osldp"):
        mine = getattr(r, name)
        assert mine.holds == j[name]["holds"], name
        assert mine.holds_within_tolerance == j[name]["holds_within_tolerance"], name
    assert not r.ldp.holds and r.ldp.holds_within_tolerance
    assert "holds within tolerance 1e-12 (exactly: FAILS)" in str(r)
    assert "relative excess of the ratio over exp_eps: 3.09e-17" in str(r)
    # The same report lines, but the file's name, its reading, its line numbers and the time.
    skip = ("subject:", "read as:", "entries:", "checked in")
    mine = [line for line in str(r).splitlines() if not line.startswith(skip)]
    theirs = [re.sub(r"^  line \d+: ", "  ", line) for line in run.stdout.splitlines()
              if not line.startswith(skip)]
    assert mine == theirs
    # Without the tolerance, the rounding of the rows is bad input, as for the command.
    with pytest.raises(ValueError, match="row 0 sums to"):
        uldp.check(q, eps=1)


def test_pairs_are_the_exact_per_pair_losses_as_check_pairs_gives_them():
    q = [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"], ["1/8", "1/8", "3/4"]]
    report = uldp.check(q, pairs=True)
    assert report.pair_losses == [[1, 2, 4], [2, 1, 4], [3, 3, 1]]
    assert report.pairs_json["largest"] == {"x": 0, "x_prime": 2, "exp_eps": "4", "output": "0"}
    # The largest pair is the tight ratio of eps-LDP.
    assert max(max(row) for row in report.pair_losses) == report.ldp.tight_exp_eps
    # Over Y_P = {0, 1}; an input that gives no output of the set has None, an output only one
    # input gives is math.inf.
    leaky = [["3/4", "1/4", "0"], ["1/4", "3/4", "0"], ["0", "0", "1"]]
    over_yp = uldp.check(leaky, sensitive=[0, 1], protected=[0, 1], pairs=True).pair_losses
    assert over_yp[2] == [None, None, None] and over_yp[0][1] == 3
    assert uldp.check(leaky, pairs=True).pair_losses[2][0] == math.inf
    assert uldp.check(q).pair_losses is None


def test_input_discriminative_budgets_decide_id_ldp_as_the_command_does():
    q = [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"], ["1/8", "1/8", "3/4"]]
    fails = uldp.check(q, id_exp_eps=[4, 2, 3])
    assert not fails.passes
    assert fails.pairs_json["id_ldp"]["violation"]["x_prime"] == 2
    holds = uldp.check(q, id_exp_eps=[16, 4, 5], id_combine="mean")
    assert holds.passes and holds.pairs_json["id_ldp"]["holds"]
    assert holds.pairs_json["id_ldp"]["tightest"]["bound"] == "sqrt(4 * 5)"  # L(1, 2) = 4
    with pytest.raises(ValueError, match=r"id_combine: 'median' is not min, max or mean"):
        uldp.check(q, id_exp_eps=[4, 4, 4], id_combine="median")
    with pytest.raises(ValueError, match=r"2 budgets for 3 inputs"):
        uldp.check(q, id_eps=[1, 1])


def test_metric_ldp_on_a_grid_passes_manhattan_and_fails_euclidean_at_the_diagonal():
    q = [[Fraction(4, 9) / 2 ** (abs(x % 2 - y % 2) + abs(x // 2 - y // 2)) for y in range(4)]
         for x in range(4)]
    manhattan = uldp.check(q, metric="manhattan", grid=(2, 2), eps_per_unit="0.7")
    assert manhattan.passes and manhattan.pairs_json["metric_ldp"]["holds"]
    euclidean = uldp.check(q, metric="euclidean", grid=(2, 2), eps_per_unit="0.7")
    assert not euclidean.passes
    assert euclidean.pairs_json["metric_ldp"]["violation"]["x_prime"] == 3
    assert uldp.check(q, metric="manhattan", grid=(2, 2), exp_eps_per_unit=2).passes
    with pytest.raises(ValueError, match=r"grid: \(2,\) is not \(width, height\)"):
        uldp.check(q, metric="manhattan", grid=(2,), eps_per_unit=1)
    # t per unit with Euclidean distances: t^sqrt(2) decided exactly (2^1.41 = 2.67 < 4 <= 3^1.41)
    assert not uldp.check(q, metric="euclidean", grid=(2, 2), exp_eps_per_unit=2).passes
    assert uldp.check(q, metric="euclidean", grid=(2, 2), exp_eps_per_unit=3).passes


def test_the_tolerance_relaxes_metric_ldp_as_it_does_uldp_ratios():
    # L = 4 (1 + 1.25e-16) over t^1 = 4: fails exactly, holds within 1e-8 (issue 53).
    q = [["0.80000000000000002", "0.19999999999999998"],
         ["0.19999999999999998", "0.80000000000000002"]]
    exact = uldp.check(q, metric="manhattan", grid=(2, 1), exp_eps_per_unit=4)
    assert not exact.passes
    within = uldp.check(q, metric="manhattan", grid=(2, 1), exp_eps_per_unit=4, tolerance="1e-8")
    assert within.passes
    metric = within.pairs_json["metric_ldp"]
    assert not metric["holds"] and metric["holds_within_tolerance"]
    assert metric["pairs_within_tolerance"] == 2


def test_pair_budgets_decide_context_aware_ldp(tmp_path):
    q = [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"], ["1/8", "1/8", "3/4"]]   # L(0, 2) = 4
    holds = uldp.check(q, pair_budgets=[[1, 2, 4], [2, 1, 4], [3, 3, 1]])
    assert holds.passes and holds.pairs_json["context_ldp"]["holds"]
    fails = uldp.check(q, pair_budgets=[[1, 2, 3], [2, 1, math.inf], [math.inf, "inf", 1]])
    assert not fails.passes
    assert fails.pairs_json["context_ldp"]["violation"]["x_prime"] == 2
    with pytest.raises(ValueError, match=r"pair_budgets\[1\]\[2\]: the bound 1/2 is below 1"):
        uldp.check(q, pair_budgets=[[1, 2, 4], [2, 1, "1/2"], [3, 3, 1]])
    with pytest.raises(ValueError, match=r"pair_budgets\[1\]\[1\]: 'abc' is no bound"):
        uldp.check(q[:2], pair_budgets=[[1, 2], [2, "abc"]])
    with pytest.raises(ValueError, match=r"pair_budgets\[0\]\[0\]: '1,2' is not one number"):
        uldp.check(q[:2], pair_budgets=[["1,2"], ["2,1"]])
    path = tmp_path / "budgets.csv"
    path.write_text("1 2 3\n2 1 inf\ninf inf 1\n")
    assert uldp.check(q, pair_budgets=path).pairs_json["context_ldp"] == \
        fails.pairs_json["context_ldp"]


GEOMETRIC = [[Fraction(4, 9) / 2 ** (abs(x % 2 - y % 2) + abs(x // 2 - y // 2)) for y in range(4)]
             for x in range(4)]   # L(x, x') = 2^d(x, x'), d Manhattan on the 2 x 2 grid
MANHATTAN = [[abs(x % 2 - y % 2) + abs(x // 2 - y // 2) for y in range(4)] for x in range(4)]


def test_metric_ldp_with_a_distance_matrix_decides_as_the_grid(tmp_path):
    given = uldp.check(GEOMETRIC, metric=MANHATTAN, exp_eps_per_unit=2)
    grid = uldp.check(GEOMETRIC, metric="manhattan", grid=(2, 2), exp_eps_per_unit=2)
    assert given.passes and grid.passes
    assert given.pairs_json["metric_ldp"]["tightest"] == grid.pairs_json["metric_ldp"]["tightest"]
    assert given.pairs_json["metric_ldp"]["metric"] == "the given distances, t = 2 per unit"
    # Halved distances: t^(d/2) < L = t^d, decided exactly as L^2 <= t^d.
    half = [[Fraction(d, 2) for d in row] for row in MANHATTAN]
    fails = uldp.check(GEOMETRIC, metric=half, exp_eps_per_unit=2)
    assert not fails.passes
    assert fails.pairs_json["metric_ldp"]["violation"]["bound"] == "2^(1/2)"
    # Infinitely far pairs bound nothing.
    far = [[0 if x == y else math.inf for y in range(4)] for x in range(4)]
    assert uldp.check(GEOMETRIC, metric=far, eps_per_unit=0).passes
    path = tmp_path / "d.csv"
    path.write_text("".join(" ".join(str(d) for d in row) + "\n" for row in MANHATTAN))
    from_file = uldp.check(GEOMETRIC, metric=path, exp_eps_per_unit=2)
    assert from_file.pairs_json["metric_ldp"]["metric"] == f"the distances in {path}, t = 2 per unit"
    with pytest.raises(ValueError, match=r"metric\[1\]\[0\]: d\(1, 0\) = 2 but d\(0, 1\) = 1"):
        uldp.check(GEOMETRIC, metric=[[0, 1, 1, 2], [2, 0, 2, 1], [1, 2, 0, 1], [2, 1, 1, 0]],
                   eps_per_unit=1)
    with pytest.raises(ValueError, match=r"metric: 'chebyshev' is not manhattan or euclidean"):
        uldp.check(GEOMETRIC, metric="chebyshev", eps_per_unit=1)


@pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the uldp command")
def test_safe_regions_decide_personalized_ldp_as_the_command_does(tmp_path):
    q = [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"], ["1/8", "1/8", "3/4"]]   # L(0, 2) = 4
    holds = uldp.check(q, safe_regions=[([0, 1], 2), ([2], "eps=0")])
    assert holds.passes and holds.pairs_json["pldp"]["holds"]
    fails = uldp.check(q, safe_regions=[([0, 1], 2), ([0, 2], Fraction(3))])
    assert not fails.passes
    assert fails.pairs_json["pldp"]["violation"]["bound"] == "3 (region safe_regions[1])"
    regions = tmp_path / "regions.txt"
    regions.write_text("0,1 exp_eps=2\n0,2 exp_eps=3\n")
    matrix = tmp_path / "m.csv"
    matrix.write_text("".join(",".join(row) + "\n" for row in q))
    command = json.loads(subprocess.run(
        [os.environ["ULDP_COMMAND"], "check", "--matrix", str(matrix), "--safe-regions",
         str(regions), "--json"], capture_output=True, text=True).stdout)["pair_losses"]["pldp"]
    assert uldp.check(q, safe_regions=regions).pairs_json["pldp"] == command
    with pytest.raises(ValueError, match=r"safe_regions\[0\]\[1\]: 'eps=1\\n0,2 exp_eps=3' is not one"):
        uldp.check(q, safe_regions=[([0, 1], "eps=1\n0,2 exp_eps=3")])
    with pytest.raises(ValueError, match=r"safe_regions\[0\]\[0\]: index 3"):
        uldp.check(q, safe_regions=[([0, 3], 2)])
    with pytest.raises(ValueError, match=r"safe_regions\[1\]: \(\[0\], 2, 3\) is not"):
        uldp.check(q, safe_regions=[([0, 1], 2), ([0], 2, 3)])


def test_a_mechanisms_pairs_are_over_every_output_unless_protected_is_given():
    # As `uldp check --mech rr --k 3 --exp-eps 2 --id-exp-eps 2,2,2`: the Mechanism's own Y_P is
    # the verdicts' default, not a restriction of the pairs.
    rr = uldp.mechanism("rr", k=3, exp_eps=2)
    report = uldp.check(rr, id_exp_eps=[2, 2, 2])
    assert report.passes and report.pairs_json["outputs"] == "every output"
    assert "ID-LDP, r = min of the pair's budgets: holds" in str(report)  # the pairs' report too
    with pytest.raises(ValueError, match=r"pair_budgets\[1\]: \[\] is not a row of bounds"):
        uldp.check(rr, pair_budgets=[[1, 2, 2], [], [2, 2, 1]])
