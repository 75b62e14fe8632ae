#include "generators.h"

#include <algorithm>
#include <string>
#include <utility>

namespace uldp::properties {
namespace {

// Weights -> exact probabilities summing to exactly 1 (an all-zero row becomes a point mass on
// its first entry).
std::vector<Rational> normalize(std::vector<int> weights) {
  int total = 0;
  for (int w : weights) total += w;
  if (total == 0) {
    weights.front() = 1;
    total = 1;
  }
  std::vector<Rational> out;
  out.reserve(weights.size());
  for (int w : weights) out.emplace_back(w, total);
  return out;
}

IndexSet set_of(const std::vector<bool>& member) {
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < member.size(); ++i) {
    if (member[i]) indices.push_back(i);
  }
  return IndexSet::from_indices(std::move(indices), member.size(), "generated set");
}

rc::Gen<std::vector<int>> gen_weights(std::size_t count, int lo) {
  return rc::gen::container<std::vector<int>>(count, uniform(lo, 7));
}

rc::Gen<std::size_t> gen_size(std::size_t lo, std::size_t hi_exclusive) {
  return uniform<std::size_t>(lo, hi_exclusive);
}

// Builds the ULDP mechanism of `shape` from its weights: for each input, |Y_P| protected
// weights then one weight per owned invertible output (all in [1,6]).
UldpInstance build_uldp(const UldpShape& shape, const std::vector<int>& weights) {
  const std::size_t k = shape.sensitive.universe();
  const std::size_t p = shape.protected_count;
  const std::size_t m = shape.num_outputs();
  const auto rotated = [&](std::size_t j) { return (j + shape.rotation) % m; };
  std::vector<Rational> entries(k * m);
  std::vector<std::optional<std::size_t>> owner(m);
  std::size_t next_weight = 0;
  std::size_t next_invertible = p;
  for (std::size_t x = 0; x < k; ++x) {
    std::vector<int> row(weights.begin() + next_weight,
                         weights.begin() + next_weight + p + shape.owned[x]);
    next_weight += row.size();
    const std::vector<Rational> probabilities = normalize(row);
    for (std::size_t j = 0; j < p; ++j) entries[x * m + rotated(j)] = probabilities[j];
    for (std::size_t i = 0; i < shape.owned[x]; ++i) {
      const std::size_t y = rotated(next_invertible++);
      entries[x * m + y] = probabilities[p + i];
      owner[y] = x;
    }
  }
  std::vector<std::size_t> protected_indices;
  for (std::size_t j = 0; j < p; ++j) protected_indices.push_back(rotated(j));
  return UldpInstance{
      DenseMechanism(k, DenseMechanism::index_labels(m), std::move(entries)), shape.sensitive,
      IndexSet::from_indices(std::move(protected_indices), m, "Y_P"), std::move(owner)};
}

}  // namespace

rc::Gen<IndexSet> gen_subset(std::size_t universe) {
  return rc::gen::map(rc::gen::container<std::vector<bool>>(universe, coin()), set_of);
}

rc::Gen<std::vector<Rational>> gen_distribution(std::size_t n, bool allow_zero) {
  return rc::gen::map(gen_weights(n, allow_zero ? 0 : 1), normalize);
}

rc::Gen<DenseMechanism> gen_stochastic(std::size_t rows, std::size_t cols, bool allow_zero) {
  return rc::gen::map(
      gen_weights(rows * cols, allow_zero ? 0 : 1), [rows, cols](const std::vector<int>& w) {
        std::vector<Rational> entries;
        for (std::size_t x = 0; x < rows; ++x) {
          const auto row =
              normalize(std::vector<int>(w.begin() + x * cols, w.begin() + (x + 1) * cols));
          entries.insert(entries.end(), row.begin(), row.end());
        }
        return DenseMechanism(rows, DenseMechanism::index_labels(cols), std::move(entries));
      });
}

Rational just_below(const Rational& t) { return t - (t - 1) / Rational(Integer(1) << 64); }

std::size_t UldpShape::num_outputs() const {
  std::size_t m = protected_count;
  for (std::size_t n : owned) m += n;
  return m;
}

rc::Gen<UldpShape> gen_uldp_shape(const IndexSet& sensitive) {
  const std::size_t min_protected = sensitive.empty() ? 0 : 1;
  return rc::gen::mapcat(gen_size(min_protected, 4), [sensitive](std::size_t p) {
    const std::size_t k = sensitive.universe();
    return rc::gen::mapcat(
        rc::gen::container<std::vector<std::size_t>>(k, gen_size(p == 0 ? 1 : 0, 3)),
        [sensitive, p](std::vector<std::size_t> owned) {
          for (std::size_t x : sensitive.indices()) owned[x] = 0;
          UldpShape shape{sensitive, p, owned, 0};
          return rc::gen::map(gen_size(0, shape.num_outputs()), [shape](std::size_t r) {
            UldpShape rotated = shape;
            rotated.rotation = r;
            return rotated;
          });
        });
  });
}

rc::Gen<UldpInstance> gen_uldp_on(const UldpShape& shape) {
  const std::size_t count = shape.sensitive.universe() * shape.protected_count +
                            shape.num_outputs() - shape.protected_count;
  return rc::gen::map(gen_weights(count, 1),
                      [shape](const std::vector<int>& w) { return build_uldp(shape, w); });
}

rc::Gen<UldpInstance> gen_uldp_instance(std::size_t min_inputs) {
  return rc::gen::mapcat(gen_size(min_inputs, 6), [](std::size_t k) {
    return rc::gen::mapcat(gen_subset(k), [](const IndexSet& sensitive) {
      return rc::gen::mapcat(gen_uldp_shape(sensitive), gen_uldp_on);
    });
  });
}

rc::Gen<OsldpInstance> gen_osldp_instance() {
  return rc::gen::mapcat(gen_size(1, 6), [](std::size_t k) {
    return rc::gen::mapcat(gen_subset(k), [k](const IndexSet& sensitive) {
      return rc::gen::mapcat(gen_size(sensitive.empty() ? 0 : 1, 4), [k, sensitive](std::size_t p) {
        return rc::gen::mapcat(gen_size(p == 0 ? 1 : 0, 4), [k, sensitive, p](std::size_t n) {
          const std::size_t m = p + n;
          return rc::gen::apply(
              [k, sensitive, p, n, m](std::size_t rotation, const std::vector<int>& image_w,
                                      const std::vector<int>& other_w) {
                std::vector<Rational> entries(k * m);
                for (std::size_t x = 0; x < k; ++x) {
                  std::vector<int> row(image_w.begin() + x * p, image_w.begin() + (x + 1) * p);
                  for (std::size_t j = 0; j < n; ++j) {
                    row.push_back(sensitive.contains(x) ? 0 : other_w[x * n + j]);
                  }
                  const auto probabilities = normalize(row);
                  for (std::size_t j = 0; j < m; ++j) {
                    entries[x * m + (j + rotation) % m] = probabilities[j];
                  }
                }
                return OsldpInstance{
                    DenseMechanism(k, DenseMechanism::index_labels(m), std::move(entries)),
                    sensitive};
              },
              gen_size(0, m), gen_weights(k * p, 1), gen_weights(k * n, 0));
        });
      });
    });
  });
}

rc::Gen<UnaryInstance> gen_unary_instance() {
  const auto probability = rc::gen::mapcat(uniform(1, 5), [](int d) {
    return rc::gen::map(uniform(0, d + 1), [d](int n) { return Rational(n, d); });
  });
  const auto channel = rc::gen::apply(
      [](const Rational& on, const Rational& off) {
        return BitChannel{on, off};
      },
      probability, probability);
  return rc::gen::mapcat(gen_size(1, 7), [channel](std::size_t k) {
    return rc::gen::apply(
        [](std::vector<BitChannel> bits, const IndexSet& sensitive, const IndexSet& zero_bits) {
          return UnaryInstance{BitProductMechanism(std::move(bits), "generated"), sensitive,
                               zero_bits};
        },
        rc::gen::container<std::vector<BitChannel>>(k, channel), gen_subset(k), gen_subset(k));
  });
}

rc::Gen<PostProcessor> gen_type_preserving(const IndexSet& y_p) {
  const std::size_t m = y_p.universe();
  const std::vector<std::size_t> invertible = y_p.complement().indices();
  return rc::gen::mapcat(gen_size(y_p.empty() ? 0 : 1, 4), [=](std::size_t zp) {
    return rc::gen::mapcat(
        rc::gen::container<std::vector<std::size_t>>(invertible.size(), gen_size(1, 3)),
        [=](const std::vector<std::size_t>& owned) {
          std::size_t z_size = zp;
          for (std::size_t n : owned) z_size += n;
          return rc::gen::apply(
              [=](std::size_t rotation, const std::vector<int>& protected_w,
                  const std::vector<int>& invertible_w) {
                const auto rotated = [&](std::size_t j) { return (j + rotation) % z_size; };
                std::vector<Rational> entries(m * z_size);
                std::size_t p_row = 0;
                for (std::size_t y : y_p.indices()) {
                  const auto row = normalize(std::vector<int>(
                      protected_w.begin() + p_row * zp, protected_w.begin() + (p_row + 1) * zp));
                  for (std::size_t j = 0; j < zp; ++j) entries[y * z_size + rotated(j)] = row[j];
                  ++p_row;
                }
                std::size_t next_z = zp, next_w = 0;
                for (std::size_t i = 0; i < invertible.size(); ++i) {
                  const auto row = normalize(std::vector<int>(
                      invertible_w.begin() + next_w, invertible_w.begin() + next_w + owned[i]));
                  next_w += owned[i];
                  for (const Rational& probability : row) {
                    entries[invertible[i] * z_size + rotated(next_z++)] = probability;
                  }
                }
                std::vector<std::size_t> z_p;
                for (std::size_t j = 0; j < zp; ++j) z_p.push_back(rotated(j));
                return PostProcessor{
                    DenseMechanism(m, DenseMechanism::index_labels(z_size), std::move(entries)),
                    IndexSet::from_indices(std::move(z_p), z_size, "Z_P")};
              },
              gen_size(0, z_size), gen_weights(y_p.size() * zp, 0), gen_weights(z_size - zp, 1));
        });
  });
}

rc::Gen<TypeBreaking> gen_type_breaking(const IndexSet& y_p) {
  return rc::gen::mapcat(gen_type_preserving(y_p), [y_p](const PostProcessor& post) {
    const DenseMechanism& q1 = post.q1;
    // Entries that are 0 and whose becoming positive breaks Definition 5.
    std::vector<std::pair<std::size_t, std::size_t>> candidates;
    for (std::size_t y = 0; y < q1.num_inputs(); ++y) {
      for (std::size_t z = 0; z < q1.num_outputs(); ++z) {
        if (q1(y, z) != 0) continue;
        const bool y_protected = y_p.contains(y);
        const bool z_protected = post.protected_outputs.contains(z);
        if (y_protected != z_protected || (!y_protected && !z_protected)) {
          candidates.emplace_back(y, z);
        }
      }
    }
    return rc::gen::map(gen_size(0, candidates.size() + 1), [post, candidates](std::size_t pick) {
      const DenseMechanism& q1 = post.q1;
      const std::size_t m = q1.num_inputs(), zs = q1.num_outputs();
      if (pick == candidates.size()) {  // an extra output of Z_I that nobody produces
        std::vector<Rational> entries;
        for (std::size_t y = 0; y < m; ++y) {
          for (std::size_t z = 0; z < zs; ++z) entries.push_back(q1(y, z));
          entries.emplace_back(0);
        }
        std::vector<std::size_t> z_p = post.protected_outputs.indices();
        return TypeBreaking{
            PostProcessor{DenseMechanism(m, DenseMechanism::index_labels(zs + 1), entries),
                          IndexSet::from_indices(z_p, zs + 1, "Z_P")},
            0, zs, true};
      }
      const auto [y, z] = candidates[pick];
      std::vector<Rational> entries = q1.entries();
      // Move half of row y's largest entry to (y, z): every positive entry stays positive.
      std::size_t largest = 0;
      for (std::size_t j = 1; j < zs; ++j) {
        if (entries[y * zs + j] > entries[y * zs + largest]) largest = j;
      }
      const Rational moved = entries[y * zs + largest] / 2;
      entries[y * zs + largest] -= moved;
      entries[y * zs + z] += moved;
      return TypeBreaking{
          PostProcessor{DenseMechanism(m, q1.output_labels(), entries), post.protected_outputs}, y,
          z, false};
    });
  });
}

rc::Gen<PumPreprocessor> gen_pum_preprocessor() {
  return rc::gen::mapcat(gen_size(1, 6), [](std::size_t k) {
    return rc::gen::mapcat(gen_subset(k), [k](const IndexSet& sensitive) {
      return rc::gen::mapcat(gen_size(1, 4), [k, sensitive](std::size_t kappa) {
        return rc::gen::map(rc::gen::container<std::vector<std::size_t>>(k, gen_size(0, kappa + 1)),
                            [sensitive, kappa](const std::vector<std::size_t>& code) {
                              std::vector<std::optional<std::size_t>> tags(code.size());
                              for (std::size_t x = 0; x < code.size(); ++x) {
                                if (code[x] > 0 && !sensitive.contains(x)) tags[x] = code[x] - 1;
                              }
                              return PumPreprocessor::from_tags(std::move(tags), kappa, sensitive);
                            });
      });
    });
  });
}

rc::Gen<PumPreprocessor> gen_pum_preprocessor_like(const PumPreprocessor& other) {
  const IndexSet sensitive = other.common_sensitive();
  const std::size_t kappa = other.num_tags();
  return rc::gen::map(
      rc::gen::container<std::vector<std::size_t>>(other.num_inputs(), gen_size(0, kappa + 1)),
      [sensitive, kappa](const std::vector<std::size_t>& code) {
        std::vector<std::optional<std::size_t>> tags(code.size());
        for (std::size_t x = 0; x < code.size(); ++x) {
          if (code[x] > 0 && !sensitive.contains(x)) tags[x] = code[x] - 1;
        }
        return PumPreprocessor::from_tags(std::move(tags), kappa, sensitive);
      });
}

std::ostream& operator<<(std::ostream& os, const ExpEps& v) {
  return os << "t = " << to_string(v.t);
}
std::ostream& operator<<(std::ostream& os, const Theta& v) {
  return os << "theta = " << to_string(v.theta);
}
std::ostream& operator<<(std::ostream& os, const UldpInstance& v) {
  return os << "Q = " << format_matrix(v.q) << ", X_S = " << format_set(v.sensitive)
            << ", Y_P = " << format_set(v.protected_outputs);
}
std::ostream& operator<<(std::ostream& os, const UldpShape& v) {
  os << "shape X_S = " << format_set(v.sensitive) << ", |Y_P| = " << v.protected_count
     << ", owned = [";
  for (std::size_t i = 0; i < v.owned.size(); ++i) os << (i ? ", " : "") << v.owned[i];
  return os << "], rotation = " << v.rotation;
}
std::ostream& operator<<(std::ostream& os, const OsldpInstance& v) {
  return os << "Q_O = " << format_matrix(v.q) << ", X_S = " << format_set(v.sensitive);
}
std::ostream& operator<<(std::ostream& os, const UnaryInstance& v) {
  return os << format_bits(v.q) << ", X_S = " << format_set(v.sensitive)
            << ", zero bits = " << format_set(v.zero_bits);
}
std::ostream& operator<<(std::ostream& os, const PostProcessor& v) {
  return os << "Q1 = " << format_matrix(v.q1) << ", Z_P = " << format_set(v.protected_outputs);
}
std::ostream& operator<<(std::ostream& os, const TypeBreaking& v) {
  os << v.post;
  if (v.unreached) return os << ", defect: z=" << v.z << " in Z_I produced by nobody";
  return os << ", defect: entry (y=" << v.y << ", z=" << v.z << ")";
}

}  // namespace uldp::properties

namespace uldp {

std::ostream& operator<<(std::ostream& os, const IndexSet& v) {
  return os << properties::format_set(v);
}
std::ostream& operator<<(std::ostream& os, const DenseMechanism& v) {
  return os << properties::format_matrix(v);
}
std::ostream& operator<<(std::ostream& os, const PumPreprocessor& v) {
  os << "f_pre: X_S = " << properties::format_set(v.common_sensitive())
     << ", kappa = " << v.num_tags() << ", tags = [";
  for (std::size_t x = 0; x < v.num_inputs(); ++x) {
    os << (x ? ", " : "") << (v.tag_of()[x] ? "bot" + std::to_string(*v.tag_of()[x] + 1) : "-");
  }
  return os << "]";
}
std::ostream& operator<<(std::ostream& os, const ExtendedRational& v) {
  return os << v.to_string();
}
std::ostream& operator<<(std::ostream& os, const Verdict& v) {
  return os << properties::format_verdict(v);
}

}  // namespace uldp
