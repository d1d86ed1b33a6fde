#include "backends/cost/price_book.h"

#include <fmt/format.h>

#include <cmath>
#include <tuple>

#include "facts/properties.h"

namespace gpuspec::cost {

namespace {

std::optional<facts::Value> property(const ast::Declaration& decl, std::string_view key) {
  const ast::Property* p = facts::find_property(decl.body, key);
  if (!p) return std::nullopt;
  return facts::literal_value(*p->value);
}

std::string text_of(const ast::Declaration& decl, std::string_view key) {
  auto v = property(decl, key);
  return v && (v->type == facts::Value::Type::String || v->type == facts::Value::Type::Symbol) ? v->text : "";
}

units::Currency currency_of(const std::string& code) {
  if (code == "CNY") return units::Currency::CNY;
  if (code == "USD") return units::Currency::USD;
  return units::Currency::None;
}

PriceSource source_of(const ast::Declaration& decl, bool user) {
  PriceSource s;
  s.entry = decl.name;
  s.as_of = text_of(decl, "as_of");
  s.user = user;
  auto verified = property(decl, "verified");
  s.verified = !verified || verified->type != facts::Value::Type::Bool || verified->boolean;
  s.range = decl.name_range;
  return s;
}

// Newer is better; a user entry beats a library one first.
auto rank(const PriceSource& s) { return std::tuple(s.user, s.as_of, s.entry); }

}  // namespace

std::string Converted::describe() const {
  if (!rate) return "";
  auto from = units::currency_code(inverse ? rate->to : rate->from);
  auto to = units::currency_code(inverse ? rate->from : rate->to);
  double r = inverse ? 1.0 / rate->rate : rate->rate;
  return fmt::format("{} {} {}->{} ({})", rate->source.entry, fmt::format("{:.6g}", r), from, to, rate->source.as_of);
}

void PriceBook::add_declarations(const sema::LoadedFile& file, bool user) {
  for (const auto& decl : file.ast.declarations) {
    if (decl.kind == "price") {
      PriceEntry e;
      e.item = text_of(decl, "item");
      e.kind = text_of(decl, "kind");
      e.region = text_of(decl, "region");
      auto amount = property(decl, "amount");
      if (e.item.empty() || !amount || amount->type != facts::Value::Type::Quantity) continue;
      e.amount = amount->quantity;
      e.source = source_of(decl, user);
      prices_.push_back(std::move(e));
    } else if (decl.kind == "exchange_rate") {
      ExchangeRate r;
      r.from = currency_of(text_of(decl, "from"));
      r.to = currency_of(text_of(decl, "to"));
      auto rate = property(decl, "rate");
      if (!rate || rate->type != facts::Value::Type::Quantity || !(rate->quantity.value > 0)) continue;
      if (r.from == units::Currency::None || r.to == units::Currency::None) continue;
      r.rate = rate->quantity.value;
      r.source = source_of(decl, user);
      rates_.push_back(std::move(r));
    } else if (decl.kind == "electricity") {
      Electricity e;
      e.region = text_of(decl, "region");
      auto price = property(decl, "price");
      if (!price || price->type != facts::Value::Type::Quantity) continue;
      e.price = price->quantity;
      if (auto pue = property(decl, "pue"); pue && pue->type == facts::Value::Type::Quantity) e.pue = pue->quantity.value;
      e.source = source_of(decl, user);
      electricity_.push_back(std::move(e));
    }
  }
}

void PriceBook::add_program(const sema::Program& program) {
  for (const auto& file : program.library().files()) add_declarations(*file, false);
  for (const auto& file : program.files()) add_declarations(*file, true);
}

void PriceBook::add_user_file(const sema::Program& prices) {
  for (const auto& file : prices.files()) add_declarations(*file, true);
}

const PriceEntry* PriceBook::find(const std::string& item, const std::string& region, bool strict_region,
                                  units::Currency currency) const {
  const PriceEntry* best = nullptr;
  auto score = [&](const PriceEntry& e) {
    int region_score = e.region.empty() ? 1 : (!region.empty() && e.region == region) ? 2 : 0;
    bool currency_match = currency != units::Currency::None && e.amount.currency == currency;
    return std::tuple(region_score, currency_match, e.source.user, e.source.as_of, e.source.entry);
  };
  for (const auto& e : prices_) {
    if (e.item != item) continue;
    if (strict_region && !e.region.empty() && e.region != region) continue;
    if (!best || score(e) > score(*best)) best = &e;
  }
  return best;
}

const Electricity* PriceBook::electricity(const std::string& region) const {
  const Electricity* best = nullptr;
  for (const auto& e : electricity_) {
    if (e.region != region) continue;
    if (!best || rank(e.source) > rank(best->source)) best = &e;
  }
  return best;
}

std::optional<Converted> PriceBook::convert(const units::Quantity& money, units::Currency to) const {
  if (money.currency == to || to == units::Currency::None) return Converted{money, std::nullopt, false};
  const ExchangeRate* best = nullptr;
  bool inverse = false;
  for (const auto& r : rates_) {
    bool direct = r.from == money.currency && r.to == to;
    bool back = r.from == to && r.to == money.currency;
    if (!direct && !back) continue;
    if (!best || rank(r.source) > rank(best->source)) {
      best = &r;
      inverse = back;
    }
  }
  if (!best) return std::nullopt;
  units::Quantity out = money;
  out.value = inverse ? money.value / best->rate : money.value * best->rate;
  out.currency = to;
  return Converted{out, *best, inverse};
}

std::string plain_money(double amount) {
  double rounded = std::round(amount * 100) / 100;
  if (rounded == 0) rounded = 0;  // no "-0.00"
  return fmt::format("{:.2f}", rounded);
}

std::string format_money(double amount, units::Currency currency) {
  // Callers report overflowed figures and leave them out; never crash on one anyway.
  if (!std::isfinite(amount)) return "n/a";
  std::string plain = plain_money(amount);
  bool negative = !plain.empty() && plain[0] == '-';
  std::string digits = plain.substr(negative ? 1 : 0);
  auto dot = digits.find('.');
  std::string whole = digits.substr(0, dot);
  std::string grouped;
  for (std::size_t i = 0; i < whole.size(); ++i) {
    if (i && (whole.size() - i) % 3 == 0) grouped += ',';
    grouped += whole[i];
  }
  std::string out = (negative ? "-" : "") + grouped + digits.substr(dot);
  auto code = units::currency_code(currency);
  return code.empty() ? out : out + " " + std::string(code);
}

}  // namespace gpuspec::cost
