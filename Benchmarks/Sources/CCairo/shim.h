// Exposes cairo's C API to the comparison targets of the Benchmarks package (never to the product).
#include <cairo.h>
