#!/usr/bin/env bash
# The README's test command ("Install, build and run every test", what CI runs) on a fresh clone:
# the repository is cloned into a scratch directory and each step of the command (the parts
# between `&&`) runs there in turn, timed. Prints each step's wall time, the build's (configure
# and build), the tests' (ctest and the sanitized tests, which build their own instrumented tree)
# and the whole command's, against the 40 minutes of issue 50; exits with the command's status. It
# takes about 40 minutes on two cores and uses both: run it by hand, on an otherwise idle machine,
# with the dependencies installed (install-deps.sh then only checks them):
#   bench/fresh_clone_time.sh [repository, default this one] [commit, default HEAD] > fresh.txt
# What is measured is the commit: uncommitted changes in the repository are not in the clone.
set -euo pipefail
repository="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
commit="${2:-HEAD}"
limit_minutes=40

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git clone --quiet --no-local "$repository" "$scratch/uldp"
git -C "$scratch/uldp" checkout --quiet "$commit"
cd "$scratch/uldp"

# The command as the clone's README states it: the line after the "run every test" heading's fence.
command_line=$(awk '/\*\*Install, build and run every test\*\*/ { found = 1 }
                    found && /^```/ { fence++; next }
                    found && fence == 1 { print; exit }' README.md)
[[ -n "$command_line" ]] || { echo "bench/fresh_clone_time.sh: README.md: no test command after '**Install, build and run every test**'" >&2; exit 2; }

echo "commit: $(git rev-parse --short HEAD); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command: $command_line"
build_seconds=0
test_seconds=0
all_seconds=0
status=0
step_texts=()
# Split at " && " (no step of the command contains one).
while [[ -n "$command_line" ]]; do
  step_texts+=("${command_line%% && *}")
  [[ "$command_line" == *" && "* ]] && command_line="${command_line#* && }" || command_line=""
done
for step in "${step_texts[@]}"; do
  start=$(date +%s)
  bash -c "$step" >"$scratch/step.log" 2>&1 || status=$?
  seconds=$(($(date +%s) - start))
  all_seconds=$((all_seconds + seconds))
  # The configure and the build are the build; ctest and the sanitized tests (which build their
  # own instrumented tree first) are the tests; install-deps counts in the total only.
  case "$step" in
    cmake\ -S* | cmake\ --build*) build_seconds=$((build_seconds + seconds)) ;;
    ctest* | *sanitized-tests.sh*) test_seconds=$((test_seconds + seconds)) ;;
  esac
  printf '%6d s  %s\n' "$seconds" "$step"
  if ((status != 0)); then
    echo "failed (exit $status); the last lines of its output:"
    tail -n 20 "$scratch/step.log"
    break
  fi
done
minutes() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
verdict="NOT within"
((status == 0 && all_seconds <= limit_minutes * 60)) && verdict="within"
echo "build $(minutes "$build_seconds"), tests $(minutes "$test_seconds"), the whole command" \
  "$(minutes "$all_seconds"): $verdict $limit_minutes minutes"
exit "$status"
