// Work items are (setting, realization) pairs run on a few threads; each item draws from its
// own streams, so the rows do not depend on threads, shards or order.
#include "uldp/experiment/runner.h"

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <exception>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "uldp/error.h"
#include "uldp/estimate/sampler.h"
#include "uldp/experiment/plots.h"
#include "uldp/experiment/results.h"

namespace uldp::experiment {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& s : items) text += (text.empty() ? "" : ";") + s;
  return text;
}

// "[#####.....] 12/70" on stderr when it is a terminal; nothing otherwise.
class Progress {
 public:
  explicit Progress(std::size_t total) : total_(total), on_(isatty(STDERR_FILENO) == 1) {}
  void step() {
    if (!on_) return;
    const std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    const std::size_t width = 30, filled = done_ * width / total_;
    std::cerr << "\r[" << std::string(filled, '#') << std::string(width - filled, '.') << "] "
              << done_ << "/" << total_ << (done_ == total_ ? "\n" : "") << std::flush;
  }

 private:
  std::size_t total_, done_ = 0;
  bool on_;
  std::mutex mutex_;
};

std::vector<fs::path> finish(const Experiment& e, const fs::path& out,
                             const std::vector<RealizationRow>& rows, const RunHeader& header) {
  const fs::path realizations = out / (std::string(e.name) + ".realizations.csv");
  const fs::path mean = out / (std::string(e.name) + ".csv");
  write_realizations(realizations, e, header, rows);
  const std::vector<MeanRow> m = means(rows);
  write_means(mean, e, m);
  write_plots(out, e, m);
  std::vector<fs::path> files = {mean, realizations};
  for (const Figure& f : e.figures) files.push_back(out / (f.file_stem + ".png"));
  return files;
}

void make_directory(const fs::path& out) {
  std::error_code error;
  fs::create_directories(out, error);
  if (error) throw InvalidArgument("--out: cannot create '" + message_excerpt(out.string()) + "'");
}

}  // namespace

std::string run_settings_text(const RunContext& c) {
  std::vector<std::string> eps;
  for (double v : c.sizes.eps) eps.push_back(std::to_string(v));
  return "seed=" + std::to_string(c.seed) +
         " realizations=" + std::to_string(c.sizes.realizations) +
         " census_users=" + std::to_string(c.sizes.census_users) +
         " location_users=" + std::to_string(c.sizes.location_users) + " eps=" + joined(eps) +
         " mechanisms=" + joined(c.mechanisms) + " census_file=" + c.sources.census_file +
         " foursquare=" + c.sources.foursquare_checkins + ";" + c.sources.foursquare_pois;
}

std::vector<fs::path> run_experiment(const RunRequest& request) {
  const Experiment& e = *request.experiment;
  const RunContext& c = request.context;
  const std::vector<Setting> settings = e.settings(c);
  std::vector<std::pair<std::size_t, std::size_t>> items;
  for (std::size_t r = request.shard - 1; r < c.sizes.realizations; r += request.shards) {
    for (std::size_t s = 0; s < settings.size(); ++s) items.emplace_back(s, r);
  }
  std::vector<std::vector<RealizationRow>> results(items.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  Progress progress(std::max<std::size_t>(items.size(), 1));
  const unsigned jobs = e.deterministic ? std::max(1U, request.jobs) : 1U;
  const auto work = [&] {
    // One job per core already: a job's sampler stays on its own thread.
    const estimate::SamplerThreadLimit one_sampler_thread(jobs > 1 ? 1U : 0U);
    for (std::size_t i = next++; i < items.size(); i = next++) {
      try {
        const auto [s, r] = items[i];
        for (Row& row : e.run(c, settings[s], s, r)) results[i].push_back({s, r, std::move(row)});
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = items.size();
      }
      progress.step();
    }
  };
  std::vector<std::thread> threads;
  // Timings are taken one at a time, so that runs do not slow each other down.
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);

  std::vector<RealizationRow> rows;
  for (auto& part : results) {
    for (RealizationRow& r : part) rows.push_back(std::move(r));
  }
  make_directory(request.out);  // only now: a run that fails leaves nothing behind
  RunHeader header{std::string(e.name), run_settings_text(c), request.shard, request.shards};
  if (request.shards > 1) {
    const fs::path file =
        request.out / (std::string(e.name) + ".shard-" + std::to_string(request.shard) + "-of-" +
                       std::to_string(request.shards) + ".csv");
    write_realizations(file, e, header, rows);
    return {file};
  }
  return finish(e, request.out, rows, header);
}

std::vector<fs::path> merge_experiment(const std::vector<fs::path>& dirs, const fs::path& out) {
  std::vector<fs::path> files;
  for (const fs::path& dir : dirs) {
    if (!fs::is_directory(dir))
      throw InvalidArgument("merge: '" + message_excerpt(dir.string()) + "' is not a directory");
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (name.find(".shard-") != std::string::npos && name.ends_with(".csv")) {
        files.push_back(entry.path());
      }
    }
  }
  if (files.empty())
    throw InvalidArgument("merge: no NAME.shard-I-of-N.csv file in the directories");
  std::sort(files.begin(), files.end());
  const Experiment& e = find_experiment(experiment_of(files.front()));
  std::vector<RealizationRow> rows;
  std::optional<RunHeader> first;
  std::set<std::size_t> shards;
  for (const fs::path& file : files) {
    RunHeader h;
    std::vector<RealizationRow> part = read_realizations(file, e, h);
    if (!first) first = h;
    if (h.experiment != first->experiment || h.settings != first->settings ||
        h.shards != first->shards) {
      throw InputError(file.string(), 1, 1,
                       "comes from another run than " + files.front().filename().string() +
                           " (experiment, seed, sizes or shard count differ)");
    }
    if (!shards.insert(h.shard).second) {
      throw InputError(file.string(), 1, 1, "shard " + std::to_string(h.shard) + " appears twice");
    }
    for (RealizationRow& r : part) rows.push_back(std::move(r));
  }
  if (shards.size() != first->shards) {
    throw InvalidArgument("merge: found " + std::to_string(shards.size()) + " of the " +
                          std::to_string(first->shards) + " shards of " + first->experiment);
  }
  make_directory(out);
  RunHeader header = *first;
  header.shard = header.shards = 1;
  return finish(e, out, rows, header);
}

}  // namespace uldp::experiment
