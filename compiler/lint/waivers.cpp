#include "lint/waivers.h"

#include <fmt/format.h>

#include "sema/suggest.h"

namespace gpuspec::lint {

WaiverLedger::WaiverLedger(const ast::Declaration& decl, std::string today) : decl_(decl), today_(std::move(today)) {
  for (const auto& item : decl.body.items) {
    if (const auto* w = ast::waiver_of(item)) entries_.push_back({w});
  }
}

void WaiverLedger::apply(Diagnostic& finding) {
  for (auto& entry : entries_) {
    const ast::Waiver& w = *entry.waiver;
    if (w.rule != finding.id || !w.reason) continue;
    entry.used = true;
    // ISO dates compare as strings; the waiver holds through its `until` day.
    if (w.until && !today_.empty() && *w.until < today_) {
      finding.notes.push_back({fmt::format("the waiver of '{}' expired on {}", w.rule, *w.until), w.range});
      return;
    }
    finding.suppressed_by = *w.reason;
    return;
  }
}

void WaiverLedger::note_unwaivable(Diagnostic& error, const std::string& rule) {
  for (auto& entry : entries_) {
    if (entry.waiver->rule != rule) continue;
    entry.used = true;
    error.notes.push_back(
        {fmt::format("the waiver of '{}' does not cover a rule that could not be evaluated", rule), entry.waiver->range});
  }
}

void WaiverLedger::report_unused(const PolicySet& policies, const std::set<std::string>& disabled,
                                 DiagnosticEngine& diags) const {
  for (const auto& entry : entries_) {
    const ast::Waiver& w = *entry.waiver;
    if (entry.used || disabled.count(w.rule)) continue;
    if (!policies.find(w.rule)) {
      std::vector<std::string_view> ids;
      for (const auto& p : policies.policies()) ids.push_back(p.id);
      auto& d = diags.report("waiver.unknown-rule", Severity::Warning, w.rule_range,
                             fmt::format("waiver names unknown rule '{}'", w.rule));
      d.declaration = decl_.name;
      if (auto near = sema::nearest(w.rule, ids)) {
        d.hint = fmt::format("did you mean '{}'?", *near);
        d.fixits.push_back({w.rule_range, *near});
      } else {
        d.hint = "`gpuspec rules` lists the rule ids";
      }
      continue;
    }
    auto& d = diags.report("waiver.unused", Severity::Warning, w.range,
                           fmt::format("waiver of '{}' silenced nothing in '{}'", w.rule, decl_.name));
    d.declaration = decl_.name;
    d.hint = "the rule no longer fires here: remove the waiver";
    d.fixits.push_back({w.range, ""});
  }
}

}  // namespace gpuspec::lint
