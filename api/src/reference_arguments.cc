#include "uldp/api/reference_arguments.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "uldp/api/pair_loss.h"
#include "uldp/error.h"
#include "uldp/forms/tolerance.h"

namespace uldp::api {
namespace {

IndexSet index_set(const std::variant<std::vector<std::size_t>, std::string>& indices,
                   std::size_t universe, const std::string& name) {
  return IndexSelection{indices, name}.resolve(universe);
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
  if (m.k || m.theta || m.mangat_p || m.block || m.grid || m.eps_per_unit || m.exp_eps_per_unit ||
      m.id_eps || m.id_exp_eps || m.one_if_on || m.one_if_off) {
    throw InvalidArgument(names.matrix + ": " + names.k + ", " + names.theta + ", " +
                          names.mangat_p + ", " + names.block + ", " + names.grid + ", " +
                          names.eps_per_unit + ", " + names.exp_eps_per_unit + ", " + names.id_eps +
                          ", " + names.id_exp_eps + ", " + names.one_if_on + " and " +
                          names.one_if_off + " only go with " + names.mech_choice);
  }
  std::optional<Rational> tolerance;
  if (a.row_sum_tolerance)
    tolerance = parse_tolerance(*a.row_sum_tolerance, names.row_sum_tolerance);
  // Every member given, in order: the matrix is read before the budget is parsed.
  MatrixReference r{a.matrix(),
                    a.matrix_source,
                    parse_budget(m.eps, m.exp_eps, names),
                    std::nullopt,
                    std::nullopt,
                    tolerance,
                    names.row_sum_tolerance,
                    a.matrix_reading};
  if (m.sensitive) r.sensitive = IndexSelection{*m.sensitive, names.sensitive};
  if (a.protected_outputs) {
    r.protected_outputs = IndexSelection{*a.protected_outputs, names.protected_outputs};
  }
  return r;
}

}  // namespace

ReferenceNames ReferenceNames::flags() {
  ReferenceNames n;
  n.mech = "--mech";
  n.matrix = "--matrix";
  n.k = "--k";
  n.sensitive = "--sensitive";
  n.protected_outputs = "--protected";
  n.eps = "--eps";
  n.exp_eps = "--exp-eps";
  n.theta = "--theta";
  n.mangat_p = "--mangat-p";
  n.block = "--block";
  n.grid = "--grid";
  n.eps_per_unit = "--eps-per-unit";
  n.exp_eps_per_unit = "--exp-eps-per-unit";
  n.id_eps = "--id-eps";
  n.id_exp_eps = "--id-exp-eps";
  n.one_if_on = "--one-if-on";
  n.one_if_off = "--one-if-off";
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
  // Each keyword is its flag without the dashes: --exp-eps is exp_eps.
  ReferenceNames n = flags();
  for (std::string* name : {&n.mech,
                            &n.matrix,
                            &n.k,
                            &n.sensitive,
                            &n.protected_outputs,
                            &n.eps,
                            &n.exp_eps,
                            &n.theta,
                            &n.mangat_p,
                            &n.block,
                            &n.grid,
                            &n.eps_per_unit,
                            &n.exp_eps_per_unit,
                            &n.id_eps,
                            &n.id_exp_eps,
                            &n.one_if_on,
                            &n.one_if_off,
                            &n.common,
                            &n.tags,
                            &n.users,
                            &n.row_sum_tolerance}) {
    name->erase(0, 2);
    std::replace(name->begin(), name->end(), '-', '_');
  }
  n.mech_choice = "mech";
  n.matrix_choice = "matrix";
  n.pum_choice = "mech='pum'";
  return n;
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
  return parse_budget_pair(eps, exp_eps, names.eps, names.exp_eps);
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
  MechanismArguments arguments;
  if (p.grid) arguments.grid = parse_grid(*p.grid, names.grid);
  arguments.budget_per_unit = parse_budget_pair(p.eps_per_unit, p.exp_eps_per_unit,
                                                names.eps_per_unit, names.exp_eps_per_unit);
  if (p.id_eps && p.id_exp_eps) {
    throw InvalidArgument(names.id_eps + " / " + names.id_exp_eps + ": give at most one of them");
  }
  if (p.id_eps || p.id_exp_eps) {  // each list at most the entry's limit, before it is held
    const std::string& list = p.id_eps ? *p.id_eps : *p.id_exp_eps;
    const std::string& name = p.id_eps ? names.id_eps : names.id_exp_eps;
    if (static_cast<std::size_t>(std::count(list.begin(), list.end(), ',')) >= entry.max_k) {
      throw InvalidArgument(name + ": more than " + std::to_string(entry.max_k) +
                            " budgets, the limit for mechanism " + std::string(entry.name));
    }
    arguments.input_budgets =
        parse_budget_list(list, p.id_eps ? BudgetUnit::kEps : BudgetUnit::kExpEps, name);
  }
  if (p.one_if_on)
    arguments.one_if_on = parse_probability_list(*p.one_if_on, names.one_if_on, entry.max_k);
  if (p.one_if_off)
    arguments.one_if_off = parse_probability_list(*p.one_if_off, names.one_if_off, entry.max_k);
  if (entry.input_budgets != Takes::kNo) {  // the budgets give k (one per input)
    if (p.k) {
      throw InvalidArgument(names.k + ": mechanism " + std::string(entry.name) +
                            " takes its k from " + names.id_exp_eps + " or " + names.id_eps +
                            " (one budget per input)");
    }
    if (arguments.input_budgets) arguments.k = arguments.input_budgets->size();
  } else if (entry.grid !=
             Takes::kNo) {  // the grid gives k (make_mechanism refuses a grid too large)
    if (p.k) {
      throw InvalidArgument(names.k + ": mechanism " + std::string(entry.name) +
                            " takes its k from " + names.grid + " (W x H cells)");
    }
    if (const auto& g = arguments.grid;
        g && g->first > 0 && g->second > 0 && g->first <= entry.max_k / g->second) {
      arguments.k = g->first * g->second;
    }
  } else if (entry.fixed_k) {
    if (p.k && *p.k != *entry.fixed_k) {
      throw InvalidArgument(names.k + ": mechanism " + std::string(entry.name) +
                            " has k = " + std::to_string(*entry.fixed_k));
    }
    arguments.k = *entry.fixed_k;
  } else {
    if (!p.k || *p.k == 0) throw InvalidArgument(names.k + ": must be given and at least 1");
    if (*p.k > entry.max_k) {  // before any allocation
      throw InvalidArgument(names.k + ": " + std::to_string(*p.k) + " exceeds the limit " +
                            std::to_string(entry.max_k));
    }
    arguments.k = static_cast<std::size_t>(*p.k);
  }
  if (p.sensitive) arguments.sensitive = index_set(*p.sensitive, arguments.k, names.sensitive);
  arguments.budget = parse_budget(p.eps, p.exp_eps, names);
  if (p.theta) arguments.theta = resolve_theta(*p.theta, entry, arguments, names.theta);
  if (p.mangat_p) arguments.mangat_p = Probability::parse(*p.mangat_p, names.mangat_p);
  if (p.block) arguments.block = static_cast<std::size_t>(*p.block);  // 0 is refused by the entry
  return arguments;
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
  setup.common_sensitive =
      over_x.sensitive ? *over_x.sensitive : IndexSet::from_indices({}, over_x.k, names.sensitive);
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
  return RegistryReference{m.name, mechanism_arguments(m, names), m.theta};
}

}  // namespace uldp::api
