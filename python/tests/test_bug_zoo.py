"""The bug zoo (issue 52): each Python replica of a shipped privacy bug (bug_zoo.py) fails
assert_conforms at the defaults (the testing level 1e-6, the targeted stage looking for a 10 %
excess) with `violates` first, and conform_client at the command's defaults (alpha 0.05) says
`violates` too; OpenDP's corrected client conforms. Seeds are fixed. (That each replica draws
from its exact channel is tests/api/bug_zoo_test.cc's, on the C++ replicas.)"""

import math

import pytest

import uldp
from uldp.testing import assert_conforms

from bug_zoo import (
    opendp_randomized_response_bool,
    pure_ldp_unary_encoding,
    smartnoise_randomized_response,
)

# (replica, the claim its code makes)
REPLICAS = {
    "pure-LDP OUE": (pure_ldp_unary_encoding(4, math.log(3), use_oue=True),
                     dict(mech="oue", k=4, exp_eps=3)),
    "pure-LDP SUE": (pure_ldp_unary_encoding(4, math.log(4), use_oue=False),
                     dict(mech="sue", k=4, exp_eps=4)),
    "OpenDP boolean RR": (opendp_randomized_response_bool(0.75), dict(mech="rr", k=2, exp_eps=3)),
    "smartnoise-core bit sampler": (smartnoise_randomized_response(1.0),
                                    dict(mech="rr", k=2, eps=1)),
}


@pytest.mark.parametrize("name", list(REPLICAS))
def test_each_replica_violates_its_claim_at_the_defaults(name):
    client, claim = REPLICAS[name]
    with pytest.raises(AssertionError, match=r"^client violates "):
        assert_conforms(client, seed=52, **claim)
    report = uldp.conform_client(client, seed=52, **claim)
    assert report.verdict == "violates", str(report)
    assert report.json["eps_lower_bound"]["violated"], str(report)


def test_the_fixed_boolean_randomized_response_conforms():
    # The fix issue #480 asks for: the lie is !arg.
    def rr_bool_fixed(x, rng):
        return x if rng.random() < 0.75 else 1 - x

    assert assert_conforms(rr_bool_fixed, seed=52, mech="rr", k=2, exp_eps=3).conforms
