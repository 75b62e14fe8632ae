#include "uldp/estimate/post_processing.h"

#include <algorithm>
#include <functional>
#include <numeric>

#include "uldp/error.h"

namespace uldp::estimate {

const char* post_processing_name(PostProcessing post) {
  switch (post) {
    case PostProcessing::kClipRenormalise:
      return "clip-renormalise";
    case PostProcessing::kRenormalise:
      return "renormalise";
    case PostProcessing::kNormSub:
      return "norm-sub";
  }
  return "?";
}

PostProcessing parse_post_processing(std::string_view text, std::string_view flag) {
  if (text == "clip-renormalise") return PostProcessing::kClipRenormalise;
  if (text == "renormalise") return PostProcessing::kRenormalise;
  if (text == "norm-sub" || text == "simplex") return PostProcessing::kNormSub;
  throw InvalidArgument(std::string(flag) + ": '" + message_excerpt(text) +
                        "' is not a post-processing (clip-renormalise, renormalise, norm-sub, "
                        "simplex = norm-sub)");
}

std::vector<double> post_process(std::span<const double> p, PostProcessing post) {
  std::vector<double> out(p.begin(), p.end());
  if (out.empty()) return out;
  const double k = static_cast<double>(out.size());
  switch (post) {
    case PostProcessing::kClipRenormalise: {
      double total = 0;
      for (double& v : out) total += (v = std::max(v, 0.0));
      for (double& v : out) v = total > 0 ? v / total : 1 / k;
      return out;
    }
    case PostProcessing::kRenormalise: {
      const double total = std::accumulate(out.begin(), out.end(), 0.0);
      if (!(total > 0)) {
        throw InvalidArgument("renormalise: the estimates sum to " + std::to_string(total) +
                              ", so there is nothing to scale to 1");
      }
      for (double& v : out) v /= total;
      return out;
    }
    case PostProcessing::kNormSub: {
      // The largest m values, shifted by δ = (their sum - 1) / m, are the positive ones
      // (Duchi et al., ICML 2008: projection onto the simplex).
      std::vector<double> sorted(out);
      std::sort(sorted.begin(), sorted.end(), std::greater<>());
      double prefix = 0, delta = 0;
      for (std::size_t m = 0; m < sorted.size(); ++m) {
        prefix += sorted[m];
        const double candidate = (prefix - 1) / static_cast<double>(m + 1);
        if (sorted[m] - candidate > 0) delta = candidate;
      }
      for (double& v : out) v = std::max(v - delta, 0.0);
      return out;
    }
  }
  return out;
}

}  // namespace uldp::estimate
