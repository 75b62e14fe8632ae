"""Builds the uldp wheel as a user would (`python3 -m build --no-isolation --wheel`), installs it
into a fresh `python3 -m venv --system-site-packages` in a temporary directory and, from outside
the source tree and without PYTHONPATH, checks the version against CMakeLists.txt and the
package metadata, runs a check, and runs the shipped example's pytest suite with the plugin
enabled by the entry point alone. CTest runs it as python.wheel:

    python3 install_wheel.py SOURCE_DIR BUILD_DIR

BUILD_DIR (a configured CMake build of SOURCE_DIR) is handed to the build backend as
ULDP_BUILD_DIR, so the wheel reuses its compiled libraries. No network: pip gets --no-index and
numpy, pytest come from Debian's site-packages.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

source, build = (Path(p).resolve() for p in sys.argv[1:3])
version = re.search(r"project\(\s*uldp\s+VERSION\s+([0-9.]+)",
                    (source / "CMakeLists.txt").read_text(encoding="utf-8")).group(1)
environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ULDP_FALSE_ALARM", "ULDP_ALPHA")}


def run(*command, cwd, **extra):
    print("+", " ".join(map(str, command)), flush=True)
    done = subprocess.run(list(map(str, command)), cwd=cwd, env=dict(environment, **extra),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(done.stdout[-4000:], flush=True)
    if done.returncode != 0:
        sys.exit(f"install_wheel: `{' '.join(map(str, command))}` exited with {done.returncode}")
    return done.stdout


with tempfile.TemporaryDirectory(prefix="uldp-wheel-") as scratch:
    scratch = Path(scratch)
    run(sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", scratch / "dist",
        source, cwd=scratch, ULDP_BUILD_DIR=str(build))
    wheels = list((scratch / "dist").glob(f"uldp-{version}-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"install_wheel: expected one wheel uldp-{version}-*.whl, found "
                 f"{sorted(p.name for p in (scratch / 'dist').iterdir())}")
    venv = scratch / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", venv, cwd=scratch)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-index",
        wheels[0], cwd=scratch)
    run(python, "-c", f"""
import importlib.metadata, os, uldp
assert uldp.__file__.startswith({str(venv)!r}), uldp.__file__
assert uldp.__version__ == importlib.metadata.version("uldp") == {version!r}, uldp.__version__
assert os.path.exists(os.path.join(os.path.dirname(uldp.__file__), "py.typed"))
report = uldp.check([["3/4", "1/4"], ["1/4", "3/4"]], exp_eps=3, sensitive=())
assert report.ldp.holds and report.ldp.tight_exp_eps == 3, report
print("installed uldp", uldp.__version__, "at", uldp.__file__)
""", cwd=scratch)
    # The shipped example's suite, as a library using the installed package would run it: the
    # plugin comes from the entry point (its option and fixture), nothing from the source tree.
    example = scratch / "example"
    example.mkdir()
    for name in ("ldplib.py", "test_ldplib.py"):
        shutil.copy(source / "examples" / "python" / name, example)
    out = run(python, "-m", "pytest", "-p", "no:cacheprovider", "--uldp-false-alarm", "1e-6", cwd=example)
    if "uldp " + version not in out or " passed" not in out:
        sys.exit("install_wheel: the example's suite did not run with the plugin")
print(f"install_wheel: the wheel of uldp {version} installs, imports and tests")
