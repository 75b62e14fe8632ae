"""setup.py with a ULDP_BUILD_DIR that is no build directory of this tree refuses it before
writing anything there (issue 53: its python-wheel/ scratch was made in the foreign directory
first)."""

import os
import subprocess
import sys
from pathlib import Path

SETUP = Path(__file__).resolve().parents[2] / "setup.py"


def run_setup(build_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SETUP), "--version"], capture_output=True,
                          text=True, cwd=build_dir, env=dict(os.environ, ULDP_BUILD_DIR=str(build_dir)))


def test_a_directory_without_a_cmake_cache_is_refused_untouched(tmp_path: Path) -> None:
    run = run_setup(tmp_path)
    assert run.returncode != 0
    assert "is not a CMake build directory (no CMakeCache.txt)" in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_build_directory_of_another_tree_is_refused_untouched(tmp_path: Path) -> None:
    (tmp_path / "CMakeCache.txt").write_text("CMAKE_HOME_DIRECTORY:INTERNAL=/elsewhere\n")
    run = run_setup(tmp_path)
    assert run.returncode != 0
    assert "was configured for /elsewhere" in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["CMakeCache.txt"]
