// The price book: every `price`, `exchange_rate` and `electricity` declaration of the
// stdlib, of the spec's own program, and of user price-book files (`--prices FILE`).
// A user entry overrides a stdlib entry for the same item, whatever the regions; otherwise
// the price in effect on the quote date wins: the newest not dated after it (PriceBook::find
// has the whole order; in_effect_order the date rule, which exchange rates share). Money is
// converted only through a dated exchange rate (the newest one not after the quote date) or
// a `--rate` the user gives, and every conversion names the rate it used.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cost/money_range.h"
#include "sema/program.h"
#include "source/source.h"
#include "units/quantity.h"

namespace gpuspec::cost {

// Where a figure came from: the declaration name and its date.
struct PriceSource {
  std::string entry;     // "prices.nvidia.rtx_4090.cn"
  std::string as_of;     // "2022-09-21", "undated"; "" for a --rate given on the command line
  bool user = false;     // from --prices, --rate or the spec's own files
  bool verified = true;
  SourceRange range;     // the declaration's name
  // The date to order entries by; "" for an undated entry (in_effect_order says where it ranks).
  std::string date_key() const { return as_of == "undated" ? std::string() : as_of; }
  // Whether the source is dated after `date` (the quote date), so it was not yet in effect
  // then. An undated source and a --rate never are; with no date (`check`) nothing is.
  bool dated_after(std::string_view date) const { return !date.empty() && date_key() > date; }
};

// The one date rule, for prices and exchange rates alike: how `a` compares with `b` on the
// quote `date` (> 0: `a` is better). A source in effect (dated on or before `date`) beats
// one dated after it, the newer the better; among sources dated after it, the older is
// better (the figure nearest the date, used only when nothing was in effect, and said so).
// An undated source ranks below every dated one in effect (it is not known to be) and above
// every one dated after (it is not known to be later either); without a date, below all.
int in_effect_order(const PriceSource& a, const PriceSource& b, std::string_view date);

// "priced from a source dated after 2024-04-14 (the quote date): no price of it was in effect
// then", the note every line priced so carries; "" when `dated_after` is empty.
std::string dated_after_note(const std::string& dated_after);

// A part a system price already covers (`includes = [8 x nvidia.h100_80gb_sxm, ...]`).
struct IncludedPart {
  std::string part;
  double count = 1;
};

struct PriceEntry {
  std::string item;      // catalog name of the part or instance
  // list | street | used | distributor_report | configurator | estimate | quote |
  // on_demand | reserved_1y | reserved_3y | spot
  std::string kind;
  std::string region;    // "" when not stated
  units::Quantity amount;  // money (parts) or money per second (instances, volumes); a range's low end
  units::Quantity high;    // a range's high end; equal to `amount` for a point price
  std::optional<units::Quantity> per;  // the capacity `amount` is for (`per = 1 GB`)
  std::string method;    // how an estimate was derived, "" when not stated
  std::vector<IncludedPart> includes;  // a system price: the parts it covers
  // A system price of a configured server whose CPUs, memory and drives its source does
  // not record (`covers_host = unrecorded`): the spec's may be in it, or none of them.
  bool host_unrecorded = false;
  // A complete system's price (`covers_host = complete`: a DGX as NVIDIA ships it) covers the
  // memory and the drives it ships with, up to these capacities per node (data, in bytes;
  // none when the price states none, so the spec's own are priced on top).
  bool host_complete = false;
  std::optional<double> host_memory;
  std::optional<double> host_storage;
  PriceSource source;
  bool is_range() const { return high.value != amount.value; }
};

struct ExchangeRate {
  units::Currency from = units::Currency::None;
  units::Currency to = units::Currency::None;
  double rate = 0;  // units of `to` per unit of `from`
  PriceSource source;
  std::string override_text;  // "USD/CNY=7.2" for a --rate, else ""
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
  // "rates.usd_cny 7.1884 USD->CNY (2024-12-31)", "user rate 7.2 USD->CNY (--rate USD/CNY=7.2)",
  // or "" without conversion.
  std::string describe() const;
};

// What a price is for, which decides the kinds of price that may serve it.
enum class PriceUse {
  Any,       // every kind (listing the book)
  Capex,     // buying a new part: is_new_part_kind; `used` only from the user's own book
  Instance,  // renting an instance: exactly the kind the deployment asks for (on_demand by default)
  Volume,    // renting block storage: list, on_demand or quote
};

// What one node of a build holds, part by part (catalog name -> count per node): a
// system price serves a BOM only when the build holds everything it `includes`.
using PartCounts = std::map<std::string, double, std::less<>>;

struct PriceQuery {
  std::string item;
  std::string region;          // preferred region ("cn" for parts, the cloud region for rentals)
  bool strict_region = false;  // accept only `region` or an entry without one
  units::Currency currency = units::Currency::None;  // breaks ties between regions
  PriceUse use = PriceUse::Any;
  std::string kind = "on_demand";  // PriceUse::Instance: the kind asked for
  // PriceUse::Capex: the build's parts. A system price (one with `includes`) serves only
  // when every included part is there with at least its count; without the build's parts
  // (a part priced alone, as suggest's sizing does) no system price serves.
  const PartCounts* build = nullptr;
};

// The price entries of one file, or of the whole stdlib, read once: immutable, so the
// stdlib's layer is built once per session and shared by every checked file and
// --jobs thread (issue 12: it was rebuilt for every file), and a --prices file's once
// per run.
class PriceLayer {
 public:
  // The stdlib's entries (user = false).
  static std::shared_ptr<const PriceLayer> of_library(const sema::Library& library);
  // One user file's entries: a spec's own file or a --prices file (user = true).
  static std::shared_ptr<const PriceLayer> of_file(const sema::LoadedFile& file, bool user);
  bool empty() const { return pending_.empty() && rates_.empty() && electricity_.empty() && volume_billing_.empty(); }

 private:
  friend class PriceBook;
  void add_declarations(const sema::LoadedFile& file, bool user);
  // The prices_ indices of `item`'s entries (null: none), each read from its declaration
  // on the first request for the item, once, whichever thread asks: a check prices a
  // server's few parts, and reading all ~400 of the stdlib's entries was most of the
  // layer's cost (issue 28). A user file's layer is read whole when made (of_file).
  const std::vector<std::size_t>* entries_of(std::string_view item) const;
  void read_all() const;
  struct Pending {
    sema::DeclRef decl;  // a library entry's body is read when its item is first asked for
    bool user = false;
  };
  std::vector<Pending> pending_;  // every `price` that names an item, in the order added
  // By pending_ index; nullopt until read, and for a price without a usable amount.
  mutable std::vector<std::optional<PriceEntry>> prices_;
  struct Item {
    std::vector<std::size_t> indices;  // in the order added: a BOM line asks for one item,
                                       // and scanning every price for it was a hot path (issue 12)
    std::unique_ptr<std::once_flag> read = std::make_unique<std::once_flag>();
  };
  std::map<std::string, Item, std::less<>> by_item_;
  std::vector<ExchangeRate> rates_;
  std::vector<Electricity> electricity_;
  std::map<std::string, std::string, std::less<>> volume_billing_;
};

// A layer read on first use, once, whichever thread asks first: the stdlib's prices,
// which a check whose rules read no cost fact never looks at (issue 28: reading them was
// an eighth of a one-file cold start).
class DeferredPriceLayer {
 public:
  explicit DeferredPriceLayer(std::function<std::shared_ptr<const PriceLayer>()> read) : read_(std::move(read)) {}
  const PriceLayer& get() const;

 private:
  std::function<std::shared_ptr<const PriceLayer>()> read_;
  mutable std::once_flag once_;
  mutable std::shared_ptr<const PriceLayer> layer_;
};

// The layers a quote reads, in the order they were added (the stdlib's first): every
// look-up visits them in that order, so the book answers as one list of entries would.
class PriceBook {
 public:
  // Adds the stdlib's entries (user = false), read now.
  void add_library(const sema::Library& library);
  // Adds entries read before: a user file's layer, shared, not copied.
  void add_layer(std::shared_ptr<const PriceLayer> layer);
  // Adds a layer read when the book is first asked for an entry (the session's stdlib
  // layer): in its place in the order, as if it had been read now.
  void add_deferred_layer(std::shared_ptr<const DeferredPriceLayer> layer);
  // Adds the files of a user program: a spec, or a price book from `--prices FILE` (user = true).
  // A file already added (imported by several programs) is added once.
  void add_user_file(const sema::Program& prices);
  // The same for a file whose entries were read before (a --prices file, once per run).
  void add_user_layer(const SourceFile* source, std::shared_ptr<const PriceLayer> layer);
  // A `--rate FROM/TO=RATE` from the command line: beats every dated rate between the two.
  void add_rate_override(ExchangeRate rate);
  // The quote date (YYYY-MM-DD): a dated rate is used only from its as_of on. "" = any date.
  void set_quote_date(std::string date) { quote_date_ = std::move(date); }
  const std::string& quote_date() const { return quote_date_; }

  // The best entry for a query. The user's own book (--prices, gpuspec.json's "prices",
  // the spec's files) beats the stdlib whatever their regions: a user entry for `region`,
  // then a user entry without a region, then the stdlib's for `region`, then the stdlib's
  // without one; another region's entry comes after all of those. Within that: a system
  // price the build holds, the most specific first (most included parts, then most
  // pieces), before a price without `includes`; then (for a capex) a new-part price over
  // a used one. Among the prices left equal, the one in effect on the quote date
  // (in_effect_order: the newest not dated after it, then an undated one, then the oldest
  // dated after it; without a quote date, the newest); only entries of the same date are
  // then told apart by kind (an observed figure over an estimate) and currency (one in
  // `currency` first).
  const PriceEntry* find(const PriceQuery& query) const;
  // Every entry that may serve the query, best first (tiered prices pick among them).
  std::vector<const PriceEntry*> candidates(const PriceQuery& query) const;
  // The quote date when `price` is dated after it (chosen only because no eligible price
  // was in effect then), else "": what a line records to say so (dated_after_note).
  std::string dated_after(const PriceEntry* price) const;
  const Electricity* electricity(const std::string& region) const;
  // The `billing` of a `volume` type (per_capacity or tiered) from the stdlib or a user
  // file; nullopt when no such volume type is declared.
  std::optional<std::string> volume_billing(const std::string& volume) const;
  // Converts money (or a money rate) to `to`; nullopt when no rate links the two.
  std::optional<Converted> convert(const units::Quantity& money, units::Currency to) const;
  // The factor that converts `from` into `to` (1 without conversion) and the conversion
  // it stands for; nullopt when no rate links the two. A range's two ends convert at it.
  std::optional<Converted> convert_unit(units::Currency from, units::Currency to) const;

  // Every price entry, in the order added.
  std::vector<const PriceEntry*> prices() const;

 private:
  // One of the two is set: a layer read, or one read on first use.
  struct Layer {
    std::shared_ptr<const PriceLayer> read;
    std::shared_ptr<const DeferredPriceLayer> deferred;
    const PriceLayer* operator->() const { return read ? read.get() : &deferred->get(); }
  };
  std::vector<Layer> layers_;
  std::vector<ExchangeRate> overrides_;
  std::string quote_date_;
  std::vector<const SourceFile*> added_;  // user files already read
};

// Whether `kind` prices a new part: list, street, distributor_report, configurator,
// estimate or quote (not used, not a cloud rate).
bool is_new_part_kind(std::string_view kind);

// Whether a price of `kind` may serve `use` (see PriceUse).
bool kind_serves(const std::string& kind, bool user, PriceUse use, const std::string& wanted_kind = "on_demand");

// "CNY" -> Currency::CNY, "USD" -> Currency::USD, anything else -> Currency::None.
units::Currency currency_from_code(std::string_view code);

// Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier);
// nullopt when either is not a calendar date.
std::optional<long> days_between(const std::string& from, const std::string& to);

// Parses "USD/CNY=7.2" (a --rate); nullopt with `error` set when it is not that shape.
std::optional<ExchangeRate> parse_rate_override(const std::string& text, std::string& error);

// Formats money in its currency with two decimals and thousands separators: "12,999.00 CNY".
std::string format_money(double amount, units::Currency currency);
// A range as "12,000.00 .. 15,000.00 USD" (the currency once), a point as format_money.
std::string format_money_range(MoneyRange range, units::Currency currency);
// How `to` differs from `from`, end by end: "+566.92 USD" when both ends move alike, else
// "+766.92 USD at the low end, -333.08 USD at the high end".
std::string format_change(MoneyRange from, MoneyRange to, units::Currency currency);
// "12999.00": the plain number for CSV/JSON-friendly columns.
std::string plain_money(double amount);

}  // namespace gpuspec::cost
