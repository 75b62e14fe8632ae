"""The functions that mirror a command (conform_*, estimate, loss, golden): the command's answers
on numpy data, the same as running `uldp` on files, and its errors as ValueError."""

import json
import os
import signal
import subprocess
import tempfile
import threading
import time
from fractions import Fraction

import numpy
import pytest

import uldp
from doubles import rappor_bits, sampling_client, urr_rows

URR = dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3)
needs_command = pytest.mark.skipif("ULDP_COMMAND" not in os.environ, reason="needs the command")


def _command(*args, stdin=None):
    done = subprocess.run([os.environ["ULDP_COMMAND"], *args], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def _urr_samples(per_input, leak=0.0, seed=7):
    rng = numpy.random.default_rng(seed)
    rows = urr_rows(5, [0, 1], 3, leak)
    inputs = numpy.repeat(numpy.arange(5), per_input)
    cumulative = numpy.cumsum(rows, axis=1)
    u = rng.random(len(inputs))
    outputs = numpy.array([min(numpy.searchsorted(cumulative[x], v, side="right"), 4)
                           for x, v in zip(inputs, u)])
    return inputs, outputs


@needs_command
def test_conform_samples_gives_the_commands_report_on_the_same_samples():
    inputs, outputs = _urr_samples(2000, leak=0.02)
    report = uldp.conform_samples(inputs, outputs, **URR)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(f"{x},{y}\n" for x, y in zip(inputs, outputs)))
    try:
        code, out, _ = _command("conform", "samples", "--mech", "urr", "--k", "5", "--sensitive",
                                "0,1", "--exp-eps", "3", "--samples", f.name, "--json")
    finally:
        os.unlink(f.name)
    command = json.loads(out)
    assert code == 1 and report.verdict == command["verdict"] == "violates"
    assert report.eps_lower_bound == command["eps_lower_bound"]["eps"]
    assert report.impossible == command["impossible"]["count"] > 0
    assert "impossible outputs" in str(report) and "verdict: violates" in str(report)


def test_conform_samples_reads_indices_labels_and_bit_arrays():
    inputs, outputs = _urr_samples(400)
    by_index = uldp.conform_samples(inputs, outputs, **URR)
    by_label = uldp.conform_samples(inputs, [str(y) for y in outputs], **URR)
    assert by_index.verdict == by_label.verdict == "conforms"
    assert by_index.eps_lower_bound == by_label.eps_lower_bound
    assert list(by_index.samples_per_input) == [400] * 5

    rng = numpy.random.default_rng(3)
    inputs = numpy.repeat(numpy.arange(4), 3000)
    theta = 2 / 3  # s / (s + 1) at s = e^(eps/2) = 2
    good = uldp.conform_samples(inputs, rappor_bits(inputs, 4, theta, rng),
                                mech="rappor", k=4, exp_eps=4)
    assert good.verdict == "conforms", str(good)
    as_bool = uldp.conform_samples(inputs, rappor_bits(inputs, 4, theta, rng).astype(bool),
                                   mech="rappor", k=4, exp_eps=4)
    assert as_bool.verdict == "conforms"
    bad = uldp.conform_samples(inputs, rappor_bits(inputs, 4, theta, rng, keep_input=True),
                               mech="rappor", k=4, exp_eps=4)
    assert bad.verdict in ("deviates", "violates"), str(bad)


def test_conform_samples_against_a_matrix_reference():
    rows = urr_rows(5, [0, 1], 3)
    inputs, outputs = _urr_samples(400)
    exact = [[Fraction(3, 4), Fraction(1, 4), 0, 0, 0], [Fraction(1, 4), Fraction(3, 4), 0, 0, 0]]
    exact += [[Fraction(1, 4), Fraction(1, 4)] + [Fraction(1, 2) if y == x else 0
                                                  for y in range(2, 5)] for x in range(2, 5)]
    assert numpy.allclose(numpy.array(exact, dtype=float), rows)
    report = uldp.conform_samples(inputs, outputs, matrix=exact, sensitive=[0, 1], exp_eps=3)
    assert report.verdict == "conforms" and report.claim.startswith("ULDP")


def test_bad_samples_name_what_is_wrong():
    inputs, outputs = _urr_samples(10)
    outputs[7] = 9
    with pytest.raises(ValueError, match=r"^samples:8:"):
        uldp.conform_samples(inputs, outputs, **URR)
    with pytest.raises(ValueError, match="one per input"):
        uldp.conform_samples(inputs, outputs[:-1], **URR)
    with pytest.raises(ValueError, match=r"inputs\[0\] = -1"):
        uldp.conform_samples(-numpy.ones(3, dtype=int), [0, 0, 0], **URR)
    with pytest.raises(ValueError, match="booleans"):
        uldp.conform_samples(inputs, outputs > 2, **URR)
    with pytest.raises(ValueError, match=r"^outputs\[0\]: 0.0, which is not an output; an output is a label"):
        uldp.conform_samples(inputs, outputs.astype(float), **URR)
    with pytest.raises(ValueError, match="input indices"):
        uldp.conform_samples(inputs.astype(float), outputs, **URR)
    with pytest.raises(ValueError, match="mech / matrix"):
        uldp.conform_samples(inputs, outputs, k=5)
    with pytest.raises(ValueError, match="^k: must be given and at least 1"):
        uldp.conform_samples(inputs, outputs, mech="urr", k=0, exp_eps=3)


def test_a_run_without_evidence_is_insufficient_not_conforming():
    inputs, outputs = _urr_samples(3)
    report = uldp.conform_samples(inputs, outputs, **URR)
    assert report.verdict == "insufficient" and report.insufficient_because


def test_conform_client_calls_the_client_sequentially():
    correct = uldp.conform_client(sampling_client(urr_rows(5, [0, 1], 3)), **URR)
    assert correct.verdict == "conforms" and correct.resolution.cell_deviation <= 0.05
    assert correct.looks[0] == 64 and correct.samples == 5 * correct.looks[-1]
    leaking = uldp.conform_client(sampling_client(urr_rows(5, [0, 1], 3, leak=0.05)), **URR)
    assert leaking.verdict == "violates" and leaking.samples < correct.samples
    # client(x): no generator asked for, any randomness of its own.
    rng = numpy.random.default_rng(5)
    draw = sampling_client(urr_rows(5, [0, 1], 3))
    assert uldp.conform_client(lambda x: draw(x, rng), **URR).verdict == "conforms"


def test_a_clients_errors_reach_the_caller():
    def broken(x):
        raise ZeroDivisionError("inside the client")

    with pytest.raises(ZeroDivisionError, match="inside the client"):
        uldp.conform_client(broken, **URR)
    with pytest.raises(ValueError, match=r"client\(0\)"):
        uldp.conform_client(lambda x: 0.5, **URR)


def test_estimate_matches_the_command_on_reports_and_counts():
    inputs, outputs = _urr_samples(300)
    by_reports = uldp.estimate(outputs, method="em", **URR)
    counts = numpy.bincount(outputs, minlength=5)
    by_counts = uldp.estimate(counts=counts, method="em", **URR)
    assert isinstance(by_reports.frequencies, numpy.ndarray) and by_reports.n == 1500
    assert numpy.allclose(by_reports.frequencies, by_counts.frequencies, atol=1e-9)
    emp = uldp.estimate(counts=counts, method="emp", **URR).frequencies
    # No method given: the command's default (EM), not a default of Python's own.
    assert uldp.estimate(counts=counts, **URR).method == "em"
    # emp is unbiased; n = 1500 puts each coordinate within 5 standard errors (< 0.1) of 1/5.
    assert abs(emp.sum() - 1) < 1e-12 and numpy.all(numpy.abs(emp - 0.2) < 0.1)

    rng = numpy.random.default_rng(2)
    bits = rappor_bits(numpy.repeat(numpy.arange(4), 500), 4, 2 / 3, rng)
    per_report = uldp.estimate(bits, method="emp", mech="rappor", k=4, exp_eps=4).frequencies
    per_bit = uldp.estimate(counts=bits.sum(axis=0), n=len(bits), method="emp", mech="rappor", k=4,
                            exp_eps=4).frequencies
    assert numpy.allclose(per_report, per_bit, atol=1e-12)


def test_loss_is_exact():
    report = uldp.loss(mech="urr", k=4, sensitive=[0, 1], exp_eps=3, n=100)
    assert report["l2"] == Fraction(11, 400)  # as `uldp loss` prints it, an exact value


def test_golden_vectors_and_conform_estimates():
    vectors = uldp.golden(mech="urr", k=4, sensitive=[0, 1], exp_eps=3, cases=3, n=500)
    assert len(vectors.cases) == 3 and vectors.cases[0].counts.sum() == 500
    exact = {c.id: {"emp": c.emp, "thr": c.thr, "em": c.em} for c in vectors.cases}
    assert uldp.conform_estimates(vectors, exact).matches
    off = {c.id: {"emp": c.emp + numpy.array([1e-6, -1e-6, 0, 0])} for c in vectors.cases}
    report = uldp.conform_estimates(vectors, off)
    assert report.verdict == "mismatch" and "item 0" in str(report)
    # Counts where frequencies are expected: the hint names Python's keyword, not the flag.
    counts = {c.id: {"emp": c.emp * 500} for c in vectors.cases}
    hint = str(uldp.conform_estimates(vectors, counts))
    assert 'counts where frequencies are expected (scale="counts")' in hint and "--scale" not in hint
    # The server's own estimate through uldp: the same vectors.
    mine = {c.id: {"emp": uldp.estimate(counts=c.counts, method="emp", mech="urr", k=4,
                                        sensitive=[0, 1], exp_eps=3).frequencies}
            for c in vectors.cases}
    assert uldp.conform_estimates(vectors, mine).matches


@needs_command
def test_golden_and_conform_estimates_answer_as_the_command_does(tmp_path):
    # The same vectors as `uldp golden`, and the same report text as `uldp conform estimates`.
    vectors = uldp.golden(mech="urr", k=4, sensitive=[0, 1], exp_eps=3, cases=3, n=500,
                          em_stop=1e-8)
    code, out, _ = _command("golden", "--mech", "urr", "--k", "4", "--sensitive", "0,1",
                            "--exp-eps", "3", "--cases", "3", "--n", "500", "--em-stop", "1e-8")
    assert code == 0
    command_vectors = json.loads(out)
    assert vectors.json["cases"] == command_vectors["cases"]
    # Every case off at item 0: each differing estimate is listed, the first is the verdict's.
    off = {c.id: {"emp": c.emp + numpy.array([1e-6, 0, 0, 0])} for c in vectors.cases}
    report = uldp.conform_estimates(vectors, off)
    assert [m["case"] for m in report.json["mismatches"]] == ["case-0", "case-1", "case-2"]
    (tmp_path / "v.json").write_text(json.dumps(command_vectors))
    theirs = {"cases": [{"id": i, "emp": list(e["emp"])} for i, e in off.items()]}
    (tmp_path / "t.json").write_text(json.dumps(theirs))
    code, out, _ = _command("conform", "estimates", "--vectors", str(tmp_path / "v.json"),
                            "--theirs", str(tmp_path / "t.json"))
    assert code == 1
    from_file = uldp.conform_estimates(str(tmp_path / "v.json"), off)
    assert str(from_file) == out.rstrip("\n")
    assert "2 more of the 3 estimates differ: case case-1 emp item 0, case case-2 emp item 0" \
        in str(report)
    # A corrupted vector is refused naming where.
    broken = dict(command_vectors)
    broken["cases"] = [dict(command_vectors["cases"][0], emp=[0.5])]
    with pytest.raises(ValueError, match=r'vectors: cases\[0\] \("case-0"\)\.emp: 1 values'):
        uldp.conform_estimates(broken, off)
    with pytest.raises(ValueError, match="em_gap: 1/2 is above 1/10"):
        uldp.golden(mech="urr", k=4, sensitive=[0, 1], exp_eps=3, cases=1, em_gap="1/2")


def _interrupted_after(seconds, computation):
    """Sends SIGINT after `seconds` and returns how long `computation` ran before the
    KeyboardInterrupt ended it."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        computation()
    elapsed = time.monotonic() - start
    timer.join()
    return elapsed


def test_ctrl_c_interrupts_a_long_computation():
    # These golden vectors take about 18 s here (1.8 s of certified EM per case). Python only
    # raises KeyboardInterrupt between bytecodes, so without uldp's own polling the interrupt
    # would wait for the end; with it, EM stops within a poll period (50 ms) of the signal.
    elapsed = _interrupted_after(0.5, lambda: uldp.golden(
        mech="rr", k=100, exp_eps="11/10", cases=10, n=100000))
    assert elapsed < 5
    # A dense check, polled per column. It must run well past the signal at 0.05 s plus a poll
    # period: at k = 1500 it came to 0.08 s once the checks got faster, and the signal then
    # sometimes arrived after it had returned (a KeyboardInterrupt outside the test). k = 4500:
    # about 0.7 s.
    k = 4500
    Q = numpy.full((k, k), 1 / (k + 2))
    numpy.fill_diagonal(Q, 3 / (k + 2))
    start = time.monotonic()
    uldp.check(Q, exp_eps=3, tolerance="1/1000")
    whole = time.monotonic() - start  # measured, so that load scales both
    assert whole > 0.3, f"the check took {whole:.3f} s: too short to be interrupted reliably"
    elapsed = _interrupted_after(0.05, lambda: uldp.check(Q, exp_eps=3, tolerance="1/1000"))
    assert elapsed < 0.05 + whole / 2
    assert uldp.check([[1, 0], [0, 1]], exp_eps=2).ldp.holds is False  # still usable


def test_estimate_em_stop_is_the_flag_golden_uses_and_tolerance_its_old_name():
    counts = [300, 200, 500]
    new = uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="em", em_stop="1e-12")
    with pytest.warns(DeprecationWarning, match="em_stop"):
        old = uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="em",
                            tolerance="1e-12")
    assert (new.frequencies == old.frequencies).all() and new.json["em_stop"] == 1e-12
    with pytest.raises(ValueError, match="em_stop / tolerance: give em_stop only"):
        uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, em_stop=0, tolerance=0)


def test_one_reference_object_serves_every_function():
    # Made once, passed to every function, instead of the mechanism's keywords each time.
    urr = uldp.reference("urr", k=5, sensitive=[0, 1], exp_eps=3)
    inputs, outputs = _urr_samples(400)
    assert uldp.conform_samples(inputs, outputs, reference=urr).verdict == \
        uldp.conform_samples(inputs, outputs, **URR).verdict
    assert uldp.conform_plan(reference=urr) == uldp.conform_plan(**URR)
    assert uldp.loss(reference=urr, n=100)["l2"] == uldp.loss(n=100, **URR)["l2"]
    vectors = uldp.golden(reference=urr, cases=2, n=200)
    assert vectors.json["cases"] == uldp.golden(cases=2, n=200, **URR).json["cases"]
    counts = vectors.cases[0].counts
    assert (uldp.estimate(counts=counts, reference=urr).frequencies ==
            uldp.estimate(counts=counts, **URR).frequencies).all()
    # A matrix with its claim is a reference too, where a function takes one.
    Q = uldp.mechanism("urr", 5, sensitive=[0, 1], exp_eps=3)
    matrix = uldp.reference(matrix=Q, sensitive=[0, 1], exp_eps=3)
    assert uldp.conform_samples(inputs, outputs, reference=matrix).verdict == "conforms"
    with pytest.raises(ValueError, match="matrix: loss takes a registry mechanism"):
        uldp.loss(reference=matrix, n=100)
    with pytest.raises(ValueError, match="reference / k: give the reference or its keywords"):
        uldp.conform_plan(reference=urr, k=5)
    with pytest.raises(ValueError, match="mech / matrix: give exactly one of them"):
        uldp.reference(k=5)
    with pytest.raises(ValueError, match="reference: dict is not a uldp.Reference"):
        uldp.loss(reference=URR, n=100)


def test_golden_draws_a_pums_cases_through_its_users():
    # The package passed n=1000 with every drawn case, which a PUM refuses (its users file gives
    # the users): golden(mech="pum", cases=...) always failed before it bound the api.
    vectors = uldp.golden(mech="pum", common="urr", k=4, sensitive=[0], exp_eps=3,
                          tags=["home"], users=["home=2"] * 3 + ["home=3"] * 2, cases=2)
    assert vectors.json["mechanism"] == "pum" and [c.n for c in vectors.cases] == [5, 5]
    assert len(vectors.cases[0].emp) == 4  # over X, from reports over Z = X + one bot


def test_conform_estimates_refuses_to_compare_nothing():
    vectors = uldp.golden(cases=1, n=100, **URR)
    case = vectors.cases[0]
    with pytest.raises(ValueError, match="unknown estimator 'EMP'"):
        uldp.conform_estimates(vectors, {case.id: {"EMP": case.emp}})
    with pytest.raises(ValueError, match="none of emp, thr, em"):
        uldp.conform_estimates(vectors, {case.id: {}})


def test_a_float64_matrix_reference_is_read_as_its_binary64_values():
    # 0.1 + 0.2 + 0.7 is exactly 1 as decimals, but not as the three doubles: a float64 matrix is
    # its binary64 values (as check() reads it), not printed to short decimals.
    Q = numpy.array([[0.1, 0.2, 0.7], [0.7, 0.2, 0.1], [0.2, 0.7, 0.1]])
    assert sum(Fraction(v) for v in Q[0]) != 1
    with pytest.raises(ValueError, match=r"^matrix: row 0 sums to .*row_sum_tolerance"):
        uldp.conform_plan(matrix=Q, exp_eps=7)
    as_decimals = [[str(v) for v in row] for row in Q.tolist()]
    assert uldp.conform_plan(matrix=as_decimals, exp_eps=7).mechanism == "matrix"
    # Within a tolerance it is a reference, and the same one as its exact Fractions.
    inputs = numpy.repeat(numpy.arange(3), 400)
    rng = numpy.random.default_rng(4)
    outputs = numpy.array([rng.choice(3, p=Q[x]) for x in inputs])
    binary = uldp.conform_samples(inputs, outputs, matrix=Q, exp_eps=7, row_sum_tolerance="1e-15")
    exact = [[Fraction(v) for v in row] for row in Q.tolist()]
    fractions = uldp.conform_samples(inputs, outputs, matrix=exact, exp_eps=7,
                                     row_sum_tolerance="1e-15")
    assert binary.verdict == fractions.verdict == "conforms"
    assert binary.json["fit"] == fractions.json["fit"]
    assert "binary64" in binary.json["reference"]["reading"]
    # float32 entries widen to float64 exactly; wider floats would be rounded and are refused.
    assert uldp.conform_plan(matrix=numpy.eye(2, dtype=numpy.float32)).mechanism == \
        "matrix"
    with pytest.raises(ValueError, match=r"matrix\[1\]\[0\]: nan is not a finite number"):
        uldp.conform_plan(matrix=numpy.array([[1.0, 0.0], [numpy.nan, 1.0]]))
    with pytest.raises(ValueError, match="matrix: a 1-dimensional array"):
        uldp.conform_plan(matrix=numpy.array([1.0, 0.0]))


def test_reference_errors_name_the_keyword_and_the_place():
    with pytest.raises(ValueError, match=r"^matrix:2:1: "):
        uldp.conform_plan(matrix=[[1, 0], [Fraction(3, 2), 0]])
    pum = dict(mech="pum", common="urr", k=4, sensitive=[0], exp_eps=3, tags=["home"])
    with pytest.raises(ValueError, match=r"^users:2:1: unknown tag .work."):
        uldp.conform_plan(users=["home=2", "work=1"], **pum)
    with pytest.raises(ValueError, match=r"^tags: 'a b' is not a tag name"):
        uldp.conform_plan(**dict(pum, tags=["a b"], users=["home=2"]))
    with pytest.raises(ValueError, match=r"^common: required with mech='pum'"):
        uldp.conform_plan(**dict(pum, common=None))
    with pytest.raises(ValueError, match=r"^theta: "):
        uldp.conform_plan(mech="rappor", k=4, exp_eps=4, theta="3/2")
    with pytest.raises(ValueError, match=r"^sensitive: "):
        uldp.conform_plan(mech="urr", k=4, sensitive=[7], exp_eps=3)
    with pytest.raises(ValueError, match=r"^protected: only with matrix"):
        uldp.conform_plan(protected=[0], **URR)
    with pytest.raises(ValueError, match=r"^matrix: k only goes with mech \(a mechanism's parameter\)"):
        uldp.conform_plan(matrix=[[1, 0], [0, 1]], k=2)
    with pytest.raises(TypeError, match=r"^kk: no mechanism takes this parameter \(the parameters: k, "):
        uldp.conform_plan(mech="urr", kk=4, sensitive=[0], exp_eps=3)
    plan = uldp.conform_plan(users=["home=2"], **pum)
    assert plan.mechanism.startswith("pum (the user of users:1")


def test_no_temporary_file_carries_the_reference(monkeypatch):
    import tempfile

    import uldp._commands
    import uldp._conform
    import uldp._estimation
    import uldp._golden
    import uldp._proofs

    for module in (uldp._commands, uldp._conform, uldp._estimation, uldp._golden, uldp._proofs):
        assert not hasattr(module, "tempfile") and not hasattr(module, "os"), module.__name__

    def refuse(*args, **kwargs):
        raise AssertionError("a temporary file was made")

    for name in ("TemporaryDirectory", "NamedTemporaryFile", "mkstemp", "mkdtemp"):
        monkeypatch.setattr(tempfile, name, refuse)
    inputs, outputs = _urr_samples(400)
    Q = uldp.mechanism("urr", 5, sensitive=[0, 1], exp_eps=3)
    assert uldp.conform_samples(inputs, outputs, matrix=Q.to_numpy(), sensitive=[0, 1],
                                exp_eps=3, row_sum_tolerance="1e-15").verdict == "conforms"
    assert uldp.conform_samples(inputs, outputs, matrix=Q, sensitive=[0, 1],
                                exp_eps=3).verdict == "conforms"
    vectors = uldp.golden(mech="pum", common="urr", k=4, sensitive=[0], exp_eps=3,
                          tags=["home"], users=["home=2"] * 3, cases=1)
    assert vectors.cases[0].n == 3
