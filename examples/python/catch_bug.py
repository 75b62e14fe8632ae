"""Runs test_ldplib.py with one of ldplib's bugs switched on and succeeds only when exactly the
tests that should catch it fail, with uldp's report (matching PATTERN) in the output.

    python3 catch_bug.py BUG TEST_NAME[,TEST_NAME...] PATTERN
"""

import os
import re
import subprocess
import sys

bug, tests, pattern = sys.argv[1:4]
expected = sorted(tests.split(","))
here = os.path.dirname(os.path.abspath(__file__))
run = subprocess.run(
    [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "uldp.pytest_plugin", "-rf",
     os.path.join(here, "test_ldplib.py")],
    capture_output=True, text=True, cwd=here, env=dict(os.environ, LDPLIB_BUG=bug))
failed = sorted(set(re.findall(r"^FAILED \S*::(\w+)", run.stdout, re.MULTILINE)))
print(run.stdout[-3000:])
if run.returncode != 1 or failed != expected or not re.search(pattern, run.stdout):
    print(f"catch_bug: with LDPLIB_BUG={bug} expected exactly {expected} to fail, with "
          f"/{pattern}/ in the output; "
          f"exit code {run.returncode}, failed {failed}")
    sys.exit(1)
print(f"catch_bug: LDPLIB_BUG={bug} is caught by {', '.join(expected)}")
