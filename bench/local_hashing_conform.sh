#!/usr/bin/env bash
# Issue 51: what `uldp conform samples` costs on local hashing's "seed,value" outputs against the
# same number of rr samples. Writes one million samples of each from seeded test doubles (Python
# with Debian's python3-xxhash, the hash the libraries call), then times the command on each.
#   olh: k = 16, t = 3, g = 4, seeds 0..63 (a 16 x 256 reference), lines "x,seed,value"
#   olh-all-seeds: the same over all 2^32 seeds, as the libraries draw them (folded by the
#        reporting input's own hash: too many outputs to list)
#   rr:  k = 16, t = 3, lines "x,y"
# Run by hand: bench/local_hashing_conform.sh [build dir, default build] [samples, default 10^6].
# Prints Markdown: each run's wall time and verdict, and each ratio to rr.
set -euo pipefail
build="${1:-build}"
n="${2:-1000000}"
uldp="$build/cli/uldp"
[[ -x "$uldp" ]] || { echo "bench/local_hashing_conform.sh: $uldp: not built" >&2; exit 2; }
python=/usr/bin/python3
"$python" -c 'import xxhash' 2>/dev/null ||
  { echo "bench/local_hashing_conform.sh: needs python3-xxhash (apt-get install python3-xxhash)" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

"$python" - "$n" "$scratch" <<'PY'
import random, sys, xxhash
n, out = int(sys.argv[1]), sys.argv[2]
k, t, g, seeds = 16, 3.0, 4, 64
rng = random.Random(51)
def grr(v, size):
    if rng.random() < t / (t + size - 1):
        return v
    other = rng.randrange(size - 1)
    return other + (other >= v)
with open(f"{out}/olh.txt", "w") as f:
    for i in range(n):
        x = i % k
        s = rng.randrange(seeds)
        h = xxhash.xxh32(str(x), seed=s).intdigest() % g
        f.write(f"{x},{s},{grr(h, g)}\n")
with open(f"{out}/olh-all-seeds.txt", "w") as f:
    for i in range(n):
        x = i % k
        s = rng.randrange(2 ** 32)
        h = xxhash.xxh32(str(x), seed=s).intdigest() % g
        f.write(f"{x},{s},{grr(h, g)}\n")
with open(f"{out}/rr.txt", "w") as f:
    for i in range(n):
        x = i % k
        f.write(f"{x},{grr(x, k)}\n")
PY

. "$(dirname "$0")/conform_timing.sh"
subject=$(conform_run olh --mech olh --k 16 --exp-eps 3 --hash-range 4 --hash-seeds 64)
all_seeds=$(conform_run olh-all-seeds --mech olh --k 16 --exp-eps 3 --hash-range 4 --hash-seeds 4294967296)
rr=$(conform_run rr --mech rr --k 16 --exp-eps 3)
conform_table "$n" "$rr" "$subject" "$all_seeds"
