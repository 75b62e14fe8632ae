// The Hadamard count-mean sketch: scipy's Hadamard signs, its class form against its dense
// matrix, and its tight e^eps = t.
#include "uldp/mechanisms/hcms/hcms.h"

#include <gtest/gtest.h>

#include <string>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make(std::size_t k, const Rational& t, std::uint64_t hashes, std::uint64_t width) {
  MechanismArguments a;
  a.k = k;
  a.budget = PrivacyBudget::from_exp_eps(t);
  a.values.set(kSketchHashesParameter, hashes);
  a.values.set(kSketchWidthParameter, width);
  return make_mechanism(find_mechanism("hcms"), a);
}

// scipy.linalg.hadamard(4): rows [1 1 1 1], [1 -1 1 -1], [1 1 -1 -1], [1 -1 -1 1].
TEST(HadamardCountMeanSketch, SignsAreSylvestersHadamardMatrix) {
  const int h4[4][4] = {{1, 1, 1, 1}, {1, -1, 1, -1}, {1, 1, -1, -1}, {1, -1, -1, 1}};
  for (std::uint32_t l = 0; l < 4; ++l) {
    for (std::uint32_t b = 0; b < 4; ++b) EXPECT_EQ(hadamard_plus(l, b), h4[l][b] == 1) << l << b;
  }
  EXPECT_EQ(hcms_label(3, 5, true), "3,5,1");
  EXPECT_EQ(hcms_label(0, 0, false), "0,0,-1");
}

TEST(HadamardCountMeanSketch, ClassAndDenseFormsAgree) {
  for (const Rational& t : {Rational(1), Rational(3), Rational(7, 2)}) {
    for (std::uint64_t width : {2u, 4u, 8u}) {
      const MechanismSpec spec = make(6, t, 3, width);
      const ClassForm form = std::get<ClassForm>(exact_form(spec));
      const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
      EXPECT_EQ(structure_mismatch(form.q, dense.q, dense.protected_outputs), std::nullopt);
      const Verdict c = check_ldp(form.q, budget_of(spec));
      const Verdict d = check_ldp(dense.q, budget_of(spec));
      EXPECT_EQ(c.tight_exp_eps, d.tight_exp_eps);
      EXPECT_EQ(c.holds, d.holds);
      if (t > 1) {  // some column tells two inputs apart
        EXPECT_EQ(c.tight_exp_eps, ExtendedRational(t));
      }
    }
  }
}

TEST(HadamardCountMeanSketch, RefusesAWidthThatIsNotAPowerOfTwo) {
  try {
    make(4, Rational(3), 2, 6);
    ADD_FAILURE() << "m = 6 accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "sketch_width: m = 6 is not a power of 2 (hcms reports a row of the m x m Hadamard "
              "matrix)");
  }
}

}  // namespace
}  // namespace uldp
