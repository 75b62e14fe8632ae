#include "uldp/io/distance_matrix_reader.h"

#include "internal/pair_matrix_text.h"
#include "uldp/error.h"

namespace uldp {

DistanceMatrix parse_distance_matrix(std::string_view text, const std::string& source,
                                     TextPositions positions) {
  internal::PairMatrixText m = internal::read_pair_matrix(
      text, source,
      {Rational(0), "distance", "an exact rational or decimal >= 0, or inf",
       "(a distance is >= 0)"},
      positions);
  const std::size_t k = m.entries.size();
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime <= x; ++x_prime) {
      const auto& d = m.entries[x][x_prime];
      const auto where = [&](const std::string& what) {
        return error_at(positions, source, m.lines[x], m.columns[x][x_prime], x, x_prime, what);
      };
      if (x == x_prime) {
        if (!d || *d != 0) {
          throw where("d(" + std::to_string(x) + ", " + std::to_string(x) +
                      ") = " + (d ? to_string(*d) : std::string("inf")) +
                      ": a distance is 0 from an input to itself");
        }
      } else if (d != m.entries[x_prime][x]) {
        const auto& mirror = m.entries[x_prime][x];
        throw where("d(" + std::to_string(x) + ", " + std::to_string(x_prime) +
                    ") = " + (d ? to_string(*d) : std::string("inf")) + " but d(" +
                    std::to_string(x_prime) + ", " + std::to_string(x) +
                    ") = " + (mirror ? to_string(*mirror) : std::string("inf")) +
                    ": a distance is symmetric");
      }
    }
  }
  return std::move(m.entries);
}

}  // namespace uldp
