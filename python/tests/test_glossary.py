"""docs/glossary.md: every Python keyword in the table is a parameter of the function it names."""

import inspect
import os
import re

import uldp

GLOSSARY = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "glossary.md")


def _python_cells():
    cells = []
    with open(GLOSSARY, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            parts = [p.strip() for p in line.strip().strip("|").split("|")]
            if len(parts) == 5 and line.startswith("| ") and not line.startswith("| concept"):
                cells += [(number, m) for m in re.findall(r"`(\w+)\((\w+)=\)`", parts[4])]
    return cells


def test_every_python_keyword_is_a_parameter_of_its_function():
    cells = _python_cells()
    assert len(cells) >= 10, "no Python keywords found in docs/glossary.md"
    for number, (function, keyword) in cells:
        parameters = inspect.signature(getattr(uldp, function)).parameters
        assert keyword in parameters, f"docs/glossary.md:{number}: uldp.{function} has no {keyword}"
