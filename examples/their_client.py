#!/usr/bin/env python3
"""A stand-in for another library's client, for the tour: it perturbs inputs with uRR (k = 5,
X_S = {0, 1}, e^eps = 3) or, with --mech oue, with optimized unary encoding (k = 8, e^eps = 4),
written from the papers' formulas with Python's random module.

    python3 -u their_client.py [--mech oue] [--seed S]      one input per line in, one output out
    python3 their_client.py --samples N [--seed S]          N samples as x,y lines (inputs cycle)

uRR (Murakami & Kawamoto, arXiv 1807.11317): a sensitive x stays with probability 3/4 and
becomes the other sensitive symbol with 1/4; a non-sensitive x stays with 1/2 and becomes each
sensitive symbol with 1/4. OUE (Wang et al. 2017): the input's bit is 1 with probability 1/2,
every other bit with 1/(e^eps + 1) = 1/5.
"""

import argparse
import random
import sys


def urr(x, rng):
    u = rng.random()
    if x < 2:
        return x if u < 0.75 else 1 - x
    return x if u < 0.5 else (0 if u < 0.75 else 1)


def oue(x, rng):
    return "".join("1" if rng.random() < (0.5 if j == x else 0.2) else "0" for j in range(8))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mech", choices=("urr", "oue"), default="urr")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    client = urr if args.mech == "urr" else oue
    if args.samples is not None:
        k = 5 if args.mech == "urr" else 8
        print(f"# x,y samples of their_client.py --mech {args.mech} --seed {args.seed}")
        for i in range(args.samples):
            print(f"{i % k},{client(i % k, rng)}")
        return
    for line in sys.stdin:
        print(client(int(line), rng), flush=True)


if __name__ == "__main__":
    main()
