// Conformance of samples counted elsewhere: "x,y,count" lines (or JSON records) in one or more
// shards, tallied exactly as the samples they count and tested as conform_samples tests them.
#include <sys/stat.h>

#include <iterator>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>

#include "uldp/api/conform.h"
#include "uldp/api/false_alarm.h"
#include "uldp/error.h"
#include "uldp/io/json_document.h"

namespace uldp::api {
namespace {

using estimate::SampleLine;
using estimate::SampleTallies;
using nlohmann::json;

// Whether the stream's first character past white space (and a byte order mark) opens JSON.
bool opens_json(std::istream& in) {
  std::string head;
  int c;
  while ((c = in.get()) != EOF) {
    head += static_cast<char>(c);
    if (head == "\xEF" || head == "\xEF\xBB" || head == "\xEF\xBB\xBF") continue;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    return c == '[' || c == '{';
  }
  return false;
}

// One record {"x", "y", "count"} as an "x,y,count" line.
std::string record_line(const json& record, std::size_t number, const std::string& source) {
  const std::string where = "record " + std::to_string(number);
  if (!record.is_object()) {
    throw InputError(source, where + ": expected an object {\"x\", \"y\", \"count\"}");
  }
  for (const auto& [key, value] : record.items()) {
    if (key != "x" && key != "y" && key != "count") {
      throw InputError(source, where + ": unknown key \"" + message_excerpt(key) +
                                   "\" (a record has x, y and count)");
    }
  }
  for (const char* key : {"x", "y", "count"}) {
    if (!record.contains(key)) throw InputError(source, where + ": no \"" + key + "\"");
  }
  for (const char* key : {"x", "count"}) {
    if (!record[key].is_number_unsigned()) {
      throw InputError(source, where + ": \"" + key + "\" must be a whole number >= 0, not " +
                                   message_excerpt(record[key].dump()));
    }
  }
  const json& y = record["y"];
  std::string label;
  if (y.is_string()) {
    label = y.get<std::string>();
    if (label.find_first_of("\r\n") != std::string::npos) {
      throw InputError(source, where + ": \"y\" holds a line end");
    }
  } else if (y.is_number_unsigned()) {
    label = std::to_string(y.get<std::uint64_t>());
  } else {
    throw InputError(source, where +
                                 ": \"y\" must be an output label (text or a whole number), "
                                 "not " +
                                 message_excerpt(y.dump()));
  }
  return std::to_string(record["x"].get<std::uint64_t>()) + "," + label + "," +
         std::to_string(record["count"].get<std::uint64_t>()) + "\n";
}

// A JSON shard's records {"x", "y", "count"} as "x,y,count" lines, record i on line i, read one
// record at a time: the lines (shorter than the records) are all that is kept.
std::string records_as_lines(std::istream& in, const std::string& source) {
  std::string lines;
  for_each_json_element(in, source, "expected a JSON array of records {\"x\", \"y\", \"count\"}",
                        [&](const json& record, std::size_t index) {
                          lines += record_line(record, index + 1, source);
                        });
  return lines;
}

// A shard as counted lines, opened as often as the diagnosis asks: its own text, or (JSON) its
// records written as lines once.
struct CountedShard {
  std::string source;
  SampleSource open;
  bool json = false;
};

CountedShard counted_shard(const CountsShard& shard) {
  std::unique_ptr<std::istream> in = shard.open();
  if (!opens_json(*in)) return {shard.source, shard.open, false};
  in = shard.open();
  auto lines = std::make_shared<const std::string>(records_as_lines(*in, shard.source));
  return {shard.source,
          [lines]() -> std::unique_ptr<std::istream> {
            return std::make_unique<std::istringstream>(*lines);
          },
          true};
}

// The shard's tallies; a JSON shard's errors name the record, not the line written for it.
SampleTallies tally_shard(const CountedShard& shard, const ConformReference& reference,
                          const estimate::OutputSyntax& syntax) {
  try {
    return estimate::tally_samples(*shard.open(), shard.source, reference.model, reference.scope,
                                   syntax, estimate::kReadBlock, SampleLine::kCounted);
  } catch (const InputError& e) {
    if (!shard.json || e.line() == 0) throw;
    const std::string prefix =
        shard.source + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": ";
    const std::string what = e.what();
    if (!what.starts_with(prefix)) throw;
    throw InputError(shard.source,
                     "record " + std::to_string(e.line()) + ": " + what.substr(prefix.size()));
  }
}

// Every shard's counted lines, one after another, as one stream (for the diagnosis).
class ShardsStream : public std::streambuf {
 public:
  explicit ShardsStream(std::vector<CountedShard> shards) : shards_(std::move(shards)) {}

 protected:
  int_type underflow() override {
    while (true) {
      if (!current_) {
        if (next_ == shards_.size()) return traits_type::eof();
        current_ = shards_[next_++].open();
        // A byte order mark starts a file, not the stream: only line 1's is read as one.
        if (next_ > 1 && current_->peek() == 0xEF) {
          char mark[3] = {};
          current_->read(mark, 3);
          if (std::string_view(mark, 3) != "\xEF\xBB\xBF") {
            current_->clear();
            current_->seekg(0);
          }
        }
      }
      current_->read(buffer_, sizeof buffer_);
      const std::streamsize got = current_->gcount();
      if (got > 0) {
        setg(buffer_, buffer_, buffer_ + got);
        return traits_type::to_int_type(buffer_[0]);
      }
      // A shard may end without a line end: give it one, so its last line stays its own.
      current_.reset();
      buffer_[0] = '\n';
      setg(buffer_, buffer_, buffer_ + 1);
      return traits_type::to_int_type('\n');
    }
  }

 private:
  std::vector<CountedShard> shards_;
  std::size_t next_ = 0;
  std::unique_ptr<std::istream> current_;
  char buffer_[1 << 16];
};

class ShardsInput : public std::istream {
 public:
  explicit ShardsInput(std::vector<CountedShard> shards)
      : std::istream(&buffer_), buffer_(std::move(shards)) {}

 private:
  ShardsStream buffer_;
};

// Two shards of one file, compared by identity: device and inode as stat gives them (no file is
// opened, so a FIFO named twice is refused, not waited on for a second writer; std::filesystem::
// equivalent reports an error for two FIFOs instead of comparing them). Both are named in full,
// as InputError names a file: two cut names could read alike.
void refuse_repeated_files(const std::vector<CountsShard>& shards, const std::string& name) {
  std::vector<std::optional<std::pair<dev_t, ino_t>>> identities;
  for (const CountsShard& shard : shards) {
    struct stat status {};
    identities.push_back(!shard.path.empty() && ::stat(shard.path.c_str(), &status) == 0
                             ? std::optional(std::pair(status.st_dev, status.st_ino))
                             : std::nullopt);
  }
  for (std::size_t j = 1; j < shards.size(); ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      if (identities[i] && identities[i] == identities[j]) {
        throw InvalidArgument(name + ": '" + shards[i].path + "' and '" + shards[j].path +
                              "' are the same file: its counts would be counted twice");
      }
    }
  }
}

}  // namespace

ConformResult conform_counts(const ConformCountsRequest& request) {
  check_option(kFalseAlarmOption, request.false_alarm);
  check_option(kPowerOption, request.demand.power);
  check_option(kResolutionOption, request.demand.resolution);
  if (request.shards.empty()) throw InvalidArgument(request.shards_name + ": no file of counts");
  refuse_repeated_files(request.shards, request.shards_name);
  ConformResult result;
  result.reference = build_reference(request.reference);
  result.reference_source =
      std::holds_alternative<MatrixReference>(request.reference) ? "matrix" : "registry";
  result.sample_lines = SampleLine::kCounted;
  result.demand = request.demand;
  const estimate::OutputSyntax syntax =
      sample_syntax(result.reference, request.output_index, request.output_index_name);
  std::vector<CountedShard> shards;
  for (const CountsShard& shard : request.shards) {
    shards.push_back(counted_shard(shard));
    SampleTallies tallies = tally_shard(shards.back(), result.reference, syntax);
    if (shards.size() == 1) {
      result.tallies = std::move(tallies);
    } else {
      estimate::add_tallies(result.tallies, tallies, 0);
    }
    result.source += (shards.size() == 1 ? "" : " + ") + shard.source;
  }
  // Shards may be empty (a worker with no rows); all of them together may not.
  if (result.tallies.n == 0) throw InputError(result.source, "no samples (no count above 0)");
  result.report =
      estimate::check_conformance(result.tallies, result.reference.model, result.reference.scope,
                                  request.false_alarm, request.demand);
  const auto verdict = result.report.verdict;
  if (verdict == estimate::Conformance::kDeviates || verdict == estimate::Conformance::kViolates) {
    const SampleSource all = [shards]() -> std::unique_ptr<std::istream> {
      return std::make_unique<ShardsInput>(shards);
    };
    result.diagnosis = diagnose(request.reference, result.reference, all, result.source,
                                request.output_index, request.false_alarm, SampleLine::kCounted);
  }
  return result;
}

}  // namespace uldp::api
