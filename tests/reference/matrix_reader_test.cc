#include "uldp/io/matrix_reader.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CsvReader, ReadsExactEntriesAndAnOptionalHeader) {
  const MatrixFile f = parse_matrix_csv("# comment\n\"a\",\"b\"\n3/7, 4/7\n0.25,0.75\n", "m.csv");
  EXPECT_EQ(f.matrix.num_inputs(), 2u);
  EXPECT_EQ(f.matrix.output_labels(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(f.matrix(0, 0), Rational(3, 7));
  EXPECT_EQ(f.matrix(1, 0), Rational(1, 4));
  EXPECT_EQ(f.row_locations[1], "line 4");
  const MatrixFile g = parse_matrix_csv("1e-1,9e-1\n", "m.csv");
  EXPECT_EQ(g.matrix(0, 0), Rational(1, 10));
  EXPECT_EQ(g.matrix.output_labels()[1], "1");
}

TEST(CsvReader, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(message_of([] { parse_matrix_csv("1/2,1/2\n1/2,abc\n", "m.csv"); }),
            "m.csv:2:5: entry: 'abc' is not a number");
  EXPECT_EQ(message_of([] { parse_matrix_csv("1/2,1/2\n1/2\n", "m.csv"); }),
            "m.csv:2:1: row has 1 entries, expected 2");
  EXPECT_EQ(message_of([] { parse_matrix_csv("1/2,1/2\n-1/2,3/2\n", "m.csv"); }),
            "m.csv:2:1: entry -1/2 is a probability outside [0,1]");
  EXPECT_EQ(message_of([] { parse_matrix_csv("\n# only a comment\n", "m.csv"); }),
            "m.csv: no matrix rows found");
  EXPECT_EQ(message_of([] { parse_matrix_csv("\"a\n", "m.csv"); }),
            "m.csv:1:1: unterminated quoted field");
}

TEST(JsonReader, KeepsNumbersExact) {
  const MatrixFile f =
      parse_matrix_json(R"({"Q": [[0.1, 0.9], ["3/7", "4/7"]], "outputs": ["u", "v"]})", "m.json");
  EXPECT_EQ(f.matrix(0, 0), Rational(1, 10));  // the decimal, not the double 0.1
  EXPECT_EQ(f.matrix(1, 1), Rational(4, 7));
  EXPECT_EQ(f.matrix.output_labels()[1], "v");
  const MatrixFile g = parse_matrix_json(R"({"Q": [[1, 0], [0, 1]]})", "m.json");
  EXPECT_EQ(g.matrix(0, 0), 1);
}

TEST(JsonReader, ErrorsNameThePlace) {
  EXPECT_EQ(
      message_of([] { parse_matrix_json("{\"Q\": [[1, 0],\n [0, 1]", "m.json"); }).substr(0, 13),
      "m.json:2:8: i");
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"Q": [[1, 0], [2, -1]]})", "m.json"); }),
            "m.json: Q[1][0]: entry 2 is a probability outside [0,1]");
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"Q": [[1, 0], [1]]})", "m.json"); }),
            "m.json: Q[1] has 1 entries, expected 2");
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"P": []})", "m.json"); }).substr(0, 28),
            "m.json: expected an object w");
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"Q": [[true]]})", "m.json"); }),
            "m.json: Q[0][0] is not a number or a string");
}

TEST(MechanismFile, MissingFileIsAnInputError) {
  EXPECT_EQ(message_of([] { read_mechanism_file("/nonexistent/q.csv"); }),
            "/nonexistent/q.csv: cannot open file");
}

}  // namespace
}  // namespace uldp
