// Report files (`uldp estimate --reports`), by meaning: random reports or counts written in a
// random accepted layout read back as exactly the histogram, reports and bit counts written, and
// the same kind of file with one value made invalid (the first half the time) is refused, never
// read as other reports. The fuzz target reports_meaning runs the same writer
// (uldp/testing/report_dialects.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <sstream>
#include <vector>

#include "uldp/error.h"
#include "uldp/testing/report_dialects.h"

namespace uldp::testing {
namespace {

estimate::ReportData read(const WrittenReports& w) {
  RC_LOG() << "k=" << w.k << " bits=" << w.bit_vectors << " file text: [" << w.text << "]\n";
  std::istringstream in(w.text);
  return estimate::read_reports(in, "p.txt", w.k, w.bit_vectors);
}

RC_GTEST_PROP(ReportFile, ReadsBackExactlyTheReportsWrittenInEveryLayout,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenReports w = write_random_reports(choices, false);
  RC_ASSERT(reads_back(read(w), w));
}

RC_GTEST_PROP(ReportFile, OneInvalidValueIsRefusedNeverReadAsOtherReports,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenReports w = write_random_reports(choices, true);
  RC_ASSERT_THROWS_AS(read(w), Error);
}

}  // namespace
}  // namespace uldp::testing
