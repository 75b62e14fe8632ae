#!/usr/bin/env bash
# Issue 51: what `uldp check` costs on the encodings deployed at scale, at their published
# settings, beside urr at the paper's largest setting: OLH over 1000 values at eps = 1 (uldp's
# default 1024 seeds and the libraries' 2^32 xxh32 seeds), RAPPOR as Chrome ran it (m = 128, h = 2,
# 64 cohorts, f = 0.5, p = 0.5, q = 0.75), the count-mean sketch at J = m = 1024 and Hadamard CMS
# at J = 64, m = 1024. The target: each answers in under a second on this two-core machine.
# Run by hand: bench/deployed_encodings_check.sh [build dir, default build]. Prints Markdown:
# each command's wall time (best of 3) and its required property's verdict line.
set -euo pipefail
build="${1:-build}"
uldp="$build/cli/uldp"
[[ -x "$uldp" ]] || { echo "bench/deployed_encodings_check.sh: $uldp: not built" >&2; exit 2; }

run() {
  local label=$1 best="" start end seconds line
  shift
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    line=$({ "$uldp" check "$@" || true; } | grep -m1 '\[required\]' | sed 's/^ *//; s/  */ /g' || true)
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    if [[ -z "$best" ]] || (($(echo "$seconds < $best" | bc))); then best=$seconds; fi
  done
  printf '| %s | %.3f | %s |\n' "$label" "$best" "$line"
}

echo "| setting | wall s (best of 3) | verdict |"
echo "|---|---|---|"
run "olh k=1000 eps=1, 1024 seeds" --mech olh --k 1000 --eps 1
run "olh k=1000 eps=1, 2^32 seeds" --mech olh --k 1000 --eps 1 --hash-seeds 4294967296
run "rappor-bloom k=1000, Chrome" --mech rappor-bloom --k 1000 --bloom-bits 128 --bloom-hashes 2 \
  --cohorts 64 --prr-f 0.5 --irr-p 0.5 --irr-q 0.75
run "cms k=1000 J=1024 m=1024 e^eps=4" --mech cms --k 1000 --exp-eps 4 --sketch-hashes 1024 \
  --sketch-width 1024
run "hcms k=1000 J=64 m=1024 e^eps=3" --mech hcms --k 1000 --exp-eps 3 --sketch-hashes 64 \
  --sketch-width 1024
run "urr k=12800, 2432 sensitive, eps=6" --mech urr --k 12800 --sensitive 0-2431 --eps 6
