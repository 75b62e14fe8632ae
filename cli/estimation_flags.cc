#include "estimation_flags.h"

#include "uldp/error.h"

namespace uldp::cli {
namespace {
// Bit-vector reports cost memory per bit; symbol-valued mechanisms are O(k) in the estimators.
constexpr std::size_t kMaxSymbols = 10'000'000;
constexpr std::size_t kMaxBits = 1'000'000;
}  // namespace

void EstimationMechanismFlags::add_to(CLI::App& command) {
  command.add_option("--mech", mechanism, "rr, urr, rappor, urap or mangat")
      ->required()
      ->check(CLI::IsMember({"rr", "urr", "rappor", "urap", "mangat"}));
  command.add_option("--k", k, "number of input symbols |X|")->required();
  command.add_option("--sensitive", sensitive, "X_S for urr / urap, e.g. 0-14,20");
  budget.add_to(command, true);
}

EstimationMechanismFlags::Built EstimationMechanismFlags::build() const {
  const auto parsed = budget.parse();
  if (!parsed) throw InvalidArgument("one of --exp-eps, --eps is required");
  const bool bits = mechanism == "rappor" || mechanism == "urap";
  check_size(k, bits ? kMaxBits : kMaxSymbols, "--k");
  if ((mechanism == "urr" || mechanism == "urap") && sensitive.empty()) {
    throw InvalidArgument("--sensitive: required for --mech " + mechanism);
  }
  IndexSet xs = parse_index_list(sensitive, k, "--sensitive");
  NamedMechanism m = make_named_mechanism(mechanism, k, xs, *parsed);
  return Built{*parsed, std::move(xs), std::move(m)};
}

}  // namespace uldp::cli
