#include "uldp/mechanisms/parameter_table.h"

#include <algorithm>

namespace uldp {

std::span<const std::string_view> keywords_of(const ParameterDeclaration& p) {
  return {p.keywords.data(), p.keywords[1].empty() ? std::size_t{1} : std::size_t{2}};
}

std::string flag_of(std::string_view keyword) {
  std::string flag = "--" + std::string(keyword);
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::string keyword_list(const ParameterDeclaration& p, std::string_view separator) {
  std::string text;
  for (std::string_view k : keywords_of(p)) {
    text += (text.empty() ? "" : std::string(separator)) + std::string(k);
  }
  return text;
}

std::vector<const ParameterDeclaration*> shared_parameters() {
  return {&kCountParameter.declaration,         &kSensitiveParameter.declaration,
          &kBudgetParameter.declaration,        &kThetaParameter.declaration,
          &kBlockParameter.declaration,         &kGridParameter.declaration,
          &kBudgetPerUnitParameter.declaration, &kInputBudgetsParameter.declaration,
          &kOneIfOnParameter.declaration,       &kOneIfOffParameter.declaration};
}

std::vector<std::string_view> ParameterValues::names() const {
  std::vector<std::string_view> names;
  for (const auto& [name, value] : values_) names.push_back(name);
  return names;
}

}  // namespace uldp
