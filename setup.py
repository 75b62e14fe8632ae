"""The build step of the uldp wheel (pyproject.toml names setuptools as the backend): the version
is CMakeLists.txt's `project(uldp VERSION ...)`, and the extension uldp._core is the CMake target
uldp_python_core, built by the project's own CMake rather than by setuptools' compiler calls.

ULDP_BUILD_DIR=DIR: an existing CMake build directory of this source tree (configured for the
same Python); the target is built there (nothing to do when it is up to date) and taken from
it, so a wheel takes seconds after a normal build. Without it, build-python/ is configured once
(the libraries the extension needs, no tests, no command) and reused by later builds.
ULDP_BUILD_JOBS: parallel compile jobs (default 2). setuptools' own scratch files go under the
CMake build directory, so nothing is written into the source tree.
"""

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version() -> str:
    """The one version of uldp: CMakeLists.txt's project(uldp VERSION X.Y.Z)."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    found = re.search(r"project\(\s*uldp\s+VERSION\s+([0-9]+(?:\.[0-9]+)*)", text)
    if found is None:
        sys.exit("setup.py: no `project(uldp VERSION ...)` in CMakeLists.txt")
    return found.group(1)


def cmake_build_dir() -> Path:
    given = os.environ.get("ULDP_BUILD_DIR")
    return Path(given).resolve() if given else ROOT / "build-python"


def cache_value(cache: Path, name: str) -> str:
    for line in cache.read_text(encoding="utf-8").splitlines():
        if line.startswith(name + ":"):
            return line.split("=", 1)[1]
    return ""


def refuse_foreign_build_dir() -> None:
    """Exits when ULDP_BUILD_DIR is no CMake build directory of this source tree: before anything
    is written into it (setuptools' scratch included)."""
    if not os.environ.get("ULDP_BUILD_DIR"):
        return
    build_dir = cmake_build_dir()
    cache = build_dir / "CMakeCache.txt"
    if not cache.is_file():
        sys.exit(f"ULDP_BUILD_DIR: {build_dir} is not a CMake build directory "
                 "(no CMakeCache.txt)")
    source = Path(cache_value(cache, "CMAKE_HOME_DIRECTORY")).resolve()
    if source != ROOT:
        sys.exit(f"ULDP_BUILD_DIR: {build_dir} was configured for {source}, not {ROOT}")


class CMakeBuild(build_ext):
    """Builds uldp._core with CMake and copies it where setuptools packs the extension."""

    def build_extension(self, ext: Extension) -> None:
        build_dir = cmake_build_dir()
        cache = build_dir / "CMakeCache.txt"
        refuse_foreign_build_dir()
        if not os.environ.get("ULDP_BUILD_DIR") and not cache.is_file():
            subprocess.check_call([
                "cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                f"-DPython3_EXECUTABLE={sys.executable}", "-DULDP_BUILD_PYTHON=ON",
                "-DULDP_BUILD_TESTS=OFF", "-DULDP_BUILD_BENCH=OFF", "-DULDP_BUILD_CLI=OFF",
                "-DULDP_BUILD_TESTING=OFF", "-DULDP_INSTALL=OFF"])
        jobs = os.environ.get("ULDP_BUILD_JOBS", "2")
        subprocess.check_call(["cmake", "--build", str(build_dir), "--target",
                               "uldp_python_core", "-j", jobs])
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = build_dir / "python" / "uldp" / f"_core{suffix}"
        if not built.is_file():
            found = sorted(p.name for p in (build_dir / "python" / "uldp").glob("_core*"))
            sys.exit(f"setup.py: {built} was not built (this Python needs the suffix {suffix}; "
                     f"the build directory has {found or 'no extension'}: configure it with "
                     f"-DPython3_EXECUTABLE={sys.executable})")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)
        # the keywords' TypedDict the build generated from the parameter table, beside it
        shutil.copyfile(built.parent / "_keywords.py", target.parent / "_keywords.py")


refuse_foreign_build_dir()  # before its scratch directory is made in it
scratch = cmake_build_dir() / "python-wheel"
scratch.mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    ext_modules=[Extension("uldp._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(scratch / "build")},
             "egg_info": {"egg_base": str(scratch)}},
)
