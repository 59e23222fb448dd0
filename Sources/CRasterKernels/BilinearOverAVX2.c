#include "CRasterKernels.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

bool prk_avx2_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
    // AVX and OSXSAVE, then the operating system saving the XMM and YMM registers (XCR0 bits 1 and 2).
    if ((ecx & (1u << 28)) == 0 || (ecx & (1u << 27)) == 0) return false;
    unsigned int xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6u) != 6u) return false;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
    return (ebx & (1u << 5)) != 0;
}

/// `(a·(256 − f) + b·f + 128) >> 8` in each 16-bit lane (a, b ≤ 255, f ≤ 256; the sum stays below 2¹⁶).
__attribute__((target("avx2"))) static inline __m256i lerp(__m256i a, __m256i b, __m256i f) {
    const __m256i sum = _mm256_add_epi16(
        _mm256_mullo_epi16(a, _mm256_sub_epi16(_mm256_set1_epi16(256), f)), _mm256_mullo_epi16(b, f));
    return _mm256_srli_epi16(_mm256_add_epi16(sum, _mm256_set1_epi16(128)), 8);
}

/// `round(a·b / 255)` in each 16-bit lane (a, b ≤ 255): with `t = a·b + 128`, `(t + (t >> 8)) >> 8`, which is
/// the high half of `t·257`.
__attribute__((target("avx2"))) static inline __m256i multiply_rounded_255(__m256i a, __m256i b) {
    const __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(128));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(257));
}

/// The 8-byte tap pairs at byte offsets `a`, `b`, `c`, `d` from `base`, in 64-bit lanes 0 … 3. (Four scalar
/// loads beat AVX2's gather instruction here.)
__attribute__((target("avx2"))) static inline __m256i load_taps(
    const uint8_t *base, int32_t a, int32_t b, int32_t c, int32_t d) {
    const __m128i low = _mm_castpd_si128(
        _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(base + a))), (const double *)(base + b)));
    const __m128i high = _mm_castpd_si128(
        _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(base + c))), (const double *)(base + d)));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}

/// The vertical blends of four pixels p, q, r, s whose top-left taps are at byte offsets `p` … `s` from
/// `base`: `low` gets pixels p | r and `high` pixels q | s, each as its left, then right texel column in 16-bit
/// lanes, blended with the weights `weights_low` and `weights_high` (in the same lanes).
__attribute__((target("avx2"))) static inline void blend_columns(
    const uint8_t *base, int32_t bytes_per_row, int32_t p, int32_t q, int32_t r, int32_t s, __m256i weights_low,
    __m256i weights_high, __m256i *low, __m256i *high) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i upper = load_taps(base, p, q, r, s);
    const __m256i lower = load_taps(base + bytes_per_row, p, q, r, s);
    *low = lerp(_mm256_unpacklo_epi8(upper, zero), _mm256_unpacklo_epi8(lower, zero), weights_low);
    *high = lerp(_mm256_unpackhi_epi8(upper, zero), _mm256_unpackhi_epi8(lower, zero), weights_high);
}

/// A byte-shuffle mask that puts the top byte of 32-bit lane `first` of each 128-bit half into 16-bit lanes
/// 0 … 3 of that half and the top byte of lane `second` into lanes 4 … 7 (a fraction's top byte is its weight).
#define SPREAD(first, second)                                                                                 \
    _mm256_setr_epi8(                                                                                         \
        4 * (first) + 3, -1, 4 * (first) + 3, -1, 4 * (first) + 3, -1, 4 * (first) + 3, -1, 4 * (second) + 3, \
        -1, 4 * (second) + 3, -1, 4 * (second) + 3, -1, 4 * (second) + 3, -1, 4 * (first) + 3, -1,             \
        4 * (first) + 3, -1, 4 * (first) + 3, -1, 4 * (first) + 3, -1, 4 * (second) + 3, -1, 4 * (second) + 3, \
        -1, 4 * (second) + 3, -1, 4 * (second) + 3, -1)

/// The positions of eight pixels from `(u, v)` stepped by `(du, dv)`, in 64-bit lanes (pixels 0 … 3 and 4 … 7), and
/// the step to the next eight; stepped with wrapping additions, as the Swift code steps them.
__attribute__((target("avx2"))) static inline void start_positions(
    int64_t u, int64_t v, int64_t du, int64_t dv, __m256i *u03, __m256i *v03, __m256i *u47, __m256i *v47,
    __m256i *step_u, __m256i *step_v) {
    const uint64_t su = (uint64_t)u, sv = (uint64_t)v, sdu = (uint64_t)du, sdv = (uint64_t)dv;
    *u03 = _mm256_setr_epi64x(
        (long long)su, (long long)(su + sdu), (long long)(su + 2 * sdu), (long long)(su + 3 * sdu));
    *v03 = _mm256_setr_epi64x(
        (long long)sv, (long long)(sv + sdv), (long long)(sv + 2 * sdv), (long long)(sv + 3 * sdv));
    *u47 = _mm256_add_epi64(*u03, _mm256_set1_epi64x((long long)(4 * sdu)));
    *v47 = _mm256_add_epi64(*v03, _mm256_set1_epi64x((long long)(4 * sdv)));
    *step_u = _mm256_set1_epi64x((long long)(8 * sdu));
    *step_v = _mm256_set1_epi64x((long long)(8 * sdv));
}

/// The integer parts (high halves) of the eight positions, in the order halves picked from two position vectors
/// come (pixels 0 1 4 5 | 2 3 6 7), and their fractions (low halves) put in pixel order by `pixel_order`.
__attribute__((target("avx2"))) static inline void split_positions(
    __m256i u03, __m256i u47, __m256i v03, __m256i v47, __m256i pixel_order, __m256i *column, __m256i *row,
    __m256i *fraction_u, __m256i *fraction_v) {
    const __m256 u03f = _mm256_castsi256_ps(u03), u47f = _mm256_castsi256_ps(u47);
    const __m256 v03f = _mm256_castsi256_ps(v03), v47f = _mm256_castsi256_ps(v47);
    *column = _mm256_castps_si256(_mm256_shuffle_ps(u03f, u47f, _MM_SHUFFLE(3, 1, 3, 1)));
    *row = _mm256_castps_si256(_mm256_shuffle_ps(v03f, v47f, _MM_SHUFFLE(3, 1, 3, 1)));
    *fraction_u = _mm256_permutevar8x32_epi32(
        _mm256_castps_si256(_mm256_shuffle_ps(u03f, u47f, _MM_SHUFFLE(2, 0, 2, 0))), pixel_order);
    *fraction_v = _mm256_permutevar8x32_epi32(
        _mm256_castps_si256(_mm256_shuffle_ps(v03f, v47f, _MM_SHUFFLE(2, 0, 2, 0))), pixel_order);
}

/// The byte offsets from the level's base of the top-left taps at `row` and `column`, in their lanes' order.
__attribute__((target("avx2"))) static inline void tap_offsets(
    __m256i row, __m256i column, __m256i stride, int32_t tap[8]) {
    _mm256_storeu_si256(
        (__m256i *)tap, _mm256_add_epi32(_mm256_mullo_epi32(row, stride), _mm256_slli_epi32(column, 2)));
}

/// Steps the eight positions on to the next eight.
__attribute__((target("avx2"))) static inline void advance_positions(
    __m256i *u03, __m256i *u47, __m256i *v03, __m256i *v47, __m256i step_u, __m256i step_v) {
    *u03 = _mm256_add_epi64(*u03, step_u);
    *u47 = _mm256_add_epi64(*u47, step_u);
    *v03 = _mm256_add_epi64(*v03, step_v);
    *v47 = _mm256_add_epi64(*v47, step_v);
}

/// Fetches what the steps a few device rows further down will need: the image rows below the first and last of the
/// eight taps (`tap`, byte offsets from `base`) and the destination `destination_ahead` bytes below `pixels`. The
/// destination is streamed in short runs, and the image is walked at an angle, neither of which the hardware
/// prefetchers foresee. (Prefetches never fault, so approximate addresses are fine; they are formed as integers,
/// being possibly outside any object.)
static inline void prefetch_ahead(
    const uint8_t *base, const int32_t tap[8], ptrdiff_t level_ahead, ptrdiff_t bytes_per_row, const uint8_t *pixels,
    ptrdiff_t destination_ahead) {
    const uintptr_t ahead_first = (uintptr_t)base + (uintptr_t)(intptr_t)tap[0] + (uintptr_t)level_ahead;
    const uintptr_t ahead_last = (uintptr_t)base + (uintptr_t)(intptr_t)tap[7] + (uintptr_t)level_ahead;
    _mm_prefetch((const char *)ahead_first, _MM_HINT_T0);
    _mm_prefetch((const char *)(ahead_first + (uintptr_t)(intptr_t)bytes_per_row), _MM_HINT_T0);
    _mm_prefetch((const char *)ahead_last, _MM_HINT_T0);
    _mm_prefetch((const char *)(ahead_last + (uintptr_t)(intptr_t)bytes_per_row), _MM_HINT_T0);
    _mm_prefetch((const char *)((uintptr_t)pixels + (uintptr_t)destination_ahead), _MM_HINT_T0);
}

__attribute__((target("avx2"))) void prk_bilinear_over_avx2(
    const uint8_t *base, int32_t bytes_per_row, int64_t u, int64_t v, int64_t du, int64_t dv,
    const uint8_t *coverage, uint8_t *destination, ptrdiff_t count, uint32_t opacity, ptrdiff_t level_ahead,
    ptrdiff_t destination_ahead) {
    __m256i u03, v03, u47, v47, step_u, step_v;
    start_positions(u, v, du, dv, &u03, &v03, &u47, &v47, &step_u, &step_v);

    const __m256i stride = _mm256_set1_epi32(bytes_per_row);
    // Halves picked from two position vectors come in pixel order 0 1 4 5 | 2 3 6 7; this puts them in order.
    const __m256i pixel_order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i spread0 = SPREAD(0, 0), spread1 = SPREAD(1, 1), spread2 = SPREAD(2, 2), spread3 = SPREAD(3, 3);
    const __m256i spread01 = SPREAD(0, 1), spread23 = SPREAD(2, 3);
    // Coverage weights (eight 16-bit lanes, copied to both halves) to pixels 0 1 | 4 5 and 2 3 | 6 7.
    const __m256i weights01 = _mm256_setr_epi8(
        0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 8, 9, 8, 9, 8, 9, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11);
    const __m256i weights23 = _mm256_setr_epi8(
        4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7, 12, 13, 12, 13, 12, 13, 12, 13, 14, 15, 14, 15, 14, 15, 14,
        15);
    // Each pixel's alpha lane over its four lanes.
    const __m256i alphas = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14,
        15);
    const __m256i all255 = _mm256_set1_epi16(255);
    const __m128i opacity_lanes = _mm_set1_epi16((short)opacity);

    for (ptrdiff_t index = 0; index < count; index += 8) {
        __m256i column, row, fraction_u, fraction_v;
        split_positions(u03, u47, v03, v47, pixel_order, &column, &row, &fraction_u, &fraction_v);
        // Byte offsets of the top-left taps, pixels 0 1 4 5 2 3 6 7.
        int32_t tap[8];
        tap_offsets(row, column, stride, tap);

        uint8_t *pixels = destination + 4 * index;
        prefetch_ahead(base, tap, level_ahead, bytes_per_row, pixels, destination_ahead);

        // Vertical blends of pixels 0 | 4, 2 | 6 and 1 | 5, 3 | 7.
        __m256i column04, column26, column15, column37;
        blend_columns(
            base, bytes_per_row, tap[0], tap[4], tap[2], tap[6], _mm256_shuffle_epi8(fraction_v, spread0),
            _mm256_shuffle_epi8(fraction_v, spread2), &column04, &column26);
        blend_columns(
            base, bytes_per_row, tap[1], tap[5], tap[3], tap[7], _mm256_shuffle_epi8(fraction_v, spread1),
            _mm256_shuffle_epi8(fraction_v, spread3), &column15, &column37);

        // Horizontal blends: pixels 0 1 | 4 5 and 2 3 | 6 7.
        __m256i sample01 = lerp(
            _mm256_unpacklo_epi64(column04, column15), _mm256_unpackhi_epi64(column04, column15),
            _mm256_shuffle_epi8(fraction_u, spread01));
        __m256i sample23 = lerp(
            _mm256_unpacklo_epi64(column26, column37), _mm256_unpackhi_epi64(column26, column37),
            _mm256_shuffle_epi8(fraction_u, spread23));

        // Weights round(coverage · opacity / 255) (exactly the coverage when opacity is 255, and the opacity
        // when the coverage is), then source-over: s·w/255 + d·(255 − alpha)/255, each rounded.
        const __m128i cover = _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(coverage + index)));
        const __m128i weight = _mm_mulhi_epu16(
            _mm_add_epi16(_mm_mullo_epi16(cover, opacity_lanes), _mm_set1_epi16(128)), _mm_set1_epi16(257));
        const __m256i weight_both = _mm256_broadcastsi128_si256(weight);
        sample01 = multiply_rounded_255(sample01, _mm256_shuffle_epi8(weight_both, weights01));
        sample23 = multiply_rounded_255(sample23, _mm256_shuffle_epi8(weight_both, weights23));
        const __m256i old = _mm256_loadu_si256((const __m256i *)pixels);
        const __m256i remaining01 = _mm256_xor_si256(_mm256_shuffle_epi8(sample01, alphas), all255);
        const __m256i remaining23 = _mm256_xor_si256(_mm256_shuffle_epi8(sample23, alphas), all255);
        const __m256i result01 =
            _mm256_add_epi16(sample01, multiply_rounded_255(_mm256_unpacklo_epi8(old, zero), remaining01));
        const __m256i result23 =
            _mm256_add_epi16(sample23, multiply_rounded_255(_mm256_unpackhi_epi8(old, zero), remaining23));
        // Each lane's low byte, as the Swift code narrows (premultiplied pixels never exceed 255 here; others wrap
        // the same way in both).
        const __m256i low_bytes = _mm256_set1_epi16(0x00FF);
        _mm256_storeu_si256(
            (__m256i *)pixels,
            _mm256_packus_epi16(_mm256_and_si256(result01, low_bytes), _mm256_and_si256(result23, low_bytes)));

        advance_positions(&u03, &u47, &v03, &v47, step_u, step_v);
    }
}

/// The alpha alone of `prk_bilinear_over_avx2`: the same positions, taps, weights and roundings for the alpha
/// channel, from the alpha bytes of the taps gathered into one vector (each pixel's left and right texel in the two
/// 16-bit halves of its 32-bit lane). Stores each pixel's new alpha in its top byte and leaves its other bytes.
__attribute__((target("avx2"))) void prk_bilinear_alpha_over_avx2(
    const uint8_t *base, int32_t bytes_per_row, int64_t u, int64_t v, int64_t du, int64_t dv,
    const uint8_t *coverage, uint8_t *destination, ptrdiff_t count, uint32_t opacity, ptrdiff_t level_ahead,
    ptrdiff_t destination_ahead) {
    __m256i u03, v03, u47, v47, step_u, step_v;
    start_positions(u, v, du, dv, &u03, &v03, &u47, &v47, &step_u, &step_v);
    const __m256i stride = _mm256_set1_epi32(bytes_per_row);
    const __m256i pixel_order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    // The alpha bytes (3 and 7) of the two 8-byte tap pairs in each 128-bit half, to 16-bit lanes 0 … 3 of the
    // half (`first`) or lanes 4 … 7 (`second`).
    const __m256i first = _mm256_setr_epi8(
        3, -1, 7, -1, 11, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, -1, 7, -1, 11, -1, 15, -1, -1, -1, -1, -1, -1,
        -1, -1, -1);
    const __m256i second = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, 3, -1, 7, -1, 11, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, -1, 7, -1,
        11, -1, 15, -1);
    const __m256i low_half = _mm256_set1_epi32(0xFFFF);
    const __m256i all255 = _mm256_set1_epi32(255);
    const __m256i opacity_lanes = _mm256_set1_epi32((int)opacity);

    for (ptrdiff_t index = 0; index < count; index += 8) {
        __m256i column, row, fraction_u, fraction_v;
        split_positions(u03, u47, v03, v47, pixel_order, &column, &row, &fraction_u, &fraction_v);
        // Byte offsets of the top-left taps, here with the pixels in order.
        int32_t tap[8];
        tap_offsets(
            _mm256_permutevar8x32_epi32(row, pixel_order), _mm256_permutevar8x32_epi32(column, pixel_order), stride,
            tap);

        uint8_t *pixels = destination + 4 * index;
        prefetch_ahead(base, tap, level_ahead, bytes_per_row, pixels, destination_ahead);

        // Pixel k's left and right tap alpha in the low and high halves of 32-bit lane k, upper and lower row.
        const __m256i upper = _mm256_or_si256(
            _mm256_shuffle_epi8(load_taps(base, tap[0], tap[1], tap[4], tap[5]), first),
            _mm256_shuffle_epi8(load_taps(base, tap[2], tap[3], tap[6], tap[7]), second));
        const uint8_t *below = base + bytes_per_row;
        const __m256i lower = _mm256_or_si256(
            _mm256_shuffle_epi8(load_taps(below, tap[0], tap[1], tap[4], tap[5]), first),
            _mm256_shuffle_epi8(load_taps(below, tap[2], tap[3], tap[6], tap[7]), second));
        // The weights: the fractions' top bytes (in both halves for the vertical blend).
        const __m256i weight_v = _mm256_srli_epi32(fraction_v, 24);
        const __m256i columns = lerp(upper, lower, _mm256_or_si256(weight_v, _mm256_slli_epi32(weight_v, 16)));
        __m256i sample = lerp(
            _mm256_and_si256(columns, low_half), _mm256_srli_epi32(columns, 16), _mm256_srli_epi32(fraction_u, 24));

        const __m256i cover = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(coverage + index)));
        const __m256i weight = _mm256_mulhi_epu16(
            _mm256_add_epi16(_mm256_mullo_epi16(cover, opacity_lanes), _mm256_set1_epi32(128)),
            _mm256_set1_epi32(257));
        sample = multiply_rounded_255(sample, weight);
        const __m256i old = _mm256_loadu_si256((const __m256i *)pixels);
        const __m256i alpha = _mm256_add_epi16(
            sample, multiply_rounded_255(_mm256_srli_epi32(old, 24), _mm256_xor_si256(sample, all255)));
        // The low byte of the alpha lane, as the full kernel narrows, into the top byte of each pixel.
        const __m256i result = _mm256_or_si256(
            _mm256_and_si256(old, _mm256_set1_epi32(0x00FFFFFF)), _mm256_slli_epi32(alpha, 24));
        _mm256_storeu_si256((__m256i *)pixels, result);

        advance_positions(&u03, &u47, &v03, &v47, step_u, step_v);
    }
}

#endif
