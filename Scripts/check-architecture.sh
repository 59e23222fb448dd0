#!/usr/bin/env bash
# Checks the import rules of Docs/Architecture.md by grep: each module may import only the modules below it.
# Exit status 1 and one line per violation when a rule is broken.
set -euo pipefail
cd "$(dirname "$0")/.."

# Modules every target may use: the standard library's own companions and the platform C library (libm).
system='Swift|_Concurrency|Synchronization|Glibc|Musl'
declare -A allowed=(
    [CRasterKernels]="$system"
    [PortableRaster]="$system|CRasterKernels"
    [PortableCoreGraphics]="$system|Foundation|Dispatch|PortableRaster"
    [PortableQuartzCore]="$system|Foundation|Dispatch|PortableCoreGraphics"
    [PortableUIKit]="$system|Foundation|Dispatch|PortableQuartzCore"
    [PortableQuartzCoreExport]="$system|Foundation|Dispatch|PortableQuartzCore"
    [PortableLottie]="$system|Foundation|Dispatch|PortableQuartzCore"
    [PortableQuartzCoreTesting]="$system|Foundation|Dispatch|PortableQuartzCore|PortableQuartzCoreExport"
    # Modules named like Apple's frameworks (Linux only): each re-exports its Portable module and the named modules
    # Apple's re-exports.
    [CoreGraphics]="$system|PortableCoreGraphics"
    [QuartzCore]="$system|PortableQuartzCore|CoreGraphics"
    [UIKit]="$system|PortableUIKit|QuartzCore"
    [_Testing_CoreGraphics]="$system"
    [_Testing_UIKit]="$system"
    [pqc]="$system|Foundation|Dispatch|PortableUIKit|PortableQuartzCore|PortableCoreGraphics|PortableQuartzCoreExport|PortableLottie|PortableRaster|ArgumentParser"
)

status=0
fail() { echo "architecture: $*"; status=1; }

for dir in Sources/*/; do
    module=$(basename "$dir")
    rule=${allowed[$module]:-}
    if [ -z "$rule" ]; then
        fail "$module has no import rule in Scripts/check-architecture.sh"
        continue
    fi
    # Every import form: plain, @_exported, @testable, @_spi(Group), access-levelled, and `import struct M.T`.
    while IFS=: read -r file line text; do
        imported=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+(\([A-Za-z_, ]*\))?[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+((struct|class|enum|protocol|func|var|let|typealias)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\7/' <<<"$text")
        if ! [[ "$imported" =~ ^($rule)$ ]]; then
            fail "$file:$line: $module may not import $imported"
        fi
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+(\([A-Za-z_, ]*\))?[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]' "$dir" --include='*.swift' || true)
done

# PortableRaster speaks its own vocabulary: no Apple-prefixed type names.
if grep -rnE '\b(CG|CA|UI|NS)[A-Z][A-Za-z]+' Sources/PortableRaster --include='*.swift' | grep -vE '^\S+:[0-9]+:\s*///?' ; then
    fail "PortableRaster names an Apple type (above); it must keep its own vocabulary"
fi

# Folders inside PortableQuartzCore have one direction too, lowest first: a file may name the types declared at the
# top level of its own folder or of a folder before it in this list, never of one after it. (Layers holds the layer
# classes with the transactions that commit them and the clock that times them: those depend on each other.)
folders=(Geometry Timing Properties Animations Rendering Layers Presentation Archiving Bridging)
qc=Sources/PortableQuartzCore
for dir in "$qc"/*/; do
    name=$(basename "$dir")
    [[ "$name" == *.docc ]] && continue
    [[ " ${folders[*]} " == *" $name "* ]] || fail "$qc/$name has no place in the folder order of Scripts/check-architecture.sh"
done
for ((i = 0; i < ${#folders[@]} - 1; i++)); do
    higher=$(for folder in "${folders[@]:i+1}"; do
        grep -rhoE '^(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|package|internal|fileprivate|private|open|final|indirect)[[:space:]]+)*(struct|enum|class|protocol|typealias|actor)[[:space:]]+[A-Z][A-Za-z0-9_]*' \
            "$qc/$folder" --include='*.swift' | awk '{print $NF}' || true
    done | sort -u)
    while IFS= read -r file; do
        names=$(sed -E 's#//.*##' "$file" | grep -owFf <(printf '%s\n' "$higher") | sort -u | tr '\n' ' ' || true)
        [ -z "$names" ] || fail "$file: ${folders[i]}/ names ${names% } from a folder above it"
    done < <(find "$qc/${folders[i]}" -name '*.swift' | sort)
done

if [ "$status" -eq 0 ]; then
    echo "architecture: import rules hold for $(ls -d Sources/*/ | wc -l) modules and ${#folders[@]} folders of PortableQuartzCore"
fi
exit "$status"
