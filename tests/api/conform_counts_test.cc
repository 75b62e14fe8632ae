// api::conform_counts: samples given as counts ("x,y,count"), whole or in shards, or as JSON
// records, give exactly the tallies, verdict and diagnosis of the samples one per line, for
// symbols and for bit vectors (whose pair tallies a count must multiply too). Fixed seeds.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "uldp/api/conform.h"
#include "uldp/error.h"
#include "uldp/estimate/random.h"
#include "uldp/testing/budgets.h"

namespace uldp::api {
namespace {

using estimate::Conformance;
using estimate::uniform01;
using estimate::Xoshiro256;
using uldp::testing::budget;

SampleSource text_source(std::string text) {
  return [text = std::move(text)] { return std::make_unique<std::istringstream>(text); };
}

// The samples "x,y" lines counted: one "x,y,count" line per pair (in a shard by sample index).
std::string counted(const std::string& samples, std::size_t shard = 0, std::size_t shards = 1) {
  std::map<std::pair<std::string, std::string>, std::uint64_t> counts;
  std::istringstream in(samples);
  std::string line;
  for (std::size_t i = 0; std::getline(in, line); ++i) {
    if (i % shards != shard) continue;
    const std::size_t comma = line.find(',');
    ++counts[{line.substr(0, comma), line.substr(comma + 1)}];
  }
  std::string out = "# x,y,count\n";
  for (const auto& [pair, count] : counts)
    out += pair.first + "," + pair.second + "," + std::to_string(count) + "\n";
  return out;
}

void expect_same(const ConformResult& counts, const ConformResult& samples) {
  EXPECT_EQ(counts.tallies.n, samples.tallies.n);
  EXPECT_EQ(counts.tallies.per_input, samples.tallies.per_input);
  EXPECT_EQ(counts.tallies.symbol_counts, samples.tallies.symbol_counts);
  EXPECT_EQ(counts.tallies.ones, samples.tallies.ones);
  EXPECT_EQ(counts.tallies.protected_ones, samples.tallies.protected_ones);
  EXPECT_EQ(counts.tallies.in_protected, samples.tallies.in_protected);
  EXPECT_EQ(counts.tallies.both_ones, samples.tallies.both_ones);
  EXPECT_EQ(counts.tallies.impossible, samples.tallies.impossible);
  EXPECT_EQ(counts.report.verdict, samples.report.verdict);
  EXPECT_EQ(counts.report.min_p_value, samples.report.min_p_value);
  EXPECT_EQ(counts.report.exp_eps_lower_bound, samples.report.exp_eps_lower_bound);
  ASSERT_EQ(counts.diagnosis.has_value(), samples.diagnosis.has_value());
  if (counts.diagnosis) {
    EXPECT_EQ(counts.diagnosis->tried, samples.diagnosis->tried);
    ASSERT_EQ(counts.diagnosis->fits.size(), samples.diagnosis->fits.size());
    for (std::size_t i = 0; i < counts.diagnosis->fits.size(); ++i)
      EXPECT_EQ(counts.diagnosis->fits[i].reading, samples.diagnosis->fits[i].reading);
    EXPECT_EQ(counts.diagnosis->fitted_exp_eps, samples.diagnosis->fitted_exp_eps);
  }
}

ConformResult from_samples(const ReferenceRequest& reference, const std::string& samples) {
  return conform_samples(ConformSamplesRequest(reference, text_source(samples), "samples"));
}

ConformResult from_counts(const ReferenceRequest& reference, std::vector<std::string> shards) {
  std::vector<CountsShard> files;
  for (std::size_t i = 0; i < shards.size(); ++i)
    files.push_back({"shard" + std::to_string(i), text_source(shards[i])});
  return conform_counts(ConformCountsRequest(reference, std::move(files)));
}

// A uRR client (k = 5, X_S = {0, 1}) run at t = 6 and declared at t = 3: a finding, diagnosed.
TEST(ConformCounts, SymbolCountsGiveTheVerdictAndDiagnosisOfTheirSamples) {
  MechanismArguments a;
  a.k = 5;
  a.sensitive = IndexSet::from_indices({0, 1}, 5, "sensitive");
  a.budget = budget(3);
  const RegistryReference reference{"urr", a};
  Xoshiro256 rng(29);
  std::string samples;
  for (std::uint32_t x = 0; x < 5; ++x) {
    for (int i = 0; i < 3000; ++i) {
      const double u = uniform01(rng);  // t = 6: c1 = 6/7, c2 = 1/7, c3 = 5/7
      const std::string y = x <= 1 ? (u < 6.0 / 7 ? std::to_string(x) : std::to_string(1 - x))
                                   : (u < 1.0 / 7   ? "0"
                                      : u < 2.0 / 7 ? "1"
                                                    : std::to_string(x));
      samples += std::to_string(x) + "," + y + "\n";
    }
  }
  const ConformResult direct = from_samples(reference, samples);
  ASSERT_NE(direct.report.verdict, Conformance::kConforms);
  ASSERT_TRUE(direct.diagnosis && direct.diagnosis->fitted_exp_eps);
  expect_same(from_counts(reference, {counted(samples)}), direct);
  expect_same(from_counts(reference,
                          {counted(samples, 0, 3), counted(samples, 1, 3), counted(samples, 2, 3)}),
              direct);
  // An empty shard (a worker with no rows) adds nothing; a byte order mark opening a later shard
  // is no part of its first line (the diagnosis reads the shards as one stream).
  expect_same(
      from_counts(reference, {counted(samples, 0, 2), "", "\xEF\xBB\xBF" + counted(samples, 1, 2)}),
      direct);
  EXPECT_THROW(from_counts(reference, {"", "# nothing\n"}), InputError);
  const ConformResult shards =
      from_counts(reference, {counted(samples, 0, 2), counted(samples, 1, 2)});
  EXPECT_EQ(shards.source, "shard0 + shard1");
  EXPECT_EQ(shards.sample_lines, estimate::SampleLine::kCounted);
  EXPECT_NE(to_text(shards).find("conform counts: 15000 samples"), std::string::npos);
}

// OUE (k = 4) with the true bit set after the noise: bits, their pairs and Y_P all tallied with
// the count; the bit-order reading of the diagnosis keeps the count as it is.
TEST(ConformCounts, BitVectorCountsGiveTheVerdictAndDiagnosisOfTheirSamples) {
  MechanismArguments a;
  a.k = 4;
  a.budget = budget(3);
  const RegistryReference reference{"oue", a};
  Xoshiro256 rng(30);
  std::string samples;
  for (std::uint32_t x = 0; x < 4; ++x) {
    for (int i = 0; i < 2000; ++i) {
      std::string y(4, '0');
      for (std::size_t j = 0; j < 4; ++j) {
        if (uniform01(rng) < (j == x ? 0.5 : 0.25)) y[j] = '1';
      }
      if (x == 2) y[3] = '1';  // input 2 always sets bit 3 as well
      samples += std::to_string(x) + "," + y + "\n";
    }
  }
  const ConformResult direct = from_samples(reference, samples);
  ASSERT_NE(direct.report.verdict, Conformance::kConforms);
  ASSERT_TRUE(direct.diagnosis);
  expect_same(from_counts(reference, {counted(samples)}), direct);
  expect_same(from_counts(reference, {counted(samples, 0, 2), counted(samples, 1, 2)}), direct);
}

TEST(ConformCounts, JsonRecordsAreTheSameCounts) {
  MechanismArguments a;
  a.k = 3;
  a.budget = budget(3);
  const RegistryReference reference{"rr", a};
  const std::string lines = "0,0,30\n0,1,8\n0,2,7\n1,1,29\n1,0,8\n1,2,6\n2,2,31\n2,0,7\n2,1,7\n";
  const std::string records =
      "[{\"x\": 0, \"y\": \"0\", \"count\": 30}, {\"x\": 0, \"y\": 1, \"count\": 8},"
      " {\"x\": 0, \"y\": \"2\", \"count\": 7}, {\"x\": 1, \"y\": \"1\", \"count\": 29},"
      " {\"x\": 1, \"y\": \"0\", \"count\": 8}, {\"x\": 1, \"y\": \"2\", \"count\": 6},"
      " {\"x\": 2, \"y\": \"2\", \"count\": 31}, {\"x\": 2, \"y\": \"0\", \"count\": 7},"
      " {\"x\": 2, \"y\": \"1\", \"count\": 7}]";
  const ConformResult text = from_counts(reference, {lines});
  const ConformResult json = from_counts(reference, {records});
  EXPECT_EQ(json.tallies.symbol_counts, text.tallies.symbol_counts);
  EXPECT_EQ(json.report.verdict, text.report.verdict);
  EXPECT_EQ(text.tallies.n, 133u);
  // A JSON record's error names the record.
  try {
    from_counts(reference, {"[{\"x\": 0, \"y\": \"0\", \"count\": 1}, {\"x\": 3, \"y\": \"0\", "
                            "\"count\": 1}]"});
    FAIL() << "input 3 of k = 3 was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("shard0: record 2: input 3 is outside 0..2", 0), 0u)
        << e.what();
  }
  EXPECT_THROW(conform_counts(ConformCountsRequest(reference, {})), InvalidArgument);
}

}  // namespace
}  // namespace uldp::api
