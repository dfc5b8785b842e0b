#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

// Placeholder until the board benchmarks exist.
static void bm_placeholder(benchmark::State& state) {
    int sum = 0;
    for (auto _ : state) {
        sum += 1;
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(bm_placeholder);
