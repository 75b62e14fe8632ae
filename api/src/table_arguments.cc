// Reading a table's parameters, for the command's flags and Python's keywords alike.
#include "uldp/api/table_arguments.h"

#include <algorithm>
#include <cstdint>

#include "uldp/api/loss.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"
#include "uldp/mechanisms/parameter_table.h"

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

// k, |X_S|, the budget and θ are the table's own lists; what sets k (a grid, one budget per
// input) belongs to mechanisms a table refuses.
bool is_table_parameter(const ParameterDeclaration& d) {
  return &d != &kCountParameter.declaration && &d != &kSensitiveParameter.declaration &&
         &d != &kBudgetParameter.declaration && &d != &kThetaParameter.declaration && !d.sets_k;
}

}  // namespace

std::vector<const ParameterDeclaration*> table_mechanism_parameters() {
  std::vector<const ParameterDeclaration*> out;
  for (const ParameterDeclaration* d : declared_parameters()) {
    if (is_table_parameter(*d)) out.push_back(d);
  }
  return out;
}

TableNames TableNames::flags() {
  return {"--mech", "--k", "--sensitive-count", "--eps", "--exp-eps", "--n"};
}

std::string TableNames::of(std::string_view keyword) const {
  return flags_style ? flag_of(keyword) : std::string(keyword);
}

TableNames TableNames::keywords() {
  TableNames n = flags();
  n.flags_style = false;
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
    request.mechanisms.push_back(&entry);
  }
  for (const auto& [keyword, text] : arguments.parameters) {
    const std::string name = names.of(keyword);
    const ParameterDeclaration* declared = parameter_of_keyword(keyword);
    if (!declared) throw InvalidArgument(name + ": no mechanism takes this parameter");
    if (!is_table_parameter(*declared)) {
      throw InvalidArgument(name + ": not a parameter of a table's rows (they take " + names.k +
                            ", " + names.sensitive_count + ", " + names.eps + " or " +
                            names.exp_eps + " and theta as lists)");
    }
    const bool taken =
        std::any_of(request.mechanisms.begin(), request.mechanisms.end(),
                    [&](const MechanismEntry* e) { return e->takes(*declared) != Takes::kNo; });
    if (!taken) {
      std::string listed;
      for (const MechanismEntry* e : request.mechanisms)
        listed += (listed.empty() ? "" : ", ") + std::string(e->name);
      throw InvalidArgument(name + ": none of the mechanisms listed (" + listed + ") takes it");
    }
    request.parameters.insert_or_assign(keyword, TableParameter{text, name});
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
  if (request.budgets.empty()) {
    for (const MechanismEntry* entry : request.mechanisms) {
      if (entry->takes(kBudgetParameter.declaration) == Takes::kRequired) {
        throw InvalidArgument(names.eps + ": mechanism " + std::string(entry->name) + " needs " +
                              names.eps + " or " + names.exp_eps);
      }
    }
  }
  request.theta = arguments.theta;
  request.n = arguments.n ? count(*arguments.n, names.n, 1) : kDefaultUsers;
  request.vs_limit = arguments.vs_limit;
  return request;
}

}  // namespace uldp::api
