// Quote rendering. Every format carries the same figures, option by option: each
// server (its BOM, electricity, TCO), each cloud option (instances, each volume,
// total), each comparison (normalisation, costs over the horizon, break-even), and
// for each figure whether it is exact, a lower bound ("at least") or an upper bound.
#include <fmt/format.h>

#include <algorithm>

#include "backends/cost/report.h"
#include "backends/cost/report_helpers.h"
#include "backends/cost/report_rows.h"
#include "backends/writers/csv_writer.h"
#include "backends/writers/markdown_table.h"
#include "source/printable.h"
#include "source/json_io.h"

namespace gpuspec::cost {

namespace {

using nlohmann::ordered_json;
using report_detail::Figure;

using report_detail::cents;
using report_detail::code;
using report_detail::num;

ordered_json opt_total(const std::optional<Total>& t) { return t ? total_to_json(*t) : ordered_json(nullptr); }
ordered_json opt_number(const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); }
ordered_json opt_cents(const std::optional<double>& v) { return v ? ordered_json(cents(*v)) : ordered_json(nullptr); }
std::optional<double> low_of(const std::optional<MoneyRange>& v) { return v ? std::optional(v->low) : std::nullopt; }
std::optional<double> high_of(const std::optional<MoneyRange>& v) { return v ? std::optional(v->high) : std::nullopt; }

std::string bound_name(BoundKind b) {
  return b == BoundKind::AtLeast ? "at least" : b == BoundKind::AtMost ? "at most" : "";
}

std::string kwh_price(const Electricity& e, const std::string& conversion, units::Currency c, double converted_per_ws,
                      const std::string& dated_after) {
  std::string out = fmt::format("{:.4g} {}/kWh ({} {})", converted_per_ws * 3.6e6, code(c), e.source.entry, e.source.as_of);
  if (!dated_after.empty()) out += ", " + dated_after_note(dated_after);
  if (!conversion.empty()) out += ", converted at " + conversion;
  return out;
}

// "prices.x 2026-06-18", with "(unverified)" and the note of a price dated after the quote date.
std::string price_ref(const PriceSource& s, const std::string& dated_after) {
  std::string out = fmt::format("{} {}{}", s.entry, s.as_of, s.verified ? "" : " (unverified)");
  if (!dated_after.empty()) out += " (" + dated_after_note(dated_after) + ")";
  return out;
}

// " (2 priced from sources dated after 2024-04-14, the quote date: nvidia.rtx_4090, ...)" when
// BOM lines are: the text quote lists no BOM lines, so its capex says it.
std::string late_lines(const Bom& bom) {
  std::vector<std::string> parts;
  std::string date;
  for (const auto& line : bom.lines) {
    if (line.dated_after.empty()) continue;
    date = line.dated_after;
    if (std::find(parts.begin(), parts.end(), line.part) == parts.end()) parts.push_back(line.part);
  }
  if (parts.empty()) return "";
  std::string names;
  for (const auto& p : parts) names += (names.empty() ? "" : ", ") + p;
  return fmt::format(" ({} priced from a source dated after {}, the quote date: {})", parts.size(), date, names);
}


// A figure from a Total: a lower bound names what is unpriced.
Figure money_figure(std::string section, std::string item, const std::optional<Total>& t, const std::string& unit,
                    std::string source, const std::string& noun = "item") {
  Figure f{std::move(section), std::move(item), std::nullopt, std::nullopt, "", unit, std::move(source)};
  if (!t) return f;
  if (t->lower_bound()) {
    // "at least 0.00" would read as a price: with nothing priced, say so.
    f.bound = t->high > 0 ? "at least" : "no price";
    f.source += (f.source.empty() ? "" : " ") + unpriced_note(*t, noun);
  }
  if (f.bound != "no price") {
    f.amount = t->low;
    if (t->is_range()) f.high = t->high;
  }
  return f;
}

// A figure from a range that may be missing (an hourly price, a volume's month).
Figure range_figure(std::string section, std::string item, const std::optional<MoneyRange>& v, std::string unit,
                    std::string source) {
  Figure f{std::move(section), std::move(item), low_of(v), std::nullopt, v ? "" : "no price", std::move(unit),
           std::move(source)};
  if (v && !v->is_point()) f.high = v->high;
  return f;
}

std::string server_section(const OnPremQuote& s) { return "on-premises " + s.bom.server; }
std::string cloud_section(const CloudQuote& c) { return "cloud " + c.name; }
std::string compare_section(const Comparison& c) { return "compare " + c.server + " vs " + c.cloud; }

}  // namespace

namespace report_detail {

std::vector<Figure> server_figures(const OnPremQuote& s, units::Currency currency) {
  const std::string c = code(currency);
  const std::string sec = server_section(s);
  std::vector<Figure> out;
  out.push_back(money_figure(sec, "capex (BOM total)", s.capex(), c, fmt::format("{} BOM lines{}", s.bom.lines.size(), late_lines(s.bom)), "part"));
  if (s.energy_per_month && s.full_load_w && s.electricity) {
    out.push_back({sec, "electricity per month", s.energy_per_month, std::nullopt, "", c,
                   fmt::format("{} full load x {} h x {:.4g} utilization ({}) x PUE {} ({}) x {}",
                               units::format({*s.full_load_w, units::Dimension::power()}), num(kHoursPerMonth),
                               s.utilization, s.utilization_why, num(s.pue), s.pue_source,
                               // The price itself: dividing the month's cost back by load x PUE x
                               // utilization printed -nan CNY/kWh at a utilization of 0%.
                               kwh_price(*s.electricity, s.electricity_conversion, currency, s.energy_price,
                                         s.electricity_dated_after))});
  } else {
    out.push_back({sec, "electricity per month", std::nullopt, std::nullopt, s.full_load_w ? "no price" : "", c,
                   s.full_load_w ? "no electricity price for the site region" : "no full-load figure"});
  }
  out.push_back({sec, "horizon", s.horizon_months, std::nullopt, "", "months",
                 s.workload.empty() ? "no served workload" : "workload " + s.workload + " horizon"});
  out.push_back(money_figure(sec, "electricity over horizon", s.opex_over_horizon, c, "electricity per month x horizon"));
  out.push_back(money_figure(sec, "total cost of ownership", s.tco, c, "capex + electricity over horizon"));
  out.push_back({sec, "GPUs", std::nullopt, std::nullopt, "", "", s.capability.describe()});
  return out;
}

std::vector<Figure> cloud_figures(const CloudQuote& cl, units::Currency currency) {
  const std::string c = code(currency);
  const std::string sec = cloud_section(cl);
  std::vector<Figure> out;
  std::string src = cl.price ? fmt::format("{} in {}: {}", cl.instance, cl.region.empty() ? "-" : cl.region, price_ref(cl.price->source, cl.dated_after))
                             : cl.instance + ": no price";
  if (!cl.conversion.empty()) src += ", converted at " + cl.conversion;
  out.push_back(range_figure(sec, pricing_words(cl.pricing) + " per instance-hour", cl.hourly, c + "/h", src));
  out.push_back({sec, "hours", cl.duration_hours, std::nullopt, "", "h", "duration (or the workload's horizon)"});
  std::string billed = fmt::format(
      "hourly x {} instances x every hour: the Terraform module runs them until terraform destroy{}", num(cl.count),
      cl.utilization < 1 ? fmt::format(" ({:.4g} utilization is the share doing the work)", cl.utilization) : "");
  out.push_back(money_figure(sec, "instances", cl.instances_total, c, billed));
  for (const auto& v : cl.volumes) {
    std::string what = fmt::format("{} x {} {} GiB{}", num(cl.count), v.volume, num(v.gib),
                                   v.size_defaulted ? " (no size declared: the Terraform backend's default)" : "");
    std::string vsrc = v.monthly ? fmt::format("{}: {}, {}", what, v.how, price_ref(v.price->source, v.dated_after)) : what + ": no price";
    if (!v.conversion.empty()) vsrc += ", converted at " + v.conversion;
    std::optional<MoneyRange> monthly = v.monthly ? std::optional(*v.monthly * cl.count) : std::nullopt;
    out.push_back(range_figure(sec, v.role + " disk per month", monthly, c, vsrc));
  }
  out.push_back(money_figure(sec, "storage", cl.storage_total, c, "storage per month x hours / 730 (billed while it exists)"));
  for (const auto& line : cl.services) {
    std::string what = fmt::format("{} x {}", line.count, line.item);
    if (line.gib > 0) what += fmt::format(" {} GiB", num(line.gib));
    std::string lsrc = line.price ? fmt::format("{}: {}, {}", what, line.how, price_ref(line.price->source, line.dated_after))
                                  : fmt::format("{}: {}", what, line.how);
    if (!line.conversion.empty()) lsrc += ", converted at " + line.conversion;
    Figure f = range_figure(sec, line.role + " per month", line.monthly, c, lsrc);
    if (!line.monthly && line.traffic) f.bound = "depends on traffic";
    out.push_back(std::move(f));
  }
  out.push_back(money_figure(sec, "network and bastion", cl.services_total, c,
                             "the module's other resources per month x hours / 730 (billed while they exist)"));
  out.push_back(money_figure(sec, "total", cl.total, c, "instances + storage + network and bastion"));
  out.push_back({sec, "GPUs", std::nullopt, std::nullopt, "", "", cl.capability.describe()});
  return out;
}

std::vector<Figure> comparison_figures(const Comparison& cmp, units::Currency currency) {
  const std::string c = code(currency);
  const std::string sec = compare_section(cmp);
  std::vector<Figure> out;
  if (!cmp.mismatch.empty()) out.push_back({sec, "GPU mismatch", std::nullopt, std::nullopt, "", "", cmp.mismatch});
  out.push_back({sec, "normalisation", std::nullopt, std::nullopt, "", "", cmp.normalisation});
  out.push_back(money_figure(sec, "on-premises over horizon", cmp.onprem_over_horizon, c,
                             "capex + electricity per month x horizon"));
  out.push_back(money_figure(sec, "cloud over horizon", cmp.cloud_over_horizon, c,
                             fmt::format("(instances x {:.4g} + storage + network and bastion) per month x horizon", cmp.scale)));
  std::optional<double> latest;
  if (cmp.breakeven_high && cmp.breakeven_months && *cmp.breakeven_high != *cmp.breakeven_months) latest = cmp.breakeven_high;
  out.push_back({sec, "break-even", cmp.breakeven_months, latest, bound_name(cmp.breakeven_bound), "months",
                 cmp.breakeven_why});
  out.push_back({sec, "cheaper over horizon", std::nullopt, std::nullopt, "", "",
                 cmp.cheaper.empty() ? "unknown (the ranges overlap or a side is unpriced)" : cmp.cheaper});
  return out;
}

std::string figure_text(const Figure& f) {
  if (f.bound == "no price" || f.bound == "depends on traffic") return f.bound;
  if (!f.amount) return f.unit.empty() ? "" : "n/a";
  std::string prefix = f.bound.empty() ? "" : f.bound + " ";
  if (f.unit == "months" || f.unit == "h") {
    if (f.high) return fmt::format("{}{:.1f} .. {:.1f} {}", prefix, *f.amount, *f.high, f.unit);
    return fmt::format("{}{:.1f} {}", prefix, *f.amount, f.unit);
  }
  if (f.high) return prefix + format_money_range({*f.amount, *f.high}, units::Currency::None) + " " + f.unit;
  return prefix + format_money(*f.amount, units::Currency::None) + " " + f.unit;
}

}  // namespace report_detail

namespace {

using report_detail::Figure;
using report_detail::figure_text;
using report_detail::server_figures;
using report_detail::cloud_figures;
using report_detail::comparison_figures;

// The low end (`high` false) or the high end of a figure, as a plain number for CSV.
std::string figure_plain(const Figure& f, bool high) {
  if (!f.amount) return "";
  const double v = high && f.high ? *f.high : *f.amount;
  return f.unit == "months" || f.unit == "h" ? fmt::format("{:.2f}", v) : plain_money(v);
}

std::vector<Figure> all_figures(const Quote& q) {
  std::vector<Figure> out;
  auto append = [&](std::vector<Figure> more) { out.insert(out.end(), more.begin(), more.end()); };
  for (const auto& s : q.servers) append(server_figures(s, q.currency));
  for (const auto& c : q.clouds) append(cloud_figures(c, q.currency));
  for (const auto& c : q.comparisons) append(comparison_figures(c, q.currency));
  return out;
}

std::string figures_markdown(const std::vector<Figure>& figures) {
  writers::MarkdownTable t;
  using A = writers::MarkdownTable::Align;
  t.header({"item", "amount", "source"}, {A::Left, A::Right, A::Left});
  for (const auto& f : figures) t.row({f.item, figure_text(f), f.source});
  return t.str();
}

ordered_json capability_json(const Capability& c) {
  return {{"gpu", c.gpu}, {"gpus", c.gpus}, {"dense_bf16_tflops_per_gpu", opt_number(c.tflops_per_gpu)},
          {"dense_bf16_tflops", opt_number(c.total())}};
}

ordered_json source_json(const PriceSource& s, const std::string& dated_after = "") {
  ordered_json o = {{"entry", s.entry}, {"as_of", s.as_of}, {"verified", s.verified}};
  // Dated after the quote date: the figure was not yet published then.
  if (!dated_after.empty()) {
    o["dated_after_quote_date"] = dated_after;
    o["note"] = dated_after_note(dated_after);
  }
  return o;
}

ordered_json server_json(const OnPremQuote& s) {
  ordered_json o;
  o["name"] = s.bom.server;
  o["bom"] = bom_to_json(s.bom);
  o["workload"] = s.workload;
  o["utilization"] = s.utilization;
  o["pue"] = s.pue;
  o["pue_source"] = s.pue_source;
  o["electricity"] = s.electricity ? source_json(s.electricity->source, s.electricity_dated_after) : ordered_json(nullptr);
  if (!s.electricity_conversion.empty()) o["electricity_conversion"] = s.electricity_conversion;
  o["full_load_w"] = opt_number(s.full_load_w);
  o["capex"] = total_to_json(s.capex());
  o["electricity_per_month"] = opt_cents(s.energy_per_month);
  o["horizon_months"] = opt_number(s.horizon_months);
  o["electricity_over_horizon"] = opt_total(s.opex_over_horizon);
  o["tco"] = opt_total(s.tco);
  o["capability"] = capability_json(s.capability);
  return o;
}

ordered_json cloud_json(const CloudQuote& c) {
  ordered_json o;
  o["name"] = c.name;
  o["workload"] = c.workload;
  o["provider"] = c.provider;
  o["instance"] = c.instance;
  o["region"] = c.region;
  o["pricing"] = c.pricing;
  o["count"] = c.count;
  o["utilization"] = c.utilization;
  o["billed_share"] = c.billed_share();
  if (c.price) {
    ordered_json p = source_json(c.price->source, c.dated_after);
    p["kind"] = c.price->kind;
    p["amount_per_hour"] = c.price->amount.value * 3600;
    p["amount_per_hour_high"] = c.price->high.value * 3600;
    p["currency"] = code(c.price->amount.currency);
    o["price"] = std::move(p);
  } else {
    o["price"] = nullptr;
  }
  if (!c.conversion.empty()) o["conversion"] = c.conversion;
  o["hourly"] = opt_number(low_of(c.hourly));
  o["hourly_high"] = opt_number(high_of(c.hourly));
  o["hours"] = opt_number(c.duration_hours);
  ordered_json volumes = ordered_json::array();
  for (const auto& v : c.volumes) {
    ordered_json vo;
    vo["role"] = v.role;
    vo["volume"] = v.volume;
    vo["gib"] = v.gib;
    vo["size_defaulted"] = v.size_defaulted;
    vo["price"] = v.price ? source_json(v.price->source, v.dated_after) : ordered_json(nullptr);
    if (!v.how.empty()) vo["how"] = v.how;
    if (!v.conversion.empty()) vo["conversion"] = v.conversion;
    vo["monthly_each"] = opt_number(low_of(v.monthly));
    vo["monthly_each_high"] = opt_number(high_of(v.monthly));
    volumes.push_back(std::move(vo));
  }
  o["volumes"] = std::move(volumes);
  ordered_json services = ordered_json::array();
  for (const auto& line : c.services) {
    ordered_json so;
    so["role"] = line.role;
    so["item"] = line.item;
    so["count"] = line.count;
    so["traffic"] = line.traffic;
    if (line.gib > 0) so["gib"] = line.gib;
    so["price"] = line.price ? source_json(line.price->source, line.dated_after) : ordered_json(nullptr);
    so["how"] = line.how;
    if (!line.conversion.empty()) so["conversion"] = line.conversion;
    so["monthly"] = opt_number(low_of(line.monthly));
    so["monthly_high"] = opt_number(high_of(line.monthly));
    services.push_back(std::move(so));
  }
  o["services"] = std::move(services);
  o["instances_monthly"] = total_to_json(c.instances_monthly);
  o["storage_monthly"] = total_to_json(c.storage_monthly);
  o["services_monthly"] = total_to_json(c.services_monthly);
  o["instances_total"] = opt_total(c.instances_total);
  o["storage_total"] = opt_total(c.storage_total);
  o["services_total"] = opt_total(c.services_total);
  o["total"] = opt_total(c.total);
  o["capability"] = capability_json(c.capability);
  return o;
}

ordered_json comparison_json(const Comparison& c) {
  ordered_json o;
  o["server"] = c.server;
  o["cloud"] = c.cloud;
  o["workload"] = c.workload;
  o["horizon_months"] = opt_number(c.horizon_months);
  o["scale"] = c.scale;
  o["normalisation"] = c.normalisation;
  o["mismatch"] = c.mismatch;
  o["on_premises_monthly"] = total_to_json(c.onprem_monthly);
  o["cloud_monthly"] = total_to_json(c.cloud_monthly);
  o["on_premises_over_horizon"] = opt_total(c.onprem_over_horizon);
  o["cloud_over_horizon"] = opt_total(c.cloud_over_horizon);
  o["breakeven_months"] = opt_cents(c.breakeven_months);
  o["breakeven_high"] = opt_cents(c.breakeven_high);
  o["breakeven_bound"] = c.breakeven_bound == BoundKind::AtLeast ? "at_least" : c.breakeven_bound == BoundKind::AtMost ? "at_most" : "exact";
  o["breakeven_why"] = c.breakeven_why;
  o["cheaper"] = c.cheaper;
  return o;
}

}  // namespace

std::string render_quote(const Quote& q, Format format) {
  if (format == Format::Json) {
    ordered_json j;
    j["version"] = 3;  // 3: money as ranges (low, high), the break-even's latest month
    j["currency"] = code(q.currency);
    j["date"] = q.date;
    j["on_premises"] = ordered_json::array();
    for (const auto& s : q.servers) j["on_premises"].push_back(server_json(s));
    j["cloud"] = ordered_json::array();
    for (const auto& c : q.clouds) j["cloud"].push_back(cloud_json(c));
    j["comparisons"] = ordered_json::array();
    for (const auto& c : q.comparisons) j["comparisons"].push_back(comparison_json(c));
    return dump_json(j) + "\n";
  }
  if (format == Format::Csv) {
    writers::CsvWriter w;
    w.row({"section", "item", "amount", "amount high", "bound", "unit", "source"});
    for (const auto& f : all_figures(q)) {
      w.row({f.section, f.item, figure_plain(f, false), figure_plain(f, true), f.bound, f.unit, f.source});
    }
    return w.str();
  }
  if (format == Format::Markdown) {
    // One heading level per layer: the quote, each option, the option's BOM.
    std::string out = fmt::format("## Quote ({}{})\n", code(q.currency), q.date.empty() ? "" : ", " + q.date);
    for (const auto& s : q.servers) {
      out += fmt::format("\n### On-premises: {}\n\n", s.bom.server);
      out += render_bom_markdown(s.bom, 4) + "\n";
      out += figures_markdown(server_figures(s, q.currency));
    }
    for (const auto& c : q.clouds) {
      out += fmt::format("\n### Cloud: {}\n\n", c.name);
      out += figures_markdown(cloud_figures(c, q.currency));
    }
    for (const auto& c : q.comparisons) {
      out += fmt::format("\n### Compare: {} vs {}\n\n", c.server, c.cloud);
      out += figures_markdown(comparison_figures(c, q.currency));
    }
    return out;
  }
  std::string out = fmt::format("quote in {}{}\n", code(q.currency), q.date.empty() ? "" : " (quote date " + q.date + ")");
  std::string section;
  for (const auto& f : all_figures(q)) {
    // Plain text goes to terminals and CI logs: spec text in it is made printable.
    if (f.section != section) {
      section = f.section;
      out += "\n" + printable(section) + "\n";
    }
    out += fmt::format("  {:<30} {:>24}  {}\n", printable(f.item), figure_text(f), printable(f.source));
  }
  return out;
}

}  // namespace gpuspec::cost
