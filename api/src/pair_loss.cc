// The per-pair losses of a check subject's exact form, within one run's limits; then its notions.
#include <utility>

#include "pair_notion_verdicts.h"
#include "uldp/api/pair_loss.h"
#include "uldp/error.h"
#include "uldp/forms/tolerance.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {
namespace {

struct Subject {
  std::string name;
  ExactForm form;
  std::optional<MechanismSpec> spec;  ///< a built-in's, to expand a class form that must be
};

Subject subject_of(const CheckSubject& subject) {
  return std::visit(
      Overloaded{[](const MatrixSubject& s) -> Subject {
                   return std::visit(
                       Overloaded{[&](const MatrixFile& m) -> Subject {
                                    return {s.source, DenseForm{m.matrix, {}}, std::nullopt};
                                  },
                                  [&](const BitProductFile& f) -> Subject {
                                    return {s.source, BitProductForm{f.q, {}}, std::nullopt};
                                  }},
                       s.file);
                 },
                 [](const MechanismSubject& s) -> Subject {
                   return {"built-in " + std::string(entry_of(s.spec).name),
                           exact_form(s.spec, s.form), s.spec};
                 }},
      subject);
}

// The limits of one run (measured: 1e6 pairs of a per-bit rappor at k = 1000 took 0.7 GB and 4 s;
// the dense rr at k = 200, 8e6 ratio comparisons, 1.7 s): at most 2^20 pairs (k <= 1024), and for
// a dense form at most 2^28 comparisons (about a minute).
constexpr std::size_t kMaxPairs = std::size_t{1} << 20;
constexpr std::size_t kMaxPairComparisons = std::size_t{1} << 28;

void require_affordable(std::size_t inputs, std::size_t outputs) {
  if (inputs > kMaxPairInputs || inputs * inputs > kMaxPairs) {
    throw InvalidArgument("pairs: " + std::to_string(inputs) + " inputs give " +
                          std::to_string(inputs * inputs) + " pairs, more than the limit of " +
                          std::to_string(kMaxPairs) + " (k <= 1024)");
  }
  if (inputs * inputs * outputs > kMaxPairComparisons) {
    throw InvalidArgument(
        "pairs: " + std::to_string(inputs) + "^2 pairs x " + std::to_string(outputs) +
        " outputs = " + std::to_string(inputs * inputs * outputs) +
        " exact comparisons, more than the limit of " + std::to_string(kMaxPairComparisons));
  }
}

}  // namespace

PairLossResult pair_losses(const PairLossRequest& request) {
  Subject subject = subject_of(request.subject);
  PairLossResult result;
  result.subject = subject.name;
  if (request.tolerance) {
    result.tolerance =
        validate_tolerance(*request.tolerance, to_string(*request.tolerance), "tolerance");
    result.tolerance_text = request.tolerance_text.empty()
                                ? to_string(*request.tolerance)
                                : message_excerpt(request.tolerance_text);
  }
  result.outputs = "every output";
  // A class-structured form whose columns are symmetric within input classes is read class by
  // class over every output; any other (uHR), or one restricted to chosen outputs, on its dense
  // expansion (within the dense limits: uRR lists k outputs, uHR its columns and X_N).
  if (const auto* f = std::get_if<ClassForm>(&subject.form)) {
    if (request.outputs || f->q.symmetry() != ColumnSymmetry::kWithinInputClasses) {
      subject.form = exact_form(*subject.spec, FormChoice::kDense);
    }
  }
  // A Bloom filter's pairs on its dense expansion (C 2^m <= 4096 outputs).
  if (std::holds_alternative<BloomForm>(subject.form))
    subject.form = exact_form(*subject.spec, FormChoice::kDense);
  // A mechanism that reads its own pair losses over every output (the grids: axis by axis, the
  // same losses and outputs as the dense reading without its k^3 comparisons).
  const MechanismEntry* own_reading = nullptr;
  if (subject.spec && !request.outputs && entry_of(*subject.spec).pair_losses) {
    own_reading = &entry_of(*subject.spec);
  }
  std::visit(Overloaded{[&](const DenseForm& f) {
                          if (own_reading) {
                            result.form = std::string(own_reading->pair_losses_form);
                            result.losses = own_reading->pair_losses(*subject.spec);
                            return;
                          }
                          std::optional<IndexSet> outputs;
                          if (request.outputs) {
                            outputs = request.outputs->resolve(f.q.num_outputs());
                            result.outputs = "Y_P = {" + outputs->to_string() + "}";
                          }
                          result.form = "dense";
                          require_affordable(f.q.num_inputs(), f.q.num_outputs());
                          result.losses = uldp::pair_losses(f.q, outputs);
                        },
                        [&](const BitProductForm& f) {
                          std::optional<IndexSet> zero;
                          if (request.outputs) {
                            zero = request.outputs->resolve(f.q.k());
                            result.outputs =
                                "Y_P = {y : y_j = 0 for j in {" + zero->to_string() + "}}";
                          }
                          result.form = "per-bit product";
                          require_affordable(f.q.k(), 1);
                          result.losses = uldp::pair_losses(f.q, zero);
                        },
                        [&](const ClassForm& f) {
                          result.form = "class-structured (symmetric within input classes)";
                          require_affordable(f.q.num_inputs(), 1);
                          result.losses = uldp::pair_losses(f.q, false);
                        },
                        [&](const BloomForm&) {
                          throw std::logic_error("pair_losses: a Bloom form is read densely");
                        }},
             subject.form);
  const std::size_t k = result.losses.inputs();
  decide_notions(request, result);
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      if (x == x_prime) continue;
      if (!result.largest || result.losses.at(result.largest->first, result.largest->second).ratio <
                                 result.losses.at(x, x_prime).ratio) {
        result.largest = {x, x_prime};
      }
    }
  }
  return result;
}

}  // namespace uldp::api
