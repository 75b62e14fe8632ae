// The block families (ubd, ubd-opt, uss) pooled into cells, for testing a client's samples when
// their C(v, K) outputs are too many to list; uHR, whose V columns are few but whose X_N outputs
// may be many, keeps its columns and folds X_N (folded_symbols.h). A cell is a set of outputs of
// one kind: the blocks of one size K whose smallest and largest members are s and t (a block of
// size 1 or 2 is its own cell), each symbol o of X_N reported alone, and for uSS the sets S ∪ {o}
// by o, s and t; where those cells are too many, by the smallest member only. Q(cell | x) is the
// exact sum of Q(y | x) over the cell's outputs, counted by membership: with ranks a < b in X_S,
// the blocks spanning [a, b] number C(b-a-1, K-2) and C(b-a-2, K-3) of them contain a sensitive x
// strictly between; by smallest member, C(v-a-1, K-1) and C(v-a-2, K-2). Pooling is
// post-processing, so a client that conforms passes the pooled test, and a pooled ratio above e^ε
// proves a single output's ratio above it (a ratio of sums is at most the largest ratio); cells
// never mix protected and unprotected outputs, so the claim's ratio condition carries over.
// rappor-bloom beyond C 2^m <= 4096 outputs pools its reports by cohort, and states each bit's
// probability so that the samples are tallied bit by bit, per input and cohort. Local hashing
// beyond its listing folds each report by the reporting input's own hash (CellsByOwnHash).
//
// What the cells pool away, privacy may depend on: whether a block holds the reporting input (a
// client that never reports a block holding its own value keeps every cell's total right). So
// the form also states, per block size K, the chance of a block of size K holding a given
// sensitive symbol a, for a = x (own), a != x and x in X_N: the samples are tallied by those
// memberships too (estimate/conformance.h), and any one move of mass between two outputs of one
// row changes a cell or a membership (properties/pooled_membership_property.cc).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/mechanisms/folded_symbols.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

/// The block families' cells, found from an output's members (ascending, each < k): nullopt when
/// no output of the mechanism has them.
struct CellsBySet {
  std::function<std::optional<std::size_t>(std::span<const std::uint32_t>)> cell_of;
};
/// uHR's cells: its columns by label ("h3"), its X_N symbols folded by the reporting input.
struct CellsByLabel {
  FoldedSymbols folded;
};
/// A Bloom-filter mechanism's cells beyond its listing (rappor-bloom, cms): a report "c:bits" is
/// tallied in c's cell, and its m bits one by one (PooledForm::bloom_bits says what each is).
struct CellsByCohort {
  std::size_t cohorts = 1, bits = 0;
  std::string prefix;  ///< what c is: "cohort" (rappor-bloom), "hash index" (cms)
};

/// Local hashing (hcms) beyond its listing: a report y of input x is folded by x's own hash h_s(x)
/// (Hadamard sign) into the cell cell_of(x, y) returns: its seed's bin and the offset of its value
/// from h_s(x) (0: its own hash value), or X_N's own symbol or another's (j's and l's bins, and
/// whether w is the input's sign). nullopt: no output of the mechanism; throws
/// InvalidArgument saying what y should be when y has no form of an output. The cells are
/// relative to the reporting input, so no cell is one event under two inputs.
struct CellsByOwnHash {
  std::function<std::optional<std::size_t>(std::size_t, std::string_view)> cell_of;
  std::string form;  ///< what an output is: "seed,value (seed 0..S-1, value 0..g-1)"
  std::string fold;  ///< how a report is folded, for the reports' pooling line
  /// The events across inputs the cells lose: for a report y (one cell_of accepted), sets
  /// in_event[a] = 1 for every input a whose event "y is a's own hash value" (local hashing:
  /// v = h_s(a); hcms: w = H[l][h_j(a)]) holds it, and returns true; false for a report in no
  /// such event (an X_N symbol). Each event is a set of protected outputs, so its rates under two
  /// inputs bound eps.
  std::function<bool(std::string_view, std::vector<std::uint8_t>&)> events_of;
  /// The event of input a, or (holds = false) its complement among the reports in events, for
  /// messages: "value = h_s(3)", "value != h_s(3)".
  std::function<std::string(std::size_t, bool)> event_name;
  /// How many inputs have such an event (|X_S|: ulh's X_N inputs have no hash), and what the
  /// events are, for the pooling line ("the inputs whose own hash value it is").
  std::size_t event_inputs = 0;
  std::string events = {};
};

/// The most inputs whose own-hash events are tallied (k x k counts, k hashes per sample).
inline constexpr std::size_t kMaxOwnHashEventInputs = 1024;

/// A field of a folded report (a seed, a row): its decimal text (no sign, no leading zero) when
/// below `limit`, else InvalidArgument "WHAT 'TEXT' is not in 0..LIMIT-1".
std::uint64_t report_field(std::string_view text, std::uint64_t limit, const char* what);

/// 0..n-1 cut into at most `most` bins of near-equal size, in order: the bins a fold by the
/// reporting input puts seeds, hash indices or Hadamard rows in (n <= 2^32, most <= 2^16).
struct EvenBins {
  std::uint64_t n = 1, bins = 1;
  EvenBins(std::uint64_t count, std::uint64_t most) : n(count), bins(std::min(count, most)) {}
  /// The bin of i < n: floor(i bins / n).
  std::uint64_t of(std::uint64_t i) const { return i * bins / n; }
  /// The first member of bin b (b = bins: n).
  std::uint64_t first(std::uint64_t b) const { return (b * n + bins - 1) / bins; }
  std::uint64_t size(std::uint64_t b) const { return first(b + 1) - first(b); }
};

/// A Bloom-filter mechanism's reports bit by bit (rappor-bloom's cohorts, cms's hash indices): for
/// input x in cohort c, bit j is 1 with probability one_if_on when j is in B_c(x), one_if_off
/// otherwise, each bit independently of the others.
struct BloomBitMarginals {
  std::vector<std::vector<BloomBits>> filters;  ///< B_c(x) at [c][x]
  Rational one_if_on, one_if_off;
};

/// Per block size K, what a row gives the blocks of size K (of X_S, in Y_P) that hold a
/// sensitive symbol a: P(|B| = K, a in B | x) is `own` for a = x, `other` for sensitive x != a
/// and `open` for x in X_N; `sized` = P(|B| = K | x) for sensitive x.
struct BlockMembership {
  std::size_t block = 0;  ///< K
  Rational own, other, open, sized;
};

struct PooledForm {
  std::size_t k = 0;  ///< inputs
  std::vector<std::string>
      labels;                ///< one per cell: "{2,…} (K = 3)", "{4}", "7", "{2,…}+7 (K = 2)"
  IndexSet protected_cells;  ///< the cells of Y_P (the blocks)
  bool spans = false;        ///< blocks pooled by smallest and largest member (else smallest only)
  std::vector<Rational> q;   ///< Q(cell | x) at [x * cells + cell]; every row sums to 1
  /// How a sample's output finds its cell.
  std::variant<CellsBySet, CellsByLabel, CellsByCohort, CellsByOwnHash> output_cells;
  /// The block families' memberships, by K ascending (empty for the others).
  std::vector<BlockMembership> membership;
  /// A Bloom-filter mechanism's bits (CellsByCohort); none for the others.
  std::optional<BloomBitMarginals> bloom_bits = std::nullopt;
  std::size_t cells() const { return labels.size(); }
};

/// The most entries (k x cells exact probabilities) a pooled form may hold: 2^22, about 0.7 GB.
inline constexpr std::size_t kMaxPooledEntries = std::size_t{1} << 22;

/// The pooled form of a block family (ubd, ubd-opt, uss), of uHR, or of rappor-bloom beyond its
/// listing (its folder's pooled_form overload); nullopt for every other mechanism. Cells keep spans
/// when k x cells stays within `max_entries`; InvalidArgument naming k when even the coarser cells
/// exceed kMaxPooledEntries (refused before any is built).
std::optional<PooledForm> pooled_form(const MechanismSpec& spec,
                                      std::size_t max_entries = std::size_t{1} << 22);

/// The most per-input, prefix and bit counts conformance keeps for a Bloom-filter mechanism beyond
/// its listing, k C m: 2^26 (512 MB).
inline constexpr std::size_t kMaxBloomTallies = std::size_t{1} << 26;

/// A Bloom-filter mechanism beyond its listing (rappor-bloom, cms): one cell per prefix c (each
/// of probability 1/C, Y_P = Y), its bits stated one by one; `prefix` names c ("cohort").
/// InvalidArgument naming k when k C m exceeds kMaxBloomTallies.
PooledForm pool_bloom_filter(const BloomFilterMechanism& q, const std::string& prefix);

/// InvalidArgument naming k unless k x `cells` stays within kMaxPooledEntries: checked by a fold
/// before its cells are built.
void require_pooled_entries(std::size_t k, std::size_t cells);

/// For the block families' pooled_form overloads: one block size K of the family, its weight
/// (1 but for ubd-opt's mixture) and uBD's constants at K;
struct PooledComponent {
  std::size_t block;
  Rational weight;
  UbdConstants c;
};
/// what an X_N input reports besides blocks: itself alone, and (uSS, K >= 2) S ∪ {itself};
struct PooledOpenReports {
  Rational alone;
  std::optional<std::size_t> with_block_size;  ///< uSS: K of the sets S ∪ {o}
  Rational with_block;                         ///< Q(S ∪ {o} | o) for each K-subset S
};
/// the family pooled into cells.
PooledForm pool_block_family(const IndexSet& sensitive,
                             const std::vector<PooledComponent>& components,
                             const PooledOpenReports& open, std::size_t max_entries);

}  // namespace uldp
