// The layers are CMake targets with one-way dependencies (docs/architecture.md): uldp::reference
// sees Boost and GMP only; uldp::io adds nlohmann-json; uldp::estimate and uldp::verify see
// reference but not each other, nor io; uldp::api sees them all but never the command line, and
// uldp::testing sees api (and GoogleTest) but not the command line either; the experiments see the
// exact core and the estimators only. Mechanism folders hold a
// part for each layer, told apart by name (NAME_sampling.* is estimate, NAME_claims.* is verify,
// the rest reference). A file that includes a layer its target must not see fails here, before any
// link error could hide it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "repository_files.h"

namespace uldp::testing {
namespace {

enum class Layer { kReference, kIo, kEstimate, kVerify, kApi, kTesting, kExperiment, kOther };

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

Layer layer_of(const std::string& path) {
  if (path.starts_with("mechanisms/")) {
    if (contains(path, "_sampling.")) return Layer::kEstimate;
    if (contains(path, "_claims.")) return Layer::kVerify;
    return Layer::kReference;
  }
  if (path.starts_with("reference/src/io/") || path.starts_with("reference/include/uldp/io/"))
    return Layer::kIo;
  if (path.starts_with("reference/")) return Layer::kReference;
  if (path.starts_with("estimate/")) return Layer::kEstimate;
  if (path.starts_with("verify/")) return Layer::kVerify;
  if (path.starts_with("api/")) return Layer::kApi;
  if (path.starts_with("testing/")) return Layer::kTesting;
  if (path.starts_with("experiment/")) return Layer::kExperiment;
  return Layer::kOther;
}

// What each layer's files must not include (a substring of the #include line).
std::vector<std::string> forbidden(Layer layer) {
  const std::vector<std::string> estimate = {"\"uldp/estimate/", "_sampling.h\""};
  const std::vector<std::string> verify = {"\"uldp/verify/", "_claims.h\"", "z3++.h"};
  const std::vector<std::string> io = {"\"uldp/io/", "nlohmann/"};
  const std::vector<std::string> cli = {"\"uldp/cli/", "CLI/CLI.hpp"};
  std::vector<std::string> out = cli;
  auto add = [&](const std::vector<std::string>& more) {
    out.insert(out.end(), more.begin(), more.end());
  };
  switch (layer) {
    case Layer::kReference:
      add(estimate), add(verify), add(io);
      break;
    case Layer::kIo:
      add(estimate), add(verify);
      break;
    case Layer::kEstimate:
      add(verify), add(io);
      break;
    case Layer::kVerify:
      add(estimate), add(io);
      break;
    case Layer::kApi:
    case Layer::kTesting:
      // The command's headers are included by bare name ("cli_support.h"): every quoted include
      // of the workflow layer and of the assertions names a library header, "uldp/...".
      out.push_back("#include \"cli");
      out.push_back("_flags.h\"");
      out.push_back("_command.h\"");
      break;
    case Layer::kExperiment:
      // The paper's experiments run on the exact core and the estimators only.
      add(verify), add(io);
      out.push_back("\"uldp/api/");
      break;
    case Layer::kOther:
      break;
  }
  return out;
}

TEST(Layering, NoFileIncludesALayerItsTargetMustNotSee) {
  const std::vector<std::string> files = repository_text_files(
      ULDP_SOURCE_DIR,
      {"reference", "estimate", "verify", "mechanisms", "api", "testing", "experiment"});
  ASSERT_GE(files.size(), 100u) << "the source tree was not found";
  std::size_t mechanism_files = 0;
  for (const std::string& path : files) {
    if (!path.ends_with(".cc") && !path.ends_with(".h")) continue;
    const Layer layer = layer_of(path);
    mechanism_files += path.starts_with("mechanisms/");
    const std::vector<std::string> banned = forbidden(layer);
    const std::vector<std::string> lines = read_lines(std::string(ULDP_SOURCE_DIR) + "/" + path);
    const bool library_headers_only = layer == Layer::kApi || layer == Layer::kTesting;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (!lines[i].starts_with("#include")) continue;
      for (const std::string& b : banned) {
        EXPECT_FALSE(contains(lines[i], b)) << path << ":" << i + 1 << ": " << lines[i];
      }
      if (library_headers_only && contains(lines[i], "\"")) {
        // A private header of the same folder ("golden_exact_estimate.h" beside its .cc) is the
        // layer's own; any other bare name would be the command's.
        const std::string quoted = lines[i].substr(lines[i].find('"') + 1);
        const std::string name = quoted.substr(0, quoted.find('"'));
        const std::string folder = path.substr(0, path.rfind('/') + 1);
        const bool own =
            std::filesystem::exists(std::string(ULDP_SOURCE_DIR) + "/" + folder + name);
        EXPECT_TRUE(contains(lines[i], "#include \"uldp/") || own)
            << path << ":" << i + 1 << ": the workflow layer includes library headers only";
      }
    }
  }
  EXPECT_GE(mechanism_files, 30u);
}

// The visitors over a mechanism kind (`spec.kind`) in `text` that end in a catch-all, a lambda
// taking `const auto&` without a name (it ignores which kind it got): each reported by the line of
// its std::visit. A generic lambda that uses its parameter (`params.budget`) is not one: every kind
// must have what it uses, or the build fails.
std::vector<std::size_t> catch_all_kind_visitors(const std::string& text) {
  std::vector<std::size_t> lines;
  for (std::size_t at = text.find("std::visit("); at != std::string::npos;
       at = text.find("std::visit(", at + 1)) {
    // The visit's extent: up to its closing parenthesis.
    std::size_t depth = 0, end = at + std::string("std::visit").size();
    for (; end < text.size(); ++end) {
      if (text[end] == '(') ++depth;
      if (text[end] == ')' && --depth == 0) break;
    }
    const std::string visit = text.substr(at, end - at);
    const std::size_t last_comma = visit.rfind(',');
    const bool over_kind =
        last_comma != std::string::npos && contains(visit.substr(last_comma), ".kind");
    if (over_kind && contains(visit, "(const auto&)")) {
      lines.push_back(static_cast<std::size_t>(std::count(
                          text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) +
                      1);
    }
  }
  return lines;
}

// Adding a mechanism kind must make the compiler ask for it everywhere: no visitor over the kind
// ends in a catch-all (docs/architecture.md, "Adding a mechanism").
TEST(Layering, EveryVisitorOverTheMechanismKindIsExhaustive) {
  const std::vector<std::string> files = repository_text_files(
      ULDP_SOURCE_DIR,
      {"reference", "estimate", "verify", "mechanisms", "api", "testing", "cli", "python"});
  std::size_t visitors = 0;
  for (const std::string& path : files) {
    if (!path.ends_with(".cc") && !path.ends_with(".h")) continue;
    std::string text;
    for (const std::string& line : read_lines(std::string(ULDP_SOURCE_DIR) + "/" + path)) {
      text += line + "\n";
    }
    for (std::size_t at = text.find(".kind);"); at != std::string::npos;
         at = text.find(".kind);", at + 1)) {
      ++visitors;
    }
    for (const std::size_t line : catch_all_kind_visitors(text)) {
      ADD_FAILURE() << path << ":" << line
                    << ": a visitor over the mechanism kind ends in a catch-all (const auto&); "
                       "list every kind so that a new one is asked for";
    }
  }
  EXPECT_GE(visitors, 5u) << "the visitors over the kind were not found";
}

// The names of the mechanism kinds' parameter structs ("UrrSpec", ...), from their headers.
std::set<std::string> kind_names(const std::string& root) {
  std::set<std::string> names;
  for (const std::string& path : repository_text_files(root, {"mechanisms"})) {
    if (!path.ends_with(".h")) continue;
    for (const std::string& line : read_lines(root + "/" + path)) {
      if (!line.starts_with("struct ") || !contains(line, "Spec")) continue;
      const std::string name = line.substr(7, line.find_first_of(" {;", 7) - 7);
      if (name.ends_with("Spec") && name != "MechanismSpec") names.insert(name);
    }
  }
  return names;
}

// A lexer-free word search: `name` not inside a longer identifier.
bool names_word(const std::string& line, const std::string& name) {
  auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = line.find(name); at != std::string::npos; at = line.find(name, at + 1)) {
    const bool starts = at == 0 || !identifier(line[at - 1]);
    const std::size_t end = at + name.size();
    if (starts && (end == line.size() || !identifier(line[end]))) return true;
  }
  return false;
}

// Calls `visit(path, line number, line)` on every line of the C++ files under `folders`, after
// checking that the line names none of `kinds`.
void for_each_line_naming_no_kind(
    const std::string& root, const std::vector<std::string>& folders,
    const std::set<std::string>& kinds,
    const std::function<void(const std::string&, std::size_t, const std::string&)>& visit) {
  for (const std::string& path : repository_text_files(root, folders)) {
    if (!path.ends_with(".cc") && !path.ends_with(".h")) continue;
    std::size_t number = 0;
    for (const std::string& line : read_lines(root + "/" + path)) {
      ++number;
      for (const std::string& kind : kinds) {
        EXPECT_FALSE(names_word(line, kind)) << path << ":" << number << ": names " << kind;
      }
      visit(path, number, line);
    }
  }
}

// The command line turns flags into requests and results into text: it never branches on a
// mechanism, so it names no kind and includes no mechanism folder (docs/architecture.md).
TEST(Layering, TheCommandLineKnowsNoMechanism) {
  const std::string root = ULDP_SOURCE_DIR;
  const std::set<std::string> kinds = kind_names(root);
  ASSERT_GE(kinds.size(), 13u) << "the kinds' structs were not found";
  ASSERT_TRUE(kinds.contains("UbdOptSpec"));
  for_each_line_naming_no_kind(
      root, {"cli"}, kinds,
      [](const std::string& path, std::size_t number, const std::string& line) {
        EXPECT_FALSE(contains(line, "#include \"uldp/mechanisms/") &&
                     std::count(line.begin(), line.end(), '/') > 2)
            << path << ":" << number << ": includes a mechanism folder";
      });
  EXPECT_TRUE(names_word("if (std::get_if<UbdSpec>(&spec.kind))", "UbdSpec"));
  EXPECT_FALSE(names_word("MyUbdSpecial", "UbdSpec"));
}

// The registry's names ("urr", "rappor-bloom"), from the kinds' kName declarations.
std::set<std::string> registry_names(const std::string& root) {
  std::set<std::string> names;
  const std::string marker = "kName = \"";
  for (const std::string& path : repository_text_files(root, {"mechanisms"})) {
    if (!path.ends_with(".h")) continue;
    for (const std::string& line : read_lines(root + "/" + path)) {
      const std::size_t at = line.find(marker);
      if (at == std::string::npos) continue;
      const std::size_t begin = at + marker.size();
      names.insert(line.substr(begin, line.find('"', begin) - begin));
    }
  }
  return names;
}

// A line without its // comment; a "//" inside a string or character literal stays.
std::string code_of(const std::string& line) {
  char quote = 0;  // the open literal's quote, or none
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
    } else if (c == '"' ||
               (c == '\'' &&
                (i == 0 || !std::isalnum(static_cast<unsigned char>(line[i - 1]))))) {  // not 1'000
      quote = c;
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      return line.substr(0, i);
    }
  }
  return line;
}

// The workflow layer, the double estimators, the Python binding and the testing library ask the
// registry and the entries' traits (theta_family, estimator_divisors, pair_claim,
// budget_description, pair_losses, theta_over_every_symbol, ...) instead of naming kinds: no
// kind's struct, and no registry name in quotes outside a comment, but in the listed file
// (docs/architecture.md, "Where kinds are still named"). "none" is also the word for nothing
// ("--background TAG=none"), so it is not looked for.
TEST(Layering, TheWorkflowLayerNamesNoKind) {
  const std::string root = ULDP_SOURCE_DIR;
  const std::set<std::string> kinds = kind_names(root);
  ASSERT_TRUE(kinds.contains("GeometricSpec"));
  std::set<std::string> names = registry_names(root);
  ASSERT_EQ(names.size(), kinds.size()) << "a kind's kName was not read";
  names.erase("none");
  // The paper's audit is data: its cases name the mechanisms the paper's tables evaluate.
  const std::set<std::string> quoting = {"api/src/audit.cc"};
  std::set<std::string> seen_quoting;
  for_each_line_naming_no_kind(
      root, {"api", "estimate/src", "python/src", "testing"}, kinds,
      [&](const std::string& path, std::size_t number, const std::string& line) {
        const std::string code = code_of(line);
        for (const std::string& name : names) {
          if (!contains(code, std::string(1, '"') + name + '"')) continue;
          if (quoting.contains(path)) {
            seen_quoting.insert(path);
          } else {
            ADD_FAILURE() << path << ":" << number << ": names mechanism \"" << name << "\"";
          }
        }
      });
  EXPECT_EQ(seen_quoting, quoting) << "a listed file no longer names a mechanism: take it off";
  EXPECT_EQ(code_of(R"(f("urr"); // "rr")"), R"(f("urr"); )");
  EXPECT_EQ(code_of(R"(url("https://x") + '/')"), R"(url("https://x") + '/')");
  EXPECT_EQ(code_of(R"(s = "a\"//b"; // c)"), R"(s = "a\"//b"; )");
  EXPECT_EQ(code_of(R"(n = 1'000; // "rr")"), R"(n = 1'000; )");
}

TEST(Layering, TheCatchAllRuleCanFail) {
  EXPECT_EQ(
      catch_all_kind_visitors("x\nreturn std::visit(Overloaded{[](const UbdSpec&) { return 1; "
                              "},\n [](const auto&) { return 0; }}, spec.kind);"),
      std::vector<std::size_t>{2});
  EXPECT_TRUE(
      catch_all_kind_visitors("std::visit(Overloaded{[](const auto&) {}}, model);").empty());
  EXPECT_TRUE(catch_all_kind_visitors("std::visit([](const UbdSpec&) {}, spec.kind);").empty());
}

// The rule itself can fail: a sampler included from an exact file is caught.
TEST(Layering, TheRuleCatchesAnExactFileIncludingASampler) {
  bool caught = false;
  for (const std::string& b : forbidden(layer_of("mechanisms/uhr/uhr.cc"))) {
    caught = caught || contains("#include \"uldp/mechanisms/uhr/uhr_sampling.h\"", b);
  }
  EXPECT_TRUE(caught);
  EXPECT_EQ(layer_of("mechanisms/uhr/uhr_sampling.cc"), Layer::kEstimate);
  EXPECT_EQ(layer_of("mechanisms/uhr/uhr_claims.cc"), Layer::kVerify);
  bool cli_caught = false;
  for (const std::string& b : forbidden(layer_of("api/src/check.cc"))) {
    cli_caught = cli_caught || contains("#include \"mechanism_flags.h\"", b);
  }
  EXPECT_TRUE(cli_caught);
}

// One folder per registry name: every file in mechanisms/NAME/ is named after NAME and the folder
// has its page; tests/mechanisms/NAME/ mirrors it, each test file named after a source file there.
TEST(Layering, MechanismFoldersAreNamedAfterTheirMechanismAndTestsMirrorThem) {
  const std::string root = ULDP_SOURCE_DIR;
  std::map<std::string, std::set<std::string>> sources;  // NAME -> file names in mechanisms/NAME/
  for (const std::string& path : repository_text_files(root, {"mechanisms"})) {
    const std::string rest = path.substr(std::string("mechanisms/").size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos || rest.starts_with("internal/")) continue;
    sources[rest.substr(0, slash)].insert(rest.substr(slash + 1));
  }
  ASSERT_GE(sources.size(), 11u);
  for (const auto& [name, files] : sources) {
    EXPECT_TRUE(files.contains("README.md")) << "mechanisms/" << name << "/ has no page";
    EXPECT_TRUE(files.contains(name + ".h"))
        << "mechanisms/" << name << "/ has no " << name << ".h";
    for (const std::string& file : files) {
      EXPECT_TRUE(file == "README.md" || file.starts_with(name + ".") ||
                  file.starts_with(name + "_"))
          << "mechanisms/" << name << "/" << file << " is not named after " << name;
    }
  }
  std::set<std::string> tested;
  for (const std::string& path : repository_text_files(root, {"tests/mechanisms"})) {
    const std::string rest = path.substr(std::string("tests/mechanisms/").size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos) continue;  // shared machinery: registry, parameters
    const std::string name = rest.substr(0, slash);
    const std::string file = rest.substr(slash + 1);
    ASSERT_TRUE(sources.contains(name)) << path << " mirrors no mechanisms/" << name << "/";
    ASSERT_TRUE(file.ends_with("_test.cc")) << path;
    const std::string source = file.substr(0, file.size() - std::string("_test.cc").size());
    EXPECT_TRUE(sources[name].contains(source + ".h"))
        << path << " names no source in mechanisms/" << name << "/";
    tested.insert(name);
  }
  for (const auto& [name, files] : sources) {
    // `none` is the identity; its behaviour is tested through the shared registry tests.
    if (name != "none") {
      EXPECT_TRUE(tested.contains(name)) << "no tests/mechanisms/" << name << "/";
    }
  }
}

}  // namespace
}  // namespace uldp::testing
