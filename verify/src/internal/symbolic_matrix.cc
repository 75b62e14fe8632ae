#include "internal/symbolic_matrix.h"

namespace uldp::verify::internal {

z3::expr all_of(z3::context& ctx, const std::vector<z3::expr>& terms) {
  z3::expr_vector v(ctx);
  for (const auto& t : terms) v.push_back(t);
  return v.empty() ? ctx.bool_val(true) : z3::mk_and(v);
}

z3::expr any_of(z3::context& ctx, const std::vector<z3::expr>& terms) {
  z3::expr_vector v(ctx);
  for (const auto& t : terms) v.push_back(t);
  return v.empty() ? ctx.bool_val(false) : z3::mk_or(v);
}

SymbolicMatrix make_matrix(z3::context& ctx, const std::string& name, std::size_t rows,
                           std::size_t cols) {
  SymbolicMatrix m;
  for (std::size_t x = 0; x < rows; ++x) {
    std::vector<z3::expr> row;
    for (std::size_t y = 0; y < cols; ++y) {
      row.push_back(
          ctx.real_const((name + "_" + std::to_string(x) + "_" + std::to_string(y)).c_str()));
    }
    m.q.push_back(row);
  }
  return m;
}

std::vector<z3::expr> make_subset(z3::context& ctx, const std::string& name, std::size_t size) {
  std::vector<z3::expr> members;
  for (std::size_t i = 0; i < size; ++i) {
    members.push_back(ctx.bool_const((name + "_" + std::to_string(i)).c_str()));
  }
  return members;
}

std::vector<z3::expr> constant_subset(z3::context& ctx, const std::vector<bool>& members) {
  std::vector<z3::expr> out;
  for (bool b : members) out.push_back(ctx.bool_val(b));
  return out;
}

z3::expr stochastic(const SymbolicMatrix& q) {
  z3::context& ctx = q.q.at(0).at(0).ctx();
  std::vector<z3::expr> terms;
  for (const auto& row : q.q) {
    z3::expr sum = ctx.real_val(0);
    for (const auto& e : row) {
      terms.push_back(e >= 0);
      sum = sum + e;
    }
    terms.push_back(sum == 1);
  }
  return all_of(ctx, terms);
}

SymbolicMatrix multiply(const SymbolicMatrix& a, const SymbolicMatrix& b) {
  z3::context& ctx = a.q.at(0).at(0).ctx();
  SymbolicMatrix out;
  for (std::size_t x = 0; x < a.rows(); ++x) {
    std::vector<z3::expr> row;
    for (std::size_t z = 0; z < b.cols(); ++z) {
      z3::expr sum = ctx.real_val(0);
      for (std::size_t y = 0; y < a.cols(); ++y) sum = sum + a.q[x][y] * b.q[y][z];
      row.push_back(sum);
    }
    out.q.push_back(row);
  }
  return out;
}

z3::expr ratio_on(const SymbolicMatrix& q, const std::vector<z3::expr>& protected_cols,
                  const z3::expr& t) {
  z3::context& ctx = t.ctx();
  std::vector<z3::expr> terms;
  for (std::size_t y = 0; y < q.cols(); ++y) {
    std::vector<z3::expr> column;
    for (std::size_t x = 0; x < q.rows(); ++x) {
      for (std::size_t xp = 0; xp < q.rows(); ++xp) {
        if (x != xp) column.push_back(q.q[x][y] <= t * q.q[xp][y]);
      }
    }
    terms.push_back(z3::implies(protected_cols[y], all_of(ctx, column)));
  }
  return all_of(ctx, terms);
}

z3::expr ldp(const SymbolicMatrix& q, const z3::expr& t) {
  std::vector<z3::expr> everything(q.cols(), t.ctx().bool_val(true));
  return ratio_on(q, everything, t);
}

z3::expr osldp(const SymbolicMatrix& q, const std::vector<z3::expr>& sensitive_rows,
               const z3::expr& t) {
  z3::context& ctx = t.ctx();
  std::vector<z3::expr> terms;
  for (std::size_t y = 0; y < q.cols(); ++y) {
    for (std::size_t x = 0; x < q.rows(); ++x) {
      for (std::size_t xp = 0; xp < q.rows(); ++xp) {
        if (x != xp) terms.push_back(z3::implies(sensitive_rows[x], q.q[x][y] <= t * q.q[xp][y]));
      }
    }
  }
  return all_of(ctx, terms);
}

z3::expr invertible_column(const SymbolicMatrix& q, std::size_t y,
                           const std::vector<z3::expr>& sensitive_rows, Reading reading) {
  z3::context& ctx = q.q.at(0).at(0).ctx();
  // Some x in X_N is the only input producing y.
  std::vector<z3::expr> sole_sources;
  for (std::size_t x = 0; x < q.rows(); ++x) {
    std::vector<z3::expr> others_zero;
    for (std::size_t xp = 0; xp < q.rows(); ++xp) {
      if (xp != x) others_zero.push_back(q.q[xp][y] == 0);
    }
    sole_sources.push_back(!sensitive_rows[x] && q.q[x][y] > 0 && all_of(ctx, others_zero));
  }
  z3::expr literal = any_of(ctx, sole_sources);
  if (reading == Reading::kLiteral) return literal;
  std::vector<z3::expr> all_zero;
  for (std::size_t x = 0; x < q.rows(); ++x) all_zero.push_back(q.q[x][y] == 0);
  return literal || all_of(ctx, all_zero);
}

z3::expr invertibility(const SymbolicMatrix& q, const std::vector<z3::expr>& sensitive_rows,
                       const std::vector<z3::expr>& protected_cols, Reading reading) {
  z3::context& ctx = q.q.at(0).at(0).ctx();
  std::vector<z3::expr> terms;
  for (std::size_t y = 0; y < q.cols(); ++y) {
    terms.push_back(protected_cols[y] || invertible_column(q, y, sensitive_rows, reading));
  }
  return all_of(ctx, terms);
}

z3::expr uldp(const SymbolicMatrix& q, const std::vector<z3::expr>& sensitive_rows,
              const std::vector<z3::expr>& protected_cols, const z3::expr& t, Reading reading) {
  return invertibility(q, sensitive_rows, protected_cols, reading) &&
         ratio_on(q, protected_cols, t);
}

}  // namespace uldp::verify::internal
