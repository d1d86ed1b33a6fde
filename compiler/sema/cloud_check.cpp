#include "sema/cloud_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "sema/body_lookup.h"
#include "sema/cloud_rules.h"

namespace gpuspec::sema {

namespace {

const std::string* name_of(const ast::Property* p) {
  auto symbol = symbol_value(p);
  return symbol ? &p->value->as<ast::Name>()->name : nullptr;
}

const std::string* string_of(const ast::Property* p) {
  auto text = string_value(p);
  return text ? &p->value->as<ast::StringLit>()->value : nullptr;
}

void check_provider(const ast::Declaration& cloud, const ast::Declaration& instance, DiagnosticEngine& diags) {
  const ast::Property* declared = body_property(cloud.body, "provider");
  const std::string* provider = name_of(declared);
  const std::string* offered_by = name_of(body_property(instance.body, "provider"));
  if (!provider || !offered_by || *provider == *offered_by) return;
  const ast::Property* at = body_property(cloud.body, "instance");
  auto& d = diags.error("cloud.provider-mismatch", at->value->range,
                        fmt::format("instance type '{}' is offered by {}, but the deployment says provider = {}",
                                    instance.name, *offered_by, *provider));
  d.declaration = cloud.name;
  d.hint = fmt::format("set `provider = {}`, or pick an instance type offered by {} (`gpuspec catalog instance`)",
                       *offered_by, *provider);
  d.notes.push_back({"provider declared here", declared->value->range});
}

// The catalog's `regions` list is the instance type's regional availability as the
// provider's price tables showed it on the entry's date; a region outside it fails at
// apply ("Unsupported" / "SkuNotAvailable"). It is a warning, not an error: the list is
// dated data (providers add regions), and a sema error could not be waived.
void check_region(const ast::Declaration& cloud, const ast::Declaration& instance, DiagnosticEngine& diags) {
  const ast::Property* declared = body_property(cloud.body, "region");
  const std::string* region = string_of(declared);
  const ast::Property* listed = body_property(instance.body, "regions");
  const auto* list = listed ? listed->value->as<ast::ListExpr>() : nullptr;
  if (!region || !list) return;
  std::vector<std::string_view> regions;
  for (const auto& item : list->items) {
    if (const auto* s = item->as<ast::StringLit>()) regions.push_back(s->value);
  }
  if (regions.empty() || std::find(regions.begin(), regions.end(), *region) != regions.end()) return;
  const std::string* api_name = string_of(body_property(instance.body, "api_name"));
  auto& d = diags.report("cloud.region-not-offered", Severity::Warning, declared->value->range,
                          fmt::format("{} is not offered in region '{}' according to the catalog",
                                      api_name ? *api_name : instance.name, *region));
  d.declaration = cloud.name;
  // Only a spelling of a listed region (case, '-' or '_' left out) is certainly what
  // was meant; 'ap-south-2' is a real region of its own, not a typo of 'ap-south-1'.
  auto spelling = [](std::string_view s) {
    std::string key;
    for (char c : s) {
      if (std::isalnum(static_cast<unsigned char>(c))) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
  };
  auto same = std::find_if(regions.begin(), regions.end(), [&](std::string_view r) { return spelling(r) == spelling(*region); });
  if (same != regions.end()) {
    d.hint = fmt::format("did you mean '{}'?", *same);
    d.fixits.push_back({declared->value->range, fmt::format("\"{}\"", *same)});
  } else {
    d.hint = fmt::format("pick one of the regions the catalog lists for {}: {} (or add your own `instance` entry "
                         "if the provider offers it there now)",
                         instance.name, fmt::join(regions, ", "));
  }
  d.notes.push_back({"regions listed here", listed->value->range});
}

void check_access(const ast::Declaration& cloud, DiagnosticEngine& diags) {
  const ast::Block* access = body_block(cloud.body, "access");
  const ast::Property* from = access ? body_property(access->body, "from") : nullptr;
  if (!from) return;
  std::vector<const ast::Expr*> items;
  if (const auto* list = from->value->as<ast::ListExpr>()) {
    for (const auto& item : list->items) items.push_back(item.get());
  } else {
    items.push_back(from->value.get());
  }
  if (items.empty()) {
    auto& d = diags.error("cloud.invalid-cidr", from->value->range, "`from` lists no CIDR block, so nobody could log in");
    d.declaration = cloud.name;
    d.hint = "name the address ranges allowed to reach SSH, e.g. [\"203.0.113.0/24\"], or leave `from` out";
  }
  for (const ast::Expr* item : items) {
    const auto* s = item->as<ast::StringLit>();
    if (!s || is_ipv4_cidr(s->value)) continue;
    auto& d = diags.error("cloud.invalid-cidr", item->range,
                          fmt::format("'{}' is not an IPv4 CIDR block", s->value));
    d.declaration = cloud.name;
    d.hint = "write an address and a prefix length, e.g. \"203.0.113.0/24\" (\"0.0.0.0/0\" is anywhere)";
  }
}

}  // namespace

bool is_ipv4_cidr(std::string_view text) {
  std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return false;
  auto number = [](std::string_view digits, int max) {
    if (digits.empty() || digits.size() > 3) return false;
    int value = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return false;
      value = value * 10 + (c - '0');
    }
    return value <= max;
  };
  if (!number(text.substr(slash + 1), 32)) return false;
  std::string_view address = text.substr(0, slash);
  for (int octet = 0; octet < 4; ++octet) {
    std::size_t dot = address.find('.');
    if ((octet < 3) == (dot == std::string_view::npos)) return false;
    if (!number(address.substr(0, dot), 255)) return false;
    address = dot == std::string_view::npos ? std::string_view{} : address.substr(dot + 1);
  }
  return true;
}

void check_cloud_deployment(const Program& program, const ast::Declaration& cloud, DiagnosticEngine& diags) {
  check_access(cloud, diags);
  check_cloud_provider_rules(program, cloud, diags);
  const std::string* instance_name = name_of(body_property(cloud.body, "instance"));
  const DeclEntry* instance = instance_name ? program.find(*instance_name) : nullptr;
  if (!instance || instance->decl->kind != "instance") return;  // the schema check reported it
  check_provider(cloud, *instance->decl, diags);
  check_region(cloud, *instance->decl, diags);
}

}  // namespace gpuspec::sema
