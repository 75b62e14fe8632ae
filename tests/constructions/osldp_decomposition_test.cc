#include "uldp/constructions/osldp_decomposition.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_matrix.h"
#include "uldp/constructions/matrix_composition.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {
namespace {

using ::testing::HasSubstr;
using testing_support::fractions;
using testing_support::matrix;

// X = {0,1,2}, X_S = {0}, Y = {0,1,2}. Q_O is (X_S, ln 7/2)-OSLDP (column 1: 7/8 over 1/4) but
// not (X_S, Y_P, ln 7/2)-ULDP: input 2 puts 3/4 on y=0, six times what input 0 does. By hand:
//   Y_P = {0,1}, Y_I = {2}, W = [y0, y1, x=1, x=2], Q_max^† = [1/8, 7/8],
//   α(1) = 1 - (1/8 + 1/2) = 3/8, α(2) = 1 - (1/8 + 1/4) = 5/8, so X_N' = {1, 2}.
//   Q_U rows: [1/8,7/8,0,0], [1/8,1/2,3/8,0], [1/8,1/4,0,5/8];
//   Q_R2(x=2) puts β(2, y0) = (3/4 - 1/8) / (5/8) = 1 on y0;
//   Q_R1(x=2): Σ_{Y_I} Q_O(y|2) = 0, the division by zero of eq. (30) (erratum).
class DecompositionExample : public ::testing::Test {
 protected:
  DenseMechanism q_o = matrix({{"1/8", "7/8", "0"}, {"1/8", "1/2", "3/8"}, {"3/4", "1/4", "0"}});
  IndexSet x_s = IndexSet::from_indices({0}, 3, "x_s");
};

TEST_F(DecompositionExample, HandWorkedPieces) {
  const OsldpDecomposition d = decompose_osldp(q_o, x_s);
  EXPECT_EQ(d.image_of_sensitive.indices(), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(d.kept_nonsensitive, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(d.q_u.entries(), fractions({"1/8", "7/8", "0", "0",    //
                                        "1/8", "1/2", "3/8", "0",  //
                                        "1/8", "1/4", "0", "5/8"}));
  EXPECT_EQ(d.q_u.output_labels(), (std::vector<std::string>{"0", "1", "x=1", "x=2"}));
  EXPECT_EQ(d.q_r.entries(), fractions({"1", "0", "0",  //
                                        "0", "1", "0",  //
                                        "0", "0", "1",  //
                                        "1", "0", "0"}));
  EXPECT_EQ(d.protected_intermediate.indices(), (std::vector<std::size_t>{0, 1}));
  EXPECT_TRUE(equal_entries(compose(d.q_u, d.q_r), q_o));
}

TEST_F(DecompositionExample, VerifiesEveryClaim) {
  ASSERT_FALSE(check_uldp(q_o, x_s, IndexSet::from_indices({0, 1}, 3, "y_p"),
                          PrivacyBudget::from_exp_eps(Rational(7, 2)), UldpReading::kLiteral)
                   .holds);
  const OsldpDecomposition d = decompose_osldp(q_o, x_s);
  const DecompositionCheck c = verify_decomposition(q_o, x_s, d);
  EXPECT_TRUE(c.reproduces);
  EXPECT_TRUE(c.intermediate_steps);
  EXPECT_TRUE(c.stochastic);
  EXPECT_EQ(c.osldp_exp_eps, ExtendedRational(Rational(7, 2)));
  EXPECT_TRUE(c.q_u_uldp.holds);
  EXPECT_EQ(c.q_u_uldp.tight_exp_eps, ExtendedRational(Rational(7, 2)));
  EXPECT_TRUE(c.ok());
}

TEST(Decomposition, UldpInputStaysUldpAndNoSensitiveInputIsTheIdentityOnRows) {
  const IndexSet x_s = IndexSet::from_indices({1, 3}, 5, "x_s");
  const DenseMechanism q = utility_optimized_rr(x_s, PrivacyBudget::from_exp_eps(Rational(3)));
  EXPECT_TRUE(verify_decomposition(q, x_s, decompose_osldp(q, x_s)).ok());
  const DenseMechanism any = matrix({{"1/2", "1/2"}, {"1/3", "2/3"}});
  const IndexSet none = IndexSet::from_indices({}, 2, "x_s");
  const OsldpDecomposition d = decompose_osldp(any, none);
  EXPECT_EQ(d.q_u.entries(), fractions({"1", "0", "0", "1"}));
  EXPECT_TRUE(equal_entries(d.q_r, any));
  EXPECT_TRUE(verify_decomposition(any, none, d).ok());
}

TEST(Decomposition, RejectsMechanismsThatAreNotOsldp) {
  const DenseMechanism q = matrix({{"1/2", "1/2"}, {"1", "0"}});
  const IndexSet x_s = IndexSet::from_indices({0}, 2, "x_s");
  try {
    decompose_osldp(q, x_s);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_THAT(e.what(), HasSubstr("q_o: does not provide"));
  }
  EXPECT_THROW(decompose_osldp(matrix({{"1/2", "1/3"}}), IndexSet::all(1)), InvalidArgument);
  EXPECT_THROW(decompose_osldp(q, IndexSet::all(3)), InvalidArgument);
}

}  // namespace
}  // namespace uldp
