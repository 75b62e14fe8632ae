"""The workflow options are declared once in C++ (uldp/api/workflow_options.h): every Python
function of a workflow takes each option as a keyword with the declared default, and reads its
former name with a DeprecationWarning."""

import inspect
import pathlib

import pytest

import uldp
from uldp import _core, testing

URR = dict(mech="urr", k=5, sensitive=[0, 1], exp_eps=3)


def test_every_workflow_function_takes_each_option_with_the_declared_default():
    options = _core.workflow_options()
    assert {o["name"] for o in options} >= {"false_alarm", "significance", "power", "resolution"}
    for option in options:
        for workflow, use in option["uses"].items():
            parameter = inspect.signature(getattr(uldp, workflow)).parameters.get(option["name"])
            assert parameter is not None, f"uldp.{workflow} has no {option['name']}="
            assert parameter.default == use["default"], (workflow, option["name"])
            if option["count"]:
                assert isinstance(parameter.default, int)
            assert use["former_name"] not in inspect.signature(getattr(uldp, workflow)).parameters


def test_the_testing_assertion_takes_the_client_runs_defaults_but_its_own_level():
    parameters = inspect.signature(testing.assert_conforms).parameters
    for option in _core.workflow_options():
        use = option["uses"].get("conform_client")
        if use is not None and option["name"] != "false_alarm":
            assert parameters[option["name"]].default == use["default"], option["name"]
    assert parameters["false_alarm"].default is None  # default_false_alarm() decides


def test_a_former_name_gives_the_same_answer_with_a_warning():
    new = uldp.conform_plan(false_alarm=1e-3, resolution=0.05, excess=0.2, **URR)
    with pytest.warns(DeprecationWarning) as warned:
        old = uldp.conform_plan(alpha=1e-3, delta=0.05, eps_excess=0.2, **URR)
    assert old == new and new.false_alarm == 1e-3 and new.resolution == 0.05
    assert sorted(str(w.message) for w in warned) == [
        "uldp.conform_plan(alpha=...) is now false_alarm=...",
        "uldp.conform_plan(delta=...) is now resolution=...",
        "uldp.conform_plan(eps_excess=...) is now excess=..."]
    counts = [300, 200, 500]
    with pytest.warns(DeprecationWarning, match=r"estimate\(alpha=...\) is now significance"):
        old = uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="thr", alpha=0.2)
    assert old.json == uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="thr",
                                     significance=0.2).json
    with pytest.raises(ValueError, match="significance / alpha: give significance only"):
        uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, significance=0.2, alpha=0.2)


def test_a_bad_value_is_refused_by_the_options_one_check():
    with pytest.raises(ValueError, match=r"^power: 1(\.0)? is not a power in \(0, 1\)$"):
        uldp.conform_plan(power=1, **URR)
    with pytest.raises(ValueError, match=r"^false_alarm: 2 is not a false-alarm level in \(0, 1\)"):
        uldp.conform_plan(false_alarm=2, **URR)


def test_none_forwarded_for_an_option_means_its_default():
    counts = [300, 200, 500]
    given = uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="thr")
    forwarded = uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="thr",
                              significance=None, em_stop=None, max_iterations=None)
    assert forwarded.json == given.json

    def client(x, rng):
        return int(x) if rng.random() < 0.75 else 1 - int(x)

    report = uldp.conform_client(client, mech="rr", k=2, exp_eps=3, excess=None, seed=1)
    assert report.json["targeted"]["excess"] == 0.1


def test_a_choice_is_one_of_its_declared_words_in_every_front_end():
    counts = [300, 200, 500]
    method = next(o for o in _core.workflow_options() if o["name"] == "method")
    assert method["choices"] == ["emp", "thr", "em"]
    assert method["uses"]["estimate"]["default"] == "em"
    assert uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3).method == "em"
    with pytest.raises(ValueError, match=r"^method: 'emm' is not a method: emp, thr or em$"):
        uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, method="emm")  # type: ignore
    with pytest.raises(ValueError, match=r"^accelerator: 'fast' is not an accelerator: auto, "):
        uldp.estimate(counts=counts, mech="rr", k=3, exp_eps=3, accelerator="fast")  # type: ignore
    with pytest.raises(ValueError, match=r"^spending: 'pocock' is not an alpha spending"):
        uldp.conform_client(lambda x: x, mech="rr", k=2, exp_eps=3,
                            spending="pocock")  # type: ignore
    vectors = uldp.golden(from_counts=counts, mech="rr", k=3, exp_eps=3)
    theirs = {vectors.cases[0].id: {"emp": vectors.cases[0].emp * 1000}}
    assert uldp.conform_estimates(vectors, theirs, scale="counts").matches
    assert not uldp.conform_estimates(vectors, theirs).matches  # frequencies, the default
    with pytest.raises(ValueError, match=r"^scale: 'count' is not a scale: frequencies or counts$"):
        uldp.conform_estimates(vectors, theirs, scale="count")  # type: ignore


def test_mypy_knows_each_choice_from_the_generated_literal_types(tmp_path, monkeypatch):
    mypy_api = pytest.importorskip("mypy.api")
    monkeypatch.setenv("MYPYPATH", str(pathlib.Path(uldp.__file__).parent.parent))
    script = tmp_path / "choices.py"
    script.write_text("import uldp\n"
                      "uldp.estimate(counts=[1, 2], mech='rr', k=2, exp_eps=3, method='thr')\n"
                      "uldp.estimate(counts=[1, 2], mech='rr', k=2, exp_eps=3, method='emm')\n")
    out, _, status = mypy_api.run(["--no-incremental", "--cache-dir", str(tmp_path / "cache"),
                                   "--enable-incomplete-feature=Unpack", str(script)])
    assert status == 1, out
    assert out.count("error:") == 1 and "choices.py:3:" in out and "Literal['emm']" in out, out
