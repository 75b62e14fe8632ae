"""uldp.mechanism and uldp.mechanisms against the exact core, read back through the command."""

import json
import os
import subprocess
from fractions import Fraction

import pytest

import uldp


def test_registry_lists_every_mechanism():
    names = [m["name"] for m in uldp.mechanisms()]
    assert {"rr", "urr", "rappor", "urap", "ubd", "uhr", "uss", "mangat"} <= set(names)


def test_urr_is_the_papers_matrix():
    # (X_S, eps)-uRR, k = 5, X_S = {0, 1}, t = 3: c1 = 3/4, c2 = 1/4, c3 = 1/2.
    m = uldp.mechanism("urr", 5, sensitive=(0, 1), exp_eps=3)
    assert m.Q[0][0] == Fraction(3, 4)
    assert m.Q[0][1] == Fraction(1, 4)
    assert m.Q[2][2] == Fraction(1, 2)
    assert m.Q[2][0] == Fraction(1, 4)
    assert all(sum(row) == 1 for row in m.Q)
    assert m.exp_eps == 3
    assert m.protected == (0, 1)
    assert m.to_numpy().shape == (5, 5)


def test_labels_are_the_commands():
    m = uldp.mechanism("uhr", 6, sensitive=(0, 1, 2), exp_eps=3)
    assert m.outputs[:4] == ("h0", "h1", "h2", "h3")
    assert m.outputs[4:] == ("3", "4", "5")


@pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the uldp command")
def test_same_matrix_as_the_command():
    m = uldp.mechanism("rappor", 3, exp_eps=Fraction(5, 2))
    out = subprocess.run(
        [os.environ["ULDP_COMMAND"], "mechanism", "rappor", "--k", "3", "--exp-eps", "5/2",
         "--format", "json"], capture_output=True, text=True, check=True).stdout
    q = json.loads(out)["Q"]
    assert [[Fraction(v) for v in row] for row in q] == [list(row) for row in m.Q]


def test_bad_arguments_are_value_errors_with_the_commands_message():
    with pytest.raises(ValueError, match="unknown mechanism 'nope'"):
        uldp.mechanism("nope", 3)
    with pytest.raises(ValueError, match="sensitive"):
        uldp.mechanism("urr", 3, sensitive=(5,), exp_eps=2)
    with pytest.raises(ValueError, match="eps / exp_eps"):
        uldp.mechanism("rr", 3, eps=1, exp_eps=2)


def test_geometric_mechanism_on_a_grid_is_metric_ldp_at_its_budget_per_unit():
    M = uldp.mechanism("geometric", grid=(3, 2), exp_eps_per_unit=2)
    assert M.claim == "metric_ldp" and len(M.Q) == 6 and M.exp_eps is None
    assert M.Q[0][0] == Fraction(4, 9) and M.Q[0][5] == Fraction(1, 18)
    metric = uldp.check(M, metric="manhattan", grid=(3, 2), exp_eps_per_unit=2).pairs_json
    assert metric["metric_ldp"]["holds"]
    assert metric["metric_ldp"]["tightest"]["loss"] == "2"
    with pytest.raises(ValueError, match="k: mechanism geometric takes its k from grid"):
        uldp.mechanism("geometric", 6, grid=(3, 2), exp_eps_per_unit=2)
    with pytest.raises(ValueError, match="grid: mechanism urr does not take it"):
        uldp.mechanism("urr", 4, sensitive=[0], exp_eps=2, grid=(2, 2))


def test_idue_takes_one_budget_and_one_bit_per_input_and_claims_minid_ldp():
    M = uldp.mechanism("idue", id_exp_eps=[2, 3, 3], one_if_off=["2/5", "3/10", "3/10"])
    assert M.claim == "minid_ldp" and len(M.Q) == 3 and len(M.outputs) == 8 and M.exp_eps is None
    # Q(000|0) = (1 - 1/2)(1 - 3/10)^2: input 0's own bit off, the other two bits off
    assert M.Q[0][0] == Fraction(1, 2) * Fraction(7, 10) ** 2
    id_ldp = uldp.check(M, id_exp_eps=[2, 3, 3]).pairs_json["id_ldp"]
    assert id_ldp["holds"] and id_ldp["tightest"]["loss"] == "2"
    # Decimals are read exactly: 0.2689 is not 1/(1 + e), and eps = 1 fails by that rounding.
    rounded = uldp.mechanism("idue", id_eps=[1, 1], one_if_off=["0.2689", "0.2689"])
    assert not uldp.check(rounded, id_eps=[1, 1]).pairs_json["id_ldp"]["holds"]
    with pytest.raises(ValueError, match=r"one_if_off\[1\]: 1/2 is not below one_if_on\[1\]"):
        uldp.mechanism("idue", id_exp_eps=[2, 3], one_if_off=["1/3", "1/2"])
    with pytest.raises(ValueError, match="k: mechanism idue takes its k from id_eps or id_exp_eps"):
        uldp.mechanism("idue", 2, id_exp_eps=[2, 3], one_if_off=["1/3", "1/4"])
    with pytest.raises(ValueError, match="one_if_off: mechanism urr does not take it"):
        uldp.mechanism("urr", 2, sensitive=[0], exp_eps=2, one_if_off=["1/3", "1/4"])
    with pytest.raises(ValueError, match="one_if_off: .* is not a sequence"):
        uldp.mechanism("idue", id_exp_eps=[2, 3], one_if_off="1/3,1/4")


@pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the uldp command")
def test_check_of_a_registry_mechanism_answers_as_check_mech():
    # uldp.check(M) of uldp.mechanism(...) is `uldp check --mech` with M's parameters: X_S, the
    # budget and the required property are the registry's, as the command prints them.
    command = json.loads(subprocess.run(
        [os.environ["ULDP_COMMAND"], "check", "--mech", "rr", "--k", "3", "--exp-eps", "2", "--json"],
        capture_output=True, text=True, check=True).stdout)
    report = uldp.check(uldp.mechanism("rr", 3, exp_eps=2))
    assert report.sensitive == tuple(command["sensitive"]) == (0, 1, 2)
    assert report.required == ("ldp",) and report.exp_eps == 2 and report.passes
    assert report.osldp.tight_exp_eps == Fraction(command["osldp"]["tight_exp_eps"]) == 2
    # A per-pair claim of its own is decided with no keyword, as by the command.
    idue = uldp.mechanism("idue", id_exp_eps=[2, 3, 5], one_if_off=["1/3", "1/4", "1/6"])
    assert not uldp.check(idue).passes  # OUE at each input's own budget: not MinID-LDP
    assert uldp.check(idue, id_combine="max").passes  # MaxID-LDP at the same budgets
    geometric = uldp.mechanism("geometric", grid=(3, 3), eps_per_unit="0.7")
    assert uldp.check(geometric).pairs_json["metric_ldp"]["holds"]
    euclidean = uldp.check(geometric, metric="euclidean").pairs_json["metric_ldp"]
    assert euclidean["violation"]["x"] == 0 and euclidean["violation"]["x_prime"] == 4
    # metric= with the caller's own budget per unit takes the mechanism's grid (the Manhattan
    # mechanism fails Euclidean at eps = 1 per unit); a single budget it has none of is refused.
    manhattan = uldp.mechanism("geometric", grid=(3, 3), eps_per_unit=1)
    assert not uldp.check(manhattan, metric="euclidean", eps_per_unit=1).passes
    with pytest.raises(ValueError, match="exp_eps: mechanism geometric has no single budget"):
        uldp.check(manhattan, exp_eps=2)
    assert not uldp.check(manhattan.Q, exp_eps=2).passes  # its matrix: eps-LDP at 2 fails
    # sensitive= asks about the matrix with another X_S: `check --matrix` (tight values only).
    assert uldp.check(uldp.mechanism("rr", 3, exp_eps=2), sensitive=[0]).exp_eps is None


def test_idue_serves_every_workflow_through_a_reference():
    ref = uldp.reference("idue", id_exp_eps=[2, 3, 3], one_if_off=["2/5", "3/10", "3/10"])
    report = uldp.conform_samples([0, 1, 2], ["100", "010", "001"], reference=ref)
    assert report.json["reference"]["claim"] == (
        "id_exp_eps = 2,3,3 (MinID-LDP): not tested here, its bounds are per pair; the fit is")


def test_geometric_mechanism_serves_every_workflow_through_a_reference():
    ref = uldp.reference("geometric", grid=(3, 1), exp_eps_per_unit=2)
    report = uldp.conform_samples([0, 1, 2], [0, 1, 2], reference=ref)
    assert report.json["reference"]["claim"] == (
        "exp_eps_per_unit = 2 (metric LDP, Manhattan distance): not tested here, its bounds are "
        "per pair; the fit is")
    with pytest.raises(ValueError, match="grid: mechanism urr does not take it"):
        uldp.conform_samples([0], [0], reference=uldp.reference("urr", k=3, sensitive=[0],
                                                                exp_eps=2, grid=(3, 1)))


def test_a_mechanism_states_the_budget_it_was_built_for_as_the_command_does():
    # Mangat's from its p alone (the command prints exp_eps = 3); it was None when no budget keyword
    # was given.
    assert uldp.mechanism("mangat", mangat_p="1/3").exp_eps == 3
    assert uldp.mechanism("mangat", exp_eps=4).exp_eps == 4
    assert uldp.mechanism("rr", 3, exp_eps="5/2").exp_eps == Fraction(5, 2)


def olh_client(t, shift=0, g=4, seeds=4):
    """A local-hashing client as pure-LDP writes one (Debian's python3-xxhash): a seed uniform in
    0..seeds-1, h = xxh32(str(x + shift), seed) mod g, g-ary randomized response at t on h,
    reported as "seed,value"."""
    import xxhash

    def client(x, rng):
        s = int(rng.integers(seeds))
        h = xxhash.xxh32(str(x + shift), seed=s).intdigest() % g
        if rng.random() < t / (t + g - 1):
            y = h
        else:
            y = int(rng.integers(g - 1))
            y += y >= h
        return f"{s},{y}"

    return client


def test_local_hashing_takes_its_parameters_and_tests_seed_value_clients():
    # Issue 51: hash_seeds / hash_range are keywords like any other; a correct client conforms on
    # its "seed,value" reports, one spending 1.5 t violates, one hashing x + 1 does not conform.
    olh = dict(mech="olh", k=6, exp_eps=3, hash_seeds=4)
    assert uldp.mechanism("olh", k=6, exp_eps=3, hash_seeds=4).outputs[:5] == (
        "0,0", "0,1", "0,2", "0,3", "1,0")  # g = round(3) + 1 = 4 values per seed
    assert len(uldp.mechanism("blh", k=6, exp_eps=3, hash_seeds=4).outputs) == 8
    assert uldp.conform_client(olh_client(3.0), **olh).verdict == "conforms"
    assert uldp.conform_client(olh_client(4.5), **olh).verdict == "violates"
    assert uldp.conform_client(olh_client(3.0, shift=1), **olh).verdict != "conforms"
    with pytest.raises(ValueError, match="hash_seeds: mechanism flh needs"):
        uldp.mechanism("flh", k=6, exp_eps=3)


def rappor_bloom_client(f, p=0.5, q=0.75, m=8, h=2, cohorts=2, shift=0):
    """A Bloom-filter RAPPOR client as Google's clients hash (hashlib's MD5 of the cohort as 4
    big-endian bytes and the value's text, two digest bytes per bit mod m), each report a fresh
    user: a uniform cohort, a fresh permanent response with f, then the instantaneous one with p
    and q; reported as "cohort:bits"."""
    import hashlib
    import struct

    def client(x, rng):
        c = int(rng.integers(cohorts))
        d = hashlib.md5(struct.pack(">I", c) + str(x + shift).encode()).digest()
        filter_bits = {((d[2 * i] << 8) | d[2 * i + 1]) % m for i in range(h)}
        bits = []
        for j in range(m):
            b = j in filter_bits
            if rng.random() < f:
                b = rng.random() < 0.5
            bits.append("1" if rng.random() < (q if b else p) else "0")
        return f"{c}:{''.join(bits)}"

    return client


def test_rappor_bloom_takes_its_parameters_and_tests_cohort_bits_clients():
    # Issue 51: Bloom-filter RAPPOR's parameters are keywords (rappor_client a word); a correct
    # client conforms on its "cohort:bits" reports, one hashing x + 1 does not, and the java
    # client's f is what it draws.
    bloom = dict(mech="rappor-bloom", k=4, bloom_bits=8, cohorts=2, prr_f="1/2", irr_p="1/2",
                 irr_q="3/4")
    assert uldp.mechanism("rappor-bloom", k=4, bloom_bits=2, bloom_hashes=1, prr_f="1/2",
                          irr_p="1/2", irr_q="3/4").outputs == ("0:00", "0:10", "0:01", "0:11")
    assert uldp.conform_client(rappor_bloom_client(0.5), **bloom).verdict == "conforms"
    assert uldp.conform_client(rappor_bloom_client(0.5, shift=1), **bloom).verdict != "conforms"
    report = uldp.check(uldp.mechanism("rappor-bloom", k=4, bloom_bits=8, cohorts=2, prr_f="0.3",
                                        irr_p="0.5", irr_q="0.75", rappor_client="java"))
    assert report.ldp.holds
    real, nominal = report.stated_bounds  # f = 19/64 as drawn; 3/10 as given
    assert real.tight_exp_eps == Fraction(109, 19) ** 4 == real.formula_exp_eps
    assert nominal.tight_exp_eps == Fraction(17, 3) ** 4
    with pytest.raises(ValueError, match="rappor_client: unknown client 'go'"):
        uldp.mechanism("rappor-bloom", k=4, bloom_bits=8, prr_f="1/2", irr_p="1/2", irr_q="3/4",
                       rappor_client="go")
    with pytest.raises(ValueError, match="rappor_client: 3 is not a word"):
        uldp.mechanism("rappor-bloom", k=4, bloom_bits=8, prr_f="1/2", irr_p="1/2", irr_q="3/4",
                       rappor_client=3)


def cms_client(s, hashes=3, width=4, shift=0):
    """A count-mean sketch client as pure-LDP's CMSClient writes one (Debian's python3-xxhash):
    j uniform in 0..hashes-1, v = -1 but +1 at xxh64(str(x + shift), seed=j) % width, each
    coordinate flipped with probability 1/(1 + s); reported as "j:bits", 1 for +1."""
    import xxhash

    def client(x, rng):
        j = int(rng.integers(hashes))
        bucket = xxhash.xxh64(str(x + shift), seed=j).intdigest() % width
        bits = []
        for i in range(width):
            one = i == bucket
            if rng.random() < 1 / (1 + s):
                one = not one
            bits.append("1" if one else "0")
        return f"{j}:{''.join(bits)}"

    return client


def test_count_mean_sketch_tests_j_bits_clients():
    # Issue 51: a correct sketch client conforms on its "j:bits" reports; one hashing x + 1 does
    # not, and one flipping as if e^eps were 9 (s = 3) violates the claim e^eps = 4.
    cms = dict(mech="cms", k=4, exp_eps=4, sketch_hashes=3, sketch_width=4)
    assert uldp.mechanism("cms", **{k: v for k, v in cms.items() if k != "mech"}).outputs[:3] == (
        "0:0000", "0:1000", "0:0100")
    assert uldp.conform_client(cms_client(2.0), **cms).verdict == "conforms"
    assert uldp.conform_client(cms_client(2.0, shift=1), **cms).verdict != "conforms"
    assert uldp.conform_client(cms_client(3.0), **cms).verdict == "violates"


def hcms_client(t, hashes=2, width=4, shift=0):
    """A Hadamard count-mean sketch client as pure-LDP's CMSClient(is_hadamard=True) writes one:
    j and l uniform, w = H[l][xxh64(str(x + shift), seed=j) % width] of Sylvester's Hadamard
    matrix, negated with probability 1/(1 + t); reported as "j,l,w"."""
    import xxhash

    def client(x, rng):
        j = int(rng.integers(hashes))
        l = int(rng.integers(width))
        bucket = xxhash.xxh64(str(x + shift), seed=j).intdigest() % width
        w = -1 if bin(l & bucket).count("1") % 2 else 1
        if rng.random() < 1 / (1 + t):
            w = -w
        return f"{j},{l},{w}"

    return client


def test_a_registry_reference_that_breaks_its_own_claim_is_said():
    # Issue 52 item 4: IDUE whose bits break MinID-LDP (L(0, 1) = 9 against 2) is said to break
    # its claim, whatever the samples; with bits within its budgets it keeps it.
    inputs, outputs = [0, 1, 2], ["000", "000", "000"]
    breaking = uldp.conform_samples(inputs, outputs, mech="idue", id_exp_eps=[4, 2, 3],
                                    one_if_off=["1/10", "1/10", "1/10"])
    assert breaking.breaks_own_claim is not None
    assert breaking.breaks_own_claim.startswith("ID-LDP, r = min of the pair's budgets: FAILS")
    keeping = uldp.conform_samples(inputs, outputs, mech="idue", id_exp_eps=[2, 3, 3],
                                   one_if_off=["2/5", "3/10", "3/10"])
    assert keeping.breaks_own_claim is None


def test_hadamard_count_mean_sketch_tests_j_l_w_clients():
    # Issue 51: a correct HCMS client conforms on its "j,l,w" reports; one hashing x + 1 does
    # not; one flipping as if e^eps were 4 violates the claim e^eps = 3.
    hcms = dict(mech="hcms", k=4, exp_eps=3, sketch_hashes=2, sketch_width=4)
    assert uldp.conform_client(hcms_client(3.0), **hcms).verdict == "conforms"
    assert uldp.conform_client(hcms_client(3.0, shift=1), **hcms).verdict != "conforms"
    assert uldp.conform_client(hcms_client(4.0), **hcms).verdict == "violates"


def test_a_hash_family_or_a_bloom_map_is_given_as_a_path(tmp_path):
    family = tmp_path / "family.txt"
    family.write_text("# h(0),h(1),h(2)\n0,2,1\n2,2,0\n")
    olh = uldp.mechanism("olh", k=3, exp_eps=3, hash_range=3, hash_family=family)
    assert olh.outputs == ("0,0", "0,1", "0,2", "1,0", "1,1", "1,2")
    # Input 1 hashes to 2 under both seeds: keep / S = (3/5) / 2 on (0,2) and (1,2).
    assert olh.Q[1][2] == olh.Q[1][5] == Fraction(3, 10)
    assert uldp.check(olh).ldp.tight_exp_eps == 3
    bloom_map = tmp_path / "map.txt"
    bloom_map.write_text("0,0:0110\n1,0:0011\n")
    bloom = uldp.mechanism("rappor-bloom", k=2, bloom_bits=4, prr_f="1/2", irr_p="1/2",
                           irr_q="3/4", bloom_map=str(bloom_map))
    assert len(bloom.outputs) == 16 and uldp.check(bloom).passes
    family.write_text("0,3,1\n")
    with pytest.raises(ValueError, match=r"family.txt:1:3: hash value 3 is outside 0..2"):
        uldp.mechanism("olh", k=3, exp_eps=3, hash_range=3, hash_family=family)
    with pytest.raises(ValueError, match=r"^hash_family: 3 is not a path"):
        uldp.mechanism("olh", k=3, exp_eps=3, hash_range=3, hash_family=3)


def test_a_mechanism_holds_its_spec_and_check_decides_it_without_building_it_again(monkeypatch):
    import copy
    import pickle

    m = uldp.mechanism("urr", 5, sensitive=[0, 1], exp_eps=3)
    assert (m.spec.name, m.spec.k) == ("urr", 5)
    expected = uldp.check(m)

    def refuse(*args, **kwargs):
        raise AssertionError("the mechanism was built again")

    with monkeypatch.context() as patched:
        patched.setattr(uldp._core, "mechanism", refuse)
        assert uldp.check(m) == expected
    # Pickled or copied without the spec: equal, and check() builds it again from its parameters.
    for again in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m)):
        assert again == m and again.spec is None
        assert uldp.check(again) == expected
