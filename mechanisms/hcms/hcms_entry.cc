// The Hadamard count-mean sketch's registry entry and derivations (mechanisms/derivations.h).
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/hcms/hcms.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_hcms(const MechanismArguments& a) {
  SketchArguments s = sketch_arguments(a, true);
  return {a.k, IndexSet::all(a.k),
          HcmsSpec{*a.budget, s.hashes, s.width, std::move(s.given_hashes)}};
}

// The most outputs whose Y_P is also given as an index set (a bit per output).
constexpr std::size_t kMaxListedOutputs = std::size_t{1} << 20;

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<HcmsSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBudgetParameter.declaration, kRequired},
      {&kSketchHashesParameter.declaration, kRequired, &kHashFamilyParameter.declaration},
      {&kSketchWidthParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "hcms",
      .title =
          "Hadamard count-mean sketch (HCMS): one Hadamard coefficient of the bucket, "
          "flipped",
      .reference =
          "Apple, Learning with Privacy at Scale, 2017 (pure-LDP's CMSClient, "
          "is_hadamard)",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = Y (every (j, l, w))",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "hadamard_count_mean_sketch_ldp",
      .example = "--k 4 --exp-eps 3 --sketch-hashes 2 --sketch-width 4",
      .unbiased_estimator = false,
      .make = &make_hcms};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const HcmsSpec& p, FormChoice choice) {
  ClassStructuredMechanism q = hcms_classes(spec.k, p);
  if (choice == FormChoice::kDense || q.num_outputs() > kMaxListedOutputs)
    return class_family_form(std::move(q), choice);
  // Y_P as output indices too, so reports print "Y_P = {0-15}" rather than every class.
  const auto outputs = static_cast<std::size_t>(q.num_outputs());
  return ClassForm{std::move(q), IndexSet::all(outputs)};
}

// Beyond its listing (2 J m or k above the dense size), each report (j, l, w) of input x folded by
// x's own Hadamard sign: j and l in at most 4 bins each (a bin's share exact), and whether w is
// H[l][h_j(x)], kept with t/(1+t). A client that keeps its sign too often or draws j or l unevenly
// is seen here; one whose sign tracks another input's hash is not. The cells are relative to the
// input, so they bound no eps.
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const HcmsSpec& p, std::size_t) {
  constexpr std::uint64_t kBins = 4;  // few cells: a G-test of few degrees of freedom
  const std::uint64_t outputs = std::uint64_t{p.hashes} * p.width * 2;
  if (outputs <= ClassStructuredMechanism::kMaxDenseSize &&
      spec.k <= ClassStructuredMechanism::kMaxDenseSize)
    return std::nullopt;  // tested on its listed outputs
  const EvenBins hash_bins(p.hashes, kBins), row_bins(p.width, kBins);
  require_pooled_entries(spec.k, static_cast<std::size_t>(hash_bins.bins * row_bins.bins * 2));
  const Rational t = p.budget.exp_eps();
  const Rational kept = t / (1 + t);
  PooledForm f;
  f.k = spec.k;
  for (std::uint64_t a = 0; a < hash_bins.bins; ++a) {
    for (std::uint64_t b = 0; b < row_bins.bins; ++b) {
      std::string cell = std::string("j ") + std::to_string(hash_bins.first(a)) + "-" +
                         std::to_string(hash_bins.first(a + 1) - 1) + ", l " +
                         std::to_string(row_bins.first(b)) + "-" +
                         std::to_string(row_bins.first(b + 1) - 1);
      f.labels.push_back(cell + ", its own sign");
      f.labels.push_back(cell + ", the other sign");
      const Rational share = Rational(Integer(hash_bins.size(a) * row_bins.size(b))) /
                             Rational(Integer(std::uint64_t{p.hashes} * p.width));
      f.q.push_back(share * kept);
      f.q.push_back(share * (1 - kept));
    }
  }
  const std::size_t cells = f.labels.size();
  f.protected_cells = IndexSet::all(cells);
  const std::vector<Rational> row = f.q;  // every input's row is the same
  for (std::size_t x = 1; x < spec.k; ++x) f.q.insert(f.q.end(), row.begin(), row.end());
  const SketchFamily family = p.family();
  const std::uint64_t hashes = p.hashes, width = p.width;
  f.output_cells = CellsByOwnHash{
      [=](std::size_t x, std::string_view y) -> std::optional<std::size_t> {
        const std::size_t first = y.find(','), second = y.find(',', first + 1);
        if (first == std::string_view::npos || second == std::string_view::npos)
          throw InvalidArgument(std::string("expected three fields j,l,w"));
        const std::uint64_t j = report_field(y.substr(0, first), hashes, "hash index");
        const std::uint64_t l = report_field(y.substr(first + 1, second - first - 1), width, "row");
        const std::string_view w = y.substr(second + 1);
        if (w != "1" && w != "-1")
          throw InvalidArgument(std::string("w '") + std::string(w.substr(0, 24)) +
                                "' is not 1 or -1");
        const bool own = hadamard_plus(static_cast<std::uint32_t>(l), family(x, j)) == (w == "1");
        return static_cast<std::size_t>((hash_bins.of(j) * row_bins.bins + row_bins.of(l)) * 2 +
                                        (own ? 0 : 1));
      },
      std::string("j,l,w (a hash index 0..") + std::to_string(hashes - 1) + ", a row 0.." +
          std::to_string(width - 1) + ", w 1 or -1)",
      "each report folded by the reporting input's own Hadamard sign H[l][h_j(x)]: j's bin, l's "
      "bin, and whether w is that sign",
      [=, k = spec.k](std::string_view y, std::vector<std::uint8_t>& in_event) {
        const std::size_t first = y.find(','), second = y.find(',', first + 1);
        const std::uint64_t j = report_field(y.substr(0, first), hashes, "hash index");
        const auto l = static_cast<std::uint32_t>(
            report_field(y.substr(first + 1, second - first - 1), width, "row"));
        const bool plus = y.substr(second + 1) == "1";
        for (std::size_t a = 0; a < k; ++a)
          in_event[a] = hadamard_plus(l, family(a, j)) == plus ? 1 : 0;
        return true;
      },
      [](std::size_t a, bool holds) {
        return std::string(holds ? "w = " : "w != ") + "H[l][h_j(" + std::to_string(a) + ")]";
      },
      spec.k,
      "the inputs whose Hadamard sign it carries"};
  return f;
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const HcmsSpec& p) {
  const Rational& t = p.budget.exp_eps();
  return {
      {"J", Rational(Integer(p.hashes))}, {"m", Rational(Integer(p.width))}, {"flip", 1 / (1 + t)}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const HcmsSpec&) {
  refuse_coordinate_model("hcms", "coefficient is shared by every value hashed to its bucket");
}

L2Quadratic l2_quadratic(const MechanismSpec&, const HcmsSpec&) { refuse_l2_quadratic("hcms"); }

}  // namespace uldp
