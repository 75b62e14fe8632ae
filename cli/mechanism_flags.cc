#include "mechanism_flags.h"

#include "uldp/error.h"
#include "uldp/io/pum_users_reader.h"

namespace uldp::cli {

void MechanismFlags::add_to(CLI::App& command) {
  add_unsigned_option(command, "--k", k, "number of input symbols |X|");
  command
      .add_option("--sensitive", sensitive,
                  "sensitive inputs X_S: 0,3,7 or 0-14 (0-based; \"\" is empty)")
      ->each([this](const std::string&) { sensitive_given = true; });
  add_text_option(command, "--theta", theta,
                  "RAPPOR family: theta in [0,1] | paper (s/(s+1), s = e^{eps/2}; the default) | "
                  "optimal | optimal-l1 (certified minimiser of the worst-case l2 / l1 loss)");
  add_text_option(command, "--mangat-p", mangat_p, "Mangat's p in (0,1] (default 1/e^eps)");
  add_unsigned_option(command, "--block", block, "uBD: block size K, 1 <= K <= |X_S|");
  budget.add_to(command, false);
}

void MechanismFlags::add_with_mech_option(CLI::App& command) {
  command.add_option("--mech", name, mech_option_help());
  add_to(command);
}

void MechanismFlags::add_pum_options(CLI::App& command) {
  command.add_option("--common", common,
                     "with --mech pum: the common mechanism Q_cmn (" + pum_common_names() + ")");
  command.add_option("--tags", tags, "with --mech pum: the semantic tags, e.g. home,work,others");
  command.add_option("--users", users,
                     "with --mech pum: users file, one user per line (home=3,4 work=7, or -)");
  command.add_option("--user-groups", user_groups,
                     "with --mech pum: users file, a user count then the tagging per line "
                     "(120 home=3 work=7, or 45 -)");
}

std::string mech_option_help() {
  return "mechanism: " + mechanism_names() + ", or pum (the personalized mechanism over --common)" +
         " (uldp mechanism --list)";
}

namespace {

// --tags home,work: κ names, each of letters, digits, '_' or '-'.
std::vector<std::string> parse_tags(const std::string& text) {
  constexpr std::size_t kMaxTags = 1000;
  if (text.empty()) throw InvalidArgument("--tags: required with --mech pum (e.g. home,work)");
  std::vector<std::string> tags;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string tag = text.substr(start, comma - start);
    const bool valid = !tag.empty() && tag.find_first_not_of(
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
                                           "KLMNOPQRSTUVWXYZ0123456789_-") == std::string::npos;
    if (!valid) {
      throw InvalidArgument("--tags: '" + message_excerpt(tag) +
                            "' is not a tag name (letters, digits, _ and -)");
    }
    for (const std::string& earlier : tags) {
      if (earlier == tag)
        throw InvalidArgument("--tags: '" + message_excerpt(tag) + "' is listed twice");
    }
    tags.push_back(tag);
    if (tags.size() > kMaxTags)
      throw InvalidArgument("--tags: more than " + std::to_string(kMaxTags) + " tags");
    if (comma == text.size()) return tags;
    start = comma + 1;
  }
}

}  // namespace

PumSetup MechanismFlags::build_pum(bool users_needed) const {
  if (common.empty()) {
    throw InvalidArgument("--common: required with --mech pum (" + pum_common_names() + ")");
  }
  const MechanismEntry* found = nullptr;
  for (const MechanismEntry& e : mechanism_registry()) {
    if (e.name == common && accepts_as_pum_common(e)) found = &e;
  }
  if (!found) {
    throw InvalidArgument("--common: '" + message_excerpt(common) +
                          "' cannot be the PUM's common mechanism (expected one of " +
                          pum_common_names() + ")");
  }
  const MechanismEntry& entry = *found;
  PumSetup setup;
  setup.tags = parse_tags(tags);
  const MechanismArguments over_x = arguments_for(entry);
  setup.common_sensitive =
      over_x.sensitive ? *over_x.sensitive : IndexSet::from_indices({}, over_x.k, "--sensitive");
  setup.common = pum_common_mechanism(entry, over_x, setup.tags.size());
  if (!users.empty() && !user_groups.empty())
    throw InvalidArgument("--users: give one of --users FILE or --user-groups FILE");
  if (users.empty() && user_groups.empty()) {
    if (users_needed)
      throw InvalidArgument("--users: required with --mech pum (or --user-groups FILE)");
    return setup;
  }
  setup.users = read_pum_users_file(
      users.empty() ? user_groups : users,
      users.empty() ? PumUsersLayout::kCountedGroups : PumUsersLayout::kOneUserPerLine, setup.tags,
      setup.common_sensitive);
  return setup;
}

bool MechanismFlags::any_parameter_given() const {
  return k || sensitive_given || theta || mangat_p || block;
}

MechanismSpec MechanismFlags::build() const {
  const MechanismArguments parsed = arguments();  // its refusals come first
  return make_mechanism(find_mechanism(name, "mechanism"), parsed);
}

MechanismArguments MechanismFlags::arguments() const {
  if (personalized()) {
    throw InvalidArgument(
        "--mech pum: this command does not take the personalized mechanism (mechanism, check, "
        "simulate and estimate do)");
  }
  if (!common.empty() || !tags.empty() || !users.empty() || !user_groups.empty()) {
    throw InvalidArgument(std::string(!common.empty() ? "--common"
                                      : !tags.empty() ? "--tags"
                                                      : "--users") +
                          ": only with --mech pum");
  }
  return arguments_for(find_mechanism(name, "mechanism"));
}

MechanismArguments MechanismFlags::arguments_for(const MechanismEntry& entry) const {
  MechanismArguments arguments;
  if (entry.fixed_k) {
    if (k && *k != *entry.fixed_k) {
      throw InvalidArgument("--k: mechanism " + std::string(entry.name) +
                            " has k = " + std::to_string(*entry.fixed_k));
    }
    arguments.k = *entry.fixed_k;
  } else {
    if (!k || *k == 0) throw InvalidArgument("--k: must be given and at least 1");
    check_size(*k, entry.max_k, "--k");  // before any allocation
    arguments.k = static_cast<std::size_t>(*k);
  }
  if (sensitive_given)
    arguments.sensitive = parse_index_list(sensitive, arguments.k, "--sensitive");
  arguments.budget = budget.parse();
  if (theta) arguments.theta = resolve_theta(*theta, entry, arguments, "--theta");
  if (mangat_p) arguments.mangat_p = Probability::parse(*mangat_p, "--mangat-p");
  if (block) arguments.block = static_cast<std::size_t>(*block);  // 0 is refused by the entry
  return arguments;
}

}  // namespace uldp::cli
