// `gpuspec quote --diff OLD NEW`: two quotes compared option by option — each server's
// capex and TCO, each cloud option's total — with the lines that changed under each,
// and a cost gate (`--fail-above 10%` or `50000CNY`) applied to every option's figures
// separately, so one option's rise is never averaged away by another's.
//
// Options pair up by name; when each side has exactly one server (or one cloud
// option), they pair up whatever their names (a renamed build still diffs).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/quote.h"
#include "backends/cost/total.h"

namespace gpuspec::cost {

struct Threshold {
  bool percent = false;
  double value = 0;
  units::Currency currency = units::Currency::None;  // an amount's currency
  std::string text;                                  // as given: "10%", "50000CNY"
};
// "10%", "50000CNY", "50000 USD"; nullopt for anything else.
std::optional<Threshold> parse_threshold(const std::string& text);

struct LineChange {
  std::string line;                         // "gpu nvidia.l40s", "electricity over horizon", "storage.data aws.ebs_gp3"
  std::optional<MoneyRange> before, after;  // nullopt: absent or unpriced on that side
};

// One gated figure of one option.
struct OptionFigure {
  std::string figure;                   // "capex", "total cost of ownership", "total"
  std::optional<Total> before, after;   // nullopt: the option (or figure) is absent on that side
};

struct OptionDiff {
  std::string kind;                     // "server" or "cloud"
  std::string before_name, after_name;  // "" when the option is new / gone
  std::vector<LineChange> lines;        // the lines that changed
  std::vector<OptionFigure> figures;
  std::string label() const;            // "server mid_l40s", "server mid_l40s -> high_h100"
};

std::vector<OptionDiff> diff_quotes(const Quote& before, const Quote& after);

// A gated figure that rose above the threshold at either end of its range (`limit` is in
// the quote currency when the threshold is an amount).
struct GateFailure {
  std::string option, figure, why;      // why: "+5.60%, above 5%"
};
std::vector<GateFailure> apply_gate(const std::vector<OptionDiff>& diffs, const Threshold& threshold, double limit,
                                    units::Currency currency);

// The report: each option with its changed lines and figures.
std::string render_diff(const std::vector<OptionDiff>& diffs, units::Currency currency);

}  // namespace gpuspec::cost
