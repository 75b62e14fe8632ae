// Lines of a text stream whatever ends them: "\n" (Unix), "\r\n" (Windows) or a lone "\r"
// (classic Mac OS, some spreadsheet exporters). Read with std::getline, a file of lone-CR line ends
// is one long line: a PUM users file merged all its users into one.
#pragma once

#include <istream>
#include <string>

namespace uldp {

/// Reads the next line of `in` into `line`, without its end. False (and `in` at its end) when
/// nothing is left.
bool read_line(std::istream& in, std::string& line);

}  // namespace uldp
