#!/usr/bin/env bash
# Renders every sample of ../shared/lottie at every progress its manifest lists, exactly as its README describes
# (one `pqc render NAME.json --progress P --size WxH` per picture, W×H the pixel size of Apple's PNG, aspect fit),
# then compares the pictures with Apple's by lottie-ios's own bar (compare.py) and prints the pass count.
#
#   bash Scripts/lottie-corpus.sh [OUT_DIR]        default OUT_DIR: .build/lottie-corpus
#
# Environment: LOTTIE_CORPUS (default ../shared/lottie), CONFIGURATION (release or debug; default release),
# LOTTIE_MINIMUM (fail when fewer pictures pass; default 0), JOBS (parallel renders; default 2).
# Skips cleanly (exit 0) when the corpus is absent. Needs python3 with numpy and Pillow (pip install numpy pillow).
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=${LOTTIE_CORPUS:-../shared/lottie}
out=${1:-.build/lottie-corpus}
configuration=${CONFIGURATION:-release}
minimum=${LOTTIE_MINIMUM:-0}
jobs=${JOBS:-2}

if [ ! -f "$corpus/manifest.json" ]; then
    echo "lottie-corpus: $corpus is absent; skipped"
    exit 0
fi
if ! python3 -c 'import numpy, PIL' 2>/dev/null; then
    echo "lottie-corpus: python3 needs numpy and Pillow (pip install numpy pillow)" >&2
    exit 1
fi

swift build -c "$configuration" --product pqc >/dev/null
pqc="$(swift build -c "$configuration" --show-bin-path)/pqc"
mkdir -p "$out"
find "$out" -name "*.png" -delete

# One line per picture: sample JSON, progress (0…1), output PNG, Apple's pixel width and height, and the colours
# and viewport lottie-ios's snapshot tests set for that sample (Tests/SnapshotConfiguration.swift, `customMapping`;
# `.red` is (1, 0, 0, 1)), quoted for xargs.
python3 - "$corpus" "$out" >"$out/jobs.txt" <<'PY'
import json, os, sys
from PIL import Image
corpus, out = sys.argv[1], sys.argv[2]
value_providers = {
    "TypeFace/G": {
        "G 2.Ellipse 1.Stroke 1.Color": "#FF0000",
        "G Outlines 3.G.Fill 1.Color": "#FF0000",
        "Shape Layer 18.Shape 1.Stroke 2.Color": "#FF0000",
    },
}
# The viewports it sets (`customViewportFrame`, as LottieAnimationView.viewportFrame): x, y, width, height in points.
viewports = {"Issues/issue_2310": "10,10,65,65"}
for sample in json.load(open(os.path.join(corpus, "manifest.json")))["samples"]:
    colors = value_providers.get(sample["name"], {})
    settings = [f"'--set-color={path}={color}'" for path, color in colors.items()]
    if sample["name"] in viewports:
        settings.append(f"--viewport={viewports[sample['name']]}")
    for percent, picture in sample["snapshots"].items():
        width, height = Image.open(os.path.join(corpus, picture)).size
        target = os.path.join(out, os.path.relpath(picture, "apple"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        print(os.path.join(corpus, sample["json"]), int(percent) / 100, target, width, height, *settings)
PY

render() {
    "$pqc" render "$1" --progress "$2" --out "$3" --size "$4x$5" "${@:6}" >/dev/null 2>"$3.log" \
        || echo "render failed: $1 $2"
}
export -f render
export pqc
xargs -P "$jobs" -L 1 bash -c 'render "$@"' _ <"$out/jobs.txt"

python3 "$corpus/compare.py" "$out" >"$out/compare.txt" || true
summary=$(tail -n 1 "$out/compare.txt")
echo "lottie-corpus: $summary (details: $out/compare.txt)"
passed=${summary%% passed*}
if [ "$passed" -lt "$minimum" ]; then
    echo "lottie-corpus: $passed pictures pass, fewer than the $minimum expected" >&2
    exit 1
fi
