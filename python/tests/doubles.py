"""Test doubles: clients written here from the paper's formulas (not from uldp), correct or with
one deliberate bug, for the conformance tests."""

import numpy


def urr_rows(k, sensitive, t, leak=0.0):
    """uRR (Murakami & Kawamoto, arXiv 1807.11317, eq. (9)) as float rows: a sensitive x keeps
    itself with t / (|X_S| + t - 1) and moves to each other sensitive symbol with 1 / (...); a
    non-sensitive x keeps itself with 1 - |X_S| / (...) and moves to each sensitive symbol with
    1 / (...). `leak` moves that share of every sensitive row onto the non-sensitive symbols,
    outputs the mechanism never gives a sensitive input (a leak into Y_I)."""
    s = len(sensitive)
    rows = numpy.zeros((k, k))
    for x in range(k):
        for y in sensitive:
            rows[x, y] = 1.0 / (s + t - 1)
        if x in sensitive:
            rows[x, x] = t / (s + t - 1)
            if leak:
                rows[x] *= 1 - leak
                for y in range(k):
                    if y not in sensitive:
                        rows[x, y] = leak / (k - s)
        else:
            rows[x, x] = 1 - s / (s + t - 1)
    return rows


def sampling_client(rows):
    """client(x, rng): one output drawn from rows[x]."""
    cumulative = numpy.cumsum(rows, axis=1)

    def client(x, rng):
        return int(min(numpy.searchsorted(cumulative[x], rng.random(), side="right"),
                       rows.shape[1] - 1))

    return client


def rappor_bits(inputs, k, theta, rng, keep_input=False):
    """Basic one-time RAPPOR: bit j of the one-hot input is reported 1 with probability theta
    when it is 1 and 1 - theta when it is 0. keep_input: the input's bit is always 1 (a bug)."""
    inputs = numpy.asarray(inputs)
    one_hot = numpy.zeros((len(inputs), k), dtype=bool)
    one_hot[numpy.arange(len(inputs)), inputs] = True
    p_one = numpy.where(one_hot, 1.0 if keep_input else theta, 1 - theta)
    return (rng.random((len(inputs), k)) < p_one).astype(numpy.uint8)
