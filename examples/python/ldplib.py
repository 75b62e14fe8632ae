"""ldplib: a small numpy LDP library, written for uldp's example of a Python library that
regression-tests itself with uldp (test_ldplib.py). Generalized randomized response (GRR, also
called k-RR) and optimized unary encoding (OUE, Wang et al., USENIX Security 2017): the client,
the server's empirical estimator and, for GRR, the matrix the library documents.

Three bugs can be switched on with LDPLIB_BUG, each the kind its test catches:
  matrix  GRR's probabilities computed at 2 eps (an "eps per half" mix-up), which the matrix,
          the client and the server all share
  client  GRR's client draws the "other" value from all k values, its own included
  server  GRR's estimator divides by p - q with q taken as 1 / k
"""

import os
from typing import Callable, Tuple

import numpy
import numpy.typing

FloatArray = numpy.typing.NDArray[numpy.float64]

BUG = os.environ.get("LDPLIB_BUG", "")


def grr_probabilities(k: int, exp_eps: float) -> Tuple[float, float]:
    """(p, q): GRR keeps its input with p = e^eps / (e^eps + k - 1), else reports each other
    value with q = 1 / (e^eps + k - 1)."""
    t = exp_eps * exp_eps if BUG == "matrix" else exp_eps
    return t / (t + k - 1), 1 / (t + k - 1)


def grr_matrix(k: int, exp_eps: float) -> FloatArray:
    """The k x k matrix Q[x][y] = P(report y | input x), as the library documents it."""
    p, q = grr_probabilities(k, exp_eps)
    return numpy.where(numpy.eye(k, dtype=bool), p, q)


def grr_client(k: int, exp_eps: float) -> Callable[[int, numpy.random.Generator], int]:
    """client(x, rng): one GRR report of input x."""
    p, _ = grr_probabilities(k, exp_eps)

    def client(x: int, rng: numpy.random.Generator) -> int:
        if rng.random() < p:
            return x
        if BUG == "client":
            return int(rng.integers(k))  # may return x itself: x is over-reported
        other = int(rng.integers(k - 1))
        return other + 1 if other >= x else other

    return client


def grr_estimate(counts: numpy.typing.ArrayLike, exp_eps: float) -> FloatArray:
    """The empirical estimate from the histogram of GRR reports: (c / n - q) / (p - q)."""
    frequencies = numpy.asarray(counts, dtype=numpy.float64)
    k = len(frequencies)
    p, q = grr_probabilities(k, exp_eps)
    if BUG == "server":
        q = 1 / k
    estimate: FloatArray = (frequencies / frequencies.sum() - q) / (p - q)
    return estimate


def oue_probabilities(exp_eps: float) -> Tuple[float, float]:
    """(p, q): OUE reports the input's bit as 1 with p = 1/2, every other bit with
    q = 1 / (e^eps + 1)."""
    return 0.5, 1 / (exp_eps + 1)


def oue_client(
        k: int, exp_eps: float
) -> Callable[[int, numpy.random.Generator], numpy.typing.NDArray[numpy.uint8]]:
    """client(x, rng): one OUE report of input x, k bits as a numpy 0/1 array."""
    p, q = oue_probabilities(exp_eps)

    def client(x: int, rng: numpy.random.Generator) -> numpy.typing.NDArray[numpy.uint8]:
        probabilities = numpy.full(k, q)
        probabilities[x] = p
        return (rng.random(k) < probabilities).astype(numpy.uint8)

    return client


def oue_estimate(ones: numpy.typing.ArrayLike, n: int, exp_eps: float) -> FloatArray:
    """The empirical estimate from per-bit counts of n OUE reports: (c_j / n - q) / (p - q)."""
    p, q = oue_probabilities(exp_eps)
    estimate: FloatArray = (numpy.asarray(ones, dtype=numpy.float64) / n - q) / (p - q)
    return estimate
