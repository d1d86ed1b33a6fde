#include "backends/cost/report.h"

#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "backends/writers/csv_writer.h"
#include "backends/writers/markdown_table.h"
#include "source/printable.h"
#include "units/integral.h"

namespace gpuspec::cost {

namespace {

using nlohmann::ordered_json;

std::string code(units::Currency c) { return std::string(units::currency_code(c)); }

std::string num(double v) {
  if (units::is_exact_integer(v)) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.4g}", v);
}

std::string price_note(const BomLine& line) {
  std::vector<std::string> parts;
  if (line.implied) parts.push_back("implied: " + line.why);
  if (line.price && !line.price->source.verified) parts.push_back("unverified " + line.price->kind + " price");
  if (!line.conversion.empty()) parts.push_back("converted at " + line.conversion);
  if (line.per_node > 0 && line.quantity != line.per_node) {
    parts.push_back(fmt::format("{} per node", num(line.per_node)));
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::vector<std::string> bom_row(const BomLine& line, units::Currency c, bool plain) {
  auto money = [&](const std::optional<double>& v) {
    if (!v) return std::string("no price");
    return plain ? plain_money(*v) : format_money(*v, units::Currency::None);
  };
  return {line.role,
          num(line.quantity),
          line.part + (line.implied ? " (implied)" : ""),
          line.description,
          money(line.unit_price),
          money(line.line_total),
          code(c),
          line.price ? line.price->source.entry : "",
          line.price ? line.price->source.as_of : "",
          price_note(line)};
}

const std::vector<std::string> kBomHeader = {"role",  "qty",      "part",        "description", "unit price",
                                             "line total", "currency", "price entry", "as_of",      "note"};

std::vector<std::pair<std::string, std::string>> bom_summary(const Bom& bom) {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("total", bom.complete ? format_money(bom.total, bom.currency)
                                         : format_money(bom.total, bom.currency) + " (incomplete: parts without a price)");
  if (bom.full_load && bom.psu_capacity) {
    double load = bom.full_load->value, cap = bom.psu_capacity->value;
    out.emplace_back("power (per node)", fmt::format("full load {}, PSU capacity {}, headroom {} ({:.2f}x)",
                                                     units::format(*bom.full_load), units::format(*bom.psu_capacity),
                                                     units::format({cap - load, units::Dimension::power()}),
                                                     load > 0 ? cap / load : 0.0));
  } else if (bom.full_load) {
    out.emplace_back("power (per node)", fmt::format("full load {}, no PSU declared", units::format(*bom.full_load)));
  }
  if (bom.memory_total && bom.vram_total && bom.vram_total->value > 0) {
    out.emplace_back("memory balance (per node)",
                     fmt::format("RAM {} vs VRAM {} ({:.2f}x)", units::format(*bom.memory_total),
                                 units::format(*bom.vram_total), bom.memory_total->value / bom.vram_total->value));
  }
  return out;
}

}  // namespace

ordered_json bom_to_json(const Bom& bom) {
  ordered_json j;
  j["server"] = bom.server;
  j["currency"] = code(bom.currency);
  j["nodes"] = bom.nodes;
  ordered_json lines = ordered_json::array();
  for (const auto& l : bom.lines) {
    ordered_json o;
    o["role"] = l.role;
    o["part"] = l.part;
    o["description"] = l.description;
    o["quantity"] = l.quantity;
    o["per_node"] = l.per_node;
    o["implied"] = l.implied;
    if (l.implied) o["why"] = l.why;
    o["unit_price"] = l.unit_price ? ordered_json(std::round(*l.unit_price * 100) / 100) : ordered_json(nullptr);
    o["line_total"] = l.line_total ? ordered_json(std::round(*l.line_total * 100) / 100) : ordered_json(nullptr);
    if (l.price) {
      o["price"] = {{"entry", l.price->source.entry}, {"as_of", l.price->source.as_of}, {"kind", l.price->kind},
                    {"region", l.price->region},      {"verified", l.price->source.verified},
                    {"amount", l.price->amount.value}, {"currency", code(l.price->amount.currency)}};
      if (!l.conversion.empty()) o["conversion"] = l.conversion;
    } else {
      o["price"] = nullptr;
    }
    lines.push_back(std::move(o));
  }
  j["lines"] = std::move(lines);
  j["total"] = std::round(bom.total * 100) / 100;
  j["complete"] = bom.complete;
  ordered_json summary = ordered_json::object();
  if (bom.full_load) summary["full_load_w"] = bom.full_load->value;
  if (bom.psu_capacity) summary["psu_capacity_w"] = bom.psu_capacity->value;
  if (bom.full_load && bom.psu_capacity) summary["headroom_w"] = bom.psu_capacity->value - bom.full_load->value;
  if (bom.memory_total) summary["ram_bytes"] = bom.memory_total->value;
  if (bom.vram_total) summary["vram_bytes"] = bom.vram_total->value;
  j["summary"] = std::move(summary);
  return j;
}

namespace {

std::string kwh_price(const Electricity& e, const std::string& conversion, units::Currency c, double converted_per_ws) {
  std::string out = fmt::format("{:.4g} {}/kWh ({} {})", converted_per_ws * 3.6e6, code(c), e.source.entry, e.source.as_of);
  if (!conversion.empty()) out += ", converted at " + conversion;
  return out;
}

// One figure of a quote: a label, the amount, and where it came from.
struct Figure {
  std::string section, item;
  std::optional<double> amount;
  std::string unit;  // "CNY", "CNY/h", "months"
  std::string source;
};

std::vector<Figure> quote_figures(const Quote& q) {
  std::vector<Figure> out;
  const std::string c = code(q.currency);
  for (const auto& s : q.servers) {
    std::string sec = "on-premises " + s.bom.server;
    out.push_back({sec, "capex (BOM total)", s.bom.complete ? std::optional(s.bom.total) : std::nullopt, c,
                   fmt::format("{} BOM lines{}", s.bom.lines.size(), s.bom.complete ? "" : ", some without a price")});
    if (s.energy_per_month && s.full_load_w && s.electricity) {
      double per_ws = *s.energy_per_month / (*s.full_load_w * kHoursPerMonth * 3600 * s.pue * s.utilization);
      out.push_back({sec, "electricity per month", s.energy_per_month, c,
                     fmt::format("{} full load x {} h x {:.4g} utilization ({}) x PUE {} ({}) x {}",
                                 units::format({*s.full_load_w, units::Dimension::power()}), num(kHoursPerMonth),
                                 s.utilization, s.utilization_why, num(s.pue), s.pue_source,
                                 kwh_price(*s.electricity, s.electricity_conversion, q.currency, per_ws))});
    } else {
      out.push_back({sec, "electricity per month", std::nullopt, c, "no electricity price or no full-load figure"});
    }
    out.push_back({sec, "horizon", s.horizon_months, "months",
                   s.workload.empty() ? "no served workload" : "workload " + s.workload + " horizon"});
    out.push_back({sec, "electricity over horizon", s.opex_over_horizon, c, "electricity per month x horizon"});
    out.push_back({sec, "total cost of ownership", s.tco, c, "capex + electricity over horizon"});
  }
  for (const auto& cl : q.clouds) {
    std::string sec = "cloud " + cl.name;
    std::string src = cl.price ? fmt::format("{} in {}: {} {}{}", cl.instance, cl.region.empty() ? "-" : cl.region,
                                             cl.price->source.entry, cl.price->source.as_of,
                                             cl.price->source.verified ? "" : " (unverified)")
                               : cl.instance + ": no price";
    if (!cl.conversion.empty()) src += ", converted at " + cl.conversion;
    out.push_back({sec, "on-demand per instance-hour", cl.hourly, c + "/h", src});
    out.push_back({sec, "hours", cl.duration_hours, "h", "duration (or the workload's horizon)"});
    out.push_back({sec, "total", cl.total, c,
                   fmt::format("hourly x {} instances x hours x {:.4g} utilization", num(cl.count), cl.utilization)});
  }
  for (const auto& cmp : q.comparisons) {
    std::string sec = "compare " + cmp.server + " vs " + cmp.cloud;
    out.push_back({sec, "on-premises over horizon", cmp.onprem_over_horizon, c, "capex + electricity per month x horizon"});
    out.push_back({sec, "cloud over horizon", cmp.cloud_over_horizon, c, "cloud per month x horizon"});
    out.push_back({sec, "break-even", cmp.breakeven_months, "months",
                   cmp.breakeven_months ? "capex / (cloud per month - electricity per month)"
                                        : "the cloud is never dearer per month, or a price is missing"});
    out.push_back({sec, "cheaper over horizon", std::nullopt, "", cmp.cheaper.empty() ? "unknown" : cmp.cheaper});
  }
  return out;
}

std::string figure_text(const Figure& f) {
  if (!f.amount) return f.unit.empty() ? "" : "n/a";
  if (f.unit == "months" || f.unit == "h") return fmt::format("{:.1f} {}", *f.amount, f.unit);
  if (f.unit.ends_with("/h")) return format_money(*f.amount, units::Currency::None) + " " + f.unit;
  return format_money(*f.amount, units::Currency::None) + " " + f.unit;
}

}  // namespace

namespace {
std::string render_one_md(const Bom& bom) {
  writers::MarkdownTable t;
  using A = writers::MarkdownTable::Align;
  t.header(kBomHeader, {A::Left, A::Right, A::Left, A::Left, A::Right, A::Right, A::Left, A::Left, A::Left, A::Left});
  for (const auto& l : bom.lines) t.row(bom_row(l, bom.currency, false));
  std::string out = fmt::format("## Bill of materials: {} ({} node{}, {})\n\n", bom.server, num(bom.nodes),
                                bom.nodes == 1 ? "" : "s", code(bom.currency));
  out += t.str() + "\n";
  for (const auto& [k, v] : bom_summary(bom)) out += fmt::format("- **{}**: {}\n", writers::markdown_cell(k), writers::markdown_cell(v));
  return out;
}

}  // namespace

std::string render_bom(const Bom& bom, Format format) { return render_boms({bom}, format); }

std::string render_boms(const std::vector<Bom>& boms, Format format) {
  if (format == Format::Json) {
    ordered_json j;
    j["version"] = 1;
    j["boms"] = ordered_json::array();
    for (const auto& bom : boms) j["boms"].push_back(bom_to_json(bom));
    return j.dump(2) + "\n";
  }
  if (format == Format::Csv) {
    writers::CsvWriter w;
    std::vector<std::string> header = {"server"};
    header.insert(header.end(), kBomHeader.begin(), kBomHeader.end());
    w.row(header);
    for (const auto& bom : boms) {
      for (const auto& l : bom.lines) {
        auto row = bom_row(l, bom.currency, true);
        row.insert(row.begin(), bom.server);
        w.row(row);
      }
      w.row({bom.server, "total", "", "", "", "", plain_money(bom.total), code(bom.currency), "", "",
             bom.complete ? "" : "incomplete: parts without a price"});
    }
    return w.str();
  }
  std::string all;
  for (const auto& bom : boms) all += (all.empty() ? "" : "\n") + render_one_md(bom);
  return all;
}

std::string render_quote(const Quote& q, Format format) {
  auto figures = quote_figures(q);
  if (format == Format::Json) {
    ordered_json j;
    j["version"] = 1;
    j["currency"] = code(q.currency);
    ordered_json servers = ordered_json::array();
    for (const auto& s : q.servers) {
      ordered_json o;
      o["bom"] = bom_to_json(s.bom);
      o["workload"] = s.workload;
      o["utilization"] = s.utilization;
      o["pue"] = s.pue;
      o["pue_source"] = s.pue_source;
      o["electricity"] = s.electricity ? ordered_json({{"entry", s.electricity->source.entry}, {"as_of", s.electricity->source.as_of}}) : ordered_json(nullptr);
      if (!s.electricity_conversion.empty()) o["electricity_conversion"] = s.electricity_conversion;
      auto opt = [](const std::optional<double>& v) { return v ? ordered_json(std::round(*v * 100) / 100) : ordered_json(nullptr); };
      o["full_load_w"] = s.full_load_w ? ordered_json(*s.full_load_w) : ordered_json(nullptr);
      o["capex"] = s.bom.complete ? opt(s.bom.total) : ordered_json(nullptr);
      o["electricity_per_month"] = opt(s.energy_per_month);
      o["horizon_months"] = s.horizon_months ? ordered_json(*s.horizon_months) : ordered_json(nullptr);
      o["electricity_over_horizon"] = opt(s.opex_over_horizon);
      o["tco"] = opt(s.tco);
      servers.push_back(std::move(o));
    }
    j["on_premises"] = std::move(servers);
    ordered_json clouds = ordered_json::array();
    for (const auto& c : q.clouds) {
      ordered_json o;
      o["name"] = c.name;
      o["workload"] = c.workload;
      o["provider"] = c.provider;
      o["instance"] = c.instance;
      o["region"] = c.region;
      o["count"] = c.count;
      o["utilization"] = c.utilization;
      o["price"] = c.price ? ordered_json({{"entry", c.price->source.entry}, {"as_of", c.price->source.as_of},
                                           {"verified", c.price->source.verified}, {"amount_per_hour", c.price->amount.value * 3600},
                                           {"currency", code(c.price->amount.currency)}})
                           : ordered_json(nullptr);
      if (!c.conversion.empty()) o["conversion"] = c.conversion;
      o["hourly"] = c.hourly ? ordered_json(*c.hourly) : ordered_json(nullptr);
      o["hours"] = c.duration_hours ? ordered_json(*c.duration_hours) : ordered_json(nullptr);
      o["total"] = c.total ? ordered_json(std::round(*c.total * 100) / 100) : ordered_json(nullptr);
      clouds.push_back(std::move(o));
    }
    j["cloud"] = std::move(clouds);
    ordered_json cmps = ordered_json::array();
    for (const auto& c : q.comparisons) {
      ordered_json o;
      o["server"] = c.server;
      o["cloud"] = c.cloud;
      o["workload"] = c.workload;
      o["horizon_months"] = c.horizon_months ? ordered_json(*c.horizon_months) : ordered_json(nullptr);
      o["on_premises_over_horizon"] = c.onprem_over_horizon ? ordered_json(std::round(*c.onprem_over_horizon * 100) / 100) : ordered_json(nullptr);
      o["cloud_over_horizon"] = c.cloud_over_horizon ? ordered_json(std::round(*c.cloud_over_horizon * 100) / 100) : ordered_json(nullptr);
      o["breakeven_months"] = c.breakeven_months ? ordered_json(std::round(*c.breakeven_months * 100) / 100) : ordered_json(nullptr);
      o["cheaper"] = c.cheaper;
      cmps.push_back(std::move(o));
    }
    j["comparisons"] = std::move(cmps);
    return j.dump(2) + "\n";
  }
  if (format == Format::Csv) {
    writers::CsvWriter w;
    w.row({"section", "item", "amount", "unit", "source"});
    for (const auto& f : figures) {
      w.row({f.section, f.item, f.amount ? (f.unit == "months" || f.unit == "h" ? fmt::format("{:.2f}", *f.amount) : plain_money(*f.amount)) : "",
             f.unit, f.source});
    }
    return w.str();
  }
  if (format == Format::Markdown) {
    std::string out = fmt::format("## Quote ({})\n\n", code(q.currency));
    for (const auto& s : q.servers) out += render_bom(s.bom, Format::Markdown) + "\n";
    writers::MarkdownTable t;
    using A = writers::MarkdownTable::Align;
    t.header({"section", "item", "amount", "source"}, {A::Left, A::Left, A::Right, A::Left});
    for (const auto& f : figures) t.row({f.section, f.item, figure_text(f), f.source});
    return out + t.str();
  }
  std::string out = fmt::format("quote in {}\n", code(q.currency));
  std::string section;
  for (const auto& f : figures) {
    // Plain text goes to terminals and CI logs: spec text in it is made printable.
    if (f.section != section) {
      section = f.section;
      out += "\n" + printable(section) + "\n";
    }
    out += fmt::format("  {:<30} {:>22}  {}\n", printable(f.item), figure_text(f), printable(f.source));
  }
  return out;
}


}  // namespace gpuspec::cost
