#!/usr/bin/env python3
"""Benchmark of `errcode check --against` on a generated tree.

Generates a 10,000-entry catalog, 10,000 C/C++/Rust sources (tables,
report sites, definitions) and 500 reference pages, then runs the release
tool twice: `check CATALOG` alone (the baseline: reading and checking the
catalog) and `check CATALOG --against TREE`, printing wall time, peak RSS
and the ratio. Targets (issue 17): under 10 s and 200 MB.

    cargo build --release -p errcat-cli
    python3 tools/against-bench/run.py [WORKDIR]

Prints the load average and each run's user+sys CPU time beside its wall
time: on a machine shared with other jobs the wall time varies with them.
"""

import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ENTRIES = 10_000
SOURCES = 10_000
PAGES = 500


def code(n):
    # E + module letter + four digits; 26 modules x 1000 codes.
    return "E%s%04d" % ("ABCDFGHIJKLMNOPQRSTVXYZ"[n // 1000 % 23], n % 1000 + 1000)


def generate(root):
    entries = []
    for n in range(ENTRIES):
        entries.append({
            "errClass": "Generated Errors",
            "errTitle": "Generated_Error_%d" % n,
            "ErrCode": code(n),
            "ErrMessage": "Value %%s for parameter %%s is invalid in step %d." % n,
            "Arglist": "value, param",
            "suggestion": {"Possible Cause": "1. Bad input %d. 2. Bad config." % n,
                           "Solution": "Fix the value."},
        })
    catalog = os.path.join(root, "error_code.json")
    with open(catalog, "w") as out:
        json.dump({"error_info_list": entries}, out, indent=2)
    tree = os.path.join(root, "tree")
    for n in range(SOURCES):
        folder = os.path.join(tree, "m%03d" % (n // 100))
        os.makedirs(folder, exist_ok=True)
        c = code(n)
        kind = n % 3
        if kind == 0:
            body = "/* generated */\n#include \"x.h\"\n"
            body += "static const Config MAP[] = {\n"
            body += "    {\"%s\", \"Value %%s for parameter %%s is invalid in step %d.\", \"1. Bad input %d. 2. Bad config.\", \"Fix the value.\", {\"value\", \"param\"}},\n};\n" % (c, n, n)
            for i in range(40):
                body += "int f%d(int a) {\n  // comment %d\n  if (a > %d) {\n    REPORT_INPUT_ERROR(\"%s\", std::vector<std::string>({\"value\", \"param\"}), std::vector<std::string>({std::to_string(a), \"p\"}));\n  }\n  return a;\n}\n" % (i, i, i, c)
            name = "f%d.cpp" % n
        elif kind == 1:
            body = "#define TABLE(X) \\\n    X(%s, \"%s\", (\"value\", \"param\"), \\\n      \"Value %%s for parameter %%s is invalid in step %d. \" \\\n      \"ErrorCode=%s.\\n\", DLOG_ERROR)\n" % (c, c, n, c)
            for i in range(40):
                body += "static int g%d(const char *s) { return report(\"%s\", {\"param\", \"value\"}, {s, \"x\"}); }\n" % (i, c)
            name = "f%d.h" % n
        else:
            body = "use errcat::error_code;\n\n"
            body += "/// Generated.\n#[error_code(\"%s\", title = \"Generated_Error_%d\", message = \"Value {value} for parameter {param} is invalid in step %d.\", cause = \"1. Bad input %d. 2. Bad config.\", solution = \"Fix the value.\")]\npub struct E%d {\n    /// the value\n    pub value: String,\n    /// the parameter\n    pub param: String,\n}\n\n" % (c, n, n, n, n)
            for i in range(30):
                body += "pub fn f%d(v: &str) {\n    if v.is_empty() {\n        errcat::msprof_env_error!(\"%s\", [\"value\", \"param\"], [v, \"p\"]);\n    }\n}\n" % (i, c)
            name = "f%d.rs" % n
        with open(os.path.join(folder, name), "w") as out:
            out.write(body)
    pages = os.path.join(tree, "docs")
    os.makedirs(pages, exist_ok=True)
    for n in range(PAGES):
        c = code(n)
        with open(os.path.join(pages, "%s-Generated_Error_%d.md" % (c, n)), "w") as out:
            out.write("# %s Generated\\_Error\\_%d\n\n## Symptom\n\nThe following is error format.\n\n```text\nValue %%s for parameter %%s is invalid in step %d.\n```\n\n## Possible Cause\n\n1. Bad input %d.\n2. Bad config.\n\n## Solution\n\nFix the value.\n" % (c, n, n, n))
    return catalog, tree


def run(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(args, capture_output=True, text=True)
    seconds = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # On a machine shared with other jobs, wall time alone says little: the
    # CPU time the tool used (user + sys, over its threads) goes with it.
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of children is the largest so far: run the bigger job last.
    return seconds, cpu, max(after.ru_maxrss, before.ru_maxrss), result


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="against-bench-")
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    tool = os.path.join(repo, "target", "release", "errcode")
    if not os.path.exists(tool):
        sys.exit("build it first: cargo build --release -p errcat-cli")
    catalog, tree = generate(root)
    base_s, base_cpu, base_rss, base = run([tool, "check", catalog])
    full_s, full_cpu, full_rss, full = run([tool, "check", catalog, "--against", tree])
    print("load average (1, 5, 15 min): %.2f %.2f %.2f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))
    print("baseline  check CATALOG:            %6.2f s wall  %6.2f s user+sys  peak %6.1f MB  exit %d" % (base_s, base_cpu, base_rss / 1024, base.returncode))
    print("product   check CATALOG --against:  %6.2f s wall  %6.2f s user+sys  peak %6.1f MB  exit %d" % (full_s, full_cpu, full_rss / 1024, full.returncode))
    print("ratio (product / baseline): %.1f wall, %.1f user+sys" % (full_s / base_s, full_cpu / max(base_cpu, 1e-3)))
    print(full.stdout.strip().splitlines()[-1] if full.stdout.strip() else full.stderr[:500])
    print("targets: < 10 s, < 200 MB:", "met" if full_s < 10 and full_rss / 1024 < 200 else "NOT met")


if __name__ == "__main__":
    main()
