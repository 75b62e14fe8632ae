// EXPECT_CONFORMS: a C++ client driven by the api's sequential conformance test, its generator
// seeded from the test's name, the failure message the conformance report.
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "uldp/api/conform.h"
#include "uldp/api/false_alarm.h"
#include "uldp/api/headline.h"
#include "uldp/api/reference_arguments.h"
#include "uldp/api/render.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/gtest.h"

namespace uldp::testing {
namespace {

// FNV-1a: a seed that depends on the text only, the same on every platform and run.
std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 14695981039346656037ull) {
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

// What a client threw, with the sample it was drawing.
struct ClientThrew {
  std::uint64_t sample = 0;  // from 1, over the run
  std::uint32_t x = 0;
  std::string what;
};

}  // namespace

double default_false_alarm() { return api::suite_false_alarm_level(); }

void init_flags(int* argc, char** argv) {
  int kept = 1;
  for (int i = 1; i < *argc; ++i) {
    const std::string_view argument(argv[i]);
    std::optional<std::string_view> value;
    std::string_view given;  // the flag as given, for its error
    for (const std::string_view flag :
         {"--uldp_false_alarm=", "--uldp-false-alarm=", "--uldp_alpha=", "--uldp-alpha="}) {
      if (argument.starts_with(flag)) {
        value = argument.substr(flag.size());
        given = flag.substr(0, flag.size() - 1);
      }
    }
    if (value) {
      // The flag sets what the environment would: one place (default_false_alarm) reads the level.
      api::parse_false_alarm_level(*value, std::string(given));
      ::setenv("ULDP_FALSE_ALARM", std::string(*value).c_str(), 1);
    } else {
      argv[kept++] = argv[i];
    }
  }
  if (kept < *argc) argv[kept] = nullptr;
  *argc = kept;
}

struct ConformanceReference::Arguments : MechanismArguments {};

ConformanceReference::ConformanceReference(std::string mechanism, std::size_t k, Budget budget)
    : mechanism_(std::move(mechanism)) {
  auto arguments = std::make_shared<Arguments>();
  arguments->k = k;
  arguments->budget = budget.value();
  arguments_ = std::move(arguments);
}

ConformanceReference::Arguments& ConformanceReference::own_arguments() {
  auto copy = std::make_shared<Arguments>(*arguments_);
  Arguments& own = *copy;
  arguments_ = std::move(copy);
  return own;
}

ConformanceReference ConformanceReference::sensitive(std::vector<std::size_t> inputs) const {
  ConformanceReference r = *this;
  r.own_arguments().sensitive =
      IndexSet::from_indices(std::move(inputs), arguments_->k, ".sensitive()");
  return r;
}

ConformanceReference ConformanceReference::theta(const std::string& value) const {
  ConformanceReference r = *this;
  r.own_arguments().values.set(kThetaParameter,
                               std::make_optional(Probability::parse(value, ".theta()")));
  return r;
}

ConformanceReference ConformanceReference::block(std::size_t size) const {
  ConformanceReference r = *this;
  r.own_arguments().values.set(kBlockParameter, std::make_optional<std::uint64_t>(size));
  return r;
}

ConformanceReference ConformanceReference::parameter(const std::string& keyword,
                                                     const std::string& text) const {
  ConformanceReference r = *this;
  api::read_parameter(find_mechanism(mechanism_, "reference"), keyword, text,
                      ".parameter(\"" + keyword + "\")", r.own_arguments());
  return r;
}

ConformanceReference ConformanceReference::false_alarm(double level) const {
  api::check_option(api::kFalseAlarmOption, level, ".false_alarm");
  ConformanceReference r = *this;
  r.false_alarm_ = level;
  return r;
}

ConformanceReference ConformanceReference::resolution(double deviation) const {
  if (!(deviation > 0 && deviation <= 1)) {
    throw InvalidArgument(".resolution(" + api::double_text(deviation) +
                          "): a cell deviation is in (0, 1]");
  }
  ConformanceReference r = *this;
  r.resolution_ = deviation;
  return r;
}

ConformanceReference ConformanceReference::max_samples(std::uint64_t samples) const {
  ConformanceReference r = *this;
  r.max_samples_ = samples;
  return r;
}

ConformanceReference ConformanceReference::excess(double relative) const {
  if (!(relative >= 0 && relative <= 1e6)) {
    throw InvalidArgument(".excess(" + api::double_text(relative) +
                          "): a relative excess of e^eps is 0 (none) or above 0");
  }
  ConformanceReference r = *this;
  r.excess_ = relative;
  return r;
}

api::ConformClientRequest ConformanceReference::request(const std::string& client) const {
  api::ConformClientRequest request(mechanism(), client);
  request.false_alarm = false_alarm_ ? *false_alarm_ : default_false_alarm();
  if (resolution_) request.demand.resolution = *resolution_;
  request.demand.resolution_name = ".resolution()";
  if (max_samples_) request.max_samples = *max_samples_;
  request.max_samples_name = ".max_samples()";
  if (excess_) request.excess = *excess_;
  request.excess_name = ".excess()";
  return request;
}

api::RegistryReference ConformanceReference::mechanism() const {
  return api::RegistryReference{mechanism_, *arguments_};
}

std::string ConformanceReference::describe() const {
  const MechanismArguments& arguments = *arguments_;
  std::string text = mechanism_ + " (k = " + std::to_string(arguments.k);
  if (arguments.sensitive) text += ", X_S = {" + arguments.sensitive->to_string() + "}";
  if (arguments.budget) text += ", " + Budget(*arguments.budget).describe();
  return text + ")";
}

ConformanceReference reference(std::string mechanism, std::size_t k, Budget budget) {
  return ConformanceReference(std::move(mechanism), k, std::move(budget));
}

std::mt19937_64 test_generator(const char* client_text) {
  std::uint64_t hash = fnv1a(client_text);
  if (const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info()) {
    hash = fnv1a(test->test_suite_name(), fnv1a(".", fnv1a(test->name(), hash)));
  }
  return std::mt19937_64(hash);
}

::testing::AssertionResult ClientConforms(const char* client_text, const char*,
                                          const SampleFunction& client,
                                          const ConformanceReference& reference) {
  std::mt19937_64 rng = test_generator(client_text);
  std::optional<api::ConformResult> result;
  std::uint64_t drawn = 0;
  const auto draw = [&](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> outputs;
    outputs.reserve(inputs.size());
    for (const std::uint32_t x : inputs) {
      ++drawn;
      try {
        outputs.push_back(client(x, rng));
      } catch (const std::exception& e) {
        throw ClientThrew{drawn, x, e.what()};
      } catch (...) {
        throw ClientThrew{drawn, x, "an exception that is no std::exception"};
      }
    }
    return outputs;
  };
  try {
    result = api::conform_client(reference.request(client_text), draw);
  } catch (const ClientThrew& t) {
    return ::testing::AssertionFailure()
           << client_text << " threw at sample " << t.sample << " (input x = " << t.x
           << ") of its test against " << reference.describe() << ": " << t.what;
  } catch (const std::exception& e) {  // an output that is no label, a reference not built
    return ::testing::AssertionFailure() << client_text << " cannot be tested against "
                                         << reference.describe() << ": " << e.what();
  }
  if (result->conforms()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << api::conformance_headline(*result, client_text) << "\n"
                                       << api::to_text(*result);
}

}  // namespace uldp::testing
