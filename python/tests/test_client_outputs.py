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


def _masks(bits, order):
    """Each 0/1 row as the int a library would pack it into."""
    weights = 2 ** numpy.arange(bits.shape[1])
    return (bits @ (weights if order == "lsb" else weights[::-1])).astype(numpy.int64)


@pytest.mark.parametrize("order", ["lsb", "msb"])
def test_integer_bit_masks_read_in_the_stated_order_are_the_same_bit_vectors(order):
    rng = numpy.random.default_rng(4)
    x = rng.integers(4, size=1500)
    # A first bit set far more often than the others: a wrong bit order is a deviation.
    y = (rng.random((1500, 4)) < numpy.where(numpy.arange(4) == x[:, None], 0.5, 0.25))
    y[:, 0] |= rng.random(1500) < 0.5
    as_bits = uldp.conform_samples(x, y, mech="oue", k=4, exp_eps=3)
    masks = _masks(y.astype(numpy.int64), order)
    as_masks = uldp.conform_samples(x, masks, mech="oue", k=4, exp_eps=3, bit_mask=order)
    assert as_masks.json == as_bits.json
    other = "msb" if order == "lsb" else "lsb"
    assert uldp.conform_samples(x, masks, mech="oue", k=4, exp_eps=3,
                                bit_mask=other).json != as_bits.json
    estimate = uldp.estimate(masks, mech="oue", k=4, exp_eps=3, bit_mask=order)
    assert (estimate.frequencies == uldp.estimate(y, mech="oue", k=4, exp_eps=3).frequencies).all()

    def client(x, rng):
        return int(_masks((rng.random((1, 4)) < numpy.where(numpy.arange(4) == x, 0.5, 0.25))
                          .astype(numpy.int64), order)[0])

    assert uldp.conform_client(client, bit_mask=order, **OUE).verdict != "violates"


def test_a_mask_too_wide_or_an_unknown_bit_order_is_refused():
    with pytest.raises(ValueError, match=r"^client\(\d\) returned 16, not a mask of k = 4 bits"):
        uldp.conform_client(lambda x: 16, bit_mask="lsb", **OUE)
    with pytest.raises(ValueError, match=r"^outputs\[1\]: -1, not a mask of k = 4 bits"):
        uldp.conform_samples([0, 1], [3, -1], mech="oue", k=4, exp_eps=3, bit_mask="msb")
    with pytest.raises(ValueError, match=r"^bit_mask: 'little' is not 'lsb'"):
        uldp.estimate([1, 2], mech="oue", k=4, exp_eps=3, bit_mask="little")
    with pytest.raises(ValueError, match=r"^bit_mask: the masks' width is the mechanism's k"):
        uldp.conform_samples([0], [1], matrix=[[1, 0], [0, 1]], exp_eps=3, bit_mask="lsb")


def test_labels_map_samples_and_reports_as_they_map_a_client():
    names = numpy.array(["apple", "banana", "cherry"])
    rng = numpy.random.default_rng(2)
    x = rng.integers(3, size=600)
    y = numpy.where(rng.random(600) < 0.6, x, rng.integers(3, size=600))
    mapping = {name: i for i, name in enumerate(names)}
    rr = dict(mech="rr", k=3, exp_eps=3)
    assert uldp.conform_samples(x, names[y], labels=mapping, **rr).json == \
        uldp.conform_samples(x, y, **rr).json
    assert (uldp.estimate(list(names[y]), labels=mapping, **rr).frequencies ==
            uldp.estimate(y, **rr).frequencies).all()
    with pytest.raises(ValueError, match=r"^reports\[0\]: 'durian', which labels= does not map"):
        uldp.estimate(["durian"], labels=mapping, **rr)


def test_uhr_beyond_its_dense_size_folds_x_n_by_the_reporting_input():
    # k = 4200 > 4096 (X_S = 0..9, V = 16, t = 3): the columns by label, an X_N symbol as the
    # reporting input's own or another's, which no input reports (issue 37).
    reference = dict(mech="uhr", k=4200, sensitive=range(10), exp_eps=3)
    own = uldp.conform_samples([4150, 4150, 4151], [4150, "h3", 4151], **reference)
    assert own.json["impossible"]["count"] == 0
    assert own.json["reference"]["pooling"].startswith("18 cells: its 16 columns, and its 4190 X_N")
    another = uldp.conform_samples([4150, 4150], [4150, 4151], **reference)
    assert another.verdict == "violates"
    assert another.json["impossible"]["count"] == 1
    with pytest.raises(ValueError, match="is not an output label of the reference"):
        uldp.conform_samples([4150], [3], **reference)  # a sensitive symbol is no output


# Issue 53: an output that reads as text but is no output of the reference names the sample, its
# input, the text received, the forms the reference's outputs take and the keywords that read a
# library's own outputs, not the line and column of samples nobody wrote.
def test_an_output_the_reference_lacks_names_the_sample_the_text_and_the_keywords():
    with pytest.raises(ValueError) as letter:
        uldp.conform_client(lambda x: "a", mech="rr", k=5, exp_eps=3)  # diffprivlib's labels
    assert str(letter.value) == (
        "client: sample 1 (input x = 0) returned 'a', which is no output of rr: rr's outputs are "
        "0..4 (a library with outputs of its own: labels= maps them to these, bit_mask='lsb' or "
        "'msb' reads an int as a bit vector of k bits)")
    with pytest.raises(ValueError, match=r"^client: sample 1 \(input x = 0\) returned '1', which "
                                         r"is no output of oue: it looks like an output index or "
                                         r"an integer bit mask, not a bit vector; oue's outputs "
                                         r"are bit vectors.*bit_mask="):
        uldp.conform_client(lambda x: 1 << x, **OUE)  # an int from a bit-vector client
    with pytest.raises(ValueError, match=r"returned '101', which is no output of oue: it has 3 "
                                         r"bits where oue has k = 4"):
        uldp.conform_client(lambda x: [1, 0, 1], **OUE)
    with pytest.raises(ValueError, match=r"returned '100101', which is no output of rr: it looks "
                                         r"like a bit vector, which rr's outputs are not; rr's "
                                         r"outputs are 0..5"):
        uldp.conform_client(lambda x: [1, 0, 0, 1, 0, 1], mech="rr", k=6, exp_eps=3)
    # The 6th sample of a client that breaks after five: counted over the run, input 1 of k = 5.
    calls = []

    def breaks_after_five(x):
        calls.append(x)
        return x if len(calls) <= 5 else "oops"

    with pytest.raises(ValueError, match=r"^client: sample 6 \(input x = 0\) returned 'oops'"):
        uldp.conform_client(breaks_after_five, mech="rr", k=5, exp_eps=3, first_look=1)
    # labels= in use: the hint says what it made of the value.
    with pytest.raises(ValueError, match=r"returned '7', which is no output of rr: rr's outputs "
                                         r"are 0..2 \(labels= mapped what the client returned to "
                                         r"it\)"):
        uldp.conform_client(lambda x: "seven", mech="rr", k=3, exp_eps=3, labels={"seven": 7})


def test_samples_name_output_index_as_the_keyword():
    with pytest.raises(ValueError, match=r"output_index reads y as the 0-based column"):
        uldp.conform_samples([0], ["h1"], mech="ubd", k=5, sensitive=[0, 1, 3], block=2,
                             exp_eps=3)
