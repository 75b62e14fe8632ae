// The post-processing libraries apply to their frequency estimates, so that their answers can be
// compared with golden vectors processed the same way (`uldp golden --post`) and a mismatch can
// name it (`uldp conform estimates`).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace uldp::estimate {

enum class PostProcessing {
  kClipRenormalise,  ///< negatives set to 0, then divided by the sum
  kRenormalise,      ///< divided by the sum
  kNormSub,          ///< Norm-Sub (Wang et al., NDSS 2020): subtract δ, clip at 0, sum 1; this is
                     ///< the Euclidean projection onto the probability simplex
};

/// "clip-renormalise", "renormalise", "norm-sub".
const char* post_processing_name(PostProcessing post);

/// Parses a --post value ("simplex" is norm-sub, the same projection); throws InvalidArgument
/// naming `flag`.
PostProcessing parse_post_processing(std::string_view text, std::string_view flag);

/// The estimate after `post`. Clip-renormalise gives the uniform vector when nothing is positive;
/// renormalise throws InvalidArgument when the sum is not positive (there is nothing to scale).
std::vector<double> post_process(std::span<const double> p, PostProcessing post);

}  // namespace uldp::estimate
