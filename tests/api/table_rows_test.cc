// evaluate_table_row and TableRow::status: the checks that ran are named, Z3 agrees with the
// exact checker on small rows, and a row with a failed check is never "verified".
#include "uldp/api/table_rows.h"

#include <gtest/gtest.h>

namespace uldp::api {
namespace {

TableSetting setting(std::string_view name, std::size_t k, std::size_t count) {
  return {&find_mechanism(name), k, count, PrivacyBudget::from_exp_eps(Rational(3)), "paper", 100};
}

TEST(TableRows, SmallRowsAreCheckedByZ3AndLargeOnesAreNot) {
  const TableRow small = evaluate_table_row(setting("urap", 3, 1));
  EXPECT_EQ(small.status(), "verified: stochastic, exact per-bit uldp, z3 uldp");
  EXPECT_EQ(small.tight_exp_eps->to_string(), "3");
  const TableRow large = evaluate_table_row(setting("urr", 5000, 100));
  EXPECT_EQ(large.status(), "verified: stochastic, exact class uldp");
  EXPECT_TRUE(large.eps_used->contains(large.tight_eps->lower));
}

TEST(TableRows, AFailedCheckIsNeverVerified) {
  TableRow row = evaluate_table_row(setting("rr", 4, 4));
  ASSERT_TRUE(row.verified());
  row.failures.emplace_back("z3 ldp (unknown)");  // emplaced: GCC 12 -Warray-bounds (DEVELOPERS.md)
  EXPECT_FALSE(row.verified());
  EXPECT_EQ(row.status(), "FAILED: z3 ldp (unknown); passed: stochastic, exact class ldp, z3 ldp");
}

}  // namespace
}  // namespace uldp::api
