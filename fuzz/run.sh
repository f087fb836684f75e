#!/usr/bin/env bash
# Runs one fuzz target for SECONDS (default 300), starting from the seeds in
# seeds/TARGET; what it finds goes to corpus/TARGET (not committed) and any
# crash to artifacts/TARGET. The stable toolchain runs cargo-fuzz's
# sanitizer flags with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh TARGET [SECONDS]   (targets: template_parser report_values catalog_registration catalog_reports c_source cann_page rust_source)}
seconds=${2:-300}
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
mkdir -p "corpus/$target"
options=(-max_total_time="$seconds")
# Registered definitions live for the rest of the program by design (reports
# hold `&'static` references to them): LeakSanitizer would flag each one.
if [ "$target" = catalog_registration ] || [ "$target" = catalog_reports ]; then
  options+=(-detect_leaks=0)
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$target" "corpus/$target" "seeds/$target" -- "${options[@]}"
