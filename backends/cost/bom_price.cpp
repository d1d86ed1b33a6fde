#include <fmt/format.h>

#include <cmath>

#include "backends/cost/bom_detail.h"
#include "backends/cost/missing_price.h"
#include "backends/cost/part_price.h"
#include "facts/properties.h"

namespace gpuspec::cost::bom_detail {

namespace {

class LinePricer {
 public:
  LinePricer(const sema::Program& program, const ast::Declaration& decl, const std::string& region,
             const PriceBook& book, Bom& bom, DiagnosticEngine& diags)
      : program_(program), decl_(decl), region_(region), book_(book), bom_(bom), diags_(diags), missing_(diags, decl) {
    // What a node holds, for the system prices (`includes`) that may serve the chassis.
    for (const auto& line : bom_.lines) {
      if (line.per_node > 0 && !line.part.empty()) build_[line.part] += line.per_node;
    }
  }

  void price(BomLine& line) {
    if (line.fully_included()) return;
    auto unpriced = [&](std::string message, std::string hint) {
      bom_.total.missing(line.part);
      missing_.report(line.part, line.at, line.role, std::move(message), std::move(hint));
    };
    if (line.part.empty()) {  // a part the build needs and the catalog does not have
      bom_.total.missing(line.description);
      missing_.report(line.description, line.at, line.role,
                      fmt::format("{}: {}, so nothing prices it (another board's price does not apply)",
                                  line.description, line.why),
                      "price the whole system instead: a chassis `price` whose `includes` names the GPUs, in a "
                      "price-book file named in gpuspec.json's \"prices\" or passed with --prices FILE");
      return;
    }
    PartPriceResult result = part_price(program_, line.part, region_, bom_.currency, book_, &build_);
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
    // The spec's host may be the configured server's own: from nothing to the full price.
    if (host_price_ && is_host_role(line.role)) {
      line.line_total = MoneyRange{0, line_total.high};
      line.maybe_in = host_system_;
      line.maybe_price = host_price_;
    }
    line.conversion = priced.converted.describe();
    line.dated_after = book_.dated_after(price);
    bom_.total.add(*line.line_total);
    bom_.sources.push_back(price->source);
    if (priced.converted.rate) bom_.sources.push_back(priced.converted.rate->source);
  }

  // The parts a system price covers are not priced again: `includes = [8 x gpu, board]`
  // covers up to that many of each per node; the rest of a line (more GPUs than the
  // system holds) is priced as parts. Only a system price whose `includes` the build
  // holds is chosen (PriceBook::find), so it never covers what the build does not have.
  void apply_includes(const BomLine& system) {
    PartPriceResult result = part_price(program_, system.part, region_, bom_.currency, book_, &build_);
    // A complete system covers its parts even while it has no price: they are in it, and
    // its one missing price is the line to fill, not theirs.
    std::vector<IncludedPart> covered = whole_system_parts(system.part);
    if (result.priced) covered.insert(covered.end(), result.priced->price->includes.begin(), result.priced->price->includes.end());
    for (const auto& included : covered) cover(system, included, "");
    // The parts it ships with as standard (supplies, memory, drives, NICs): in any price of
    // it, as the chassis itself is.
    for (const auto& standard : standard_parts(system.part)) {
      cover(system, standard, fmt::format("it ships with {:g} as standard", standard.count));
    }
    if (result.priced && result.priced->price->host_unrecorded) {
      host_system_ = system.part;
      host_price_ = result.priced->price;
    }
    if (result.priced && result.priced->price->host_complete) {
      const PriceEntry& price = *result.priced->price;
      cover_shipped_capacity(system, price, price.host_memory, "memory",
                             [](const std::string& role) { return role == "memory"; });
      cover_shipped_capacity(system, price, price.host_storage, "drive capacity",
                             [](const std::string& role) { return role.starts_with("storage."); });
    }
  }

  // A complete system's price covers the memory (or the drives) it ships with: the spec's
  // lines of that class are included when they hold no more per node than the system ships
  // with, and all priced as parts when they hold more (the spec then differs from what the
  // price is for: the BOM errs high, never low). A line whose part states no capacity
  // cannot be compared, so nothing of that class is included.
  template <class RoleTest>
  void cover_shipped_capacity(const BomLine& system, const PriceEntry& price, std::optional<double> ships_with,
                              std::string_view what, RoleTest of_class) {
    if (!ships_with || !(*ships_with > 0)) return;
    const double shipped = *ships_with;
    double per_node = 0;
    for (const auto& line : bom_.lines) {
      if (!of_class(line.role) || line.per_node <= 0) continue;
      auto capacity = capacity_of(program_, line.part);
      if (!capacity) return;
      per_node += *capacity * line.per_node;
    }
    if (per_node > shipped * (1 + 1e-9)) return;
    const std::string why = fmt::format("a complete system: its price {} covers the {} of {} it ships with",
                                        price.source.entry, units::format({shipped, units::Dimension::data()}), what);
    for (const auto& line : bom_.lines) {
      if (of_class(line.role) && line.per_node > 0) cover(system, {line.part, line.per_node}, why);
    }
  }

  // Covers up to `included.count` per node of the lines of that part; a line already
  // covered by the system's price keeps the larger cover.
  void cover(const BomLine& system, const IncludedPart& included, const std::string& why) {
    for (auto& line : bom_.lines) {
      if (&line == &system || line.part != included.part) continue;
      const double per_node = line.per_node > 0 ? line.per_node : line.quantity;
      const double covered = std::min(line.quantity, std::min(per_node, included.count) * (line.per_node > 0 ? bom_.nodes : 1));
      if (!line.included_in.empty() && line.included >= covered) continue;
      line.included_in = system.part;
      line.included = covered;
      line.included_why = why;
    }
  }

  // The chassis's `ships_with` (the parts its cited source says come with it as standard).
  std::vector<IncludedPart> standard_parts(const std::string& chassis) const {
    std::vector<IncludedPart> out;
    const sema::DeclEntry* entry = program_.find(chassis);
    const ast::Property* p = entry ? facts::find_property(entry->decl->body, "ships_with") : nullptr;
    const auto* list = p ? p->value->as<ast::ListExpr>() : nullptr;
    if (!list) return out;
    for (const auto& item : list->items) {
      if (auto part = facts::counted_reference(program_, *item)) out.push_back({part->entry->decl->name, part->count});
    }
    return out;
  }

  // The lines a configured server's own host may stand for: its CPUs, memory and drives.
  static bool is_host_role(const std::string& role) {
    return role == "cpu" || role == "memory" || role.starts_with("storage.");
  }

  // A complete system (a chassis that records its own `cpu`, as a DGX does: NVIDIA sells
  // it only whole) is priced whole, whatever its price lists in `includes`: it covers its
  // CPUs, its HGX board, the SXM GPUs on that board (`baseboard_gpus`, else `max_gpus`)
  // and the supplies in its bays (`psu_slots`). Its memory, drives and NICs are not
  // catalog facts of the system, so the spec's own are priced (the BOM errs high).
  std::vector<IncludedPart> whole_system_parts(const std::string& chassis) const {
    std::vector<IncludedPart> out;
    const sema::DeclEntry* entry = program_.find(chassis);
    const ast::Property* cpu = entry ? facts::find_property(entry->decl->body, "cpu") : nullptr;
    auto cpus = cpu ? facts::counted_reference(program_, *cpu->value) : std::nullopt;
    if (!cpus) return out;
    out.push_back({cpus->entry->decl->name, cpus->count});
    auto count = [&](std::string_view key) {
      const facts::CatalogFact* v = facts::catalog_fact(*entry, key);
      return v && v->value.type == facts::Value::Type::Quantity ? v->value.quantity.value : 0.0;
    };
    const double gpus = count("baseboard_gpus") > 0 ? count("baseboard_gpus") : count("max_gpus");
    for (const auto& line : bom_.lines) {
      if (line.role == "gpu_baseboard" && !line.part.empty()) out.push_back({line.part, 1});
      if (line.role == "gpu" && gpus > 0) out.push_back({line.part, gpus});
      if (line.role == "psu" && count("psu_slots") > 0) out.push_back({line.part, count("psu_slots")});
    }
    return out;
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
  PartCounts build_;
  std::string host_system_;                // a chassis priced `covers_host = unrecorded`
  const PriceEntry* host_price_ = nullptr;  // ... and that price
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
