#include "backends/cost/price_book.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <tuple>

#include "facts/properties.h"
#include "sema/value_check.h"

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

// `amount = 12000 USD .. 15000 USD`, or a point `amount = 3089 USD` (both ends equal).
std::optional<std::pair<units::Quantity, units::Quantity>> amount_of(const ast::Declaration& decl) {
  const ast::Property* p = facts::find_property(decl.body, "amount");
  if (!p) return std::nullopt;
  const ast::Expr* value = p->value.get();
  while (const auto* paren = value->as<ast::ParenExpr>()) value = paren->inner.get();
  auto quantity = [](const ast::Expr& e) -> std::optional<units::Quantity> {
    auto v = facts::literal_value(e);
    if (!v || v->type != facts::Value::Type::Quantity) return std::nullopt;
    return v->quantity;
  };
  if (const auto* range = value->as<ast::BinaryExpr>(); range && range->op == ast::BinaryOp::Range) {
    auto low = quantity(*range->lhs);
    auto high = quantity(*range->rhs);
    // Sema refuses a range whose ends differ in dimension or currency or run high to low.
    if (!low || !high || !(low->dimension == high->dimension) || low->currency != high->currency ||
        !(low->value <= high->value)) {
      return std::nullopt;
    }
    return std::pair(*low, *high);
  }
  auto point = quantity(*value);
  if (!point) return std::nullopt;
  return std::pair(*point, *point);
}

// `host_memory = 1024 GB`: the bytes, or none when the property is absent (the schema
// rejects one that is not a data quantity).
std::optional<double> data_amount(const ast::Declaration& decl, std::string_view key) {
  auto v = property(decl, key);
  if (!v || v->type != facts::Value::Type::Quantity || !(v->quantity.dimension == units::Dimension::data())) {
    return std::nullopt;
  }
  return v->quantity.value;
}

std::vector<IncludedPart> includes_of(const ast::Declaration& decl) {
  std::vector<IncludedPart> out;
  const ast::Property* p = facts::find_property(decl.body, "includes");
  const auto* list = p ? p->value->as<ast::ListExpr>() : nullptr;
  if (!list) return out;
  for (const auto& item : list->items) {
    if (const auto* m = item->as<ast::Multiplicity>()) out.push_back({m->name, m->count});
    else if (const auto* n = item->as<ast::Name>()) out.push_back({n->name, 1});
  }
  return out;
}

}  // namespace

units::Currency currency_from_code(std::string_view code) {
  if (code == "CNY") return units::Currency::CNY;
  if (code == "USD") return units::Currency::USD;
  return units::Currency::None;
}

namespace {

std::optional<std::chrono::sys_days> calendar_day(const std::string& text) {
  if (!sema::is_calendar_date(text)) return std::nullopt;  // the one date check specs get
  auto field = [&](std::size_t pos, std::size_t len) {
    int v = 0;
    std::from_chars(text.data() + pos, text.data() + pos + len, v);
    return v;
  };
  return std::chrono::sys_days(std::chrono::year{field(0, 4)} / std::chrono::month(static_cast<unsigned>(field(5, 2))) /
                               std::chrono::day(static_cast<unsigned>(field(8, 2))));
}

}  // namespace

std::optional<long> days_between(const std::string& from, const std::string& to) {
  auto a = calendar_day(from);
  auto b = calendar_day(to);
  if (!a || !b) return std::nullopt;
  return static_cast<long>((*b - *a).count());
}

std::string Converted::describe() const {
  if (!rate) return "";
  auto from = units::currency_code(inverse ? rate->to : rate->from);
  auto to = units::currency_code(inverse ? rate->from : rate->to);
  double r = inverse ? 1.0 / rate->rate : rate->rate;
  if (!rate->override_text.empty()) {
    return fmt::format("user rate {:.6g} {}->{} (--rate {})", r, from, to, rate->override_text);
  }
  return fmt::format("{} {:.6g} {}->{} ({})", rate->source.entry, r, from, to, rate->source.as_of);
}

int in_effect_order(const PriceSource& a, const PriceSource& b, std::string_view date) {
  const std::string da = a.date_key(), db = b.date_key();
  // 2: dated and in effect; 1: undated (it states no date, so it is not known to be later,
  // but not known to be in effect either); 0: dated after the quote date.
  auto group = [&](const PriceSource& s, const std::string& d) { return d.empty() ? 1 : s.dated_after(date) ? 0 : 2; };
  const int ga = group(a, da), gb = group(b, db);
  if (ga != gb) return ga - gb;
  if (da == db) return 0;
  const bool a_newer = da > db;
  return (ga == 0 ? !a_newer : a_newer) ? 1 : -1;
}

std::string dated_after_note(const std::string& dated_after) {
  if (dated_after.empty()) return "";
  return fmt::format("priced from a source dated after {} (the quote date): no price of it was in effect then",
                     dated_after);
}

bool is_new_part_kind(std::string_view kind) {
  return kind == "list" || kind == "street" || kind == "distributor_report" || kind == "configurator" ||
         kind == "estimate" || kind == "quote";
}

bool kind_serves(const std::string& kind, bool user, PriceUse use, const std::string& wanted_kind) {
  switch (use) {
    case PriceUse::Any: return true;
    // A new build is priced new: a used/refurbished price only when the team says so itself.
    case PriceUse::Capex: return is_new_part_kind(kind) || (kind == "used" && user);
    case PriceUse::Instance: return kind == wanted_kind;
    case PriceUse::Volume: return kind == "list" || kind == "on_demand" || kind == "quote";
  }
  return false;
}

std::optional<ExchangeRate> parse_rate_override(const std::string& text, std::string& error) {
  auto slash = text.find('/');
  auto eq = text.find('=');
  ExchangeRate r;
  if (slash != std::string::npos && eq != std::string::npos && slash < eq) {
    r.from = currency_from_code(text.substr(0, slash));
    r.to = currency_from_code(text.substr(slash + 1, eq - slash - 1));
    const char* begin = text.data() + eq + 1;
    const char* end = text.data() + text.size();
    auto [stop, ec] = std::from_chars(begin, end, r.rate);
    bool number = begin != end && ec == std::errc() && stop == end && std::isfinite(r.rate) && r.rate > 0;
    if (number && r.from != units::Currency::None && r.to != units::Currency::None && r.from != r.to) {
      r.override_text = text;
      r.source.entry = "user rate";
      r.source.user = true;
      return r;
    }
  }
  error = fmt::format("bad --rate '{}' (expected FROM/TO=RATE with CNY or USD, e.g. USD/CNY=7.2)", text);
  return std::nullopt;
}

namespace {

// A `price` declaration's entry; nullopt when it states no item or no usable amount.
std::optional<PriceEntry> read_price(const ast::Declaration& decl, std::string item, bool user) {
  PriceEntry e;
  e.item = std::move(item);
  e.kind = text_of(decl, "kind");
  e.region = text_of(decl, "region");
  auto amount = amount_of(decl);
  if (e.item.empty() || !amount) return std::nullopt;
  e.amount = amount->first;
  e.high = amount->second;
  e.method = text_of(decl, "method");
  e.includes = includes_of(decl);
  e.host_unrecorded = text_of(decl, "covers_host") == "unrecorded";
  e.host_complete = text_of(decl, "covers_host") == "complete";
  e.host_memory = data_amount(decl, "host_memory");
  e.host_storage = data_amount(decl, "host_storage");
  if (auto per = property(decl, "per"); per && per->type == facts::Value::Type::Quantity && per->quantity.value > 0) {
    e.per = per->quantity;
  }
  e.source = source_of(decl, user);
  return e;
}

}  // namespace

const std::vector<std::size_t>* PriceLayer::entries_of(std::string_view item) const {
  auto it = by_item_.find(item);
  if (it == by_item_.end()) return nullptr;
  std::call_once(*it->second.read, [&] {
    for (std::size_t i : it->second.indices) prices_[i] = read_price(*pending_[i].decl, it->first, pending_[i].user);
  });
  return &it->second.indices;
}

void PriceLayer::read_all() const {
  for (const auto& [item, entries] : by_item_) entries_of(item);
}

void PriceLayer::add_declarations(const sema::LoadedFile& file, bool user) {
  for (const auto& header : file.ast.declarations) {
    // A library file's bodies may be unread (ast::DeferredBody): read those of the
    // kinds a layer keeps.
    if (header.kind != "price" && header.kind != "exchange_rate" && header.kind != "volume" &&
        header.kind != "electricity") {
      continue;
    }
    const ast::DeferredBody* deferred = file.ast.deferred_body(header);
    if (header.kind == "price") {
      std::string item = deferred && deferred->item_known ? std::string(deferred->item) : text_of(file.ast.read(header), "item");
      if (item.empty()) continue;
      by_item_[item].indices.push_back(pending_.size());
      pending_.push_back({sema::DeclRef(&header, deferred), user});
      prices_.emplace_back();
      continue;
    }
    const ast::Declaration& decl = file.ast.read(header);
    if (decl.kind == "exchange_rate") {
      ExchangeRate r;
      r.from = currency_from_code(text_of(decl, "from"));
      r.to = currency_from_code(text_of(decl, "to"));
      auto rate = property(decl, "rate");
      if (!rate || rate->type != facts::Value::Type::Quantity || !(rate->quantity.value > 0)) continue;
      if (r.from == units::Currency::None || r.to == units::Currency::None) continue;
      r.rate = rate->quantity.value;
      r.source = source_of(decl, user);
      rates_.push_back(std::move(r));
    } else if (decl.kind == "volume") {
      std::string billing = text_of(decl, "billing");
      volume_billing_[decl.name] = billing.empty() ? "per_capacity" : billing;  // the schema's default
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

std::shared_ptr<const PriceLayer> PriceLayer::of_library(const sema::Library& library) {
  auto layer = std::make_shared<PriceLayer>();
  for (const auto& file : library.files_with_deferred_bodies()) layer->add_declarations(*file, false);
  return layer;
}

// Read now: a user file's tree may not outlive every book that holds its layer.
std::shared_ptr<const PriceLayer> PriceLayer::of_file(const sema::LoadedFile& file, bool user) {
  auto layer = std::make_shared<PriceLayer>();
  layer->add_declarations(file, user);
  layer->read_all();
  return layer;
}

void PriceBook::add_library(const sema::Library& library) { add_layer(PriceLayer::of_library(library)); }

void PriceBook::add_layer(std::shared_ptr<const PriceLayer> layer) {
  if (layer && !layer->empty()) layers_.push_back({std::move(layer), nullptr});
}

// An empty deferred layer stays in the list: every look-up walks past it as if absent.
void PriceBook::add_deferred_layer(std::shared_ptr<const DeferredPriceLayer> layer) {
  if (layer) layers_.push_back({nullptr, std::move(layer)});
}

const PriceLayer& DeferredPriceLayer::get() const {
  std::call_once(once_, [&] { layer_ = read_(); });
  return *layer_;
}

void PriceBook::add_user_file(const sema::Program& prices) {
  for (const auto& file : prices.files()) {
    if (std::find(added_.begin(), added_.end(), file->source) != added_.end()) continue;
    added_.push_back(file->source);
    add_layer(PriceLayer::of_file(*file, true));
  }
}

void PriceBook::add_user_layer(const SourceFile* source, std::shared_ptr<const PriceLayer> layer) {
  if (std::find(added_.begin(), added_.end(), source) != added_.end()) return;
  added_.push_back(source);
  add_layer(std::move(layer));
}

std::vector<const PriceEntry*> PriceBook::prices() const {
  std::vector<const PriceEntry*> out;
  for (const auto& layer : layers_) {
    layer->read_all();
    for (const auto& e : layer->prices_) {
      if (e) out.push_back(&*e);
    }
  }
  return out;
}

void PriceBook::add_rate_override(ExchangeRate rate) { overrides_.push_back(std::move(rate)); }

namespace {

// Whether a build holding `build` contains everything a system price includes.
bool holds(const PartCounts* build, const PriceEntry& e) {
  if (!build) return false;
  return std::all_of(e.includes.begin(), e.includes.end(), [&](const IncludedPart& part) {
    auto it = build->find(part.part);
    return it != build->end() && it->second >= part.count;
  });
}

}  // namespace

std::vector<const PriceEntry*> PriceBook::candidates(const PriceQuery& q) const {
  auto score = [&](const PriceEntry& e) {
    const bool region_match = !q.region.empty() && e.region == q.region;
    // Another region's price is the last resort, the user's or not.
    const bool region_fits = e.region.empty() || region_match;
    // A system price the build holds is more specific than the part's own price.
    double pieces = 0;
    for (const auto& part : e.includes) pieces += part.count;
    // A capex prefers a new-part price of the user's to a used one (a used one is there only when the user has it).
    bool new_part = q.use != PriceUse::Capex || e.kind != "used";
    return std::tuple(region_fits, e.source.user, region_match, e.includes.size(), pieces, new_part);
  };
  // Among the prices that fit equally, what a buyer paid on the quote date: the one in
  // effect then (a later figure, however observed, is not what it cost then). Only prices
  // of the same date are told apart by what they are: an observed figure before one derived
  // from another part's price, then one in the quote currency; then the name (a stable,
  // total order).
  auto tie_break = [&](const PriceEntry& e) {
    bool observed = e.kind != "estimate";
    bool currency_match = q.currency != units::Currency::None && e.amount.currency == q.currency;
    return std::tuple(observed, currency_match);
  };
  auto better = [&](const PriceEntry* a, const PriceEntry* b) {
    auto sa = score(*a), sb = score(*b);
    if (sa != sb) return sa > sb;
    if (int by_date = in_effect_order(a->source, b->source, quote_date_)) return by_date > 0;
    auto ta = tie_break(*a), tb = tie_break(*b);
    if (ta != tb) return ta > tb;
    return a->source.entry > b->source.entry;
  };
  std::vector<const PriceEntry*> out;
  for (const auto& slot : layers_) {
    const PriceLayer* layer = slot.operator->();
    const std::vector<std::size_t>* item = layer->entries_of(q.item);
    if (!item) continue;
    for (std::size_t i : *item) {  // in the order they were added, as the tie-break wants
      if (!layer->prices_[i]) continue;  // no usable amount
      const PriceEntry& e = *layer->prices_[i];
      if (q.strict_region && !e.region.empty() && e.region != q.region) continue;
      if (!kind_serves(e.kind, e.source.user, q.use, q.kind)) continue;
      // A system price never serves a build without everything it includes.
      if (q.use == PriceUse::Capex && !e.includes.empty() && !holds(q.build, e)) continue;
      out.push_back(&e);
    }
  }
  std::stable_sort(out.begin(), out.end(), better);
  return out;
}

std::string PriceBook::dated_after(const PriceEntry* price) const {
  return price && price->source.dated_after(quote_date_) ? quote_date_ : std::string();
}

const PriceEntry* PriceBook::find(const PriceQuery& query) const {
  auto all = candidates(query);
  return all.empty() ? nullptr : all.front();
}

const Electricity* PriceBook::electricity(const std::string& region) const {
  const Electricity* best = nullptr;
  for (const auto& layer : layers_) {
    for (const auto& e : layer->electricity_) {
      if (e.region != region) continue;
      // The user's first, then the one in effect on the quote date (the prices' date rule).
      if (!best) {
        best = &e;
        continue;
      }
      if (e.source.user != best->source.user) {
        if (e.source.user) best = &e;
        continue;
      }
      int by_date = in_effect_order(e.source, best->source, quote_date_);
      if (by_date > 0 || (by_date == 0 && e.source.entry > best->source.entry)) best = &e;
    }
  }
  return best;
}

std::optional<std::string> PriceBook::volume_billing(const std::string& volume) const {
  // A later file's declaration of the name replaces an earlier one's.
  for (auto layer = layers_.rbegin(); layer != layers_.rend(); ++layer) {
    auto it = (*layer)->volume_billing_.find(volume);
    if (it != (*layer)->volume_billing_.end()) return it->second;
  }
  return std::nullopt;
}

std::optional<Converted> PriceBook::convert_unit(units::Currency from, units::Currency to) const {
  return convert({1, units::Dimension::money_amount(), from}, to);
}

std::optional<Converted> PriceBook::convert(const units::Quantity& money, units::Currency to) const {
  if (money.currency == to || to == units::Currency::None) return Converted{money, std::nullopt, false};
  auto links = [&](const ExchangeRate& r, bool& back) {
    back = r.from == to && r.to == money.currency;
    return back || (r.from == money.currency && r.to == to);
  };
  const ExchangeRate* best = nullptr;
  bool inverse = false;
  // A --rate beats every dated one (the last given wins).
  for (const auto& r : overrides_) {
    bool back = false;
    if (links(r, back)) best = &r, inverse = back;
  }
  // Otherwise the newest rate in effect on the quote date (the prices' date rule, but a rate
  // dated later is never used: money is not converted at a rate nobody had yet); a user's
  // rate breaks a tie.
  auto better = [&](const ExchangeRate& a, const ExchangeRate& b) {
    if (int by_date = in_effect_order(a.source, b.source, quote_date_)) return by_date > 0;
    return std::tuple(a.source.user, a.source.entry) > std::tuple(b.source.user, b.source.entry);
  };
  if (!best) {
    for (const auto& layer : layers_) {
      for (const auto& r : layer->rates_) {
        bool back = false;
        if (!links(r, back)) continue;
        if (r.source.dated_after(quote_date_)) continue;
        if (!best || better(r, *best)) best = &r, inverse = back;
      }
    }
  }
  if (!best) return std::nullopt;
  units::Quantity out = money;
  out.value = inverse ? money.value / best->rate : money.value * best->rate;
  out.currency = to;
  return Converted{out, *best, inverse};
}

std::string plain_money(double amount) {
  // Rounding to cents by way of amount * 100 overflowed to "inf" past 1.8e306 (a price
  // of 1e308 printed as "inf", which format_money then cut at a '.' it did not hold:
  // basic_string::substr). From 1e15 on, cents are below double precision anyway.
  double rounded = std::fabs(amount) < 1e15 ? std::round(amount * 100) / 100 : amount;
  if (rounded == 0) rounded = 0;  // no "-0.00"
  return fmt::format("{:.2f}", rounded);
}

std::string format_money(double amount, units::Currency currency) {
  // Callers report overflowed figures and leave them out; never crash on one anyway.
  if (!std::isfinite(amount)) return "n/a";
  std::string plain = plain_money(amount);
  bool negative = !plain.empty() && plain[0] == '-';
  std::string digits = plain.substr(negative ? 1 : 0);
  auto dot = std::min(digits.find('.'), digits.size());  // no width is assumed
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

std::string format_change(MoneyRange from, MoneyRange to, units::Currency currency) {
  auto signed_money = [&](double delta) { return (delta >= 0 ? "+" : "") + format_money(delta, currency); };
  const double low = to.low - from.low, high = to.high - from.high;
  if (plain_money(low) == plain_money(high)) return signed_money(low);
  return signed_money(low) + " at the low end, " + signed_money(high) + " at the high end";
}

std::string format_money_range(MoneyRange range, units::Currency currency) {
  if (range.is_point()) return format_money(range.low, currency);
  return format_money(range.low, units::Currency::None) + " .. " + format_money(range.high, currency);
}

}  // namespace gpuspec::cost
