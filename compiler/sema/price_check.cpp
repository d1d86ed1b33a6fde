#include "sema/price_check.h"

#include <fmt/format.h>

#include <string_view>

#include "sema/value_check.h"

namespace gpuspec::sema {

namespace {

const ast::Property* property(const ast::Body& body, std::string_view key) {
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == key) return p;
  }
  return nullptr;
}

const std::string* string_value(const ast::Property* p) {
  if (!p) return nullptr;
  const auto* s = p->value->as<ast::StringLit>();
  return s ? &s->value : nullptr;
}

const std::string* name_value(const ast::Property* p) {
  if (!p) return nullptr;
  const auto* n = p->value->as<ast::Name>();
  return n ? &n->name : nullptr;
}

Diagnostic& error(const ast::Declaration& decl, DiagnosticEngine& diags, std::string id, SourceRange at,
                  std::string message) {
  auto& d = diags.error(std::move(id), at, std::move(message));
  d.declaration = decl.name;
  return d;
}

// The catalog entry a price is for, when it is not a system (a chassis, barebone or DGX):
// only a system is sold with parts inside, so only its price may say what it covers.
const DeclEntry* priced_non_system(const ast::Declaration& price, const Program& program) {
  const std::string* item = name_value(property(price.body, "item"));
  const DeclEntry* entry = item ? program.find(*item) : nullptr;
  return entry && entry->decl->kind != "chassis" ? entry : nullptr;
}

}  // namespace

void check_price(const Program& program, const ast::Declaration& decl, DiagnosticEngine& diags) {
  const ast::Property* as_of = property(decl.body, "as_of");
  const ast::Property* verified = property(decl.body, "verified");
  const ast::Property* kind = property(decl.body, "kind");
  const ast::Property* includes = property(decl.body, "includes");
  const ast::Property* covers_host = property(decl.body, "covers_host");

  // A source that states no date cannot have been checked against one: say so.
  if (const std::string* date = string_value(as_of); date && *date == kUndated) {
    const auto* flag = verified ? verified->value->as<ast::BoolLit>() : nullptr;
    if (!flag || flag->value) {
      auto& d = error(decl, diags, "undated-price-verified", verified ? verified->range : as_of->range,
                      fmt::format("price '{}' is undated, so it must say `verified = false`", decl.name));
      d.hint = "add `verified = false` and say in `notes` what the source is and why it has no date";
      if (verified) d.fixits.push_back({verified->value->range, "false"});
    }
  }

  // An estimate is only as good as the figure and arithmetic behind it.
  if (const std::string* k = name_value(kind); k && *k == "estimate" && !property(decl.body, "method")) {
    auto& d = error(decl, diags, "estimate-needs-method", kind->range,
                    fmt::format("price '{}' is an estimate but states no `method`", decl.name));
    d.hint = "add `method = \"...\"`: one line saying which dated, cited figure it is derived from and how "
             "(e.g. \"RDIMM 4.1-5.6 USD/GB from <dated listing>, x 64 GB\")";
  }

  // Only a whole system is sold with its parts inside.
  const DeclEntry* non_system = priced_non_system(decl, program);
  if (includes && non_system) {
    auto& d = error(decl, diags, "includes-not-system", includes->range,
                    fmt::format("`includes` lists the parts a system price covers, but '{}' is a {}, not a "
                                "chassis, barebone or DGX system",
                                non_system->decl->name, non_system->decl->kind));
    d.hint = "price the system (its chassis entry) with `includes`, or drop `includes`";
  }

  // Only a system has a host whose parts its price may hold.
  if (const std::string* covers = name_value(covers_host); covers && *covers != "none" && non_system) {
    auto& d = error(decl, diags, "covers-host-not-system", covers_host->range,
                    fmt::format("`covers_host` says whether a system price holds the host's parts, but '{}' is a "
                                "{}, not a chassis, barebone or DGX system",
                                non_system->decl->name, non_system->decl->kind));
    d.hint = "drop `covers_host`: a part's price covers that part only";
  }

  // The capacities a complete system ships with mean nothing on any other price: the BOM
  // would ignore them silently.
  const std::string* covers = name_value(covers_host);
  for (std::string_view key : {"host_memory", "host_storage"}) {
    const ast::Property* capacity = property(decl.body, key);
    if (!capacity || (covers && *covers == "complete")) continue;
    auto& d = error(decl, diags, "host-capacity-needs-complete", capacity->range,
                    fmt::format("`{}` is what a complete system ships with, but price '{}' does not say "
                                "`covers_host = complete`",
                                key, decl.name));
    d.hint = "add `covers_host = complete` if the price is of the complete system as its vendor ships it, "
             "else drop the capacity";
  }
}

}  // namespace gpuspec::sema
