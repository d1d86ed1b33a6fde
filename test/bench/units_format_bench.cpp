// The quantity formatter alone: units::format on a fixed mix of quantities like those a
// check prints in facts, messages and explanations (whole datasheet values such as
// "80 GB" and "700 W", derived values such as 3.35e12 B/s / 8 GPUs, money, durations,
// dimensionless counts). BM_FormatOriginal times the fmt-based formatter the units
// library started with (test/oracle/units_format_reference.h, kept for the differential test),
// BM_Format the current `units::format`, BM_FormatTo the appending overload writing into
// one reused string, as a caller building a longer message would.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "oracle/units_format_reference.h"
#include "units/quantity.h"

namespace {

using gpuspec::units::Currency;
using gpuspec::units::Dimension;
using gpuspec::units::Quantity;

std::vector<Quantity> quantity_mix() {
  std::vector<Quantity> mix;
  auto add = [&](Dimension d, std::initializer_list<double> values, Currency c = Currency::None) {
    for (double v : values) mix.push_back({v, d, c});
  };
  // Whole datasheet values and their products (the common case).
  add(Dimension::data(), {80e9, 640e9, 141e9, 2e12, 3.84e12, 1152.0 * 1073741824.0, 4096, 512e9, 0});
  add(Dimension::bandwidth(), {3.35e12, 900e9, 50e9, 25e9, 64e9, 7.2e12, 400e9 / 8});
  add(Dimension::power(), {700, 10200, 2700, 3000, 5600, 350});
  add(Dimension::frequency(), {2.1e9, 3.8e9, 1.98e9});
  add(Dimension::compute(), {989e12, 1979e12, 67e12, 7.9e15});
  add(Dimension::transfer_rate(), {4800, 5600});
  add(Dimension::temperature(), {80, 35});
  add(Dimension::duration(), {72 * 3600.0, 3 * 8760 * 3600.0, 18 * 730 * 3600.0, 5400});
  add(Dimension::none(), {8, 0.6, 7e9, 150000, 2.5, 0.85});
  add(Dimension::money_amount(), {21.96, 150000, 0.004, 289000}, Currency::CNY);
  add(Dimension::money_rate(), {32.77 / 3600, 98.32 / 3600}, Currency::USD);
  // Derived values that are not round: shares, ratios, sums of per-part figures.
  add(Dimension::data(), {80e9 * 8 / 0.9, 640e9 / 3, 7e9 * 2 * 1.2, 1.2345e11});
  add(Dimension::bandwidth(), {3.35e12 / 7, 12.5e9 * 0.92, 1e12 / 3});
  add(Dimension::power(), {10200 * 1.15, 700 * 8 / 0.94, 999.96});
  add(Dimension::compute(), {989e12 * 0.41, 1979e12 / 3});
  add(Dimension::energy(), {3.6e6 * 1.5, 3.6e6 * 12.34});
  return mix;
}

void BM_FormatOriginal(benchmark::State& state) {
  const std::vector<Quantity> mix = quantity_mix();
  for (auto _ : state) {
    for (const Quantity& q : mix) benchmark::DoNotOptimize(gpuspec::units::old_impl::format(q));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(mix.size()));
}
BENCHMARK(BM_FormatOriginal);

void BM_Format(benchmark::State& state) {
  const std::vector<Quantity> mix = quantity_mix();
  for (auto _ : state) {
    for (const Quantity& q : mix) benchmark::DoNotOptimize(gpuspec::units::format(q));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(mix.size()));
}
BENCHMARK(BM_Format);

void BM_FormatTo(benchmark::State& state) {
  const std::vector<Quantity> mix = quantity_mix();
  std::string out;
  for (auto _ : state) {
    for (const Quantity& q : mix) {
      out.clear();
      gpuspec::units::format_to(out, q);
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(mix.size()));
}
BENCHMARK(BM_FormatTo);

}  // namespace

BENCHMARK_MAIN();
