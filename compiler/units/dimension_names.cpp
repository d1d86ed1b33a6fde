// Names of dimensions for diagnostics and base-unit symbols for JSON output.
// Named dimensions get their familiar word/symbol; any other exponent vector is
// spelled as a product of base symbols, e.g. "B*s", "CNY/(W*s)", "1/B".
#include <array>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

struct NamedDimension {
  Dimension dimension;
  std::string_view name;
};

std::span<const NamedDimension> named_dimensions() {
  static const auto table = std::to_array<NamedDimension>({
      {Dimension::none(), "dimensionless"},
      {Dimension::data(), "bytes"},
      {Dimension::bandwidth(), "bandwidth"},
      {Dimension::power(), "power"},
      {Dimension::frequency(), "frequency"},
      {Dimension::transfer_rate(), "memory transfer rate"},
      {Dimension::temperature(), "temperature"},
      {Dimension::duration(), "duration"},
      {Dimension::money_amount(), "money"},
      {Dimension::money_rate(), "money rate"},
      {Dimension::compute(), "compute"},
      {Dimension::energy(), "energy"},
      {Dimension::energy_price(), "energy price"},
  });
  return table;
}

// One factor of a product: its symbol and exponent.
using Factor = std::pair<std::string_view, int>;

std::string join_factors(const std::vector<Factor>& factors) {
  std::string text;
  for (const auto& [symbol, exponent] : factors) {
    if (!text.empty()) text += '*';
    text += symbol;
    if (exponent != 1) text += fmt::format("^{}", exponent);
  }
  return text;
}

// Spells any exponent vector as numerator/denominator, money first so prices read
// naturally ("USD/B"), seconds last so rates read naturally ("B*W/s").
std::string product_symbol(Dimension dimension, std::string_view money_symbol) {
  const std::array<Factor, 7> factors = {{
      {money_symbol, dimension.money},
      {"B", dimension.bytes},
      {"FLOP", dimension.flops},
      {"MT", dimension.transfers},
      {"W", dimension.watts},
      {"C", dimension.celsius},
      {"s", dimension.seconds},
  }};
  std::vector<Factor> numerator;
  std::vector<Factor> denominator;
  for (const auto& [symbol, exponent] : factors) {
    if (exponent > 0) numerator.push_back({symbol, exponent});
    if (exponent < 0) denominator.push_back({symbol, -exponent});
  }
  std::string text = numerator.empty() ? "1" : join_factors(numerator);
  if (denominator.empty()) return text;
  const std::string below = join_factors(denominator);
  return denominator.size() == 1 ? fmt::format("{}/{}", text, below) : fmt::format("{}/({})", text, below);
}

}  // namespace

std::string dimension_name(Dimension dimension) {
  for (const NamedDimension& named : named_dimensions()) {
    if (named.dimension == dimension) return std::string(named.name);
  }
  return product_symbol(dimension, "money");
}

std::string base_unit_symbol(Dimension dimension, Currency currency) {
  if (dimension.dimensionless()) return "";
  // The product spelling already yields "B/s", "MT/s", "FLOP/s", "USD/s"; only 1/s
  // has its own name.
  if (dimension == Dimension::frequency()) return "Hz";
  const std::string_view code = currency_code(currency);
  return product_symbol(dimension, code.empty() ? "money" : code);
}

}  // namespace gpuspec::units
