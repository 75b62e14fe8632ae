// `uldp conform estimates`: another implementation's estimates against golden vectors written by
// `uldp golden`; names the first mismatching case and item and, where it can tell, the cause.
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "commands.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/estimate/estimate_comparison.h"
#include "uldp/estimate/params.h"
#include "uldp/io/estimates_file.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer
namespace {

const char* const kEstimators[] = {"emp", "thr", "em"};
// How far from the maximum-likelihood estimate an EM answer may be by default; the golden vector's
// own certified distance to it is added, so an answer this close to the MLE never mismatches.
constexpr double kEmAllowance = 1e-4;
// Beyond what `uldp golden` writes (4096 bits), with room for other generators.
constexpr std::uint64_t kMaxItems = 1'000'000;

struct ConformEstimatesCommand {
  std::string vectors;
  std::string theirs;
  std::string scale = "frequencies";
  std::string csv_estimator = "emp";
  double tolerance = 1e-9;
  std::optional<double> em_tolerance;  ///< none: per case, kEmAllowance + the golden em_distance
  bool json = false;
};

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot open the file");
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path, "not valid JSON: byte " + std::to_string(e.byte));
  }
}

std::vector<double> json_values(const nlohmann::json& v, const std::string& path,
                                const std::string& at) {
  if (!v.is_array()) throw InputError(path, at + ": expected an array of numbers");
  std::vector<double> out;
  for (const nlohmann::json& e : v) {
    if (!e.is_number()) throw InputError(path, at + ": expected an array of numbers");
    out.push_back(e.get<double>());
  }
  return out;
}

std::string case_id(const nlohmann::json& c, const std::string& path, const std::string& at) {
  if (!c.is_object() || !c.contains("id")) throw InputError(path, at + ": a case needs an \"id\"");
  return c["id"].is_string() ? c["id"].get<std::string>() : c["id"].dump();
}

// The constants a uRR server divides by, to name a wrong factor.
std::vector<NamedConstant> estimator_constants(const nlohmann::json& vectors) {
  if (vectors.value("mechanism", "") != "urr" || !vectors.contains("exp_eps")) return {};
  const std::size_t k = vectors.at("k").get<std::size_t>();
  const IndexSet sensitive = IndexSet::from_indices(
      vectors.at("sensitive").get<std::vector<std::size_t>>(), k, "sensitive");
  const double t = to_double(parse_rational(vectors.at("exp_eps").get<std::string>(), "exp_eps"));
  const UrrParams p = urr_params_from_t(sensitive, t);
  return {{"c3", p.c3}, {"c1 - c2", p.c1 - p.c2}, {"c1", p.c1}, {"c2", p.c2}};
}

void compare(const ConformEstimatesCommand& c, int& exit_code);

// --em-tolerance, or kEmAllowance plus the case's certified distance from its EM vector to the
// maximum-likelihood estimate (uldp golden's em_distance).
double em_tolerance(const ConformEstimatesCommand& c, const nlohmann::json& golden,
                    const std::string& id, const std::string& where) {
  if (c.em_tolerance) return *c.em_tolerance;
  if (!golden.contains("em_distance") || !golden.at("em_distance").is_number()) {
    throw InputError(where, "em: case \"" + message_excerpt(id) +
                                "\" carries no certified distance to the maximum-likelihood "
                                "estimate (golden vectors of an older uldp, or an uncertified "
                                "EM): pass --em-tolerance");
  }
  return kEmAllowance + golden.at("em_distance").get<double>();
}

void run(const ConformEstimatesCommand& c, int& exit_code) {
  try {
    compare(c, exit_code);
  } catch (const nlohmann::json::exception& e) {
    // A field of the wrong type or missing in the golden vectors (their file is checked as read).
    const std::string what = e.what();
    throw InputError(c.vectors, "not a golden vectors file (uldp golden): " +
                                    (what.size() > 80 ? what.substr(0, 80) + "..." : what));
  }
}

void compare(const ConformEstimatesCommand& c, int& exit_code) {
  const nlohmann::json vectors = read_json_file(c.vectors);
  if (!vectors.is_object() || !vectors.contains("cases") || !vectors.contains("k")) {
    throw InputError(c.vectors, "not a golden vectors file (uldp golden): no \"k\" / \"cases\"");
  }
  if (!vectors.at("k").is_number_unsigned() || vectors.at("k").get<std::uint64_t>() == 0 ||
      vectors.at("k").get<std::uint64_t>() > kMaxItems) {
    throw InputError(c.vectors,
                     "\"k\" must be an integer in [1, " + std::to_string(kMaxItems) + "]");
  }
  const std::size_t k = vectors.at("k").get<std::size_t>();
  const std::map<std::string, EstimatesCase> theirs =
      read_estimates_file(c.theirs, c.csv_estimator);

  ComparisonContext context;
  context.sensitive.assign(k, 0);
  for (std::size_t x : vectors.value("sensitive", std::vector<std::size_t>{})) {
    if (x < k) context.sensitive[x] = 1;
  }
  context.constants = estimator_constants(vectors);

  std::map<std::string, const nlohmann::json*> golden;
  for (const nlohmann::json& g : vectors.at("cases")) golden[case_id(g, c.vectors, "cases")] = &g;

  std::size_t compared = 0;
  double largest_em_tolerance = 0;
  nlohmann::json result = {{"verdict", "matches"}, {"scale", c.scale}};
  for (const auto& [id, their] : theirs) {
    const auto found = golden.find(id);
    if (found == golden.end()) {
      throw InputError(their.where, "case \"" + message_excerpt(id) + "\" is not in " + c.vectors);
    }
    const nlohmann::json& g = *found->second;
    const double n = g.at("n").get<double>();
    if (!(n > 0)) throw InputError(c.vectors, "case \"" + id + "\": n must be positive");
    context.n = n;
    for (const char* estimator : kEstimators) {
      const auto values = their.values.find(estimator);
      if (values == their.values.end()) continue;
      if (!g.contains(estimator)) {
        throw InputError(their.where, std::string(estimator) + ": the golden vectors have none (" +
                                          vectors.value("em", std::string("")) + ")");
      }
      const std::vector<double> expected = json_values(g.at(estimator), c.vectors, estimator);
      std::vector<double> actual = values->second;
      if (actual.size() != expected.size()) {
        throw InputError(their.where, std::string(estimator) + ": " +
                                          std::to_string(actual.size()) +
                                          " values, k = " + std::to_string(expected.size()));
      }
      if (c.scale == "counts") {
        for (double& v : actual) v /= n;
      }
      const double tolerance =
          std::string(estimator) == "em" ? em_tolerance(c, g, id, their.where) : c.tolerance;
      ++compared;
      if (std::string(estimator) == "em")
        largest_em_tolerance = std::max(largest_em_tolerance, tolerance);
      const std::optional<std::size_t> item = first_mismatch(expected, actual, tolerance);
      if (!item) continue;
      const double scale = c.scale == "counts" ? n : 1.0;
      const std::string cause = likely_cause(expected, actual, tolerance, context);
      result = {{"verdict", "mismatch"},
                {"scale", c.scale},
                {"case", id},
                {"estimator", estimator},
                {"item", *item},
                {"expected", expected[*item] * scale},
                {"actual", actual[*item] * scale},
                {"tolerance", tolerance},
                {"likely_cause", cause.empty() ? nlohmann::json(nullptr) : nlohmann::json(cause)}};
      if (c.json) {
        std::cout << versioned(result).dump(1) << "\n";
      } else {
        std::cout << "conform estimates: MISMATCH in case " << id << ", " << estimator << ", item "
                  << *item << ": expected " << double_text(expected[*item] * scale) << ", got "
                  << double_text(actual[*item] * scale) << " (tolerance " << tolerance << ", "
                  << c.scale << ")\n";
        std::cout << "  likely cause: " << (cause.empty() ? "not recognised" : cause) << "\n";
      }
      exit_code = 1;
      return;
    }
  }
  // A run that skips golden cases shows nothing about them: it does not match, it is incomplete.
  std::vector<std::string> missing;
  for (const auto& [id, g] : golden) {
    if (!theirs.contains(id)) missing.push_back(id);
  }
  if (!missing.empty()) {
    std::string listed;
    for (std::size_t i = 0; i < missing.size() && i < 5; ++i) {
      listed += (i ? ", " : "") + message_excerpt(missing[i]);
    }
    if (missing.size() > 5) listed += ", ...";
    result = {{"verdict", "incomplete"},
              {"scale", c.scale},
              {"compared", compared},
              {"missing", missing},
              {"cases", golden.size()}};
    if (c.json) {
      std::cout << versioned(result).dump(1) << "\n";
    } else {
      std::cout << "conform estimates: INCOMPLETE: no estimates for " << missing.size()
                << " of the " << golden.size() << " golden cases (" << listed << "); the "
                << compared << " estimate(s) given match\n";
    }
    exit_code = 1;
    return;
  }
  result["compared"] = compared;
  result["em_tolerance"] = c.em_tolerance ? nlohmann::json(*c.em_tolerance)
                                          : nlohmann::json("1e-4 + the case's em_distance");
  if (c.json) {
    std::cout << versioned(result).dump(1) << "\n";
  } else {
    std::cout << "conform estimates: " << compared << " estimate(s) in " << theirs.size()
              << " case(s) match " << c.vectors << " (tolerance " << c.tolerance << ", em "
              << (c.em_tolerance ? double_text(*c.em_tolerance)
                                 : "1e-4 + the golden vector's certified distance to the MLE")
              << (largest_em_tolerance > 0 ? ", at most " + double_text(largest_em_tolerance) : "")
              << ", " << c.scale << ")\n";
  }
  exit_code = 0;
}

}  // namespace

void add_conform_estimates_command(CLI::App& conform, int& exit_code) {
  auto c = std::make_shared<ConformEstimatesCommand>();
  auto* sub = conform.add_subcommand(
      "estimates", "compare a server's estimates with golden vectors written by `uldp golden`");
  sub->add_option("--vectors", c->vectors, "golden vectors (uldp golden)")->required();
  sub->add_option("--theirs", c->theirs,
                  "their estimates: JSON {\"cases\": [{\"id\", \"emp\", \"thr\", \"em\"}]} or "
                  "CSV 'id,[emp|thr|em,]v0,...'")
      ->required();
  sub->add_option("--scale", c->scale, "their values are frequencies (default) or counts")
      ->check(CLI::IsMember({"frequencies", "counts"}));
  sub->add_option("--estimator", c->csv_estimator,
                  "CSV lines without an estimator field hold this one (default emp)")
      ->check(CLI::IsMember({"emp", "thr", "em"}));
  add_tolerance_option(*sub, "--tolerance", c->tolerance,
                       "largest accepted |difference| of emp and thr frequencies (default 1e-9, "
                       "at most 1/10)");
  add_tolerance_option(*sub, "--em-tolerance", c->em_tolerance,
                       "largest accepted |difference| of EM frequencies (at most 1/10; default "
                       "per case: 1e-4 + the golden vector's certified distance em_distance to the "
                       "maximum-likelihood estimate)");
  sub->add_flag("--json", c->json, "print JSON");
  sub->callback([c, &exit_code] { run(*c, exit_code); });
}

}  // namespace uldp::cli
