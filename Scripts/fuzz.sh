#!/usr/bin/env bash
# Runs one fuzz target of the Fuzz/ package (libFuzzer + AddressSanitizer) for a bounded time.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer options…]   fuzz TARGET for SECONDS
#   Scripts/fuzz.sh TARGET FILE…                          replay inputs (a reproducer) through TARGET
#   Scripts/fuzz.sh --list                                the targets
#   Scripts/fuzz.sh --build                               build every target, run none
#
# With FUZZ_PREBUILT=1 a run uses the targets as last built and does not build them first (CI builds once with
# --build and then runs two targets at a time: a build started beside a running fuzzer could recompile every target).
#
# TARGET is a folder of Fuzz/Sources other than FuzzSupport, by its name (FuzzPath) or without the prefix in any
# case (path). The first run builds every target (release, instrumented; Fuzz/.build-fuzz). The target writes its
# own seeds and dictionary (Fuzz/.build-seeds/TARGET); the corpus grows in Fuzz/.build-corpus/TARGET between runs.
# A crash, a hang (an input taking more than 1 s; more for three targets, see below), a leak or more than 2 GB of
# memory stops the run: the script prints the reproducer (file, bytes in base64, replay command) and exits 1.
# Otherwise it prints the number of executions and the coverage, and exits 0.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
# libFuzzer reports crashes itself; Swift's own backtracer would stall on them (and outlive the run).
export SWIFT_BACKTRACE=enable=no

targets() { find Sources -mindepth 1 -maxdepth 1 -type d ! -name FuzzSupport -printf '%f\n' | sort; }

build() {
    echo "== building the fuzz targets (release, libFuzzer + AddressSanitizer)"
    # Dependencies resolved apart first: when the build itself resolves them (a fresh clone, no Package.resolved),
    # the next build compiles every target again (about three minutes on two cores).
    swift package --scratch-path .build-fuzz resolve
    swift build -c release --scratch-path .build-fuzz \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
}

if [ "${1:-}" = "--list" ]; then
    targets
    exit 0
fi
if [ "${1:-}" = "--build" ]; then
    build
    exit 0
fi
if [ $# -lt 2 ]; then
    echo "usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer options…] | TARGET FILE… | --list | --build" >&2
    exit 2
fi

target=""
for name in $(targets); do
    if [ "${1,,}" = "${name,,}" ] || [ "fuzz${1,,}" = "${name,,}" ]; then target=$name; fi
done
if [ -z "$target" ]; then
    echo "fuzz: no target '$1'; the targets are: $(targets | tr '\n' ' ')" >&2
    exit 2
fi
shift

# The longest one input may run before it counts as a hang, in seconds, under AddressSanitizer and coverage (which
# slow this code 5–8×): 1 s, or 20 s for a target whose own budgets allow more work (four or more times the worst
# case they allow, measured on the project's 2-core machine). A loop that never ends still stops the run.
# - FuzzLottie: a file may describe up to LottieLimits.maximumBuiltLayers (20,000) layers, built once and drawn
#   twice: 4.6 s for a file at that budget; up to 1.6 s for the largest of the 107 real files in ../shared/lottie
#   (issue_1717, 2,149 layers).
# - FuzzPath: three strokes at the stroker's split budget (2¹⁸ curve pieces each), one of them a path-level outline
#   (replacePathWithStrokedPath, 1.4 million elements under a 10⁹ stretch) that is then filled: 4.5 s.
# - FuzzScene: an emitter considers up to EmitterSimulation.maximumVisitedParticles (2²⁰) particles per frame, and
#   the target draws four frames: a 626-byte input with nested cells that considered 0, 98,307, 458,767 and 1,048,576
#   took 1.5 s, so four frames at the budget would take about 4 s. (The target's cells have no image, so they are
#   now skipped; cells with images could still reach the budget.)
limit=1
case "$target" in
    FuzzLottie | FuzzPath | FuzzScene) limit=20 ;;
esac

[ "${FUZZ_PREBUILT:-0}" = 1 ] || build
binary="$(swift build -c release --scratch-path .build-fuzz --show-bin-path)/$target"

if [ -f "$1" ]; then
    echo "== replaying $# input(s) through $target"
    exec "$binary" -timeout="$limit" -rss_limit_mb=2048 -malloc_limit_mb=2048 "$@"
fi

seconds=$1
shift
case "$seconds" in
    '' | *[!0-9]*) echo "fuzz: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac

seeds=.build-seeds/$target
corpus=.build-corpus/$target
artifacts=.build-artifacts/$target
rm -rf "$seeds" "$seeds.dict" "$artifacts"
mkdir -p "$seeds" "$corpus" "$artifacts"
PQC_FUZZ_WRITE_SEEDS="$seeds" PQC_FUZZ_WRITE_DICTIONARY="$seeds.dict" "$binary"
dictionary=()
if [ -s "$seeds.dict" ]; then dictionary=(-dict="$seeds.dict"); fi

echo "== fuzzing $target for $seconds s"
log=$artifacts/fuzz.log
status=0
"$binary" "$corpus" "$seeds" "${dictionary[@]}" -max_total_time="$seconds" -timeout="$limit" -rss_limit_mb=2048 \
    -malloc_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" >"$log" 2>&1 || status=$?

# libFuzzer's last status line: "#123456 DONE cov: 1234 ft: 5678 corp: 90/12Kb …".
summary=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
runs=$(grep -E '^stat::number_of_executed_units:' "$log" | awk '{print $2}' || true)
if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo
    echo "fuzz: $target FAILED (exit $status) after ${runs:-?} executions: $summary"
    for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-*; do
        [ -f "$artifact" ] || continue
        echo "reproducer: Fuzz/$artifact ($(wc -c <"$artifact") bytes), base64:"
        base64 -w 0 "$artifact"
        echo
        echo "replay: Scripts/fuzz.sh $target Fuzz/$artifact"
    done
    exit 1
fi
echo "fuzz: $target passed: ${runs:-?} executions in $seconds s; $summary"
