#include "matrix_file_flags.h"

#include "uldp/error.h"
#include "uldp/io/delimited_text.h"

namespace uldp::cli {

void MatrixFileFlags::add_to(CLI::App& command, const std::string& matrix_help) {
  command.add_option("--matrix", path, matrix_help);
  command
      .add_option("--header", header,
                  "delimited text: whether the first row is output labels (default: the file's "
                  "'# header: yes|no' line, else labels only when no cell is a number; a row "
                  "that could be either is an error asking for this flag)")
      ->check(CLI::IsMember({"yes", "no"}));
  command
      .add_option("--delimiter", delimiter,
                  "delimited text: comma, tab, semicolon or whitespace (default: read off the "
                  "first row; a row that could be split two ways is an error asking for this)")
      ->check(CLI::IsMember({"comma", "tab", "semicolon", "whitespace"}));
  command.add_flag("--binary64", binary64,
                   "read each decimal entry as the double nearest to it (what the exporting "
                   "program held), then use that value exactly");
}

MatrixReadOptions MatrixFileFlags::read_options() const {
  MatrixReadOptions options;
  options.reading = binary64 ? EntryReading::kBinary64 : EntryReading::kExact;
  if (!header.empty()) options.header = header == "yes" ? HeaderChoice::kYes : HeaderChoice::kNo;
  if (!delimiter.empty()) options.delimiter = parse_delimiter(delimiter, "--delimiter");
  return options;
}

void MatrixFileFlags::refuse_without_matrix() const {
  if (given()) return;
  if (binary64) throw InvalidArgument("--binary64: only with --matrix FILE");
  if (!header.empty()) throw InvalidArgument("--header: only with --matrix FILE");
  if (!delimiter.empty()) throw InvalidArgument("--delimiter: only with --matrix FILE");
}

}  // namespace uldp::cli
