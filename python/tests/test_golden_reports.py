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
        mine = uldp.estimate(case.reports, **mechanism).frequencies
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
