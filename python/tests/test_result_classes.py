"""The results are the library's own, bound as classes (python/src/results.h): read-only
properties read the C++ result, `.json` is its JSON writer (what the command's --json writes),
str() its text renderer, and == compares what two results say."""

import copy
import json
import os
import pickle
import subprocess
import tempfile
from fractions import Fraction

import numpy
import pytest

import uldp
import uldp.testing

needs_command = pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the command")
RR = dict(mech="rr", k=3, exp_eps=3)


def _command(*args):
    done = subprocess.run([os.environ["ULDP_COMMAND"], *args], capture_output=True, text=True)
    return done.returncode, done.stdout


def _without_timings(j):
    if isinstance(j, dict):
        return {k: _without_timings(v) for k, v in j.items() if k != "seconds"}
    if isinstance(j, list):
        return [_without_timings(v) for v in j]
    return j


def _results():
    """One result of each workflow, cheap to make."""
    golden = uldp.golden(cases=1, n=200, **RR)
    return {
        "CheckReport": uldp.check([["3/4", "1/4"], ["1/4", "3/4"]], exp_eps=3),
        "ConformanceReport": uldp.conform_samples([0, 1, 2] * 10, [0, 1, 2] * 10, **RR),
        "ConformancePlan": uldp.conform_plan(**RR),
        "Estimate": uldp.estimate(counts=[300, 200, 500], **RR),
        "GoldenVectors": golden,
        "EstimatesReport": uldp.conform_estimates(
            golden, {golden.cases[0].id: {"emp": golden.cases[0].emp}}),
        "ProofReport": uldp.prove("urr_uldp", solver="z3"),
    }


def test_every_result_is_the_class_the_library_binds_and_its_properties_are_read_only():
    for name, result in _results().items():
        assert type(result) is getattr(uldp, name) is getattr(uldp._core, name), name
        assert result.json["uldp_version"] == uldp.__version__, name
        with pytest.raises(AttributeError):
            result.json = {}
        with pytest.raises(AttributeError):
            result.anything_new = 1  # no attribute of Python's own beside the library's
    report = _results()["CheckReport"]
    with pytest.raises(AttributeError):
        report.ldp.holds = False
    assert report.ldp.holds and report.ldp.tight_exp_eps == 3


def test_json_and_str_are_the_results_own_writer_and_renderer_each_time():
    report = uldp.check([["3/4", "1/4"], ["1/4", "3/4"]], exp_eps=2)
    # A property reads the result: the JSON's figures are the same values, not a copy made once.
    assert report.json["ldp"]["tight_exp_eps"] == str(report.ldp.tight_exp_eps)
    assert report.json["ldp"]["holds"] is report.ldp.holds is False and not report.passes
    saved = json.loads(json.dumps(report.json))  # valid JSON, as the command writes it
    assert _without_timings(saved) == _without_timings(report.json)
    assert str(report).startswith(str(report).strip()) and not str(report).endswith("\n")
    assert "FAILS" in str(report) and str(report) == str(report)


@needs_command
def test_an_estimates_json_and_text_are_the_commands():
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("# counts\n300\n200\n500\n")
    try:
        code, text = _command("estimate", "--mech", "rr", "--k", "3", "--exp-eps", "3",
                              "--reports", f.name)
        _, written = _command("estimate", "--mech", "rr", "--k", "3", "--exp-eps", "3",
                              "--reports", f.name, "--json")
    finally:
        os.unlink(f.name)
    estimate = uldp.estimate(counts=[300, 200, 500], **RR)
    assert code == 0 and str(estimate) == text.rstrip("\n")
    command = json.loads(written)
    assert estimate.json == command
    assert list(estimate.frequencies) == command["estimate"]
    assert (estimate.method, estimate.n) == (command["method"], command["n"]) == ("em", 1000)


@needs_command
def test_a_plans_figures_are_the_commands():
    plan = uldp.conform_plan(false_alarm=1e-6, **RR)
    code, written = _command("conform", "plan", "--mech", "rr", "--k", "3", "--exp-eps", "3",
                             "--false-alarm", "1e-6", "--json")
    command = json.loads(written)
    assert code == 0 and plan.json == command
    assert (plan.per_input_for_resolution, plan.per_input_for_excess, plan.event) == (
        command["per_input_for_resolution"], command["per_input_for_excess"], command["event"])
    assert plan.per_input_for_excess > 0 and plan.per_input_for_resolution > 0
    assert str(plan) == _command("conform", "plan", "--mech", "rr", "--k", "3", "--exp-eps", "3",
                                 "--false-alarm", "1e-6")[1].rstrip("\n")


@needs_command
def test_golden_vectors_save_the_file_the_command_writes():
    vectors = uldp.golden(cases=2, n=300, seed=5, **RR)
    code, written = _command("golden", "--mech", "rr", "--k", "3", "--exp-eps", "3", "--cases",
                             "2", "--n", "300", "--seed", "5")
    assert code == 0 and vectors.json == json.loads(written)
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "vectors.json")
        vectors.save(path)
        with open(path, encoding="utf-8") as f:
            assert f.read() == written
        # The saved file, its dict and the object itself are the same vectors to compare with.
        theirs = {c.id: {"emp": c.emp, "em": c.em} for c in vectors.cases}
        reports = [uldp.conform_estimates(v, theirs) for v in (vectors, vectors.json, path)]
    assert all(r.matches for r in reports) and reports[0] == reports[1] == reports[2]


def test_a_golden_case_reads_its_vectors():
    vectors = uldp.golden(from_counts=[[300, 200, 500]], **RR)
    case = vectors.cases[0]
    assert case.n == 1000 and list(case.counts) == [300, 200, 500] and case.reports is None
    assert case.counts.dtype == numpy.int64 and case.emp.dtype == numpy.float64
    assert list(case.emp) == case.json["emp"] and list(case.em) == case.json["em"]
    assert case == vectors.cases[0] and case.json == vectors.json["cases"][0]
    with_reports = uldp.golden(cases=1, n=20, with_reports=True, **RR).cases[0]
    assert len(with_reports.reports) == 20


def test_equal_results_say_the_same_timings_aside():
    q = [["3/4", "1/4"], ["1/4", "3/4"]]
    assert uldp.check(q, exp_eps=3) == uldp.check(numpy.array([[0.75, 0.25], [0.25, 0.75]]),
                                                   exp_eps=3)
    assert uldp.check(q, exp_eps=3) != uldp.check(q, exp_eps=2)
    assert uldp.check(q, exp_eps=3).ldp == uldp.check(q, exp_eps=4).ldp  # the same tight 3
    assert uldp.check(q, exp_eps=3).ldp != uldp.check(q, exp_eps=2).ldp
    assert uldp.check(q, exp_eps=3) != "a report" and uldp.check(q, exp_eps=3).ldp != 3
    assert uldp.estimate(counts=[1, 2, 3], **RR) == uldp.estimate(counts=[1, 2, 3], **RR)
    assert uldp.estimate(counts=[1, 2, 3], **RR) != uldp.estimate(counts=[3, 2, 1], **RR)


def test_a_verdict_is_worded_by_the_librarys_headline():
    report = uldp.check([["3/4", "1/4"], ["1/4", "3/4"]], sensitive=(0, 1), exp_eps=2)
    assert str(report.ldp) == report.headline("ldp")
    assert str(report.ldp).startswith("Q is not eps-LDP at exp_eps = 2: tight exp_eps = 3")
    w = report.ldp.witness
    assert (w.x, w.x_prime, w.q_x, w.q_x_prime) == (0, 1, Fraction(3, 4), Fraction(1, 4))
    assert report.ldp.violated == "ratio" and report.ldp.holds_within_tolerance is None


def test_the_strict_reading_is_named_as_its_attribute_in_headlines_and_assertions():
    q = [["3/4", "1/4"], ["1/4", "3/4"]]
    report = uldp.check(q, sensitive=(0, 1), exp_eps=2)
    assert report.headline("uldp_strict") == report.headline("uldp-strict") == str(
        report.uldp_strict)
    with pytest.raises(ValueError, match="property: unknown property 'ulpd'"):
        report.headline("ulpd")
    # Before: the headlines were keyed "uldp-strict", and this failing assertion was a KeyError.
    with pytest.raises(AssertionError) as failure:
        uldp.testing.assert_private(q, property="uldp_strict", sensitive=(0, 1), exp_eps=2)
    assert str(failure.value).splitlines()[0] == report.headline("uldp_strict")


def test_results_hash_as_they_compare_and_values_pickle():
    a = uldp.check([["3/4", "1/4"], ["1/4", "3/4"]], exp_eps=3)
    b = uldp.check(numpy.array([[0.75, 0.25], [0.25, 0.75]]), exp_eps=3)
    assert a == b and hash(a) == hash(b) and len({a, b, a.ldp, b.ldp}) == 2
    w = a.ldp.tight_attained_by
    assert pickle.loads(pickle.dumps(w)) == w and hash(copy.deepcopy(w)) == hash(w)
    report = uldp.conform_samples([0, 1, 2] * 10, [0, 1, 2] * 10, **RR)
    assert report.resolution == report.resolution
    # Its repr shows the deviation as the double itself (every digit true), not cut to six.
    assert repr(report.resolution.cell_deviation) in repr(report.resolution)
    assert len({report.resolution, report.resolution}) == 1
    vectors = uldp.golden(cases=2, n=50, **RR)
    again = pickle.loads(pickle.dumps(vectors))  # through the file's own reader
    assert again == vectors and hash(again) == hash(vectors)
    assert list(again.cases[1].emp) == list(vectors.cases[1].emp)
    assert again.cases[0] == vectors.cases[0]
    # A result no reader restores says what to send instead; a view names its report.
    with pytest.raises(TypeError, match=r"^cannot pickle uldp.CheckReport: send or save its"):
        pickle.dumps(a)
    with pytest.raises(TypeError, match=r"^cannot pickle uldp.Verdict: a view of its report"):
        copy.deepcopy(a.ldp)
    with pytest.raises(TypeError, match=r"^cannot pickle uldp.GoldenCase: a view of its vectors"):
        pickle.dumps(vectors.cases[0])


def test_a_stated_bound_compares_hashes_and_pickles_by_value():
    bloom = uldp.mechanism("rappor-bloom", k=4, bloom_bits=8, cohorts=2, prr_f="0.3", irr_p="0.5",
                           irr_q="0.75", rappor_client="java")
    bounds = uldp.check(bloom).stated_bounds
    assert bounds == uldp.check(bloom).stated_bounds and len(set(bounds)) == len(bounds) == 2
    assert pickle.loads(pickle.dumps(bounds)) == bounds
    assert isinstance(bounds[0].tight_exp_eps, Fraction)


def test_the_former_text_and_headlines_still_read_with_a_warning():
    report = uldp.check([["3/4", "1/4"], ["1/4", "3/4"]], sensitive=(0, 1), exp_eps=2)
    with pytest.warns(DeprecationWarning, match=r"^CheckReport\.text is now str\(report\)$"):
        assert report.text.rstrip("\n") == str(report)
    with pytest.warns(DeprecationWarning, match=r"^CheckReport\.headlines is now "):
        assert report.headlines["uldp-strict"] == report.headline("uldp_strict")
    results = _results()
    for name in ("ConformanceReport", "EstimatesReport", "ProofReport"):
        with pytest.warns(DeprecationWarning, match=rf"^{name}\.text is now str\(report\)$"):
            assert results[name].text.rstrip("\n") == str(results[name])
    for name in ("Estimate", "ConformancePlan", "GoldenVectors"):  # never had one
        assert not hasattr(results[name], "text")


def test_golden_vectors_save_to_a_str_bytes_or_path_object(tmp_path):
    vectors = uldp.golden(cases=1, n=50, **RR)
    for path in (str(tmp_path / "a.json"), bytes(tmp_path / "b.json"), tmp_path / "c.json"):
        vectors.save(path)
        with open(path, encoding="utf-8") as f:
            assert json.load(f) == vectors.json
    with pytest.raises(ValueError, match=r"cannot write the file"):
        vectors.save(tmp_path / "missing" / "d.json")
