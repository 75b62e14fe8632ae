"""The pytest plugin (uldp.pytest_plugin) and the assertions' pytest output, each behaviour shown
by running pytest on a small test file with pytester."""

import re

import numpy
import pytest

from uldp.pytest_plugin import seed_of

# The plugin by name: an installed uldp enables it anyway (the entry point has this name).
PLUGIN = ("-p", "uldp.pytest_plugin", "-p", "no:cacheprovider")


def test_seed_fixtures_are_per_test_and_stable_across_runs(pytester):
    pytester.makepyfile(test_seeds="""
        import pytest

        @pytest.mark.parametrize("case", [1, 2])
        def test_draw(uldp_seed, uldp_rng, case):
            print(f"SEED {uldp_seed} DRAW {uldp_rng.integers(1 << 62)}")

        def test_other(uldp_seed):
            print(f"SEED {uldp_seed} DRAW none")
    """)
    runs = [pytester.runpytest(*PLUGIN, "-s") for _ in range(2)]
    for run in runs:
        run.assert_outcomes(passed=3)
    lines = [re.findall(r"SEED (\d+) DRAW (\w+)", "\n".join(run.outlines)) for run in runs]
    assert lines[0] == lines[1]  # the same seeds and draws on every run
    seeds = [int(seed) for seed, _ in lines[0]]
    assert len(set(seeds)) == 3  # one stream per test, parameters included
    # The seed is SHA-256 of the node id, nothing local to this machine or run.
    assert seeds[0] == seed_of("test_seeds.py::test_draw[1]")
    assert int(lines[0][0][1]) == numpy.random.default_rng(seeds[0]).integers(1 << 62)


def test_uldp_false_alarm_option_and_environment_set_the_default_level(pytester, monkeypatch):
    pytester.makepyfile(test_level="""
        import os
        from uldp.testing import default_false_alarm

        def test_level():
            assert default_false_alarm() == float(os.environ["EXPECTED_LEVEL"])
    """)
    monkeypatch.delenv("ULDP_FALSE_ALARM", raising=False)
    monkeypatch.delenv("ULDP_ALPHA", raising=False)
    monkeypatch.setenv("EXPECTED_LEVEL", "1e-6")
    run = pytester.runpytest(*PLUGIN)
    run.assert_outcomes(passed=1)
    run.stdout.fnmatch_lines(
        ["uldp *: conformance assertions at false-alarm level 1e-06 (default)"])
    monkeypatch.setenv("EXPECTED_LEVEL", "0.001")
    run = pytester.runpytest(*PLUGIN, "--uldp-false-alarm", "0.001")
    run.assert_outcomes(passed=1)
    run.stdout.fnmatch_lines(
        ["uldp *: conformance assertions at false-alarm level 0.001 (--uldp-false-alarm)"])
    # The former names still work: the option and the environment variable.
    pytester.runpytest(*PLUGIN, "--uldp-alpha", "0.001").assert_outcomes(passed=1)
    monkeypatch.setenv("ULDP_ALPHA", "0.01")
    monkeypatch.setenv("EXPECTED_LEVEL", "0.01")
    pytester.runpytest(*PLUGIN).assert_outcomes(passed=1)
    monkeypatch.setenv("ULDP_FALSE_ALARM", "0.02")  # the new name wins over the former
    monkeypatch.setenv("EXPECTED_LEVEL", "0.02")
    pytester.runpytest(*PLUGIN).assert_outcomes(passed=1)
    monkeypatch.setenv("EXPECTED_LEVEL", "0.001")  # the option wins over the environment
    pytester.runpytest(*PLUGIN, "--uldp-false-alarm", "0.001").assert_outcomes(passed=1)
    run = pytester.runpytest(*PLUGIN, "--uldp-false-alarm", "2")
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    run.stderr.fnmatch_lines(["*--uldp-false-alarm: '2' is not a false-alarm level in (0, 1)*"])


def test_the_level_reaches_assert_conforms(pytester):
    pytester.makepyfile(test_level="""
        from uldp.testing import assert_conforms

        def test_client(uldp_seed, uldp_rng):
            rows = {0: [3/4, 1/4], 1: [1/4, 3/4]}
            report = assert_conforms(lambda x: int(uldp_rng.random() >= rows[x][0]),
                                     mech="rr", k=2, exp_eps=3, seed=uldp_seed)
            assert report.json["false_alarm"] == 0.01
    """)
    pytester.runpytest(*PLUGIN, "--uldp-false-alarm", "0.01").assert_outcomes(passed=1)


FAILING = """
    import numpy
    from uldp.testing import assert_conforms, assert_estimates_match, assert_private

    def test_matrix():
        assert_private([[0.9, 0.1], [0.1, 0.9]], property="ldp", exp_eps=3, tolerance="1e-12")

    def test_client():
        # urr never reports the non-sensitive 4 for a sensitive input.
        assert_conforms(lambda x: 4, mech="urr", k=5, sensitive=[0, 1], exp_eps=3)

    def test_server():
        assert_estimates_match(lambda case: {"emp": case.emp + numpy.arange(2) * 1e-3},
                               mech="rr", k=2, exp_eps=3, cases=3, n=500)
"""


def test_failures_show_the_verdict_first_and_hide_uldps_frames(pytester):
    pytester.makepyfile(test_failing=FAILING)
    run = pytester.runpytest(*PLUGIN, "-rf", "--tb=line")
    run.assert_outcomes(failed=3)
    # --tb=line: the test's own line (uldp's frames are hidden) and the verdict.
    run.stdout.fnmatch_lines([
        "*test_failing.py:5: AssertionError: Q is not eps-LDP at exp_eps = 3, within 1e-12: tight "
        "exp_eps = ~9 (eps ~ 2.1972246); ratio violated at x = 0, x' = 1, y = 0",
        "*test_failing.py:9: AssertionError: client violates urr with k = 5 (ULDP at *): 256 "
        "output(s) the reference never produces, the first x = 0, y = 4 (448 samples drawn *)",
        "*test_failing.py:12: AssertionError: server does not match the golden vectors: 3 "
        "estimate(s) differ in 3 of 3 case(s) (case-0, case-1, case-2), the first emp of case "
        "case-0 at item 1",
    ])
    # -rf: the verdict in the short summary.
    run.stdout.fnmatch_lines(["FAILED test_failing.py::test_matrix - AssertionError: Q is not "
                              "eps-LDP*"])
    run = pytester.runpytest(*PLUGIN, "--tb=long")
    assert "uldp/testing.py" not in run.stdout.str()  # no frame of uldp's own
    assert "__tracebackhide__" not in run.stdout.str()


def test_a_failed_golden_comparison_lists_every_differing_case(pytester):
    pytester.makepyfile(test_failing=FAILING)
    run = pytester.runpytest(*PLUGIN, "-k", "server")
    run.assert_outcomes(failed=1)
    run.stdout.fnmatch_lines([
        "E *server does not match the golden vectors: 3 estimate(s) differ in 3 of 3 case(s)*",
        "E *case case-0, emp, item 1: expected *, got * (tolerance 1e-09)",
        "E *case case-1, emp, item 1: expected *, got * (tolerance 1e-09)",
        "E *case case-2, emp, item 1: expected *, got * (tolerance 1e-09)",
        "E *conform estimates: MISMATCH in case case-0, emp, item 1*",
    ])


def test_a_failing_test_that_drew_from_uldp_rng_shows_its_seed(pytester):
    pytester.makepyfile(test_seeded="""
        def test_draw(uldp_rng):
            assert uldp_rng.random() > 2
    """)
    run = pytester.runpytest(*PLUGIN)
    run.assert_outcomes(failed=1)
    run.stdout.fnmatch_lines(
        [f"uldp_seed = {seed_of('test_seeded.py::test_draw')} (SHA-256 of the node id *)"])


# Issue 53: a bad ULDP_ALPHA is a usage error naming it, as the option is, not an INTERNALERROR.
def test_a_bad_uldp_alpha_in_the_environment_is_a_usage_error(pytester, monkeypatch):
    pytester.makepyfile(test_nothing="def test_nothing():\n    pass\n")
    monkeypatch.setenv("ULDP_ALPHA", "abc")
    run = pytester.runpytest_subprocess(*PLUGIN)
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    run.stderr.fnmatch_lines(["*ULDP_ALPHA: 'abc' is not a false-alarm level in (0, 1)*"])
    assert "INTERNALERROR" not in run.stdout.str() + run.stderr.str()
    # The option overrides the environment: the run goes ahead.
    pytester.runpytest_subprocess(*PLUGIN, "--uldp-false-alarm", "0.01").assert_outcomes(passed=1)


# Issue 53: the seed fits the 32-bit generators libraries take (numpy.random.seed, diffprivlib).
def test_the_seed_fits_32_bit_generators(pytester):
    pytester.makepyfile(test_legacy="""
        import numpy

        def test_legacy_seed(uldp_seed):
            assert 0 <= uldp_seed < 2**32
            numpy.random.seed(uldp_seed)
            numpy.random.RandomState(uldp_seed)
    """)
    pytester.runpytest(*PLUGIN).assert_outcomes(passed=1)
    assert all(0 <= seed_of(f"test_x.py::test_{i}") < 2**32 for i in range(100))
