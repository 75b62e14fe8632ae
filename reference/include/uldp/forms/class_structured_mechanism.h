// The third exact form of a mechanism, next to dense matrices and products of per-bit channels:
// inputs fall into a few input classes, outputs into a few output classes, and every column y
// of an output class looks the same up to renaming inputs inside their classes. Each privacy
// condition is a statement about columns (the largest over the smallest entry; how many inputs
// produce y), so the per-class column description decides it exactly without enumerating X or
// Y (uRR at |X| = 12800; uSS / uBD with C(v, k) outputs, counts beyond 64 bits).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// A class of inputs with a short name ("sensitive", "non-sensitive").
struct InputClass {
  std::string name;
  IndexSet members;  ///< over all k inputs; the classes partition {0..k-1}
};

/// In every column y of its output class, `members` inputs of class `input_class` have
/// Q(y|x) = `probability` (e.g. uRR, a sensitive y: one sensitive input, y itself, with c1).
struct ColumnCell {
  std::size_t input_class = 0;
  std::size_t members = 0;  ///< per column, >= 1
  Rational probability;
  /// Those inputs in the output class's first column: the smallest min(2, members), ascending
  /// (witnesses name the same inputs the dense checker's scan finds first).
  std::vector<std::size_t> first_members;
};

/// One concrete output: its rank in the family's output order (its dense index when there is a
/// dense form) and its label.
struct OutputRef {
  Integer rank;
  std::string label;
};

/// A class of outputs whose columns all have the same cells.
struct OutputClass {
  std::string name;
  Integer count;              ///< number of outputs in the class, >= 1
  bool is_protected = false;  ///< whether the class is declared part of Y_P
  /// For each input class, cells partitioning its members (the same in every column).
  std::vector<ColumnCell> cells;
  OutputRef first;  ///< the output of the class that comes first in the output order
};

/// What one row x of an input class sees: `count` outputs y with Q(y|x) = probability.
struct RowCell {
  Rational probability;
  Integer count;
  bool is_protected = false;
  friend bool operator==(const RowCell&, const RowCell&) = default;
};

/// The family's own entry formulas, for the dense expansion at small sizes (outputs in the
/// family's order, with its labels): the same formulas its cells are derived from.
struct DenseFormulas {
  std::function<Rational(std::size_t x, std::size_t y)> probability;
  std::function<std::string(std::size_t y)> label;
  std::function<bool(std::size_t y)> is_protected;
};

/// How the rows of an input class are known to be equal. kPerCell: every member meets each cell
/// equally often (validated: count * members / |class| is an integer per cell). kPerProbability:
/// the family vouches that every member meets each (protected, probability) pair equally often
/// over all output classes, while single cells may be uneven (uHR: a column class holds columns
/// with the same number of +1 entries, and each Hadamard row but the first is balanced); only
/// the totals' divisibility is validated, and the dense recount checks the rows at small sizes.
enum class RowEvenness { kPerCell, kPerProbability };

/// Whether the columns of every output class are closed under permuting the inputs inside each
/// input class (uRR, RR, uBD, uSS: any two distinct inputs can sit in any two cells of one column,
/// given the cells' sizes), so that a pair's loss depends on its inputs' classes alone. uHR's
/// Hadamard columns are not: which pairs share a column is the matrix's, not the classes'.
enum class ColumnSymmetry { kUnstated, kWithinInputClasses };

/// A dense matrix with its declared Y_P as output indices.
struct DenseExpansion {
  DenseMechanism matrix;
  IndexSet protected_outputs;
};

/// A mechanism given by input classes and output classes (see the banner). A value type that a
/// mechanism's own file fills in; invalid descriptions cannot be constructed.
class ClassStructuredMechanism {
 public:
  /// Validates: the input classes partition {0..k-1}; per output class, count >= 1, each input
  /// class's cells add up to its size, probabilities in [0,1], first members genuine and
  /// disjoint, first ranks distinct and < the number of outputs; every member of an input class
  /// meets each cell equally often (the row counts count * members / |class| are integers); and
  /// every row sums to exactly 1. `what` names the mechanism in errors; `evenness` says how
  /// rows are known to be equal (see RowEvenness).
  ClassStructuredMechanism(std::size_t k, std::vector<InputClass> input_classes,
                           std::vector<OutputClass> output_classes,
                           std::optional<DenseFormulas> dense = std::nullopt,
                           const std::string& what = "class-structured mechanism",
                           RowEvenness evenness = RowEvenness::kPerCell,
                           ColumnSymmetry symmetry = ColumnSymmetry::kUnstated,
                           std::optional<Integer> mechanism_outputs = std::nullopt);

  /// k = |X|.
  std::size_t num_inputs() const { return k_; }
  /// |Y|, exact.
  const Integer& num_outputs() const { return num_outputs_; }
  /// The number of the mechanism's own outputs where this form pools some of them into one
  /// output (post-processing that keeps every ratio the checks decide; local hashing beyond its
  /// listed seeds); nullopt when the form lists every output.
  const std::optional<Integer>& mechanism_outputs() const { return mechanism_outputs_; }
  /// |Y_P|, exact.
  const Integer& num_protected_outputs() const { return num_protected_outputs_; }
  const std::vector<InputClass>& input_classes() const { return input_classes_; }
  const std::vector<OutputClass>& output_classes() const { return output_classes_; }
  /// The input class of input x.
  std::size_t class_of(std::size_t x) const { return class_of_[x]; }
  /// What the family states of its columns' symmetry (tests check it on dense expansions).
  ColumnSymmetry symmetry() const { return symmetry_; }
  /// Whether output ranks fit std::size_t (then a witness's y is its rank).
  bool outputs_indexable() const { return outputs_indexable_; }

  /// The row of any x in the input class: cells merged by (protected, probability), sorted by
  /// (protected, probability); the sum of probability * count is 1.
  std::vector<RowCell> row_cells(std::size_t input_class) const;

  /// The family's dense matrix and Y_P. Throws InvalidArgument when the family gave no formulas
  /// or when |X| or |Y| exceeds kMaxDenseSize.
  DenseExpansion to_dense() const;
  static constexpr std::size_t kMaxDenseSize = 4096;

 private:
  // Per (protected, probability): the sum over output classes of count * members.
  std::map<std::pair<bool, Rational>, Integer> row_totals(std::size_t input_class) const;

  std::size_t k_;
  std::vector<InputClass> input_classes_;
  std::vector<OutputClass> output_classes_;
  std::optional<DenseFormulas> dense_;
  std::vector<std::size_t> class_of_;
  Integer num_outputs_;
  Integer num_protected_outputs_;
  bool outputs_indexable_ = false;
  ColumnSymmetry symmetry_ = ColumnSymmetry::kUnstated;
  std::optional<Integer> mechanism_outputs_;
};

/// Whether `dense` (with Y_P `protected_outputs`) has exactly the structure `q` declares,
/// recounted from the matrix: the multiset of columns (per input class, how many inputs carry
/// each probability; protected or not), every row's cells, each class's first output (index,
/// label, and its first inputs per probability). nullopt when it does; else what differs.
std::optional<std::string> structure_mismatch(const ClassStructuredMechanism& q,
                                              const DenseMechanism& dense,
                                              const IndexSet& protected_outputs);

}  // namespace uldp
