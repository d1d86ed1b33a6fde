#include "backends/cost/quote.h"

#include <fmt/format.h>

#include <cmath>

#include "facts/properties.h"
#include "facts/resolve.h"

namespace gpuspec::cost {

namespace {

constexpr double kSecondsPerMonth = kHoursPerMonth * 3600;


std::optional<double> horizon_months(const sema::Program& program, const std::string& workload) {
  if (workload.empty()) return std::nullopt;
  const sema::DeclEntry* w = program.find(workload);
  if (!w || w->decl->kind != "workload") return std::nullopt;
  const ast::Property* p = facts::find_property(w->decl->body, "horizon");
  auto v = p ? facts::literal_value(*p->value) : std::nullopt;
  if (!v || v->type != facts::Value::Type::Quantity || v->quantity.dimension != units::Dimension::duration()) {
    return std::nullopt;
  }
  return v->quantity.value / kSecondsPerMonth;
}

void missing(DiagnosticEngine& diags, const ast::Declaration& decl, SourceRange at, std::string message,
             std::string hint) {
  auto& d = diags.error("missing-price", at, std::move(message));
  d.declaration = decl.name;
  d.hint = std::move(hint);
}

// A figure past the double range (a price of 1e308, 1e308 GPUs) is reported and left
// out, so no quote prints inf or nan and no renderer formats them.
void drop_overflow(std::optional<double>& figure, std::string_view what, const ast::Declaration& decl, SourceRange at,
                   DiagnosticEngine& diags) {
  if (!figure || std::isfinite(*figure)) return;
  figure.reset();
  auto& d = diags.error("cost.overflow", at, fmt::format("the {} of '{}' is too large to compute", what, decl.name));
  d.declaration = decl.name;
  d.hint = "check the amounts, counts and durations this figure multiplies";
}

CloudQuote quote_cloud(const sema::Program& program, const sema::DeclEntry& entry, const PriceBook& book,
                       units::Currency currency, DiagnosticEngine& diags) {
  const ast::Declaration& decl = *entry.decl;
  DiagnosticEngine scratch;
  facts::FactSet f = facts::resolve_facts(program, entry, scratch);
  CloudQuote q;
  q.name = decl.name;
  q.workload = facts::served_workload(decl);
  q.instance = f.symbol("instance.model").value_or("");
  q.provider = f.symbol("provider").value_or("");
  if (const auto* r = f.find("region")) q.region = r->value.text;
  q.count = f.quantity("nodes").value_or(units::Quantity::number(1)).value;
  q.utilization = f.quantity("utilization").value_or(units::Quantity::number(1)).value;
  if (auto d = f.quantity("duration")) {
    q.duration_hours = d->value / 3600;
  } else if (auto h = horizon_months(program, q.workload)) {
    q.duration_hours = *h * kHoursPerMonth;
  }
  const ast::Property* at = facts::find_property(decl.body, "instance");
  SourceRange range = at ? at->range : decl.name_range;
  if (q.instance.empty()) return q;
  const PriceEntry* price = book.find(q.instance, q.region, true, currency);
  if (!price || price->amount.dimension != units::Dimension::money_rate()) {
    missing(diags, decl, range,
            fmt::format("no on-demand price for '{}' in region \"{}\" in the price book", q.instance, q.region),
            fmt::format("add a `price` entry for {} with `kind = on_demand` and `region = \"{}\"` to a price-book "
                        "file and pass it with --prices FILE",
                        q.instance, q.region));
    return q;
  }
  auto converted = book.convert(price->amount, currency);
  if (!converted) {
    missing(diags, decl, range,
            fmt::format("no exchange rate from {} to {} for the price of '{}' ({})",
                        units::currency_code(price->amount.currency), units::currency_code(currency), q.instance,
                        price->source.entry),
            "add an `exchange_rate` entry (with `source` and `as_of`) and pass it with --prices FILE");
    return q;
  }
  q.price = price;
  q.conversion = converted->describe();
  q.hourly = converted->value.value * 3600;
  if (q.duration_hours) q.total = *q.hourly * q.count * *q.duration_hours * q.utilization;
  drop_overflow(q.hourly, "hourly price", decl, range, diags);
  drop_overflow(q.total, "cloud total", decl, range, diags);
  if (!q.hourly) q.total.reset();
  return q;
}

OnPremQuote quote_server(const sema::Program& program, const sema::DeclEntry& entry, const PriceBook& book,
                         std::optional<units::Currency> currency, std::optional<double> utilization,
                         DiagnosticEngine& diags) {
  const ast::Declaration& decl = *entry.decl;
  DiagnosticEngine scratch;
  facts::FactSet f = facts::resolve_facts(program, entry, scratch);
  OnPremQuote q;
  q.bom = build_bom(program, entry, f, book, currency, diags);
  q.workload = facts::served_workload(decl);
  q.horizon_months = horizon_months(program, q.workload);
  if (utilization) {
    q.utilization = *utilization;
    q.utilization_why = "the cloud option's utilization (the same work)";
  } else if (f.symbol("uptime").value_or("24x7") == "office_hours") {
    q.utilization = 40.0 / 168;
    q.utilization_why = "uptime = office_hours: 40 of 168 hours a week";
  } else {
    q.utilization = 1;
    q.utilization_why = "uptime = 24x7";
  }
  if (auto load = f.quantity("power.full_load")) q.full_load_w = load->value * q.bom.nodes;
  const std::string region = f.symbol("site.region").value_or("other");
  q.electricity = book.electricity(region);
  if (!q.electricity) {
    missing(diags, decl, decl.name_range,
            fmt::format("no electricity price for site region '{}' in the price book", region),
            fmt::format("add an `electricity` entry with `region = {}` to a price-book file and pass it with --prices "
                        "FILE, or set site.region",
                        region));
  }
  if (auto pue = f.quantity("site.pue")) {
    q.pue = pue->value;
    q.pue_source = "site.pue";
  } else if (q.electricity && q.electricity->pue) {
    q.pue = *q.electricity->pue;
    q.pue_source = q.electricity->source.entry;
  } else {
    q.pue = 1;
    q.pue_source = "none given: 1.0";
  }
  if (q.electricity && q.full_load_w) {
    auto converted = book.convert(q.electricity->price, q.bom.currency);
    if (!converted) {
      missing(diags, decl, decl.name_range,
              fmt::format("no exchange rate from {} to {} for the electricity price ({})",
                          units::currency_code(q.electricity->price.currency), units::currency_code(q.bom.currency),
                          q.electricity->source.entry),
              "add an `exchange_rate` entry (with `source` and `as_of`) and pass it with --prices FILE");
    } else {
      q.electricity_conversion = converted->describe();
      // W x s x money/(W s) x PUE x utilization.
      q.energy_per_month = *q.full_load_w * kSecondsPerMonth * converted->value.value * q.pue * q.utilization;
    }
  }
  drop_overflow(q.energy_per_month, "electricity per month", decl, decl.name_range, diags);
  if (q.energy_per_month && q.horizon_months) {
    q.opex_over_horizon = *q.energy_per_month * *q.horizon_months;
    if (q.bom.complete) q.tco = q.bom.total + *q.opex_over_horizon;
  }
  drop_overflow(q.opex_over_horizon, "electricity over the horizon", decl, decl.name_range, diags);
  drop_overflow(q.tco, "total cost of ownership", decl, decl.name_range, diags);
  return q;
}

units::Currency site_currency(const sema::Program& program, const sema::DeclEntry& entry) {
  DiagnosticEngine scratch;
  facts::FactSet f = facts::resolve_facts(program, entry, scratch);
  return f.symbol("site.currency").value_or("USD") == "CNY" ? units::Currency::CNY : units::Currency::USD;
}

}  // namespace

std::optional<double> breakeven_months(double capex, double onprem_monthly, double cloud_monthly) {
  if (cloud_monthly <= onprem_monthly) return std::nullopt;
  return capex / (cloud_monthly - onprem_monthly);
}

std::vector<const sema::DeclEntry*> root_deployments(const sema::Program& program) {
  std::vector<const sema::DeclEntry*> out;
  if (program.files().empty()) return out;
  for (const auto& decl : program.files().front()->ast.declarations) {
    if (decl.kind != "server" && decl.kind != "cloud") continue;
    const sema::DeclEntry* entry = program.find(decl.name);
    if (entry && entry->decl == &decl) out.push_back(entry);
  }
  return out;
}

Quote build_quote(const sema::Program& program, const std::vector<const sema::DeclEntry*>& decls, const PriceBook& book,
                  const QuoteOptions& options, DiagnosticEngine& diags) {
  Quote quote;
  // The quote currency: --currency, else the first server's site currency, else USD.
  quote.currency = units::Currency::USD;
  if (options.currency) {
    quote.currency = *options.currency;
  } else {
    for (const auto* d : decls) {
      if (d->decl->kind == "server") {
        quote.currency = site_currency(program, *d);
        break;
      }
    }
  }
  for (const auto* d : decls) {
    if (d->decl->kind == "cloud") quote.clouds.push_back(quote_cloud(program, *d, book, quote.currency, diags));
  }
  for (const auto* d : decls) {
    if (d->decl->kind != "server") continue;
    // The same work on the cloud runs at the cloud option's utilization.
    std::optional<double> utilization;
    std::string workload = facts::served_workload(*d->decl);
    for (const auto& c : quote.clouds) {
      if ((!workload.empty() && c.workload == workload) || options.compare_all) {
        utilization = c.utilization;
        break;
      }
    }
    quote.servers.push_back(quote_server(program, *d, book, quote.currency, utilization, diags));
  }
  for (const auto& s : quote.servers) {
    for (const auto& c : quote.clouds) {
      bool same = !s.workload.empty() && s.workload == c.workload;
      if (!same && !options.compare_all) continue;
      Comparison cmp;
      cmp.server = s.bom.server;
      cmp.cloud = c.name;
      cmp.workload = same ? s.workload : "";
      cmp.horizon_months = s.horizon_months;
      if (!cmp.horizon_months && c.duration_hours) cmp.horizon_months = *c.duration_hours / kHoursPerMonth;
      auto cloud_m = c.monthly();
      if (s.bom.complete && s.energy_per_month && cloud_m) {
        cmp.breakeven_months = breakeven_months(s.bom.total, *s.energy_per_month, *cloud_m);
        if (cmp.horizon_months) {
          cmp.onprem_over_horizon = s.bom.total + *s.energy_per_month * *cmp.horizon_months;
          cmp.cloud_over_horizon = *cloud_m * *cmp.horizon_months;
          if (std::isfinite(*cmp.onprem_over_horizon) && std::isfinite(*cmp.cloud_over_horizon)) {
            cmp.cheaper = *cmp.onprem_over_horizon < *cmp.cloud_over_horizon ? "on-premises" : "cloud";
          } else {  // each side was finite on its own; the products are reported where they are used
            cmp.onprem_over_horizon.reset();
            cmp.cloud_over_horizon.reset();
          }
        }
        if (cmp.breakeven_months && !std::isfinite(*cmp.breakeven_months)) cmp.breakeven_months.reset();
      }
      quote.comparisons.push_back(std::move(cmp));
    }
  }
  return quote;
}

}  // namespace gpuspec::cost
