// A reference from its parameters as a front end gives them: the command's flags and Python's
// keywords build the same request, and only the names in messages differ.
#include "uldp/api/reference_arguments.h"

#include <gtest/gtest.h>

#include <string>

#include "uldp/error.h"

namespace uldp::api {
namespace {

MechanismParameters urr() {
  MechanismParameters p;
  p.name = "urr";
  p.set("k", "5");
  p.set("sensitive", "0,1");
  p.set("exp_eps", "3");
  return p;
}

// The message of the InvalidArgument or InputError `f` throws ("" if none).
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ReferenceArguments, KeywordsAreTheFlagsWithoutDashes) {
  const ReferenceNames flags = ReferenceNames::flags();
  const ReferenceNames keywords = ReferenceNames::keywords();
  EXPECT_EQ(flags.of("exp_eps"), "--exp-eps");
  EXPECT_EQ(keywords.of("exp_eps"), "exp_eps");
  EXPECT_EQ(keywords.row_sum_tolerance, "row_sum_tolerance");
  EXPECT_EQ(keywords.protected_outputs, "protected");
  EXPECT_EQ(keywords.pum_choice, "mech='pum'");
}

TEST(ReferenceArguments, FlagsAndKeywordsBuildTheSameRequest) {
  ReferenceArguments a;
  a.mechanism = urr();
  const ReferenceRequest by_flags = reference_request(a, ReferenceNames::flags());
  a.mechanism.set("sensitive", "0-1");
  const ReferenceRequest by_keywords = reference_request(a, ReferenceNames::keywords());
  const auto& f = std::get<RegistryReference>(by_flags);
  const auto& k = std::get<RegistryReference>(by_keywords);
  EXPECT_EQ(f.arguments.k, 5u);
  EXPECT_EQ(f.arguments.sensitive->indices(), k.arguments.sensitive->indices());
  EXPECT_EQ(f.arguments.budget->exp_eps(), k.arguments.budget->exp_eps());
}

TEST(ReferenceArguments, MessagesNameTheParameterAsTheFrontEndCallsIt) {
  ReferenceArguments a;
  a.mechanism = urr();
  a.mechanism.set("k", "0");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::flags()); }),
            "--k: must be given and at least 1");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "k: must be given and at least 1");
  a.mechanism = urr();
  a.mechanism.set("eps", "1");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "eps / exp_eps: give at most one of them");
  a.mechanism = urr();
  a.row_sum_tolerance = "1e-9";
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::flags()); }),
            "--row-sum-tolerance: only with --matrix FILE");
  a.row_sum_tolerance.reset();
  a.mechanism.tags = "home";
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "tags: only with mech='pum'");
}

TEST(ReferenceArguments, APumsUsersAreReadFromMemoryNamingTheirLine) {
  ReferenceArguments a;
  a.mechanism = urr();
  a.mechanism.name = "pum";
  a.mechanism.common = "urr";
  a.mechanism.set("sensitive", "0");
  a.mechanism.tags = "home";
  a.mechanism.users = PumUsersInput{PumUsersLayout::kOneUserPerLine, "users", "home=2\nhome=3\n"};
  const auto pum = std::get<PumReference>(reference_request(a, ReferenceNames::keywords()));
  EXPECT_EQ(pum.tags, std::vector<std::string>{"home"});
  EXPECT_EQ(pum.users->num_users(), 2u);
  EXPECT_EQ(pum.users_name, "users");
  a.mechanism.users->text = "home=2\nwork=3\n";
  EXPECT_TRUE(message_of([&] {
                reference_request(a, ReferenceNames::keywords());
              }).starts_with("users:2:"));
}

TEST(ReferenceArguments, EachParameterIsReadByItsDeclaredGrammar) {
  ReferenceArguments a;
  a.mechanism = urr();
  a.mechanism.set("k", "five");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::flags()); }),
            "--k: 'five' is not an integer from 0 to 18446744073709551615");
  a.mechanism = urr();
  a.mechanism.set("no_such_parameter", "1");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "no_such_parameter: no mechanism takes this parameter");
  a.mechanism = urr();
  a.mechanism.set("block", "2");
  EXPECT_EQ(message_of([&] {
              const auto urr =
                  std::get<RegistryReference>(reference_request(a, ReferenceNames::keywords()));
              make_mechanism(find_mechanism("urr"), urr.arguments);
            }),
            "block: mechanism urr does not take it (it takes k, sensitive, eps or exp_eps)");
  a.mechanism.name = "ubd";
  const auto ubd = std::get<RegistryReference>(reference_request(a, ReferenceNames::keywords()));
  EXPECT_EQ(*ubd.arguments.values.get(kBlockParameter), 2u);
  a.mechanism.set("eps_per_unit", "1");
  a.mechanism.set("exp_eps_per_unit", "2");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::flags()); }),
            "--eps-per-unit / --exp-eps-per-unit: give at most one of them");
}

TEST(ReferenceArguments, AMatrixIsReadOnlyOnceTheOtherParametersPassed) {
  ReferenceArguments a;
  bool read = false;
  a.matrix = [&read]() -> MechanismFile {
    read = true;
    return parse_matrix_csv("1,0\n0,1\n", "matrix");
  };
  a.matrix_source = "matrix";
  a.mechanism.set("k", "2");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "matrix: k only goes with mech (a mechanism's parameter)");
  EXPECT_FALSE(read);
  a.mechanism.set("k", std::nullopt);
  a.mechanism.set("exp_eps", "2");
  const auto m = std::get<MatrixReference>(reference_request(a, ReferenceNames::keywords()));
  EXPECT_TRUE(read);
  EXPECT_EQ(m.source, "matrix");
  EXPECT_EQ(m.row_sum_tolerance_name, "row_sum_tolerance");
}

}  // namespace
}  // namespace uldp::api
