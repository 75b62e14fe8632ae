// The count-mean sketch: its hash, its half budget and its Bloom-filter form.
#include "uldp/mechanisms/cms/cms.h"

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/mechanisms/olh/olh_family_file.h"
#include "uldp/mechanisms/registry.h"

#define XXH_INLINE_ALL  // header-only: the consumer of uldp's library needs no libxxhash
#include <xxhash.h>

namespace uldp {

std::uint32_t sketch_hash(std::size_t x, std::uint64_t j, std::uint32_t width) {
  const std::string text = std::to_string(x);
  return static_cast<std::uint32_t>(XXH64(text.data(), text.size(), j) % width);
}

Rational sketch_half_budget(const PrivacyBudget& budget) {
  return budget.exp_half_eps() ? *budget.exp_half_eps() : sqrt_lower(budget.exp_eps(), 64);
}

void validate_sketch(std::uint64_t hashes, std::uint64_t width, bool power_of_two) {
  if (hashes < 1 || hashes > 65536) {
    throw InvalidArgument("sketch_hashes: J = " + std::to_string(hashes) + " is outside 1..65536");
  }
  if (width < 2 || width > 4096) {
    throw InvalidArgument("sketch_width: m = " + std::to_string(width) + " is outside 2..4096");
  }
  if (power_of_two && (width & (width - 1)) != 0) {
    throw InvalidArgument("sketch_width: m = " + std::to_string(width) +
                          " is not a power of 2 (hcms reports a row of the m x m Hadamard matrix)");
  }
}

BloomFilterMechanism count_mean_sketch(std::size_t k, const CmsSpec& spec) {
  validate_sketch(spec.hashes, spec.width, false);
  if (std::uint64_t{spec.hashes} * k > kMaxSketchHashes) {
    throw InvalidArgument("sketch_hashes: J |X| = " + std::to_string(spec.hashes) + " x " +
                          std::to_string(k) + " hashes exceed the " +
                          std::to_string(kMaxSketchHashes) + " uldp enumerates");
  }
  const Rational s = sketch_half_budget(spec.budget);
  const SketchFamily family = spec.family();
  std::vector<std::vector<BloomBits>> buckets(spec.hashes);
  for (std::uint32_t j = 0; j < spec.hashes; ++j) {
    buckets[j].reserve(k);
    for (std::size_t x = 0; x < k; ++x) buckets[j].push_back({family(x, j)});
  }
  return BloomFilterMechanism(spec.width, std::move(buckets), BitChannel{s / (1 + s), 1 / (1 + s)},
                              "cms");
}

SketchArguments sketch_arguments(const MechanismArguments& a, bool power_of_two) {
  const std::uint64_t width = *a.values.get(kSketchWidthParameter);
  std::uint64_t hashes = 0;
  std::shared_ptr<const SketchTable> table;
  // The registry lets exactly one of the two through (ParameterUse::or_instead).
  if (const FileText* file = a.values.get(kHashFamilyParameter)) {
    validate_sketch(1, width, false);  // m before the values are read against it
    table = std::make_shared<const SketchTable>(
        parse_hash_family(file->text, file->source, a.k, width));
    hashes = table->size();
  } else {
    hashes = *a.values.get(kSketchHashesParameter);
  }
  validate_sketch(hashes, width, power_of_two);
  return {static_cast<std::uint32_t>(hashes), static_cast<std::uint32_t>(width), std::move(table)};
}

void refuse_coordinate_model(std::string_view sketch, std::string_view shared_by) {
  throw InvalidArgument(std::string(sketch) +
                        ": its estimator is not coordinate-wise (a report's " +
                        std::string(shared_by) + ")");
}

void refuse_l2_quadratic(std::string_view sketch) {
  const std::string name(sketch);
  throw InvalidArgument(name +
                        ": its sketch estimator is biased over a finite hash family (by "
                        "the family's collisions, " +
                        name +
                        "_estimator.h), so its l2 loss is not the unbiased estimators' "
                        "quadratic and uldp gives none");
}

}  // namespace uldp
