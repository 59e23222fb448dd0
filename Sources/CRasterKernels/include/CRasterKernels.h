// CRasterKernels: the few pixel loops of PortableRaster written with x86 vector instructions beyond the
// baseline (SSE2) that Swift code is compiled for, and a portable prefetch hint that Swift lacks. Each kernel is
// chosen at run time, only on processors that have its instructions, and gives the same bytes as the Swift code
// it stands in for (PortableRaster's tests compare them).
#ifndef PORTABLE_RASTER_KERNELS_H
#define PORTABLE_RASTER_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Asks for the cache line holding `address` ahead of use (the compiler's portable prefetch hint). Never faults,
/// whatever the address.
static inline void prk_prefetch(const void *address) { __builtin_prefetch(address); }

#if defined(__x86_64__)

/// Whether this processor and operating system run AVX2 code (CPUID leaf 7 and the YMM state enabled in XCR0).
bool prk_avx2_available(void);

/// Bilinear samples of `count` pixels (a multiple of 8) of one row of an affine image draw, composited
/// source-over onto `destination`: PortableRaster's `BilinearQuadStepper.sample()` and
/// `SourceOverQuad.blend(_:coverage:into:)` for eight pixels at a time, with the same arithmetic.
///
/// Pixel `k` samples at the 32.32 fixed-point texel position (`u + k·du`, `v + k·dv`); its taps are the 8 bytes
/// at `base + ⌊v⌋·bytes_per_row + ⌊u⌋·4` and the 8 bytes one row below, all of which must be readable, and
/// every such byte offset must lie within ±(2³¹ − 1). `coverage` holds one weight byte per pixel and `opacity`
/// is 0 … 255. `level_ahead` and `destination_ahead` are the byte distances, in the image and in the
/// destination, to the pixels of a later row to prefetch (hints only: any value is safe). Needs
/// `prk_avx2_available()`.
void prk_bilinear_over_avx2(
    const uint8_t *base, int32_t bytes_per_row, int64_t u, int64_t v, int64_t du, int64_t dv,
    const uint8_t *coverage, uint8_t *destination, ptrdiff_t count, uint32_t opacity, ptrdiff_t level_ahead,
    ptrdiff_t destination_ahead);

#endif

#endif
