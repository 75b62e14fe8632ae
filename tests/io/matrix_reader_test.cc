#include "uldp/io/matrix_reader.h"
#include "uldp/io/matrix_writer.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cstdio>
#include <random>

#include "uldp/error.h"
#include "uldp/input_limits.h"
#include "uldp/io/entry_reading.h"

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

// Issue 10 reproductions: a float matrix exported by another program reads without editing.
TEST(CsvReader, RapporLabelRowIsAHeaderNotAProbability) {
  // "010" reads as the number 10: outside [0,1], so the row can only be labels.
  const MatrixFile f =
      parse_matrix_csv("000,001,010,011\n1/4,1/4,1/4,1/4\n1/2,1/2,0,0\n", "rappor.csv");
  EXPECT_EQ(f.matrix.num_inputs(), 2u);
  EXPECT_EQ(f.matrix.output_labels(), (std::vector<std::string>{"000", "001", "010", "011"}));
  EXPECT_EQ(f.row_locations[0], "line 2");
}

TEST(CsvReader, FirstRowThatIsNeitherDataNorLabelsIsAnErrorNeverDropped) {
  EXPECT_EQ(message_of([] { parse_matrix_csv("1e999999999,0\n1/2,1/2\n", "m.csv"); }),
            "m.csv:1:1: the first row is neither data nor labels: entry: '1e999999999' is not a "
            "number (bad exponent) (pass --header yes if it is a row of labels)");
  // Asked to, the same row is labels.
  const MatrixFile f =
      parse_matrix_csv("1e999999999,0\n1/2,1/2\n", "m.csv", {.header = HeaderChoice::kYes});
  EXPECT_EQ(f.matrix.num_inputs(), 1u);
  EXPECT_EQ(f.matrix.output_labels()[0], "1e999999999");
}

TEST(CsvReader, LabelsThatOnlyResembleNumbersAreLabels) {
  const MatrixFile f = parse_matrix_csv("0-9,10-19,1/0x\n1/2,1/4,1/4\n", "m.csv");
  EXPECT_EQ(f.matrix.output_labels(), (std::vector<std::string>{"0-9", "10-19", "1/0x"}));
  // Shaped like numbers but unreadable: "1/0" and a too-long number make the row neither.
  EXPECT_EQ(message_of([] { parse_matrix_csv("a,1/0\n1,0\n", "m.csv"); }).substr(0, 58),
            "m.csv:1:3: the first row is neither data nor labels: entry");
}

TEST(CsvReader, AmbiguousFirstRowNeedsTheHeaderFlag) {
  const std::string text = "0,1\n1/2,1/2\n1/4,3/4\n";
  EXPECT_EQ(message_of([&] { parse_matrix_csv(text, "m.csv"); }),
            "m.csv:1:1: the first row '0,1' could be output labels or a row of probabilities; "
            "pass --header yes or --header no");
  EXPECT_EQ(parse_matrix_csv(text, "m.csv", {.header = HeaderChoice::kYes}).matrix.num_inputs(),
            2u);
  const MatrixFile data = parse_matrix_csv(text, "m.csv", {.header = HeaderChoice::kNo});
  EXPECT_EQ(data.matrix.num_inputs(), 3u);
  EXPECT_EQ(data.matrix(0, 1), 1);
  // Not increasing digit strings: data without asking.
  EXPECT_EQ(parse_matrix_csv("1,0\n0,1\n", "m.csv").matrix.num_inputs(), 2u);
  EXPECT_EQ(parse_matrix_csv("0.5,0.5\n", "m.csv").matrix.num_inputs(), 1u);
}

TEST(CsvReader, HeaderLabelsMustBeDistinct) {
  EXPECT_EQ(message_of([] { parse_matrix_csv("a,b,a\n1,0,0\n", "m.csv"); }),
            "m.csv:1:1: output label 'a' appears twice");
}

TEST(CsvReader, AnEntryOfAHundredThousandDigitsIsCutInTheMessage) {
  const std::string message = message_of([] { parse_matrix_csv("1/2,1/2\n1e99999,0\n", "m.csv"); });
  EXPECT_EQ(message,
            "m.csv:2:1: entry 1000000000000000000000000000000000000000... (100000 characters) is "
            "a probability outside [0,1]");
}

TEST(CsvReader, AMillionDigitNumberIsRefusedByLength) {
  const std::string number = "0." + std::string(1'000'000, '3');
  const std::string message =
      message_of([&] { parse_matrix_csv("1/2,1/2\n" + number + ",0\n", "m.csv"); });
  EXPECT_EQ(message,
            "m.csv:2:1: entry: '0.33333333333333333333333333333333333333... (1000002 "
            "characters)' is not a number of at most 10000 characters");
}

TEST(CsvReader, HexFloatsAreExact) {
  const MatrixFile f = parse_matrix_csv("0x1.8p-2,0x1.4p-1\n0x1p0,0x0p0\n", "m.csv");
  EXPECT_EQ(f.matrix(0, 0), Rational(3, 8));
  EXPECT_EQ(f.matrix(0, 1), Rational(5, 8));
  EXPECT_EQ(f.matrix(1, 0), 1);
  // The lossless text of the double nearest 0.3 (what printf("%a", 0.3) writes).
  EXPECT_EQ(parse_matrix_csv("0x1.3333333333333p-2,1\n", "m.csv", {.header = HeaderChoice::kNo})
                .matrix(0, 0),
            from_double(0.3));
}

TEST(CsvReader, Binary64ReadsEachDecimalAsItsNearestDouble) {
  const std::string text = "0.1,0.9\n3/10,7/10\n";
  const MatrixFile exact = parse_matrix_csv(text, "m.csv");
  EXPECT_EQ(exact.matrix(0, 0), Rational(1, 10));
  const MatrixFile binary = parse_matrix_csv(text, "m.csv", {.reading = EntryReading::kBinary64});
  EXPECT_EQ(binary.matrix(0, 0), from_double(0.1));
  EXPECT_EQ(binary.matrix(0, 0), Rational(3602879701896397, 36028797018963968LL));
  EXPECT_EQ(binary.matrix(0, 1), from_double(0.9));
  EXPECT_EQ(binary.matrix(1, 0), Rational(3, 10));  // a/b is not a decimal: exact
  EXPECT_EQ(message_of([] {
              parse_matrix_csv("1/2,1/2\n1e400,0\n", "m.csv", {.reading = EntryReading::kBinary64});
            }),
            "m.csv:2:1: entry: '1e400' is beyond the binary64 range (its nearest double is "
            "infinite)");
}

TEST(JsonReader, Binary64AndHexFloats) {
  const MatrixFile f = parse_matrix_json(R"({"Q": [[0.1, "0x1.ccccccccccccdp-1"]]})", "m.json",
                                         {.reading = EntryReading::kBinary64});
  EXPECT_EQ(f.matrix(0, 0), from_double(0.1));
  EXPECT_EQ(f.matrix(0, 1), from_double(0.9));
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

// Found by fuzz_matrix_json: nlohmann quotes the last token read, which can be a number of any
// length; the token is cut, and the description before it is kept.
TEST(JsonReader, ALongTokenInASyntaxErrorIsQuotedCut) {
  const std::string text = R"({"Q": [[0.)" + std::string(1000, '3') + " x]]}";
  EXPECT_EQ(message_of([&] { parse_matrix_json(text, "m.json"); }),
            "m.json:1:1012: invalid JSON: syntax error while parsing array - invalid literal; last "
            "read: '0.33333333333333333333333333333333333333... (1004 characters)'; expected ']'");
}

// Found by fuzz_matrix_json: nlohmann threw out_of_range (not parse_error) past the reader.
TEST(JsonReader, ANumberThatOverflowsADoubleIsAnInputError) {
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"Q": [[1e666666]]})", "m.json"); }),
            "m.json: invalid JSON: the number 1e666666 overflows a double; write it as a string, "
            "\"1e666666\", to have it read exactly");
  const std::string long_number = "2" + std::string(400, '0');
  EXPECT_EQ(message_of([&] { parse_mechanism_json(R"({"bits": )" + long_number + "}", "m.json"); }),
            "m.json: invalid JSON: the number 2000000000000000000000000000000000000000... (401 "
            "characters) overflows a double; write it as a string, "
            "\"2000000000000000000000000000000000000000... "
            "(401 characters)\", to have it read exactly");
  // As a string the same number is read exactly (and refused as a probability).
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"Q": [["1e400"]]})", "m.json"); }).substr(0, 31),
            "m.json: Q[0][0]: entry 10000000");
}

// Issue 17: files exported the way people export them are read as their author meant, or refused;
// no first row is ever dropped on a guess.
TEST(CsvReader, AByteOrderMarkIsSkippedNotALabel) {
  const MatrixFile f = parse_matrix_csv(
      "\xEF\xBB\xBF"
      "0.9,0.06,0.04\n0.4,0.3,0.3\n0.3,0.4,0.3\n",
      "a.csv");
  EXPECT_EQ(f.matrix.num_inputs(), 3u);
  EXPECT_EQ(f.matrix(0, 0), Rational(9, 10));
  EXPECT_FALSE(f.layout->header);
}

TEST(CsvReader, AFirstRowWithANumberOutsideTheUnitIntervalIsNeverLabels) {
  EXPECT_EQ(message_of([] { parse_matrix_csv("2,0\n0,1\n", "b.csv"); }),
            "b.csv:1:1: the first row is neither data nor labels: entry 2 is a probability "
            "outside [0,1] (pass --header yes if it is a row of labels)");
  EXPECT_EQ(message_of([] { parse_matrix_csv("1e99999,0\n0,1\n", "c.csv"); }),
            "c.csv:1:1: the first row is neither data nor labels: entry "
            "1000000000000000000000000000000000000000... (100000 characters) is a probability "
            "outside [0,1] (pass --header yes if it is a row of labels)");
  EXPECT_EQ(message_of([] { parse_matrix_csv("0.5,-0.5,1\n0,0,1\n", "m.csv"); }).substr(0, 66),
            "m.csv:1:5: the first row is neither data nor labels: entry -1/2 is");
  for (const char* broken : {"nan", "NaN", "-inf", "Infinity", "1e999999999"}) {
    const std::string text = std::string("0.5,") + broken + "\n0.5,0.5\n";
    EXPECT_EQ(message_of([&] { parse_matrix_csv(text, "m.csv"); }).substr(0, 56),
              "m.csv:1:5: the first row is neither data nor labels: ent")
        << broken;
  }
}

TEST(CsvReader, QuotedNumbersAreNumbers) {
  // Python's csv.QUOTE_NONNUMERIC quotes Fractions.
  const MatrixFile f = parse_matrix_csv("\"9/10\",\"1/10\"\n\"1/5\",\"4/5\"\n", "q.csv");
  EXPECT_EQ(f.matrix.num_inputs(), 2u);
  EXPECT_EQ(f.matrix(0, 0), Rational(9, 10));
  EXPECT_EQ(message_of([] { parse_matrix_csv("\"9/10\",\"a\"\n\"1/5\",\"4/5\"\n", "q.csv"); }),
            "q.csv:1:8: the first row mixes text ('a') with probabilities ('9/10'): a broken row "
            "of data or labels that look like numbers");
  // Whole numbers can be labels ("a,1"): then --header yes is suggested.
  EXPECT_EQ(message_of([] { parse_matrix_csv("\"1\",\"a\"\n\"1/5\",\"4/5\"\n", "q.csv"); }),
            "q.csv:1:5: the first row mixes text ('a') with probabilities ('1'): a broken row "
            "of data or labels that look like numbers (pass --header yes if it is a row of "
            "labels)");
}

// Issue 53: a tiny negative entry in row 1 of a float matrix is a broken row of data, and a row
// with a fraction or a repeated cell cannot be labels: no --header yes hint. Whole distinct cells
// ("2,0") can, and keep it.
TEST(CsvReader, TheHeaderHintOnlyWhenTheFirstRowCanBeLabels) {
  EXPECT_EQ(message_of([] { parse_matrix_csv("0.5,-1e-17,0.5\n0.5,0.5,0\n", "m.csv"); }),
            "m.csv:1:5: the first row is neither data nor labels: entry -1/100000000000000000 is "
            "a probability outside [0,1]");
  EXPECT_EQ(message_of([] { parse_matrix_csv("3,3\n0,1\n", "m.csv"); }),
            "m.csv:1:1: the first row is neither data nor labels: entry 3 is a probability "
            "outside [0,1]");
  EXPECT_EQ(message_of([] {
              parse_matrix_csv("0.5,-1e-17,0.5\n0.5,0.5,0\n", "m.csv",
                               {.reading = EntryReading::kBinary64});
            }).find("--header"),
            std::string::npos);
  EXPECT_NE(message_of([] { parse_matrix_csv("2,0\n0,1\n", "m.csv"); }).find("--header yes"),
            std::string::npos);
}

TEST(CsvReader, OnlyARowOfTextIsDetectedAsLabelsAndTheReadingSaysSo) {
  const MatrixFile f = parse_matrix_csv("h0,h1\n1/2,1/2\n", "m.csv");
  ASSERT_TRUE(f.layout->header);
  EXPECT_EQ(f.layout->header->decided_by, HeaderSource::kDetected);
  EXPECT_EQ(describe_reading(f),
            "comma-separated text (detected); line 1 holds the output labels (detected: its cells "
            "are labels, not numbers)");
  // Fixed-width bit strings with a leading zero are labels; without one they are numbers.
  EXPECT_EQ(parse_matrix_csv("00,01,10,11\n1/4,1/4,1/4,1/4\n", "m.csv").matrix.num_inputs(), 1u);
  EXPECT_EQ(message_of([] { parse_matrix_csv("10,11\n1/2,1/2\n", "m.csv"); }).substr(0, 70),
            "m.csv:1:1: the first row is neither data nor labels: entry 10 is a pro");
  EXPECT_EQ(message_of([] { parse_matrix_csv("abc\n1\n", "m.csv"); }),
            "m.csv:1:1: the first row is one cell of text, 'abc': a broken entry or a label (pass "
            "--header yes if it is a row of labels)");
  EXPECT_EQ(message_of([] { parse_matrix_csv("0.5,,0.5\n0,0,1\n", "m.csv"); }),
            "m.csv:1:5: the first row has an empty cell, neither a probability nor a label");
}

TEST(CsvReader, PandasIndexColumnIsNamed) {
  const std::string pandas = ",0,1\n0,0.5,0.5\n1,0.25,0.75\n";
  EXPECT_EQ(message_of([&] { parse_matrix_csv(pandas, "p.csv"); }),
            "p.csv:1:1: the first row starts with an empty cell, as pandas to_csv writes its index "
            "column: write the file with index=False (or drop the first column)");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(pandas, "p.csv", {.header = HeaderChoice::kYes}); }),
            "p.csv:1:1: empty output label: pandas to_csv writes its index column so; write the "
            "file with index=False (or drop the first column)");
}

TEST(CsvReader, TheFilesHeaderLineDecidesAndAContradictingFlagIsAnError) {
  const std::string text = "# header: yes\n\"0\",\"1\",\"2\"\n1/2,1/4,1/4\n0,0,1\n";
  const MatrixFile f = parse_matrix_csv(text, "m.csv");
  EXPECT_EQ(f.matrix.num_inputs(), 2u);
  EXPECT_EQ(f.layout->header->decided_by, HeaderSource::kFileLine);
  EXPECT_EQ(f.layout->header->line, 2u);
  EXPECT_EQ(describe_reading(f),
            "comma-separated text (detected); line 2 holds the output labels (the file's "
            "'# header: yes', line 1)");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(text, "m.csv", {.header = HeaderChoice::kNo}); }),
            "m.csv:1:1: '# header: yes' contradicts --header no");
  // "# header: no": the first row "0,1" is data without asking.
  EXPECT_EQ(parse_matrix_csv("# header: no\n0,1\n1,0\n", "m.csv").matrix.num_inputs(), 2u);
}

TEST(CsvReader, TabsAndWhitespaceAsNumpyWritesThem) {
  // numpy.savetxt(f, Q) with its defaults: fmt='%.18e', delimiter=' '.
  const std::string savetxt =
      "9.000000000000000222e-01 1.000000000000000056e-01\n"
      "2.000000000000000111e-01 8.000000000000000444e-01\n";
  const MatrixFile exact = parse_matrix_csv(savetxt, "s.txt");
  EXPECT_EQ(exact.layout->delimiter, Delimiter::kWhitespace);
  EXPECT_EQ(exact.matrix.num_inputs(), 2u);
  const MatrixFile binary =
      parse_matrix_csv(savetxt, "s.txt", {.reading = EntryReading::kBinary64});
  EXPECT_EQ(binary.matrix(0, 0), from_double(0.9));
  EXPECT_EQ(binary.matrix(1, 1), from_double(0.8));
  const MatrixFile tsv = parse_matrix_csv("a\tb\n0.5\t0.5\n", "t.tsv");
  EXPECT_EQ(tsv.layout->delimiter, Delimiter::kTab);
  EXPECT_EQ(tsv.matrix.output_labels()[1], "b");
  // A tab file whose second row uses spaces is ragged, not re-split.
  EXPECT_EQ(message_of([] { parse_matrix_csv("0.5\t0.5\n0.5 0.5\n", "t.tsv"); }),
            "t.tsv:2:1: row has 1 entries, expected 2");
}

TEST(JsonReader, ABareArrayOfRowsIsAMatrix) {
  const MatrixFile f = parse_matrix_json("[[0.9, 0.1], [0.2, 0.8]]", "n.json");
  EXPECT_EQ(f.matrix.num_inputs(), 2u);
  EXPECT_EQ(f.matrix(0, 1), Rational(1, 10));
  EXPECT_FALSE(f.layout);
  EXPECT_EQ(describe_reading(f), "JSON");
}

TEST(JsonReader, DuplicateKeysBothFormsAndDuplicateLabelsAreRefused) {
  EXPECT_EQ(message_of([] { parse_matrix_json(R"({"Q": [[1]], "Q": [[1]]})", "m.json"); }),
            "m.json: invalid JSON: the key \"Q\" appears twice in the top-level object (readers "
            "differ on which one counts)");
  EXPECT_EQ(message_of([] {
              parse_mechanism_json(
                  R"({"Q": [[1]], "bits": [{"one_if_on": "3/4", "one_if_off": "1/4"}]})", "m.json");
            }),
            "m.json: has both \"bits\" (a structured mechanism) and \"Q\" (a dense matrix); a "
            "mechanism file is one or the other");
  EXPECT_EQ(
      message_of([] { parse_matrix_json(R"({"Q": [[1, 0]], "outputs": ["a", "a"]})", "m.json"); }),
      "m.json: \"outputs\" lists the label 'a' twice");
  EXPECT_EQ(
      message_of([] {
        parse_mechanism_json(
            R"({"bits": [{"one_if_on": "3/4", "one_if_off": "1/4"}], "protected_zero_bits": [-1]})",
            "m.json");
      }),
      "m.json: protected_zero_bits[0]: '-1' is not a bit index");
}

TEST(MechanismFile, FormatFollowsTheContentAndJsonRefusesTextOptions) {
  EXPECT_TRUE(std::holds_alternative<MatrixFile>(parse_mechanism_text("[[1]]", "m.txt")));
  EXPECT_FALSE(std::get<MatrixFile>(parse_mechanism_text("[[1]]", "m.txt")).layout);
  EXPECT_TRUE(std::get<MatrixFile>(parse_mechanism_text("1\n", "m.txt")).layout);
  EXPECT_THROW(parse_mechanism_text("[[1]]", "m.txt", {.header = HeaderChoice::kYes}),
               InvalidArgument);
  EXPECT_EQ(message_of([] { read_mechanism_file("/"); }), "/: is a directory, not a matrix file");
}

TEST(MatrixWriter, ItsCsvReadsBackWithAnyLabels) {
  const DenseMechanism q(2, {"0", "say \"x\"", "{1,3}", "two\nlines"},
                         {Rational(1, 2), 0, Rational(1, 3), Rational(1, 6), 0, 0, 0, 1});
  const std::string csv = matrix_csv(q, "written by a test\nsecond line");
  EXPECT_EQ(csv.substr(0, 51), "# written by a test\n# second line\n# header: yes\n\"0\"");
  const MatrixFile back = parse_matrix_csv(csv, "w.csv");
  EXPECT_EQ(back.matrix.output_labels(), q.output_labels());
  for (std::size_t x = 0; x < 2; ++x) {
    for (std::size_t y = 0; y < 4; ++y) EXPECT_EQ(back.matrix(x, y), q(x, y));
  }
}

TEST(MechanismFile, MissingFileIsAnInputError) {
  EXPECT_EQ(message_of([] { read_mechanism_file("/nonexistent/q.csv"); }),
            "/nonexistent/q.csv: cannot open file");
}

// --binary64 delimited text takes a fast reading (plain decimals straight to binary64 patterns,
// lines split in two threads above 1 MB, internal/binary64_rows.h): it must give the general
// reading's matrix and, for a bad file, the general reading's error for the first bad line in
// file order.
const MatrixReadOptions kBinary64{.reading = EntryReading::kBinary64};

// A matrix as text: its cells, where each row starts, and the text.
struct MatrixText {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::size_t> lines;  // the line of each row
  std::string text;
};

// Cells of every kind the binary64 reading takes: shortest and 17-digit decimals, subnormals,
// exponents, 0 and 1, and (rarely) a hex float, a fraction, a sign.
std::string random_cell(std::mt19937_64& random) {
  static const char* const kOthers[] = {"0",    "1",     "0.1",       "0x1.8p-2", "1/2",
                                        "-0",   "+0.25", "4.9e-324",  "1e-300",   "0.5E0",
                                        "1e-5", ".5",    "2.225e-308"};
  char buffer[64];
  const double d = std::uniform_real_distribution<double>(0.0, 1.0)(random);
  switch (random() % 8) {
    case 0:
      return kOthers[random() % std::size(kOthers)];
    case 1:
      std::snprintf(buffer, sizeof buffer, "%.17g", d);
      return buffer;
    case 2:
      std::snprintf(buffer, sizeof buffer, "%.3e", d * 1e-200);
      return buffer;
    default: {
      const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, d);
      return std::string(buffer, end);
    }
  }
}

// rows x columns cells; `separator` between cells, `eol` after each row, and now and then a blank
// or comment line between rows.
MatrixText random_matrix(std::size_t rows, std::size_t columns, unsigned seed,
                         const std::string& separator = ",", const std::string& eol = "\n") {
  std::mt19937_64 random(seed);
  MatrixText m;
  std::size_t line = 1;
  for (std::size_t x = 0; x < rows; ++x) {
    if (x > 0 && random() % 50 == 0) {
      m.text += random() % 2 ? "# a comment" + eol : "  " + eol;
      ++line;
    }
    m.cells.emplace_back();
    for (std::size_t y = 0; y < columns; ++y) {
      m.cells.back().push_back(random_cell(random));
      m.text += (y ? separator : "") + m.cells.back().back();
    }
    m.text += eol;
    m.lines.push_back(line++);
  }
  return m;
}

// The matrix has each cell's general --binary64 value and each row's line.
void expect_read_as_general(const MatrixFile& f, const MatrixText& m) {
  ASSERT_EQ(f.matrix.num_inputs(), m.cells.size());
  for (std::size_t x = 0; x < m.cells.size(); ++x) {
    ASSERT_EQ(f.row_locations[x], "line " + std::to_string(m.lines[x]));
    for (std::size_t y = 0; y < m.cells[x].size(); ++y) {
      ASSERT_EQ(f.matrix(x, y), read_entry(m.cells[x][y], EntryReading::kBinary64, "entry"))
          << "row " << x << " column " << y << ": " << m.cells[x][y];
    }
  }
}

TEST(Binary64Reading, LargeFileGivesTheGeneralReadingsValuesCompactly) {
  const MatrixText m = random_matrix(2000, 64, 1);
  ASSERT_GT(m.text.size(), 2u << 20);  // two threads
  const MatrixFile f = parse_matrix_csv(m.text, "m.csv", kBinary64);
  EXPECT_TRUE(f.matrix.is_binary64());
  expect_read_as_general(f, m);
}

TEST(Binary64Reading, EveryDelimiterAndLineEnd) {
  struct Case {
    std::string separator, eol;
  };
  for (const Case& c : {Case{",", "\r\n"}, Case{" ; ", "\n"}, Case{"\t", "\n"},
                        Case{" \t  ", "\r\n"}, Case{", ", "\n"}}) {
    const MatrixText m = random_matrix(700, 64, 2, c.separator, c.eol);
    const MatrixFile f = parse_matrix_csv(m.text, "m.csv", kBinary64);
    EXPECT_TRUE(f.matrix.is_binary64()) << c.separator;
    expect_read_as_general(f, m);
  }
  // Small files (one thread), with a header and without a final line end.
  const MatrixFile f = parse_matrix_csv("a,b\n0.1,0.9\r\n\n0.25 ,0.75", "m.csv", kBinary64);
  EXPECT_TRUE(f.matrix.is_binary64());
  EXPECT_EQ(f.matrix(0, 0), from_double(0.1));
  EXPECT_EQ(f.matrix(1, 1), Rational(3, 4));
  EXPECT_EQ(f.row_locations, (std::vector<std::string>{"line 2", "line 4"}));
}

TEST(Binary64Reading, EntriesThatAreNoBinary64ValueTakeTheGeneralReading) {
  MatrixText m = random_matrix(1000, 64, 3);
  // A row of 1/3 then 63 zeros after the others.
  std::string row = "1/3";
  for (int i = 1; i < 64; ++i) row += ",0";
  const MatrixFile f = parse_matrix_csv(m.text + row + "\n", "m.csv", kBinary64);
  EXPECT_FALSE(f.matrix.is_binary64());
  EXPECT_EQ(f.matrix(1000, 0), Rational(1, 3));
  m.cells.emplace_back(std::vector<std::string>{"1/3"});
  m.cells.back().resize(64, "0");
  m.lines.push_back(m.lines.back() + 1);
  expect_read_as_general(f, m);
  // Quotes after the first row: the general reading too.
  const MatrixFile quoted = parse_matrix_csv("0.5,0.5\n\"0.1\",0.9\n", "m.csv", kBinary64);
  EXPECT_FALSE(quoted.matrix.is_binary64());
  EXPECT_EQ(quoted.matrix(1, 0), from_double(0.1));
}

// The text of `m` with row x's cell y replaced by `cell`, and the place it is at.
struct Placed {
  std::string text;
  std::string where;  // "line:column"
};
Placed with_cell(const MatrixText& m, std::size_t x, std::size_t y, const std::string& cell) {
  std::size_t line = 1, pos = 0;
  while (line < m.lines[x]) {
    pos = m.text.find('\n', pos) + 1;
    ++line;
  }
  std::size_t column = 0;
  for (std::size_t i = 0; i < y; ++i) column += m.cells[x][i].size() + 1;
  Placed p{m.text, std::to_string(m.lines[x]) + ":" + std::to_string(column + 1)};
  p.text.replace(pos + column, m.cells[x][y].size(), cell);
  return p;
}

TEST(Binary64Reading, ErrorNamesTheFirstBadEntryInFileOrder) {
  const MatrixText m = random_matrix(2000, 64, 4);
  // Only in the second half (the second thread's).
  const Placed late = with_cell(m, 1700, 5, "abc");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(late.text, "m.csv", kBinary64); }),
            "m.csv:" + late.where + ": entry: 'abc' is not a number");
  // In both halves: the first.
  const Placed early = with_cell(MatrixText{m.cells, m.lines, late.text}, 300, 0, "1.5");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(early.text, "m.csv", kBinary64); }),
            "m.csv:" + early.where + ": entry 3/2 is a probability outside [0,1]");
  // A good entry that is no binary64 value before it changes nothing.
  const Placed third = with_cell(MatrixText{m.cells, m.lines, late.text}, 100, 2, "1/3");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(third.text, "m.csv", kBinary64); }),
            "m.csv:" + late.where + ": entry: 'abc' is not a number");
  // Beyond the binary64 range; an empty cell.
  const Placed huge = with_cell(m, 1999, 63, "1e400");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(huge.text, "m.csv", kBinary64); }),
            "m.csv:" + huge.where +
                ": entry: '1e400' is beyond the binary64 range (its nearest double is infinite)");
  const Placed empty = with_cell(m, 1000, 0, "");
  EXPECT_EQ(message_of([&] { parse_matrix_csv(empty.text, "m.csv", kBinary64); }),
            "m.csv:" + empty.where + ": entry: '' is not a number (it is empty)");
}

TEST(Binary64Reading, RaggedRowBeforeALaterBadEntry) {
  const MatrixText m = random_matrix(2000, 64, 5);
  Placed bad = with_cell(m, 1900, 1, "x");
  // Row 1200 loses its last cell.
  std::size_t pos = 0;
  for (std::size_t line = 1; line <= m.lines[1200]; ++line) pos = bad.text.find('\n', pos) + 1;
  const std::size_t comma = bad.text.rfind(',', pos - 1);
  bad.text.erase(comma, pos - 1 - comma);
  EXPECT_EQ(message_of([&] { parse_matrix_csv(bad.text, "m.csv", kBinary64); }),
            "m.csv:" + std::to_string(m.lines[1200]) + ":1: row has 63 entries, expected 64");
}

}  // namespace
// The entry limit (2^23, what a check affords within 2 GB: bench/extremes.sh) refuses a matrix
// one row past it while it is read, exact and binary64 alike.
TEST(CsvReader, AMatrixPastTheEntryLimitIsRefusedWhileRead) {
  const std::size_t columns = 2896;  // 2896 rows fit: 2896^2 = 8,386,816 <= 8,388,608
  std::string row = "1";
  for (std::size_t j = 1; j < columns; ++j) row += ",0";
  row += "\n";
  std::string text;
  for (std::size_t i = 0; i < 2897; ++i) text += row;
  for (const bool binary64 : {false, true}) {
    MatrixReadOptions options;
    if (binary64) options.reading = EntryReading::kBinary64;
    EXPECT_EQ(message_of([&] { parse_matrix_csv(text, "m.csv", options); }),
              "m.csv:2897:1: row 2897 of 2896 entries takes the matrix past 8388608 entries, "
              "the limit of a matrix file")
        << binary64;
  }
}

// Issue 53: a line past the line limit is refused before any cell of it is kept, text given in
// memory (Python) included; a one-line file of 50 million entries took 1.9 GB before.
TEST(CsvReader, ALinePastTheLineLimitIsRefusedBeforeItsCells) {
  std::string text = "1,0\n";
  for (std::size_t cell = 0; cell < kMaxTextLine / 2; ++cell) text += "0,";
  text += "0";  // kMaxTextLine + 1 bytes
  for (const bool binary64 : {false, true}) {
    MatrixReadOptions options;
    if (binary64) options.reading = EntryReading::kBinary64;
    EXPECT_EQ(message_of([&] { parse_matrix_csv(text, "m.csv", options); }),
              "m.csv:2:1: line too long (more than 16777216 bytes)")
        << binary64;
  }
}

}  // namespace uldp
