// The price book: every `price`, `exchange_rate` and `electricity` declaration of the
// stdlib, of the spec's own program, and of user price-book files (`--prices FILE`).
// A user entry overrides a stdlib entry for the same item and region; otherwise the
// newest `as_of` wins. Money is converted only through a dated exchange rate, and
// every conversion names the rate it used.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sema/program.h"
#include "source/source.h"
#include "units/quantity.h"

namespace gpuspec::cost {

// Where a figure came from: the declaration name and its date.
struct PriceSource {
  std::string entry;     // "prices.nvidia.rtx_4090.cn"
  std::string as_of;     // "2022-09-21"
  bool user = false;     // from --prices or the spec's own files
  bool verified = true;
  SourceRange range;     // the declaration's name
};

struct PriceEntry {
  std::string item;      // catalog name of the part or instance
  std::string kind;      // list | street | used | quote | on_demand | reserved_1y | reserved_3y | spot
  std::string region;    // "" when not stated
  units::Quantity amount;  // money (parts) or money per second (instances)
  PriceSource source;
};

struct ExchangeRate {
  units::Currency from = units::Currency::None;
  units::Currency to = units::Currency::None;
  double rate = 0;  // units of `to` per unit of `from`
  PriceSource source;
};

struct Electricity {
  std::string region;       // site region symbol: cn, us
  units::Quantity price;    // money per W*s
  std::optional<double> pue;
  PriceSource source;
};

// A money amount converted into another currency, with the rate that did it.
struct Converted {
  units::Quantity value;
  std::optional<ExchangeRate> rate;  // nullopt when no conversion was needed
  bool inverse = false;              // the rate was used from `to` to `from`
  // "rates.usd_cny 7.1884 USD->CNY (2024-12-31)", or "" without conversion.
  std::string describe() const;
};

class PriceBook {
 public:
  // Adds the library's entries (user = false) and the program's own files' entries (user = true).
  void add_program(const sema::Program& program);
  // Adds the user files of a price-book program loaded from `--prices FILE` (user = true).
  void add_user_file(const sema::Program& prices);

  // The best entry for an item. `region` prefers an entry for that region (a site
  // region such as "cn" for parts); `strict_region` (instances) accepts only that
  // region or an entry without one. `currency` breaks ties between regions.
  const PriceEntry* find(const std::string& item, const std::string& region = "", bool strict_region = false,
                         units::Currency currency = units::Currency::None) const;
  const Electricity* electricity(const std::string& region) const;
  // Converts money (or a money rate) to `to`; nullopt when no dated rate links the two.
  std::optional<Converted> convert(const units::Quantity& money, units::Currency to) const;

  const std::vector<PriceEntry>& prices() const { return prices_; }
  const std::vector<ExchangeRate>& rates() const { return rates_; }

 private:
  void add_declarations(const sema::LoadedFile& file, bool user);
  std::vector<PriceEntry> prices_;
  std::vector<ExchangeRate> rates_;
  std::vector<Electricity> electricity_;
};

// Formats money in its currency with two decimals and thousands separators: "12,999.00 CNY".
std::string format_money(double amount, units::Currency currency);
// "12999.00": the plain number for CSV/JSON-friendly columns.
std::string plain_money(double amount);

}  // namespace gpuspec::cost
