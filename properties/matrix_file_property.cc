// Matrix files, by meaning: a random exact matrix written in a random accepted dialect reads back
// as exactly that matrix, and the same file with one data cell made invalid (the first row's
// included) is refused, never read as another matrix. The fuzz targets matrix_roundtrip and
// matrix_corruption run the same writer (uldp/testing/matrix_dialects.h) from fuzzer bytes.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "uldp/error.h"
#include "uldp/testing/matrix_dialects.h"

namespace uldp::testing {
namespace {

std::string shown(const WrittenMatrix& w) {
  std::string options =
      std::string(" header=") + std::to_string(static_cast<int>(w.options.header)) +
      (w.options.delimiter ? " delimiter=" + std::string(delimiter_name(*w.options.delimiter))
                           : "");
  return "file text: [" + w.text + "]" + options;
}

RC_GTEST_PROP(MatrixFile, ReadsBackExactlyWhatWasWrittenInEveryDialect,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenMatrix w = write_random_matrix(choices, false);
  RC_LOG() << shown(w) << "\n";
  const MechanismFile file = parse_mechanism_text(w.text, "p.csv", w.options);
  RC_ASSERT(std::holds_alternative<MatrixFile>(file));
  RC_ASSERT(reads_back(std::get<MatrixFile>(file), w));
}

RC_GTEST_PROP(MatrixFile, OneInvalidCellIsRefusedNeverReadAsAnotherMatrix,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenMatrix w = write_random_matrix(choices, true);
  RC_LOG() << shown(w) << "\n";
  bool refused = false;
  try {
    parse_mechanism_text(w.text, "p.csv", w.options);
  } catch (const Error&) {
    refused = true;
  }
  RC_ASSERT(refused);
}

}  // namespace
}  // namespace uldp::testing
