#include "show.h"

#include <sstream>

#include "uldp/arithmetic/rational.h"

namespace uldp::properties {

std::string format_matrix(const DenseMechanism& q) {
  std::ostringstream os;
  os << "[";
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    os << (x ? ", [" : "[");
    for (std::size_t y = 0; y < q.num_outputs(); ++y) os << (y ? ", " : "") << to_string(q(x, y));
    os << "]";
  }
  os << "] outputs (";
  for (std::size_t y = 0; y < q.num_outputs(); ++y) os << (y ? ", " : "") << q.output_labels()[y];
  os << ")";
  return os.str();
}

std::string format_set(const IndexSet& set) {
  std::string text = "{";  // appended, not "{" + temporary: GCC 12 -Wrestrict false positive
  return text.append(set.to_string()).append("} of ").append(std::to_string(set.universe()));
}

std::string format_bits(const BitProductMechanism& q) {
  std::ostringstream os;
  os << "bits [";
  for (std::size_t j = 0; j < q.k(); ++j) {
    os << (j ? ", " : "") << "(on " << to_string(q.bit(j).one_if_on) << ", off "
       << to_string(q.bit(j).one_if_off) << ")";
  }
  os << "]";
  return os.str();
}

std::string format_verdict(const Verdict& v) {
  std::ostringstream os;
  os << (v.holds ? "holds" : "fails");
  if (v.violated) os << " (" << condition_name(*v.violated) << ")";
  if (v.witness) {
    os << " at x=" << v.witness->x << " x'=" << v.witness->x_prime
       << " y=" << (v.witness->y ? std::to_string(*v.witness->y) : "-") << " '"
       << v.witness->y_label << "'";
  }
  os << ", tight " << v.tight_exp_eps.to_string();
  return os.str();
}

}  // namespace uldp::properties
