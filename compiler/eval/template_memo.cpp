#include "eval/template_memo.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <unordered_map>
#include <vector>

namespace gpuspec::eval {

namespace {

// Enough for the distinct messages and hints of the templates worth keeping (Uses) in a
// large check (a few hundred on the peer corpus); past it the memo starts again, so a
// thread's stays within a few hundred KB (peak RSS of `--jobs 2` is bounded, issue 28).
constexpr std::size_t kMostTexts = 1024;

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

std::uint64_t hash_value(std::uint64_t h, const facts::Value& value) {
  using Type = facts::Value::Type;
  h = mix(h, static_cast<std::uint64_t>(value.type));
  switch (value.type) {
    case Type::Quantity: {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &value.quantity.value, sizeof bits);
      h = mix(h, bits);
      const auto& d = value.quantity.dimension;
      const signed char dims[] = {d.bytes, d.seconds, d.watts, d.celsius, d.transfers, d.flops, d.money};
      std::uint64_t packed = static_cast<std::uint64_t>(value.quantity.currency);
      for (signed char c : dims) packed = (packed << 8) | static_cast<unsigned char>(c);
      return mix(h, packed);
    }
    case Type::Symbol:
    case Type::String: {
      // The length and the first and last 8 bytes: a symbol's text is short, and a
      // collision costs only the comparison that follows every hit (same_reads).
      const std::string& text = value.text;
      std::uint64_t head = 0, tail = 0;
      std::memcpy(&head, text.data(), std::min<std::size_t>(8, text.size()));
      if (text.size() > 8) {
        const std::size_t rest = std::min<std::size_t>(8, text.size() - 8);  // bytes not in `head`
        std::memcpy(&tail, text.data() + text.size() - rest, rest);
      }
      return mix(mix(mix(h, text.size()), head), tail);
    }
    case Type::Bool: return mix(h, value.boolean ? 1u : 0u);
    case Type::List:
      h = mix(h, value.items.size());
      for (const auto& item : value.items) h = hash_value(h, item);
      return h;
  }
  return h;
}

// One rendered text: the template's serial and the values it was rendered over (none for
// a read the set lacked).
struct Entry {
  std::uint64_t serial = 0;
  std::vector<std::optional<facts::Value>> values;
  std::string text;
};

// How often a template was looked up in the memo and found. A template whose text is
// nearly always new (vram.fits-workload prints each server's own figures: 3,797 distinct
// messages of the 10,000-server corpus) is rendered plainly once that is clear: keeping its
// texts would cost the look-ups and ~3 MB and crowd out the texts that repeat.
struct Uses {
  static constexpr std::uint32_t kTrial = 64;  // look-ups before the rate decides
  std::uint32_t lookups = 0;
  std::uint32_t hits = 0;
  bool worth_keeping() const { return lookups < kTrial || hits * 2 >= lookups; }
};

bool same_reads(const Entry& entry, std::uint64_t serial, const std::vector<const facts::Value*>& values) {
  if (entry.serial != serial || entry.values.size() != values.size()) return false;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& kept = entry.values[i];
    if (kept.has_value() != (values[i] != nullptr)) return false;
    if (kept && !same_value(*kept, *values[i])) return false;
  }
  return true;
}

}  // namespace

bool same_value(const facts::Value& a, const facts::Value& b) {
  using Type = facts::Value::Type;
  if (a.type != b.type) return false;
  switch (a.type) {
    case Type::Quantity:
      return std::memcmp(&a.quantity.value, &b.quantity.value, sizeof a.quantity.value) == 0 &&
             a.quantity.dimension == b.quantity.dimension && a.quantity.currency == b.quantity.currency;
    case Type::Symbol:
    case Type::String: return a.text == b.text;
    case Type::Bool: return a.boolean == b.boolean;
    case Type::List:
      if (a.items.size() != b.items.size()) return false;
      for (std::size_t i = 0; i < a.items.size(); ++i) {
        if (!same_value(a.items[i], b.items[i])) return false;
      }
      return true;
  }
  return false;
}

std::string render_template_text(const LazyTemplate& compiled, const facts::FactSet& facts) {
  thread_local std::unordered_multimap<std::uint64_t, Entry> texts;
  thread_local std::unordered_map<std::uint64_t, Uses> uses;  // by serial
  thread_local std::vector<const facts::Value*> values;
  const CompiledTemplate& ready = compiled.get();
  const std::uint64_t serial = compiled.serial();
  if (uses.size() >= kMostTexts) uses.clear();
  Uses& use = uses[serial];
  if (!use.worth_keeping()) return render_template(ready, facts).text;
  ++use.lookups;
  values.clear();
  std::uint64_t hash = serial;
  for (facts::FactId id : ready.reads) {
    const facts::Value* value = facts.value(id);
    values.push_back(value);
    hash = value ? hash_value(mix(hash, 1), *value) : mix(hash, 0);
  }
  auto [first, last] = texts.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    if (same_reads(it->second, serial, values)) {
      ++use.hits;
      return it->second.text;
    }
  }
  std::string text = render_template(ready, facts).text;
  if (texts.size() >= kMostTexts) texts.clear();
  Entry entry{serial, {}, text};
  entry.values.reserve(values.size());
  for (const facts::Value* value : values) entry.values.push_back(value ? std::optional<facts::Value>(*value) : std::nullopt);
  texts.emplace(hash, std::move(entry));
  return text;
}

}  // namespace gpuspec::eval
