// Local hashing as a closed-form family for every t, g, S, |X_S|, |X_N| and every hash family:
// a column (s, y) holds keep/S for the n sensitive inputs h_s maps to y, other/S for the other
// sensitive ones and for X_N (ulh), whatever n the family gives it; the queries of the claims
// local_hashing_ldp and local_hashing_uldp.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/class_table.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp::verify::internal {
namespace {

/// Local hashing with range g >= 2, S >= 1 seeds, |X_S| = ns >= 1, |X_N| = nn >= 0 (0 for olh),
/// and a column class of `columns` columns each hit by n sensitive inputs (0 <= n <= ns): every
/// column of every family is in one such class. Entries over the common denominator D S with
/// D = t + g - 1.
struct LocalHashingModel {
  z3::expr t, g, seeds, ns, nn, n, columns;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, denominators_positive;
};

LocalHashingModel make_model(z3::context& ctx, bool integer_sizes, bool open_inputs) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr g = size_const(ctx, "g", integer_sizes);
  const z3::expr seeds = size_const(ctx, "S", integer_sizes);
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn =
      open_inputs ? size_const(ctx, "n_N", integer_sizes) : ctx.num_val(0, ns.get_sort());
  const z3::expr n = size_const(ctx, "n", integer_sizes);
  const z3::expr columns = size_const(ctx, "columns", integer_sizes);
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr d = t + as_real(g) - 1, den = d * as_real(seeds);
  const Fraction keep{t, den}, other{ctx.real_val(1), den}, itself{(t - 1) * as_real(seeds), den};
  const z3::expr params =
      t >= 1 && g >= 2 && seeds >= 1 && ns >= 1 && nn >= 0 && n >= 0 && n <= ns && columns >= 0;
  ClassTable table;
  table.columns.push_back({"(s, y) hit by n sensitive inputs",
                           columns,
                           true,
                           {{"x in X_S, h_s(x) = y", n, keep, true},
                            {"x in X_S, h_s(x) != y", ns - n, other, true},
                            {"x in X_N", nn, other, false}}});
  if (open_inputs) {
    table.columns.push_back({"y in X_N",
                             nn,
                             false,
                             {{"x in X_S", ns, zero(ctx), true},
                              {"x = y", one, itself, false},
                              {"x in X_N, x != y", nn - 1, zero(ctx), false}}});
  }
  // Row x in X_S: per seed keep once and other g - 1 times; row x in X_N: other at all S g
  // columns and itself; over the common denominator D S.
  const z3::expr s = as_real(seeds);
  const z3::expr rows = s * (keep.num + (as_real(g) - 1) * other.num) == den &&
                        s * as_real(g) * other.num + itself.num == den && keep.num >= 0 &&
                        other.num >= 0 && itself.num >= 0;
  return {t, g, seeds, ns, nn, n, columns, params, table, rows, den > 0};
}

std::vector<QueryResult> local_hashing_queries(unsigned timeout_ms, bool open_inputs) {
  std::vector<QueryResult> out;
  const std::string who = open_inputs ? "uLH" : "LH";
  auto run = [&](const std::string& name, const std::string& title, bool integer_sizes, auto hyp_of,
                 auto goal_of) {
    z3::context ctx;
    LocalHashingModel m = make_model(ctx, integer_sizes, open_inputs);
    out.push_back(prove_implication(ctx, name, title, hyp_of(m), goal_of(ctx, m), timeout_ms,
                                    logic_for(integer_sizes)));
  };
  run(
      "denominators_positive", who + ": D S = (t + g - 1) S > 0", false,
      [](LocalHashingModel& m) { return m.params; },
      [](z3::context&, LocalHashingModel& m) { return m.denominators_positive; });
  run(
      "rows_sum_to_1", who + ": entries >= 0 and every row sums to 1, every family", false,
      [](LocalHashingModel& m) { return m.params; },
      [](z3::context&, LocalHashingModel& m) { return m.rows_sum_to_one; });
  run(
      "ratio", who + ": Q(y|x) <= t Q(y|x') for every protected (s, y), every family", false,
      [](LocalHashingModel& m) { return m.params; },
      [open_inputs](z3::context& c, LocalHashingModel& m) {
        return !m.table.ratio_violated(c, m.t, !open_inputs);
      });
  run(
      "tight",
      who + ": ratio t attained by a family with a column some inputs hash to and others not", true,
      [](LocalHashingModel& m) {
        return m.params && m.columns >= 1 && m.n >= 1 && m.ns - m.n + m.nn >= 1;
      },
      [open_inputs](z3::context& c, LocalHashingModel& m) {
        return m.table.ratio_attained(c, m.t, !open_inputs);
      });
  if (open_inputs) {
    run(
        "condition1_reachable", "uLH: every reachable y in Y_I = X_N has one non-sensitive source",
        true, [](LocalHashingModel& m) { return m.params; },
        [](z3::context& c, LocalHashingModel& m) {
          return m.table.invertible(c, Reading::kReachable);
        });
    run(
        "condition1_literal_eps_positive",
        "uLH: for t > 1 every y in Y_I has exactly one source, in X_N", true,
        [](LocalHashingModel& m) { return m.params && m.t > 1; },
        [](z3::context& c, LocalHashingModel& m) {
          return m.table.invertible(c, Reading::kLiteral);
        });
  }
  return out;
}

}  // namespace

std::vector<QueryResult> local_hashing_ldp_queries(unsigned timeout_ms) {
  return local_hashing_queries(timeout_ms, false);
}
std::vector<QueryResult> local_hashing_uldp_queries(unsigned timeout_ms) {
  return local_hashing_queries(timeout_ms, true);
}

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claims local_hashing_ldp and local_hashing_uldp in olh_claims.v (`uldp prove NAME --emit
/// coq`).
constexpr const char* kLocalHashingLdpCoq =
    R"coq(Definition lh_Q (t : R) (g S : nat) (h : nat -> nat -> nat) (x o : nat) : R :=
  if Nat.eqb (h (o / g)%nat x) (o mod g)%nat then t / ((INR g + t - 1) * INR S)
  else 1 / ((INR g + t - 1) * INR S).
Theorem local_hashing_ldp : forall (t : R) (g S k : nat) (h : nat -> nat -> nat),
  1 <= t -> (2 <= g)%nat -> (1 <= S)%nat -> (forall s x, (h s x < g)%nat) ->
  Mechanism k (S * g) (lh_Q t g S h) /\
  LDP k (Outputs (S * g)) (lh_Q t g S h) t /\
  ((exists s x x', (s < S)%nat /\ (x < k)%nat /\ (x' < k)%nat /\ h s x <> h s x') ->
   RatioAttained k (Outputs (S * g)) (lh_Q t g S h) t).
)coq";
constexpr const char* kLocalHashingUldpCoq =
    R"coq(Definition ulh_Q (t : R) (g S : nat) (h : nat -> nat -> nat) (Sens : nat -> bool) (x o : nat)
  : R :=
  if Nat.ltb o (S * g)%nat then
    (if andb (Sens x) (Nat.eqb (h (o / g)%nat x) (o mod g)%nat) then t / ((INR g + t - 1) * INR S)
     else 1 / ((INR g + t - 1) * INR S))
  else if Nat.eqb (o - S * g)%nat x then (if Sens x then 0 else (t - 1) / (INR g + t - 1))
  else 0.
Theorem local_hashing_uldp : forall (t : R) (g S k : nat) (h : nat -> nat -> nat)
    (Sens : nat -> bool),
  1 <= t -> (2 <= g)%nat -> (1 <= S)%nat -> (forall s x, (h s x < g)%nat) ->
  Mechanism k (S * g + k) (ulh_Q t g S h Sens) /\
  ULDP k Sens (Protected (S * g + k) (fun o => Nat.ltb o (S * g)))
    (Invertible (S * g + k) (fun o => Nat.ltb o (S * g))) (ulh_Q t g S h Sens) t.
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<OlhSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("local_hashing_ldp", "Wang et al., USENIX Security 2017 (OLH, BLH, FLH)",
                   "local hashing is a mechanism and gives eps-LDP for every hash family; ratio t "
                   "attained when some h_s maps two inputs apart",
                   "every t >= 1, g >= 2, S >= 1, |X| >= 1, every family (column classes by "
                   "the number of inputs hashed to them)",
                   ProofStatus::kProved, true, verify::internal::local_hashing_ldp_queries,
                   verify::CoqTheorem{"olh_claims", kLocalHashingLdpCoq}),
      family_claim("local_hashing_uldp", "uldp's uLH (a proper X_S; see mechanisms/ulh)",
                   "uLH is a mechanism and gives (X_S, Y_P, eps)-ULDP with Y_P the (seed, "
                   "value) pairs for every hash family",
                   "every t >= 1, g >= 2, S >= 1, |X_S| >= 1, |X_N| >= 0, every family",
                   ProofStatus::kProved, true, verify::internal::local_hashing_uldp_queries,
                   verify::CoqTheorem{"olh_claims", kLocalHashingUldpCoq}),
  };
}

}  // namespace uldp
