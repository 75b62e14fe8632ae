#include "uldp/verify/coq_check.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "uldp/verify/claims.h"

namespace uldp::verify {
namespace {

/// The axioms of Coq's real numbers (classical Dedekind reals) and the classical logic its
/// square root, exp and Rpower use: every proof over R in the standard library rests on them.
bool standard_axiom(const std::string& name) {
  return name == "ClassicalDedekindReals.sig_forall_dec" ||
         name == "ClassicalDedekindReals.sig_not_dec" ||
         name == "FunctionalExtensionality.functional_extensionality_dep" ||
         name == "Classical_Prop.classic";
}

std::string collapse_white_space(const std::string& text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::optional<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::optional<std::string> coq_statement_in(const std::string& file_text,
                                            const std::string& claim) {
  std::istringstream lines(file_text);
  std::string line, statement;
  bool inside = false, found = false;
  while (std::getline(lines, line)) {
    const std::string bare = collapse_white_space(line);
    if (bare.rfind("(* uldp:statement ", 0) == 0) {
      std::istringstream names(bare.substr(18));
      inside = false;
      for (std::string name; names >> name && name != "*)";) inside = inside || name == claim;
      found = found || inside;
      continue;
    }
    if (bare == "(* uldp:end *)") {
      inside = false;
      continue;
    }
    if (inside) statement += line + "\n";
  }
  if (!found) return std::nullopt;
  return statement;
}

bool same_coq_statement(const std::string& a, const std::string& b) {
  return collapse_white_space(a) == collapse_white_space(b);
}

const char* coq_status_name(CoqStatus status) {
  switch (status) {
    case CoqStatus::kChecked:
      return "checked";
    case CoqStatus::kAssumes:
      return "assumes";
    case CoqStatus::kStatementDiffers:
      return "statement differs";
    case CoqStatus::kNotChecked:
      return "not checked";
  }
  return "not checked";
}

std::optional<std::string> coq_checked_dir() {
  if (const char* dir = std::getenv("ULDP_COQ_DIR"); dir != nullptr && *dir != '\0') return dir;
#ifdef ULDP_COQ_BUILD_DIR
  return std::string(ULDP_COQ_BUILD_DIR);
#else
  return std::nullopt;
#endif
}

CoqCheck read_coq_assumptions(const std::string& assumptions_text, const std::string& module,
                              const std::string& theorem) {
  CoqCheck check;
  check.theorem = theorem;
  check.module = module;
  std::istringstream lines(assumptions_text);
  std::string line;
  bool inside = false, found = false;
  while (std::getline(lines, line)) {
    if (line.rfind("uldp-coq-module ", 0) == 0) {
      const std::size_t at = line.find(" milliseconds ");
      if (at != std::string::npos) {
        check.module_seconds = std::strtod(line.c_str() + at + 14, nullptr) / 1000.0;
      }
      continue;
    }
    if (line.rfind("uldp-theorem ", 0) == 0) {
      inside = line.substr(13) == theorem;
      found = found || inside;
      continue;
    }
    // An axiom's name starts its line; its type follows on the line or indented below.
    if (!inside || line.empty() || line[0] == ' ' || line == "Axioms:" ||
        line == "Closed under the global context")
      continue;
    check.axioms.push_back(line.substr(0, line.find(" :")));
  }
  if (!found) {
    check.detail = "no theorem " + theorem + " in the checked module " + module;
    return check;
  }
  std::string others;
  for (const std::string& axiom : check.axioms) {
    if (!standard_axiom(axiom)) others += (others.empty() ? "" : ", ") + axiom;
  }
  check.status = others.empty() ? CoqStatus::kChecked : CoqStatus::kAssumes;
  if (!others.empty()) check.detail = "rests on " + others;
  return check;
}

std::optional<CoqCheck> coq_check(const ClaimInfo& info) {
  if (!info.coq) return std::nullopt;
  const std::string theorem = info.coq->theorem.empty() ? info.name : info.coq->theorem;
  CoqCheck not_checked;
  not_checked.theorem = theorem;
  not_checked.module = info.coq->module;
  const std::optional<std::string> dir = coq_checked_dir();
  if (!dir) {
    not_checked.detail = "uldp was built without Coq (ULDP_BUILD_COQ) and ULDP_COQ_DIR is not set";
    return not_checked;
  }
  const std::filesystem::path base = std::filesystem::path(*dir) / info.coq->module;
  const std::optional<std::string> assumptions = read_text(base.string() + ".assumptions");
  const std::optional<std::string> source = read_text(base.string() + ".v");
  if (!assumptions || !source) {
    not_checked.detail = "no checked module " + info.coq->module + " in " + *dir;
    return not_checked;
  }
  // The claim's words mean what they say only with the notions they are stated in.
  const std::optional<std::string> common =
      read_text((std::filesystem::path(*dir) / "Common.v").string());
  const std::optional<std::string> notions =
      common ? coq_statement_in(*common, "notions") : std::nullopt;
  if (!notions || !same_coq_statement(*notions, coq_notions_statement())) {
    not_checked.status = CoqStatus::kStatementDiffers;
    not_checked.detail = "the checked Common.v states the notions " +
                         std::string(notions ? "differently from uldp's" : "nowhere") +
                         " (uldp prove --all --emit coq prints them first)";
    return not_checked;
  }
  const std::optional<std::string> statement = coq_statement_in(*source, info.name);
  if (!statement || !same_coq_statement(*statement, info.coq->statement)) {
    not_checked.status = CoqStatus::kStatementDiffers;
    not_checked.detail =
        "the checked " + info.coq->module + ".v states " + info.name +
        (statement ? " differently from uldp's claim (uldp prove " + info.name + " --emit coq)"
                   : " nowhere (no uldp:statement block)");
    return not_checked;
  }
  return read_coq_assumptions(*assumptions, info.coq->module, theorem);
}

}  // namespace uldp::verify
