#!/usr/bin/env python3
"""A stand-in for another library's server, for the tour: the uRR empirical estimator (k = 5,
X_S = {0, 1}, e^eps = 3) over the report counts of golden vectors, with a bug its authors did
not see: the non-sensitive frequencies are multiplied by c3 where they should be divided.

    python3 their_server.py vectors.json > their_estimates.json
"""

import json
import sys

T, SENSITIVE = 3, 2
D = SENSITIVE + T - 1  # |X_S| + e^eps - 1
C3 = 1 - SENSITIVE / D  # the probability that a non-sensitive input is reported as itself


def estimate(counts):
    n = sum(counts)
    f = [c / n for c in counts]
    sensitive = [(f[y] * D - 1) / (T - 1) for y in range(SENSITIVE)]
    non_sensitive = [f[y] * C3 for y in range(SENSITIVE, len(f))]  # the bug: should be / C3
    return sensitive + non_sensitive


vectors = json.load(open(sys.argv[1]))
json.dump({"cases": [{"id": case["id"], "emp": estimate(case["counts"])}
                     for case in vectors["cases"]]}, sys.stdout, indent=1)
print()
