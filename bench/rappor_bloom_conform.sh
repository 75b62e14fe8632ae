#!/usr/bin/env bash
# Issue 51: what `uldp conform samples` costs on Bloom-filter RAPPOR's "cohort:bits" outputs
# against the same number of rr samples. Writes one million samples of each from seeded test
# doubles (Python: Google's hashing with hashlib's MD5, a fresh permanent response per report),
# then times the command on each.
#   rappor-bloom: k = 16, m = 8, h = 2, C = 2, f = 1/2, p = 1/2, q = 3/4 (a 16 x 512 reference)
#   rappor-bloom-chrome: Chrome's m = 128, C = 64 (tested per input, cohort and bit)
#   rr:           k = 16, t = 3, lines "x,y"
# Run by hand: bench/rappor_bloom_conform.sh [build dir, default build] [samples, default 10^6].
# Prints Markdown: each run's wall time and verdict, and each ratio to rr.
set -euo pipefail
build="${1:-build}"
n="${2:-1000000}"
uldp="$build/cli/uldp"
[[ -x "$uldp" ]] || { echo "bench/rappor_bloom_conform.sh: $uldp: not built" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

python3 - "$n" "$scratch" <<'PY'
import hashlib, random, struct, sys
n, out = int(sys.argv[1]), sys.argv[2]
k, h, f, p, q, t = 16, 2, 0.5, 0.5, 0.75, 3.0
rng = random.Random(51)
def bloom(x, c, m):
    d = hashlib.md5(struct.pack(">I", c) + str(x).encode()).digest()
    return {((d[2 * i] << 8) | d[2 * i + 1]) % m for i in range(h)}
def reporter(m, cohorts):
    filters = [[bloom(x, c, m) for x in range(k)] for c in range(cohorts)]
    def report(x):
        c = rng.randrange(cohorts)
        bits = []
        for j in range(m):
            b = j in filters[c][x]
            if rng.random() < f:
                b = rng.random() < 0.5
            bits.append("1" if rng.random() < (q if b else p) else "0")
        return f"{c}:{''.join(bits)}"
    return report
def grr(v, size):
    if rng.random() < t / (t + size - 1):
        return v
    other = rng.randrange(size - 1)
    return other + (other >= v)
for name, m, cohorts in (("rappor-bloom", 8, 2), ("rappor-bloom-chrome", 128, 64)):
    report = reporter(m, cohorts)
    with open(f"{out}/{name}.txt", "w") as fh:
        for i in range(n):
            fh.write(f"{i % k},{report(i % k)}\n")
with open(f"{out}/rr.txt", "w") as fh:
    for i in range(n):
        fh.write(f"{i % k},{grr(i % k, k)}\n")
PY

. "$(dirname "$0")/conform_timing.sh"
subject=$(conform_run rappor-bloom --mech rappor-bloom --k 16 --bloom-bits 8 --cohorts 2 --prr-f 1/2 --irr-p 1/2 \
  --irr-q 3/4)
chrome=$(conform_run rappor-bloom-chrome --mech rappor-bloom --k 16 --bloom-bits 128 --cohorts 64 \
  --prr-f 1/2 --irr-p 1/2 --irr-q 3/4)
rr=$(conform_run rr --mech rr --k 16 --exp-eps 3)
conform_table "$n" "$rr" "$subject" "$chrome"
