#!/usr/bin/env python3
"""Benchmark of `errcode history` against `git cat-file --batch` (issue 37).

Builds a repository of VERSIONS commits of the real CANN catalog
(`../shared/cann/error_code.json` from the repository root, read here and
never copied into the repository), each commit a small edit as a
catalog's history has them: most change one field of one entry (a
message reworded, a cause or solution rewritten, a title), some add an
entry (a copy of one under a new code) or remove one. The commits are
written by `git fast-import`. Then, in the same run and alternating, it
times

  (a) `git cat-file --batch` reading every version's blob, given their
      object names on its input (written beforehand), its output thrown
      away (`> /dev/null`): git alone, no reader;
  (b) the same, its output read through a pipe (`| cat > /dev/null`):
      the versions read, as any program that reads them from git does;
  (c) `errcode history error_code.json` (the release build): listing the
      commits (`git log`), reading every version through `cat-file`,
      and comparing each with its parent;

and prints wall time, CPU time (user + system, of the process and of
the processes it waited for: git's included) and the ratios of the
medians, (c)/(a) and (c)/(b). A last, untimed run of (c) polls the peak
resident set of errcode's own process (`VmHWM`; its git processes,
whose pack and caches `cat-file` maps, are not counted).

    cargo build --release -p errcat-cli
    python3 tools/history-bench/run.py [--versions 10000] [--runs 5]
        [--catalog ../shared/cann/error_code.json]
        [--errcode target/release/errcode] [--keep DIR]

`--keep DIR` builds the repository in DIR and keeps it; a DIR that is
already a repository is used as it is (its `main`'s history of
`error_code.json`).

The machine is shared: the load average is printed before and after,
and the medians of the runs are the figures to read.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def split_catalog(text):
    """The text before the first entry, each entry's text, the text
    between entries, and the text after the last, as written: the edits
    keep the file's own layout."""
    start = text.index("[", text.index('"error_info_list"')) + 1
    decoder = json.JSONDecoder()
    entries, seps = [], []
    at = start
    head = None
    while True:
        gap = at
        while text[at] in " \t\r\n":
            at += 1
        if text[at] == "]":
            tail = text[gap:]
            break
        if text[at] == ",":
            at += 1
            while text[at] in " \t\r\n":
                at += 1
        if head is None:
            head = text[:at]
        else:
            seps.append(text[gap:at])
        _, end = decoder.raw_decode(text, at)
        entries.append(text[at:end])
        at = end
    return head, entries, seps[0] if seps else ",\n    ", tail


STRING = r'"((?:[^"\\]|\\.)*)"'


def set_field(entry, field, change):
    """`entry` with the string value of `field` passed through `change`."""
    pattern = re.compile('("%s"\\s*:\\s*)%s' % (re.escape(field), STRING))
    found = pattern.search(entry)
    if not found:
        return None
    value = json.loads('"%s"' % found.group(2))
    return entry[: found.start(2) - 1] + json.dumps(change(value), ensure_ascii=False) + entry[found.end(2) + 1:]


def versions(text, count, seed=37):
    """The catalog's text at each of `count` versions: the first as read,
    each next one a small edit of the one before."""
    rng = random.Random(seed)
    head, entries, sep, tail = split_catalog(text)
    added = 0
    words = ["invalid", "incorrect", "not supported", "unexpected", "too large"]
    for version in range(count):
        if version > 0:
            roll = rng.random()
            index = rng.randrange(len(entries))
            if roll < 0.04:
                # An entry added: a copy of one, under a code of its own.
                code = "EQ%04d" % (added % 10000)
                added += 1
                copy = set_field(entries[index], "ErrCode", lambda _: code)
                entries.insert(index + 1, copy)
            elif roll < 0.07 and len(entries) > 2:
                del entries[index]
            else:
                field = rng.choice(["ErrMessage", "Solution", "Possible Cause", "errTitle"])
                tag = " (%d)" % version
                strip = re.compile(r" \(\d+\)$")

                def change(value):
                    value = strip.sub("", value)
                    if field == "ErrMessage" and rng.random() < 0.3:
                        # A word changed, not only appended to.
                        for word in words:
                            if word in value:
                                return value.replace(word, rng.choice(words), 1)
                    return value + tag

                edited = set_field(entries[index], field, change)
                if edited is None:
                    edited = set_field(entries[index], "ErrMessage", change)
                entries[index] = edited
        yield head + sep.join(entries) + tail


def blobs_of(repo):
    """The object names of the blobs of `error_code.json` along `main`,
    oldest first."""
    log = subprocess.run(
        ["git", "-C", repo, "log", "--reverse", "--format=", "--raw", "--no-abbrev",
         "main", "--", "error_code.json"],
        check=True, capture_output=True, text=True).stdout
    return [line.split()[3] for line in log.splitlines() if line.startswith(":")]


def build(repo, text, count):
    """A repository whose `error_code.json` has `count` versions; the
    object names of their blobs, oldest first."""
    subprocess.run(["git", "init", "-q", repo], check=True)
    marks = os.path.join(repo, ".git", "bench-marks")
    importer = subprocess.Popen(
        ["git", "-C", repo, "fast-import", "--quiet", "--export-marks=" + marks],
        stdin=subprocess.PIPE,
    )
    out = importer.stdin
    for number, version in enumerate(versions(text, count)):
        data = version.encode()
        out.write(b"blob\nmark :%d\ndata %d\n" % (2 * number + 1, len(data)))
        out.write(data)
        out.write(b"\ncommit refs/heads/main\nmark :%d\n" % (2 * number + 2))
        out.write(b"committer T <t@example.invalid> %d +0000\n" % (1_700_000_000 + 600 * number))
        out.write(b"data 2\nv\nM 100644 :%d error_code.json\n\n" % (2 * number + 1))
    out.close()
    if importer.wait() != 0:
        sys.exit("git fast-import failed")
    subprocess.run(["git", "-C", repo, "reset", "-q", "--hard", "main"], check=True)
    blobs = {}
    with open(marks) as lines:
        for line in lines:
            mark, name = line.split()
            blobs[int(mark[1:])] = name
    return [blobs[2 * number + 1] for number in range(count)]


def total_size(repo, names):
    """The bytes of the blobs named in the file `names`."""
    with open(names) as stdin:
        sizes = subprocess.run(["git", "-C", repo, "cat-file", "--batch-check=%(objectsize)"],
                               stdin=stdin, check=True, capture_output=True, text=True).stdout
    return sum(int(size) for size in sizes.split())


def timed(command, cwd, stdin=None):
    """Wall seconds and CPU seconds (user + system, with the processes
    the command waited for) of one run, its output thrown away."""
    start = time.perf_counter()
    run = subprocess.Popen(command, cwd=cwd, stdin=stdin, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(run.pid, 0)
    wall = time.perf_counter() - start
    run.returncode = os.waitstatus_to_exitcode(status)
    if run.returncode != 0:
        sys.exit("%s failed: %d" % (" ".join(command), run.returncode))
    return wall, usage.ru_utime + usage.ru_stime


def own_peak(command, cwd):
    """The peak resident set of the command's own process, in bytes."""
    run = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL)
    peak = 0
    while run.poll() is None:
        try:
            with open("/proc/%d/status" % run.pid) as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]) * 1024)
        except OSError:
            pass
        time.sleep(0.005)
    return peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--versions", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--catalog", default=os.path.join(ROOT, "..", "shared", "cann", "error_code.json"))
    parser.add_argument("--errcode", default=os.path.join(ROOT, "target", "release", "errcode"))
    parser.add_argument("--keep", help="build the repository in this folder and keep it")
    args = parser.parse_args()
    if not os.path.exists(args.catalog):
        sys.exit("no catalog at %s: the real catalog is read from ../shared/cann/" % args.catalog)
    errcode = os.path.abspath(args.errcode)
    with open(args.catalog, encoding="utf-8") as source:
        text = source.read()
    with tempfile.TemporaryDirectory(prefix="history-bench-") as scratch:
        repo = args.keep or os.path.join(scratch, "repo")
        started = time.perf_counter()
        if os.path.isdir(os.path.join(repo, ".git")):
            blobs = blobs_of(repo)
        else:
            blobs = build(repo, text, args.versions)
        names = os.path.join(scratch, "blobs")
        with open(names, "w") as out:
            out.write("".join(name + "\n" for name in blobs))
        print("%d versions of %s (%d bytes first), %d MB in all, ready in %.1f s"
              % (len(blobs), args.catalog, len(text.encode()), total_size(repo, names) / 1e6,
                 time.perf_counter() - started))
        print("load average before: %.2f %.2f %.2f" % os.getloadavg())
        commands = [
            ("(a) cat-file > /dev/null", ["git", "cat-file", "--batch"], True),
            ("(b) cat-file | cat", ["sh", "-c", "git cat-file --batch | cat > /dev/null"], True),
            ("(c) errcode history", [errcode, "history", "error_code.json"], False),
        ]
        times = {name: [] for name, _, _ in commands}
        # One untimed run of each first: the pack in the page cache.
        for run in range(args.runs + 1):
            for name, command, fed in commands:
                with open(names) as stdin:
                    measured = timed(command, repo, stdin if fed else None)
                if run > 0:
                    times[name].append(measured)
        print("load average after:  %.2f %.2f %.2f" % os.getloadavg())
        for name, runs in times.items():
            print("%-26s wall %s s; CPU %s s" % (
                name,
                " ".join("%.3f" % wall for wall, _ in runs),
                " ".join("%.3f" % cpu for _, cpu in runs)))
        median = {name: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
                  for name, runs in times.items()}
        product = median["(c) errcode history"]
        for name in ["(a) cat-file > /dev/null", "(b) cat-file | cat"]:
            print("ratio of the medians, (c) / %s: wall %.2f, CPU %.2f"
                  % (name[:3], product[0] / median[name][0], product[1] / median[name][1]))
        print("errcode's own peak resident set: %.1f MB"
              % (own_peak([errcode, "history", "error_code.json"], repo) / 1e6))


if __name__ == "__main__":
    main()
