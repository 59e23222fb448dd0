#include "CRasterKernels.h"

#if defined(__x86_64__)

#include <immintrin.h>

__attribute__((target("avx2"))) void prk_alpha_bytes_avx2(const uint8_t *pixels, uint8_t *alpha, ptrdiff_t count) {
    ptrdiff_t index = 0;
    for (; index + 32 <= count; index += 32) {
        const __m256i *source = (const __m256i *)(pixels + 4 * index);
        // Each pixel's top byte to the low byte of its 32-bit lane, then narrowed: the packs work within 128-bit
        // halves, so the 32 bytes come out in the order 0–3 8–11 16–19 24–27 4–7 12–15 20–23 28–31 (groups of four
        // pixels), which the permutation puts back in order.
        const __m256i a = _mm256_srli_epi32(_mm256_loadu_si256(source), 24);
        const __m256i b = _mm256_srli_epi32(_mm256_loadu_si256(source + 1), 24);
        const __m256i c = _mm256_srli_epi32(_mm256_loadu_si256(source + 2), 24);
        const __m256i d = _mm256_srli_epi32(_mm256_loadu_si256(source + 3), 24);
        const __m256i packed = _mm256_packus_epi16(_mm256_packus_epi32(a, b), _mm256_packus_epi32(c, d));
        const __m256i ordered = _mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        _mm256_storeu_si256((__m256i *)(alpha + index), ordered);
    }
    for (; index < count; index++) alpha[index] = pixels[4 * index + 3];
}

#endif
