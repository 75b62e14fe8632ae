#include "uldp/mechanisms/rappor_bloom/rappor_bloom_map_file.h"

#include <optional>
#include <vector>

#include "internal/text_scan.h"
#include "uldp/error.h"

namespace uldp {

BloomTable parse_bloom_map(std::string_view text, const std::string& source,
                           const BloomMapShape& shape) {
  const std::size_t pairs = shape.inputs * shape.cohorts;
  // The line that gave each (cohort, input), 0 while none has.
  std::vector<std::size_t> given_on(pairs, 0);
  BloomTable table(shape.cohorts, std::vector<BloomBits>(shape.inputs));
  std::uint64_t set_bits = 0;
  internal::for_each_data_line(text, source, [&](const internal::DataLine& data) {
    const std::string_view line = data.text;
    const std::size_t first = data.first, number = data.number;
    const auto fail = [&](std::size_t at, const std::string& what) { return data.error(at, what); };
    const auto expected = [&](std::size_t at) {
      return fail(at, "'" + message_excerpt(std::string(line.substr(first))) +
                          "' is not x,cohort:bits (e.g. 3,0:01000100)");
    };
    std::size_t at = first;
    const std::optional<std::uint64_t> x = internal::read_whole(line, at);
    if (!x) throw expected(at);
    if (*x >= shape.inputs) {
      throw fail(first, "input " + std::to_string(*x) + " is outside 0.." +
                            std::to_string(shape.inputs - 1) +
                            " (k = " + std::to_string(shape.inputs) + ")");
    }
    if (at >= line.size() || line[at] != ',') throw expected(at);
    const std::size_t cohort_at = ++at;
    const std::optional<std::uint64_t> cohort = internal::read_whole(line, at);
    if (!cohort) throw expected(at);
    if (*cohort >= shape.cohorts) {
      throw fail(cohort_at, "cohort " + std::to_string(*cohort) + " is outside 0.." +
                                std::to_string(shape.cohorts - 1) +
                                " (cohorts = " + std::to_string(shape.cohorts) + ")");
    }
    if (at >= line.size() || line[at] != ':') throw expected(at);
    const std::size_t bits_at = ++at;
    const std::string_view bits = line.substr(bits_at);
    BloomBits& filter = table[*cohort][*x];
    for (std::size_t j = 0; j < bits.size(); ++j) {
      if (bits[j] != '0' && bits[j] != '1') {
        throw fail(bits_at + j, "'" + message_excerpt(std::string(1, bits[j])) +
                                    "' is not a bit (a filter is m characters 0 or 1)");
      }
      if (j < shape.bits && bits[j] == '1') filter.push_back(static_cast<std::uint32_t>(j));
    }
    if (bits.size() != shape.bits) {
      throw fail(bits_at, std::to_string(bits.size()) + " bits where bloom_bits is " +
                              std::to_string(shape.bits));
    }
    std::size_t& seen = given_on[*cohort * shape.inputs + *x];
    if (seen != 0) {
      throw fail(first, "input " + std::to_string(*x) + " in cohort " + std::to_string(*cohort) +
                            " is given twice (first on line " + std::to_string(seen) + ")");
    }
    seen = number;
    set_bits += filter.size();
    if (set_bits > kMaxBloomMapBits) {
      throw fail(bits_at, "more than 2^24 set bits in all, the limit of a Bloom map");
    }
  });
  for (std::size_t i = 0; i < pairs; ++i) {
    if (given_on[i] == 0) {
      throw InputError(source,
                       "input " + std::to_string(i % shape.inputs) + " in cohort " +
                           std::to_string(i / shape.inputs) + " has no line (every input of 0.." +
                           std::to_string(shape.inputs - 1) + " needs one in every cohort)");
    }
  }
  return table;
}

}  // namespace uldp
