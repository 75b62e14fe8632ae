// IDUE for every k and every per-input parameters: the paper's condition on each ordered pair is
// exactly MinID-LDP (the queries of the claim idue_minid_ldp).
#include <string>
#include <utility>
#include <vector>

#include "internal/bit_classes.h"
#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/idue/idue.h"

namespace uldp::verify::internal {
namespace {

// An ordered pair (x, x') of IDUE: bit x is on with a1 under x and b1 under x', bit x' the other
// way with a2, b2; every other bit is off under both and cancels (bit_classes.h), so the four
// classes of (y_x, y_x') are the whole story for any k, and Q(y|x)/Q(y|x') in class (u, v) is
// P(y_x = u | on) P(y_x' = v | off) / (P(y_x = u | off) P(y_x' = v | on)). The pair is arbitrary,
// so the other order is the same statement with the names swapped. m = min(t_x, t_x').
struct PairSymbols {
  z3::expr a1, b1, a2, b2, t1, t2, m;
  explicit PairSymbols(z3::context& ctx)
      : a1(ctx.real_const("a1")),
        b1(ctx.real_const("b1")),
        a2(ctx.real_const("a2")),
        b2(ctx.real_const("b2")),
        t1(ctx.real_const("t1")),
        t2(ctx.real_const("t2")),
        m(ctx.real_const("m")) {}
  // 0 <= b < a <= 1 on both bits.
  z3::expr bits() const { return b1 >= 0 && b1 < a1 && a1 <= 1 && b2 >= 0 && b2 < a2 && a2 <= 1; }
  z3::expr parameters() const {
    return t1 >= 1 && t2 >= 1 && m <= t1 && m <= t2 && (m == t1 || m == t2) && bits();
  }
  // The paper's condition on the ordered pair, cross-multiplied: a_x (1 - b_x') <= m b_x (1 -
  // a_x').
  z3::expr condition() const { return a1 * (1 - b2) <= m * b1 * (1 - a2); }
  // Class (u, v)'s numerator and denominator.
  Fraction ratio(int u, int v) const {
    return {bit_prob(whole(a1), u).num * bit_prob(whole(b2), v).num,
            bit_prob(whole(b1), u).num * bit_prob(whole(a2), v).num};
  }
};

// Each query is one small step, so that cvc5's incremental linearisation decides it as z3 does:
// a polynomial identity (no hypotheses) or the sign of a product of factors of known sign.
// closed_form.uv: class (u, v) is at most class (1, 0) because top.num c.den - c.num top.den is
// the product (or sum of products) given by `.identity`, each >= 0 by `.sign*`. sufficient: the
// condition is top.num <= m top.den with top.den > 0 (`.positive`); with a class below the top,
// c.num top.den <= top.num c.den <= m top.den c.den (`.scale`: (m top.den - top.num) c.den >= 0),
// and dividing by top.den > 0 (`.divide`) gives c.num <= m c.den. necessary: the top class itself.
// f0 f1 ... as one flat product (a leading 1 * would hide the monomial from cvc5).
z3::expr product_of(const std::vector<z3::expr>& factors) {
  z3::expr product = factors[0];
  for (std::size_t i = 1; i < factors.size(); ++i) product = product * factors[i];
  return product;
}

std::vector<QueryResult> idue_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  struct Step {
    int u, v;
    std::size_t count;  // how many products
    // The difference top.num c.den - c.num top.den as products of factors that are >= 0.
    std::vector<std::vector<z3::expr>> (*terms)(const PairSymbols&);
  };
  const Step steps[] = {
      {0, 0, 1,
       [](const PairSymbols& s) {
         return std::vector<std::vector<z3::expr>>{{1 - s.b2, 1 - s.a2, s.a1 - s.b1}};
       }},
      {1, 1, 1,
       [](const PairSymbols& s) {
         return std::vector<std::vector<z3::expr>>{{s.a1, s.b1, s.a2 - s.b2}};
       }},
      {0, 1, 2, [](const PairSymbols& s) {
         return std::vector<std::vector<z3::expr>>{{s.a1 - s.b1, s.a2, 1 - s.b2},
                                                   {1 - s.a1, s.b1, s.a2 - s.b2}};
       }}};
  for (const Step& step : steps) {
    const std::string name = "closed_form." + std::to_string(step.u) + std::to_string(step.v);
    {
      z3::context ctx;
      const PairSymbols s(ctx);
      const Fraction c = s.ratio(step.u, step.v), top = s.ratio(1, 0);
      const std::vector<std::vector<z3::expr>> terms = step.terms(s);
      z3::expr sum = product_of(terms[0]);
      for (std::size_t term = 1; term < terms.size(); ++term) sum = sum + product_of(terms[term]);
      out.push_back(prove_implication(
          ctx, name + ".identity",
          "IDUE: for the outputs with y_x = " + std::to_string(step.u) +
              ", y_x' = " + std::to_string(step.v) +
              ", the top class's cross product minus theirs is a sum of products",
          ctx.bool_val(true), top.num * c.den - c.num * top.den == sum, timeout_ms, "QF_NRA"));
    }
    const std::size_t count = step.count;
    for (std::size_t term = 0; term < count; ++term) {
      z3::context ctx;
      const PairSymbols s(ctx);
      // Each factor named (f_i = its polynomial): cvc5 then reads the product's sign off the
      // factors' signs, which it does not always find inside the nested product.
      std::vector<z3::expr> named;
      z3::expr definitions = s.bits();
      const std::vector<std::vector<z3::expr>> terms = step.terms(s);  // held: the loop reads it
      for (const z3::expr& factor : terms[term]) {
        std::string label = "f";
        label += std::to_string(named.size() + 1);
        named.push_back(ctx.real_const(label.c_str()));
        definitions = definitions && named.back() == factor;
      }
      out.push_back(prove_implication(
          ctx, name + ".sign" + (count > 1 ? std::to_string(term + 1) : ""),
          "IDUE: each factor of that product is >= 0 for 0 <= b < a <= 1, so is the product",
          definitions, product_of(named) >= 0, timeout_ms, "QF_NRA"));
    }
  }
  {
    z3::context ctx;
    const PairSymbols s(ctx);
    out.push_back(prove_implication(ctx, "sufficient.positive",
                                    "IDUE: under the condition the class y_x = 1, y_x' = 0 has "
                                    "Q(y|x') > 0 (b_x (1 - a_x') > 0)",
                                    s.parameters() && s.condition(), s.ratio(1, 0).den > 0,
                                    timeout_ms, "QF_NRA"));
  }
  {
    z3::context ctx;
    const z3::expr u = ctx.real_const("u"), d = ctx.real_const("d");
    out.push_back(prove_implication(ctx, "sufficient.scale",
                                    "a product of two numbers >= 0 is >= 0 (u = m top.den - "
                                    "top.num >= 0 by the condition, d = c.den >= 0)",
                                    u >= 0 && d >= 0, u * d >= 0, timeout_ms, "QF_NRA"));
  }
  {
    z3::context ctx;
    const z3::expr w = ctx.real_const("w"), d10 = ctx.real_const("d10");
    out.push_back(prove_implication(
        ctx, "sufficient.divide",
        "w d10 >= 0 with d10 > 0 gives w >= 0 (w = m c.den - c.num, d10 = top.den)",
        d10 > 0 && w * d10 >= 0, w >= 0, timeout_ms, "QF_NRA"));
  }
  {
    z3::context ctx;
    const PairSymbols s(ctx);
    const Fraction top = s.ratio(1, 0);
    out.push_back(prove_implication(
        ctx, "necessary",
        "IDUE: where the condition fails, the outputs with y_x = 1, y_x' = 0 have a ratio above m "
        "(the condition is that class's bound, so necessity is immediate once it is the top "
        "class)",
        s.parameters() && !s.condition(), top.num > s.m * top.den, timeout_ms, "QF_NRA"));
  }
  return out;
}

}  // namespace
}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim idue_minid_ldp in idue_claims.v (`uldp prove idue_minid_ldp --emit coq`).
constexpr const char* kIdueMinidLdpCoq =
    R"coq(Definition idue_on (a b : nat -> R) (x j : nat) : R := if Nat.eqb j x then a j else b j.

Definition idue_Q (k : nat) (a b : nat -> R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then idue_on a b x j else 1 - idue_on a b x j).

Definition idue_loss (a b : nat -> R) (x x' : nat) : R := (a x / b x) * ((1 - b x') / (1 - a x')).

Definition MinIDLDP (k : nat) (tt : nat -> R) (Q : nat -> (nat -> bool) -> R) : Prop :=
  forall x x' y, (x < k)%nat -> (x' < k)%nat -> Q x y <= Rmin (tt x) (tt x') * Q x' y.
Theorem idue_minid_ldp : forall (k : nat) (a b tt : nat -> R),
  (forall j, (j < k)%nat -> 0 <= b j < a j /\ a j <= 1) ->
  (forall j, (j < k)%nat -> 1 <= tt j) ->
  (forall x x', (x < k)%nat -> (x' < k)%nat -> x <> x' ->
     (forall y, idue_Q k a b x y * (b x * (1 - a x')) <= a x * (1 - b x') * idue_Q k a b x' y) /\
     (0 < b x -> a x' < 1 -> exists y, 0 < idue_Q k a b x' y /\
        idue_Q k a b x y = idue_loss a b x x' * idue_Q k a b x' y) /\
     (b x = 0 \/ a x' = 1 -> exists y, idue_Q k a b x' y = 0 /\ 0 < idue_Q k a b x y) /\
     (a x * (1 - b x') <= Rmin (tt x) (tt x') * (b x * (1 - a x')) <->
        forall y, idue_Q k a b x y <= Rmin (tt x) (tt x') * idue_Q k a b x' y)) /\
  (MinIDLDP k tt (idue_Q k a b) <->
     forall x x', (x < k)%nat -> (x' < k)%nat -> x <> x' ->
       a x * (1 - b x') <= Rmin (tt x) (tt x') * (b x * (1 - a x'))).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<IdueSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {family_claim(
      "idue_minid_ldp", "Gu et al., ICDE 2020",
      "IDUE with a_x > b_x is MinID-LDP exactly when a_x (1 - b_x') <= e^min(eps_x, eps_x') "
      "b_x (1 - a_x') for every ordered pair x != x'; the pair's tight loss is that ratio, at "
      "y_x = 1, y_x' = 0",
      "every k, every per-input budgets and bit probabilities (bit-pair classes); the solvers "
      "decide "
      "each step (each class's identity and signs, the two lemmas on reals, the top class against "
      "the condition), and their composition per class, the lemmas taken at the class's terms, is "
      "written out in docs/verification.md, not queried",
      ProofStatus::kProved, true, verify::internal::idue_queries,
      verify::CoqTheorem{"idue_claims", kIdueMinidLdpCoq})};
}

}  // namespace uldp
