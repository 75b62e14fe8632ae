#include "uldp/io/json_document.h"

#include "json_number_overflow.h"
#include "uldp/error.h"
#include "unique_key_sax.h"

namespace uldp {

using json = nlohmann::json;

json parse_json_document(std::string_view text, const std::string& source) {
  json root;
  internal::UniqueKeySax sax(root, source, "not valid JSON");
  try {
    json::sax_parse(text, &sax);
  } catch (const json::parse_error& e) {
    throw InputError(source, "not valid JSON: byte " + std::to_string(e.byte));
  } catch (const json::out_of_range& e) {
    throw internal::json_number_overflow(e, source);
  }
  return root;
}

}  // namespace uldp
