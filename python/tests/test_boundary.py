"""What the package reads, it reads as its author meant or refuses with ValueError: one meaning
of an int output everywhere, no value truncated or silently dropped, no report smuggled through
a label, no re-entrant call hanging, no temporary path in a report."""

import numpy
import pytest

import uldp
from uldp.testing import assert_private

URR = dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3)
UHR = dict(mech="uhr", k=6, sensitive=[0, 2, 3], exp_eps=3)  # outputs h0..h3, then 1, 4, 5


def _summary(report):
    return report.verdict, report.impossible, report.eps_lower_bound


def test_an_int_output_is_the_label_with_its_text_in_every_form():
    inputs = numpy.array([1, 4, 5] * 100)
    as_array = uldp.conform_samples(inputs, numpy.array([1, 4, 5] * 100), **UHR)
    as_list = uldp.conform_samples(inputs, [1, 4, 5] * 100, **UHR)
    as_labels = uldp.conform_samples(inputs, ["1", "4", "5"] * 100, **UHR)
    mixed = uldp.conform_samples(inputs, [1, "4", numpy.int64(5)] * 100, **UHR)
    assert _summary(as_array) == _summary(as_list) == _summary(as_labels) == _summary(mixed)
    # Columns only when asked for: column 1 is h1, which a non-sensitive input never gives.
    by_column = uldp.conform_samples(inputs, numpy.array([1, 4, 5] * 100), output_index=True,
                                     **UHR)
    assert as_array.impossible == 0 and by_column.impossible >= 100
    with pytest.raises(ValueError, match="column index"):
        uldp.conform_samples(inputs, ["h1", "4", "5"] * 100, output_index=True, **UHR)


def test_bit_arrays_without_bits_and_reports_that_are_not_reports_are_refused():
    x = numpy.arange(4).repeat(3)
    with pytest.raises(ValueError, match="at least one bit"):
        uldp.conform_samples(x, numpy.empty((12, 0), dtype=int), mech="rappor", k=4, exp_eps=4)
    with pytest.raises(ValueError, match="at least one bit"):
        uldp.estimate(numpy.empty((12, 0), dtype=int), mech="rappor", k=4, exp_eps=4)
    for bad in ["", " 1", "#1", "0\n1"]:
        with pytest.raises(ValueError, match="not a label"):
            uldp.estimate(["0", bad, "1"], **URR)
    with pytest.raises(ValueError, match="not a sequence"):
        uldp.estimate("0123", **URR)
    with pytest.raises(ValueError, match="not a sequence"):
        uldp.conform_samples(numpy.arange(4), "0123", **URR)
    with pytest.raises(ValueError, match="not a label"):
        uldp.conform_client(lambda x: f"{x}\n{x}", **URR)
    # An output no reference names is the command's error, with its line.
    with pytest.raises(ValueError, match="samples:1:"):
        uldp.conform_samples([0, 1], [2**70, 0], **URR)
    with pytest.raises(ValueError, match="not an input index"):
        uldp.conform_samples(numpy.array([2**64 - 1], dtype=numpy.uint64), [0], **URR)


def test_integers_are_never_truncated_nor_read_from_bools():
    for call in [lambda: uldp.loss(n=100.9, **URR), lambda: uldp.loss(n=True, **URR),
                 lambda: uldp.golden(cases=2.9, **URR), lambda: uldp.golden(cases=2, seed=1.7, **URR),
                 lambda: uldp.estimate(counts=[1, 2, 3, 4, 5], method="em", max_iterations=2.7,
                                       **URR),
                 lambda: uldp.conform_client(lambda x: x, max_samples=1e6, **URR),
                 lambda: uldp.conform_plan(mech="urr", k=5.0, sensitive=[0], exp_eps=3),
                 lambda: uldp.mechanism("urr", 5.0, sensitive=[0], exp_eps=3),
                 lambda: uldp.check([[1, 0], [0, 1]], sensitive=2, exp_eps=2),
                 lambda: uldp.check([[1, 0], [0, 1]], sensitive=[0.5], exp_eps=2)]:
        with pytest.raises(ValueError):
            call()


def test_a_client_may_call_uldp_while_uldp_drives_it():
    # conform_client binds the sequential test directly (no command line, no lock): a client that
    # checks something with uldp between reports neither hangs nor is refused.
    calls = []

    def client(x):
        calls.append(uldp.check([[1, 0], [0, 1]], sensitive=(), exp_eps=2).uldp.holds)
        return x

    report = uldp.conform_client(client, max_samples=500, **URR)
    assert calls and all(calls)
    assert report.verdict != "conforms"  # the identity is not uRR: the test still decides
    # The report states every sample the client was asked for.
    assert report.samples_drawn == len(calls) and f"{len(calls)} samples drawn" in str(report)


def test_a_mechanism_is_checked_with_its_own_sensitive_and_protected_sets():
    m = uldp.mechanism("urr", 5, sensitive=[0, 1], exp_eps=3)
    assert assert_private(m, exp_eps=3).uldp.holds
    assert uldp.check(m, exp_eps=3).sensitive == (0, 1)
    assert not uldp.check(m, sensitive=range(5), exp_eps=3).uldp.holds  # as given, when given


def test_their_estimates_are_real_finite_and_cover_every_case():
    vectors = uldp.golden(cases=3, n=100, **URR)
    case = vectors.cases[0]
    with pytest.raises(ValueError, match="real numbers"):
        uldp.conform_estimates(vectors, {case.id: {"emp": case.emp + 0j}})
    with pytest.raises(ValueError, match="finite"):
        uldp.conform_estimates(vectors, {case.id: {"emp": case.emp * numpy.nan}})
    with pytest.raises(ValueError, match="has no id"):
        uldp.conform_estimates(vectors, [{"emp": case.emp}])
    partial = uldp.conform_estimates(vectors, {case.id: {"emp": case.emp}})
    assert partial.verdict == "incomplete" and not partial.matches
    assert "no estimates for 2 of the 3 golden cases" in str(partial)


def test_reports_name_the_data_not_a_temporary_file():
    exact = [[1, 0], [0, 1]]
    report = uldp.conform_samples([0, 1] * 50, [0, 1] * 50, matrix=exact, sensitive=(), exp_eps=2)
    assert report.reference == "matrix" and "/tmp" not in str(report)
    vectors = uldp.golden(from_counts=[[10, 20, 30, 20, 20]], **URR)
    assert "/tmp" not in str(vectors.json) and vectors.cases[0].n == 100
    bits = uldp.golden(from_counts=[{"n": 10, "ones": [5, 5, 5, 5]}], mech="rappor", k=4,
                       exp_eps=4)
    assert bits.cases[0].n == 10


def test_two_threads_run_workflows_at_once():
    # The workflows are bound directly (no process-wide lock, the GIL released while uldp
    # computes): two threads check and test samples at the same time and get their own answers.
    import threading

    q = uldp.mechanism("urr", 60, sensitive=range(10), exp_eps=3).to_numpy()
    inputs = numpy.arange(20000) % 5
    outputs = inputs.copy()
    results = {}

    def check():
        results["check"] = uldp.check(q, sensitive=range(10), exp_eps=3, tolerance="1e-12")

    def conform():
        results["conform"] = uldp.conform_samples(inputs, outputs, mech="rr", k=5, exp_eps=3)

    threads = [threading.Thread(target=check), threading.Thread(target=conform)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["check"].uldp.holds_within_tolerance
    assert results["conform"].verdict == "violates"  # the identity is far from RR at e^eps = 3
