#include "backends/cost/quote.h"

#include <fmt/format.h>

#include <cmath>

#include <filesystem>
#include <map>
#include <set>

#include "backends/cost/cloud_storage.h"
#include "backends/cost/compare.h"
#include "backends/cost/missing_price.h"
#include "backends/cost/module_prices.h"
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

// The file a declaration lives in, spelled one way however it was reached.
std::string file_of(const sema::DeclEntry& entry) {
  std::error_code ec;
  auto path = std::filesystem::weakly_canonical(entry.file->source->path(), ec);
  return ec ? entry.file->source->path() : path.string();
}

// One workload seen from several files (each importing it) is one workload.
std::string workload_id(const sema::Program& program, const std::string& workload) {
  if (workload.empty()) return "";
  const sema::DeclEntry* w = program.find(workload);
  return w ? file_of(*w) + ":" + workload : workload;
}

Capability capability_of(const facts::FactSet& f) {
  Capability c;
  c.gpu = f.symbol("gpu.model").value_or("");
  c.gpus = f.quantity("gpu.count_total").value_or(units::Quantity::number(0)).value;
  if (auto t = f.quantity("gpu.fp16_tflops")) c.tflops_per_gpu = t->value / 1e12;
  c.throughput = throughput_of(f);
  return c;
}

void add_rate_source(std::vector<PriceSource>& sources, const Converted& converted) {
  if (converted.rate) sources.push_back(converted.rate->source);
}

std::string pricing_of(const ast::Declaration& decl) {
  const ast::Property* p = facts::find_property(decl.body, "pricing");
  auto v = p ? facts::literal_value(*p->value) : std::nullopt;
  return v && v->type == facts::Value::Type::Symbol ? v->text : "on_demand";
}

SourceRange range_of(const ast::Declaration& decl, std::string_view path) {
  if (const ast::Property* p = facts::find_property(decl.body, path)) return p->range;
  return decl.name_range;
}

// A figure past the double range (a price of 1e308, 1e308 GPUs) is reported at `at` and
// left out (see kTooLargeToCompute), so no quote prints inf or nan.
void report_overflow(const ast::Declaration& decl, SourceRange at, std::string_view what, DiagnosticEngine& diags) {
  auto& d = diags.error("cost.overflow", at, fmt::format("the {} of '{}' is too large to compute", what, decl.name));
  d.declaration = decl.name;
  d.hint = "check the amounts, counts and durations it multiplies";
}

// `figure` when it is finite; otherwise reported and dropped.
std::optional<double> finite_or_report(double figure, const ast::Declaration& decl, SourceRange at,
                                       std::string_view what, DiagnosticEngine& diags) {
  if (std::isfinite(figure)) return figure;
  report_overflow(decl, at, what, diags);
  return std::nullopt;
}

void report_overflowed_totals(const ast::Declaration& decl, std::initializer_list<const Total*> totals,
                              DiagnosticEngine& diags) {
  for (const Total* total : totals) {
    if (total && total->overflowed()) {
      report_overflow(decl, decl.name_range, "cost", diags);
      return;
    }
  }
}

}  // namespace

CloudQuote quote_cloud(const sema::Program& program, const sema::DeclEntry& entry, const facts::FactSet& f,
                       const PriceBook& book, units::Currency currency, DiagnosticEngine& diags) {
  const ast::Declaration& decl = *entry.decl;
  CloudQuote q;
  q.decl = &decl;
  q.name = decl.name;
  q.workload = facts::served_workload(decl);
  q.workload_id = workload_id(program, q.workload);
  q.instance = f.symbol("instance.model").value_or("");
  q.provider = f.symbol("provider").value_or("");
  q.pricing = pricing_of(decl);
  q.capability = capability_of(f);
  if (const auto* r = f.find("region")) q.region = r->value.text;
  q.count = f.quantity("nodes").value_or(units::Quantity::number(1)).value;
  q.utilization = f.quantity("utilization").value_or(units::Quantity::number(1)).value;
  if (auto d = f.quantity("duration")) {
    q.duration_hours = d->value / 3600;
  } else if (auto h = horizon_months(program, q.workload)) {
    q.duration_hours = *h * kHoursPerMonth;
  }
  MissingPrices missing(diags, decl);
  if (!q.instance.empty()) {
    const PriceEntry* price =
        book.find(PriceQuery{q.instance, q.region, true, currency, PriceUse::Instance, q.pricing});
    std::optional<Converted> converted;
    if (!price || price->amount.dimension != units::Dimension::money_rate()) {
      missing.report(q.instance, range_of(decl, "instance"), "instance",
                     fmt::format("no {} price for '{}' in region \"{}\" in the price book", pricing_words(q.pricing),
                                 q.instance, q.region),
                     fmt::format("add a `price` entry for {} with `kind = {}` and `region = \"{}\"` to a price-book "
                                 "file and pass it with --prices FILE",
                                 q.instance, q.pricing, q.region));
    } else if (!(converted = book.convert_unit(price->amount.currency, currency))) {
      missing.report(q.instance, range_of(decl, "instance"), "instance",
                     fmt::format("no exchange rate from {} to {} for the price of '{}' ({})",
                                 units::currency_code(price->amount.currency), units::currency_code(currency),
                                 q.instance, price->source.entry),
                     kMissingRateHint);
    } else {
      q.price = price;
      q.dated_after = book.dated_after(price);
      q.conversion = converted->describe();
      // Both ends of a range convert at the one rate; money per second to per hour.
      const MoneyRange hourly = MoneyRange{price->amount.value, price->high.value} * (converted->value.value * 3600);
      if (hourly.finite()) {
        q.hourly = hourly;
      } else {
        report_overflow(decl, range_of(decl, "instance"), "hourly price", diags);
      }
      q.sources.push_back(price->source);
      add_rate_source(q.sources, *converted);
    }
  }
  if (q.hourly) {
    q.instances_monthly.add(*q.hourly * (q.count * kHoursPerMonth * q.billed_share()));
  } else {
    q.instances_monthly.missing(q.instance.empty() ? "instance" : q.instance);
  }
  // The disks and everything else the Terraform module creates, from its own list.
  std::string unbuildable;
  auto resources = cloud_module_resources(program, entry, unbuildable);
  if (resources) {
    q.volumes = module_volumes(*resources);
  } else {
    q.storage_monthly.missing(unbuildable);
    q.services_monthly.missing(unbuildable);
  }
  for (auto& v : q.volumes) {
    price_volume(v, book, q.region, currency, missing, range_of(decl, "storage." + v.role));
    if (!v.monthly) {
      q.storage_monthly.missing(v.volume);
      continue;
    }
    q.storage_monthly.add(*v.monthly * q.count);
    q.sources.push_back(v.price->source);
    if (v.rate) q.sources.push_back(*v.rate);
  }
  if (resources) q.services = price_services(*resources, book, q.region, currency, missing, decl.name_range);
  for (const auto& line : q.services) {
    if (line.monthly) q.services_monthly.add(*line.monthly);
    else q.services_monthly.missing(line.traffic ? line.role + std::string(kUsageSuffix) : line.item);
    if (line.price) q.sources.push_back(line.price->source);
    if (line.rate) q.sources.push_back(*line.rate);
  }
  if (q.duration_hours) {
    double months = *q.duration_hours / kHoursPerMonth;
    q.instances_total = q.instances_monthly.scaled(months);
    q.storage_total = q.storage_monthly.scaled(months);
    q.services_total = q.services_monthly.scaled(months);
    Total total = *q.instances_total;
    total.add(*q.storage_total);
    total.add(*q.services_total);
    q.total = total;
  }
  report_overflowed_totals(decl, {&q.instances_monthly, &q.storage_monthly, &q.services_monthly,
                                  q.total ? &*q.total : nullptr},
                           diags);
  return q;
}

OnPremQuote quote_server(const sema::Program& program, const sema::DeclEntry& entry, const facts::FactSet& f,
                         const PriceBook& book, std::optional<units::Currency> currency,
                         std::optional<double> utilization, DiagnosticEngine& diags) {
  const ast::Declaration& decl = *entry.decl;
  OnPremQuote q;
  q.decl = &decl;
  q.bom = build_bom(program, entry, f, book, currency, diags);
  q.sources = q.bom.sources;
  q.workload = facts::served_workload(decl);
  q.workload_id = workload_id(program, q.workload);
  q.horizon_months = horizon_months(program, q.workload);
  q.capability = capability_of(f);
  if (utilization) {
    q.utilization = *utilization;
    q.utilization_why = "as the cloud option, for the same work";
  } else if (f.symbol("uptime").value_or("24x7") == "office_hours") {
    q.utilization = 40.0 / 168;
    q.utilization_why = "uptime = office_hours: 40 of 168 hours a week";
  } else {
    q.utilization = 1;
    q.utilization_why = "uptime = 24x7";
  }
  if (auto load = f.quantity("power.full_load")) q.full_load_w = load->value * q.bom.nodes;
  const std::string region = f.symbol("site.region").value_or("other");
  const std::string unpriced_energy = fmt::format("electricity ({})", region);
  q.electricity = book.electricity(region);
  if (q.electricity && q.electricity->source.dated_after(book.quote_date())) q.electricity_dated_after = book.quote_date();
  MissingPrices missing(diags, decl);
  if (!q.electricity) {
    missing.report(unpriced_energy, decl.name_range, "electricity",
                   fmt::format("no electricity price for site region '{}' in the price book", region),
                   fmt::format("add an `electricity` entry with `region = {}` to a price-book file and pass it with "
                               "--prices FILE, or set site.region",
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
      missing.report(unpriced_energy, decl.name_range, "electricity",
                     fmt::format("no exchange rate from {} to {} for the electricity price ({})",
                                 units::currency_code(q.electricity->price.currency),
                                 units::currency_code(q.bom.currency), q.electricity->source.entry),
                     kMissingRateHint);
    } else {
      q.electricity_conversion = converted->describe();
      q.energy_price = converted->value.value;
      // W x s x money/(W s) x PUE x utilization.
      q.energy_per_month = finite_or_report(*q.full_load_w * kSecondsPerMonth * converted->value.value * q.pue *
                                                q.utilization,
                                            decl, decl.name_range, "electricity per month", diags);
      q.sources.push_back(q.electricity->source);
      add_rate_source(q.sources, *converted);
    }
  }
  if (q.energy_per_month) {
    q.electricity_monthly.add(*q.energy_per_month);
  } else {
    q.electricity_monthly.missing(q.full_load_w ? unpriced_energy : "electricity (no full-load figure)");
  }
  if (q.horizon_months) {
    q.opex_over_horizon = q.electricity_monthly.scaled(*q.horizon_months);
    Total tco = q.capex();
    tco.add(*q.opex_over_horizon);
    q.tco = tco;
  }
  report_overflowed_totals(decl, {&q.electricity_monthly, q.opex_over_horizon ? &*q.opex_over_horizon : nullptr,
                                  q.tco ? &*q.tco : nullptr},
                           diags);
  return q;
}

namespace {

// A deployment's facts, resolved once for the quote (its problems are check's business).
const facts::FactSet& facts_of(std::map<const sema::DeclEntry*, facts::FactSet>& resolved, const Deployment& d) {
  if (auto it = resolved.find(d.entry); it != resolved.end()) return it->second;
  DiagnosticEngine scratch;
  return resolved.emplace(d.entry, facts::resolve_facts(*d.program, *d.entry, scratch)).first->second;
}

}  // namespace

std::string pricing_words(const std::string& kind) {
  if (kind == "reserved_1y") return "1-year reserved";
  if (kind == "reserved_3y") return "3-year reserved";
  if (kind == "spot") return "spot";
  if (kind == "capacity_block") return "Capacity Block";
  return "on-demand";
}

std::string Capability::describe() const {
  std::string gpus_text = gpu.empty() ? "unknown GPUs" : fmt::format("{:g} x {}", gpus, gpu);
  auto t = total();
  return t ? fmt::format("{} ({:.4g} dense BF16 TFLOPS)", gpus_text, *t) : gpus_text + " (no dense BF16 figure)";
}

std::string breakeven_text(const Comparison& cmp) {
  if (!cmp.breakeven_months) return "";
  const std::string prefix = cmp.breakeven_bound == BoundKind::AtLeast  ? "at least "
                             : cmp.breakeven_bound == BoundKind::AtMost ? "at most "
                                                                        : "";
  if (cmp.breakeven_high && fmt::format("{:.1f}", *cmp.breakeven_high) != fmt::format("{:.1f}", *cmp.breakeven_months)) {
    return fmt::format("{}{:.1f} .. {:.1f} months", prefix, *cmp.breakeven_months, *cmp.breakeven_high);
  }
  return fmt::format("{}{:.1f} months", prefix, *cmp.breakeven_months);
}

std::vector<const sema::DeclEntry*> program_deployments(const sema::Program& program) {
  std::vector<const sema::DeclEntry*> out;
  for (const auto& file : program.files()) {
    for (const auto& decl : file->ast.declarations) {
      if (decl.kind != "server" && decl.kind != "cloud") continue;
      const sema::DeclEntry* entry = program.find(decl.name);
      if (entry && entry->decl == &decl) out.push_back(entry);
    }
  }
  return out;
}

Quote build_quote(const std::vector<Deployment>& deployments, const PriceBook& book, const QuoteOptions& options,
                  DiagnosticEngine& diags) {
  // A declaration reached from several files (each importing it) is quoted once.
  std::vector<Deployment> unique;
  std::set<std::string> seen;
  for (const auto& d : deployments) {
    if (seen.insert(file_of(*d.entry) + ":" + d.entry->decl->name).second) unique.push_back(d);
  }
  std::map<const sema::DeclEntry*, facts::FactSet> resolved;
  Quote quote;
  quote.date = book.quote_date();
  // The quote currency: --currency, else the first server's site currency, else USD.
  quote.currency = units::Currency::USD;
  if (options.currency) {
    quote.currency = *options.currency;
  } else {
    for (const auto& d : unique) {
      if (d.entry->decl->kind == "server") {
        quote.currency = site_currency(facts_of(resolved, d));
        break;
      }
    }
  }
  for (const auto& d : unique) {
    if (d.entry->decl->kind == "cloud") {
      quote.clouds.push_back(quote_cloud(*d.program, *d.entry, facts_of(resolved, d), book, quote.currency, diags));
    }
  }
  for (const auto& d : unique) {
    if (d.entry->decl->kind != "server") continue;
    // The same work on the cloud runs at the cloud option's utilization.
    std::optional<double> utilization;
    std::string workload = workload_id(*d.program, facts::served_workload(*d.entry->decl));
    for (const auto& c : quote.clouds) {
      if ((!workload.empty() && c.workload_id == workload) || options.compare_all) {
        utilization = c.utilization;
        break;
      }
    }
    quote.servers.push_back(
        quote_server(*d.program, *d.entry, facts_of(resolved, d), book, quote.currency, utilization, diags));
  }
  for (const auto& s : quote.servers) {
    for (const auto& c : quote.clouds) {
      bool same = !s.workload_id.empty() && s.workload_id == c.workload_id;
      if (same || options.compare_all) quote.comparisons.push_back(compare(s, c, same));
    }
  }
  return quote;
}

}  // namespace gpuspec::cost
