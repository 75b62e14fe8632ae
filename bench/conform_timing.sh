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

# The table of two runs (each conform_run's line) over N samples, then "NAME / rr: RATIOx".
conform_table() {
  local n=$1 subject=$2 rr=$3 name seconds verdict subject_s rr_s
  echo "| samples | reference | wall s | verdict |"
  echo "|---|---|---|---|"
  for line in "$subject" "$rr"; do
    read -r name seconds verdict <<<"$line"
    echo "| $n | $name | $seconds | $verdict |"
  done
  read -r name subject_s _ <<<"$subject"
  read -r _ rr_s _ <<<"$rr"
  echo
  echo "$name / rr: $(echo "scale=2; $subject_s / $rr_s" | bc)x"
}
