#include <fmt/format.h>

#include <cmath>

#include "backends/cost/bom_detail.h"
#include "backends/cost/missing_price.h"
#include "backends/cost/part_price.h"

namespace gpuspec::cost::bom_detail {

namespace {

class LinePricer {
 public:
  LinePricer(const sema::Program& program, const ast::Declaration& decl, const std::string& region,
             const PriceBook& book, Bom& bom, DiagnosticEngine& diags)
      : program_(program), decl_(decl), region_(region), book_(book), bom_(bom), diags_(diags), missing_(diags, decl) {}

  void price(BomLine& line) {
    if (line.fully_included()) return;
    auto unpriced = [&](std::string message, std::string hint) {
      bom_.total.missing(line.part);
      missing_.report(line.part, line.at, line.role, std::move(message), std::move(hint));
    };
    PartPriceResult result = part_price(program_, line.part, region_, bom_.currency, book_);
    if (!result.priced && result.problem == PriceProblem::NoEntry) {
      unpriced(fmt::format("no price for '{}' ({}{}) in the price book{}", line.part, line.role,
                           line.implied ? ", implied" : "", only_used_note(line.part)),
               fmt::format("add a `price` entry for {} (a new-part kind: list, street, distributor_report, "
                           "configurator, estimate or quote; with `source` and `as_of`) to a price-book file named "
                           "in gpuspec.json's \"prices\" or passed with --prices FILE",
                           line.part));
      return;
    }
    if (!result.priced && result.problem == PriceProblem::NoCapacity) {
      unpriced(fmt::format("'{}' is priced per {} ({}) but the part has no capacity to multiply it by", line.part,
                           units::format(*result.entry->per), result.entry->source.entry),
               fmt::format("price {} per piece (drop `per`), or give the part a `capacity`", line.part));
      return;
    }
    if (!result.priced) {
      unpriced(fmt::format("no exchange rate from {} to {} for the price of '{}' ({})",
                           units::currency_code(result.entry->amount.currency), units::currency_code(bom_.currency),
                           line.part, result.entry->source.entry),
               kMissingRateHint);
      return;
    }
    const PartPrice& priced = *result.priced;
    const PriceEntry* price = priced.price;
    const MoneyRange line_total = priced.unit * (line.quantity - line.included);
    const MoneyRange sum = bom_.total.range() + line_total;
    if (!line_total.finite() || !sum.finite()) {
      // A price of 1e308, or 1e308 parts: reported at the property and left out like a
      // missing price, never printed as inf.
      bom_.total.missing(line.part);
      auto& d = diags_.error("cost.overflow", line.at,
                             fmt::format("the cost of {:g} x '{}' ({}) is too large to compute", line.quantity,
                                         line.part, line.role));
      d.declaration = decl_.name;
      d.hint = fmt::format("check the count and the price entry {}", price->source.entry);
      return;
    }
    line.price = price;
    line.per_capacity = priced.per_capacity;
    line.unit_price = priced.unit;
    line.line_total = line_total;
    line.conversion = priced.converted.describe();
    bom_.total.add(line_total);
    bom_.sources.push_back(price->source);
    if (priced.converted.rate) bom_.sources.push_back(priced.converted.rate->source);
  }

  // The parts a system price covers are not priced again: `includes = [8 x gpu, board]`
  // covers up to that many of each per node; the rest of a line (more GPUs than the
  // system holds) is priced as parts.
  void apply_includes(const BomLine& system) {
    PartPriceResult result = part_price(program_, system.part, region_, bom_.currency, book_);
    if (!result.priced) return;
    for (const auto& included : result.priced->price->includes) {
      for (auto& line : bom_.lines) {
        if (&line == &system || line.part != included.part) continue;
        const double per_node = line.per_node > 0 ? line.per_node : line.quantity;
        const double covered = std::min(per_node, included.count) * (line.per_node > 0 ? bom_.nodes : 1);
        line.included_in = system.part;
        line.included = std::min(line.quantity, covered);
      }
    }
  }

  // A barebone or DGX (`board = proprietary`) has its board: a `motherboard` line is part of it.
  void apply_own_board(const BomLine& chassis) {
    const sema::DeclEntry* entry = program_.find(chassis.part);
    if (!entry || catalog_text(*entry, "board") != "proprietary") return;
    for (auto& line : bom_.lines) {
      if (line.role != "motherboard") continue;
      line.included_in = chassis.part;
      line.included = line.quantity;
    }
  }

 private:
  // " (its only price is a used one, prices.x, which a new build takes only from your own
  // price book)" when that is why a part has no price.
  std::string only_used_note(const std::string& part) const {
    const PriceEntry* used = nullptr;
    for (const PriceEntry* e : book_.candidates(PriceQuery{part, region_, false, bom_.currency, PriceUse::Any})) {
      if (e->kind != "used") return "";
      if (!used) used = e;
    }
    if (!used) return "";
    return fmt::format(" (its only price is a used one, {}, which a new build takes only from your own price book)",
                       used->source.entry);
  }

  const sema::Program& program_;
  const ast::Declaration& decl_;
  const std::string& region_;
  const PriceBook& book_;
  Bom& bom_;
  DiagnosticEngine& diags_;
  MissingPrices missing_;
};

}  // namespace

void price_lines(const sema::Program& program, const ast::Declaration& decl, const std::string& region,
                 const PriceBook& book, Bom& bom, DiagnosticEngine& diags) {
  LinePricer pricer(program, decl, region, book, bom, diags);
  // What the chassis covers is known before any line is priced; then every line in order.
  for (const auto& line : bom.lines) {
    if (line.role != "chassis") continue;
    pricer.apply_own_board(line);
    pricer.apply_includes(line);
  }
  for (auto& line : bom.lines) pricer.price(line);
}

}  // namespace gpuspec::cost::bom_detail
