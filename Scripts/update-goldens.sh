#!/usr/bin/env bash
# Re-records the golden images of the bitmap context (Tests/PortableCoreGraphicsTests/Context/Goldens/*.png) and of
# the renderer (Tests/PortableQuartzCoreTests/Rendering/Goldens/*.png).
# Run it after an intended change to rendering, look at every changed PNG before committing, and never run it on CI.
# Usage: Scripts/update-goldens.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PQC_RECORD_GOLDENS=1 swift test --filter 'Golden' "$@"
git status --short -- Tests/PortableCoreGraphicsTests/Context/Goldens Tests/PortableQuartzCoreTests/Rendering/Goldens
