// Local hashing's registry entry and derivations (mechanisms/derivations.h).
#include <algorithm>
#include <charconv>
#include <memory>
#include <string>
#include <string_view>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/olh/olh_arguments.h"
#include "uldp/mechanisms/olh/olh_family_file.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_olh(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), local_hashing_spec(a, std::nullopt)};
}

// The most outputs whose Y_P is also given as an index set (a bit per output).
constexpr std::size_t kMaxListedOutputs = std::size_t{1} << 20;

}  // namespace

OlhSpec local_hashing_spec(const MechanismArguments& a, std::optional<std::uint64_t> fixed_range) {
  const std::uint64_t* range = a.values.get(kHashRangeParameter);
  const std::uint64_t* seeds = a.values.get(kHashSeedsParameter);
  OlhSpec spec{*a.budget, 0, 0, nullptr};
  spec.hash_range = fixed_range ? *fixed_range
                    : range     ? *range
                                : optimal_hash_range(a.budget->exp_eps());
  spec.seeds = seeds ? *seeds : kDefaultSeeds;
  if (const FileText* family = a.values.get(kHashFamilyParameter)) {  // never with hash_seeds
    validate_local_hashing_family(spec.hash_range, 1);  // g before its values are read
    spec.given_hashes = std::make_shared<const HashTable>(
        parse_hash_family(family->text, family->source, a.k, spec.hash_range));
    spec.seeds = spec.given_hashes->size();
  }
  validate_local_hashing_family(spec.hash_range, spec.seeds);
  return spec;
}

const MechanismEntry& registry_entry(std::type_identity<OlhSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBudgetParameter.declaration, kRequired},
      {&kHashRangeParameter.declaration, kOptional},
      {&kHashSeedsParameter.declaration, kOptional, &kHashFamilyParameter.declaration}};
  static constexpr MechanismEntry entry{
      .name = "olh",
      .title = "optimized local hashing (OLH) over seeds 0..S-1 of xxh32 mod g",
      .reference = "Wang et al., USENIX Security 2017 (OLH: g = round(e^eps) + 1)",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = Y (every (seed, value))",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "local_hashing_ldp",
      .example = "--k 6 --exp-eps 3 --hash-seeds 4",
      .unbiased_estimator = false,
      .make = &make_olh};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const OlhSpec& p, FormChoice choice) {
  ClassStructuredMechanism q = local_hashing_classes(spec.sensitive, p.family(), p.budget);
  if (choice == FormChoice::kDense || q.num_outputs() > kMaxListedOutputs)
    return class_family_form(std::move(q), choice);
  // Y_P as output indices too, so reports print "Y_P = {0-4095}" rather than every class.
  const auto outputs = static_cast<std::size_t>(q.num_outputs());
  // Y_P comes first in the output order: the (seed, value) pairs (and a pooled rest), then X_N.
  IndexSet protected_outputs =
      IndexSet::first(static_cast<std::size_t>(q.num_protected_outputs()), outputs);
  return ClassForm{std::move(q), std::move(protected_outputs)};
}

// Beyond its listing in doubles, each report of input x folded by x's own hash: the seed's bin (of
// at most kSeedBins, a bin's share of S exactly), the value's offset (y - h_s(x)) mod g in at
// most kOffsetGroups groups (group 0: offset 0, its own hash value, with p = t/(t+g-1); each
// other offset q), and for ulh X_N's reports as the input's own symbol or another's. A client
// that keeps its hash value too often, draws seeds unevenly or its other values unevenly is seen
// here; one whose other value depends on another input's hash is not.
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const OlhSpec& p, std::size_t) {
  constexpr std::uint64_t kSeedBins = 4,
                          kOffsetGroups = 4;  // few cells: a G-test of few degrees of freedom
  const HashFamily family = p.family();
  const std::size_t k = spec.k, open = k - spec.sensitive.size();
  if (listed_in_doubles(k, open, family)) return std::nullopt;  // tested on its listed outputs
  const std::uint64_t seeds = family.seeds, g = family.range;
  // The seeds in bins; offset 0 alone, the offsets 1..g-1 in the other groups.
  const EvenBins seed_bins(seeds, kSeedBins), offset_bins(g - 1, kOffsetGroups - 1);
  const std::uint64_t bins = seed_bins.bins, groups = 1 + offset_bins.bins;
  const auto bin_size = [&](std::uint64_t b) { return seed_bins.size(b); };
  const auto group_size = [&](std::uint64_t j) { return j == 0 ? 1 : offset_bins.size(j - 1); };
  require_pooled_entries(k, static_cast<std::size_t>(bins * groups) + (open > 0 ? 2 : 0));
  const LocalHashingConstants c = local_hashing_constants(g, p.budget.exp_eps());
  PooledForm f;
  f.k = k;
  const std::size_t hashed = static_cast<std::size_t>(bins * groups);
  std::uint64_t first_seed = 0;
  for (std::uint64_t b = 0; b < bins; ++b) {
    const std::string seeds_text = std::string("seeds ") + std::to_string(first_seed) + "-" +
                                   std::to_string(first_seed + bin_size(b) - 1);
    first_seed += bin_size(b);
    std::uint64_t first_offset = 1;
    for (std::uint64_t j = 0; j < groups; ++j) {
      if (j == 0) {
        f.labels.push_back(seeds_text + ", own hash value");
        continue;
      }
      const std::uint64_t last = first_offset + group_size(j) - 1;
      f.labels.push_back(
          seeds_text + ", offset " + std::to_string(first_offset) +
          (last > first_offset ? std::string("-") + std::to_string(last) : std::string()));
      first_offset = last + 1;
    }
  }
  if (open > 0) {
    f.labels.push_back("X_N: its own symbol");
    f.labels.push_back("X_N: another's symbol");
  }
  f.protected_cells = IndexSet::first(hashed, f.labels.size());
  f.q.assign(k * f.labels.size(), Rational(0));
  for (std::size_t x = 0; x < k; ++x) {
    const bool sensitive = spec.sensitive.contains(x);
    Rational* row = f.q.data() + x * f.labels.size();
    for (std::uint64_t b = 0; b < bins; ++b) {
      const Rational share = Rational(Integer(bin_size(b))) / Rational(Integer(seeds));
      for (std::uint64_t j = 0; j < groups; ++j) {
        // A non-sensitive x has no value of its own: every value is another's, with q.
        const Rational each = j == 0 && sensitive ? c.keep : c.other;
        row[b * groups + j] = share * each * Rational(Integer(group_size(j)));
      }
    }
    if (!sensitive) row[hashed] = c.itself;
  }
  const IndexSet sensitive = spec.sensitive;
  f.output_cells = CellsByOwnHash{
      [=](std::size_t x, std::string_view y) -> std::optional<std::size_t> {
        const std::size_t comma = y.find(',');
        if (comma == std::string_view::npos) {  // an X_N symbol (ulh)
          if (open == 0) {
            std::string message(1, '\'');  // appended: GCC 12 warns falsely on "'" + string
            message += y.substr(0, 24);
            throw InvalidArgument(message + "' has no seed");
          }
          const std::uint64_t o = report_field(y, k, "symbol");
          if (sensitive.contains(o)) return std::nullopt;  // no report names a sensitive input
          return hashed + (o == x ? 0 : 1);
        }
        const std::uint64_t s = report_field(y.substr(0, comma), seeds, "seed");
        const std::uint64_t v = report_field(y.substr(comma + 1), g, "value");
        const std::uint64_t own = sensitive.contains(x) ? family(x, s) : 0;
        const std::uint64_t offset = (v + g - own) % g;
        // A non-sensitive x: its values are all another's, so the offset from 0 (group by value).
        const std::uint64_t j = offset == 0 ? 0 : 1 + offset_bins.of(offset - 1);
        return static_cast<std::size_t>(seed_bins.of(s) * groups + j);
      },
      std::string("seed,value (a seed 0..") + std::to_string(seeds - 1) + ", a value 0.." +
          std::to_string(g - 1) + ")" + (open > 0 ? " or a symbol of X_N" : ""),
      "each report folded by the reporting input's own hash h_s(x): its seed's bin and its "
      "value's offset from h_s(x) (0: the own hash value)",
      [=](std::string_view y, std::vector<std::uint8_t>& in_event) {
        const std::size_t comma = y.find(',');
        if (comma == std::string_view::npos) return false;  // an X_N symbol: in no a's event
        const std::uint64_t s = report_field(y.substr(0, comma), seeds, "seed");
        const std::uint64_t v = report_field(y.substr(comma + 1), g, "value");
        for (const std::size_t a : sensitive.indices()) in_event[a] = family(a, s) == v ? 1 : 0;
        return true;
      },
      [](std::size_t a, bool holds) {
        return std::string("value ") + (holds ? "= " : "!= ") + "h_s(" + std::to_string(a) + ")";
      },
      spec.sensitive.size(),
      "the inputs whose own hash value it is"};
  return f;
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const OlhSpec& p) {
  const LocalHashingConstants c = local_hashing_constants(p.hash_range, p.budget.exp_eps());
  std::vector<MechanismParameter> out{{"g", Rational(Integer(p.hash_range))},
                                      {"S", Rational(Integer(p.seeds))},
                                      {"p", c.keep},
                                      {"q", c.other}};
  if (spec.sensitive.size() < spec.k) out.push_back({"reports_self", c.itself});
  return out;
}

CoordinateModel coordinate_model(const MechanismSpec&, const OlhSpec&) {
  throw InvalidArgument(
      "local hashing: its estimators are not coordinate-wise (a report (s, y) supports every x "
      "with h_s(x) = y)");
}

L2Quadratic l2_quadratic(const MechanismSpec&, const OlhSpec&) {
  throw InvalidArgument(
      "local hashing: its support-count estimator is biased over a finite hash family (by the "
      "family's collisions, olh_estimator.h), so its l2 loss is not the unbiased estimators' "
      "quadratic and uldp gives none");
}

}  // namespace uldp
