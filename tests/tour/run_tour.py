"""Runs the README's tour as a new user would: every command of its ```sh blocks, in order, in a
fresh directory, with `uldp` on PATH and E naming the shipped examples. A step fails when it
exits with 2 or more (bad input, a crash: the tour never shows one) or when its output lacks
what the README shows under it (a '#   ' line; '...' elides, ' | ' lines list alternatives).

    python3 run_tour.py README.md DIR_OF_ULDP EXAMPLES_DIR
"""

import os
import re
import subprocess
import sys
import tempfile


def steps(readme):
    text = open(readme, encoding="utf-8").read()
    tour = text[text.index("## A short tour of the command line"):text.index("## Layout")]
    found = []  # [command, expected lines]
    for block in re.findall(r"```sh\n(.*?)```", tour, re.S):
        for line in block.splitlines():
            if re.match(r"#\s{3,}", line):
                expected = line[1:].strip()
                if found and " | " not in expected:
                    found[-1][1].append(expected)
            elif line.strip() and not line.startswith("#"):
                found.append([line, []])
    return found


def squeezed(text):
    return " ".join(text.split())


def main():
    readme, uldp_dir, examples = sys.argv[1:4]
    environment = dict(os.environ, PATH=os.path.abspath(uldp_dir) + os.pathsep + os.environ["PATH"],
                       E=os.path.abspath(examples))
    failures = []
    tour = steps(readme)
    with tempfile.TemporaryDirectory(prefix="uldp-tour-") as directory:
        for command, expected in tour:
            done = subprocess.run(["bash", "-c", command], cwd=directory, env=environment,
                                  capture_output=True, text=True)
            output = squeezed(done.stdout + done.stderr)
            missing = [fragment.strip() for line in expected for fragment in line.split("...")
                       if fragment.strip() and squeezed(fragment) not in output]
            status = "ok" if done.returncode in (0, 1) and not missing else "FAILED"
            print(f"[{status}] exit {done.returncode}: {command}")
            if status == "FAILED":
                failures.append(command)
                print("  stderr: " + done.stderr.strip()[-500:])
                for fragment in missing:
                    print(f"  the README shows, the output lacks: {fragment}")
    print(f"tour: {len(tour) - len(failures)} of {len(tour)} steps as the README shows them")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
