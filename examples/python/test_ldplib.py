"""ldplib's regression tests against uldp: the matrix it documents is private (decided exactly),
its clients produce what the mechanism says (a sequential black-box test) and its servers
compute the estimates of golden vectors. Parameters are chosen so that the library's doubles
hold the exact probabilities (e^eps = 3 with k = 6: 3/8 and 1/8; OUE at e^eps = 3: 1/2 and
1/4); with other values uldp audits the binary64 values the library really uses."""

from uldp.testing import assert_conforms, assert_estimates_match, assert_private

import ldplib

K, EXP_EPS = 6, 3


def test_grr_matrix_is_eps_ldp():
    # Rows of doubles may miss 1 by rounding; the ratios are still decided exactly.
    assert_private(ldplib.grr_matrix(K, EXP_EPS), property="ldp", exp_eps=EXP_EPS,
                   tolerance="1e-12")


def test_grr_client_conforms():
    assert_conforms(ldplib.grr_client(K, EXP_EPS), mech="rr", k=K, exp_eps=EXP_EPS)


def test_oue_client_conforms():
    assert_conforms(ldplib.oue_client(4, EXP_EPS), mech="oue", k=4, exp_eps=EXP_EPS,
                    max_samples=200_000)


def test_grr_server_matches_golden_estimates():
    assert_estimates_match(lambda case: {"emp": ldplib.grr_estimate(case.counts, EXP_EPS)},
                           mech="rr", k=K, exp_eps=EXP_EPS, cases=4, n=5000)


def test_oue_server_matches_golden_estimates():
    assert_estimates_match(
        lambda case: {"emp": ldplib.oue_estimate(case.counts, case.n, EXP_EPS)},
        mech="oue", k=4, exp_eps=EXP_EPS, cases=4, n=5000)
