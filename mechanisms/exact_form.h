// exact_form() derives the exact form (forms.h) of any registered mechanism: its folder's
// overload for the kind (mechanisms/derivations.h).
#pragma once

#include <cstddef>

#include "uldp/mechanisms/forms.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

/// The exact Q of `spec` with its declared Y_P. Throws InvalidArgument naming k when the
/// requested form is too large.
ExactForm exact_form(const MechanismSpec& spec, FormChoice choice = FormChoice::kStructured);

/// The shapes the folders' overloads build (NAME_entry.cc):
/// refuses a dense symbol-valued form above kMaxDenseSymbols, naming k, or (with the budget its
/// entries are built from) one whose exact entries would take more than kMaxDenseBytes;
void require_dense_symbols(std::size_t k);
void require_dense_symbols(std::size_t k, const PrivacyBudget& budget);
/// a product of bits, or its 2^k-column expansion, with Y_P = the outputs whose `zero_bits` are 0;
ExactForm bit_product_form(BitProductMechanism q, const IndexSet& zero_bits, FormChoice choice);
/// a Bloom filter per cohort (Y_P = every output), or its C 2^m-column expansion;
ExactForm bloom_filter_form(BloomFilterMechanism q, FormChoice choice);
/// a class family (Y_P by its output classes), or its dense expansion (at most kMaxDenseSize
/// outputs).
ExactForm class_family_form(ClassStructuredMechanism q, FormChoice choice);

/// Number of inputs |X| of a form.
std::size_t num_inputs(const ExactForm& form);

}  // namespace uldp
