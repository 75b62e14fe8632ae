"""uldp.conform_counts: samples counted elsewhere (a pandas groupby, (x, y, count) triples, files
of "x,y,count" lines, shards that add up) give the report conform_samples gives for the samples
themselves, as `uldp conform counts` does."""

import collections
import copy

import numpy
import pytest

import uldp

URR = dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3)


def urr_samples(n, leak, seed=29):
    """uRR (k = 5, X_S = {0, 1}, t = 3) samples, `leak` of a sensitive input's mass on output 4."""
    rng = numpy.random.default_rng(seed)
    x = numpy.repeat(numpy.arange(5), n)
    u = rng.random(x.size)
    y = numpy.where(x <= 1, numpy.where(u < leak, 4, numpy.where(u < 0.75, x, 1 - x)),
                    numpy.where(u < 0.25, 0, numpy.where(u < 0.5, 1, x)))
    return x, y


def same_report(a, b):
    drop = ("samples_from", "counted", "text", "headline")  # the headline names the source
    ja = {k: copy.deepcopy(v) for k, v in a.json.items() if k not in drop}
    jb = {k: copy.deepcopy(v) for k, v in b.json.items() if k not in drop}
    ja["impossible"].pop("first_line")  # the line of a count, not of a sample
    jb["impossible"].pop("first_line")
    return ja == jb


@pytest.mark.parametrize("leak", [0.0, 0.02])
def test_a_dataframe_groupby_gives_the_verdict_of_the_samples(leak):
    pandas = pytest.importorskip("pandas")
    x, y = urr_samples(400, leak)
    direct = uldp.conform_samples(x, y, **URR)
    frame = pandas.DataFrame({"x": x, "y": y}).groupby(["x", "y"]).size().reset_index(name="count")
    counted = uldp.conform_counts(frame, **URR)
    assert counted.verdict == direct.verdict == ("violates" if leak else "conforms")
    assert counted.json["counted"] is True
    assert same_report(counted, direct)


def test_triples_files_and_shards_are_the_same_counts(tmp_path):
    x, y = urr_samples(300, 0.0)
    direct = uldp.conform_samples(x, y, **URR)
    tally = collections.Counter(zip(x.tolist(), y.tolist()))
    triples = [(a, b, c) for (a, b), c in sorted(tally.items())]
    assert same_report(uldp.conform_counts(triples, **URR), direct)
    whole = tmp_path / "counts.csv"
    whole.write_text("".join(f"{a},{b},{c}\n" for a, b, c in triples))
    assert same_report(uldp.conform_counts(whole, **URR), direct)
    shards = []
    for part in range(2):
        shard = tmp_path / f"shard-{part}.csv"
        part_tally = collections.Counter(zip(x[part::2].tolist(), y[part::2].tolist()))
        shard.write_text("".join(f"{a},{b},{c}\n" for (a, b), c in part_tally.items()))
        shards.append(str(shard))
    sharded = uldp.conform_counts(shards, **URR)
    assert same_report(sharded, direct)
    assert sharded.json["samples_from"] == " + ".join(shards)


def test_bad_counts_are_named():
    with pytest.raises(ValueError, match=r"counts\[1\]: \(0, 1\) is not an \(x, y, count\) triple"):
        uldp.conform_counts([(0, 0, 3), (0, 1)], **URR)
    with pytest.raises(ValueError, match=r"counts\[0\] count"):
        uldp.conform_counts([(0, 0, -3)], **URR)
    with pytest.raises(ValueError, match=r"counts:1:1: input 7 is outside 0..4"):
        uldp.conform_counts([(7, 0, 3)], **URR)
    pandas = pytest.importorskip("pandas")
    with pytest.raises(ValueError, match=r"counts: the DataFrame has no column 'count'"):
        uldp.conform_counts(pandas.DataFrame({"x": [0], "y": [0], "n": [1]}), **URR)
