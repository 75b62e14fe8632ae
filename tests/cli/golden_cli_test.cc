// `uldp golden` and `uldp conform estimates` on servers written for the purpose: a correct uRR
// server matches; a uRR server that multiplies the non-sensitive counts by c3 where it should
// divide (at ε = ln 3, where c3 = 1/2 and the factor c3^2 = 1/4 shows), a swapped pair, a missing
// renormalisation and counts given as frequencies are each caught with their cause.
#include <gtest/gtest.h>

#include <algorithm>

#include <functional>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// uRR with k = 5, X_S = {0, 1}, t = 3: c1 = 3/4, c2 = 1/4, c3 = 1/2.
const char* kUrr = "--mech urr --k 5 --sensitive 0,1 --exp-eps 3";

json golden_vectors() {
  const RunResult r =
      run_uldp(std::string("golden ") + kUrr + " --cases 4 --seed 20261123 --n 2000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out);
}

// A server's empirical estimate from the counts; `non_sensitive_bug` multiplies by c3 where the
// paper's eq. (35) divides.
std::vector<double> urr_server(const std::vector<std::uint64_t>& counts, bool non_sensitive_bug,
                               double t = 3) {
  const double c1 = t / (t + 1), c2 = 1 / (t + 1), c3 = (t - 1) / (t + 1);  // |X_S| = 2
  double n = 0;
  for (auto c : counts) n += static_cast<double>(c);
  std::vector<double> p;
  for (std::size_t x = 0; x < counts.size(); ++x) {
    const double m = static_cast<double>(counts[x]) / n;
    if (x <= 1) {
      p.push_back((m - c2) / (c1 - c2));
    } else {
      p.push_back(non_sensitive_bug ? m * c3 : m / c3);
    }
  }
  return p;
}

// Their estimates of every case, one estimator, as {"cases": [...]}.
std::string theirs_file(const std::string& name, const json& vectors, const std::string& estimator,
                        const std::function<std::vector<double>(const json&)>& server) {
  json j;
  for (const json& c : vectors["cases"])
    j["cases"].push_back({{"id", c["id"]}, {estimator, server(c)}});
  return temp_file(name, j.dump());
}

RunResult conform(const std::string& vectors, const std::string& theirs,
                  const std::string& extra = "") {
  return run_uldp("conform estimates --vectors " + vectors + " --theirs " + theirs + " --json " +
                  extra);
}

TEST(GoldenVectors, ExactEmpiricalOfDrawnCasesAgreesWithTheClosedForm) {
  const json v = golden_vectors();
  ASSERT_EQ(v["cases"].size(), 4u);
  EXPECT_EQ(v["cases"][2]["input"], "point mass on sensitive symbol 0");
  EXPECT_EQ(v["cases"][3]["input"], "point mass on non-sensitive symbol 2");
  for (const json& c : v["cases"]) {
    const std::vector<double> p = urr_server(c["counts"], false);
    for (std::size_t x = 0; x < 5; ++x) EXPECT_NEAR(c["emp"][x].get<double>(), p[x], 1e-12);
    EXPECT_TRUE(c["em_certified"]);
    EXPECT_TRUE(c.contains("em_log_likelihood"));
  }
  EXPECT_EQ(v["cases"][0]["emp_exact"].size(), 5u);
}

TEST(ConformEstimates, CorrectServerMatches) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  const std::string theirs = theirs_file(
      "ok.json", v, "emp", [](const json& c) { return urr_server(c["counts"], false); });
  const RunResult r = conform(vectors, theirs);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["verdict"], "matches");
}

// A server that answers some golden cases shows nothing about the others: incomplete, never
// "matches".
TEST(ConformEstimates, AServerSkippingCasesIsIncomplete) {
  json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  json some = v;
  some["cases"].erase(some["cases"].begin() + 1, some["cases"].end());  // case-0 only
  const std::string theirs = theirs_file(
      "some.json", some, "emp", [](const json& c) { return urr_server(c["counts"], false); });
  const RunResult r = conform(vectors, theirs);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const json report = json::parse(r.out);
  EXPECT_EQ(report["verdict"], "incomplete");
  EXPECT_EQ(report["missing"], json({"case-1", "case-2", "case-3"}));
  const RunResult text = run_uldp("conform estimates --vectors " + vectors + " --theirs " + theirs);
  EXPECT_NE(text.out.find("INCOMPLETE: no estimates for 3 of the 4 golden cases (case-1, case-2, "
                          "case-3); the 1 estimate(s) given match"),
            std::string::npos)
      << text.out;
}

TEST(ConformEstimates, UrrServerMultiplyingNonSensitiveCountsIsNamed) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  const std::string theirs = theirs_file(
      "bug.json", v, "emp", [](const json& c) { return urr_server(c["counts"], true); });
  const RunResult r = conform(vectors, theirs);
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["case"], "case-0");
  EXPECT_EQ(j["item"], 2);
  EXPECT_NEAR(j["actual"].get<double>(), j["expected"].get<double>() / 4, 1e-12);
  const std::string cause = j["likely_cause"];
  EXPECT_NE(cause.find("non-sensitive items are 0.25 times"), std::string::npos) << cause;
  EXPECT_NE(cause.find("multiplied by c3 where it should be divided by c3"), std::string::npos)
      << cause;
}

// At ε = 16 (t = 8886110) c3 = 1 - 2.25e-7: the bug moves an estimate by about 1e-7, which a
// test with a loose tolerance misses and the default 1e-9 does not.
TEST(ConformEstimates, UrrServerBugIsCaughtEvenAtEpsilon16) {
  const RunResult g = run_uldp(
      "golden --mech urr --k 5 --sensitive 0,1 --exp-eps 8886110 --cases 2 --seed 3 --n 2000");
  ASSERT_EQ(g.exit_code, 0) << g.err;
  const json v = json::parse(g.out);
  const std::string vectors = temp_file("v16.json", v.dump());
  const std::string theirs = theirs_file(
      "bug16.json", v, "emp", [](const json& c) { return urr_server(c["counts"], true, 8886110); });
  const RunResult loose = conform(vectors, theirs, "--tolerance 1e-6");
  EXPECT_EQ(loose.exit_code, 0) << loose.out;
  const RunResult r = conform(vectors, theirs);
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::string cause = json::parse(r.out)["likely_cause"];
  EXPECT_NE(cause.find("multiplied by c3 where it should be divided by c3"), std::string::npos)
      << cause;
  const RunResult correct = conform(vectors, theirs_file("ok16.json", v, "emp", [](const json& c) {
                                      return urr_server(c["counts"], false, 8886110);
                                    }));
  EXPECT_EQ(correct.exit_code, 0) << correct.out;
}

TEST(ConformEstimates, SwappedPairIsNamed) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  const std::string theirs = theirs_file("swap.json", v, "thr", [](const json& c) {
    std::vector<double> p = c["thr"];
    std::swap(p[3], p[4]);
    return p;
  });
  const RunResult r = conform(vectors, theirs);
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["likely_cause"], "items 3 and 4 are swapped");
}

TEST(ConformEstimates, MissingRenormalisationIsNamed) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  const std::string theirs = theirs_file("renorm.json", v, "em", [](const json& c) {
    std::vector<double> p = c["em"];
    for (double& x : p) x *= 1.25;
    return p;
  });
  const RunResult r = conform(vectors, theirs);
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["estimator"], "em");
  EXPECT_NE(j["likely_cause"].get<std::string>().find("missing renormalisation"),
            std::string::npos);
}

TEST(ConformEstimates, CountsNeedScaleCounts) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  const std::string theirs = theirs_file("counts.json", v, "emp", [](const json& c) {
    std::vector<double> p = c["emp"];
    for (double& x : p) x *= c["n"].get<double>();
    return p;
  });
  const RunResult wrong = conform(vectors, theirs);
  ASSERT_EQ(wrong.exit_code, 1) << wrong.out << wrong.err;
  EXPECT_NE(json::parse(wrong.out)["likely_cause"].get<std::string>().find("--scale counts"),
            std::string::npos);
  EXPECT_EQ(conform(vectors, theirs, "--scale counts --tolerance 1e-9").exit_code, 0);
}

TEST(ConformEstimates, CsvOneCasePerLine) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  std::ostringstream csv;
  csv << "# their server\n";
  for (const json& c : v["cases"]) {
    csv << c["id"].get<std::string>() << ",emp";
    for (double x : urr_server(c["counts"], false)) csv << "," << std::setprecision(17) << x;
    csv << "\n";
  }
  EXPECT_EQ(conform(vectors, temp_file("theirs.csv", csv.str())).exit_code, 0);
  const RunResult bad = conform(vectors, temp_file("bad.csv", "case-0,emp,0.1,0.2,x,0.3,0.4\n"));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad.csv:1:"), std::string::npos) << bad.err;
  const RunResult unknown =
      conform(vectors, temp_file("unknown.csv", "nope,0.2,0.2,0.2,0.2,0.2\n"));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("\"nope\" is not in"), std::string::npos) << unknown.err;
  const RunResult short_row = conform(vectors, temp_file("short.csv", "case-0,0.5,0.5\n"));
  EXPECT_EQ(short_row.exit_code, 2);
  EXPECT_NE(short_row.err.find("2 values, k = 5"), std::string::npos) << short_row.err;
  // Found by fuzz/estimates_fuzzer.cc: a number overflowing a double in their file was reported
  // as "<vectors>: not a golden vectors file".
  const std::string overflow =
      temp_file("overflow.json", R"({"cases": [{"id": "case-0", "emp": [1e400]}]})");
  const RunResult huge = conform(vectors, overflow);
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_EQ(huge.err,
            "uldp: error: " + overflow + ": not valid JSON: the number 1e400 overflows a double\n");
}

// Issue 53: a NaN estimate as Python's json.dump writes it (bare NaN, not JSON) was "not valid
// JSON" (exit 2), where the CSV's "nan" is a mismatch (exit 1): both are now a mismatch.
TEST(ConformEstimates, NanEstimatesAreAMismatchInJsonAsInCsv) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v.json", v.dump());
  std::ostringstream as_json, as_csv;
  as_json << "{\"cases\": [";
  bool first = true;
  for (const json& c : v["cases"]) {
    const std::vector<double> p = urr_server(c["counts"], false);
    as_json << (first ? "" : ", ") << "{\"id\": " << c["id"] << ", \"emp\": [NaN";
    as_csv << c["id"].get<std::string>() << ",emp,nan";
    for (std::size_t i = 1; i < p.size(); ++i) {
      as_json << ", " << std::setprecision(17) << p[i];
      as_csv << "," << std::setprecision(17) << p[i];
    }
    as_json << "]}";
    as_csv << "\n";
    first = false;
  }
  as_json << "]}";
  const RunResult from_json = conform(vectors, temp_file("nan.json", as_json.str()));
  const RunResult from_csv = conform(vectors, temp_file("nan.csv", as_csv.str()));
  EXPECT_EQ(from_csv.exit_code, 1) << from_csv.err;
  EXPECT_EQ(from_json.exit_code, 1) << from_json.out << from_json.err;
  EXPECT_EQ(json::parse(from_json.out)["verdict"], "mismatch") << from_json.out;
  EXPECT_EQ(json::parse(from_json.out)["item"], 0) << from_json.out;
}

TEST(ConformEstimates, MalformedVectorsAreBadInput) {
  const std::string theirs = temp_file("t.json", R"({"cases": [{"id": "case-0", "emp": [1]}]})");
  for (const char* bad : {R"({"k": "5", "cases": []})", R"({"k": 1, "cases": [{"id": "case-0"}]})",
                          R"({"k": -1, "cases": []})", "[1, 2"}) {
    const RunResult r = conform(temp_file("bad.json", bad), theirs);
    EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.err;
    EXPECT_NE(r.err.find("bad.json"), std::string::npos) << r.err;
  }
}

TEST(GoldenVectors, FromCountsTakesALibrarysOwnInputs) {
  const std::string lines =
      temp_file("counts.txt", "# a library's test input\n40\n30\n10\n10\n10\n");
  const RunResult r = run_uldp(std::string("golden ") + kUrr + " --from-counts " + lines);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json v = json::parse(r.out);
  // m = (0.4, 0.3, 0.1, 0.1, 0.1): sensitive (m - 1/4) / (1/2), non-sensitive m / (1/2).
  EXPECT_EQ(v["cases"][0]["emp_exact"], json({"3/10", "1/10", "1/5", "1/5", "1/5"}));
  const std::string array = temp_file("counts.json", "[[40,30,10,10,10],[1,1,1,1,1]]");
  EXPECT_EQ(
      json::parse(run_uldp(std::string("golden ") + kUrr + " --from-counts " + array).out)["cases"]
          .size(),
      2u);
  const RunResult bits = run_uldp("golden --mech rappor --k 3 --exp-eps 4 --from-counts " + lines);
  EXPECT_EQ(bits.exit_code, 2);
  const std::string bit_counts = temp_file("bits.txt", "n=10\n5\n2\n3\n");
  const RunResult ok_bits =
      run_uldp("golden --mech rappor --k 3 --exp-eps 4 --from-counts " + bit_counts);
  ASSERT_EQ(ok_bits.exit_code, 0) << ok_bits.err;
  EXPECT_FALSE(json::parse(ok_bits.out)["cases"][0].contains("em"));
  const RunResult bad = run_uldp(std::string("golden ") + kUrr + " --from-counts " +
                                 temp_file("bad.txt", "1\n2\n-3\n"));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad.txt:3:1:"), std::string::npos) << bad.err;
}

// Issue 19: a server that projects its estimates onto the simplex (Norm-Sub, as several LDP
// libraries do) is named, and compares cleanly with golden vectors made with the same --post.
TEST(ConformEstimates, NormSubServerIsNamedAndGoldenPostMatchesIt) {
  const json v = golden_vectors();
  const std::string vectors = temp_file("v_plain.json", v.dump());
  const auto norm_sub = [](const json& c) {
    std::vector<double> p = c["emp"];
    // The projection onto the simplex, written here independently: bisection on δ.
    double low = -1, high = 1;
    for (int i = 0; i < 200; ++i) {
      const double mid = (low + high) / 2;
      double total = 0;
      for (double x : p) total += std::max(x - mid, 0.0);
      (total > 1 ? low : high) = mid;
    }
    for (double& x : p) x = std::max(x - high, 0.0);
    return p;
  };
  const std::string theirs = theirs_file("norm_sub.json", v, "emp", norm_sub);
  const RunResult r = conform(vectors, theirs);
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(json::parse(r.out)["likely_cause"].get<std::string>().find(
                "the values are the expected ones after norm-sub"),
            std::string::npos)
      << r.out;
  const RunResult post = run_uldp(std::string("golden ") + kUrr +
                                  " --cases 4 --seed 20261123 --n 2000 --post simplex");
  ASSERT_EQ(post.exit_code, 0) << post.err;
  const json pv = json::parse(post.out);
  EXPECT_EQ(pv["post"]["name"], "norm-sub");
  const RunResult again = conform(temp_file("v_post.json", pv.dump()), theirs);
  EXPECT_EQ(again.exit_code, 0) << again.out << again.err;
  const RunResult bad = run_uldp(std::string("golden ") + kUrr + " --cases 1 --post clip");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "uldp: error: --post: 'clip' is not a post-processing (clip-renormalise, renormalise, "
            "norm-sub, simplex = norm-sub)\n");
}

// Issue 19: an EM golden vector is right by construction. At the setting where the stopping rule
// alone stopped far from the maximum (GRR, k = 8, eps = 0.5, n = 39843), each vector carries a
// certified bound on max L - L(em) (at most n * 1e-6 by default), and agrees within the default
// EM comparison tolerance of conform estimates (1e-4) with vectors run to a bound 1000 times
// smaller.
TEST(GoldenVectors, EmVectorsCarryACertifiedLikelihoodGap) {
  const std::string flags = "golden --mech rr --k 8 --eps 0.5 --cases 4 --n 39843 --seed 3";
  const RunResult a = run_uldp(flags);
  const RunResult b = run_uldp(flags + " --em-gap 1e-9");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const json ja = json::parse(a.out), jb = json::parse(b.out);
  EXPECT_EQ(ja["em"]["gap_target_per_report"], "0.000001");
  for (std::size_t i = 0; i < ja["cases"].size(); ++i) {
    const json& x = ja["cases"][i];
    const json& y = jb["cases"][i];
    EXPECT_TRUE(x["em_certified"]) << x["id"];
    EXPECT_LE(std::stod(x["em_likelihood_gap"].get<std::string>()), 39843 * 1e-6);
    for (std::size_t z = 0; z < 8; ++z) {
      EXPECT_NEAR(x["em"][z].get<double>(), y["em"][z].get<double>(), 1e-4) << x["id"] << " " << z;
    }
  }
}

// Issue 19: the later mechanisms have golden vectors too, in the form their servers take reports
// (uHR: the histogram over its columns and X_N; uBD and uSS: per-bit counts; ubd-opt: one report
// per user). Their exact estimates are what `uldp estimate` computes from the same reports, and a
// server answering with `uldp estimate` conforms, EM included (certified where EM is defined).
TEST(GoldenVectors, LaterMechanismsMatchTheEstimateCommandOnTheSameReports) {
  const std::vector<std::string> mechanisms = {
      "--mech uhr --k 6 --sensitive 0,1,2 --exp-eps 3",
      "--mech ubd --k 6 --sensitive 0,1,2,3 --exp-eps 3 --block 2",
      "--mech uss --k 6 --sensitive 0,1,2,3 --exp-eps 3 --block 2",
      "--mech ubd-opt --k 6 --sensitive 0,1,2,3 --exp-eps 3"};
  for (const std::string& mech : mechanisms) {
    const RunResult g = run_uldp("golden " + mech + " --cases 3 --n 2000 --seed 5");
    ASSERT_EQ(g.exit_code, 0) << mech << ": " << g.err;
    const json v = json::parse(g.out);
    json theirs;
    for (const json& c : v["cases"]) {
      std::ostringstream reports;
      if (c.contains("reports")) {
        for (const json& line : c["reports"]) reports << line.get<std::string>() << "\n";
      } else if (c.contains("ones")) {
        reports << "# counts n=" << c["n"] << "\n";
        for (const json& count : c["ones"]) reports << count << "\n";
      } else {
        reports << "# counts\n";
        for (const json& count : c["counts"]) reports << count << "\n";
      }
      const std::string file = temp_file("reports.txt", reports.str());
      json answer = {{"id", c["id"]}};
      for (const std::string method : {"emp", "thr", "em"}) {
        if (!c.contains(method)) continue;
        // EM at its default stop: on the point mass of uHR's case-2 it once stopped after 10
        // updates, 0.0135 from the maximiser (a coordinate growing from 1e-7 by a factor near 1
        // per update gains little), until the stopping rule also asked for a small first-order gap.
        const RunResult e =
            run_uldp("estimate " + mech + " --reports " + file + " --method " + method + " --json");
        ASSERT_EQ(e.exit_code, 0) << mech << " " << method << ": " << e.err;
        answer[method] = json::parse(e.out)["estimate"];
      }
      for (std::size_t x = 0; x < 6; ++x) {
        EXPECT_NEAR(c["emp"][x].get<double>(), answer["emp"][x].get<double>(), 1e-12) << mech;
        EXPECT_NEAR(c["thr"][x].get<double>(), answer["thr"][x].get<double>(), 1e-12) << mech;
      }
      const bool em_defined =
          mech.find("uhr") != std::string::npos || mech.find("ubd-opt") != std::string::npos;
      EXPECT_EQ(c.contains("em"), em_defined) << mech;
      if (em_defined) {
        EXPECT_TRUE(c["em_certified"]) << mech << " " << c["id"];
        EXPECT_LE(c["em_distance"].get<double>(), 1e-6) << mech;
      }
      theirs["cases"].push_back(answer);
    }
    const RunResult r = conform(temp_file("v.json", v.dump()), temp_file("t.json", theirs.dump()));
    EXPECT_EQ(r.exit_code, 0) << mech << ": " << r.out << r.err;
  }
  const RunResult counts =
      run_uldp("golden --mech ubd-opt --k 6 --sensitive 0,1,2,3 --exp-eps 3 --from-counts " +
               temp_file("c.txt", "n=3\n1\n1\n1\n0\n0\n0\n"));
  EXPECT_EQ(counts.exit_code, 2);
  EXPECT_NE(counts.err.find("one report per user"), std::string::npos) << counts.err;
}

// Issue 19: conform estimates' default EM tolerance is derived from the golden vector: 1e-4 from
// the maximum-likelihood estimate, plus the golden vector's certified distance to it. Without a
// certified distance there is no default.
TEST(ConformEstimates, DefaultEmToleranceComesFromTheCertifiedDistance) {
  json v = golden_vectors();
  const auto em_of = [](const json& c) { return c["em"].get<std::vector<double>>(); };
  const std::string theirs = theirs_file("em.json", v, "em", em_of);
  const RunResult ok = conform(temp_file("v.json", v.dump()), theirs);
  ASSERT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  // Off by 1e-4 + 2 * the distance in one coordinate: a mismatch at the derived tolerance.
  const double distance = v["cases"][0]["em_distance"].get<double>();
  const std::string off = theirs_file("off.json", v, "em", [&](const json& c) {
    std::vector<double> p = c["em"];
    if (c["id"] == "case-0") p[0] += 1e-4 + 2 * distance + 1e-9;
    return p;
  });
  const RunResult mismatch = conform(temp_file("v.json", v.dump()), off);
  ASSERT_EQ(mismatch.exit_code, 1) << mismatch.out;
  EXPECT_DOUBLE_EQ(json::parse(mismatch.out)["tolerance"].get<double>(), 1e-4 + distance);
  for (json& c : v["cases"]) c.erase("em_distance");
  const RunResult old = conform(temp_file("v_old.json", v.dump()), theirs);
  EXPECT_EQ(old.exit_code, 2);
  EXPECT_NE(old.err.find("pass --em-tolerance"), std::string::npos) << old.err;
  EXPECT_EQ(conform(temp_file("v_old.json", v.dump()), theirs, "--em-tolerance 1e-4").exit_code, 0);
}

// Issue 19: a PUM server (`uldp estimate --mech pum` without background knowledge) has golden
// vectors too: cases drawn through the users' pre-processors, reports over Z, every vector over
// X by eq. (21) with the paper's fallback; `uldp estimate` on the same reports matches them. The
// EM certificates are of r over Z, so the EM tolerance is given.
TEST(GoldenVectors, PumServerMatchesOnTheSameReports) {
  const std::string pum =
      "--mech pum --common urr --k 5 --sensitive 0 --tags home,work --exp-eps 3";
  const std::string groups = temp_file("pum_groups.txt", "200 home=2\n300 home=3 work=1\n500 -\n");
  const RunResult g =
      run_uldp("golden " + pum + " --user-groups " + groups + " --cases 4 --seed 8");
  ASSERT_EQ(g.exit_code, 0) << g.err;
  const json v = json::parse(g.out);
  EXPECT_EQ(v["k"], 5);
  EXPECT_EQ(v["pum"]["z"], 7);
  json theirs;
  for (const json& c : v["cases"]) {
    std::string counts = "# counts\n";
    for (const json& n : c["counts"]) counts += std::to_string(n.get<int>()) + "\n";
    const std::string file = temp_file("pum_counts.txt", counts);
    json answer = {{"id", c["id"]}};
    for (const std::string method : {"emp", "thr", "em"}) {
      const RunResult e =
          run_uldp("estimate " + pum + " --reports " + file + " --method " + method + " --json");
      ASSERT_EQ(e.exit_code, 0) << e.err;
      answer[method] = json::parse(e.out)["estimate"];
    }
    for (std::size_t x = 0; x < 5; ++x) {
      EXPECT_NEAR(c["emp"][x].get<double>(), answer["emp"][x].get<double>(), 1e-12) << c["id"];
      EXPECT_NEAR(c["thr"][x].get<double>(), answer["thr"][x].get<double>(), 1e-12) << c["id"];
    }
    EXPECT_EQ(c["em_distance"], "inf");
    theirs["cases"].push_back(answer);
  }
  const std::string vectors = temp_file("pum_v.json", v.dump());
  const std::string answers = temp_file("pum_t.json", theirs.dump());
  // 1e-3: on the point mass on symbol 1, estimate's EM stops (by its gain and first-order rules)
  // 1.4e-4 from the certified maximiser.
  EXPECT_EQ(conform(vectors, answers, "--em-tolerance 1e-3").exit_code, 0);
  EXPECT_EQ(conform(vectors, answers).exit_code, 2);  // no certified distance over X
  const RunResult no_users = run_uldp("golden " + pum + " --cases 1");
  EXPECT_EQ(no_users.exit_code, 2);
  EXPECT_NE(no_users.err.find("--users: a PUM's cases are drawn through its users"),
            std::string::npos)
      << no_users.err;
}

}  // namespace
}  // namespace uldp::testing
