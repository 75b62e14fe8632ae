// Local hashing (Wang et al., "Locally Differentially Private Protocols for Frequency
// Estimation", USENIX Security 2017) over a finite hash family, and its utility-optimized form.
// A user draws a seed s uniformly from 0..S-1, hashes x to h_s(x) = xxh32(the decimal text of x,
// seed s) mod g (the convention of pure-LDP, multi-freq-ldpy and Wang's LDP_Protocols), and
// reports (s, y): y = h_s(x) w.p. p = t/(t+g-1), each other of the g values w.p. q = 1/(t+g-1).
// With X_S a proper subset (`ulh`), a non-sensitive x reports each (s, y) w.p. q/S and itself
// w.p. (t-1)/(t+g-1), as uRR does with g in place of |X_S|. Class-structured: the S g columns are
// grouped by how many sensitive inputs hash to them, so the family is enumerated once (S |X_S|
// hashes) and the S g x |X| matrix is never built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp {

/// h_s(x) = xxh32(decimal text of x, seed) mod range (range >= 1).
std::uint32_t local_hash(std::size_t x, std::uint32_t seed, std::uint32_t range);

/// The largest S |X_S| the class form enumerates (one hash each, about 10 ns).
inline constexpr std::uint64_t kMaxEnumeratedHashes = std::uint64_t{1} << 24;
/// The largest seed count: xxh32's seed is 32 bits.
inline constexpr std::uint64_t kMaxSeeds = std::uint64_t{1} << 32;

/// The hash range g: a parameter of the local-hashing family.
inline constexpr Parameter<std::uint64_t> kHashRangeParameter{
    {"hash_range",
     {"hash_range"},
     ParameterGrammar::kCount,
     "G",
     "local hashing: the hash range g >= 2 (olh, ulh: default round(e^eps) + 1, ties to even)",
     "a hash range g >= 2"}};
/// The seed count S: the family is h_0 .. h_{S-1}.
inline constexpr Parameter<std::uint64_t> kHashSeedsParameter{
    {"hash_seeds",
     {"hash_seeds"},
     ParameterGrammar::kCount,
     "S",
     "local hashing: users draw seeds 0..S-1 of xxh32, 1 <= S <= 2^32 (olh, blh, ulh: default "
     "1024)",
     "a seed count S (the hash functions h_0..h_{S-1})"}};
/// The family size used when --hash-seeds is not given (except by flh, which requires it).
inline constexpr std::uint64_t kDefaultSeeds = 1024;
/// A family given as a file, for an encoder whose hash is not xxh32 of the decimal text.
inline constexpr Parameter<FileText> kHashFamilyParameter{
    {"hash_family",
     {"hash_family"},
     ParameterGrammar::kPath,
     "FILE",
     "local hashing, cms, hcms: the hash functions from a file, one a line, h(0),h(1),...,h(k-1) "
     "each below the range (g, or the sketch's m), instead of xxh32's (xxh64's) seeds: S (J) = "
     "its lines, at most 2^16",
     "a hash family file (hash_family)"}};

/// h_s(x) of a given family: table[s][x], s the line of the file.
using HashTable = std::vector<std::vector<std::uint32_t>>;

/// The family a user draws a seed from: seeds 0..S-1 of xxh32 mod g, or a given table.
struct HashFamily {
  std::uint64_t range = 2;
  std::uint64_t seeds = kDefaultSeeds;
  std::shared_ptr<const HashTable> table;  ///< none: xxh32 (local_hash)
  /// h_s(x).
  std::uint32_t operator()(std::size_t x, std::uint64_t seed) const {
    return table
               ? (*table)[seed][x]
               : local_hash(x, static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(range));
  }
};

/// The most entries, k x (S g + |X_N|), local hashing's reports are listed with in doubles
/// (sampling, estimation, and conformance on its outputs); beyond, conformance folds each report
/// by the reporting input's own hash (pooled_form).
inline constexpr std::uint64_t kMaxListedDoubles = std::uint64_t{1} << 22;
/// Whether k x (S g + `open`) stays within kMaxListedDoubles (g < 2^32 and S <= 2^32).
bool listed_in_doubles(std::size_t k, std::size_t open, const HashFamily& family);

/// The label of output (seed, value): "seed,value", as clients write their reports.
std::string local_hashing_label(std::uint64_t seed, std::uint64_t value);

/// Throws InvalidArgument naming --hash-range unless 2 <= g <= 2^32, --hash-seeds unless
/// 1 <= S <= 2^32.
void validate_local_hashing_family(std::uint64_t range, std::uint64_t seeds);

/// OLH's choice of g: round(t) + 1, rounding half to even (Python's round(), which the libraries
/// call on e^eps).
std::uint64_t optimal_hash_range(const Rational& t);

/// The probabilities of local hashing's reports for g and t (any family size S divides them).
struct LocalHashingConstants {
  Rational keep;    ///< p = t/(t+g-1): y = h_s(x)
  Rational other;   ///< q = 1/(t+g-1): each other y
  Rational itself;  ///< (t-1)/(t+g-1): a non-sensitive x reports itself (ulh)
};
LocalHashingConstants local_hashing_constants(std::uint64_t range, const Rational& t);

/// Local hashing over k = sensitive.universe() inputs with the family's S seeds and range g, in
/// class-structured form: output classes "columns hit by n" (Y_P, one per n occurring), then
/// "non-sensitive" (Y_I = X_N). Dense order: (s, y) at rank s g + y, labelled "s,y", then X_N
/// ascending. Beyond kMaxEnumeratedHashes (S |X_S|), the first S' = 2^24 / |X_S| seeds are listed
/// and the rest pooled into one protected output (mechanism_outputs() keeps the real count),
/// exact when every pair of sensitive inputs is hashed apart in them. Throws InvalidArgument
/// naming --hash-seeds or --hash-range when the family is out of range or a pair stays together.
ClassStructuredMechanism local_hashing_classes(const IndexSet& sensitive, const HashFamily& family,
                                               const PrivacyBudget& budget);

/// Local hashing as a registered mechanism (`olh`): the budget, g and S. X_S is every input;
/// blh, flh and ulh derive from it.
struct OlhSpec {
  static constexpr std::string_view kName = "olh";
  /// Its estimators read (seed, value) pairs, not one output per input.
  static constexpr bool kCoordinateWise = false;
  PrivacyBudget budget;
  std::uint64_t hash_range = 2;
  std::uint64_t seeds = kDefaultSeeds;
  /// The family a --hash-family file gives (seeds is then its lines); none: xxh32.
  std::shared_ptr<const HashTable> given_hashes;

  HashFamily family() const { return {hash_range, seeds, given_hashes}; }
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<OlhSpec>);
ExactForm exact_form(const MechanismSpec& spec, const OlhSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const OlhSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const OlhSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const OlhSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const OlhSpec& params);
estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const OlhSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const OlhSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<OlhSpec>);

}  // namespace uldp
