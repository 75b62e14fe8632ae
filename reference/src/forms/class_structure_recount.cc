// structure_mismatch: recounts a class-structured description from a dense matrix, so that the
// family's cells and its dense formulas are shown to be one truth.
#include <algorithm>
#include <map>
#include <utility>

#include "uldp/forms/class_structured_mechanism.h"

namespace uldp {
namespace {

// A column up to renaming inputs inside their classes: (input class, probability) -> how many.
using ColumnShape = std::map<std::pair<std::size_t, Rational>, std::size_t>;
using ColumnKey = std::pair<bool, ColumnShape>;  // (protected, shape)

ColumnKey declared_key(const OutputClass& o) {
  ColumnShape shape;
  for (const ColumnCell& cell : o.cells)
    shape[{cell.input_class, cell.probability}] += cell.members;
  return {o.is_protected, std::move(shape)};
}

ColumnKey dense_key(const ClassStructuredMechanism& q, const DenseMechanism& dense,
                    const IndexSet& protected_outputs, std::size_t y) {
  ColumnShape shape;
  for (std::size_t x = 0; x < dense.num_inputs(); ++x) ++shape[{q.class_of(x), dense(x, y)}];
  return {protected_outputs.contains(y), std::move(shape)};
}

std::string column(std::size_t y) { return "column " + std::to_string(y); }

}  // namespace

std::optional<std::string> structure_mismatch(const ClassStructuredMechanism& q,
                                              const DenseMechanism& dense,
                                              const IndexSet& protected_outputs) {
  if (dense.num_inputs() != q.num_inputs()) return "the matrix has a different number of inputs";
  if (Integer(dense.num_outputs()) != q.num_outputs())
    return "the matrix has a different number of outputs";
  if (protected_outputs.universe() != dense.num_outputs() ||
      Integer(protected_outputs.size()) != q.num_protected_outputs()) {
    return "Y_P has a different size";
  }
  // The multiset of columns.
  std::map<ColumnKey, Integer> declared, counted;
  std::map<ColumnKey, std::size_t> first_counted;
  for (const OutputClass& o : q.output_classes()) declared[declared_key(o)] += o.count;
  for (std::size_t y = 0; y < dense.num_outputs(); ++y) {
    ColumnKey key = dense_key(q, dense, protected_outputs, y);
    first_counted.try_emplace(key, y);
    counted[std::move(key)] += 1;
  }
  if (declared != counted) return "the matrix's columns are not the declared output classes";
  // Each class's first output: its column has the class's cells, and the first inputs per
  // (input class, probability) are those the cells name; the earliest column of a shape is the
  // first output of one of the classes with that shape.
  std::map<ColumnKey, Integer> first_declared;
  for (const OutputClass& o : q.output_classes()) {
    const ColumnKey key = declared_key(o);
    auto [it, inserted] = first_declared.try_emplace(key, o.first.rank);
    if (!inserted) it->second = std::min(it->second, o.first.rank);
    const std::size_t y = o.first.rank.convert_to<std::size_t>();
    if (dense_key(q, dense, protected_outputs, y) != key) {
      return column(y) + " is not of output class '" + o.name + "'";
    }
    if (dense.output_labels()[y] != o.first.label) return column(y) + " has another label";
    std::map<std::pair<std::size_t, Rational>, std::vector<std::size_t>> named, actual;
    for (const ColumnCell& cell : o.cells) {
      auto& list = named[{cell.input_class, cell.probability}];
      list.insert(list.end(), cell.first_members.begin(), cell.first_members.end());
    }
    for (auto& [key_part, list] : named) {
      std::sort(list.begin(), list.end());
      if (list.size() > 2) list.resize(2);
    }
    for (std::size_t x = 0; x < dense.num_inputs(); ++x) {
      auto& list = actual[{q.class_of(x), dense(x, y)}];
      if (list.size() < 2) list.push_back(x);
    }
    if (named != actual) return column(y) + ": the first inputs named by '" + o.name + "' differ";
  }
  for (const auto& [key, rank] : first_declared) {
    if (Integer(first_counted.at(key)) != rank)
      return "an output class does not start at its first column";
  }
  // Every row's cells.
  for (std::size_t x = 0; x < dense.num_inputs(); ++x) {
    std::map<std::pair<bool, Rational>, Integer> row;
    for (std::size_t y = 0; y < dense.num_outputs(); ++y)
      row[{protected_outputs.contains(y), dense(x, y)}] += 1;
    std::vector<RowCell> recounted;
    for (const auto& [key, count] : row) recounted.push_back({key.second, count, key.first});
    if (recounted != q.row_cells(q.class_of(x)))
      return "row " + std::to_string(x) + " has other cells";
  }
  return std::nullopt;
}

}  // namespace uldp
