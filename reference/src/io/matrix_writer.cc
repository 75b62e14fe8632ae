#include "uldp/io/matrix_writer.h"

namespace uldp {

std::string csv_quoted(std::string_view text) {
  std::string quoted(1, '"');
  for (const char c : text) {
    quoted.push_back(c);
    if (c == '"') quoted.push_back('"');
  }
  quoted.push_back('"');
  return quoted;
}

std::string matrix_csv(const DenseMechanism& q, std::string_view comment) {
  std::string out;
  while (!comment.empty()) {
    const std::size_t end = comment.find('\n');
    out.append("# ").append(comment.substr(0, end)).append("\n");
    comment = end == std::string_view::npos ? std::string_view{} : comment.substr(end + 1);
  }
  out += "# header: yes\n";
  for (std::size_t y = 0; y < q.num_outputs(); ++y)
    out.append(y ? "," : "").append(csv_quoted(q.output_labels()[y]));
  out.append("\n");
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    for (std::size_t y = 0; y < q.num_outputs(); ++y)
      out.append(y ? "," : "").append(to_string(q(x, y)));
    out.append("\n");
  }
  return out;
}

}  // namespace uldp
