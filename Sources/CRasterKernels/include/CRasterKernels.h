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

/// One step of a busy wait (PortableRaster's `HelperThread`): the `pause` instruction on x86, which tells the
/// processor (and a hypervisor) that the thread is spinning; a yield hint on 64-bit ARM; nothing elsewhere.
static inline void prk_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

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

/// The alpha alone of `prk_bilinear_over_avx2` (same arguments, same arithmetic for the alpha channel): each
/// pixel's top byte gets the alpha that kernel would store there, and its other three bytes are left as they were.
/// For drawing an image whose alpha only is wanted (a mask). Needs `prk_avx2_available()`.
void prk_bilinear_alpha_over_avx2(
    const uint8_t *base, int32_t bytes_per_row, int64_t u, int64_t v, int64_t du, int64_t dv,
    const uint8_t *coverage, uint8_t *destination, ptrdiff_t count, uint32_t opacity, ptrdiff_t level_ahead,
    ptrdiff_t destination_ahead);

/// The alpha bytes (byte 3 of each 4) of `count` RGBA pixels at `pixels`, to `alpha`, 32 pixels a step. Needs
/// `prk_avx2_available()`.
void prk_alpha_bytes_avx2(const uint8_t *pixels, uint8_t *alpha, ptrdiff_t count);

/// A solid premultiplied colour prepared for `prk_solid_over_avx2`, as PortableRaster's `SolidPaint` holds it:
/// each channel `k` carried as `C_k = 255·whole_k + fraction_k` (1/255 of a level), two channels per 32-bit
/// value (red or green in the low 16 bits, blue or alpha in the high 16 bits).
typedef struct {
    /// The nearest 8-bit colour as a pixel word (stored where an opaque colour covers a pixel fully).
    uint32_t packed;
    uint32_t whole_red_blue;
    uint32_t whole_green_alpha;
    uint32_t fraction_red_blue;
    uint32_t fraction_green_alpha;
    uint32_t numerator_red_blue;
    uint32_t numerator_green_alpha;
    /// The 8-bit alpha, 0 … 255.
    uint32_t alpha;
    bool opaque;
    /// Whether some fraction is not zero (then partial coverage takes the precise form).
    bool has_fraction;
} prk_solid_paint;

/// `paint` composited source-over through `coverage` (one byte per pixel) onto the pixel words at
/// `destination`, for `count` pixels: PortableRaster's `SolidPaint.compositeRow` eight pixels a step, with the
/// same arithmetic (the last few through a lane mask, so nothing past the row is touched). Needs
/// `prk_avx2_available()`.
void prk_solid_over_avx2(
    uint8_t *destination, const uint8_t *coverage, ptrdiff_t count, const prk_solid_paint *paint);

/// Solid runs shorter than this many pixels are composited with the rest of their row (`prk_solid_mask_over_avx2`):
/// splitting a row costs two more runs, and a short run saves little reading.
#define PRK_SHORTEST_SOLID_RUN 16

/// `paint` composited source-over through a coverage mask, row by row: PortableRaster's `PixelBuffer.fill` of a
/// `CoverageMask` with a solid colour, on `rows` rows of `width` pixels. Row `r`'s pixels start at
/// `destination + r·destination_stride` and its coverage bytes at `coverage + r·coverage_stride` (both at the
/// area's first column); the bytes before `coverage_end` may be read past a row's span (they change nothing), so
/// the last few pixels of a span take their bytes in one load. `spans` holds four `int32_t` per row, as
/// `CoverageMask.RowSpan` lays them out: the columns that may be covered (`start ..< end`) and a run known to be
/// fully covered (`solid_start ..< solid_end`, empty when none), in mask columns, which are area columns plus
/// `column_offset`. Columns outside `0 ..< width` are not touched. A solid run of `PRK_SHORTEST_SOLID_RUN` pixels or
/// more is painted as full coverage without reading its bytes (the colour stored when opaque, else one rounding of
/// `(C + destination·(255 − alpha)) / 255`), the rest with `prk_solid_over_avx2`'s arithmetic: the pixels are the
/// same as compositing each row's span whole. Needs `prk_avx2_available()`.
void prk_solid_mask_over_avx2(
    uint8_t *destination, ptrdiff_t destination_stride, const uint8_t *coverage, ptrdiff_t coverage_stride,
    const uint8_t *coverage_end, const int32_t *spans, ptrdiff_t rows, ptrdiff_t column_offset, ptrdiff_t width,
    const prk_solid_paint *paint);

/// The square roots of a radial gradient's discriminant `b² − a·c` for `count` pixels of a row, with
/// `c = x² + y² − r0_squared` at the gradient-space point `(x, y)` relative to the start centre: PortableRaster's
/// `GradientShader` loop four pixels a step, with the same arithmetic. Pixel `k` has the point `point` stepped
/// `k` times by (`step_x`, `step_y`) and `b` stepped `k` times by `step_b`, one addition at a time as in a scalar
/// loop; every operation is rounded on its own (no fused multiply-add). A negative discriminant gives NaN. On
/// return `point` holds the point stepped `count` times. Needs `prk_avx2_available()`.
void prk_radial_roots_avx2(
    double *point, double b, double step_x, double step_y, double step_b, double a, double r0_squared,
    ptrdiff_t count, double *roots);

#endif

#endif
