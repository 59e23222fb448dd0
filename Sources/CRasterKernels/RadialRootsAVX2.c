#include "CRasterKernels.h"

#if defined(__x86_64__)

#include <immintrin.h>

__attribute__((target("avx2"))) void prk_radial_roots_avx2(
    double *point, double b, double step_x, double step_y, double step_b, double a, double r0_squared,
    ptrdiff_t count, double *roots) {
    double px = point[0], py = point[1];
    const __m256d lane_a = _mm256_set1_pd(a), lane_r0_squared = _mm256_set1_pd(r0_squared);
    ptrdiff_t index = 0;
    for (; index + 4 <= count; index += 4) {
        // The positions and `b` stepped one pixel at a time, each addition as in the scalar loop.
        double x[4], y[4], centre[4];
        for (int lane = 0; lane < 4; lane++) {
            x[lane] = px;
            y[lane] = py;
            centre[lane] = b;
            px += step_x;
            py += step_y;
            b += step_b;
        }
        const __m256d vx = _mm256_loadu_pd(x), vy = _mm256_loadu_pd(y), vb = _mm256_loadu_pd(centre);
        // c = (x·x + y·y) − r0², discriminant = b·b − a·c, each operation rounded on its own (no fused forms).
        const __m256d c = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(vx, vx), _mm256_mul_pd(vy, vy)), lane_r0_squared);
        const __m256d discriminant = _mm256_sub_pd(_mm256_mul_pd(vb, vb), _mm256_mul_pd(lane_a, c));
        _mm256_storeu_pd(roots + index, _mm256_sqrt_pd(discriminant));
    }
    for (; index < count; index++) {
        const __m128d vx = _mm_set_sd(px), vy = _mm_set_sd(py), vb = _mm_set_sd(b);
        const __m128d c = _mm_sub_sd(_mm_add_sd(_mm_mul_sd(vx, vx), _mm_mul_sd(vy, vy)), _mm_set_sd(r0_squared));
        const __m128d discriminant = _mm_sub_sd(_mm_mul_sd(vb, vb), _mm_mul_sd(_mm_set_sd(a), c));
        roots[index] = _mm_cvtsd_f64(_mm_sqrt_sd(discriminant, discriminant));
        px += step_x;
        py += step_y;
        b += step_b;
    }
    point[0] = px;
    point[1] = py;
}

#endif
