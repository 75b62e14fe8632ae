// Reading a table's parameters, for the command's flags and Python's keywords alike.
#include "uldp/api/table_arguments.h"

#include <algorithm>
#include <cstdint>

#include "uldp/api/loss.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"

namespace uldp::api {
namespace {

constexpr std::uint64_t kDefaultUsers = 10000;
constexpr long long kMaxCount = 10'000'000;

std::size_t count(const std::string& text, const std::string& name, long long min) {
  const Rational v = parse_rational(text, name);
  if (denominator(v) != 1 || v < min || v > kMaxCount) {
    throw InvalidArgument(name + ": '" + message_excerpt(text) + "' is not an integer in [" +
                          std::to_string(min) + ", 10^7]");
  }
  return numerator(v).convert_to<std::size_t>();
}

std::vector<std::size_t> counts(const std::vector<std::string>& items, const std::string& name,
                                long long min) {
  if (items.empty()) throw InvalidArgument(name + ": required (at least one value)");
  std::vector<std::size_t> values;
  for (const std::string& item : items) values.push_back(count(item, name, min));
  return values;
}

}  // namespace

TableNames TableNames::flags() {
  return {"--mech", "--k", "--sensitive-count", "--eps", "--exp-eps", "--n"};
}

TableNames TableNames::keywords() {
  TableNames n = flags();
  for (std::string* name : {&n.mech, &n.k, &n.sensitive_count, &n.eps, &n.exp_eps, &n.n}) {
    name->erase(0, 2);
    std::replace(name->begin(), name->end(), '-', '_');
  }
  return n;
}

TableRequest table_request(const TableArguments& arguments, const TableNames& names) {
  if (!arguments.eps.empty() && !arguments.exp_eps.empty()) {
    throw InvalidArgument(names.eps + ": give " + names.eps + " or " + names.exp_eps +
                          ", not both");
  }
  TableRequest request;
  if (arguments.mechanisms.empty())
    throw InvalidArgument(names.mech + ": required (at least one mechanism)");
  for (const std::string& name : arguments.mechanisms) {
    const MechanismEntry& entry = find_mechanism(name, names.mech);
    if (entry.takes(kGridParameter.declaration) !=
        Takes::kNo) {  // a table's rows are (|X|, |X_S|, eps); it has no grid
      throw InvalidArgument(names.mech + ": " + name +
                            " is built on a grid with a budget per unit, which a table's rows "
                            "(k, |X_S|, eps) do not give; use uldp check --mech " +
                            name);
    }
    if (entry.takes(kInputBudgetsParameter.declaration) !=
        Takes::kNo) {  // nor one budget per input
      throw InvalidArgument(names.mech + ": " + name +
                            " takes one budget per input and its bit probabilities, which a "
                            "table's rows (k, the size of X_S, eps) do not give; use uldp check "
                            "--mech " +
                            name);
    }
    if (!entry.unbiased_estimator) {  // the loss columns are the unbiased estimators' losses
      throw InvalidArgument(names.mech + ": " + name +
                            "'s estimator is biased over its finite hash family, so the table's "
                            "exact loss columns have no value for it; use uldp check --mech " +
                            name);
    }
    request.mechanisms.push_back(&entry);
  }
  request.ks = counts(arguments.ks, names.k, 1);
  for (const std::size_t k : request.ks) {
    if (k > kMaxTableInputs) {
      throw InvalidArgument(names.k + ": " + std::to_string(k) + " exceeds the limit " +
                            std::to_string(kMaxTableInputs) +
                            " of a table (its exact losses hold rationals per input: about 1 KB "
                            "each)");
    }
  }
  request.sensitive_counts = counts(arguments.sensitive_counts, names.sensitive_count, 0);
  for (const std::string& item : arguments.eps) {
    request.budgets.push_back(
        PrivacyBudget::from_epsilon(parse_rational(item, names.eps), 64, names.eps.c_str()));
  }
  for (const std::string& item : arguments.exp_eps) {
    request.budgets.push_back(
        PrivacyBudget::from_exp_eps(parse_rational(item, names.exp_eps), names.exp_eps.c_str()));
  }
  request.theta = arguments.theta;
  request.n = arguments.n ? count(*arguments.n, names.n, 1) : kDefaultUsers;
  request.vs_limit = arguments.vs_limit;
  return request;
}

}  // namespace uldp::api
