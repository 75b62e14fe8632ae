// Meaning, not just "no crash": the fuzzer's bytes choose a report file (k, symbols or bits, one
// report per line or counts) in an accepted layout (BOM, CRLF, blanks, comments;
// uldp/testing/report_dialects.h) that read_reports must return exactly, and the same kind of
// file with one value made invalid that it must refuse. properties/report_file_property.cc runs
// the same writer.
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "fuzz_support.h"
#include "uldp/testing/report_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using uldp::testing::WrittenReports;
  uldp::fuzz::require_meaning(
      [&](bool corrupt) {
        uldp::testing::ByteChoices choices(data, size);
        return uldp::testing::write_random_reports(choices, corrupt);
      },
      [](const WrittenReports& w) {
        std::istringstream in(w.text);
        return uldp::estimate::read_reports(in, "fuzz.txt", w.k, w.bit_vectors);
      },
      [](const uldp::estimate::ReportData& read, const WrittenReports& w) {
        return uldp::testing::reads_back(read, w);
      });
  return 0;
}
