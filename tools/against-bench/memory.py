#!/usr/bin/env python3
"""Peak memory of `errcode check --against` per byte of input (issue 26).

Writes about 32 MB of C (an ERROR_MAP row, then report calls with keys and
values), about 32 MB of Rust (`#[error_code]` structs, each with a report
site), 10 MB of NUL bytes and an empty file, all agreeing with a one-entry
catalog so that what is measured is reading, not findings; then runs each
binary given on each file and prints its peak resident set and the bytes
of it per input byte beyond the empty file's run.

    cargo build --release -p errcat-cli
    python3 tools/against-bench/memory.py target/release/errcode [OTHER ...]

The peak is read from the child's rusage, by GNU time (`/usr/bin/time`)
where it is installed; without it, by Python's own wait4, whose figure
also holds the pages of the Python process the child was forked from
(about 10 MB), which the empty file's run measures too.
"""

import os
import subprocess
import sys
import tempfile

CATALOG = """{"error_info_list": [
  {"errClass": "Memory", "errTitle": "Low_Memory", "ErrCode": "EK0201",
   "ErrMessage": "Failed to allocate %s host memory for %s.", "Arglist": "buf_size, owner",
   "suggestion": {"Possible Cause": "Too little memory.", "Solution": "Free some."}}
]}
"""

ROW = ('    {"EK0201", "Failed to allocate %s host memory for %s.", '
       '"Too little memory.", "Free some.", {"buf_size", "owner"}},\n')
CALL = ('    REPORT_INPUT_ERROR("EK0201", std::vector<std::string>({"buf_size", "owner"}),\n'
        '        std::vector<std::string>({std::to_string(size), "host"})); // why\n')
DEFINITION = ('/// Out of memory.\n#[error_code("EK0201", title = "Low_Memory", class = "Memory", '
              'message = "Failed to allocate {buf_size} host memory for {owner}.", '
              'cause = "Too little memory.", solution = "Free some.")]\n'
              'pub struct Low%d {\n    pub buf_size: u64,\n    pub owner: String,\n}\n\n'
              'fn report%d(size: u64) {\n    errcat::msprof_env_error!("EK0201", '
              '["buf_size", "owner"], [format!("{size}B"), "host"]);\n}\n\n')


def write_inputs(folder):
    with open(os.path.join(folder, "error_code.json"), "w") as out:
        out.write(CATALOG)
    with open(os.path.join(folder, "errcode.toml"), "w") as out:
        out.write('max-file-size = "1GiB"\n')
    with open(os.path.join(folder, "empty.c"), "w"):
        pass
    with open(os.path.join(folder, "large.c"), "w") as out:
        out.write("static const ErrorInfoConfig ERROR_MAP[] = {\n" + ROW + "};\n\n")
        out.write("void Report(size_t size) {\n" + CALL * 200_000 + "}\n")
    with open(os.path.join(folder, "large.rs"), "w") as out:
        out.write("use errcat::error_code;\n\n")
        out.write("".join(DEFINITION % (n, n) for n in range(85_000)))
    with open(os.path.join(folder, "nul.c"), "wb") as out:
        out.write(b"\0" * 10_000_000)


def peak(binary, folder, name):
    command = [binary, "check", "error_code.json", "--against", name]
    if os.path.exists("/usr/bin/time"):
        run = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, cwd=folder,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        status = run.returncode
        kilobytes = int(run.stderr.strip().splitlines()[-1])
    else:
        child = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        status = os.waitstatus_to_exitcode(status)
        kilobytes = usage.ru_maxrss
    if status != 0:
        sys.exit(f"{binary} {name}: exit status {status} (the inputs agree with the catalog)")
    return kilobytes * 1024


def main():
    binaries = sys.argv[1:] or ["target/release/errcode"]
    binaries = [os.path.abspath(binary) for binary in binaries]
    with tempfile.TemporaryDirectory() as folder:
        write_inputs(folder)
        for binary in binaries:
            base = peak(binary, folder, "empty.c")
            print(f"{binary}: empty file: peak {base / 2**20:.1f} MiB")
            for name in ["large.c", "large.rs", "nul.c"]:
                size = os.path.getsize(os.path.join(folder, name))
                most = peak(binary, folder, name)
                print(f"  {name}: {size:,} bytes: peak {most / 2**20:.1f} MiB, "
                      f"{(most - base) / size:.2f} bytes a byte beyond the empty file")


if __name__ == "__main__":
    main()
