"""uldp.testing: assertions that pass on correct code and fail with uldp's report as message."""

import pathlib

import numpy
import pytest

import uldp
from uldp.testing import assert_conforms, assert_estimates_match, assert_private
from doubles import sampling_client, urr_rows

URR = dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3)


def test_assert_private_passes_and_names_the_witness_when_it_fails():
    m = uldp.mechanism("urr", 5, sensitive=[0, 1], exp_eps=3)
    assert assert_private(m, sensitive=[0, 1], exp_eps=3).uldp.holds
    with pytest.raises(AssertionError, match=r"^Q is not ULDP with X_S = {0-1}, Y_P = .* at exp_eps = 2: tight exp_eps = 3 (.|\n)*ratio violated at x = "):
        assert_private(m, sensitive=[0, 1], exp_eps=2)
    with pytest.raises(ValueError, match="needs a budget"):
        assert_private(m, sensitive=[0, 1])
    with pytest.raises(ValueError, match="property"):
        assert_private(m, property="dp", exp_eps=3)


def test_assert_conforms_passes_a_correct_client_and_shows_the_report_of_a_wrong_one():
    report = assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), **URR)
    assert report.conforms
    with pytest.raises(AssertionError, match=r"impossible outputs(.|\n)*verdict: violates"):
        assert_conforms(sampling_client(urr_rows(5, [0, 1], 3, leak=0.05)), **URR)
    # Too little evidence is a failure too, never a pass.
    with pytest.raises(AssertionError, match="insufficient"):
        assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), max_samples=20, **URR)


def test_assert_conforms_names_a_client_ten_percent_over_its_claim():
    # Issue 52: uRR run at e^eps 3.3, claimed 3. The targeted test names it at the defaults and
    # states the samples it used beside the information bound; with excess=0 (the looks alone) it
    # only deviates; a correct client conforms with the 10 % excess ruled out.
    over = sampling_client(urr_rows(5, [0, 1], 3.3))
    with pytest.raises(AssertionError, match=r"client violates urr (.|\n)*targeted test (.|\n)*: violates"):
        assert_conforms(over, **URR)
    with pytest.raises(AssertionError, match="client deviates urr"):
        assert_conforms(over, excess=0, **URR)
    report = assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), **URR)
    assert report.targeted["outcome"] == "excess ruled out"
    assert report.targeted["samples_used"] == 2 * report.targeted["pairs"]
    assert report.targeted["information_bound_pairs"] > 0
    assert f"{report.targeted['samples_used']} samples used" in str(report)
    with pytest.raises(ValueError, match="excess: -1 is no relative excess"):
        assert_conforms(over, excess=-1, **URR)


def _server(case, bias=0.0):
    # A correct empirical estimator of uRR (arXiv 1807.11317, eq. (17)), written from the paper.
    k, s, t = 5, 2, 3
    frequencies = case.counts / case.n
    denominator = s + t - 1
    estimate = numpy.empty(k)
    # Sensitive y: every input reaches y with 1/d except y itself, with t/d, so
    # E[f_y] = p_y (t - 1) / d + 1 / d.
    estimate[:s] = (frequencies[:s] * denominator - 1) / (t - 1)
    # Non-sensitive: E[f_y] = p_y (1 - s / d), only y itself reaches y.
    estimate[s:] = frequencies[s:] / (1 - s / denominator)
    estimate[0] += bias
    return {"emp": estimate}


def test_assert_estimates_match_checks_a_server_against_golden_vectors():
    report = assert_estimates_match(_server, cases=3, n=2000, **URR)
    assert report.matches
    with pytest.raises(AssertionError, match="MISMATCH in case case-0, emp, item 0"):
        assert_estimates_match(lambda case: _server(case, bias=1e-4), cases=3, n=2000, **URR)
    vectors = uldp.golden(cases=2, n=100, **URR)
    assert assert_estimates_match(_server, vectors).matches


def test_assert_conforms_defaults_to_a_false_alarm_level_for_test_suites(monkeypatch):
    monkeypatch.delenv("ULDP_FALSE_ALARM", raising=False)
    report = assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), **URR)
    assert report.json["false_alarm"] == pytest.approx(1e-6)  # over all looks
    monkeypatch.setenv("ULDP_ALPHA", "0.001")
    assert assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), **URR).json["false_alarm"] \
        == pytest.approx(1e-3)
    assert assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), false_alarm=0.05,
                           **URR).json["false_alarm"] == pytest.approx(0.05)
    with pytest.warns(DeprecationWarning, match=r"assert_conforms\(alpha=...\) is now false_alarm"):
        assert assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), alpha=0.05,
                               **URR).json["false_alarm"] == pytest.approx(0.05)
    monkeypatch.setenv("ULDP_ALPHA", "2")
    with pytest.raises(ValueError, match="ULDP_ALPHA: '2' is not a false-alarm level"):
        assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), **URR)


# Issue 53: the library's messages name the keywords, not the command's flags.
def test_an_insufficient_run_names_the_resolution_keyword():
    with pytest.raises(AssertionError, match=r"\(resolution= asks for 0\.05\)"):
        assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), max_samples=20, **URR)


def test_assert_conforms_keywords_are_its_own_so_a_misspelt_one_is_caught(tmp_path, monkeypatch):
    with pytest.raises(TypeError, match="resolutoin"):
        assert_conforms(sampling_client(urr_rows(5, [0, 1], 3)), resolutoin=0.1, **URR)
    mypy_api = pytest.importorskip("mypy.api")
    # mypy reads the package where this run imports it from (its .pyi and py.typed beside it).
    monkeypatch.setenv("MYPYPATH", str(pathlib.Path(uldp.__file__).parent.parent))
    misspelt = tmp_path / "misspelt.py"
    misspelt.write_text("from uldp.testing import assert_conforms\n"
                        "assert_conforms(lambda x: x, mech='rr', k=2, exp_eps=3, resolutoin=0.1)\n")
    # The mechanism keywords are a TypedDict unpacked into **parameters (PEP 692), which mypy 1.0
    # reads under this flag.
    out, _, status = mypy_api.run(["--no-incremental", "--cache-dir", str(tmp_path / "cache"),
                                   "--enable-incomplete-feature=Unpack", str(misspelt)])
    assert status == 1, out
    assert 'Unexpected keyword argument "resolutoin"' in out, out


def test_a_server_that_returns_no_mapping_is_told_what_a_server_returns():
    with pytest.raises(TypeError, match=r"^server\(case case-0\) returned list \[0\.2, 0\.2\]; a "
                                        r"server returns a mapping of estimator to estimates"):
        assert_estimates_match(lambda case: [0.2, 0.2], cases=2, n=100, **URR)
