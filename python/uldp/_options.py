"""The workflow options as the library declares them once (uldp/api/workflow_options.h): the
default each function takes from there, and the former names it still reads with a
DeprecationWarning ("alpha" for the levels that were all called alpha)."""

from __future__ import annotations

import functools
import warnings
from typing import Any, Callable, Dict, TypeVar

from . import _core

_OPTIONS: Dict[str, Dict[str, Any]] = {o["name"]: o for o in _core.workflow_options()}

F = TypeVar("F", bound=Callable[..., Any])


def default(workflow: str, name: str) -> Any:
    """The default of option `name` in `workflow` ("conform_client"): an int for a count."""
    return _OPTIONS[name]["uses"][workflow]["default"]


def or_default(value: Any, workflow: str, name: str) -> Any:
    """`value`, or the option's default in `workflow` when it is None (a caller forwarding
    "not given")."""
    return default(workflow, name) if value is None else value


def former_names(workflow: str) -> Dict[str, str]:
    """{former name: name} of the options `workflow` takes under a new name."""
    return {use["former_name"]: name for name, option in _OPTIONS.items()
            for w, use in option["uses"].items() if w == workflow and use["former_name"]}


def reads_former_names(workflow: str) -> Callable[[F], F]:
    """Has the function read each option's former name in `workflow` as the option, with a
    DeprecationWarning; both names at once are refused."""
    renames = former_names(workflow)

    def wrap(function: F) -> F:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            __tracebackhide__ = True
            for former, name in renames.items():
                if former in kwargs:
                    if name in kwargs:
                        raise ValueError(f"{name} / {former}: give {name} only ({former} is its "
                                         "former name)")
                    warnings.warn(f"uldp.{function.__name__}({former}=...) is now {name}=...",
                                  DeprecationWarning, stacklevel=2)
                    kwargs[name] = kwargs.pop(former)
            return function(*args, **kwargs)
        return call  # type: ignore[return-value]
    return wrap
