"""Clients as libraries write them: bit vectors as bool, int or float 0/1 arrays, labels mapped by
a dictionary the caller passes, and a message naming the input, what came back and the forms
accepted when an output cannot be read."""

import numpy
import pytest

import uldp

OUE = dict(mech="oue", k=4, exp_eps=3, max_samples=4096, first_look=64)


def oue_client(dtype):
    def client(x, rng):
        bits = rng.random(4) < numpy.where(numpy.arange(4) == x, 0.5, 0.25)
        return bits.astype(dtype)
    return client


@pytest.mark.parametrize("dtype", [bool, numpy.uint8, numpy.int64, numpy.float64, numpy.float32])
def test_bit_vectors_of_every_numeric_dtype_are_read_alike(dtype):
    report = uldp.conform_client(oue_client(dtype), **OUE)
    reference = uldp.conform_client(oue_client(numpy.uint8), **OUE)
    assert report.verdict == reference.verdict != "violates"
    assert report.samples == reference.samples
    # A 2-D float64 0/1 array of samples too.
    rng = numpy.random.default_rng(1)
    x = rng.integers(4, size=2000)
    y = (rng.random((2000, 4)) < numpy.where(numpy.arange(4) == x[:, None], 0.5, 0.25))
    floats = uldp.conform_samples(x, y.astype(numpy.float64), mech="oue", k=4, exp_eps=3)
    assert floats.json["samples"] == uldp.conform_samples(x, y, mech="oue", k=4,
                                                          exp_eps=3).json["samples"]


def test_a_float_that_is_not_a_bit_is_refused_with_the_input_and_what_came_back():
    with pytest.raises(ValueError, match=r"client\(0\) returned array\(\[0\. , 0\.5, 1\. , 0\. \]\), "
                                         r"which is not an output \(.*not a bit vector.*\); an "
                                         r"output is a label str .* or float\)"):
        uldp.conform_client(lambda x: numpy.array([0, 0.5, 1, 0]), **OUE)
    with pytest.raises(ValueError, match=r"client\(0\) returned 2.5, which is not an output"):
        uldp.conform_client(lambda x: 2.5, mech="rr", k=3, exp_eps=3)


def test_labels_map_a_clients_own_outputs():
    names = ["apple", "banana", "cherry"]
    rows = numpy.array([[3, 1, 1], [1, 3, 1], [1, 1, 3]]) / 5

    def client(x, rng):
        return names[rng.choice(3, p=rows[x])]

    report = uldp.conform_client(client, mech="rr", k=3, exp_eps=3, labels={n: i for i, n in
                                                                            enumerate(names)})
    assert report.verdict != "violates"
    with pytest.raises(ValueError, match=r"client\(\d\) returned '\w+', which labels= does not "
                                         r"map \(it maps \['apple', 'banana'\]\)"):
        uldp.conform_client(client, mech="rr", k=3, exp_eps=3,
                            labels={"apple": 0, "banana": 1})
    with pytest.raises(ValueError, match="labels: .* is not a mapping"):
        uldp.conform_client(client, mech="rr", k=3, exp_eps=3, labels=["apple"])
