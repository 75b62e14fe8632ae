#include "uldp/api/reference_arguments.h"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "uldp/api/pair_loss.h"
#include "uldp/arithmetic/unsigned_integer.h"
#include "uldp/error.h"
#include "uldp/forms/tolerance.h"
#include "uldp/io/input_text.h"

namespace uldp::api {
namespace {

std::optional<std::string> optional_text(const MechanismParameters& p, std::string_view keyword) {
  const std::string* text = p.text(keyword);
  return text ? std::optional<std::string>(*text) : std::nullopt;
}

// A whole number: "5" (k, a block size).
std::uint64_t parse_count(const std::string& text, const std::string& name) {
  return parse_unsigned(text, 0, std::numeric_limits<std::uint64_t>::max(), name);
}

// The parameter's value read from `text` by its grammar (θ is read last, by resolve_theta).
ParameterValue read_value(const ParameterDeclaration& p, std::string_view keyword,
                          const std::string& text, const std::string& name,
                          const MechanismEntry& entry, std::size_t k) {
  const bool as_eps = keyword == p.keywords[0];
  switch (p.grammar) {
    case ParameterGrammar::kCount:
      return parse_count(text, name);
    case ParameterGrammar::kIndexSet:
      return IndexSelection{text, name}.resolve(k);
    case ParameterGrammar::kBudget:
      return as_eps ? PrivacyBudget::from_epsilon(parse_rational(text, name), 64, name.c_str())
                    : PrivacyBudget::from_exp_eps(parse_rational(text, name), name.c_str());
    case ParameterGrammar::kBudgetList:
      // At most the entry's limit, counted before the list is held.
      if (static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) >= entry.max_k) {
        throw InvalidArgument(name + ": more than " + std::to_string(entry.max_k) +
                              " budgets, the limit for mechanism " + std::string(entry.name));
      }
      return parse_budget_list(text, as_eps ? BudgetUnit::kEps : BudgetUnit::kExpEps, name);
    case ParameterGrammar::kProbability:
    case ParameterGrammar::kThetaRule:
      return Probability::parse(text, name);
    case ParameterGrammar::kProbabilityList:
      return parse_probability_list(text, name, entry.max_k);
    case ParameterGrammar::kGrid:
      return parse_grid(text, name);
    case ParameterGrammar::kWord:
      if (text.empty()) throw InvalidArgument(name + ": empty (give " + std::string(p.needs) + ")");
      return text;
    case ParameterGrammar::kPath:
      if (text.empty()) throw InvalidArgument(name + ": empty (give " + std::string(p.needs) + ")");
      return FileText{text, read_input_text(text, std::string(p.needs))};
  }
  throw std::logic_error("read_value: a grammar without a reader");
}

// The keyword of `p` that was given (at most one of a budget's two), or nullptr.
const std::string* keyword_given(const ParameterDeclaration& p, const MechanismParameters& given,
                                 const ReferenceNames& names) {
  const std::string* found = nullptr;
  for (std::string_view keyword : keywords_of(p)) {
    const auto it = given.given.find(keyword);
    if (it == given.given.end()) continue;
    if (found) {
      throw InvalidArgument(names.of(*found) + " / " + names.of(it->first) +
                            ": give at most one of them");
    }
    found = &it->first;
  }
  return found;
}

// The first PUM parameter given, or none.
const std::string* pum_parameter_given(const MechanismParameters& p, const ReferenceNames& names) {
  if (p.common) return &names.common;
  if (p.tags) return &names.tags;
  if (p.users) return &names.users;
  return nullptr;
}

MatrixReference matrix_reference(const ReferenceArguments& a, const ReferenceNames& names) {
  const MechanismParameters& m = a.mechanism;
  if (pum_parameter_given(m, names) != nullptr) {
    throw InvalidArgument(names.matrix + ": " + names.common + ", " + names.tags + " and " +
                          names.users + " only go with " + names.pum_choice);
  }
  for (const auto& [keyword, text] : m.given) {
    if (keyword == kSensitiveParameter.declaration.keywords[0]) continue;
    if (keyword == "eps" || keyword == "exp_eps") continue;  // the matrix's claimed budget
    throw InvalidArgument(names.matrix + ": " + names.of(keyword) + " only goes with " +
                          names.mech_choice + " (a mechanism's parameter)");
  }
  std::optional<Rational> tolerance;
  if (a.row_sum_tolerance)
    tolerance = parse_tolerance(*a.row_sum_tolerance, names.row_sum_tolerance);
  // Every member given, in order: the matrix is read before the budget is parsed.
  MatrixReference r{a.matrix(),
                    a.matrix_source,
                    parse_budget(optional_text(m, "eps"), optional_text(m, "exp_eps"), names),
                    std::nullopt,
                    std::nullopt,
                    tolerance,
                    names.row_sum_tolerance,
                    a.matrix_reading};
  if (const std::string* sensitive = m.text("sensitive"))
    r.sensitive = IndexSelection{*sensitive, names.of("sensitive")};
  if (a.protected_outputs) {
    r.protected_outputs = IndexSelection{*a.protected_outputs, names.protected_outputs};
  }
  return r;
}

}  // namespace

std::string ReferenceNames::of(std::string_view keyword) const {
  return flags_style ? flag_of(keyword) : std::string(keyword);
}

ReferenceNames ReferenceNames::flags() {
  ReferenceNames n;
  n.flags_style = true;
  n.mech = "--mech";
  n.matrix = "--matrix";
  n.protected_outputs = "--protected";
  n.common = "--common";
  n.tags = "--tags";
  n.users = "--users";
  n.row_sum_tolerance = "--row-sum-tolerance";
  n.mech_choice = "--mech";
  n.matrix_choice = "--matrix FILE";
  n.pum_choice = "--mech pum";
  return n;
}

ReferenceNames ReferenceNames::keywords() {
  // Each keyword is its flag without the dashes: --row-sum-tolerance is row_sum_tolerance.
  ReferenceNames n = flags();
  n.flags_style = false;
  for (std::string* name : {&n.mech, &n.matrix, &n.protected_outputs, &n.common, &n.tags, &n.users,
                            &n.row_sum_tolerance}) {
    name->erase(0, 2);
    std::replace(name->begin(), name->end(), '-', '_');
  }
  n.mech_choice = "mech";
  n.matrix_choice = "matrix";
  n.pum_choice = "mech='pum'";
  return n;
}

const std::string* MechanismParameters::text(std::string_view keyword) const {
  const auto it = given.find(keyword);
  return it == given.end() ? nullptr : &it->second;
}

bool MechanismParameters::has(const ParameterDeclaration& p) const {
  for (std::string_view keyword : keywords_of(p)) {
    if (given.contains(keyword)) return true;
  }
  return false;
}

void MechanismParameters::set(std::string_view keyword, std::optional<std::string> value) {
  if (value) {
    given.insert_or_assign(std::string(keyword), std::move(*value));
  } else if (const auto it = given.find(keyword); it != given.end()) {
    given.erase(it);
  }
}

std::optional<PrivacyBudget> parse_budget_pair(const std::optional<std::string>& eps,
                                               const std::optional<std::string>& exp_eps,
                                               const std::string& eps_name,
                                               const std::string& exp_eps_name) {
  if (eps && exp_eps) {
    throw InvalidArgument(eps_name + " / " + exp_eps_name + ": give at most one of them");
  }
  if (exp_eps) {
    return PrivacyBudget::from_exp_eps(parse_rational(*exp_eps, exp_eps_name),
                                       exp_eps_name.c_str());
  }
  if (eps) return PrivacyBudget::from_epsilon(parse_rational(*eps, eps_name), 64, eps_name.c_str());
  return std::nullopt;
}

std::optional<PrivacyBudget> parse_budget(const std::optional<std::string>& eps,
                                          const std::optional<std::string>& exp_eps,
                                          const ReferenceNames& names) {
  return parse_budget_pair(eps, exp_eps, names.of("eps"), names.of("exp_eps"));
}

std::vector<Rational> parse_probability_list(const std::string& text, const std::string& name,
                                             std::size_t max_entries) {
  std::vector<Rational> values;
  std::size_t start = 0;
  while (true) {
    if (values.size() == max_entries) {
      throw InvalidArgument(name + ": more than " + std::to_string(max_entries) + " entries");
    }
    const std::size_t comma = text.find(',', start);
    const std::string where = name + "[" + std::to_string(values.size()) + "]";
    values.push_back(
        Probability::parse(
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start),
            where)
            .value());
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return values;
}

MechanismArguments mechanism_arguments(const MechanismEntry& entry, const MechanismParameters& p,
                                       const ReferenceNames& names) {
  for (const auto& [keyword, text] : p.given) {
    if (parameter_of_keyword(keyword) == nullptr) {
      throw InvalidArgument(names.of(keyword) + ": no mechanism takes this parameter");
    }
  }
  MechanismArguments arguments;
  const auto read = [&](const ParameterDeclaration& declaration) -> std::optional<ParameterValue> {
    const std::string* keyword = keyword_given(declaration, p, names);
    if (!keyword) return std::nullopt;
    return read_value(declaration, *keyword, *p.text(*keyword), names.of(*keyword), entry,
                      arguments.k);
  };
  // First what sets k (the grid's cells, one budget per input), then k, X_S over k, the budget,
  // every other parameter, and θ, whose rules need k, X_S and the budget.
  const std::vector<const ParameterDeclaration*> declared = declared_parameters();
  std::optional<std::size_t> k_set;
  for (const ParameterDeclaration* d : declared) {
    if (!d->sets_k) continue;
    std::optional<ParameterValue> value = read(*d);
    if (!value) continue;
    if (entry.takes(*d) != Takes::kNo) {
      if (const auto* grid = std::get_if<GridShape>(&*value);
          grid && grid->first > 0 && grid->second > 0 && grid->first <= entry.max_k / grid->second)
        k_set = grid->first * grid->second;  // make_mechanism refuses a grid too large
      if (const auto* budgets = std::get_if<std::vector<PrivacyBudget>>(&*value))
        k_set = budgets->size();
    }
    arguments.values.insert(*d, std::move(*value));
  }
  const std::string* k_text = p.text(kCountParameter.declaration.keywords[0]);
  if (!entry.takes_k() && !entry.fixed_k) {
    if (k_text) {
      std::string from;
      for (const ParameterUse& use : entry.parameters) {
        if (use.parameter->sets_k)
          from =
              names.of(use.parameter->keywords[0]) +
              (use.parameter->keywords[1].empty() ? ""
                                                  : " or " + names.of(use.parameter->keywords[1]));
      }
      throw InvalidArgument(names.of("k") + ": mechanism " + std::string(entry.name) +
                            " takes its k from " + from);
    }
    arguments.k = k_set.value_or(0);
  } else if (entry.fixed_k) {
    if (k_text && parse_count(*k_text, names.of("k")) != *entry.fixed_k) {
      throw InvalidArgument(names.of("k") + ": mechanism " + std::string(entry.name) +
                            " has k = " + std::to_string(*entry.fixed_k));
    }
    arguments.k = *entry.fixed_k;
  } else {
    const std::uint64_t k = k_text ? parse_count(*k_text, names.of("k")) : 0;
    if (k == 0) throw InvalidArgument(names.of("k") + ": must be given and at least 1");
    if (k > entry.max_k) {  // before any allocation
      throw InvalidArgument(names.of("k") + ": " + std::to_string(k) + " exceeds the limit " +
                            std::to_string(entry.max_k));
    }
    arguments.k = static_cast<std::size_t>(k);
  }
  if (auto sensitive = read(kSensitiveParameter.declaration))
    arguments.sensitive = std::get<IndexSet>(std::move(*sensitive));
  if (auto budget = read(kBudgetParameter.declaration))
    arguments.budget = std::get<PrivacyBudget>(std::move(*budget));
  for (const ParameterDeclaration* d : declared) {
    if (d->sets_k || d->grammar == ParameterGrammar::kThetaRule ||
        d == &kCountParameter.declaration || d == &kSensitiveParameter.declaration ||
        d == &kBudgetParameter.declaration)
      continue;
    if (auto value = read(*d)) arguments.values.insert(*d, std::move(*value));
  }
  for (const ParameterDeclaration* d : declared) {
    if (d->grammar != ParameterGrammar::kThetaRule) continue;
    if (const std::string* keyword = keyword_given(*d, p, names)) {
      if (auto theta = resolve_theta(*p.text(*keyword), entry, arguments, names.of(*keyword)))
        arguments.values.insert(*d, std::move(*theta));
    }
  }
  return arguments;
}

void read_parameter(const MechanismEntry& entry, std::string_view keyword, const std::string& text,
                    const std::string& name, MechanismArguments& into) {
  const ParameterDeclaration* d = parameter_of_keyword(keyword);
  if (!d) throw InvalidArgument(name + ": no mechanism takes this parameter");
  if (d->sets_k || d == &kCountParameter.declaration || d == &kSensitiveParameter.declaration ||
      d == &kBudgetParameter.declaration || d->grammar == ParameterGrammar::kThetaRule) {
    throw InvalidArgument(name + ": " + std::string(d->name) + " has its own setter");
  }
  if (entry.takes(*d) == Takes::kNo) {
    throw InvalidArgument(name + ": mechanism " + std::string(entry.name) +
                          " does not take it (it takes " + parameter_list(entry) + ")");
  }
  into.values.insert(*d, read_value(*d, keyword, text, name, entry, into.k));
}

MechanismArguments mechanism_arguments(const MechanismParameters& p, const ReferenceNames& names) {
  if (p.personalized()) {
    throw InvalidArgument(
        names.pum_choice +
        ": this command does not take the personalized mechanism (mechanism, check, simulate "
        "and estimate do)");
  }
  if (const std::string* given = pum_parameter_given(p, names)) {
    throw InvalidArgument(*given + ": only with " + names.pum_choice);
  }
  return mechanism_arguments(find_mechanism(p.name, "mechanism"), p, names);
}

std::vector<std::string> parse_pum_tags(const std::string& text, const ReferenceNames& names) {
  constexpr std::size_t kMaxTags = 1000;
  if (text.empty()) {
    throw InvalidArgument(names.tags + ": required with " + names.pum_choice + " (e.g. home,work)");
  }
  std::vector<std::string> tags;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string tag = text.substr(start, comma - start);
    const bool valid = !tag.empty() && tag.find_first_not_of(
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
                                           "KLMNOPQRSTUVWXYZ0123456789_-") == std::string::npos;
    if (!valid) {
      throw InvalidArgument(names.tags + ": '" + message_excerpt(tag) +
                            "' is not a tag name (letters, digits, _ and -)");
    }
    if (std::find(tags.begin(), tags.end(), tag) != tags.end()) {
      throw InvalidArgument(names.tags + ": '" + message_excerpt(tag) + "' is listed twice");
    }
    tags.push_back(tag);
    if (tags.size() > kMaxTags) {
      throw InvalidArgument(names.tags + ": more than " + std::to_string(kMaxTags) + " tags");
    }
    if (comma == text.size()) return tags;
    start = comma + 1;
  }
}

PumSetup pum_setup(const MechanismParameters& p, const ReferenceNames& names) {
  if (!p.common || p.common->empty()) {
    throw InvalidArgument(names.common + ": required with " + names.pum_choice + " (" +
                          pum_common_names() + ")");
  }
  const MechanismEntry* found = nullptr;
  for (const MechanismEntry& e : mechanism_registry()) {
    if (e.name == *p.common && accepts_as_pum_common(e)) found = &e;
  }
  if (!found) {
    throw InvalidArgument(names.common + ": '" + message_excerpt(*p.common) +
                          "' cannot be the PUM's common mechanism (expected one of " +
                          pum_common_names() + ")");
  }
  PumSetup setup;
  setup.tags = parse_pum_tags(p.tags.value_or(""), names);
  const MechanismArguments over_x = mechanism_arguments(*found, p, names);
  setup.common_sensitive = over_x.sensitive
                               ? *over_x.sensitive
                               : IndexSet::from_indices({}, over_x.k, names.of("sensitive"));
  setup.common = pum_common_mechanism(*found, over_x, setup.tags.size());
  if (!p.users) return setup;
  const PumUsersInput& users = *p.users;
  if (users.text) {
    std::istringstream in(*users.text);
    setup.users =
        read_pum_users(in, users.source, users.layout, setup.tags, setup.common_sensitive);
  } else {
    setup.users =
        read_pum_users_file(users.source, users.layout, setup.tags, setup.common_sensitive);
  }
  return setup;
}

ReferenceRequest reference_request(const ReferenceArguments& a, const ReferenceNames& names) {
  const MechanismParameters& m = a.mechanism;
  if (!a.matrix && m.name.empty()) {
    throw InvalidArgument(names.mech + ": required (" + mechanism_names() + "), or " +
                          names.matrix_choice);
  }
  if (a.matrix && !m.name.empty()) {
    throw InvalidArgument(names.matrix + ": give " + names.mech_choice + " NAME or " +
                          names.matrix_choice + ", not both");
  }
  if (a.matrix) return matrix_reference(a, names);
  if (a.protected_outputs) {
    throw InvalidArgument(names.protected_outputs + ": only with " + names.matrix_choice);
  }
  if (a.row_sum_tolerance) {
    throw InvalidArgument(names.row_sum_tolerance + ": only with " + names.matrix_choice);
  }
  if (m.personalized()) {
    PumSetup pum = pum_setup(m, names);
    return PumReference{std::move(pum.common), std::move(pum.tags), std::move(pum.users),
                        names.users};
  }
  return RegistryReference{m.name, mechanism_arguments(m, names), optional_text(m, "theta")};
}

}  // namespace uldp::api
