#!/usr/bin/env python3
"""Markdown tables of the utility-proof steps from `uldp prove --steps --json` (read on stdin).

    ./build/cli/uldp prove --steps --json | scripts/proof-steps-table.py steps     # verification.md
    ./build/cli/uldp prove --steps --json | scripts/proof-steps-table.py map       # theory-map.md
"""
import json
import sys

LETTER = {"proved": "P", "refuted": "R", "unknown": "?", "disagreement": "!"}


def cell(text):
    return text.replace("|", "\\|")


def solver_cell(step, solver):
    if "not_encoded" in step:
        return "-"
    seconds = 0.0
    letters = ""
    for query in ("at_step", "at_top"):
        answer = step[query]["solvers"].get(solver)
        if answer is None:
            return "-"
        letters += LETTER[answer["status"]]
        seconds += answer["seconds"]
    return f"{letters} {seconds:.3f} s"


def steps_table(steps):
    print("| step | paper | statement | at step | at top | z3 | cvc5 | erratum |")
    print("|---|---|---|---|---|---|---|---|")
    for s in steps:
        if "not_encoded" in s:
            at_step = at_top = "unknown (not encoded)"
        else:
            at_step, at_top = s["at_step"]["status"], s["at_top"]["status"]
        print(f"| `{s['name']}` | {cell(s['paper_reference'])} | {cell(s['statement'])} | "
              f"{at_step} | {at_top} | {solver_cell(s, 'z3')} | {solver_cell(s, 'cvc5')} | "
              f"{s['erratum'] or ''} |")


def proof_of(name):
    return name.split(".")[0]


def map_table(steps):
    order, by_proof = [], {}
    for s in steps:
        proof = proof_of(s["name"])
        if proof not in by_proof:
            order.append(proof)
            by_proof[proof] = []
        by_proof[proof].append(s)
    print("| proof | steps (claims of `uldp prove`) | refuted | unknown |")
    print("|---|---|---|---|")
    for proof in order:
        rows = by_proof[proof]
        names = ", ".join(f"`{s['name']}`" for s in rows)
        refuted = ", ".join(f"`{s['name']}` ({s['erratum']})" for s in rows
                            if s["status"] == "refuted")
        unknown = ", ".join(f"`{s['name']}`" for s in rows if s["status"] == "unknown")
        reference = rows[0]["paper_reference"].split(" (")[0]
        print(f"| {cell(reference)} | {names} | {refuted or '-'} | {unknown or '-'} |")


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("steps", "map"):
        sys.exit("usage: proof-steps-table.py steps|map < prove-steps.json")
    steps = json.load(sys.stdin)["steps"]
    (steps_table if sys.argv[1] == "steps" else map_table)(steps)


if __name__ == "__main__":
    main()
