// Apple's count-mean sketch (CMS; "Learning with Privacy at Scale", Apple, 2017), as pure-LDP's
// CMSClient runs it: a user draws a hash index j uniformly from 0..J-1, sets v = -1 everywhere
// but +1 at h_j(x) = xxh64(decimal text of x, seed j) mod m, flips every coordinate with
// probability 1/(1 + e^{eps/2}) and reports (j, v). One report is a Bloom-filter mechanism
// (uldp/forms/bloom_filter_mechanism.h) whose "cohort" is j and whose filter is the one bucket
// h_j(x): P(+1|on) = s/(1+s), P(+1|off) = 1/(1+s), s = e^{eps/2}, so its tight e^eps is s^2.
// Reports are written "j:bits", character i being 1 for v_i = +1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp {

struct MechanismArguments;  // registry.h

inline constexpr Parameter<std::uint64_t> kSketchHashesParameter{
    {"sketch_hashes",
     {"sketch_hashes"},
     ParameterGrammar::kCount,
     "J",
     "cms, hcms: the J hash functions h_0..h_{J-1} (xxh64 of the decimal text, seed j), "
     "1 <= J <= 65536",
     "a number of hash functions J (sketch_hashes)"}};
inline constexpr Parameter<std::uint64_t> kSketchWidthParameter{
    {"sketch_width",
     {"sketch_width"},
     ParameterGrammar::kCount,
     "M",
     "cms, hcms: the m buckets each hash maps to, 2 <= m <= 4096 (hcms: a power of 2)",
     "a sketch width m (sketch_width)"}};

/// The most hashes J |X| a sketch's exact form enumerates.
inline constexpr std::uint64_t kMaxSketchHashes = std::uint64_t{1} << 24;

/// h_j(x) = xxh64(decimal text of x, seed j) mod m: pure-LDP's generate_hash.
std::uint32_t sketch_hash(std::size_t x, std::uint64_t j, std::uint32_t width);

/// A sketch's hash functions given as a file (--hash-family, olh_family_file.h): table[j][x].
using SketchTable = std::vector<std::vector<std::uint32_t>>;

/// The J hash functions into m buckets: xxh64's seeds 0..J-1 (sketch_hash), or a given table.
struct SketchFamily {
  std::uint32_t width = 2;
  std::shared_ptr<const SketchTable> table;  ///< none: sketch_hash
  std::uint32_t operator()(std::size_t x, std::uint64_t j) const {
    return table ? (*table)[j][x] : sketch_hash(x, j, width);
  }
};

/// What both sketches are built from: J, m and the hash family, read from a sketch's arguments
/// (the registry lets exactly one of sketch_hashes, with xxh64, and a hash_family file, each value
/// below m, through) and checked by validate_sketch. Throws InvalidArgument naming the
/// parameter, InputError naming the file.
struct SketchArguments {
  std::uint32_t hashes = 1;
  std::uint32_t width = 2;
  std::shared_ptr<const SketchTable> given_hashes;  ///< none: xxh64
};
SketchArguments sketch_arguments(const MechanismArguments& arguments, bool power_of_two);

/// The refusals of the unbiased estimators' loss models, which no sketch has (its estimator
/// reads a shared bucket, `shared_by` saying how; it is biased over a finite hash family).
[[noreturn]] void refuse_coordinate_model(std::string_view sketch, std::string_view shared_by);
[[noreturn]] void refuse_l2_quadratic(std::string_view sketch);

/// s = e^{eps/2} for the budget: exact when the budget knows it (built from eps, or t a square),
/// else sqrt(t) rounded down to 64 bits, so the sketch is never weaker than asked.
Rational sketch_half_budget(const PrivacyBudget& budget);

/// Throws InvalidArgument naming sketch_hashes unless 1 <= J <= 65536, sketch_width unless
/// 2 <= m <= 4096 (and, with `power_of_two`, m a power of 2).
void validate_sketch(std::uint64_t hashes, std::uint64_t width, bool power_of_two);

/// The count-mean sketch as a registered mechanism (`cms`). X_S is every input.
struct CmsSpec {
  static constexpr std::string_view kName = "cms";
  /// Its estimator reads (j, v) reports, not one output per input.
  static constexpr bool kCoordinateWise = false;
  PrivacyBudget budget;
  std::uint32_t hashes = 1;
  std::uint32_t width = 2;
  /// The hash functions a --hash-family file gives (hashes is then its lines); none: xxh64.
  std::shared_ptr<const SketchTable> given_hashes;

  SketchFamily family() const { return {width, given_hashes}; }
};

/// One report of the sketch over k inputs.
BloomFilterMechanism count_mean_sketch(std::size_t k, const CmsSpec& spec);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<CmsSpec>);
ExactForm exact_form(const MechanismSpec& spec, const CmsSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const CmsSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const CmsSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const CmsSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const CmsSpec& params);
estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const CmsSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const CmsSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<CmsSpec>);

}  // namespace uldp
