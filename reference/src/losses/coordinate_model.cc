#include "uldp/losses/coordinate_model.h"

#include <utility>

#include "uldp/error.h"

namespace uldp {

CoordinateModel::CoordinateModel(std::vector<Rational> offset, std::vector<Rational> gain,
                                 std::string what)
    : offset_(std::move(offset)), gain_(std::move(gain)), name_(std::move(what)) {
  if (offset_.empty() || offset_.size() != gain_.size()) {
    throw InvalidArgument(name_ + ": a coordinate model needs k >= 1 offsets and as many gains");
  }
  for (std::size_t x = 0; x < gain_.size(); ++x) {
    if (gain_[x] == 0) {
      throw InvalidArgument(name_ + ": coordinate " + std::to_string(x) +
                            " carries no information about p (gain 0, e.g. exp_eps = 1), so the "
                            "empirical estimator is undefined");
    }
  }
}

std::vector<Rational> CoordinateModel::output_marginals(const std::vector<Rational>& p) const {
  validate_distribution(p, k(), "p");
  std::vector<Rational> m(k());
  for (std::size_t x = 0; x < k(); ++x) m[x] = offset_[x] + gain_[x] * p[x];
  return m;
}

std::vector<std::vector<std::size_t>> CoordinateModel::classes() const {
  std::vector<std::vector<std::size_t>> result;
  for (std::size_t x = 0; x < k(); ++x) {
    bool placed = false;
    for (auto& members : result) {
      const std::size_t y = members.front();
      if (offset_[y] == offset_[x] && gain_[y] == gain_[x]) {
        members.push_back(x);
        placed = true;
        break;
      }
    }
    if (!placed) result.push_back({x});
  }
  return result;
}

CoordinateModel coordinate_model(const BitProductMechanism& mechanism, std::string what) {
  std::vector<Rational> offset(mechanism.k()), gain(mechanism.k());
  for (std::size_t j = 0; j < mechanism.k(); ++j) {
    offset[j] = mechanism.bit(j).one_if_off;
    gain[j] = mechanism.bit(j).one_if_on - mechanism.bit(j).one_if_off;
  }
  return CoordinateModel(std::move(offset), std::move(gain), std::move(what));
}

bool has_coordinate_model(const MechanismSpec& spec) {
  return std::visit([]<class Kind>(const Kind&) { return Kind::kCoordinateWise; }, spec.kind);
}

CoordinateModel coordinate_model(const MechanismSpec& spec) {
  return std::visit([&](const auto& params) { return coordinate_model(spec, params); }, spec.kind);
}

void validate_distribution(const std::vector<Rational>& p, std::size_t k, std::string_view what) {
  const std::string name(what);
  if (p.size() != k) {
    throw InvalidArgument(name + ": has " + std::to_string(p.size()) +
                          " entries, expected k = " + std::to_string(k));
  }
  Rational sum = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (p[x] < 0) {
      throw InvalidArgument(name + ": entry " + std::to_string(x) + " = " +
                            message_excerpt(to_string(p[x])) + " is negative");
    }
    sum += p[x];
  }
  if (sum != 1)
    throw InvalidArgument(name + ": entries sum to " + message_excerpt(to_string(sum)) + ", not 1");
}

}  // namespace uldp
