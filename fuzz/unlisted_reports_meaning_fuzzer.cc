// Meaning for the report files of mechanisms whose outputs are too many to list
// (estimate/unlisted.h): the bytes choose a deployed encoding beyond its listing (olh over all 2^32
// seeds, ulh with X_N, Chrome's rappor-bloom, cms and hcms at width 1024), draw its reports from
// a seed and write them in an accepted layout (blanks, CRLF, comments, CSV quotes);
// read_unlisted_reports must return exactly them, and refuse the file with one character of one
// report made invalid.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/unlisted.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/byte_choices.h"

namespace {

using uldp::estimate::UnlistedParams;
using uldp::estimate::UnlistedReports;

UnlistedParams unlisted(const char* name, uldp::MechanismArguments a) {
  const uldp::MechanismSpec spec = uldp::make_mechanism(uldp::find_mechanism(name), a);
  return std::get<UnlistedParams>(uldp::estimate::estimation_model(spec));
}

const std::vector<UnlistedParams>& models() {
  static const std::vector<UnlistedParams> all = [] {
    std::vector<UnlistedParams> m;
    uldp::MechanismArguments lh;
    lh.k = 12;
    lh.budget = uldp::PrivacyBudget::from_exp_eps(uldp::Rational(3));
    lh.values.set(uldp::kHashSeedsParameter, std::optional<std::uint64_t>(std::uint64_t{1} << 32));
    m.push_back(unlisted("olh", lh));
    lh.sensitive = uldp::IndexSet::parse("0-5", 12, "xs");
    m.push_back(unlisted("ulh", lh));
    uldp::MechanismArguments bloom;
    bloom.k = 6;
    bloom.values.set(uldp::kBloomBitsParameter, std::uint64_t{128});
    bloom.values.set(uldp::kCohortsParameter, std::uint64_t{64});
    bloom.values.set(uldp::kPrrFParameter, uldp::Probability::parse("1/2", "f"));
    bloom.values.set(uldp::kIrrPParameter, uldp::Probability::parse("1/2", "p"));
    bloom.values.set(uldp::kIrrQParameter, uldp::Probability::parse("3/4", "q"));
    m.push_back(unlisted("rappor-bloom", bloom));
    uldp::MechanismArguments sketch;
    sketch.k = 6;
    sketch.budget = uldp::PrivacyBudget::from_exp_eps(uldp::Rational(4));
    sketch.values.set(uldp::kSketchHashesParameter, std::uint64_t{16});
    sketch.values.set(uldp::kSketchWidthParameter, std::uint64_t{1024});
    m.push_back(unlisted("cms", sketch));
    m.push_back(unlisted("hcms", sketch));
    return m;
  }();
  return all;
}

struct Written {
  std::string text;
  UnlistedReports reports;
};

Written write(const std::uint8_t* data, std::size_t size, bool corrupt, const UnlistedParams*& m) {
  uldp::testing::ByteChoices choices(data, size);
  m = &models()[choices.below(models().size())];
  uldp::estimate::Xoshiro256 rng(choices.below(1u << 24));
  const std::size_t n = 1 + choices.below(12);
  std::vector<std::uint32_t> inputs(n);
  for (std::uint32_t& x : inputs) x = static_cast<std::uint32_t>(choices.below(m->inputs));
  Written w{"", uldp::estimate::sample_reports(rng, *m, inputs)};
  const std::size_t broken = choices.below(n);
  if (choices.coin()) w.text += "\xEF\xBB\xBF";
  for (std::size_t i = 0; i < n; ++i) {
    if (choices.below(4) == 0) w.text += "# a comment, 0:0101\n";
    if (choices.below(4) == 0) w.text += "  \t\n";
    std::string line;
    m->write(w.reports.report(i), line);
    if (corrupt && i == broken) line[choices.below(line.size())] = 'x';
    const bool quoted = choices.coin();
    w.text += std::string(choices.below(3), ' ') + (quoted ? "\"" : "") + line +
              (quoted ? "\"" : "") + std::string(choices.below(2), '\t') +
              (choices.coin() ? "\r\n" : "\n");
  }
  return w;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const UnlistedParams* model = nullptr;
  uldp::fuzz::require_meaning(
      [&](bool corrupt) { return write(data, size, corrupt, model); },
      [&](const Written& w) {
        std::istringstream in(w.text);
        return uldp::estimate::read_unlisted_reports(in, "fuzz.txt", *model);
      },
      [](const UnlistedReports& read, const Written& w) { return read == w.reports; });
  return 0;
}
