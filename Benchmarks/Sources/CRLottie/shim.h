// Exposes rlottie's C API to the Lottie comparison of the Benchmarks package (never to the product).
#include <rlottie_capi.h>
