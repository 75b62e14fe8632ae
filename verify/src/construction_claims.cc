// Constructions on fully symbolic matrices of fixed shapes: every entry a real variable
// (rows stochastic), X_S, Y_P, Z_P ... boolean membership variables, budgets t >= 1 real.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/z3_query.h"

namespace uldp::verify::internal {
namespace {

std::string reading_name(Reading reading) {
  return reading == Reading::kLiteral ? "literal" : "reachable";
}

/// Proves ULDP of `q` as two queries at representative indices: condition 1 for output 0 and
/// the ratio for (x, x', y) = (0, 1, 0). Every hypothesis is invariant under renaming inputs
/// and outputs (X_S, Y_P, ... are symbolic subsets renamed along), so a violation anywhere
/// gives one at these indices (docs/verification.md, "Symmetry").
std::vector<QueryResult> prove_uldp_split(z3::context& ctx, const std::string& title,
                                          const z3::expr& hyp, const SymbolicMatrix& q,
                                          const std::vector<z3::expr>& sensitive,
                                          const std::vector<z3::expr>& protected_cols,
                                          const z3::expr& t, Reading reading, unsigned timeout_ms) {
  std::vector<QueryResult> out;
  out.push_back(prove_implication(
      ctx, "condition1", title + ": condition 1 (" + reading_name(reading) + ")", hyp,
      protected_cols[0] || invertible_column(q, 0, sensitive, reading), timeout_ms, "QF_NRA"));
  out.push_back(prove_implication(ctx, "ratio", title + ": ratio", hyp,
                                  z3::implies(protected_cols[0], q.q[0][0] <= t * q.q[1][0]),
                                  timeout_ms, "QF_NRA"));
  return out;
}

}  // namespace

std::vector<QueryResult> composition_queries(unsigned timeout_ms, Reading reading,
                                             bool drop_q1_invertibility) {
  constexpr std::size_t kX = 3, kY0 = 2, kY1 = 2;
  z3::context ctx;
  const z3::expr t0 = ctx.real_const("t0");
  const z3::expr t1 = ctx.real_const("t1");
  const auto xs = make_subset(ctx, "in_XS", kX);
  const auto y0p = make_subset(ctx, "in_Y0P", kY0);
  const auto y1p = make_subset(ctx, "in_Y1P", kY1);
  const SymbolicMatrix q0 = make_matrix(ctx, "Q0", kX, kY0);
  std::vector<z3::expr> hyp{t0 >= 1, t1 >= 1, stochastic(q0), uldp(q0, xs, y0p, t0, reading)};
  // Adaptive: Q1(y1 | (y0, x)) is a separate mechanism for every y0.
  std::vector<SymbolicMatrix> q1;
  for (std::size_t y0 = 0; y0 < kY0; ++y0) {
    q1.push_back(make_matrix(ctx, "Q1_given_y0_" + std::to_string(y0), kX, kY1));
    hyp.push_back(stochastic(q1.back()));
    hyp.push_back(ratio_on(q1.back(), y1p, t1));
    if (!drop_q1_invertibility) hyp.push_back(invertibility(q1.back(), xs, y1p, reading));
  }
  SymbolicMatrix q;
  std::vector<z3::expr> pairs_protected;
  for (std::size_t x = 0; x < kX; ++x) {
    std::vector<z3::expr> row;
    for (std::size_t y0 = 0; y0 < kY0; ++y0) {
      for (std::size_t y1 = 0; y1 < kY1; ++y1) row.push_back(q0.q[x][y0] * q1[y0].q[x][y1]);
    }
    q.q.push_back(row);
  }
  for (std::size_t y0 = 0; y0 < kY0; ++y0) {
    for (std::size_t y1 = 0; y1 < kY1; ++y1) pairs_protected.push_back(y0p[y0] && y1p[y1]);
  }
  return prove_uldp_split(ctx,
                          "sequential composition, |X|=3, |Y0|=|Y1|=2" +
                              std::string(drop_q1_invertibility ? ", Q1 condition 1 dropped" : ""),
                          all_of(ctx, hyp), q, xs, pairs_protected, t0 * t1, reading, timeout_ms);
}

std::vector<QueryResult> post_processing_queries(unsigned timeout_ms, int drop) {
  constexpr std::size_t kX = 3, kY = 3, kZ = 2;
  z3::context ctx;
  const z3::expr t = ctx.real_const("t");
  const auto xs = make_subset(ctx, "in_XS", kX);
  const auto yp = make_subset(ctx, "in_YP", kY);
  const auto zp = make_subset(ctx, "in_ZP", kZ);
  const SymbolicMatrix q0 = make_matrix(ctx, "Q0", kX, kY);
  const SymbolicMatrix q1 = make_matrix(ctx, "Q1", kY, kZ);
  std::vector<z3::expr> hyp{t >= 1, stochastic(q0), stochastic(q1),
                            uldp(q0, xs, yp, t, Reading::kLiteral)};
  // Definition 5, first bullet: Y_I never reaches Z_P.
  if (drop != 1) {
    for (std::size_t z = 0; z < kZ; ++z) {
      for (std::size_t y = 0; y < kY; ++y)
        hyp.push_back(z3::implies(zp[z] && !yp[y], q1.q[y][z] == 0));
    }
  }
  // Second bullet: every z in Z_I has exactly one source y, and it is in Y_I (Y_P plays X_S).
  if (drop != 2) hyp.push_back(invertibility(q1, yp, zp, Reading::kLiteral));
  const SymbolicMatrix composite = multiply(q0, q1);
  const char* what[] = {"", ", Y_I may reach Z_P", ", Z_I need not be invertible"};
  return prove_uldp_split(ctx, std::string("post-processing, |X|=3, |Y|=3, |Z|=2") + what[drop],
                          all_of(ctx, hyp), composite, xs, zp, t, Reading::kLiteral, timeout_ms);
}

std::vector<QueryResult> data_integration_queries(unsigned timeout_ms, bool any_output) {
  constexpr std::size_t kX = 3, kYA = 2, kYB = 2;
  z3::context ctx;
  const z3::expr ta = ctx.real_const("tA");
  const z3::expr tb = ctx.real_const("tB");
  const auto xs = make_subset(ctx, "in_XS", kX);
  const auto yap = make_subset(ctx, "in_YAP", kYA);
  const SymbolicMatrix qa = make_matrix(ctx, "QA", kX, kYA);
  const SymbolicMatrix qb = make_matrix(ctx, "QB", kX, kYB);
  const z3::expr hyp = ta >= 1 && tb >= 1 && stochastic(qa) && stochastic(qb) &&
                       uldp(qa, xs, yap, ta, Reading::kLiteral) && ldp(qb, tb);
  // Representative (x, x', y_A, y_B) = (0, 1, 0, 0): the hypotheses are invariant under renaming
  // inputs and outputs (Y_P renamed along).
  const z3::expr ok = qa.q[0][0] * qb.q[0][0] <= ta * tb * (qa.q[1][0] * qb.q[1][0]);
  return {prove_implication(ctx, "parallel_bound",
                            std::string("compatibility with LDP, |X|=3, |YA|=|YB|=2") +
                                (any_output ? ", y_A not restricted to Y_P" : ""),
                            hyp, any_output ? ok : z3::implies(yap[0], ok), timeout_ms, "QF_NRA")};
}

std::vector<QueryResult> uldp_osldp_queries(unsigned timeout_ms) {
  constexpr std::size_t kX = 3, kY = 3;
  z3::context ctx;
  const z3::expr t = ctx.real_const("t");
  const auto xs = make_subset(ctx, "in_XS", kX);
  const auto yp = make_subset(ctx, "in_YP", kY);
  const SymbolicMatrix q = make_matrix(ctx, "Q", kX, kY);
  // The reachable reading is the weaker hypothesis, so this covers the literal one too.
  const z3::expr hyp = t >= 1 && stochastic(q) && uldp(q, xs, yp, t, Reading::kReachable);
  return {prove_implication(ctx, "osldp", "ULDP => OSLDP, |X|=3, |Y|=3, all X_S, Y_P", hyp,
                            osldp(q, xs, t), timeout_ms, "QF_NRA")};
}

std::vector<QueryResult> osldp_uldp_queries(unsigned timeout_ms) {
  constexpr std::size_t kX = 3, kY = 3;
  z3::context ctx;
  const z3::expr t = ctx.real_const("t");
  const auto xs = make_subset(ctx, "in_XS", kX);
  const SymbolicMatrix q = make_matrix(ctx, "Q", kX, kY);
  const z3::expr hyp = t >= 1 && stochastic(q) && osldp(q, xs, t);
  // Conclusion: ULDP holds for SOME Y_P (all 2^|Y| subsets tried), in the weaker reading.
  std::vector<z3::expr> some_yp;
  for (unsigned mask = 0; mask < (1u << kY); ++mask) {
    std::vector<bool> members;
    for (std::size_t y = 0; y < kY; ++y) members.push_back((mask >> y) & 1u);
    some_yp.push_back(uldp(q, xs, constant_subset(ctx, members), t, Reading::kReachable));
  }
  return {prove_implication(ctx, "uldp_for_some_yp", "OSLDP => ULDP for some Y_P, |X|=3, |Y|=3",
                            hyp, any_of(ctx, some_yp), timeout_ms, "QF_NRA")};
}

namespace {

/// The PUM of one user over X = {0,1,2} with κ = 2 bots (intermediate rows 3 and 4):
/// row x of Q^(i) is row ⊥_k of Q_cmn when x is tagged k, else row x.
struct PumUser {
  std::vector<z3::expr> tag1, tag2;
  SymbolicMatrix q;
  std::vector<z3::expr> sensitive;  // X_S ∪ X_S^(i)
};

PumUser make_pum_user(z3::context& ctx, const std::string& name, const SymbolicMatrix& qcmn,
                      const std::vector<z3::expr>& xs, std::vector<z3::expr>& hyp) {
  PumUser user{make_subset(ctx, name + "_tag1", 3), make_subset(ctx, name + "_tag2", 3), {}, {}};
  for (std::size_t x = 0; x < 3; ++x) {
    hyp.push_back(!(user.tag1[x] && user.tag2[x]));  // f_pre is a function: one tag per x
    std::vector<z3::expr> row;
    for (std::size_t y = 0; y < qcmn.cols(); ++y) {
      row.push_back(
          z3::ite(user.tag1[x], qcmn.q[3][y], z3::ite(user.tag2[x], qcmn.q[4][y], qcmn.q[x][y])));
    }
    user.q.q.push_back(row);
    user.sensitive.push_back(xs[x] || user.tag1[x] || user.tag2[x]);
  }
  return user;
}

}  // namespace

namespace {

// The common mechanism of the PUM claims: |X| = 3, κ = 2 bots, |Y| = 3, Q_cmn (Z_S, Y_P, t)-ULDP
// with Z_S = X_S ∪ {⊥1, ⊥2}; `hyp` collects the hypotheses.
struct PumCommon {
  static constexpr std::size_t kY = 3;
  z3::expr t;
  std::vector<z3::expr> xs, yp;
  SymbolicMatrix qcmn;
  std::vector<z3::expr> hyp;

  PumCommon(z3::context& ctx, Reading reading)
      : t(ctx.real_const("t")),
        xs(make_subset(ctx, "in_XS", 3)),
        yp(make_subset(ctx, "in_YP", kY)),
        qcmn(make_matrix(ctx, "Qcmn", 5, kY)) {
    std::vector<z3::expr> zs = xs;
    zs.push_back(ctx.bool_val(true));
    zs.push_back(ctx.bool_val(true));
    hyp = {t >= 1, stochastic(qcmn), uldp(qcmn, zs, yp, t, reading)};
  }
};

}  // namespace

std::vector<QueryResult> pum_uldp_queries(unsigned timeout_ms, Reading reading) {
  z3::context ctx;
  PumCommon common(ctx, reading);
  const z3::expr& t = common.t;
  const auto& xs = common.xs;
  const auto& yp = common.yp;
  const SymbolicMatrix& qcmn = common.qcmn;
  std::vector<z3::expr>& hyp = common.hyp;
  const PumUser user = make_pum_user(ctx, "user", qcmn, xs, hyp);
  return prove_uldp_split(ctx, "PUM ULDP, |X|=3, kappa=2, |Y|=3", all_of(ctx, hyp), user.q,
                          user.sensitive, yp, t, reading, timeout_ms);
}

std::vector<QueryResult> pum_dp_queries(unsigned timeout_ms, bool any_output) {
  z3::context ctx;
  PumCommon common(ctx, Reading::kLiteral);
  const z3::expr& t = common.t;
  const auto& xs = common.xs;
  const auto& yp = common.yp;
  const SymbolicMatrix& qcmn = common.qcmn;
  std::vector<z3::expr>& hyp = common.hyp;
  const PumUser user_i = make_pum_user(ctx, "user_i", qcmn, xs, hyp);
  const PumUser user_j = make_pum_user(ctx, "user_j", qcmn, xs, hyp);
  // Representative (x, y) = (0, 0): inputs and outputs can be renamed (tags, X_S, Y_P along).
  const z3::expr ok = user_i.q.q[0][0] <= t * user_j.q.q[0][0];
  const z3::expr bound = any_output ? ok : z3::implies(yp[0], ok);
  return {prove_implication(ctx, "users_indistinguishable",
                            std::string("PUM users i, j indistinguishable, |X|=3, kappa=2, |Y|=3") +
                                (any_output ? ", y not restricted to Y_P" : ""),
                            all_of(ctx, hyp), bound, timeout_ms, "QF_NRA")};
}

}  // namespace uldp::verify::internal
