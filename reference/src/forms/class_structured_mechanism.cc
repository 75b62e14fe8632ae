// Validation, row cells and the dense expansion of a class-structured mechanism.
#include "uldp/forms/class_structured_mechanism.h"

#include <algorithm>
#include <limits>
#include <map>
#include <utility>

#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"

namespace uldp {
namespace {

std::string text(const Integer& n) { return n.str(); }

// The number of outputs y in `output` with a given cell for one fixed member x of the cell's
// input class: count * members / |class|, when every member meets the cell equally often.
Integer row_count(const OutputClass& output, const ColumnCell& cell, std::size_t class_size,
                  const std::string& where) {
  const Integer total = output.count * cell.members;
  if (total % class_size != 0) {
    throw InvalidArgument(where + ": " + text(output.count) + " columns x " +
                          std::to_string(cell.members) + " members cannot be spread evenly over " +
                          std::to_string(class_size) + " inputs");
  }
  return total / class_size;
}

}  // namespace

ClassStructuredMechanism::ClassStructuredMechanism(
    std::size_t k, std::vector<InputClass> input_classes, std::vector<OutputClass> output_classes,
    std::optional<DenseFormulas> dense, const std::string& what, RowEvenness evenness,
    ColumnSymmetry symmetry, std::optional<Integer> mechanism_outputs)
    : k_(k),
      input_classes_(std::move(input_classes)),
      output_classes_(std::move(output_classes)),
      dense_(std::move(dense)),
      symmetry_(symmetry),
      mechanism_outputs_(std::move(mechanism_outputs)) {
  if (k_ == 0) throw InvalidArgument(what + ": k must be at least 1");
  if (output_classes_.empty()) throw InvalidArgument(what + ": it has no output classes");
  // Input classes: a partition of {0..k-1} into non-empty sets.
  class_of_.assign(k_, input_classes_.size());
  for (std::size_t a = 0; a < input_classes_.size(); ++a) {
    const InputClass& c = input_classes_[a];
    if (c.members.universe() != k_) {
      throw InvalidArgument(what + ": input class '" + c.name + "' is a set over " +
                            std::to_string(c.members.universe()) +
                            " inputs, not k = " + std::to_string(k_));
    }
    if (c.members.empty()) throw InvalidArgument(what + ": input class '" + c.name + "' is empty");
    for (std::size_t x : c.members.indices()) {
      if (class_of_[x] != input_classes_.size()) {
        throw InvalidArgument(what + ": input " + std::to_string(x) + " is in classes '" +
                              input_classes_[class_of_[x]].name + "' and '" + c.name + "'");
      }
      class_of_[x] = a;
    }
  }
  for (std::size_t x = 0; x < k_; ++x) {
    if (class_of_[x] == input_classes_.size()) {
      throw InvalidArgument(what + ": input " + std::to_string(x) + " is in no input class");
    }
  }
  // Output classes: counts, cells partitioning each input class, first outputs.
  for (const OutputClass& o : output_classes_) {
    if (o.count < 1) {
      throw InvalidArgument(what + ": output class '" + o.name + "' has count " + text(o.count) +
                            " (at least 1)");
    }
    num_outputs_ += o.count;
    if (o.is_protected) num_protected_outputs_ += o.count;
  }
  outputs_indexable_ = num_outputs_ <= Integer(std::numeric_limits<std::size_t>::max());
  std::vector<Rational> row_sums(input_classes_.size());
  std::vector<Integer> first_ranks;
  for (const OutputClass& o : output_classes_) {
    const std::string where = what + ": output class '" + o.name + "'";
    if (o.first.rank < 0 || o.first.rank >= num_outputs_) {
      throw InvalidArgument(where + ": first output rank " + text(o.first.rank) +
                            " is not below the number of outputs " + text(num_outputs_));
    }
    first_ranks.push_back(o.first.rank);
    std::vector<std::size_t> covered(input_classes_.size(), 0);
    std::vector<bool> named(k_, false);
    for (const ColumnCell& cell : o.cells) {
      if (cell.input_class >= input_classes_.size()) {
        throw InvalidArgument(where + ": a cell names input class " +
                              std::to_string(cell.input_class) + " of " +
                              std::to_string(input_classes_.size()));
      }
      const InputClass& a = input_classes_[cell.input_class];
      const std::string cell_where = where + ", input class '" + a.name + "'";
      if (cell.members == 0) throw InvalidArgument(cell_where + ": a cell has no members");
      if (!is_probability(cell.probability)) {
        throw InvalidArgument(cell_where + ": probability " +
                              message_excerpt(to_string(cell.probability)) + " is outside [0,1]");
      }
      if (cell.first_members.size() != std::min<std::size_t>(2, cell.members) ||
          !std::is_sorted(cell.first_members.begin(), cell.first_members.end()) ||
          std::adjacent_find(cell.first_members.begin(), cell.first_members.end()) !=
              cell.first_members.end()) {
        throw InvalidArgument(cell_where + ": a cell of " + std::to_string(cell.members) +
                              " members must name its smallest min(2, members) members, ascending");
      }
      for (std::size_t x : cell.first_members) {
        if (!a.members.contains(x) || named[x]) {
          throw InvalidArgument(cell_where + ": first member " + std::to_string(x) +
                                " is not in the class or named by two cells");
        }
        named[x] = true;
      }
      covered[cell.input_class] += cell.members;
    }
    for (std::size_t a = 0; a < input_classes_.size(); ++a) {
      if (covered[a] != input_classes_[a].members.size()) {
        throw InvalidArgument(where + ": cells of input class '" + input_classes_[a].name +
                              "' cover " + std::to_string(covered[a]) + " members, the class has " +
                              std::to_string(input_classes_[a].members.size()));
      }
    }
    for (const ColumnCell& cell : o.cells) {
      const InputClass& a = input_classes_[cell.input_class];
      if (evenness == RowEvenness::kPerCell) {
        row_count(o, cell, a.members.size(), where + ", input class '" + a.name + "'");
      }
      row_sums[cell.input_class] += cell.probability * Rational(Integer(o.count * cell.members)) /
                                    Rational(Integer(a.members.size()));
    }
  }
  if (evenness == RowEvenness::kPerProbability) {
    for (std::size_t a = 0; a < input_classes_.size(); ++a) {
      for (const auto& [key, total] : row_totals(a)) {
        if (total % input_classes_[a].members.size() != 0) {
          throw InvalidArgument(what + ": input class '" + input_classes_[a].name +
                                "': the outputs with probability " + to_string(key.second) +
                                " cannot be spread evenly over its " +
                                std::to_string(input_classes_[a].members.size()) + " inputs");
        }
      }
    }
  }
  std::sort(first_ranks.begin(), first_ranks.end());
  if (std::adjacent_find(first_ranks.begin(), first_ranks.end()) != first_ranks.end()) {
    throw InvalidArgument(what + ": two output classes name the same first output");
  }
  for (std::size_t a = 0; a < input_classes_.size(); ++a) {
    if (row_sums[a] != 1) {
      throw InvalidArgument(what + ": rows of input class '" + input_classes_[a].name +
                            "' sum to " + to_string(row_sums[a]) + ", not 1");
    }
  }
}

std::map<std::pair<bool, Rational>, Integer> ClassStructuredMechanism::row_totals(
    std::size_t input_class) const {
  std::map<std::pair<bool, Rational>, Integer> totals;
  for (const OutputClass& o : output_classes_) {
    for (const ColumnCell& cell : o.cells) {
      if (cell.input_class == input_class)
        totals[{o.is_protected, cell.probability}] += o.count * cell.members;
    }
  }
  return totals;
}

std::vector<RowCell> ClassStructuredMechanism::row_cells(std::size_t input_class) const {
  const std::size_t size = input_classes_.at(input_class).members.size();
  std::vector<RowCell> cells;
  for (const auto& [key, total] : row_totals(input_class))
    cells.push_back({key.second, Integer(total / size), key.first});
  return cells;
}

DenseExpansion ClassStructuredMechanism::to_dense() const {
  if (k_ > kMaxDenseSize || num_outputs_ > kMaxDenseSize) {
    throw InvalidArgument("dense expansion: |X| = " + std::to_string(k_) + ", |Y| = " +
                          text(num_outputs_) + "; the limit is " + std::to_string(kMaxDenseSize) +
                          " each (use the class-structured checks)");
  }
  if (!dense_) throw InvalidArgument("dense expansion: the mechanism has no dense formulas");
  const std::size_t outputs = num_outputs_.convert_to<std::size_t>();
  std::vector<std::string> labels(outputs);
  std::vector<Rational> entries(k_ * outputs);
  std::vector<std::size_t> protected_outputs;
  for (std::size_t y = 0; y < outputs; ++y) {
    labels[y] = dense_->label(y);
    if (dense_->is_protected(y)) protected_outputs.push_back(y);
    for (std::size_t x = 0; x < k_; ++x) entries[x * outputs + y] = dense_->probability(x, y);
  }
  return {DenseMechanism(k_, std::move(labels), std::move(entries)),
          IndexSet::from_indices(std::move(protected_outputs), outputs, "protected outputs")};
}

}  // namespace uldp
