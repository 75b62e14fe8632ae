"""The bug zoo's Python replicas (issue 52; docs/bug-zoo.md): privacy bugs that shipped in public
Python-facing LDP code, each written here from the cited lines (none copies the third-party code)
as a client(x, rng) for uldp.conform_client, with the claim its code makes. The C++ replicas and
the exact matrices of their channels are tests/support/include/uldp/testing/bug_zoo.h."""

import math
import struct


def pure_ldp_unary_encoding(k, epsilon, use_oue):
    """pure-LDP 1.1.x's UEClient._perturb (Samuel-Maddock/pure-LDP issue #11; ue_client.py lines
    54-56 from commit 129016b, fixed in 1.2.0): every bit is drawn with q, then the own bit is set
    to 1 with p, so it is 1 with p + (1 - p) q. OUE: p = 1/2, q = 1/(e^eps + 1); SUE: p =
    e^(eps/2) / (e^(eps/2) + 1), q = 1 - p. Tight e^eps: t + 2 (OUE), t + sqrt(t) + 1 (SUE)."""
    if use_oue:
        p, q = 0.5, 1 / (math.exp(epsilon) + 1)
    else:
        half = math.exp(epsilon / 2)
        p = half / (half + 1)
        q = 1 - p

    def client(x, rng):
        bits = (rng.random(k) < q).astype(int)
        if rng.random() < p:
            bits[x] = 1  # the own bit is never cleared first
        return bits

    return client


def opendp_randomized_response_bool(prob):
    """OpenDP's make_randomized_response_bool before the fix asked for in opendp/opendp issue #480
    (rust/src/meas/randomized_response/mod.rs, commit 0213ef7): the lie is a Bernoulli(prob) draw,
    not the negation, so the lie can be the truth. Claimed e^eps = prob / (1 - prob); at prob = 3/4
    the tight e^eps is 13. Outputs: False = 0, True = 1."""

    def client(x, rng):
        lie = rng.random() < prob
        honest = rng.random() < prob
        return int(x if honest else lie)

    return client


def smartnoise_sample_bit_prob(prob, rng):
    """smartnoise-core's sample_bit_prob before PR #279 (opendp/smartnoise-core issue #278;
    runtime-rust/src/utilities/noise.rs lines 89-110 at commit 5565da7): with j the index of the
    first heads among fair flips (at most 1022) and L the leading zeros of prob's binary expansion,
    0 below L, else bit L + j of "1" and the 52 mantissa bits (bit j - L is the one wanted); past
    bit 52 the Rust code panics."""
    first_heads = 0
    while first_heads < 1022 and rng.random() >= 0.5:
        first_heads += 1
    raw = struct.unpack("<Q", struct.pack("<d", prob))[0]
    exponent = (raw >> 52) & 0x7FF
    leading_zeros = max(1022 - exponent, 0)
    if first_heads < leading_zeros:
        return False
    index = leading_zeros + first_heads  # the bug: the bit wanted is first_heads - leading_zeros
    if index > 52:
        raise IndexError(f"index out of bounds: the len is 53 but the index is {index}")
    return index == 0 or bool((raw >> (52 - index)) & 1)


def smartnoise_randomized_response(epsilon):
    """Binary randomized response flipping with smartnoise_sample_bit_prob(1 / (e^eps + 1)): at
    eps = 1 it flips with 0.0758 instead of 0.2689, a tight e^eps of 12.2 for a claimed e."""
    flip = 1 / (math.exp(epsilon) + 1)

    def client(x, rng):
        return 1 - x if smartnoise_sample_bit_prob(flip, rng) else x

    return client
