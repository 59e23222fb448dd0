#!/usr/bin/env bash
# Formats every Swift file in place with the project's .swift-format settings; CI runs the strict lint.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --recursive --parallel Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks Fuzz/Package.swift Fuzz/Sources
swift format lint --strict --recursive --parallel Sources Tests Fuzz/Sources
