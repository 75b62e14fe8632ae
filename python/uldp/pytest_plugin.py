"""uldp's pytest plugin, enabled by installing the package (entry point `pytest11` named
`uldp.pytest_plugin`: `-p no:uldp.pytest_plugin` turns it off, `-p uldp.pytest_plugin` loads it
where the package is only on PYTHONPATH, as in a CMake build tree):

- `uldp_seed` (an int in [0, 2^32)) and `uldp_rng` (a numpy Generator seeded with it): a seed
  per test, made from the test's node id (its path relative to the rootdir, its name and
  parameters) with SHA-256, so the same test draws the same numbers on every run and every
  machine. 32 bits, so that every generator a library takes a seed for accepts it as is
  (`numpy.random.seed`, `random.Random`, diffprivlib's `random_state`). A failing test that used
  them shows its seed in the report.
- `--uldp-false-alarm A` (its former name `--uldp-alpha` too): the false-alarm level of every
  uldp.testing conformance assertion that does not set false_alarm= itself, for the whole run.
  Without it the environment's ULDP_FALSE_ALARM (or ULDP_ALPHA) applies, else 1e-6 per
  assertion; uldp.testing.default_false_alarm() decides (the header shows its choice). A level
  outside (0, 1), from the option or from the environment, is a usage error naming its source.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any, Generator, List, Optional, Tuple

import numpy
import pytest

from . import __version__, testing

_SEED_KEY = pytest.StashKey[int]()
_OUTER_LEVEL_KEY = pytest.StashKey[Optional[Tuple[float, str]]]()


def seed_of(nodeid: str) -> int:
    """The seed of the test `nodeid`: the first 4 bytes of SHA-256 of its UTF-8 text, read as a
    little-endian unsigned integer (the same on every run, machine and Python version): below
    2^32, the widest seed numpy.random.seed and the libraries built on it accept."""
    return int.from_bytes(hashlib.sha256(nodeid.encode("utf-8")).digest()[:4], "little")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("uldp", "uldp: exact LDP verification")
    group.addoption(
        "--uldp-false-alarm", "--uldp-alpha", dest="uldp_false_alarm", default=None, metavar="A",
        help="false-alarm level per uldp conformance assertion for this run (in (0, 1); "
             "default: ULDP_FALSE_ALARM from the environment, else 1e-6; --uldp-alpha is its "
             "former name)")


def pytest_configure(config: pytest.Config) -> None:
    text: Optional[str] = config.getoption("uldp_false_alarm")
    if text is not None:
        config.stash[_OUTER_LEVEL_KEY] = testing._suite_false_alarm  # pytester runs nest
        try:
            testing._set_suite_false_alarm(text, "--uldp-false-alarm")
        except ValueError as error:
            raise pytest.UsageError(str(error)) from None
    elif testing._suite_false_alarm is None:
        # The level every assertion would read from the environment, read once here, so that a
        # bad ULDP_FALSE_ALARM is a usage error before any test runs, not an INTERNALERROR.
        name = next((n for n in testing._ENVIRONMENT if os.environ.get(n)), None)
        if name is not None:
            try:
                testing._false_alarm_level(os.environ[name], name)
            except ValueError as error:
                raise pytest.UsageError(str(error)) from None


def pytest_unconfigure(config: pytest.Config) -> None:
    if _OUTER_LEVEL_KEY in config.stash:
        testing._suite_false_alarm = config.stash[_OUTER_LEVEL_KEY]


def pytest_report_header(config: pytest.Config) -> List[str]:
    level, source = testing._default_false_alarm_and_source()
    return [f"uldp {__version__}: conformance assertions at false-alarm level {level:g} ({source})"]


@pytest.fixture
def uldp_seed(request: pytest.FixtureRequest) -> int:
    """This test's seed: SHA-256 of its node id (uldp.pytest_plugin.seed_of), stable across runs
    and machines."""
    seed = seed_of(request.node.nodeid)
    request.node.stash[_SEED_KEY] = seed
    return seed


@pytest.fixture
def uldp_rng(uldp_seed: int) -> numpy.random.Generator:
    """A numpy Generator for this test alone, seeded with uldp_seed."""
    return numpy.random.default_rng(uldp_seed)


@pytest.hookimpl(hookwrapper=True)  # type: ignore[misc]  # Debian's pluggy 1.0 has no types
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    seed = item.stash.get(_SEED_KEY, None)
    if seed is not None and report.failed:
        report.sections.append(
            ("uldp", f"uldp_seed = {seed} (SHA-256 of the node id {item.nodeid!r})"))
