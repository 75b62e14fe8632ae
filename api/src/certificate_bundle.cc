// The files of a `check --certificate` bundle, each re-checkable with common tools.
#include "uldp/api/certificate_bundle.h"

#include <filesystem>
#include <fstream>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/io/json_text.h"
#include "uldp/io/matrix_writer.h"

namespace uldp::api {
namespace {

void write_file(const std::filesystem::path& path, const std::string& text,
                const std::string& name) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    throw InvalidArgument(name + ": cannot write '" + message_excerpt(path.string()) + "'");
  }
}

std::string exact_csv(const DenseMechanism& q) {
  return matrix_csv(q, "exact matrix Q(y|x): one row per input x, one column per output y");
}

constexpr const char* kReadme = R"(# uldp check certificate

This directory lets anyone re-check a `uldp check` verdict without uldp.

| file | what it is |
|---|---|
| `matrix.csv` | the exact matrix that was audited: one row per input x, one column per output y, each entry the exact rational Q(y|x) (`a/b`); with `--binary64` these are the exact values of the doubles the exporting program held |
| `verdicts.json` | the report of `uldp check --json`: X_S, Y_P, the budget, and per property (`ldp`, `uldp`, `uldp_strict`, `osldp`) whether it holds, the tight e^eps, the violated condition and a witness (x, x', y, Q(y|x), Q(y|x')) |
| `check.smt2` | an SMT-LIB2 script stating the same matrix and asking, per property, for a violation |
| `z3-expected.txt` | the answers `z3 check.smt2` must print, one per query, in order |

## Re-checking

1. **The verdicts, with Z3.** `z3 check.smt2 | grep -v '^\[' | diff - z3-expected.txt` prints
   nothing when Z3 agrees. Each query asserts a violation: `unsat` means none exists (the
   property holds), `sat` means one does; the comments in `check.smt2` say which query is which.
2. **The matrix and the witnesses, with exact arithmetic.** Any rational arithmetic will do,
   for example Python's `fractions`:

   ```python
   import csv, json
   from fractions import Fraction
   rows = list(csv.reader(l for l in open("matrix.csv", newline="") if not l.startswith("#")))
   Q = [[Fraction(e) for e in r] for r in rows[1:]]  # rows[0]: the output labels
   print("row sums - 1:", [sum(r) - 1 for r in Q])
   v = json.load(open("verdicts.json"))
   for name in ("ldp", "uldp", "uldp_strict", "osldp"):
       w = v[name]["witness"]
       if w and w["q_x"] is not None and w["y"] is not None:
           assert Q[w["x"]][w["y"]] == Fraction(w["q_x"])
           assert Q[w["x_prime"]][w["y"]] == Fraction(w["q_x_prime"])
   # the tight e^eps of eps-LDP: the largest ratio within a column
   cols = list(zip(*Q))
   ratios = [max(c) / min(c) for c in cols if min(c) > 0]
   print("tight e^eps (LDP):", "inf" if any(min(c) == 0 < max(c) for c in cols) else max(ratios))
   ```

   A ratio witness satisfies Q(y|x) > e^eps Q(y|x'); an invertibility witness is an output y
   outside Y_P produced by two inputs, or by a sensitive input.
3. **A tolerance**, when `verdicts.json` has `"tolerance"`: a property `holds_within_tolerance`
   when its tight e^eps <= e^eps (1 + T), and every row in `row_sum_excesses` has
   |sum - 1| <= T (the exact excesses are listed).

For a budget given as eps, e^eps is irrational; `check.smt2` uses a rational certified to lie on
the same side of the tight ratio as e^eps (its comments say which).
)";

}  // namespace

void write_certificate_bundle(const std::string& dir, const CheckResult& result,
                              const std::string& name) {
  if (!result.smt || !result.dense_matrix) {
    throw InvalidArgument(name + ": the check ran without the SMT re-check a bundle needs");
  }
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    throw InvalidArgument(name + ": cannot create '" + message_excerpt(dir) +
                          "': " + error.message());
  }
  const std::filesystem::path root(dir);
  const DenseMechanism& matrix = *result.dense_matrix;
  write_file(root / "matrix.csv", exact_csv(matrix), name);
  nlohmann::json verdicts = versioned(to_json(result));
  verdicts["outputs"] = matrix.output_labels();
  write_file(root / "verdicts.json", json_text(verdicts, 2) + "\n", name);
  write_file(root / "check.smt2", result.smt->certificate.script, name);
  std::string answers;
  for (const std::string& a : result.smt->certificate.expected_answers) answers += a + "\n";
  write_file(root / "z3-expected.txt", answers, name);
  write_file(root / "README.md", kReadme, name);
}

}  // namespace uldp::api
