// The power-assertion trace of a violated requirement and its why-notes
// ("gpu.vram_total = 320 GB (4 x 80 GB)"), from the steps planned when it was compiled;
// an ordering's two sides for reports; and judge(), which turns a guard's and a
// requirement's checks into a verdict.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "eval/compiled.h"
#include "eval/compiled_detail.h"
#include "facts/probed_origin.h"

namespace gpuspec::eval {

namespace {

using facts::Value;
using detail::append_value;

// Where a catalog fact came from, or how a derived one was computed; read only for a
// note that prints it.
std::string explanation_of(const facts::Origin& origin) {
  if (origin.kind == facts::Origin::Kind::Catalog && !origin.entry.empty()) return "from " + origin.entry;
  return origin.explanation;
}

// Whether a fact's note names the catalog entry it came from rather than its explanation.
bool reads_entry(facts::Origin::Kind kind, const std::string& entry) {
  return kind == facts::Origin::Kind::Catalog && !entry.empty();
}

// "gpu.vram_total = 320 GB (4 x 80 GB)": declared facts speak for themselves; anything
// else says where it came from (unless that is the value itself), and a probed fact what
// it was probed from ("memory.total = 64 GiB (4 x 16 GiB; probed: dmidecode -t memory)").
// Built in one string. The origin's kind, entry and explanation are passed apart: a note
// reads the explanation of a fact another set lends it from a copy (FactSet::find_lent).
std::string fact_text(std::string_view name, const Value& value, facts::Origin::Kind kind, const std::string& entry,
                      const facts::Explanation& explanation, const std::string* probed) {
  using Kind = facts::Origin::Kind;
  constexpr std::string_view kFrom = "from ";
  std::string text;
  text.reserve(name.size() + 64);  // most notes fit: "gpu.vram = 48 GB (from nvidia.l40s)"
  text += name;
  text += " = ";
  const std::size_t value_begin = text.size();
  append_value(value, text);
  const std::string_view shown = std::string_view(text).substr(value_begin);
  bool from_entry = false;
  std::string_view why;
  if (reads_entry(kind, entry)) {
    from_entry = !(shown.size() == kFrom.size() + entry.size() && shown.substr(0, kFrom.size()) == kFrom &&
                   shown.substr(kFrom.size()) == entry);
  } else if (kind != Kind::Declared) {
    const std::string& said = explanation;
    if (!said.empty() && said != shown) why = said;
  }
  if (!from_entry && why.empty() && !probed) return text;
  text += " (";
  if (from_entry) {
    text += kFrom;
    text += entry;
  } else {
    text += why;
  }
  if (probed) {
    if (from_entry || !why.empty()) text += "; ";
    text += "probed: ";
    text += *probed;
  }
  text += ')';
  return text;
}

}  // namespace

std::vector<Term> CompiledExpr::trace(const facts::FactSet& facts) const {
  std::vector<Term> terms;
  terms.reserve(trace_.size());
  for (const auto& step : trace_) {
    if (!step.is_fact) {
      Term t;
      t.expression = step.text;
      t.value = display_of(facts, step.index);
      t.text = t.expression + " = " + t.value;
      t.range = step.range;
      terms.push_back(std::move(t));
      continue;
    }
    const NameSlot& n = *names_[step.index];
    const facts::Fact* f = facts.find(n.key);
    if (!f && !n.in_schema) continue;  // a symbol literal
    Term t;
    t.expression = n.text;
    t.range = step.range;
    t.is_fact = true;
    if (!f) {
      t.value = "unknown";
      t.text = n.text + " = unknown (the fact does not apply here)";
    } else {
      t.value = f->value.display();
      t.origin = f->origin.range;
      t.origin_kind = f->origin.kind;
      t.explanation = explanation_of(f->origin);
      t.text = fact_text(n.text, f->value, f->origin.kind, f->origin.entry, f->origin.explanation,
                         facts::probed_from(facts, n.key.id, *f));
    }
    terms.push_back(std::move(t));
  }
  return terms;
}

void CompiledExpr::append_why_notes(const facts::FactSet& facts, std::vector<DiagnosticNote>& notes) const {
  notes.reserve(notes.size() + trace_.size() + 1);  // + 1: a severity or waiver note may follow
  for (const auto& step : trace_) {
    if (!step.is_fact) {
      std::string value = display_of(facts, step.index);
      std::string text;
      text.reserve(step.text.size() + 3 + value.size());
      text += step.text;
      text += " = ";
      text += value;
      notes.push_back({std::move(text), {}});
      continue;
    }
    // Only a fact with a place to point at gets a note (a missing one has none).
    const NameSlot& n = *names_[step.index];
    SourceRange at;
    bool lent = false;
    const facts::Fact* f = facts.find_lent(n.key, at, lent);
    if (!f || !at.valid()) continue;
    const facts::Origin& origin = f->origin;
    // A lent fact's explanation is read from a copy, and only when the note prints it.
    facts::Explanation copy;
    const bool reads_why = origin.kind != facts::Origin::Kind::Declared && !reads_entry(origin.kind, origin.entry);
    if (lent && reads_why) copy = origin.explanation;
    const facts::Explanation& why = lent && reads_why ? copy : origin.explanation;
    notes.push_back({fact_text(n.text, f->value, origin.kind, origin.entry, why, facts::probed_from(facts, n.key.id, *f)), at});
  }
}

std::optional<CompiledExpr::Sides> CompiledExpr::ordered_sides(const facts::FactSet& facts) const {
  if (!sides_) return std::nullopt;
  return Sides{outcome_of(facts, sides_->have), outcome_of(facts, sides_->need), sides_->need_text};
}

std::string Outcome::display() const {
  switch (state) {
    case State::Known: return value.display();
    case State::Unknown: return "unknown";
    case State::Error: return "error: " + error;
  }
  return "";
}

Verdict judge(const Check* when, const Check& require) {
  using Kind = Check::Kind;
  if (when) {
    if (when->kind == Kind::Error) return Verdict::Error;
    if (when->kind == Kind::Unknown || when->kind == Kind::False) return Verdict::Silent;
    if (when->kind != Kind::True) return Verdict::Error;
  }
  switch (require.kind) {
    case Kind::Error: return Verdict::Error;
    case Kind::Unknown: return Verdict::Silent;
    case Kind::True: return Verdict::Holds;
    case Kind::False: return Verdict::Violated;
    case Kind::NotBool: return Verdict::Error;
  }
  return Verdict::Error;
}

}  // namespace gpuspec::eval
