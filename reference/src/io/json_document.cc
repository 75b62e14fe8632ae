#include "uldp/io/json_document.h"

#include <set>
#include <streambuf>
#include <vector>

#include "json_number_overflow.h"
#include "uldp/error.h"
#include "uldp/input_limits.h"
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

namespace {

// The bytes of a stream, refused past kMaxInputBytes as they are read.
class BoundedBuffer : public std::streambuf {
 public:
  BoundedBuffer(std::streambuf* from, const std::string& source) : from_(from), source_(source) {}

 protected:
  int_type underflow() override {
    const std::streamsize got = from_->sgetn(buffer_, sizeof buffer_);
    if (got <= 0) return traits_type::eof();
    read_ += static_cast<std::size_t>(got);
    if (read_ > kMaxInputBytes) {
      throw InputError(source_, "more than " + std::to_string(kMaxInputBytes) +
                                    " bytes, the limit of an input read whole");
    }
    setg(buffer_, buffer_, buffer_ + got);
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  std::streambuf* from_;
  const std::string& source_;
  std::size_t read_ = 0;
  char buffer_[1 << 16];
};

}  // namespace

void for_each_json_element(std::istream& in, const std::string& source,
                           const std::string& not_array,
                           const std::function<void(const json&, std::size_t)>& each) {
  BoundedBuffer buffer(in.rdbuf(), source);
  std::istream bounded(&buffer);
  std::vector<std::set<std::string>> keys;  // of each open object
  std::size_t index = 0, values = 0;
  const auto element_done = [&](json& element) {
    each(element, index++);
    values = 0;
    return false;  // not kept in the array
  };
  const auto counted = [&](int depth) {
    if (depth >= 1 && ++values > kMaxJsonValues) {
      throw InputError(source, "element " + std::to_string(index) + ": more than " +
                                   std::to_string(kMaxJsonValues) +
                                   " values (numbers, strings, arrays, objects), the limit of "
                                   "a JSON input");
    }
  };
  const json::parser_callback_t callback = [&](int depth, json::parse_event_t event,
                                               json& parsed) -> bool {
    switch (event) {
      case json::parse_event_t::object_start:
        if (depth == 0) throw InputError(source, not_array);
        counted(depth);
        keys.emplace_back();
        return true;
      case json::parse_event_t::key:
        if (!keys.back().insert(parsed.get<std::string>()).second) {
          throw InputError(source, "not valid JSON: the key \"" +
                                       message_excerpt(parsed.get<std::string>()) +
                                       "\" appears twice in an object (readers differ on which "
                                       "one counts)");
        }
        return true;
      case json::parse_event_t::object_end:
        keys.pop_back();
        return depth == 1 ? element_done(parsed) : true;
      case json::parse_event_t::array_start:
        counted(depth);
        return true;
      case json::parse_event_t::array_end:
        return depth == 1 ? element_done(parsed) : true;
      case json::parse_event_t::value:
        if (depth == 0) throw InputError(source, not_array);
        counted(depth);
        return depth == 1 ? element_done(parsed) : true;
    }
    return true;
  };
  try {
    const json emptied = json::parse(bounded, callback);  // every element was handed on
    static_cast<void>(emptied);
  } catch (const json::parse_error& e) {
    throw InputError(source, "not valid JSON: byte " + std::to_string(e.byte));
  } catch (const json::out_of_range& e) {
    throw internal::json_number_overflow(e, source);
  }
}

}  // namespace uldp
