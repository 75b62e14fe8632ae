// RapidCheck generators for the uldp property suites: sizes, index sets, exact budgets, θ,
// distributions, stochastic matrices, random ULDP / OSLDP mechanisms, per-bit channels,
// type-preserving and type-breaking post-processors, PUM pre-processors. Every generator is
// built from rc::gen combinators over small integers, so failures shrink to small matrices
// with small fractions; every value type prints itself (operator<<) for readable reports.
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <optional>
#include <ostream>
#include <vector>

#include "show.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/constructions/personalized_mechanism.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::properties {

// ---------------------------------------------------------------- scalars and sets

/// Uniform in [lo, hi) whatever RapidCheck's current size: rc::gen::inRange scales the range
/// down with the size (most cases would be 1x1 matrices with t = 1). Still shrinks towards lo.
template <typename T>
rc::Gen<T> uniform(T lo, T hi) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<T>(lo, hi));
}
/// A fair coin, independent of the size (shrinks to false).
inline rc::Gen<bool> coin() {
  return rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<bool>());
}

/// An exact budget t = e^ε = 1 + n/d (n in [0,12], d in [1,6]); shrinks to t = 1.
struct ExpEps {
  Rational t{1};
  PrivacyBudget budget() const { return PrivacyBudget::from_exp_eps(t, "t"); }
};
/// θ = n/d in (0,1) with d <= 12.
struct Theta {
  Rational theta{1, 2};
};
/// A random subset of {0..universe-1}, any indices (not only "sensitive first").
rc::Gen<IndexSet> gen_subset(std::size_t universe);
/// n exact probabilities summing to exactly 1 (weights in [0,6], or [1,6] when !allow_zero).
rc::Gen<std::vector<Rational>> gen_distribution(std::size_t n, bool allow_zero);
/// A rows x cols stochastic matrix with exact rational rows summing to exactly 1.
rc::Gen<DenseMechanism> gen_stochastic(std::size_t rows, std::size_t cols, bool allow_zero);
/// The largest budget strictly below t that is still >= 1 (t - (t-1)/2^64): "any smaller ε".
Rational just_below(const Rational& t);

// ---------------------------------------------------------------- mechanisms with sets

/// A mechanism with the sets its privacy claim is about.
struct UldpInstance {
  DenseMechanism q;
  IndexSet sensitive;
  IndexSet protected_outputs;
  /// owner[y] = the input an invertible y reveals; nullopt for protected y.
  std::vector<std::optional<std::size_t>> owner;
};
/// The shape of a random ULDP mechanism: |Y_P|, how many invertible outputs each x in X_N owns,
/// and a rotation of the output indices (so Y_P is not always first).
struct UldpShape {
  IndexSet sensitive;
  std::size_t protected_count = 0;
  std::vector<std::size_t> owned;  ///< per input (0 for sensitive inputs)
  std::size_t rotation = 0;
  std::size_t num_outputs() const;
};
/// A random shape for the given X_S (|Y_P| >= 1 when X_S is not empty; every x in X_N owns
/// an output when Y_P is empty).
rc::Gen<UldpShape> gen_uldp_shape(const IndexSet& sensitive);
/// Random positive weights on the shape: a (X_S, Y_P, ε)-ULDP mechanism (literal reading) for
/// its finite tight ε; every protected column is positive, every invertible one has one owner.
rc::Gen<UldpInstance> gen_uldp_on(const UldpShape& shape);
/// |X| in [min_inputs, 5], any X_S.
rc::Gen<UldpInstance> gen_uldp_instance(std::size_t min_inputs = 1);

/// A (X_S, ε)-OSLDP mechanism for some finite ε, with |X| in [1,5]: the image of X_S is
/// produced by every input; non-sensitive inputs also reach the other outputs, any amount.
struct OsldpInstance {
  DenseMechanism q;
  IndexSet sensitive;
};
rc::Gen<OsldpInstance> gen_osldp_instance();

/// A product-of-bits mechanism with k in [1,6], arbitrary per-bit probabilities (0 and 1
/// included), a random X_S and a random zero mask for Y_P.
struct UnaryInstance {
  BitProductMechanism q;
  IndexSet sensitive;
  IndexSet zero_bits;
};
rc::Gen<UnaryInstance> gen_unary_instance();

// ---------------------------------------------------------------- post-processors

/// A randomized algorithm from Y (with Y_P) to Z with its Z_P.
struct PostProcessor {
  DenseMechanism q1;
  IndexSet protected_outputs;  ///< Z_P
};
/// A post-processor that preserves data types (Definition 5) for `y_p`: Y_P rows
/// are distributions over Z_P, each y in Y_I splits over its own 1-2 outputs of Z_I.
rc::Gen<PostProcessor> gen_type_preserving(const IndexSet& y_p);
/// A type-preserving post-processor with exactly one defect: one entry (y, z) made positive
/// (mass moved within row y) that breaks a clause, or one extra Z_I output nobody produces.
struct TypeBreaking {
  PostProcessor post;
  std::size_t y = 0;  ///< the defective entry (unused for an unreached z)
  std::size_t z = 0;
  bool unreached = false;
};
rc::Gen<TypeBreaking> gen_type_breaking(const IndexSet& y_p);

// ---------------------------------------------------------------- PUM

/// X_S, κ and a pre-processor f_pre over |X| in [1,5].
rc::Gen<PumPreprocessor> gen_pum_preprocessor();
/// Another user's pre-processor with the same X, X_S and κ.
rc::Gen<PumPreprocessor> gen_pum_preprocessor_like(const PumPreprocessor& other);

// ---------------------------------------------------------------- printing

std::ostream& operator<<(std::ostream& os, const ExpEps& v);
std::ostream& operator<<(std::ostream& os, const Theta& v);
std::ostream& operator<<(std::ostream& os, const UldpInstance& v);
std::ostream& operator<<(std::ostream& os, const UldpShape& v);
std::ostream& operator<<(std::ostream& os, const OsldpInstance& v);
std::ostream& operator<<(std::ostream& os, const UnaryInstance& v);
std::ostream& operator<<(std::ostream& os, const PostProcessor& v);
std::ostream& operator<<(std::ostream& os, const TypeBreaking& v);

}  // namespace uldp::properties

namespace uldp {
// In namespace uldp so that RapidCheck finds them by argument-dependent lookup.
std::ostream& operator<<(std::ostream& os, const IndexSet& v);
std::ostream& operator<<(std::ostream& os, const DenseMechanism& v);
std::ostream& operator<<(std::ostream& os, const PumPreprocessor& v);
std::ostream& operator<<(std::ostream& os, const ExtendedRational& v);
std::ostream& operator<<(std::ostream& os, const Verdict& v);
}  // namespace uldp

namespace rc {

template <>
struct Arbitrary<uldp::properties::ExpEps> {
  static Gen<uldp::properties::ExpEps> arbitrary() {
    return gen::apply(
        [](int n, int d) { return uldp::properties::ExpEps{1 + uldp::Rational(n, d)}; },
        uldp::properties::uniform(0, 13), uldp::properties::uniform(1, 7));
  }
};

template <>
struct Arbitrary<uldp::properties::Theta> {
  static Gen<uldp::properties::Theta> arbitrary() {
    return gen::mapcat(uldp::properties::uniform(2, 13), [](int d) {
      return gen::map(uldp::properties::uniform(1, d),
                      [d](int n) { return uldp::properties::Theta{uldp::Rational(n, d)}; });
    });
  }
};

template <>
struct Arbitrary<uldp::properties::UldpInstance> {
  static Gen<uldp::properties::UldpInstance> arbitrary() {
    return uldp::properties::gen_uldp_instance();
  }
};

template <>
struct Arbitrary<uldp::properties::OsldpInstance> {
  static Gen<uldp::properties::OsldpInstance> arbitrary() {
    return uldp::properties::gen_osldp_instance();
  }
};

template <>
struct Arbitrary<uldp::properties::UnaryInstance> {
  static Gen<uldp::properties::UnaryInstance> arbitrary() {
    return uldp::properties::gen_unary_instance();
  }
};

template <>
struct Arbitrary<uldp::PumPreprocessor> {
  static Gen<uldp::PumPreprocessor> arbitrary() { return uldp::properties::gen_pum_preprocessor(); }
};

}  // namespace rc
