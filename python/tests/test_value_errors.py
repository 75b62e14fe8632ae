"""Bad values raise ValueError itself, with uldp's message naming the parameter: never pybind11's
TypeError or RuntimeError from a failed conversion, a UnicodeEncodeError, or Python's own
"object is not iterable" (issue "Nothing lost, nothing unbounded", item 7)."""

import pytest

import uldp

PUM = dict(mech="pum", common="urr", k=3, sensitive=[0], exp_eps=3)

CASES = [
    ("name: ", lambda: uldp.mechanism("urr\udc80", 5, sensitive=[0], exp_eps=3)),
    ("Q[0][0]: ", lambda: uldp.check([["1\udc80"]], exp_eps=3)),
    ("Q: ", lambda: uldp.check(None, exp_eps=3)),
    ("Q[0]: ", lambda: uldp.check([1, 2], exp_eps=3)),
    ("mech: ", lambda: uldp.reference(5, k=5)),
    ("tags[0]: ", lambda: uldp.conform_plan(**PUM, tags=["a\udc80"])),
    ("users[0]: ", lambda: uldp.conform_plan(**PUM, tags=["a"], users=["a\udc80"])),
    ("users[0]: ", lambda: uldp.conform_plan(**PUM, tags=["a"], users=[5])),
    ("theta: ", lambda: uldp.conform_plan(mech="rappor", k=3, exp_eps=3, theta="1/2\udc80")),
    ("reports[0]: ", lambda: uldp.estimate(["1\udc80"], mech="rr", k=3, exp_eps=3)),
    ("outputs[0]: ", lambda: uldp.conform_samples([0], ["1\udc80"], mech="rr", k=3, exp_eps=3)),
    ("vectors: ", lambda: uldp.conform_estimates(None, {})),
    ("p: ", lambda: uldp.loss(mech="rr", k=3, exp_eps=3, n=5, p="uniform\udc80")),
]


@pytest.mark.parametrize("prefix, call", CASES, ids=[f"{i}-{p.rstrip(': ')}" for i, (p, _) in
                                                     enumerate(CASES)])
def test_a_bad_value_is_a_value_error_naming_its_parameter(prefix, call):
    with pytest.raises(ValueError) as raised:
        call()
    assert type(raised.value) is ValueError, type(raised.value).__name__
    assert str(raised.value).startswith(prefix), str(raised.value)
