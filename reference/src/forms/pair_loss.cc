#include "uldp/forms/pair_loss.h"

#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp {
namespace {

// The ratio a / b of two probabilities: infinite when b = 0 < a (a = 0 is never asked).
ExtendedRational ratio_of(const Rational& a, const Rational& b) {
  return b == 0 ? ExtendedRational::infinity() : ExtendedRational(Rational(a / b));
}

ExtendedRational times(const ExtendedRational& a, const ExtendedRational& b) {
  if (a.is_infinite() || b.is_infinite()) return ExtendedRational::infinity();
  return ExtendedRational(Rational(a.value() * b.value()));
}

}  // namespace

PairLossMatrix pair_losses(const DenseMechanism& q, const std::optional<IndexSet>& outputs) {
  const std::size_t k = q.num_inputs();
  if (outputs && outputs->universe() != q.num_outputs()) {
    throw InvalidArgument("protected: the set is over " + std::to_string(outputs->universe()) +
                          " outputs but the matrix has " + std::to_string(q.num_outputs()));
  }
  std::vector<std::size_t> columns;
  for (std::size_t y = 0; y < q.num_outputs(); ++y) {
    if (!outputs || outputs->contains(y)) columns.push_back(y);
  }
  PairLossMatrix losses(k);
  for (std::size_t x = 0; x < k; ++x) {
    check_cancelled();
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      PairLoss& loss = losses.at(x, x_prime);
      for (const std::size_t y : columns) {
        const Rational& a = q(x, y);
        if (a == 0) continue;  // 0 <= anything
        ExtendedRational r = ratio_of(a, q(x_prime, y));
        if (!loss.output || loss.ratio < r) {
          loss.ratio = std::move(r);
          loss.output = q.output_labels()[y];
          if (loss.ratio.is_infinite()) break;
        }
      }
    }
  }
  return losses;
}

PairLossMatrix pair_losses(const BitProductMechanism& q, const std::optional<IndexSet>& zero_bits) {
  const std::size_t k = q.k();
  if (zero_bits && zero_bits->universe() != k) {
    throw InvalidArgument("protected: the zero bits are over " +
                          std::to_string(zero_bits->universe()) + " bits but the mechanism has " +
                          std::to_string(k));
  }
  auto forced = [&](std::size_t j) { return zero_bits && zero_bits->contains(j); };
  // Whether input x gives some output of the set: every forced bit can be 0 under x.
  std::vector<bool> reaches(k, true);
  for (std::size_t j = 0; zero_bits && j < k; ++j) {
    if (!forced(j)) continue;
    for (std::size_t x = 0; x < k; ++x) {
      if (q.bit_probability(j, false, x) == 0) reaches[x] = false;
    }
  }
  // Bit j's largest ratio P_j(b|x) / P_j(b|x') over its allowed values b with P_j(b|x) > 0, and
  // the first b attaining it. Every other bit has the same channel under x and x': ratio 1.
  struct BitRatio {
    ExtendedRational ratio;
    bool value = false;
  };
  auto bit_ratio = [&](std::size_t j, std::size_t x, std::size_t x_prime) {
    BitRatio best;
    bool found = false;
    for (const bool b : {false, true}) {
      if (b && forced(j)) break;
      const Rational a = q.bit_probability(j, b, x);
      if (a == 0) continue;
      ExtendedRational r = ratio_of(a, q.bit_probability(j, b, x_prime));
      if (!found || best.ratio < r) best = {std::move(r), b}, found = true;
    }
    return best;  // found: x reaches the set, so some allowed b has P_j(b|x) > 0
  };
  PairLossMatrix losses(k);
  for (std::size_t x = 0; x < k; ++x) {
    check_cancelled();
    if (!reaches[x]) continue;  // no output of the set: loss 0, no witness
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      PairLoss& loss = losses.at(x, x_prime);
      if (x == x_prime) {
        loss.ratio = ExtendedRational(Rational(1));
        loss.output = "any output of the set";
        continue;
      }
      const BitRatio own = bit_ratio(x, x, x_prime), other = bit_ratio(x_prime, x, x_prime);
      loss.ratio = times(own.ratio, other.ratio);
      loss.output = "y_" + std::to_string(x) + " = " + (own.value ? "1" : "0") + ", y_" +
                    std::to_string(x_prime) + " = " + (other.value ? "1" : "0") +
                    " (any other bits of the set)";
    }
  }
  return losses;
}

ClassPairLosses::ClassPairLosses(const ClassStructuredMechanism& q, bool protected_only)
    : classes_(q.input_classes().size()) {
  if (q.symmetry() != ColumnSymmetry::kWithinInputClasses) {
    throw InvalidArgument(
        "pairs: this class-structured form does not state that its columns are symmetric within "
        "input classes; read it on its dense expansion");
  }
  // The loss from class a to class b: two distinct inputs, or one input (one_input, a = b).
  auto best_for = [&](std::size_t a, std::size_t b, bool one_input) {
    PairLoss best;  // no output of the set under x: ratio 0, no output
    for (const OutputClass& o : q.output_classes()) {
      if (protected_only && !o.is_protected) continue;
      for (std::size_t i = 0; i < o.cells.size(); ++i) {
        const ColumnCell& c = o.cells[i];
        if (c.input_class != a || c.probability == 0) continue;
        for (std::size_t j = 0; j < o.cells.size(); ++j) {
          const ColumnCell& d = o.cells[j];
          if (d.input_class != b) continue;
          // x and x' distinct need room: one cell of one class holds both only with 2 members.
          if (one_input ? i != j : (i == j && c.members < 2)) continue;
          ExtendedRational r = ratio_of(c.probability, d.probability);
          if (!best.output || best.ratio < r) {
            best.ratio = std::move(r);
            best.output = "an output of class '" + o.name +
                          "' (Q(y|x) = " + to_string(c.probability) +
                          ", Q(y|x') = " + to_string(d.probability) + ")";
          }
        }
      }
    }
    return best;
  };
  distinct_.resize(classes_ * classes_);
  diagonal_.resize(classes_);
  for (std::size_t a = 0; a < classes_; ++a) {
    diagonal_[a] = best_for(a, a, true);
    for (std::size_t b = 0; b < classes_; ++b) distinct_[a * classes_ + b] = best_for(a, b, false);
  }
}

PairLossMatrix pair_losses(const ClassStructuredMechanism& q, bool protected_only) {
  const ClassPairLosses by_class(q, protected_only);
  const std::size_t k = q.num_inputs();
  PairLossMatrix losses(k);
  for (std::size_t x = 0; x < k; ++x) {
    check_cancelled();
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      losses.at(x, x_prime) = by_class.of_classes(q.class_of(x), q.class_of(x_prime), x == x_prime);
    }
  }
  return losses;
}

}  // namespace uldp
