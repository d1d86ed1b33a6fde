// Why a fact has its value, in words ("8 x 80 GB", "schema default"), formatted only
// when someone reads it (issue 12).
//
// Resolving a server sets ~150 facts, most with an explanation, and a check prints the
// explanations of the few facts a finding's trace names. Formatting every one of them
// eagerly (fmt plus units::format for each quantity) was a good share of fact
// resolution. An Explanation keeps what it needs to say instead:
//   - nothing (the empty text),
//   - a string literal, read in place (Explanation from "..." never allocates),
//   - text it owns (from a std::string),
//   - or a format string with its arguments held by value, formatted on the first read:
//     Explanation::format("{} x {}", n, shown(q)) prints exactly what
//     fmt::format("{} x {}", n, units::format(q)) printed.
// The arguments are copies, never references, so an Explanation may outlive whatever
// it was made from (a FactSet copy outlives its program in the suggest search).
//
// Reading (str(), empty(), the conversion to std::string) formats a deferred text once
// and keeps it: a const read writes the cache, so an Explanation is read by one thread
// at a time, like the FactSet holding it. The catalog's typed view, which every --jobs
// thread shares, holds only empty explanations, which a read never writes.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "units/quantity.h"

namespace gpuspec::facts {

// A quantity an explanation prints as units::format prints it ("80 GB"), on first read.
struct ShownQuantity {
  units::Quantity quantity;
};
inline ShownQuantity shown(units::Quantity q) { return {q}; }

namespace detail {

// How an argument is held: by value, text as a std::string (a pointer or view might
// dangle by the time the text is read).
template <class T>
struct held {
  using type = std::decay_t<T>;
};
template <>
struct held<const char*> {
  using type = std::string;
};
template <>
struct held<char*> {
  using type = std::string;
};
template <>
struct held<std::string_view> {
  using type = std::string;
};
template <class T>
using held_t = typename held<std::decay_t<T>>::type;

// What fmt sees of a held argument: a quantity as its units::format text.
template <class T>
struct shown_as {
  using type = T;
};
template <>
struct shown_as<ShownQuantity> {
  using type = std::string;
};
template <class T>
using shown_t = typename shown_as<held_t<T>>::type;

std::string show(const ShownQuantity& q);
template <class T>
const T& show(const T& value) {
  return value;
}

struct DeferredText {
  virtual ~DeferredText() = default;
  virtual std::string format() const = 0;
};

template <class... Held>
struct DeferredFormat final : DeferredText {
  DeferredFormat(fmt::string_view pattern, Held... args) : pattern(pattern), args(std::move(args)...) {}
  std::string format() const override {
    return std::apply(
        [&](const Held&... held) {
          // Quantities become their text first; everything else is formatted as fmt::format would.
          auto call = [&](const auto&... shown) { return fmt::vformat(pattern, fmt::make_format_args(shown...)); };
          return call(show(held)...);
        },
        args);
  }
  fmt::string_view pattern;  // a literal: fmt::format_string only takes compile-time strings
  std::tuple<Held...> args;
};

}  // namespace detail

class Explanation {
 public:
  Explanation() = default;
  Explanation(std::string text) : text_(std::move(text)) {}
  // A string literal (an array of static storage): kept as a pointer. A `const char*`
  // does not convert implicitly (it may point into a temporary): make a std::string of
  // it, or use literal() when it is known to be static.
  template <std::size_t N>
  Explanation(const char (&text)[N]) : literal_(text) {}
  static Explanation literal(const char* static_text) {
    Explanation e;
    e.literal_ = static_text;
    return e;
  }

  // `pattern` with `args`, formatted on the first read exactly as fmt::format would
  // (a ShownQuantity as units::format shows it). Checked at compile time like fmt::format.
  template <class... Args>
  static Explanation format(fmt::format_string<detail::shown_t<Args>...> pattern, Args&&... args) {
    Explanation e;
    e.deferred_ = std::make_shared<const detail::DeferredFormat<detail::held_t<Args>...>>(
        fmt::string_view(pattern), detail::held_t<Args>(std::forward<Args>(args))...);
    return e;
  }

  // The text, formatted now if it was deferred.
  const std::string& str() const {
    if (literal_ || deferred_) materialize();
    return text_;
  }
  operator const std::string&() const { return str(); }
  bool empty() const {
    if (literal_) return *literal_ == '\0';
    return str().empty();
  }
  // Whether the text is still to be formatted (for tests: reading it must not be needed).
  bool deferred() const { return deferred_ != nullptr; }

  // Compared by text (an exact match for each kind of operand, so none is ambiguous).
  friend bool operator==(const Explanation& a, const Explanation& b) { return a.str() == b.str(); }
  friend bool operator==(const Explanation& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const Explanation& a, std::string_view b) { return a.str() == b; }
  template <std::size_t N>
  friend bool operator==(const Explanation& a, const char (&b)[N]) {
    return a.str() == std::string_view(b);
  }
  friend std::ostream& operator<<(std::ostream& out, const Explanation& e) { return out << e.str(); }

 private:
  void materialize() const;

  mutable std::string text_;
  mutable const char* literal_ = nullptr;
  mutable std::shared_ptr<const detail::DeferredText> deferred_;
};

}  // namespace gpuspec::facts

template <>
struct fmt::formatter<gpuspec::facts::Explanation> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const gpuspec::facts::Explanation& e, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(std::string_view(e.str()), ctx);
  }
};
