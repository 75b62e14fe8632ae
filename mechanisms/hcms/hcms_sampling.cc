// The Hadamard count-mean sketch in doubles: its dense matrix over (j, l, w) outputs with the
// sketch estimator's rows, while it is small enough to list (mechanisms/derivations.h).
#include "uldp/mechanisms/hcms/hcms_sampling.h"

#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/hcms/hcms_estimator.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

estimate::DenseParams estimation_params(const MechanismSpec& spec, const HcmsSpec& p) {
  const std::uint64_t outputs = std::uint64_t{p.hashes} * p.width * 2;
  if (outputs > ClassStructuredMechanism::kMaxDenseSize ||
      spec.k > ClassStructuredMechanism::kMaxDenseSize) {
    throw InvalidArgument(
        "sketch_width: hcms's reports are sampled and estimated on its "
        "listed outputs, 2 J m <= " +
        std::to_string(ClassStructuredMechanism::kMaxDenseSize) +
        " (J = " + std::to_string(p.hashes) + ", m = " + std::to_string(p.width) +
        "); check, prove, table and conform take larger sketches");
  }
  const DenseExpansion dense = hcms_classes(spec.k, p).to_dense();
  estimate::DenseParams d = estimate::dense_params(dense.matrix);
  d.output_labels = dense.matrix.output_labels();
  if (p.budget.exp_eps() == 1) {
    d.not_estimable = kHadamardNoInformation;
  } else {
    d.estimator = hadamard_estimator_rows(spec.k, p);
  }
  return d;
}

std::vector<double> hadamard_estimator_rows(std::size_t k, const HcmsSpec& spec) {
  const std::size_t outputs = std::size_t{spec.hashes} * spec.width * 2;
  std::vector<double> rows;
  rows.reserve(outputs * k);
  for (std::size_t y = 0; y < outputs; ++y) {
    for (std::size_t x = 0; x < k; ++x)
      rows.push_back(to_double(hadamard_report_estimate(spec, y, x)));
  }
  return rows;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const HcmsSpec& p,
                                               const estimate::ReportData& data) {
  return hadamard_sketch_estimate(spec.k, p, data.symbol_counts);
}

}  // namespace uldp
