// The per-pair privacy loss workflow: L(x, x') = max_y Q(y|x) / Q(y|x') for every ordered pair of
// inputs of a matrix or a registry mechanism, over every output or over Y_P, exactly, with the
// output attaining each (uldp/forms/pair_loss.h). What `uldp check --pairs` calls; one JSON writer
// and one text renderer.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/api/check.h"
#include "uldp/api/index_selection.h"
#include "uldp/forms/pair_loss.h"

namespace uldp::api {

struct PairLossRequest {
  explicit PairLossRequest(CheckSubject checked) : subject(std::move(checked)) {}

  CheckSubject subject;
  /// Restrict to Y_P: output indices (dense) or the bits that are 0 (per-bit); none: every output.
  std::optional<IndexSelection> outputs;
};

struct PairLossResult {
  std::string subject;  ///< "built-in urr", "m.csv"
  std::string outputs;  ///< "every output", "Y_P = {0-3}", "Y_P = {y : y_j = 0 for j in {...}}"
  std::string form;     ///< "dense", "per-bit product" (never lists the 2^k outputs)
  PairLossMatrix losses{0};
  /// The largest loss over pairs x != x' and a pair attaining it (none with one input).
  std::optional<std::pair<std::size_t, std::size_t>> largest;
};

/// Throws InvalidArgument for a class-structured form (give --dense for its expansion) and for
/// output indices outside the form.
PairLossResult pair_losses(const PairLossRequest& request);

/// {"subject", "outputs", "form", "inputs", "ratios": [[exact text or "inf"; null where x gives
/// no output of the set]], "attained_at": [[output label or null]], "largest": {"x", "x_prime",
/// "exp_eps", "output"} or null}.
nlohmann::json to_json(const PairLossResult& result);
/// The matrix, row x and column x', readable numbers (exact with --exact), then the largest pair.
std::string to_text(const PairLossResult& result);

}  // namespace uldp::api
