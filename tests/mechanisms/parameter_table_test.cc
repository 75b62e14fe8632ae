// The parameter table: every parameter declared once, its keywords unique, every entry's
// parameters declared, and the lists derived from it (messages, `uldp mechanism --list`, the
// docs' page list) following the registry.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

TEST(ParameterTable, EveryKeywordBelongsToOneDeclaration) {
  std::map<std::string, std::string> owner;
  std::set<std::string> names;
  for (const ParameterDeclaration* p : declared_parameters()) {
    EXPECT_TRUE(names.insert(std::string(p->name)).second) << p->name << " declared twice";
    EXPECT_FALSE(p->help.empty()) << p->name;
    EXPECT_FALSE(p->needs.empty()) << p->name;
    for (std::string_view keyword : keywords_of(*p)) {
      const auto [it, inserted] = owner.emplace(std::string(keyword), std::string(p->name));
      EXPECT_TRUE(inserted) << keyword << " is a keyword of " << it->second << " and " << p->name;
      EXPECT_EQ(parameter_of_keyword(keyword), p);
      EXPECT_EQ(keyword.find('-'), std::string_view::npos) << keyword << ": keywords use '_'";
    }
    const bool two =
        p->grammar == ParameterGrammar::kBudget || p->grammar == ParameterGrammar::kBudgetList;
    EXPECT_EQ(keywords_of(*p).size(), two ? 2u : 1u) << p->name << ": eps and exp_eps";
  }
  EXPECT_EQ(parameter_of_keyword("no_such_keyword"), nullptr);
  EXPECT_EQ(flag_of("exp_eps_per_unit"), "--exp-eps-per-unit");
}

TEST(ParameterTable, EveryEntryTakesOnlyDeclaredParametersAndAtMostOneThatSetsK) {
  const auto declared = declared_parameters();
  for (const MechanismEntry& e : mechanism_registry()) {
    int setting_k = 0;
    for (const ParameterUse& use : e.parameters) {
      EXPECT_NE(std::find(declared.begin(), declared.end(), use.parameter), declared.end())
          << e.name << " takes " << use.parameter->name << ", which is not declared";
      EXPECT_NE(use.takes, Takes::kNo) << e.name << " lists " << use.parameter->name;
      EXPECT_EQ(e.takes(*use.parameter), use.takes);
      setting_k += use.parameter->sets_k && use.takes == Takes::kRequired ? 1 : 0;
    }
    EXPECT_LE(setting_k, 1) << e.name;
    EXPECT_EQ(e.takes_k(), !e.fixed_k && setting_k == 0) << e.name;
  }
}

TEST(ParameterTable, ListsAreDerivedFromTheEntry) {
  EXPECT_EQ(parameter_list(find_mechanism("urr")), "k, sensitive, eps or exp_eps");
  EXPECT_EQ(parameter_list(find_mechanism("uss")), "k, sensitive, eps or exp_eps, [block]");
  EXPECT_EQ(parameter_list(find_mechanism("uss"), true),
            "--k <= 1048576, --sensitive, --eps|--exp-eps, [--block K]");
  EXPECT_EQ(parameter_list(find_mechanism("mangat"), true),
            "k = 2, [--sensitive], [--eps|--exp-eps], [--mangat-p P]");
  EXPECT_EQ(parameter_list(find_mechanism("idue")),
            "id_eps or id_exp_eps, one_if_off, [one_if_on]");
}

// The docs' list of mechanism pages is the registry's, in its order: a new folder's page is
// listed where `uldp mechanism --list` puts it.
TEST(ParameterTable, TheDocsListEveryMechanismPageInRegistryOrder) {
  std::string expected = "Mechanism pages:";
  for (const MechanismEntry& e : mechanism_registry()) {
    std::string folder(e.name);
    std::replace(folder.begin(), folder.end(), '-', '_');
    expected += std::string(expected.ends_with(":") ? " " : ", ") + "[" + std::string(e.name) +
                "](../mechanisms/" + folder + "/README.md)";
  }
  expected += ".";
  std::ifstream in(std::string(ULDP_SOURCE_DIR) + "/docs/architecture.md");
  std::string line, found;
  while (std::getline(in, line)) {
    if (line.starts_with("Mechanism pages:")) found = line;
  }
  EXPECT_EQ(found, expected) << "docs/architecture.md: the line of mechanism pages should read\n"
                             << expected;
}

}  // namespace
}  // namespace uldp
