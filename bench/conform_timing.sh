# Sourced by the conform benchmarks (bench/*_conform.sh): times `uldp conform samples` on sample
# files against the same number of rr samples and prints the Markdown table and the ratio.
# Needs $uldp (the binary) and $scratch (the folder of NAME.txt sample files).

# One run: NAME, then the reference's flags. Prints "NAME SECONDS VERDICT".
conform_run() {
  local name=$1
  shift
  local start end verdict
  start=$(date +%s.%N)
  verdict=$("$uldp" conform samples "$@" --samples "$scratch/$name.txt" 2>&1 | grep '^verdict' || true)
  end=$(date +%s.%N)
  echo "$name $(echo "$end - $start" | bc) ${verdict:-no verdict}"
}

# The table of runs (each conform_run's line) over N samples: the rr run first, then the
# subjects; then "NAME / rr: RATIOx" for each subject.
conform_table() {
  local n=$1 rr=$2 name seconds verdict rr_s subject_s line
  shift 2
  echo "| samples | reference | wall s | verdict |"
  echo "|---|---|---|---|"
  for line in "$@" "$rr"; do
    read -r name seconds verdict <<<"$line"
    echo "| $n | $name | $seconds | $verdict |"
  done
  read -r _ rr_s _ <<<"$rr"
  echo
  for line in "$@"; do
    read -r name subject_s _ <<<"$line"
    echo "$name / rr: $(echo "scale=2; $subject_s / $rr_s" | bc)x"
  done
}
