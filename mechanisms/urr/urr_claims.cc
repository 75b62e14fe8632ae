// uRR (Definition 3) as a closed-form family for every t, |X_S| and |X_N|: its entry classes
// and the queries of the claims urr_uldp, urr_literal_at_eps0 and urr_tight_single_input.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/class_table.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp::verify::internal {
namespace {

/// uRR over |X_S| = ns >= 1 sensitive and |X_N| = nn >= 0 non-sensitive symbols (eq. (6)):
/// c1 = t/D, c2 = 1/D, c3 = (t-1)/D with D = |X_S| + t - 1, exactly as the paper writes them.
struct UrrModel {
  z3::expr t, ns, nn;
  Fraction c1, c2, c3;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, denominators_positive;
};

UrrModel make_urr(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr d = as_real(ns) + t - 1;
  const Fraction c1{t, d}, c2{ctx.real_val(1), d}, c3{t - 1, d};
  const z3::expr params = t >= 1 && ns >= 1 && nn >= 0;
  ClassTable table;
  // y in X_S = Y_P: x = y (c1), x in X_S \ {y} (c2), x in X_N (c2).
  table.columns.push_back({"y in X_S",
                           ns,
                           true,
                           {{"x = y", one, c1, true},
                            {"x in X_S, x != y", ns - 1, c2, true},
                            {"x in X_N", nn, c2, false}}});
  // y in X_N = Y_I: x in X_S (0), x = y (c3), x in X_N \ {y} (0).
  table.columns.push_back({"y in X_N",
                           nn,
                           false,
                           {{"x in X_S", ns, zero(ctx), true},
                            {"x = y", one, c3, false},
                            {"x in X_N, x != y", nn - 1, zero(ctx), false}}});
  // Row x in X_S: c1 + (|X_S|-1) c2 + |X_N| 0; row x in X_N: |X_S| c2 + c3 + (|X_N|-1) 0; over
  // the common denominator D.
  const z3::expr rows = c1.num + as_real(ns - 1) * c2.num == d &&
                        as_real(ns) * c2.num + c3.num == d && c1.num >= 0 && c2.num >= 0 &&
                        c3.num >= 0;
  return {t, ns, nn, c1, c2, c3, params, table, rows, d > 0};
}

}  // namespace

std::vector<QueryResult> urr_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  auto run = [&](const std::string& name, const std::string& title, bool integer_sizes, auto hyp_of,
                 auto goal_of) {
    z3::context ctx;
    UrrModel m = make_urr(ctx, integer_sizes);
    out.push_back(prove_implication(ctx, name, title, hyp_of(ctx, m), goal_of(ctx, m), timeout_ms,
                                    logic_for(integer_sizes)));
  };
  run(
      "denominators_positive", "uRR: D = |X_S| + t - 1 > 0, so entries compare cross-multiplied",
      false, [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context&, UrrModel& m) { return m.denominators_positive; });
  run(
      "rows_sum_to_1", "uRR: c1, c2, c3 >= 0 and every row sums to 1, all sizes", false,
      [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context&, UrrModel& m) { return m.rows_sum_to_one; });
  run(
      "ratio", "uRR: Q(y|x) <= t Q(y|x') for y in Y_P = X_S, all sizes", false,
      [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context& c, UrrModel& m) { return !m.table.ratio_violated(c, m.t, false); });
  run(
      "tight", "uRR: some (x, x', y in Y_P) attains ratio t when |X| >= 2", true,
      [](z3::context&, UrrModel& m) { return m.params && m.ns + m.nn >= 2; },
      [](z3::context& c, UrrModel& m) { return m.table.ratio_attained(c, m.t, false); });
  run(
      "condition1_reachable", "uRR: every reachable y in Y_I = X_N has one non-sensitive source",
      true, [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context& c, UrrModel& m) { return m.table.invertible(c, Reading::kReachable); });
  run(
      "condition1_literal_eps_positive",
      "uRR: for t > 1 every y in Y_I has exactly one source, in X_N", true,
      [](z3::context&, UrrModel& m) { return m.params && m.t > 1; },
      [](z3::context& c, UrrModel& m) { return m.table.invertible(c, Reading::kLiteral); });
  return out;
}

std::vector<QueryResult> urr_literal_at_eps0_queries(unsigned timeout_ms) {
  z3::context ctx;
  UrrModel m = make_urr(ctx, true);
  return {prove_implication(ctx, "condition1_literal", "uRR: literal condition 1 for every t >= 1",
                            m.params, m.table.invertible(ctx, Reading::kLiteral), timeout_ms)};
}

std::vector<QueryResult> urr_tight_single_input_queries(unsigned timeout_ms) {
  z3::context ctx;
  UrrModel m = make_urr(ctx, true);
  return {prove_implication(ctx, "tight", "uRR: ratio t attained for every |X| >= 1", m.params,
                            m.table.ratio_attained(ctx, m.t, false), timeout_ms)};
}

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim urr_uldp in urr_claims.v (`uldp prove urr_uldp --emit coq`).
constexpr const char* kUrrUldpCoq =
    R"coq(Definition urr_c1 (t : R) (nS : R) : R := t / (nS + t - 1).
Definition urr_c2 (t : R) (nS : R) : R := 1 / (nS + t - 1).
Definition urr_c3 (t : R) (nS : R) : R := (t - 1) / (nS + t - 1).
Definition urr_Q (t : R) (k : nat) (S : nat -> bool) (x y : nat) : R :=
  if S x then
    (if Nat.eqb x y then urr_c1 t (count k S) else if S y then urr_c2 t (count k S) else 0)
  else
    (if S y then urr_c2 t (count k S) else if Nat.eqb x y then urr_c3 t (count k S) else 0).
Theorem urr_uldp : forall (t : R) (k : nat) (S : nat -> bool), 1 <= t -> 1 <= count k S ->
  Mechanism k k (urr_Q t k S) /\
  RatioBound k (Protected k S) (urr_Q t k S) t /\
  ((2 <= k)%nat -> RatioAttained k (Protected k S) (urr_Q t k S) t) /\
  ULDP k S (Protected k S) (Invertible k S) (urr_Q t k S) t /\
  (1 < t -> ULDPLiteral k S (Protected k S) (Invertible k S) (urr_Q t k S) t).
)coq";
/// The claim urr_literal_at_eps0 in urr_claims.v (`uldp prove urr_literal_at_eps0 --emit coq`).
constexpr const char* kUrrLiteralAtEps0Coq =
    R"coq(Definition urr_c1 (t : R) (nS : R) : R := t / (nS + t - 1).
Definition urr_c2 (t : R) (nS : R) : R := 1 / (nS + t - 1).
Definition urr_c3 (t : R) (nS : R) : R := (t - 1) / (nS + t - 1).
Definition urr_Q (t : R) (k : nat) (S : nat -> bool) (x y : nat) : R :=
  if S x then
    (if Nat.eqb x y then urr_c1 t (count k S) else if S y then urr_c2 t (count k S) else 0)
  else
    (if S y then urr_c2 t (count k S) else if Nat.eqb x y then urr_c3 t (count k S) else 0).
Theorem urr_literal_at_eps0 :
  ~ Cond1Literal 2 (fun x => Nat.eqb x 0) (Invertible 2 (fun x => Nat.eqb x 0))
      (urr_Q 1 2 (fun x => Nat.eqb x 0)).
)coq";
/// The claim urr_tight_single_input in urr_claims.v (`uldp prove urr_tight_single_input --emit
/// coq`).
constexpr const char* kUrrTightSingleInputCoq =
    R"coq(Definition urr_c1 (t : R) (nS : R) : R := t / (nS + t - 1).
Definition urr_c2 (t : R) (nS : R) : R := 1 / (nS + t - 1).
Definition urr_c3 (t : R) (nS : R) : R := (t - 1) / (nS + t - 1).
Definition urr_Q (t : R) (k : nat) (S : nat -> bool) (x y : nat) : R :=
  if S x then
    (if Nat.eqb x y then urr_c1 t (count k S) else if S y then urr_c2 t (count k S) else 0)
  else
    (if S y then urr_c2 t (count k S) else if Nat.eqb x y then urr_c3 t (count k S) else 0).
Theorem urr_tight_single_input :
  ~ RatioAttained 1 (Protected 1 (fun _ => true)) (urr_Q 2 1 (fun _ => true)) 2.
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UrrSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  constexpr const char* kEntryClasses = "every t >= 1, |X_S| >= 1, |X_N| >= 0 (entry classes)";
  return {
      family_claim(
          "urr_uldp", "Proposition 2",
          "uRR is a mechanism, gives (X_S, X_S, eps)-ULDP with tight ratio exactly t (|X| >= 2); "
          "condition 1 holds literally for t > 1 and in the reachable reading for t >= 1",
          kEntryClasses, ProofStatus::kProved, true, verify::internal::urr_queries,
          verify::CoqTheorem{"urr_claims", kUrrUldpCoq}),
      family_claim("urr_literal_at_eps0", "Proposition 2",
                   "erratum: at eps = 0 (t = 1) c3 = 0, so y in X_N is unreachable and literal "
                   "condition 1 fails",
                   kEntryClasses, ProofStatus::kRefuted, true,
                   verify::internal::urr_literal_at_eps0_queries,
                   verify::CoqTheorem{"urr_claims", kUrrLiteralAtEps0Coq}),
      family_claim("urr_tight_single_input", "Proposition 2",
                   "dropping |X| >= 2: with one input the ratio t > 1 is never attained",
                   kEntryClasses, ProofStatus::kRefuted, true,
                   verify::internal::urr_tight_single_input_queries,
                   verify::CoqTheorem{"urr_claims", kUrrTightSingleInputCoq}),
  };
}

}  // namespace uldp
