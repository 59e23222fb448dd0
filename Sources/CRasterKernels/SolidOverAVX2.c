#include "CRasterKernels.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <string.h>

/// `round(n / 255)` in each 16-bit lane for `n ≤ 255²`: with `t = n + 128`, the high half of `t·257` (see
/// PortableRaster's `ByteMath.swift` for why that is the rounded quotient).
__attribute__((target("avx2"))) static inline __m256i divide_rounded_255(__m256i n) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(n, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// `round(a·b / 255)` in each 16-bit lane (a, b ≤ 255).
__attribute__((target("avx2"))) static inline __m256i multiply_rounded_255(__m256i a, __m256i b) {
    return divide_rounded_255(_mm256_mullo_epi16(a, b));
}

/// The paint's values, each in every 32-bit lane (two 16-bit halves) or 16-bit lane of a vector.
typedef struct {
    __m256i whole_red_blue, whole_green_alpha, fraction_red_blue, fraction_green_alpha;
    __m256i numerator_red_blue, numerator_green_alpha, full_remaining, alpha, packed;
} solid_lanes;

/// Eight destination pixels under full coverage: `round((C + destination·(255 − alpha)) / 255)`, one rounding
/// (PortableRaster's `SolidPaint.full`; for a colour of whole 8-bit levels the same as the partial form at 255).
__attribute__((target("avx2"))) static inline __m256i full_coverage(__m256i destination, const solid_lanes *lanes) {
    const __m256i byte_mask = _mm256_set1_epi32(0x00FF00FF);
    const __m256i red = _mm256_and_si256(destination, byte_mask);
    const __m256i green = _mm256_and_si256(_mm256_srli_epi32(destination, 8), byte_mask);
    const __m256i full_red_blue = divide_rounded_255(
        _mm256_add_epi16(lanes->numerator_red_blue, _mm256_mullo_epi16(red, lanes->full_remaining)));
    const __m256i full_green_alpha = divide_rounded_255(
        _mm256_add_epi16(lanes->numerator_green_alpha, _mm256_mullo_epi16(green, lanes->full_remaining)));
    return _mm256_or_si256(full_red_blue, _mm256_slli_epi32(full_green_alpha, 8));
}

/// Eight destination pixels blended with their coverage bytes in `coverage` (first pixel lowest):
/// PortableRaster's `SolidPaint.blend` on two quads.
__attribute__((target("avx2"))) static inline __m256i blended(
    __m256i destination, uint64_t coverage, const solid_lanes *lanes, bool has_fraction) {
    const __m256i byte_mask = _mm256_set1_epi32(0x00FF00FF);
    const __m256i red = _mm256_and_si256(destination, byte_mask);
    const __m256i green = _mm256_and_si256(_mm256_srli_epi32(destination, 8), byte_mask);
    // Each pixel's coverage in both 16-bit halves of its 32-bit lane.
    const __m256i covered = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)coverage));
    const __m256i both = _mm256_or_si256(covered, _mm256_slli_epi32(covered, 16));
    __m256i paint_red_blue, paint_green_alpha;
    if (has_fraction) {
        paint_red_blue = divide_rounded_255(_mm256_add_epi16(
            _mm256_mullo_epi16(lanes->whole_red_blue, both), multiply_rounded_255(lanes->fraction_red_blue, both)));
        paint_green_alpha = divide_rounded_255(_mm256_add_epi16(
            _mm256_mullo_epi16(lanes->whole_green_alpha, both),
            multiply_rounded_255(lanes->fraction_green_alpha, both)));
    } else {
        paint_red_blue = multiply_rounded_255(lanes->whole_red_blue, both);
        paint_green_alpha = multiply_rounded_255(lanes->whole_green_alpha, both);
    }
    const __m256i remaining = _mm256_sub_epi16(_mm256_set1_epi16(255), multiply_rounded_255(lanes->alpha, both));
    const __m256i out_red_blue = _mm256_add_epi16(paint_red_blue, multiply_rounded_255(red, remaining));
    const __m256i out_green_alpha = _mm256_add_epi16(paint_green_alpha, multiply_rounded_255(green, remaining));
    __m256i result = _mm256_or_si256(out_red_blue, _mm256_slli_epi32(out_green_alpha, 8));
    if (has_fraction) {
        // Fully covered pixels get the full-coverage result, rounded once.
        result = _mm256_blendv_epi8(
            result, full_coverage(destination, lanes), _mm256_cmpeq_epi32(covered, _mm256_set1_epi32(255)));
    }
    return result;
}

/// The eight pixels from `index`: skipped without coverage, set to the colour (opaque) or given the full-coverage
/// result (translucent) where it covers them fully, blended otherwise.
__attribute__((target("avx2"))) static inline void blend_group(
    uint8_t *destination, const uint8_t *coverage, ptrdiff_t index, const solid_lanes *lanes, bool has_fraction,
    bool opaque) {
    uint64_t weights;
    memcpy(&weights, coverage + index, 8);
    uint8_t *pixels = destination + index * 4;
    if (weights == UINT64_MAX) {
        const __m256i result =
            opaque ? lanes->packed : full_coverage(_mm256_loadu_si256((const __m256i *)pixels), lanes);
        _mm256_storeu_si256((__m256i *)pixels, result);
    } else if (weights != 0) {
        const __m256i result =
            blended(_mm256_loadu_si256((const __m256i *)pixels), weights, lanes, has_fraction);
        _mm256_storeu_si256((__m256i *)pixels, result);
    }
}

/// The paint's values spread over vector lanes.
__attribute__((target("avx2"))) static inline solid_lanes make_lanes(const prk_solid_paint *paint) {
    const solid_lanes lanes = {
        _mm256_set1_epi32((int)paint->whole_red_blue),
        _mm256_set1_epi32((int)paint->whole_green_alpha),
        _mm256_set1_epi32((int)paint->fraction_red_blue),
        _mm256_set1_epi32((int)paint->fraction_green_alpha),
        _mm256_set1_epi32((int)paint->numerator_red_blue),
        _mm256_set1_epi32((int)paint->numerator_green_alpha),
        _mm256_set1_epi16((short)(255 - paint->alpha)),
        _mm256_set1_epi16((short)paint->alpha),
        _mm256_set1_epi32((int)paint->packed),
    };
    return lanes;
}

/// `count` pixels composited through their coverage bytes. The bytes before `readable_end` may be read past the
/// run (NULL: none), so that the last one to seven pixels take their bytes in one load when there is room.
__attribute__((target("avx2"))) static inline void over_run(
    uint8_t *destination, const uint8_t *coverage, ptrdiff_t count, const uint8_t *readable_end,
    const solid_lanes *lanes, bool has_fraction, bool opaque) {
    ptrdiff_t index = 0;
    while (index + 32 <= count) {
        // Thirty-two pixels without coverage are skipped at once (the inside of rings and other holes).
        const __m256i weights = _mm256_loadu_si256((const __m256i *)(coverage + index));
        if (!_mm256_testz_si256(weights, weights)) {
            for (ptrdiff_t group = index; group < index + 32; group += 8) {
                blend_group(destination, coverage, group, lanes, has_fraction, opaque);
            }
        }
        index += 32;
    }
    for (; index + 8 <= count; index += 8) {
        blend_group(destination, coverage, index, lanes, has_fraction, opaque);
    }
    if (index < count) {
        // The last one to seven pixels, loaded and stored through a lane mask: the pixels after them are neither
        // read nor written.
        const ptrdiff_t rest = count - index;
        uint64_t weights = 0;
        if ((uintptr_t)(coverage + index) + 8 <= (uintptr_t)readable_end) {
            // Eight bytes in one load. Those past the run only reach lanes that are not stored: each lane's result
            // depends on its own byte alone.
            memcpy(&weights, coverage + index, 8);
        } else {
            for (ptrdiff_t pixel = 0; pixel < rest; pixel++) {
                weights |= (uint64_t)coverage[index + pixel] << (8 * pixel);
            }
        }
        if (weights != 0) {
            const __m256i lanes_in_row = _mm256_cmpgt_epi32(
                _mm256_set1_epi32((int)rest), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            int *pixels = (int *)(destination + index * 4);
            const __m256i result =
                blended(_mm256_maskload_epi32(pixels, lanes_in_row), weights, lanes, has_fraction);
            _mm256_maskstore_epi32(pixels, lanes_in_row, result);
        }
    }
}

/// `count` pixels composited at full coverage, without coverage bytes: what `over_run` gives where every byte is
/// 255 (the colour stored when opaque, `full_coverage` otherwise).
__attribute__((target("avx2"))) static inline void full_run(
    uint8_t *destination, ptrdiff_t count, const solid_lanes *lanes, bool opaque) {
    ptrdiff_t index = 0;
    if (opaque) {
        for (; index + 32 <= count; index += 32) {
            __m256i *pixels = (__m256i *)(destination + index * 4);
            _mm256_storeu_si256(pixels, lanes->packed);
            _mm256_storeu_si256(pixels + 1, lanes->packed);
            _mm256_storeu_si256(pixels + 2, lanes->packed);
            _mm256_storeu_si256(pixels + 3, lanes->packed);
        }
        for (; index + 8 <= count; index += 8) {
            _mm256_storeu_si256((__m256i *)(destination + index * 4), lanes->packed);
        }
    } else {
        for (; index + 8 <= count; index += 8) {
            __m256i *pixels = (__m256i *)(destination + index * 4);
            _mm256_storeu_si256(pixels, full_coverage(_mm256_loadu_si256(pixels), lanes));
        }
    }
    if (index < count) {
        const __m256i lanes_in_row =
            _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - index)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        int *pixels = (int *)(destination + index * 4);
        const __m256i result =
            opaque ? lanes->packed : full_coverage(_mm256_maskload_epi32(pixels, lanes_in_row), lanes);
        _mm256_maskstore_epi32(pixels, lanes_in_row, result);
    }
}

__attribute__((target("avx2"))) void prk_solid_over_avx2(
    uint8_t *destination, const uint8_t *coverage, ptrdiff_t count, const prk_solid_paint *paint) {
    const solid_lanes lanes = make_lanes(paint);
    over_run(destination, coverage, count, NULL, &lanes, paint->has_fraction, paint->opaque);
}

__attribute__((target("avx2"))) void prk_solid_mask_over_avx2(
    uint8_t *destination, ptrdiff_t destination_stride, const uint8_t *coverage, ptrdiff_t coverage_stride,
    const uint8_t *coverage_end, const int32_t *spans, ptrdiff_t rows, ptrdiff_t column_offset, ptrdiff_t width,
    const prk_solid_paint *paint) {
    const solid_lanes lanes = make_lanes(paint);
    const bool has_fraction = paint->has_fraction;
    const bool opaque = paint->opaque;
    for (ptrdiff_t row = 0; row < rows; row++) {
        const int32_t *span = spans + 4 * row;
        const ptrdiff_t start = span[0] - column_offset > 0 ? span[0] - column_offset : 0;
        const ptrdiff_t end = span[1] - column_offset < width ? span[1] - column_offset : width;
        if (start >= end) continue;
        uint8_t *pixels = destination + row * destination_stride;
        const uint8_t *weights = coverage + row * coverage_stride;
        const ptrdiff_t solid_start = span[2] - column_offset > start ? span[2] - column_offset : start;
        const ptrdiff_t solid_end = span[3] - column_offset < end ? span[3] - column_offset : end;
        if (solid_end - solid_start < PRK_SHORTEST_SOLID_RUN) {
            over_run(pixels + start * 4, weights + start, end - start, coverage_end, &lanes, has_fraction, opaque);
            continue;
        }
        over_run(
            pixels + start * 4, weights + start, solid_start - start, coverage_end, &lanes, has_fraction, opaque);
        full_run(pixels + solid_start * 4, solid_end - solid_start, &lanes, opaque);
        over_run(
            pixels + solid_end * 4, weights + solid_end, end - solid_end, coverage_end, &lanes, has_fraction, opaque);
    }
}

#endif
