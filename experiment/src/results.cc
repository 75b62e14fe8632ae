// CSV of realizations and means; the merge reads back what a shard wrote.
#include "uldp/experiment/results.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>

#include "uldp/error.h"

namespace uldp::experiment {
namespace {

constexpr std::string_view kMagic = "# uldp experiment ";
constexpr std::string_view kEnd = "# end: rows=";

std::string number(double v, int digits) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}

std::vector<std::string> split_commas(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) fields.push_back(field);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

void sort_rows(std::vector<RealizationRow>& rows) {
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return std::tie(a.setting, a.realization) < std::tie(b.setting, b.realization);
  });
}

std::ofstream create(const std::filesystem::path& path) {
  std::ofstream out(path);
  if (!out) throw InvalidArgument("--out: cannot write '" + message_excerpt(path.string()) + "'");
  return out;
}

}  // namespace

void write_realizations(const std::filesystem::path& path, const Experiment& experiment,
                        const RunHeader& header, std::vector<RealizationRow> rows) {
  sort_rows(rows);
  std::ofstream out = create(path);
  out << kMagic << header.experiment << " shard=" << header.shard << "/" << header.shards << " "
      << header.settings << "\n";
  out << "setting";
  for (const std::string& c : experiment.key_columns) out << "," << c;
  out << ",realization";
  for (const std::string& c : experiment.value_columns) out << "," << c;
  out << "\n";
  for (const RealizationRow& r : rows) {
    out << r.setting;
    for (const std::string& k : r.row.keys) out << "," << k;
    out << "," << r.realization;
    for (double v : r.row.values) out << "," << number(v, 17);
    out << "\n";
  }
  // The last line: a file cut short (a killed run, a full disk, a partial copy) lacks it.
  out << kEnd << rows.size() << "\n";
  if (!out) throw InvalidArgument("--out: writing '" + message_excerpt(path.string()) + "' failed");
}

std::string experiment_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line) || line.rfind(kMagic, 0) != 0) {
    throw InputError(path.string(), 1, 1,
                     "not a uldp experiment file (expected '# uldp experiment')");
  }
  const std::string rest = line.substr(kMagic.size());
  return rest.substr(0, rest.find(' '));
}

std::vector<RealizationRow> read_realizations(const std::filesystem::path& path,
                                              const Experiment& experiment, RunHeader& header) {
  const std::string source = path.string();
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line) || line.rfind(kMagic, 0) != 0) {
    throw InputError(source, 1, 1, "not a uldp experiment file (expected '# uldp experiment')");
  }
  std::istringstream first(line.substr(kMagic.size()));
  std::string shard;
  first >> header.experiment >> shard;
  std::getline(first >> std::ws, header.settings);
  if (std::sscanf(shard.c_str(), "shard=%zu/%zu", &header.shard, &header.shards) != 2) {
    throw InputError(source, 1, 1, "expected shard=I/N after the experiment name");
  }
  const std::size_t keys = experiment.key_columns.size();
  const std::size_t values = experiment.value_columns.size();
  const std::size_t columns = 2 + keys + values;
  std::getline(in, line);  // column names
  std::vector<RealizationRow> rows;
  std::size_t number_of_line = 2;
  std::optional<std::size_t> declared;
  while (std::getline(in, line)) {
    ++number_of_line;
    if (declared) throw InputError(source, number_of_line, 1, "a line after the end line");
    if (line.rfind(kEnd, 0) == 0) {
      std::size_t count = 0;
      const std::string_view digits = std::string_view(line).substr(kEnd.size());
      const auto [end, error] =
          std::from_chars(digits.data(), digits.data() + digits.size(), count);
      if (error != std::errc{} || end != digits.data() + digits.size() || count != rows.size()) {
        throw InputError(source, number_of_line, 1,
                         "the end line '" + message_excerpt(line) + "' does not match the " +
                             std::to_string(rows.size()) + " rows above it");
      }
      declared = count;
      continue;
    }
    if (line.empty()) continue;
    const std::vector<std::string> f = split_commas(line);
    if (f.size() != columns) {
      throw InputError(
          source, number_of_line, 1,
          "expected " + std::to_string(columns) + " fields, found " + std::to_string(f.size()));
    }
    RealizationRow r;
    try {
      r.setting = std::stoul(f[0]);
      r.realization = std::stoul(f[1 + keys]);
      r.row.keys.assign(f.begin() + 1, f.begin() + 1 + static_cast<std::ptrdiff_t>(keys));
      for (std::size_t v = 0; v < values; ++v) r.row.values.push_back(std::stod(f[2 + keys + v]));
    } catch (const std::exception&) {
      throw InputError(source, number_of_line, 1, "a number does not parse");
    }
    rows.push_back(std::move(r));
  }
  if (!declared) {
    throw InputError(source, number_of_line, 1,
                     "truncated: no '# end: rows=N' line after " + std::to_string(rows.size()) +
                         " rows (the run that wrote it did not finish, or the copy is partial)");
  }
  return rows;
}

std::vector<MeanRow> means(std::vector<RealizationRow> rows) {
  sort_rows(rows);
  std::vector<MeanRow> out;
  std::map<std::pair<std::size_t, std::vector<std::string>>, std::size_t> where;
  for (const RealizationRow& r : rows) {
    const auto key = std::make_pair(r.setting, r.row.keys);
    auto found = where.find(key);
    if (found == where.end()) {
      found = where.emplace(key, out.size()).first;
      out.push_back({r.setting, r.row.keys, 0, std::vector<double>(r.row.values.size(), 0.0)});
    }
    MeanRow& m = out[found->second];
    ++m.realizations;
    for (std::size_t v = 0; v < r.row.values.size(); ++v) m.values[v] += r.row.values[v];
  }
  for (MeanRow& m : out) {
    for (double& v : m.values) v /= static_cast<double>(m.realizations);
  }
  return out;
}

void write_means(const std::filesystem::path& path, const Experiment& experiment,
                 const std::vector<MeanRow>& rows) {
  std::ofstream out = create(path);
  bool first = true;
  for (const std::string& c : experiment.key_columns) out << (first ? "" : ",") << c, first = false;
  out << ",realizations";
  for (const std::string& c : experiment.value_columns) out << "," << c;
  out << "\n";
  for (const MeanRow& m : rows) {
    first = true;
    for (const std::string& k : m.keys) out << (first ? "" : ",") << k, first = false;
    out << "," << m.realizations;
    for (double v : m.values) out << "," << number(v, 10);
    out << "\n";
  }
  if (!out) throw InvalidArgument("--out: writing '" + message_excerpt(path.string()) + "' failed");
}

}  // namespace uldp::experiment
