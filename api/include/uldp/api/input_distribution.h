// --p, one grammar for every command that takes an input distribution (simulate, loss, golden):
//   uniform       every symbol 1/k
//   zipf:S        p(i) proportional to 1/(i+1)^S, 0 <= S <= 100
//   a/b,c/d,...   k exact values summing to 1 (decimals allowed: 0.25)
//   FILE          k non-negative weights, one per line ('#' comments), normalised
//   worst         the worst case over all distributions (only where a command maximises over p)
// A command that cannot use a form says why; none reads another command's form differently.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "uldp/arithmetic/rational.h"

namespace uldp::api {

/// `worst`: the command maximises over every distribution.
struct WorstCaseDistribution {};

/// One given distribution.
struct GivenDistribution {
  std::string text;  ///< as given, for messages
  /// What `simulate` draws from (not normalised: the weights as they always were, so a seed
  /// gives the same reports as before this grammar was shared).
  std::vector<double> weights;
  /// uniform, a list, a file: the exact normalised distribution. Unset for zipf:S.
  std::optional<std::vector<Rational>> exact;
  std::optional<Rational> zipf_exponent;
};

using InputDistribution = std::variant<WorstCaseDistribution, GivenDistribution>;

/// The help text of --p.
inline constexpr const char* kInputDistributionHelp =
    "input distribution: uniform | zipf:S | a/b,c/d,... (k exact values summing to 1) | FILE (k "
    "weights, one per line) | worst (loss: the worst case) (default uniform)";

/// Parses --p over k symbols. Throws InvalidArgument naming p, InputError FILE:LINE:COLUMN.
InputDistribution parse_input_distribution(const std::string& text, std::size_t k);

/// The distribution to draw from (`command` names the caller in the refusal of `worst`).
std::vector<double> sampling_distribution(const InputDistribution& p, const std::string& command);

/// The exact distribution: zipf:S with an integer S exactly (slow for large k and S), refused
/// with a non-integer S (irrational weights); `worst` refused (a caller that takes it checks
/// for it first).
std::vector<Rational> exact_distribution(const InputDistribution& p, const std::string& command);

}  // namespace uldp::api
