#include "uldp/mechanisms/olh/olh_family_file.h"

#include <optional>
#include <vector>

#include "internal/text_scan.h"
#include "uldp/error.h"

namespace uldp {

HashTable parse_hash_family(std::string_view text, const std::string& source, std::size_t inputs,
                            std::uint64_t range) {
  HashTable table;
  internal::for_each_data_line(text, source, [&](const internal::DataLine& data) {
    const std::string_view line = data.text;
    const std::size_t first = data.first;
    const auto fail = [&](std::size_t at, const std::string& what) { return data.error(at, what); };
    if (table.size() == kMaxGivenHashes) {
      throw fail(first, "more than 2^16 hash functions, the limit of a family file");
    }
    if ((table.size() + 1) * inputs > kMaxEnumeratedHashes) {
      throw fail(first, "more than 2^24 hash values in all (S k), the limit of a family file");
    }
    std::vector<std::uint32_t> hashes;
    hashes.reserve(inputs);
    for (std::size_t at = first;;) {
      while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
      const std::size_t value_at = at;
      const std::optional<std::uint64_t> h = internal::read_whole(line, at);
      if (!h) {
        const std::size_t end = std::min(line.find(',', value_at), line.size());
        throw fail(value_at,
                   "'" + message_excerpt(std::string(line.substr(value_at, end - value_at))) +
                       "' is not a hash value (a whole number in 0.." + std::to_string(range - 1) +
                       ")");
      }
      if (*h >= range) {
        throw fail(value_at, "hash value " + std::to_string(*h) + " is outside 0.." +
                                 std::to_string(range - 1) + " (the hash range is " +
                                 std::to_string(range) + ")");
      }
      if (hashes.size() == inputs) {
        throw fail(value_at, "more than k = " + std::to_string(inputs) +
                                 " values (a line is h(0),...,h(k-1))");
      }
      hashes.push_back(static_cast<std::uint32_t>(*h));
      while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
      if (at == line.size()) break;
      if (line[at] != ',') {
        throw fail(at, "'" + message_excerpt(std::string(1, line[at])) +
                           "' where a comma or the line's end belongs");
      }
      ++at;
    }
    if (hashes.size() != inputs) {
      throw fail(line.size() + 1 - 1, std::to_string(hashes.size()) + " values where k = " +
                                          std::to_string(inputs) + " (a line is h(0),...,h(k-1))");
    }
    table.push_back(std::move(hashes));
  });
  if (table.empty()) throw InputError(source, "no hash function (one a line: h(0),...,h(k-1))");
  return table;
}

}  // namespace uldp
