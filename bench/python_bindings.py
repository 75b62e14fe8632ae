"""The Python package against the same work through the C++ API, uldp::api (issue "The
workflows as a library": target within 1.2x). Run after a build with the benchmarks:

    PYTHONPATH=build/python python3 bench/python_bindings.py build/bench/python_bindings_bench

Times (the median of --repeat runs): uldp.check of a 625 x 625 uRR float64 matrix against
BM_CheckUrr625FromDoublesWithReport (the check and its report text, which Python's CheckReport
carries), and uldp.conform_samples of 10^6 numpy samples (tallied from the arrays) against
BM_ConformSamples reading the same samples from a file (both print the ratio)."""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy

import uldp
from uldp import _core


def median_of(repeat, work):
    """The median wall time of `repeat` runs in milliseconds (the C++ side reports its median)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2] * 1000


def urr_samples(n, k, sensitive, t, seed):
    """n samples of uRR (arXiv 1807.11317, eq. (9)), inputs cycling through 0..k-1."""
    s = sensitive
    rows = numpy.zeros((k, k))
    rows[:, :s] = 1 / (s + t - 1)
    for x in range(k):
        rows[x, x] = t / (s + t - 1) if x < s else 1 - s / (s + t - 1)
    rows[:s, s:] = 0
    inputs = numpy.arange(n) % k
    cumulative = numpy.cumsum(rows, axis=1)[inputs]
    u = numpy.random.default_rng(seed).random(n)
    outputs = numpy.minimum((cumulative <= u[:, None]).sum(axis=1), k - 1)
    return inputs, outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", help="the python_bindings_bench executable")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--samples", type=int, default=1_000_000)
    args = parser.parse_args()

    Q = uldp.mechanism("urr", 625, sensitive=range(100), eps=1).to_numpy()
    python_check = median_of(args.repeat, lambda: uldp.check(
        Q, sensitive=range(100), eps=1, tolerance="1/1000000"))
    inputs, outputs = urr_samples(args.samples, 20, 5, 3, seed=11)
    report = uldp.conform_samples(inputs, outputs, mech="urr", k=20, sensitive=range(5),
                                  exp_eps=3)
    python_conform = median_of(args.repeat, lambda: uldp.conform_samples(
        inputs, outputs, mech="urr", k=20, sensitive=range(5), exp_eps=3))

    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "samples.txt")
        _core.write_samples(path, inputs, outputs)
        done = subprocess.run(
            [args.bench, "--samples", path, "--benchmark_format=json",
             f"--benchmark_repetitions={args.repeat}", "--benchmark_report_aggregates_only=true"],
            capture_output=True, text=True, check=True)
    # Milliseconds (the benchmarks' unit): the median, or the only run when --repeat is 1.
    runs = json.loads(done.stdout)["benchmarks"]
    cpp = {b["run_name"]: b["real_time"] for b in runs if b.get("aggregate_name") != "median"}
    cpp.update({b["run_name"]: b["real_time"] for b in runs
                if b.get("aggregate_name") == "median"})

    print(f"conform_samples verdict on the {args.samples} samples: {report.verdict}")
    print(f"{'work':<48} {'Python ms':>10} {'C++ ms':>10} {'ratio':>7}")
    for name, python_ms, cpp_name in [
            ("check, 625 x 625 uRR float64", python_check, "BM_CheckUrr625FromDoublesWithReport"),
            (f"conform_samples, {args.samples} samples", python_conform, "BM_ConformSamples")]:
        print(f"{name:<48} {python_ms:>10.1f} {cpp[cpp_name]:>10.1f} "
              f"{python_ms / cpp[cpp_name]:>7.2f}")


if __name__ == "__main__":
    sys.exit(main())
