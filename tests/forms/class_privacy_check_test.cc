// The class-structured form and its checkers against the dense ones: uRR for every k <= 6, every
// X_S, several budgets, declared Y_P and X_S wrong on purpose; recounts of the structure from
// the dense matrix; validation messages; the paper's largest uRR.
#include "uldp/forms/class_privacy_check.h"

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/uhr/uhr.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/mechanisms/uss/uss.h"
#include "witness_checks.h"

namespace uldp {
namespace {

PrivacyBudget budget(long num, long den = 1) {
  return PrivacyBudget::from_exp_eps(Rational(num, den));
}

std::string describe(const std::optional<Witness>& w) {
  if (!w) return "none";
  return "(" + std::to_string(w->x) + ", " + std::to_string(w->x_prime) + ", " +
         (w->y ? std::to_string(*w->y) : "-") + " '" + w->y_label + "', " +
         (w->q_x ? to_string(*w->q_x) : "-") + ", " +
         (w->q_x_prime ? to_string(*w->q_x_prime) : "-") + ")";
}

bool same_witness(const std::optional<Witness>& a, const std::optional<Witness>& b) {
  if (!a || !b) return !a && !b;
  return a->x == b->x && a->x_prime == b->x_prime && a->y == b->y && a->y_label == b->y_label &&
         a->q_x == b->q_x && a->q_x_prime == b->q_x_prime;
}

// Equal verdicts: holds, tight value, failing condition, witness and the tight ratio's triple.
void expect_same(const Verdict& classes, const Verdict& dense, const std::string& what) {
  EXPECT_EQ(classes.holds, dense.holds) << what;
  EXPECT_EQ(classes.tight_exp_eps, dense.tight_exp_eps)
      << what << ": " << classes.tight_exp_eps.to_string() << " vs "
      << dense.tight_exp_eps.to_string();
  EXPECT_EQ(classes.violated, dense.violated) << what;
  EXPECT_TRUE(same_witness(classes.witness, dense.witness))
      << what << ": witness " << describe(classes.witness) << " vs " << describe(dense.witness);
  EXPECT_TRUE(same_witness(classes.tight_attained_by, dense.tight_attained_by))
      << what << ": attained by " << describe(classes.tight_attained_by) << " vs "
      << describe(dense.tight_attained_by);
}

// Every check on both forms, with and without the budget, X_S as given.
void compare_all(const ClassStructuredMechanism& m, const IndexSet& xs,
                 const std::optional<PrivacyBudget>& b, const std::string& what) {
  const DenseExpansion d = m.to_dense();
  ASSERT_EQ(structure_mismatch(m, d.matrix, d.protected_outputs), std::nullopt) << what;
  for (const std::optional<PrivacyBudget>& budget : {b, std::optional<PrivacyBudget>()}) {
    const std::string at = what + (budget ? " at t" : " without budget");
    expect_same(check_ldp(m, budget), check_ldp(d.matrix, budget), at + " ldp");
    expect_same(check_osldp(m, xs, budget), check_osldp(d.matrix, xs, budget), at + " osldp");
    for (UldpReading reading : {UldpReading::kReachable, UldpReading::kLiteral}) {
      const Verdict c = check_uldp(m, xs, budget, reading);
      expect_same(c, check_uldp(d.matrix, xs, d.protected_outputs, budget, reading),
                  at + (reading == UldpReading::kLiteral ? " uldp literal" : " uldp reachable"));
      if (c.violated == Condition::kInvertibility) {
        EXPECT_TRUE(testing::violates_invertibility(d.matrix, *c.witness, xs, d.protected_outputs))
            << at;
      }
    }
  }
}

// The mechanism with output class `flipped` declared protected / unprotected the other way.
ClassStructuredMechanism flip_protection(const ClassStructuredMechanism& m, std::size_t flipped) {
  const DenseExpansion d = m.to_dense();
  std::vector<OutputClass> outputs = m.output_classes();
  outputs[flipped].is_protected = !outputs[flipped].is_protected;
  // The same matrix; an output's class is recognised by its column (uRR: its own input's class).
  const bool was_protected = m.output_classes()[flipped].is_protected;
  DenseFormulas formulas{[q = d.matrix](std::size_t x, std::size_t y) { return q(x, y); },
                         [q = d.matrix](std::size_t y) { return q.output_labels()[y]; },
                         [yp = d.protected_outputs, was_protected](std::size_t y) {
                           return yp.contains(y) != (yp.contains(y) == was_protected);
                         }};
  return ClassStructuredMechanism(m.num_inputs(), m.input_classes(), std::move(outputs),
                                  std::move(formulas), "flipped");
}

std::vector<IndexSet> all_subsets(std::size_t k) {
  std::vector<IndexSet> sets;
  for (std::size_t mask = 0; mask < (std::size_t{1} << k); ++mask) {
    std::vector<std::size_t> members;
    for (std::size_t j = 0; j < k; ++j) {
      if ((mask >> j) & 1u) members.push_back(j);
    }
    sets.push_back(IndexSet::from_indices(members, k, "xs"));
  }
  return sets;
}

const std::vector<PrivacyBudget>& budgets() {
  static const std::vector<PrivacyBudget> b = {budget(1), budget(2), budget(9, 4), budget(625),
                                               PrivacyBudget::from_epsilon(Rational(1, 2))};
  return b;
}

TEST(UrrClasses, ExpandToTheDenseUrrAndRecount) {
  for (std::size_t k = 1; k <= 6; ++k) {
    for (const IndexSet& xs : all_subsets(k)) {
      for (const PrivacyBudget& b : budgets()) {
        const ClassStructuredMechanism m = utility_optimized_rr_classes(xs, b);
        const DenseExpansion d = m.to_dense();
        const DenseMechanism q = utility_optimized_rr(xs, b);
        EXPECT_EQ(d.matrix.entries(), q.entries()) << "k=" << k << " xs=" << xs.to_string();
        EXPECT_EQ(d.matrix.output_labels(), q.output_labels());
        EXPECT_EQ(d.protected_outputs, xs);
        EXPECT_EQ(m.num_protected_outputs(), Integer(xs.size()));
        EXPECT_EQ(structure_mismatch(m, q, xs), std::nullopt)
            << "k=" << k << " xs=" << xs.to_string();
      }
    }
  }
}

TEST(UrrClasses, RandomizedResponseIsUrrWithEverySymbolSensitive) {
  for (std::size_t k = 1; k <= 6; ++k) {
    const ClassStructuredMechanism m = randomized_response_classes(k, budget(3));
    EXPECT_EQ(m.to_dense().matrix.entries(), randomized_response(k, budget(3)).entries());
    const Verdict v = check_ldp(m, budget(3));
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, ExtendedRational(k == 1 ? Rational(1) : Rational(3)));
  }
}

TEST(ClassCheck, AgreesWithDenseOnUrrForEverySmallKAndXs) {
  for (std::size_t k = 1; k <= 6; ++k) {
    for (const IndexSet& xs : all_subsets(k)) {
      for (const PrivacyBudget& b : budgets()) {
        const std::string what =
            "k=" + std::to_string(k) + " xs={" + xs.to_string() + "} " + b.describe();
        const ClassStructuredMechanism m = utility_optimized_rr_classes(xs, b);
        compare_all(m, xs, b, what);
        // At a smaller budget the ratio condition fails with the same witness.
        compare_all(m, xs, budget(3, 2), what + " checked at t=3/2");
      }
    }
  }
}

TEST(ClassCheck, AgreesWithDenseOnUbdForEverySmallShape) {
  // uBD: every k <= 6, every non-empty X_S, every block size K; the tight ULDP ratio is t
  // whenever some protected column mixes two probabilities (K < |X_S| or X_N non-empty).
  for (std::size_t k = 1; k <= 6; ++k) {
    for (const IndexSet& xs : all_subsets(k)) {
      for (std::size_t block = 1; block <= xs.size(); ++block) {
        for (const PrivacyBudget& b : budgets()) {
          const std::string what = "k=" + std::to_string(k) + " xs={" + xs.to_string() +
                                   "} K=" + std::to_string(block) + " " + b.describe();
          const ClassStructuredMechanism m = ubd_classes(xs, block, b);
          compare_all(m, xs, b, what);
          compare_all(m, xs, budget(3, 2), what + " checked at t=3/2");
          const Verdict v = check_uldp(m, xs, b, UldpReading::kReachable);
          EXPECT_TRUE(v.holds) << what;
          const bool mixed = block < xs.size() || xs.size() < k;
          EXPECT_EQ(v.tight_exp_eps, ExtendedRational(mixed ? b.exp_eps() : Rational(1))) << what;
        }
      }
    }
  }
}

TEST(ClassCheck, AgreesWithDenseOnUhrForEverySmallShape) {
  // uHR: every k <= 7 and every non-empty X_S (the structure recount checks every row too, which
  // the class form only knows per probability); the tight ULDP ratio is t except at k = |X_S| = 1
  // (one input: the columns h0 and h1 each have a single entry).
  for (std::size_t k = 1; k <= 7; ++k) {
    for (const IndexSet& xs : all_subsets(k)) {
      if (xs.empty()) continue;
      for (const PrivacyBudget& b : budgets()) {
        const std::string what =
            "k=" + std::to_string(k) + " xs={" + xs.to_string() + "} " + b.describe();
        const ClassStructuredMechanism m = uhr_classes(xs, b);
        compare_all(m, xs, b, what);
        compare_all(m, xs, budget(3, 2), what + " checked at t=3/2");
        const Verdict v = check_uldp(m, xs, b, UldpReading::kLiteral);
        EXPECT_EQ(v.holds, b.exp_eps() > 1 || xs.size() == k) << what;  // t = 1: X_N unreported
        const Verdict r = check_uldp(m, xs, b, UldpReading::kReachable);
        EXPECT_TRUE(r.holds) << what;
        EXPECT_EQ(r.tight_exp_eps, ExtendedRational(k == 1 ? Rational(1) : b.exp_eps())) << what;
      }
    }
  }
}

TEST(ClassCheck, AgreesWithDenseOnUssForEverySmallShape) {
  // uSS: every k <= 6, every non-empty X_S, every K; its protected columns are uBD's, so the
  // tight ULDP ratio is the same.
  for (std::size_t k = 1; k <= 6; ++k) {
    for (const IndexSet& xs : all_subsets(k)) {
      for (std::size_t block = 1; block <= xs.size(); ++block) {
        for (const PrivacyBudget& b : budgets()) {
          const std::string what = "k=" + std::to_string(k) + " xs={" + xs.to_string() +
                                   "} K=" + std::to_string(block) + " " + b.describe();
          const ClassStructuredMechanism m = uss_classes(xs, block, b);
          compare_all(m, xs, b, what);
          compare_all(m, xs, budget(3, 2), what + " checked at t=3/2");
          const Verdict v = check_uldp(m, xs, b, UldpReading::kReachable);
          EXPECT_TRUE(v.holds) << what;
          const bool mixed = block < xs.size() || xs.size() < k;
          EXPECT_EQ(v.tight_exp_eps, ExtendedRational(mixed ? b.exp_eps() : Rational(1))) << what;
        }
      }
    }
  }
}

TEST(ClassCheck, AgreesWithDenseWhenYpOrXsIsDeclaredWrong) {
  for (std::size_t k = 1; k <= 5; ++k) {
    for (const IndexSet& xs : all_subsets(k)) {
      for (const PrivacyBudget& b : {budget(1), budget(5, 2)}) {
        const ClassStructuredMechanism m = utility_optimized_rr_classes(xs, b);
        const std::string what =
            "k=" + std::to_string(k) + " xs={" + xs.to_string() + "} " + b.describe();
        // Y_P mutated: one output class declared the other way (sensitive outputs in Y_I leak).
        for (std::size_t o = 0; o < m.output_classes().size(); ++o) {
          compare_all(flip_protection(m, o), xs, b,
                      what + " flipped " + m.output_classes()[o].name);
        }
        // X_S mutated: the checks asked about another union of classes (X_N, X, nothing).
        for (const IndexSet& other : {xs.complement(), IndexSet::all(k), IndexSet::first(0, k)}) {
          compare_all(m, other, b, what + " checked for X_S={" + other.to_string() + "}");
        }
      }
    }
  }
}

TEST(ClassCheck, FailuresNameTheDenseCheckersTriple) {
  // X_S = {1,3} of 5, Y_P declared empty: output 1 is produced by every input; the dense scan
  // meets y = 0 first, produced by input 0 alone (non-sensitive): fine; y = 1 fails with (0, 1).
  const IndexSet xs = IndexSet::parse("1,3", 5, "xs");
  const ClassStructuredMechanism m =
      flip_protection(utility_optimized_rr_classes(xs, budget(4)), 0);
  const Verdict v = check_uldp(m, xs, budget(4), UldpReading::kReachable);
  EXPECT_FALSE(v.holds);
  EXPECT_EQ(v.violated, Condition::kInvertibility);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->x, 0u);
  EXPECT_EQ(v.witness->x_prime, 1u);
  EXPECT_EQ(v.witness->y, std::optional<std::size_t>(1));
  EXPECT_EQ(*v.witness->q_x, Rational(1, 5));
  EXPECT_EQ(*v.witness->q_x_prime, Rational(4, 5));
  // At t = 1 (c3 = 0) the literal reading fails at the first non-sensitive output, y = 0.
  const ClassStructuredMechanism flat = utility_optimized_rr_classes(xs, budget(1));
  const Verdict literal = check_uldp(flat, xs, budget(1), UldpReading::kLiteral);
  EXPECT_FALSE(literal.holds);
  EXPECT_EQ(literal.witness->y, std::optional<std::size_t>(0));
  EXPECT_TRUE(check_uldp(flat, xs, budget(1), UldpReading::kReachable).holds);
}

TEST(ClassStructure, RecountFindsWrongDescriptions) {
  const IndexSet xs = IndexSet::parse("1,3", 5, "xs");
  const ClassStructuredMechanism m = utility_optimized_rr_classes(xs, budget(4));
  const DenseExpansion d = m.to_dense();
  // Another matrix, another Y_P, another first output.
  EXPECT_NE(structure_mismatch(m, utility_optimized_rr(xs, budget(5)), xs), std::nullopt);
  EXPECT_NE(structure_mismatch(m, d.matrix, IndexSet::parse("1,4", 5, "yp")), std::nullopt);
  std::vector<OutputClass> outputs = m.output_classes();
  outputs[0].first = {Integer(3), "3"};
  outputs[0].cells[0].first_members = {3};
  outputs[0].cells[1].first_members = {1};
  const ClassStructuredMechanism late(5, m.input_classes(), outputs);
  EXPECT_NE(structure_mismatch(late, d.matrix, xs), std::nullopt);
  // Swapped first members of two cells of the same column.
  outputs = m.output_classes();
  outputs[1].cells[1].first_members = {2};
  outputs[1].cells[2].first_members = {0, 4};
  const ClassStructuredMechanism swapped(5, m.input_classes(), outputs);
  EXPECT_NE(structure_mismatch(swapped, d.matrix, xs), std::nullopt);
}

TEST(ClassStructure, ConstructorRefusesInvalidDescriptions) {
  const IndexSet xs = IndexSet::parse("1,3", 5, "xs");
  const ClassStructuredMechanism m = utility_optimized_rr_classes(xs, budget(4));
  auto refuses = [&](std::vector<InputClass> inputs, std::vector<OutputClass> outputs,
                     const std::string& pattern) {
    try {
      ClassStructuredMechanism(5, std::move(inputs), std::move(outputs), std::nullopt, "test");
      ADD_FAILURE() << "accepted; expected " << pattern;
    } catch (const InvalidArgument& e) {
      EXPECT_TRUE(std::string(e.what()).find(pattern) != std::string::npos) << e.what();
    }
  };
  std::vector<InputClass> inputs = m.input_classes();
  inputs[0].members = IndexSet::parse("1,2,3", 5, "m");
  refuses(inputs, m.output_classes(), "is in classes");
  inputs[0].members = IndexSet::parse("1", 5, "m");
  refuses(inputs, m.output_classes(), "is in no input class");
  std::vector<OutputClass> outputs = m.output_classes();
  outputs[0].cells[0].probability = Rational(3, 2);
  refuses(m.input_classes(), outputs, "outside [0,1]");
  outputs = m.output_classes();
  outputs[0].cells[2].members = 4;
  refuses(m.input_classes(), outputs, "cover 4 members, the class has 3");
  outputs = m.output_classes();
  outputs[0].count = 3;  // 3 columns x 1 member over 2 inputs
  refuses(m.input_classes(), outputs, "cannot be spread evenly");
  outputs = m.output_classes();
  outputs[0].cells[0].probability = Rational(1, 2);
  refuses(m.input_classes(), outputs, "sum to");
  outputs = m.output_classes();
  outputs[1].first.rank = 5;
  refuses(m.input_classes(), outputs, "is not below the number of outputs");
  outputs = m.output_classes();
  outputs[1].cells[0].first_members = {3, 1};
  refuses(m.input_classes(), outputs, "ascending");
  // Checks refuse an X_S that splits a class; the dense expansion refuses large sizes.
  EXPECT_THROW(check_osldp(m, IndexSet::parse("1", 5, "xs"), budget(4)), InvalidArgument);
  EXPECT_THROW(utility_optimized_rr_classes(IndexSet::first(1, 5000), budget(4)).to_dense(),
               InvalidArgument);
}

TEST(ClassCheck, PapersLargestUrr) {
  // |X| = 12800, |X_S| = 2432, ε = 6 (Sec. "Experimental Results"): never a 12800^2 matrix.
  const IndexSet xs = IndexSet::first(2432, 12800);
  const PrivacyBudget b = PrivacyBudget::from_epsilon(Rational(6));
  const ClassStructuredMechanism m = utility_optimized_rr_classes(xs, b);
  const ExtendedRational t(b.exp_eps());
  for (UldpReading reading : {UldpReading::kReachable, UldpReading::kLiteral}) {
    const Verdict v = check_uldp(m, xs, b, reading);
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, t);
    ASSERT_TRUE(v.tight_attained_by);
    EXPECT_EQ(v.tight_attained_by->y, std::optional<std::size_t>(0));
    EXPECT_EQ(v.tight_attained_by->x_prime, 1u);
  }
  const Verdict ldp = check_ldp(m, b);
  EXPECT_FALSE(ldp.holds);
  EXPECT_TRUE(ldp.tight_exp_eps.is_infinite());
  EXPECT_EQ(ldp.witness->y, std::optional<std::size_t>(2432));  // c3 against 0
  EXPECT_EQ(ldp.witness->x, 2432u);
  EXPECT_EQ(ldp.witness->x_prime, 0u);
  const Verdict osldp = check_osldp(m, xs, b);
  EXPECT_TRUE(osldp.holds);
  EXPECT_EQ(osldp.tight_exp_eps, t);
}

}  // namespace
}  // namespace uldp
