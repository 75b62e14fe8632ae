"""uldp.simulate and uldp.table: the command's draws and tables through the api, as arrays,
records and DataFrames."""

import json
import os
import subprocess
import sys
from fractions import Fraction

import numpy
import pytest

import uldp

URR = dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3)
needs_command = pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the command")


def _command(*args):
    done = subprocess.run([os.environ["ULDP_COMMAND"], *args], capture_output=True, text=True,
                          check=True)
    return done.stdout


def _lines(values):
    return "".join(f"{v}\n" for v in values)


@needs_command
def test_simulate_draws_the_commands_reports_from_the_same_seed():
    urr = ["--mech", "urr", "--k", "5", "--sensitive", "0,1", "--exp-eps", "3"]
    drawn = uldp.simulate(n=2000, seed=7, p="zipf:1", **URR)
    assert not drawn.bit_vectors and drawn.n == 2000 and drawn.counts is None
    assert drawn.reports.dtype == numpy.int64
    assert _lines(drawn.reports.tolist()) == _command("simulate", *urr, "--n", "2000", "--seed",
                                                      "7", "--p", "zipf:1")
    counts = uldp.simulate(n=2000, seed=7, counts=True, **URR)
    assert counts.reports is None and int(counts.counts.sum()) == 2000
    assert "# counts\n" + _lines(counts.counts.tolist()) == _command(
        "simulate", *urr, "--n", "2000", "--seed", "7", "--counts")


@needs_command
def test_simulate_gives_bit_vectors_as_a_01_array_and_uhr_outputs_by_their_labels():
    urap = dict(mech="urap", k=6, sensitive=[0, 1, 2], exp_eps=3)
    flags = ["--mech", "urap", "--k", "6", "--sensitive", "0-2", "--exp-eps", "3"]
    bits = uldp.simulate(n=300, seed=3, **urap)
    assert bits.bit_vectors and bits.reports.shape == (300, 6) and bits.reports.dtype == numpy.uint8
    assert _lines("".join(map(str, row)) for row in bits.reports.tolist()) == _command(
        "simulate", *flags, "--n", "300", "--seed", "3")
    ones = uldp.simulate(n=300, seed=3, counts=True, **urap)
    assert ones.bit_vectors and ones.counts.shape == (6,) and ones.n == 300
    uhr = uldp.simulate(mech="uhr", k=6, sensitive=[0, 1, 2], exp_eps=3, n=50, seed=1)
    assert _lines(uhr.reports) == _command("simulate", "--mech", "uhr", "--k", "6", "--sensitive",
                                           "0-2", "--exp-eps", "3", "--n", "50", "--seed", "1")
    assert all(isinstance(r, str) for r in uhr.reports)


def test_simulated_reports_and_counts_estimate_the_distribution_they_were_drawn_from():
    p = [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 16), Fraction(1, 16)]
    n = 20000
    for drawn in (uldp.simulate(n=n, seed=11, p=p, **URR),
                  uldp.simulate(n=n, seed=11, p=p, counts=True, **URR)):
        estimate = uldp.estimate(drawn.reports, counts=drawn.counts, **URR)
        # emp is unbiased; each coordinate's standard error is below 0.02 at n = 20000 here
        # (the variance of uRR at e^eps = 3 and k = 5 per report is below 8): 5 sd is 0.1.
        assert numpy.abs(estimate.frequencies - numpy.array(p, dtype=float)).max() < 0.1
    rappor = dict(mech="rappor", k=4, exp_eps=3)
    bits = uldp.simulate(n=n, seed=5, **rappor)
    ones = uldp.simulate(n=n, seed=5, counts=True, **rappor)
    by_reports = uldp.estimate(bits.reports, method="emp", **rappor).frequencies
    by_counts = uldp.estimate(counts=ones.counts, n=ones.n, method="emp", **rappor).frequencies
    # Two independent draws of the same uniform data: within 6 sd (sd < 0.02 each) of 1/4.
    assert numpy.abs(by_reports - 0.25).max() < 0.12 and numpy.abs(by_counts - 0.25).max() < 0.12


def test_simulate_refuses_bad_values_naming_the_keyword():
    with pytest.raises(ValueError, match=r"^n: 0 is below 1"):
        uldp.simulate(n=0, seed=1, **URR)
    with pytest.raises(ValueError, match=r"^n: must be given"):
        uldp.simulate(seed=1, **URR)
    with pytest.raises(ValueError, match=r"^p\b"):
        uldp.simulate(n=10, seed=1, p="zipf:x", **URR)
    with pytest.raises(ValueError, match=r"^seed: "):
        uldp.simulate(n=10, seed=-1, **URR)
    with pytest.raises(ValueError, match=r"matrix: simulate takes a registry mechanism"):
        uldp.simulate(n=10, seed=1, reference=uldp.reference(matrix=[[1]], exp_eps=1))


@needs_command
def test_table_records_hold_the_commands_exact_values():
    records = uldp.table(mech=["urr", "rappor"], k=[6, 10], sensitive_count=2, exp_eps=[3, "5/2"],
                         as_frame=False)
    rows = json.loads(_command("table", "--mech", "urr,rappor", "--k", "6,10",
                               "--sensitive-count", "2", "--exp-eps", "3,5/2", "--format",
                               "json"))["rows"]
    assert len(records) == len(rows) == 8
    for record, row in zip(records, rows):
        assert list(record)[:3] == ["mechanism", "k", "sensitive_count"]
        assert (record["mechanism"], record["k"]) == (row["mechanism"], row["k"])
        assert record["l2_worst"] == Fraction(row["l2_worst"])
        assert record["tight_eps"] == tuple(Fraction(v) for v in row["tight_eps"])
        assert record["parameters"] == {name: Fraction(v) for name, v in row["parameters"].items()}
        assert record["verified"] is True


def test_table_is_a_dataframe_of_floats_with_the_exact_records_beside():
    pandas = pytest.importorskip("pandas")
    frame = uldp.table(mech="urr", k=[5, 8], sensitive_count=[1, 2], eps=1, vs_limit=True)
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 4
    assert frame["l2_worst"].dtype == numpy.float64 and frame["limit_ratio"].dtype == numpy.float64
    # No mechanism beats the fundamental limit; '-' (None) where the limit is not defined.
    limited = [r["limit_ratio"] is not None for r in frame.attrs["records"]]
    assert frame["limit_ratio"].notna().tolist() == limited and any(limited)
    assert (frame["limit_ratio"].dropna() >= 1).all()
    exact = frame.attrs["records"]
    assert frame["l2_worst"].tolist() == [float(r["l2_worst"]) for r in exact]
    assert frame["c1"].tolist() == [float(r["parameters"]["c1"]) for r in exact]
    assert frame.attrs["text"].startswith("|")


def test_table_without_pandas_gives_records(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    records = uldp.table(mech="rr", k=4, sensitive_count=0, exp_eps=2)
    assert isinstance(records, list) and records[0]["tight_exp_eps"] == 2


def test_table_refuses_bad_values_naming_the_keyword():
    with pytest.raises(ValueError, match=r"^k: '0' is not an integer in \[1, 10\^7\]"):
        uldp.table(mech="urr", k=0, sensitive_count=1, exp_eps=3)
    with pytest.raises(ValueError, match=r"^k\[1\]: 2.5 is not an integer"):
        uldp.table(mech="urr", k=[3, 2.5], sensitive_count=1, exp_eps=3)
    with pytest.raises(ValueError, match=r"^mech: unknown mechanism 'nope'"):
        uldp.table(mech="nope", k=3, sensitive_count=1, exp_eps=3)
    with pytest.raises(ValueError, match=r"^eps: give eps or exp_eps"):
        uldp.table(mech="urr", k=3, sensitive_count=1, eps=1, exp_eps=3)
    with pytest.raises(ValueError, match=r"^sensitive_count: "):
        uldp.table(mech="urr", k=3, sensitive_count=4, exp_eps=3)


def test_table_takes_the_listed_mechanisms_own_parameters_as_keywords():
    records = uldp.table(mech=["olh", "rappor-bloom"], k=4, sensitive_count=0, exp_eps=3,
                         hash_seeds=8,
                         bloom_bits=6, cohorts=2, prr_f="1/2", irr_p=Fraction(1, 2), irr_q="3/4",
                         as_frame=False)
    olh, bloom = records
    assert olh["parameters"]["S"] == 8 and olh["verified"] is True
    # Local hashing's estimator is biased over its 8 hashes: no loss, and the row says why.
    assert olh["l2_worst"] is None and olh["loss_note"].startswith("no exact loss")
    assert bloom["parameters"]["m"] == 6 and bloom["l2_worst"] > 0
    assert bloom["loss_note"] is None
    assert bloom["tight_exp_eps"] == uldp.check(uldp.mechanism(
        "rappor-bloom", k=4, bloom_bits=6, cohorts=2, prr_f="1/2", irr_p="1/2",
        irr_q="3/4")).ldp.tight_exp_eps
    with pytest.raises(ValueError, match=r"^hash_seeds: none of the mechanisms listed \(rr\)"):
        uldp.table(mech="rr", k=4, sensitive_count=0, exp_eps=3, hash_seeds=8)
    with pytest.raises(ValueError, match=r"^eps: mechanism olh needs eps or exp_eps"):
        uldp.table(mech="olh", k=4, sensitive_count=0)
    with pytest.raises(ValueError, match=r"^sensitive: not a parameter of a table's rows"):
        uldp.table(mech="urr", k=4, sensitive_count=1, exp_eps=3, sensitive=[0])
    with pytest.raises(TypeError, match=r"^hash_sedes: no mechanism takes this parameter"):
        uldp.table(mech="olh", k=4, sensitive_count=0, exp_eps=3, hash_sedes=8)


@needs_command
def test_deployed_encodings_beyond_their_listing_are_simulated_and_estimated_as_report_lines():
    # Chrome's RAPPOR (64 x 2^128 outputs) and local hashing over all 2^32 seeds: no output is
    # listed; the reports are the report file's lines, the same as the command's from one seed.
    chrome = dict(mech="rappor-bloom", k=8, bloom_bits=128, cohorts=64, prr_f="1/2",
                  irr_p="1/2", irr_q="3/4")
    flags = ["--mech", "rappor-bloom", "--k", "8", "--bloom-bits", "128", "--cohorts", "64",
             "--prr-f", "1/2", "--irr-p", "1/2", "--irr-q", "3/4"]
    drawn = uldp.simulate(n=300, seed=5, p="zipf:1", **chrome)
    assert not drawn.bit_vectors and drawn.counts is None and len(drawn.reports) == 300
    assert _lines(drawn.reports) == _command("simulate", *flags, "--n", "300", "--seed", "5",
                                             "--p", "zipf:1")
    cohort, bits = drawn.reports[0].split(":")
    assert 0 <= int(cohort) < 64 and len(bits) == 128 and set(bits) <= {"0", "1"}
    olh = dict(mech="olh", k=20, exp_eps=7, hash_seeds=2**32)
    p = [Fraction(1, 2)] + [Fraction(1, 38)] * 19
    n = 20000
    reports = uldp.simulate(n=n, seed=11, p=p, **olh).reports
    estimate = uldp.estimate(reports, method="emp", **olh).frequencies
    # The support count's rows take two values, (1-1/g) and -1/g over p - 1/g (g = 8, p = 7/14):
    # its standard deviation is at most their half-range over sqrt(n); 6 of them bound each entry.
    half_range = 0.5 / (Fraction(7, 14) - Fraction(1, 8))
    assert numpy.all(numpy.abs(estimate - numpy.array([float(v) for v in p]))
                     <= 6 * float(half_range) / n ** 0.5)
    with pytest.raises(ValueError, match=r"^counts: this mechanism's 4294967296 x 8 outputs"):
        uldp.simulate(n=10, seed=1, counts=True, **olh)
