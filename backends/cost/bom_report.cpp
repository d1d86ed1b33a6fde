// BOM rendering: a Markdown table with a summary, CSV, or JSON.
#include <fmt/format.h>

#include "backends/cost/report.h"
#include "backends/cost/report_helpers.h"
#include "backends/cost/report_rows.h"
#include "backends/writers/csv_writer.h"
#include "backends/writers/markdown_table.h"
#include "source/json_io.h"

namespace gpuspec::cost {

namespace {

using nlohmann::ordered_json;

using report_detail::cents;
using report_detail::code;
using report_detail::num;

// Why a host line runs from 0: the system's price may already hold it.
std::string maybe_note(const BomLine& line) {
  return fmt::format("from 0 (included) to the full price (not included): {}'s price {} is a configured server "
                     "whose CPUs, memory and drives are not recorded",
                     line.maybe_in, line.maybe_price->source.entry);
}

std::string price_note(const BomLine& line) {
  std::vector<std::string> parts;
  if (line.implied) parts.push_back("implied: " + line.why);
  if (line.fully_included() && !line.included_why.empty()) {
    parts.push_back(fmt::format("included with {} ({})", line.included_in, line.included_why));
  } else if (line.fully_included()) {
    parts.push_back("included in " + line.included_in);
  } else if (!line.included_why.empty()) {
    parts.push_back(fmt::format("{} included with {} ({}), the rest priced as parts", num(line.included),
                                line.included_in, line.included_why));
  } else if (!line.included_in.empty()) {
    parts.push_back(fmt::format("{} included in {}, the rest priced as parts", num(line.included), line.included_in));
  }
  if (line.maybe_included()) parts.push_back(maybe_note(line));
  if (!line.dated_after.empty()) parts.push_back(dated_after_note(line.dated_after));
  if (line.price && !line.price->source.verified) parts.push_back("unverified " + line.price->kind + " price");
  if (line.price && line.price->kind == "used") parts.push_back("a used/refurbished price from your price book");
  if (line.price && !line.price->method.empty()) parts.push_back(line.price->kind + ": " + line.price->method);
  if (!line.per_capacity.empty()) parts.push_back("priced per capacity: " + line.per_capacity);
  if (!line.conversion.empty()) parts.push_back("converted at " + line.conversion);
  if (line.per_node > 0 && line.quantity != line.per_node) {
    parts.push_back(fmt::format("{} per node", num(line.per_node)));
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

// A money cell: "no price" when unpriced, "included" when a system price covers it.
std::string money_cell(const BomLine& line, const std::optional<MoneyRange>& v) {
  if (line.fully_included()) return "included";
  if (!v) return "no price";
  return format_money_range(*v, units::Currency::None);
}

std::string plain_cell(const BomLine& line, const std::optional<MoneyRange>& v, bool high) {
  if (line.fully_included()) return "included";
  if (!v) return "no price";
  return plain_money(high ? v->high : v->low);
}

}  // namespace

namespace report_detail {

std::vector<std::string> bom_row(const BomLine& line, units::Currency c) {
  return {line.role,
          num(line.quantity),
          (line.part.empty() ? std::string("(no catalog part)") : line.part) + (line.implied ? " (implied)" : ""),
          line.description,
          money_cell(line, line.unit_price),
          money_cell(line, line.line_total),
          code(c),
          line.price ? line.price->kind : "",
          line.price ? line.price->source.entry : "",
          line.price ? line.price->source.as_of : "",
          price_note(line)};
}

const std::vector<std::string> kBomHeader = {"role",       "qty",      "part", "description", "unit price", "line total",
                                             "currency",   "kind",     "price entry", "as_of", "note"};

std::vector<std::pair<std::string, std::string>> bom_summary(const Bom& bom) {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("total", describe_total(bom.total, bom.currency, "part"));
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

}  // namespace report_detail

using report_detail::bom_row;
using report_detail::bom_summary;
using report_detail::kBomHeader;

namespace {

// CSV carries numbers, so a range takes two columns: the low end, and the high end
// (the same number for a point price).
const std::vector<std::string> kBomCsvHeader = {"role",        "qty",      "part",        "description",
                                                "unit price",  "unit price high", "line total", "line total high",
                                                "currency",    "kind",     "price entry", "as_of", "note"};

std::vector<std::string> bom_csv_row(const BomLine& line, units::Currency c) {
  return {line.role,
          num(line.quantity),
          (line.part.empty() ? std::string("(no catalog part)") : line.part) + (line.implied ? " (implied)" : ""),
          line.description,
          plain_cell(line, line.unit_price, false),
          plain_cell(line, line.unit_price, true),
          plain_cell(line, line.line_total, false),
          plain_cell(line, line.line_total, true),
          code(c),
          line.price ? line.price->kind : "",
          line.price ? line.price->source.entry : "",
          line.price ? line.price->source.as_of : "",
          price_note(line)};
}

ordered_json range_json(const std::optional<MoneyRange>& v) {
  if (!v) return nullptr;
  return {{"low", cents(v->low)}, {"high", cents(v->high)}};
}

}  // namespace

// `amount` is the low end (what a point total was); `low` and `high` the range.
ordered_json total_to_json(const Total& total) {
  return {{"amount", cents(total.low)}, {"low", cents(total.low)},           {"high", cents(total.high)},
          {"lower_bound", total.lower_bound()}, {"unpriced", total.unpriced}};
}

ordered_json bom_to_json(const Bom& bom) {
  ordered_json j;
  j["server"] = bom.server;
  j["currency"] = code(bom.currency);
  j["nodes"] = bom.nodes;
  ordered_json lines = ordered_json::array();
  for (const auto& l : bom.lines) {
    ordered_json o;
    o["role"] = l.role;
    // null for a part the build needs and the catalog lacks; the description names it.
    o["part"] = l.part.empty() ? ordered_json() : ordered_json(l.part);
    o["description"] = l.description;
    o["quantity"] = l.quantity;
    o["per_node"] = l.per_node;
    o["implied"] = l.implied;
    if (l.implied) o["why"] = l.why;
    o["unit_price"] = range_json(l.unit_price);
    o["line_total"] = range_json(l.line_total);
    if (!l.included_in.empty()) {
      o["included_in"] = {{"system", l.included_in}, {"quantity", l.included}};
      if (!l.included_why.empty()) o["included_in"]["why"] = l.included_why;
    }
    // line_total runs from 0: the system's configured price may hold this part.
    if (l.maybe_included()) {
      o["maybe_included_in"] = {{"system", l.maybe_in}, {"price", l.maybe_price->source.entry}, {"why", maybe_note(l)}};
    }
    if (l.price) {
      o["price"] = {{"entry", l.price->source.entry}, {"as_of", l.price->source.as_of}, {"kind", l.price->kind},
                    {"region", l.price->region},      {"verified", l.price->source.verified},
                    {"amount", l.price->amount.value}, {"amount_high", l.price->high.value},
                    {"currency", code(l.price->amount.currency)}};
      if (!l.price->method.empty()) o["price"]["method"] = l.price->method;
      // Dated after the quote date: the figure was not yet published then.
      if (!l.dated_after.empty()) {
        o["price"]["dated_after_quote_date"] = l.dated_after;
        o["price"]["note"] = dated_after_note(l.dated_after);
      }
      if (!l.per_capacity.empty()) o["per_capacity"] = l.per_capacity;
      if (!l.conversion.empty()) o["conversion"] = l.conversion;
    } else {
      o["price"] = nullptr;
    }
    lines.push_back(std::move(o));
  }
  j["lines"] = std::move(lines);
  ordered_json missing = ordered_json::array();
  for (const auto& role : bom.missing_roles) missing.push_back({{"role", role.role}, {"why", role.why}});
  j["missing_roles"] = std::move(missing);
  // `total` is the sum of the priced lines' low ends: with `complete` false it is a lower bound.
  j["total"] = cents(bom.total.low);
  j["total_high"] = cents(bom.total.high);
  j["complete"] = bom.complete();
  j["unpriced"] = bom.total.unpriced;
  ordered_json summary = ordered_json::object();
  if (bom.full_load) summary["full_load_w"] = bom.full_load->value;
  if (bom.psu_capacity) summary["psu_capacity_w"] = bom.psu_capacity->value;
  if (bom.full_load && bom.psu_capacity) summary["headroom_w"] = bom.psu_capacity->value - bom.full_load->value;
  if (bom.memory_total) summary["ram_bytes"] = bom.memory_total->value;
  if (bom.vram_total) summary["vram_bytes"] = bom.vram_total->value;
  j["summary"] = std::move(summary);
  return j;
}

std::string render_bom_markdown(const Bom& bom, int level) {
  writers::MarkdownTable t;
  using A = writers::MarkdownTable::Align;
  t.header(kBomHeader,
           {A::Left, A::Right, A::Left, A::Left, A::Right, A::Right, A::Left, A::Left, A::Left, A::Left, A::Left});
  for (const auto& l : bom.lines) t.row(bom_row(l, bom.currency));
  std::string out = fmt::format("{} Bill of materials: {} ({} node{}, {})\n\n", std::string(level, '#'), bom.server,
                                num(bom.nodes), bom.nodes == 1 ? "" : "s", code(bom.currency));
  out += t.str() + "\n";
  for (const auto& [k, v] : bom_summary(bom)) out += fmt::format("- **{}**: {}\n", writers::markdown_cell(k), writers::markdown_cell(v));
  return out;
}

std::string render_boms(const std::vector<Bom>& boms, Format format) {
  if (format == Format::Json) {
    ordered_json j;
    j["version"] = 2;  // 2: money as ranges (low, high), missing roles, system-included lines
    j["boms"] = ordered_json::array();
    for (const auto& bom : boms) j["boms"].push_back(bom_to_json(bom));
    return dump_json(j) + "\n";
  }
  if (format == Format::Csv) {
    writers::CsvWriter w;
    std::vector<std::string> header = {"server"};
    header.insert(header.end(), kBomCsvHeader.begin(), kBomCsvHeader.end());
    w.row(header);
    for (const auto& bom : boms) {
      for (const auto& l : bom.lines) {
        auto row = bom_csv_row(l, bom.currency);
        row.insert(row.begin(), bom.server);
        w.row(row);
      }
      // An incomplete total is the sum of the priced lines: the note says it is a lower bound.
      w.row({bom.server, "total", "", "", "", "", "", plain_money(bom.total.low), plain_money(bom.total.high),
             code(bom.currency), "", "", "", bom.complete() ? "" : "a lower bound " + unpriced_note(bom.total, "part")});
    }
    return w.str();
  }
  std::string all;
  for (const auto& bom : boms) all += (all.empty() ? "" : "\n") + render_bom_markdown(bom, 2);
  return all;
}

}  // namespace gpuspec::cost
