#!/usr/bin/env bash
# Times `uldp simulate` and `uldp estimate` (emp, em) of the deployed encodings beyond their
# listing, report by report (estimate/unlisted.h), against rr's reports at the same n: olh over
# all 2^32 xxh32 seeds, Chrome's rappor-bloom (m = 128, h = 2, 64 cohorts), cms and hcms at
# Apple's width 1024. Usage: bench/deployed_estimate.sh [BUILD_DIR] [N] (default build, 100000).
set -euo pipefail
build=${1:-build}
n=${2:-100000}
uldp="$build/cli/uldp"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

declare -A flags=(
  [rr]="--mech rr --k 16 --eps 2"
  [olh]="--mech olh --k 100 --eps 2 --hash-seeds 4294967296"
  [rappor-bloom]="--mech rappor-bloom --k 16 --bloom-bits 128 --cohorts 64 --prr-f 0.5 --irr-p 0.5 --irr-q 0.75"
  [cms]="--mech cms --k 100 --sketch-hashes 256 --sketch-width 1024 --eps 4"
  [hcms]="--mech hcms --k 100 --sketch-hashes 256 --sketch-width 1024 --eps 4"
)

seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

echo "| n = $n | simulate s | estimate emp s | estimate em s |"
echo "|---|---|---|---|"
declare -A emp
for name in rr olh rappor-bloom cms hcms; do
  # shellcheck disable=SC2086
  sim=$(seconds bash -c "\"$uldp\" simulate ${flags[$name]} --n $n --seed 1 --p zipf:1 > \"$scratch/$name.txt\"")
  # shellcheck disable=SC2086
  e=$(seconds "$uldp" estimate ${flags[$name]} --reports "$scratch/$name.txt" --method emp)
  # shellcheck disable=SC2086
  m=$(seconds "$uldp" estimate ${flags[$name]} --reports "$scratch/$name.txt" --method em)
  emp[$name]=$e
  echo "| $name | $sim | $e | $m |"
done
echo
for name in olh rappor-bloom cms hcms; do
  echo "$name emp / rr emp: $(echo "scale=1; ${emp[$name]} / ${emp[rr]}" | bc)x"
done
