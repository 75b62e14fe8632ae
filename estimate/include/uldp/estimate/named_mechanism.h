// The mechanisms `uldp estimate` and `uldp simulate` know by name (rr, urr, rappor, urap,
// mangat), built from the exact budget and converted to double parameters once.
#pragma once

#include <cstddef>
#include <string>

#include "uldp/estimate/params.h"
#include "uldp/index_set.h"
#include "uldp/privacy_budget.h"

namespace uldp {

/// A named mechanism in the form its samplers and estimators use.
struct NamedMechanism {
  enum class Form { kUrr, kUnary, kDense };
  std::string name;
  Form form = Form::kUrr;
  UrrParams urr;      ///< rr (as uRR with X_S = X) and urr
  UnaryParams unary;  ///< rappor (basic one-time) and urap
  DenseParams dense;  ///< mangat (k = 2, X_S = {1})
  bool bit_vectors() const { return form == Form::kUnary; }
  std::size_t k() const;
};

/// Builds "rr", "urr", "rappor", "urap" or "mangat" over k symbols; `sensitive` (universe k) is
/// used by urr and urap only. Throws InvalidArgument naming the problem (unknown name, mangat
/// with k != 2).
NamedMechanism make_named_mechanism(const std::string& name, std::size_t k,
                                    const IndexSet& sensitive, const PrivacyBudget& budget);

}  // namespace uldp
