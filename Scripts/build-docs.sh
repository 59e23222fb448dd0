#!/usr/bin/env bash
# Builds the DocC documentation of every module that has a catalogue (Sources/<Module>/<Module>.docc) with
# swift-docc-plugin, into .build/plugins/Swift-DocC/outputs/<Module>.doccarchive.
# Fails when the build fails, when a catalogue article has a problem (a link to a symbol that does not exist, a
# malformed directive), or when a doc comment in the sources has one (a link docc cannot resolve, such as one to an
# internal symbol: write those in single backticks; a parameter list that misses or misnames a parameter).
# Usage: Scripts/build-docs.sh [more generate-documentation options]
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
for catalogue in Sources/*/*.docc; do
    targets+=(--target "$(basename "$(dirname "$catalogue")")")
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package generate-documentation "${targets[@]}" "$@" >"$log" 2>&1; then
    cat "$log"
    echo "docs: generate-documentation failed"
    exit 1
fi

# docc names the file of each problem on a line `--> FILE:LINE:COLUMN`; articles are the only .md files it reads.
article_problems=$(grep -cE -- '--> [^ ]+\.md:[0-9]+' "$log" || true)
comment_problems=$(grep -cE -- '--> [^ ]+\.swift:[0-9]+' "$log" || true)
if [ "$article_problems" -gt 0 ] || [ "$comment_problems" -gt 0 ]; then
    cat "$log"
    echo "docs: $article_problems problem(s) in the catalogue articles, $comment_problems in doc comments (above)"
    exit 1
fi
echo "docs: $((${#targets[@]} / 2)) catalogues built, no problems in articles or doc comments"
