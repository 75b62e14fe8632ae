#include "uldp/api/pair_heatmap.h"

#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "uldp/error.h"

extern char** environ;

namespace uldp::api {
namespace {

// `text` as a gnuplot single-quoted string ('' stands for a quote inside).
std::string gnuplot_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// Runs `gnuplot SCRIPT`; throws Error naming the script when gnuplot is missing or fails.
void run_gnuplot(const std::string& script) {
  std::string program = "gnuplot";
  std::vector<char*> argv{program.data(), const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "gnuplot", nullptr, nullptr, argv.data(), environ) != 0) {
    throw Error("--plot: gnuplot is not installed (apt-get install gnuplot-nox); the script is " +
                script);
  }
  // A bounded wait: a gnuplot that draws nothing in two minutes (a 1024 x 1024 heatmap takes
  // seconds) is stopped, never waited on for ever.
  int status = 0;
  pid_t done = 0;
  for (int tick = 0; tick < 12000 && (done = waitpid(pid, &status, WNOHANG)) == 0; ++tick) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    throw Error("--plot: gnuplot did not finish within 2 minutes on " + script);
  }
  if (done != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw Error("--plot: gnuplot failed on " + script);
  }
}

}  // namespace

std::string pair_heatmap_script(const PairLossResult& result, const std::string& png_path) {
  const std::size_t k = result.losses.inputs();
  const std::size_t side = std::min<std::size_t>(1200, std::max<std::size_t>(480, 12 * k));
  std::ostringstream out;
  out << "# per-pair loss of " << result.subject << " over " << result.outputs
      << ": ln L(x, x'), row x, column x'. Render with: gnuplot THIS_FILE\n"
      << "set terminal pngcairo size " << side + 160 << "," << side << " font \",9\"\n"
      << "set output " << gnuplot_quoted(png_path) << "\n"
      << "set title "
      << gnuplot_quoted("ln L(x, x') of " + result.subject + ", over " + result.outputs +
                        " (black: infinite, or no output)")
      << " noenhanced\n"
      << "set xlabel \"x'\"\nset ylabel \"x\"\n"
      << "set xrange [-0.5:" << k - 0.5 << "]\nset yrange [" << k - 0.5 << ":-0.5]\n"
      << "set size ratio -1\nset cblabel \"ln L(x, x')\"\n"
      << "set palette rgbformulae 22,13,-31\n"
      << "set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb \"black\" "
         "fillstyle solid\n"
      << "$loss << EOD\n";
  out.precision(6);
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      const PairLoss& loss = result.losses.at(x, x_prime);
      if (x_prime) out << ' ';
      if (!loss.output || loss.ratio.is_infinite()) {
        out << "NaN";
      } else {
        out << std::log(to_double(loss.ratio.value()));
      }
    }
    out << "\n";
  }
  out << "EOD\nplot $loss matrix with image notitle\n";
  return out.str();
}

std::string pair_heatmap_script_path(const std::string& png_path) {
  const std::string suffix = ".png";
  if (png_path.size() <= suffix.size() ||
      png_path.compare(png_path.size() - suffix.size(), suffix.size(), suffix) != 0) {
    throw InvalidArgument("--plot: '" + message_excerpt(png_path) + "' does not end in .png");
  }
  const std::string script = png_path.substr(0, png_path.size() - suffix.size()) + ".gp";
  // The script is written, then read back by gnuplot: a FIFO there would take the script (or wait
  // for a reader) and leave gnuplot waiting for a writer.
  std::error_code error;
  if (std::filesystem::exists(script, error) && !std::filesystem::is_regular_file(script, error)) {
    throw InvalidArgument("--plot: '" + message_excerpt(script) +
                          "' (the script written beside the picture, which gnuplot reads back) "
                          "exists and is not a regular file");
  }
  return script;
}

void plot_pair_heatmap(const PairLossResult& result, const std::string& png_path) {
  const std::string script = pair_heatmap_script_path(png_path);
  {
    std::ofstream file(script);
    file << pair_heatmap_script(result, png_path);
    if (!file.flush()) throw Error("--plot: cannot write " + script);
  }
  run_gnuplot(script);
}

}  // namespace uldp::api
