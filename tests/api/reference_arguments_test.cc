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
  p.k = 5;
  p.sensitive = std::string("0,1");
  p.exp_eps = "3";
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
  EXPECT_EQ(flags.exp_eps, "--exp-eps");
  EXPECT_EQ(keywords.exp_eps, "exp_eps");
  EXPECT_EQ(keywords.row_sum_tolerance, "row_sum_tolerance");
  EXPECT_EQ(keywords.protected_outputs, "protected");
  EXPECT_EQ(keywords.pum_choice, "mech='pum'");
}

TEST(ReferenceArguments, FlagsAndKeywordsBuildTheSameRequest) {
  ReferenceArguments a;
  a.mechanism = urr();
  const ReferenceRequest by_flags = reference_request(a, ReferenceNames::flags());
  a.mechanism.sensitive = std::vector<std::size_t>{0, 1};
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
  a.mechanism.k = 0;
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::flags()); }),
            "--k: must be given and at least 1");
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "k: must be given and at least 1");
  a.mechanism = urr();
  a.mechanism.eps = "1";
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
  a.mechanism.sensitive = std::string("0");
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

TEST(ReferenceArguments, AMatrixIsReadOnlyOnceTheOtherParametersPassed) {
  ReferenceArguments a;
  bool read = false;
  a.matrix = [&read]() -> MechanismFile {
    read = true;
    return parse_matrix_csv("1,0\n0,1\n", "matrix");
  };
  a.matrix_source = "matrix";
  a.mechanism.k = 2;
  EXPECT_EQ(message_of([&] { reference_request(a, ReferenceNames::keywords()); }),
            "matrix: k, theta, mangat_p, block, grid, eps_per_unit, exp_eps_per_unit, id_eps, "
            "id_exp_eps, one_if_on and one_if_off only go with mech");
  EXPECT_FALSE(read);
  a.mechanism.k.reset();
  a.mechanism.exp_eps = "2";
  const auto m = std::get<MatrixReference>(reference_request(a, ReferenceNames::keywords()));
  EXPECT_TRUE(read);
  EXPECT_EQ(m.source, "matrix");
  EXPECT_EQ(m.row_sum_tolerance_name, "row_sum_tolerance");
}

}  // namespace
}  // namespace uldp::api
