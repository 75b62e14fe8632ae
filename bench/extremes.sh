#!/usr/bin/env bash
# The cost of every documented limit (docs/inputs.md, "Limits and what they cost"): each command
# run at a limit, or just past it, with its wall time and peak memory (GNU time's maximum resident
# set size) and how it ended. A limit is affordable when the command at the limit finishes within
# 2 GB; one past it must be refused at once. Run by hand, on an idle machine:
#   bench/extremes.sh build/cli/uldp > extremes.md
# Needs GNU time (/usr/bin/time, Debian's `time` package) and python3 for the input files.
set -euo pipefail
uldp=$(realpath "${1:-build/cli/uldp}")
[[ -x /usr/bin/time ]] || { echo "bench/extremes.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"

# Input files at the limits.
python3 - <<'EOF'
def matrix(path, rows, cols):
    with open(path, "w") as f:
        row = ",".join(["0"] * (cols - 1) + ["1"]) + "\n"
        for _ in range(rows):
            f.write(row)
# 2896 x 2896 = 8,386,816 <= 2^23 exact entries; 2897 x 2896 is past the limit.
with open("at_limit.csv", "w") as f:
    k = 2896
    for x in range(k):
        f.write(",".join("1/2896" for _ in range(k)) + "\n")
matrix("past_limit.csv", 2897, 2896)
# PUM users (X_S = 0-99): 10^6 users of 64 taggings (the most a check takes at |X| = 2048), and
# 11,000 taggings over |X| = 3000 (the reader's 2^25 tag entries allow 11,184).
with open("many_users.txt", "w") as f:
    for u in range(1_000_000):
        f.write(f"home={100 + u % 64}\n")
with open("many_taggings.txt", "w") as f:
    for u in range(11_000):
        f.write(f"home={100 + u % 2900} work={100 + (u // 2900 + u + 1) % 2900}\n")
# A 1000-digit budget, and t with 4096-bit numerator (the budget reader's limit).
open("t1000.txt", "w").write("1" + "0" * 999)
open("t4096bits.txt", "w").write(str(2 ** 4095 + 1) + "/" + str(2 ** 4094))
# A 2 x 2 LDP mechanism for construct uldp-from-ldp.
open("m2.csv", "w").write("3/4,1/4\n1/4,3/4\n")
# One line of 100 MB (50 M entries): past the 16 MiB line limit, refused at its line.
with open("one_line_100mb.csv", "w") as f:
    f.write("0," * 50_000_000 + "1\n")
# A 3 x 3 mechanism, and 64 MB of pair budgets for it (rows past k = 3).
open("m3.csv", "w").write("1/2,1/4,1/4\n1/4,1/2,1/4\n1/4,1/4,1/2\n")
with open("pair_budgets_64mb.txt", "w") as f:
    row = "2,2,2\n"
    f.write(row * (64 * 1024 * 1024 // len(row)))
EOF
truncate -s 1073741825 sparse_past_bytes.csv  # one byte past kMaxInputBytes, no disk used

run() {  # name, then the command's arguments
  local name=$1
  shift
  local status=0
  /usr/bin/time -f "%e %M" -o time.txt "$uldp" "$@" >out.txt 2>err.txt || status=$?
  read -r seconds kilobytes < <(tail -1 time.txt)  # GNU time puts an exit status line first
  local said
  said=$(head -c 150 err.txt | head -1 | sed 's/|/\\|/g' || true)
  [[ -z $said ]] && said="(exit 0: ran to the end)"
  printf '| %s | `uldp %s` | %s s | %s MB | %s | %s |\n' "$name" "$(echo "$*" | cut -c1-110)" \
    "$seconds" "$((kilobytes / 1024))" "$status" "$said"
}

echo "| case | command | time | peak memory | exit | stderr |"
echo "|---|---|---|---|---|---|"
run dense_k4096 check --mech rr --k 4096 --dense --eps 1
run dense_k4096_eps1000 check --mech rr --k 4096 --dense --eps 1000
run dense_largest_eps1000 check --mech rr --k 2553 --dense --eps 1000
run pairs_dense_at_limit check --mech rr --k 640 --exp-eps 3 --pairs --dense --json
run pairs_per_bit_at_limit check --mech rappor --k 1024 --exp-eps 3 --pairs --json
run dense_t_4096_bits check --mech urr --k 1286 --sensitive 0-9 --dense --exp-eps "$(cat t4096bits.txt)"
run budget_1000_digits check --mech urr --k 5 --sensitive 0,1 --exp-eps "$(cat t1000.txt)"
run budget_1000_digits_loss loss --mech urap --k 64 --sensitive 0-9 --exp-eps "$(cat t1000.txt)" --n 1000 --p worst
run matrix_at_entry_limit check --matrix at_limit.csv --exp-eps 1
run matrix_past_entry_limit check --matrix past_limit.csv --exp-eps 1
run matrix_past_byte_limit check --matrix sparse_past_bytes.csv --exp-eps 1
run ubd_plan_k2048 conform plan --mech ubd --k 2048 --sensitive 0-1023 --block 512 --exp-eps 3
run ubd_plan_k10000 conform plan --mech ubd --k 10000 --sensitive 0-4999 --block 2500 --exp-eps 3
run ubd_plan_k10000000 conform plan --mech ubd --k 10000000 --sensitive 0-4999999 --block 2500 --exp-eps 3
run pum_users_1e6_k2048 check --mech pum --common urr --k 2048 --sensitive 0-99 --exp-eps 2 --tags home,work --users many_users.txt
run pum_k3000 check --mech pum --common urr --k 3000 --sensitive 0-99 --exp-eps 2 --tags home,work --users many_users.txt
run pum_taggings_11000 simulate --mech pum --common urr --k 3000 --sensitive 0-99 --exp-eps 2 --tags home,work --users many_taggings.txt --seed 1 --counts
run golden_list_limit golden --mech oue --k 1000 --exp-eps 3 --cases 1 --n 10000 --with-reports
run simulate_1e9_counts simulate --mech urr --k 100 --sensitive 0-9 --eps 1 --n 1000000000 --counts --seed 1
run simulate_1e9_per_user_draws simulate --mech uhr --k 6 --sensitive 0,1,2 --exp-eps 3 --n 1000000000 --counts --seed 1
run loss_k_limit loss --mech rr --k 1000000 --eps 1 --n 1000
run loss_k_past_limit loss --mech rr --k 10000000 --eps 1 --n 1000
run table_k_limit table --mech rr,urr,rappor,urap,oue,sue,uoue,uhr,uss --k 500000 --sensitive-count 10 --eps 1
run table_k_past_limit table --mech rr --k 10000000 --sensitive-count 10 --eps 1
run construct_at_limit construct uldp-from-ldp --matrix m2.csv --sensitive 0,1 --k 2896 --format json
run construct_past_limit construct uldp-from-ldp --matrix m2.csv --sensitive 0,1 --k 8000
run geometric_13x13_eps1000 check --mech geometric --grid 13x13 --eps-per-unit 1000
run geometric_25x25_eps1000 check --mech geometric --grid 25x25 --eps-per-unit 1000
run geometric_625x1_eps10 check --mech geometric --grid 625x1 --eps-per-unit 10
run geometric_25x25_eps1 check --mech geometric --grid 25x25 --eps-per-unit 1
run geometric_14x14_eps1000 check --mech geometric --grid 14x14 --eps-per-unit 1000
run matrix_one_line_100mb check --matrix one_line_100mb.csv --exp-eps 2
run pair_budgets_dev_zero check --matrix m3.csv --pair-budgets /dev/zero
run pair_budgets_64mb_k3 check --matrix m3.csv --pair-budgets pair_budgets_64mb.txt
