"""golden(with_reports=True): every case's reports one by one, as estimate() takes them."""

import numpy
import pytest

import uldp


@pytest.mark.parametrize("mechanism", [
    dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3),
    dict(mech="uhr", k=6, sensitive=[0, 1, 2], exp_eps=3),
    dict(mech="oue", k=5, exp_eps=3),
    dict(mech="ubd", k=6, sensitive=[0, 1, 2, 3], block=2, exp_eps=3),
])
def test_a_servers_estimate_from_the_listed_reports_is_the_golden_one(mechanism):
    vectors = uldp.golden(cases=4, n=400, with_reports=True, **mechanism)
    for case in vectors.cases:
        assert case.reports is not None and len(case.reports) == case.n
        mine = uldp.estimate(case.reports, method="emp", **mechanism).frequencies
        # The same reports, estimated by the double-precision estimator the golden emp is checked
        # against: equal to rounding.
        numpy.testing.assert_allclose(mine, case.emp, rtol=0, atol=1e-12)
    assert uldp.golden(cases=1, n=50, **mechanism).cases[0].reports is None


def test_given_per_bit_counts_have_no_reports_to_list():
    with pytest.raises(ValueError, match="^with_reports: per-bit counts do not determine"):
        uldp.golden(mech="oue", k=3, exp_eps=3, from_counts={"n": 10, "ones": [1, 2, 3]},
                    with_reports=True)
    listed = uldp.golden(mech="rr", k=3, exp_eps=3, from_counts=[1, 0, 2], with_reports=True)
    assert listed.cases[0].reports == ["0", "2", "2"]


def oue_ibu(reports, exp_eps, iterations=20000, stop=1e-13):
    """A test double of a library's IBU (iterative Bayesian update, i.e. EM) for OUE written from
    its channel: P(y | x) = prod_j q_j(y_j | x), own bit 1/2, the others 1/(t + 1)."""
    reports = numpy.array([[c == "1" for c in r] for r in reports], dtype=numpy.float64)
    k = reports.shape[1]
    on, off = 0.5, 1 / (exp_eps + 1)
    # log P(y | x) for every report and input.
    ones = reports @ numpy.ones(k)
    base = ones * numpy.log(off) + (k - ones) * numpy.log1p(-off)
    own = reports * (numpy.log(on) - numpy.log(off)) + (1 - reports) * (
        numpy.log1p(-on) - numpy.log1p(-off))
    likelihood = numpy.exp(base[:, None] + own)
    p = numpy.full(k, 1 / k)
    for _ in range(iterations):
        joint = likelihood * p
        updated = (joint / joint.sum(axis=1, keepdims=True)).mean(axis=0)
        if numpy.abs(updated - p).max() < stop:
            return updated
        p = updated
    return p


def test_an_ibu_server_of_unary_encoding_is_tested_against_certified_em():
    vectors = uldp.golden(mech="oue", k=5, exp_eps=3, cases=4, n=3000, with_reports=True)
    assert isinstance(vectors.json["em"], dict), vectors.json["em"]
    assert all(case["em_certified"] for case in vectors.json["cases"])
    theirs = {case.id: {"em": oue_ibu(case.reports, 3.0)} for case in vectors.cases}
    report = uldp.conform_estimates(vectors, theirs)
    assert report.verdict == "matches", str(report)
    # An IBU that models the other bits at 1/3 (t = 2) instead of 1/4 is caught.
    wrong = {case.id: {"em": oue_ibu(case.reports, 2.0)} for case in vectors.cases}
    assert uldp.conform_estimates(vectors, wrong).verdict != "matches"
