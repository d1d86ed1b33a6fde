#include "backends/cost/quote_diff.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <map>

#include "backends/cost/price_book.h"
#include "source/printable.h"

namespace gpuspec::cost {

namespace {

using Lines = std::map<std::string, std::optional<MoneyRange>>;

Lines server_lines(const OnPremQuote& s) {
  Lines lines;
  for (const auto& l : s.bom.lines) {
    auto& slot = lines[fmt::format("{} {}", l.role, l.part)];
    if (l.line_total) slot = slot.value_or(MoneyRange{}) + *l.line_total;
  }
  auto& energy = lines["electricity over horizon"];
  if (s.opex_over_horizon && !s.opex_over_horizon->lower_bound()) energy = s.opex_over_horizon->range();
  return lines;
}

Lines cloud_lines(const CloudQuote& c) {
  Lines lines;
  double months = c.duration_hours.value_or(0) / kHoursPerMonth;
  auto& instances = lines[fmt::format("instances {:g} x {}", c.count, c.instance)];
  if (c.instances_total && !c.instances_total->lower_bound()) instances = c.instances_total->range();
  for (const auto& v : c.volumes) {
    auto& slot = lines[fmt::format("storage.{} {} {:g} GiB", v.role, v.volume, v.gib)];
    if (v.monthly && c.duration_hours) slot = *v.monthly * (c.count * months);
  }
  for (const auto& s : c.services) {  // the module's NAT gateway, addresses, bastion
    auto& slot = lines[fmt::format("{} {} x {}", s.role, s.count, s.item)];
    if (s.monthly && c.duration_hours) slot = *s.monthly * months;
  }
  return lines;
}

bool same_money(const MoneyRange& a, const MoneyRange& b) {
  return plain_money(a.low) == plain_money(b.low) && plain_money(a.high) == plain_money(b.high);
}

std::vector<LineChange> changed(const Lines& before, const Lines& after) {
  std::map<std::string, std::pair<std::optional<MoneyRange>, std::optional<MoneyRange>>> all;
  std::map<std::string, std::pair<bool, bool>> present;
  for (const auto& [k, v] : before) all[k].first = v, present[k].first = true;
  for (const auto& [k, v] : after) all[k].second = v, present[k].second = true;
  std::vector<LineChange> out;
  for (const auto& [k, pair] : all) {
    const auto& [a, b] = pair;
    if (present[k].first && present[k].second && a.has_value() == b.has_value() &&
        (!a || same_money(*a, *b))) {
      continue;
    }
    out.push_back({(present[k].first ? present[k].second ? "~ " : "- " : "+ ") + k, a, b});
  }
  return out;
}

OptionDiff server_diff(const OnPremQuote* before, const OnPremQuote* after) {
  OptionDiff d;
  d.kind = "server";
  d.before_name = before ? before->bom.server : "";
  d.after_name = after ? after->bom.server : "";
  d.lines = changed(before ? server_lines(*before) : Lines{}, after ? server_lines(*after) : Lines{});
  d.figures.push_back({"capex", before ? std::optional(before->capex()) : std::nullopt,
                       after ? std::optional(after->capex()) : std::nullopt});
  d.figures.push_back({"total cost of ownership", before ? before->tco : std::nullopt, after ? after->tco : std::nullopt});
  return d;
}

OptionDiff cloud_diff(const CloudQuote* before, const CloudQuote* after) {
  OptionDiff d;
  d.kind = "cloud";
  d.before_name = before ? before->name : "";
  d.after_name = after ? after->name : "";
  d.lines = changed(before ? cloud_lines(*before) : Lines{}, after ? cloud_lines(*after) : Lines{});
  d.figures.push_back({"total", before ? before->total : std::nullopt, after ? after->total : std::nullopt});
  return d;
}

// Pairs options by name; a lone option on each side pairs whatever its name.
template <typename T, typename Name, typename Diff>
void pair_up(const std::vector<T>& before, const std::vector<T>& after, Name name, Diff diff,
             std::vector<OptionDiff>& out) {
  if (before.size() == 1 && after.size() == 1) {
    out.push_back(diff(&before.front(), &after.front()));
    return;
  }
  for (const auto& b : before) {
    const T* match = nullptr;
    for (const auto& a : after) {
      if (name(a) == name(b)) match = &a;
    }
    out.push_back(diff(&b, match));
  }
  for (const auto& a : after) {
    bool matched = false;
    for (const auto& b : before) matched = matched || name(a) == name(b);
    if (!matched) out.push_back(diff(nullptr, &a));
  }
}

std::string money_text(const std::optional<Total>& t, units::Currency c) {
  if (!t) return "none";
  return (t->lower_bound() ? "at least " : "") + format_money_range(t->range(), c);
}

std::string line_money(const std::optional<MoneyRange>& v, units::Currency c) {
  return v ? format_money_range(*v, c) : "no price";
}


}  // namespace

std::optional<Threshold> parse_threshold(const std::string& text) {
  Threshold t;
  t.text = text;
  std::string number = text;
  if (text.ends_with("%")) {
    t.percent = true;
    number = text.substr(0, text.size() - 1);
  } else if (text.size() > 3 && currency_from_code(text.substr(text.size() - 3)) != units::Currency::None) {
    t.currency = currency_from_code(text.substr(text.size() - 3));
    number = text.substr(0, text.size() - 3);
  } else {
    return std::nullopt;
  }
  while (!number.empty() && number.back() == ' ') number.pop_back();
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), t.value);
  if (ec != std::errc() || end != number.data() + number.size() || number.empty() || !(t.value >= 0) ||
      !std::isfinite(t.value)) {
    return std::nullopt;
  }
  return t;
}

std::string OptionDiff::label() const {
  if (before_name.empty()) return fmt::format("{} {} (new)", kind, after_name);
  if (after_name.empty()) return fmt::format("{} {} (gone)", kind, before_name);
  if (before_name == after_name) return kind + " " + after_name;
  return fmt::format("{} {} -> {}", kind, before_name, after_name);
}

std::vector<OptionDiff> diff_quotes(const Quote& before, const Quote& after) {
  std::vector<OptionDiff> out;
  pair_up(before.servers, after.servers, [](const OnPremQuote& s) { return s.bom.server; }, server_diff, out);
  pair_up(before.clouds, after.clouds, [](const CloudQuote& c) { return c.name; }, cloud_diff, out);
  return out;
}

std::vector<GateFailure> apply_gate(const std::vector<OptionDiff>& diffs, const Threshold& threshold, double limit,
                                    units::Currency currency) {
  std::vector<GateFailure> out;
  for (const auto& d : diffs) {
    if (d.after_name.empty()) continue;  // a removed option costs nothing more
    for (const auto& f : d.figures) {
      if (!f.after) continue;
      // An exact baseline and a lower-bound new figure still give a sound lower bound on the rise.
      if (f.before && f.before->lower_bound()) continue;
      std::string at_least = f.after->lower_bound() ? "at least " : "";
      // Each end of the range is gated: the low ends against each other, and the high ends.
      const MoneyRange before = f.before ? f.before->range() : MoneyRange{};
      const MoneyRange after = f.after->range();
      const std::pair<double, double> ends[] = {{before.low, after.low}, {before.high, after.high}};
      std::optional<double> worst_pct, worst_increase;
      for (const auto& [old_end, new_end] : ends) {
        const double increase = new_end - old_end;
        const double pct = old_end > 0 ? increase / old_end * 100 : (increase > 0 ? INFINITY : 0);
        if (!worst_pct || pct > *worst_pct) worst_pct = pct;
        if (!worst_increase || increase > *worst_increase) worst_increase = increase;
      }
      if (threshold.percent) {
        if (!f.before) continue;  // a new option has no baseline for a percentage
        if (*worst_pct > threshold.value) {
          out.push_back({d.label(), f.figure, fmt::format("{}{:+.2f}%, above {}", at_least, *worst_pct, threshold.text)});
        }
      } else if (*worst_increase > limit) {
        out.push_back({d.label(), f.figure,
                       fmt::format("{}+{}, above {}", at_least, format_money(*worst_increase, currency),
                                   threshold.text)});
      }
    }
  }
  return out;
}

std::string render_diff(const std::vector<OptionDiff>& diffs, units::Currency c) {
  // Plain text for terminals and CI logs: names from the specs are made printable.
  std::string out;
  for (const auto& d : diffs) {
    out += "\n" + printable(d.label()) + "\n";
    for (const auto& l : d.lines) {
      if (l.line[0] == '~') {
        std::string delta = l.before && l.after ? fmt::format(" ({})", format_change(*l.before, *l.after, c)) : "";
        out += fmt::format("  {}: {} -> {}{}\n", printable(l.line), line_money(l.before, c), line_money(l.after, c), delta);
      } else {
        out += fmt::format("  {}: {}\n", printable(l.line), line_money(l.line[0] == '+' ? l.after : l.before, c));
      }
    }
    for (const auto& f : d.figures) {
      std::string change;
      if (f.before && f.after && !f.before->lower_bound() && !f.after->lower_bound()) {
        double inc = f.after->low - f.before->low;
        double pct = f.before->low > 0 ? inc / f.before->low * 100 : 0;
        change = fmt::format(" ({}, {:+.2f}%{})", format_change(f.before->range(), f.after->range(), c), pct,
                             f.before->is_range() || f.after->is_range() ? " at the low end" : "");
      } else if (f.before && f.after) {
        change = " (change not exact: a side has unpriced items)";
      }
      out += fmt::format("  {}: {} -> {}{}\n", f.figure, money_text(f.before, c), money_text(f.after, c), change);
    }
  }
  return out;
}

}  // namespace gpuspec::cost
