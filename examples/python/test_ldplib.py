"""ldplib's regression tests against uldp: the matrix it documents is private (decided exactly),
its clients produce what the mechanism says (a sequential black-box test) and its servers
compute the estimates of golden vectors. Parameters are chosen so that the library's doubles
hold the exact probabilities (e^eps = 3 with k = 6: 3/8 and 1/8; OUE at e^eps = 3: 1/2 and
1/4); with other values uldp audits the binary64 values the library really uses.

With uldp installed its pytest plugin is on: `uldp_seed` is this test's own seed (from its node
id, the same on every run and machine) and `--uldp-false-alarm` sets the false-alarm level of every
assert_conforms (default 1e-6 per assertion)."""

from typing import Dict

import numpy
import numpy.typing

from uldp import GoldenCase
from uldp.testing import assert_conforms, assert_estimates_match, assert_private

import ldplib

K, EXP_EPS = 6, 3


def counts_of(case: GoldenCase) -> numpy.typing.NDArray[numpy.int64]:
    """The case's output histogram (per-bit counts for OUE); every mechanism here has one."""
    assert case.counts is not None, f"golden case {case.id} has no counts"
    return case.counts


def test_grr_matrix_is_eps_ldp() -> None:
    # Rows of doubles may miss 1 by rounding; the ratios are still decided exactly.
    assert_private(ldplib.grr_matrix(K, EXP_EPS), property="ldp", exp_eps=EXP_EPS,
                   tolerance="1e-12")


def test_grr_client_conforms(uldp_seed: int) -> None:
    assert_conforms(ldplib.grr_client(K, EXP_EPS), mech="rr", k=K, exp_eps=EXP_EPS,
                    seed=uldp_seed)


def test_oue_client_conforms(uldp_seed: int) -> None:
    assert_conforms(ldplib.oue_client(4, EXP_EPS), mech="oue", k=4, exp_eps=EXP_EPS,
                    max_samples=200_000, seed=uldp_seed)


def test_grr_server_matches_golden_estimates() -> None:
    def server(case: GoldenCase) -> Dict[str, numpy.typing.NDArray[numpy.float64]]:
        return {"emp": ldplib.grr_estimate(counts_of(case), EXP_EPS)}

    assert_estimates_match(server, mech="rr", k=K, exp_eps=EXP_EPS, cases=4, n=5000)


def test_oue_server_matches_golden_estimates() -> None:
    def server(case: GoldenCase) -> Dict[str, numpy.typing.NDArray[numpy.float64]]:
        return {"emp": ldplib.oue_estimate(counts_of(case), case.n, EXP_EPS)}

    assert_estimates_match(server, mech="oue", k=4, exp_eps=EXP_EPS, cases=4, n=5000)
