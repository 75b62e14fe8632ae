#!/usr/bin/env python3
"""Print the published number of every \\label in the paper's LaTeX source.

Usage: scripts/paper-numbering.py PAPER.tex > docs/paper-numbering.tsv

Reads the arXiv source of Murakami & Kawamoto, "Utility-Optimized Local Differential
Privacy Mechanisms for Distribution Estimation" (arXiv 1807.11317) and prints a TSV
`label<TAB>kind<TAB>number` in document order, after a header comment. Standard library only.

What it models (the rules of the vldb document class, amsmath and thm-restate):
- comments are stripped; \\arxiv{...} is kept and \\conference{...} dropped (the source sets
  \\conferenceonfalse, so it typesets the arXiv version);
- theorem-like counters come from the preamble's \\newtheorem declarations: an own counter
  (\\newtheorem{a}{A}), a shared one (\\newtheorem{a}[b]{A}) or one reset per section
  (\\newtheorem{a}{A}[section]). Environments used but never declared (the source uses
  `prop` and `thm` through restatable without declaring them) are given an own counter,
  like the two the preamble declares, and a warning goes to stderr;
- a restatement (\\Name* of a restatable) steps no counter and defines no label;
- equations: one arabic counter for the whole document (vldb.cls's \\appendix does not
  reset it); each row of align/eqnarray/gather gets a number unless it says \\nonumber or
  \\notag (global: it counts inside a nested cases); a \\\\ counts as a row break only at
  the alignment's own environment and brace level (not inside cases or \\substack);
  align* and friends number nothing;
- sections: arabic, subsections S.n, subsubsections S.n.m; after \\appendix, sections are
  lettered (A, B, ...) and subsections keep the letter (B.4); the kind is `appendix` there;
- figures and tables: each \\caption steps the float's counter (figure* shares figure's).
A \\label takes the value of the last counter stepped in its group, as LaTeX does.
"""
import re
import sys

THEOREM_TITLES = {"prop": "Proposition", "thm": "Theorem"}  # names of undeclared envs
ALIGN_LIKE = {"align", "eqnarray", "gather", "flalign", "alignat"}
SINGLE_EQUATION = {"equation", "multline"}
UNNUMBERED_MATH = {"align*", "eqnarray*", "gather*", "flalign*", "alignat*", "equation*",
                   "multline*", "displaymath"}


def warn(message):
    print("paper-numbering: " + message, file=sys.stderr)


def strip_comments(text):
    """Remove % comments (an unescaped % up to the end of its line, newline included)."""
    out = []
    for line in text.split("\n"):
        cut = None
        for match in re.finditer(r"%", line):
            backslashes = len(line[:match.start()]) - len(line[:match.start()].rstrip("\\"))
            if backslashes % 2 == 0:
                cut = match.start()
                break
        out.append(line if cut is None else line[:cut])
        if cut is None:
            out.append("\n")
    return "".join(out)


def matching_brace(text, open_index):
    """Index of the brace closing the one at open_index (escaped braces ignored)."""
    depth = 0
    i = open_index
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced brace at offset %d" % open_index)


def select_arxiv_version(text):
    """Keep the body of \\arxiv{...}, drop \\conference{...} (the source's \\conferenceonfalse)."""
    pattern = re.compile(r"\\(arxiv|conference)\s*\{")
    while True:
        match = pattern.search(text)
        if not match:
            return text
        open_index = match.end() - 1
        close_index = matching_brace(text, open_index)
        body = text[open_index + 1:close_index] if match.group(1) == "arxiv" else ""
        text = text[:match.start()] + body + text[close_index + 1:]


def theorem_counters(preamble):
    """env name -> (counter name, title, reset-by-section) from \\newtheorem declarations."""
    result = {}
    declaration = re.compile(
        r"\\newtheorem\{([^}]*)\}(?:\[([^\]]*)\])?\{([^}]*)\}(?:\[([^\]]*)\])?")
    for name, shared, title, within in declaration.findall(preamble):
        counter = shared or name
        reset = (within == "section") or (shared and result.get(shared, (0, 0, False))[2])
        result[name] = (counter, title, bool(reset))
    return result


def alph(n):
    return chr(ord("A") + n - 1)


class Numberer:
    def __init__(self, theorems):
        self.theorems = theorems
        self.counters = {}
        self.in_appendix = False
        self.current = ("none", "")  # @currentlabel: (kind, number)
        self.groups = []  # per open environment: (name, saved current, brace depth)
        self.labels = []  # (label, kind, number)
        self.row_numbered = True
        self.row_labels = []
        self.brace_depth = 0
        self.assumed = []  # theorem-like environments used without a declaration

    def step(self, counter):
        self.counters[counter] = self.counters.get(counter, 0) + 1
        return self.counters[counter]

    def section_number(self):
        section = self.counters.get("section", 0)
        return alph(section) if self.in_appendix else str(section)

    def define(self, label, kind, number):
        self.labels.append((label, kind, number))

    def sectioning(self, level, starred):
        if starred:
            return
        order = ["section", "subsection", "subsubsection"]
        if level not in order:
            return  # \paragraph is not numbered at secnumdepth 3 in vldb.cls's sense here
        self.step(level)
        for deeper in order[order.index(level) + 1:]:
            self.counters[deeper] = 0
        if level == "section":
            for counter, _, reset in self.theorems.values():
                if reset:
                    self.counters[counter] = 0
        parts = [self.section_number()]
        if level in ("subsection", "subsubsection"):
            parts.append(str(self.counters["subsection"]))
        if level == "subsubsection":
            parts.append(str(self.counters["subsubsection"]))
        self.current = ("appendix" if self.in_appendix else "section", ".".join(parts))

    def begin_theorem(self, env):
        if env not in self.theorems:
            warn("environment '%s' is used but not declared; assuming its own counter" % env)
            self.assumed.append(env)
            self.theorems[env] = (env, THEOREM_TITLES.get(env, env.capitalize()), False)
        counter, title, reset = self.theorems[env]
        value = self.step(counter)
        number = "%s.%d" % (self.section_number(), value) if reset else str(value)
        self.current = (title.lower(), number)

    def innermost_alignment(self):
        for name, _, depth in reversed(self.groups):
            if name in ALIGN_LIKE or name in SINGLE_EQUATION:
                return name, depth
        return None, None

    def end_row(self):
        if self.row_numbered:
            number = str(self.step("equation"))
            for label in self.row_labels:
                self.define(label, "equation", number)
        else:
            for label in self.row_labels:
                warn("label '%s' sits on an unnumbered row; it takes %s %s" %
                     (label, self.current[0], self.current[1]))
                self.define(label, self.current[0], self.current[1])
        self.row_numbered = True
        self.row_labels = []

    def run(self, body):
        token = re.compile(
            r"\\\\\*?|\\[{}%]|[{}]|\\begin\s*\{([^}]*)\}|\\end\s*\{([^}]*)\}"
            r"|\\(section|subsection|subsubsection|paragraph)\b\s*(\*?)"
            r"|\\appendix\b|\\bibliography\b|\\label\s*\{([^}]*)\}|\\caption\b"
            r"|\\(?:nonumber|notag)\b|\\tag\b|\\item\b")
        position = 0
        while True:
            match = token.search(body, position)
            if not match:
                break
            position = match.end()
            text = match.group(0)
            if text in ("{", "}"):
                self.brace_depth += 1 if text == "{" else -1
            elif text.startswith("\\\\"):
                name, depth = self.innermost_alignment()
                if name in ALIGN_LIKE and self.groups[-1][0] == name and depth == self.brace_depth:
                    self.end_row()
            elif match.group(1) is not None:
                position = self.begin(match.group(1).strip(), body, position)
            elif match.group(2) is not None:
                self.end(match.group(2).strip())
            elif match.group(3) is not None:
                self.sectioning(match.group(3), match.group(4) == "*")
            elif text == "\\appendix":
                self.in_appendix = True
                self.counters["section"] = 0
                self.counters["subsection"] = 0
            elif text == "\\bibliography":
                self.sectioning("section", False)  # thebibliography opens a numbered section
            elif match.group(5) is not None:
                self.label(match.group(5).strip())
            elif text == "\\caption":
                float_name = next((g[0] for g in reversed(self.groups)
                                   if g[0].rstrip("*") in ("figure", "table")), None)
                if float_name is None:
                    warn("\\caption outside a figure or table")
                    continue
                kind = float_name.rstrip("*")
                self.current = (kind, str(self.step(kind)))
            elif text in ("\\nonumber", "\\notag"):
                self.row_numbered = False
            elif text == "\\tag":
                raise SystemExit("paper-numbering: \\tag is not supported")
            elif text == "\\item":
                if any(g[0] == "enumerate" for g in self.groups):
                    self.current = ("item", "?")
        return self.labels

    def begin(self, env, body, position):
        self.groups.append((env, self.current, self.brace_depth))
        if env == "restatable":
            args = re.compile(r"\s*(?:\[(?:[^\[\]{}]|\{[^{}]*\})*\])?\s*\{([^}]*)\}\s*\{([^}]*)\}")
            match = args.match(body, position)
            if not match:
                raise SystemExit("paper-numbering: cannot read restatable's arguments")
            self.begin_theorem(match.group(1).strip())
            return match.end()
        if env in self.theorems or env in THEOREM_TITLES:
            self.begin_theorem(env)
        elif env in ALIGN_LIKE or env in SINGLE_EQUATION:
            self.row_numbered = True
            self.row_labels = []
        elif env == "subequations":
            raise SystemExit("paper-numbering: subequations is not supported")
        return position

    def end(self, env):
        if not self.groups or self.groups[-1][0] != env:
            raise SystemExit("paper-numbering: \\end{%s} does not close %s" %
                             (env, self.groups[-1][0] if self.groups else "anything"))
        if env in ALIGN_LIKE or env in SINGLE_EQUATION:
            self.end_row()
        _, saved, _ = self.groups.pop()
        self.current = saved

    def label(self, label):
        name, _ = self.innermost_alignment()
        if name is not None:
            self.row_labels.append(label)
            return
        if any(g[0] in UNNUMBERED_MATH for g in self.groups):
            warn("label '%s' inside an unnumbered display" % label)
        if self.current[0] == "item":
            warn("label '%s' names an enumerate item; not numbered here" % label)
        self.define(label, self.current[0], self.current[1])


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().split("\n")[2], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as source:
        text = strip_comments(source.read())
    start = text.index("\\begin{document}")
    end = text.index("\\end{document}")
    numberer = Numberer(theorem_counters(text[:start]))
    labels = numberer.run(select_arxiv_version(text[start + len("\\begin{document}"):end]))
    seen = set()
    print("# Published numbering of the labels of the arXiv source of 1807.11317 (Murakami &"
          " Kawamoto, USENIX Security 2019), produced by scripts/paper-numbering.py."
          " Columns: label, kind, number.")
    counting = ", ".join(
        "%s: counter `%s`%s" % (title, counter, " reset per section" if reset else "")
        for counter, title, reset in numberer.theorems.values())
    print("# Counting: %s; equations: one counter for the whole document (appendix included);"
          " sections in the appendix are lettered (kind `appendix`)." % counting)
    for env in numberer.assumed:
        print("# The source uses `%s` (%s) without declaring it; it is counted like the declared"
              " definition and lemma: its own counter, not reset per section." %
              (env, THEOREM_TITLES.get(env, env)))
    for label, kind, number in labels:
        if label in seen:
            warn("label '%s' defined twice; keeping the first" % label)
            continue
        seen.add(label)
        print("%s\t%s\t%s" % (label, kind, number))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
