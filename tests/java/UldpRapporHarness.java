// Drives Google's RAPPOR Encoder (Debian's librappor-aosp-java) as a live client of
// `uldp conform client --mech rappor-bloom`: reads one input index per line, encodes its decimal
// text, writes "cohort:bits" (character j = bit j) and flushes. Each report is a fresh user: a
// new 48-byte secret from one seeded java.util.Random, which also draws the instantaneous coins.
// With "reuse-secret" every report comes from one user, whose memoized permanent responses and
// cohort then repeat: the fault the test must catch.
//
// usage: UldpRapporHarness BITS HASHES COHORTS F P Q SEED [reuse-secret]
import com.google.android.rappor.Encoder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

public final class UldpRapporHarness {
  public static void main(String[] args) throws Exception {
    if (args.length < 7 || args.length > 8 || (args.length == 8 && !args[7].equals("reuse-secret"))) {
      System.err.println("usage: UldpRapporHarness BITS HASHES COHORTS F P Q SEED [reuse-secret]");
      System.exit(2);
    }
    final int bits = Integer.parseInt(args[0]);
    final int hashes = Integer.parseInt(args[1]);
    final int cohorts = Integer.parseInt(args[2]);
    final double f = Double.parseDouble(args[3]);
    final double p = Double.parseDouble(args[4]);
    final double q = Double.parseDouble(args[5]);
    final Random random = new Random(Long.parseLong(args[6]));
    final boolean reuse = args.length == 8;
    final byte[] shared = secret(random);
    final BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    final PrintStream out = new PrintStream(System.out, false, "UTF-8");
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      final int x = Integer.parseInt(line.trim());
      final byte[] userSecret = reuse ? shared : secret(random);
      final Encoder encoder = new Encoder(random, null, null, userSecret, "uldp", bits, f, p, q,
                                          cohorts, hashes);
      final byte[] report = encoder.encodeString(Integer.toString(x));
      final StringBuilder text = new StringBuilder();
      text.append(encoder.getCohort()).append(':');
      for (int j = 0; j < bits; ++j) text.append(((report[j / 8] >> (j % 8)) & 1) == 1 ? '1' : '0');
      out.println(text);
      out.flush();
    }
  }

  private static byte[] secret(Random random) {
    final byte[] s = new byte[Encoder.MIN_USER_SECRET_BYTES];
    random.nextBytes(s);
    return s;
  }
}
