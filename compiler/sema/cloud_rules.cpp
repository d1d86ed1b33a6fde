#include "sema/cloud_rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <span>
#include <string>

#include "sema/body_lookup.h"
#include "source/utf8.h"

namespace gpuspec::sema {

namespace {

enum class Access { Bastion, PublicIp, ExistingNetwork };

Access access_of(const ast::Declaration& cloud) {
  auto mode = symbol_value(body_property(cloud.body, "access", "ssh"));
  if (mode == "public_ip") return Access::PublicIp;
  if (mode == "existing_network") return Access::ExistingNetwork;
  return Access::Bastion;
}

// "AWS", "Azure", "Alibaba Cloud": how messages name a provider.
std::string_view display_name(std::string_view provider) {
  if (provider == "aws") return "AWS";
  if (provider == "azure") return "Azure";
  if (provider == "alicloud") return "Alibaba Cloud";
  return provider;
}

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  return std::equal(prefix.begin(), prefix.end(), text.begin(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

bool contains_nocase(std::string_view text, std::string_view needle) {
  for (std::size_t i = 0; i + needle.size() <= text.size(); ++i) {
    if (starts_with_nocase(text.substr(i), needle)) return true;
  }
  return false;
}

// ---- Names the module derives from the declaration name ---------------------------
// Each module names its resources `<declaration name><suffix>` (var.name's default;
// backends/terraform/emit_*.cpp). The longest suffix of each resource type against the
// provider's limit for that type; test/lit/terraform/name-limits.test emits modules for
// a name of exactly the longest allowed length and checks every name against these limits.
struct DerivedName {
  std::string_view provider;
  std::string_view resource;  // "virtual network name"
  std::string_view example;   // the suffix as the message shows it, "-vnet"
  std::size_t suffix;         // its longest length
  std::size_t limit;
  bool new_network;           // only created by bastion and public_ip
  bool bastion;               // only created by bastion
  std::string_view source;
};

constexpr std::array<DerivedName, 9> kDerivedNames{{
    // Microsoft Learn, "Naming rules and restrictions for Azure resources": Microsoft.Network
    // virtualNetworks 2-64, networkInterfaces / networkSecurityGroups 1-80, resource groups
    // 1-90; azurerm's VirtualMachineName and the managed disk name allow 1-80.
    {"azure", "virtual network name", "-vnet", 5, 64, true, false, "Azure resource name rules: virtualNetworks 2-64"},
    {"azure", "bastion network interface name", "-bastion-nic", 12, 80, true, true,
     "Azure resource name rules: networkInterfaces 1-80"},
    {"azure", "resource group name", "-<8 characters>-rg", 12, 90, false, false,
     "Azure resource name rules: resourceGroups 1-90"},
    {"azure", "data disk name", "-data-99", 8, 80, false, false, "Azure resource name rules: disks 1-80"},
    {"azure", "node network interface name", "-nic-99", 7, 80, false, false,
     "Azure resource name rules: networkInterfaces 1-80"},
    {"azure", "virtual machine name", "-99", 3, 80, false, false,
     "terraform-provider-azurerm internal/services/compute/validate/virtual_machine_name.go: 1-80"},
    // terraform-provider-aws internal/verify/validate.go, ValidLaunchTemplateName: a
    // name_prefix is 3 to 99 characters (the module's "<name>-node-" is at least 7).
    {"aws", "launch template name_prefix", "-node-", 6, 99, false, false,
     "terraform-provider-aws internal/verify/validate.go: a launch template name_prefix is at most 99 characters"},
    // Alibaba Cloud: instance, security group, key pair, VPC and disk names are 2-128
    // characters (terraform-provider-alicloud website/docs/r/instance.html.markdown,
    // instance_name; the key pair name carries the 8-character deployment id).
    {"alicloud", "key pair name", "-<8 characters>", 9, 128, false, false,
     "terraform-provider-alicloud docs: names are 2 to 128 characters"},
    {"alicloud", "instance name", "-99", 3, 128, false, false, "terraform-provider-alicloud docs: names are 2 to 128 characters"},
}};

// The table's "-99" is the largest node index: the backend places 1 to 100 nodes
// (terraform.count-unsupported), so a later edit of `count` never lengthens a name.
const DerivedName* tightest_name(std::string_view provider, Access access) {
  const DerivedName* best = nullptr;
  for (const auto& n : kDerivedNames) {
    if (n.provider != provider) continue;
    if (n.new_network && access == Access::ExistingNetwork) continue;
    if (n.bastion && access != Access::Bastion) continue;
    if (!best || n.limit - n.suffix < best->limit - best->suffix) best = &n;
  }
  return best;
}

void report_name(const Program& program, const ast::Declaration& cloud, std::string message, std::string hint,
                 std::string fixed, DiagnosticEngine& diags) {
  auto& d = diags.error("cloud.invalid-name", cloud.name_range, std::move(message));
  d.declaration = cloud.name;
  d.hint = std::move(hint);
  // A fix-it renames the declaration only when the new name is free: a cloud is
  // referenced by nothing else, so the rename is complete.
  if (!fixed.empty() && !program.find(fixed)) d.fixits.push_back({cloud.name_range, std::move(fixed)});
}

void check_name(const Program& program, const ast::Declaration& cloud, std::string_view provider,
                DiagnosticEngine& diags) {
  const std::string& name = cloud.name;
  // Azure names start with a letter or digit, Alibaba Cloud's with a letter (azurerm's
  // VirtualMachineName: "must begin with an alphanumeric character"; Alibaba: "must
  // start with a letter"); an identifier may start with `_`.
  const bool azure = provider == "azure";
  if ((azure || provider == "alicloud") && name.front() == '_') {
    std::string fixed = name.substr(name.find_first_not_of('_') == std::string::npos ? name.size()
                                                                                        : name.find_first_not_of('_'));
    bool usable = !fixed.empty() && (azure ? std::isalnum(static_cast<unsigned char>(fixed.front()))
                                           : std::isalpha(static_cast<unsigned char>(fixed.front())));
    report_name(program, cloud,
                fmt::format("{} names start with {}: the module's resource names begin with '{}'",
                            azure ? "Azure" : "Alibaba Cloud", azure ? "a letter or digit" : "a letter", name),
                "rename the declaration (its name prefixes every resource name)", usable ? fixed : "", diags);
    return;
  }
  // EC2 API reference, CreateSecurityGroup GroupName: "Can't start with sg-".
  if (provider == "aws" && starts_with_nocase(name, "sg-")) {
    report_name(program, cloud,
                fmt::format("the security group name prefix '{}-' starts with 'sg-', which AWS reserves for group ids",
                            name),
                "rename the declaration (its name prefixes every resource name)", "", diags);
    return;
  }
  const DerivedName* rule = tightest_name(provider, access_of(cloud));
  if (!rule || name.size() + rule->suffix <= rule->limit) return;
  const std::size_t longest = rule->limit - rule->suffix;
  std::string fixed = name.substr(0, longest);
  while (!fixed.empty() && (fixed.back() == '-' || fixed.back() == '.' || fixed.back() == '_')) fixed.pop_back();
  report_name(program, cloud,
              fmt::format("the name '{}' is {} characters: the {} '{}{}' would exceed the {} characters {} "
                          "accepts",
                          name, name.size(), rule->resource, name, rule->example, rule->limit, display_name(provider)),
              fmt::format("an {} declaration name is at most {} characters with access.ssh as declared ({})",
                          display_name(provider), longest, rule->source),
              fixed, diags);
}

// ---- Tags ------------------------------------------------------------------------
struct TagRules {
  std::string_view provider;
  std::size_t max_key, max_value, max_tags;
  std::size_t module_tags;  // the tags the module adds itself (managed-by, gpuspec-declaration, AWS Name)
  std::string_view source;
};

constexpr std::array<TagRules, 3> kTagRules{{
    {"aws", 128, 256, 50, 3,
     "AWS tag restrictions: 50 tags per resource, keys up to 128 and values up to 256 Unicode characters, no 'aws:' "
     "prefix"},
    {"azure", 512, 256, 50, 2,
     "Microsoft Learn, 'Use tags to organize your Azure resources', limitations: 50 tags, names up to 512 and values "
     "up to 256 characters"},
    // Alibaba Cloud ECS TagResources: at most 20 tags, keys and values up to 128
    // characters; terraform-provider-alicloud alicloud/tags.go rejects values starting
    // `aliyun` or `acs:` and ignores keys starting `aliyun`, `acs:`, `http://`, `https://`.
    {"alicloud", 128, 128, 20, 2,
     "Alibaba Cloud ECS TagResources: 20 tags, keys and values up to 128 characters, not starting with 'aliyun' or "
     "'acs:' and without 'http://' or 'https://'"},
}};

void tag_error(const ast::Declaration& cloud, SourceRange at, std::string message, const TagRules& rules,
               DiagnosticEngine& diags) {
  auto& d = diags.error("cloud.invalid-tag", at, std::move(message));
  d.declaration = cloud.name;
  d.hint = fmt::format("{} rejects it at `terraform apply` ({})", display_name(rules.provider), rules.source);
}

void check_tags(const ast::Declaration& cloud, std::string_view provider, DiagnosticEngine& diags) {
  const ast::Block* tags = body_block(cloud.body, "tags");
  if (!tags) return;
  const TagRules* rules = nullptr;
  for (const auto& r : kTagRules) {
    if (r.provider == provider) rules = &r;
  }
  if (!rules) return;
  std::size_t count = 0;
  for (const auto& item : tags->body.items) {
    const auto* p = std::get_if<ast::Property>(&item);
    if (!p || !p->value) continue;
    ++count;
    const std::string& key = p->key;
    auto value = string_value(p).value_or("");
    if (utf8::count_code_points(key) > rules->max_key) {
      tag_error(cloud, p->key_range, fmt::format("tag key '{}' is {} characters; {} accepts at most {}", key,
                                                   utf8::count_code_points(key), display_name(provider), rules->max_key),
                *rules, diags);
    }
    if (utf8::count_code_points(value) > rules->max_value) {
      tag_error(cloud, p->value->range,
                fmt::format("the value of tag '{}' is {} characters; {} accepts at most {}", key,
                            utf8::count_code_points(value), display_name(provider), rules->max_value),
                *rules, diags);
    }
    // A key is a gpuspec identifier: only a value can carry `aws:` (and no key holds the
    // characters Azure forbids in tag names, < > % & \ ? /).
    if (provider == "aws" && starts_with_nocase(value, "aws:")) {
      tag_error(cloud, p->value->range, fmt::format("the value of tag '{}' starts with 'aws:', which AWS reserves", key),
                *rules, diags);
    }
    if (provider == "alicloud") {
      for (auto [text, what, at] : {std::tuple{std::string_view(key), "key", p->key_range},
                                    std::tuple{value, "value", p->value->range}}) {
        for (std::string_view reserved : {"aliyun", "acs:"}) {
          if (starts_with_nocase(text, reserved)) {
            tag_error(cloud, at, fmt::format("tag {} '{}' starts with '{}', which Alibaba Cloud reserves", what, text,
                                             reserved),
                      *rules, diags);
          }
        }
        for (std::string_view scheme : {"http://", "https://"}) {
          if (contains_nocase(text, scheme)) {
            tag_error(cloud, at, fmt::format("tag {} '{}' contains '{}', which Alibaba Cloud rejects", what, text, scheme),
                      *rules, diags);
          }
        }
      }
    }
    // The AWS module names every resource itself (Name = <declaration>-<role>), so a
    // spec's Name would be replaced on those resources and kept on the others.
    if (provider == "aws" && key == "Name") {
      auto& d = diags.report("cloud.tag-overridden", Severity::Warning, p->key_range,
                             "the AWS module sets its own Name tag on every resource it names, so this Name is "
                             "replaced there");
      d.declaration = cloud.name;
      d.hint = "remove the tag, or rename the declaration: its name is the prefix of every Name";
    }
  }
  if (count + rules->module_tags > rules->max_tags) {
    tag_error(cloud, tags->key_range,
              fmt::format("{} tags plus the {} the module adds exceed the {} an {} resource may carry", count,
                          rules->module_tags, rules->max_tags, display_name(provider)),
              *rules, diags);
  }
}

// ---- Admin user ------------------------------------------------------------------
// terraform-provider-azurerm internal/services/compute/validate/linux_admin_username.go:
// 1 to 64 characters, not whitespace, none of these names.
constexpr std::array<std::string_view, 32> kAzureReservedUsers{
    "administrator", "admin",  "user",  "user1",  "test",    "user2",  "test1",   "user3",
    "admin1",        "1",      "123",   "a",      "actuser", "adm",    "admin2",  "aspnet",
    "backup",        "console", "david", "guest", "john",    "owner",  "root",    "server",
    "sql",           "support", "support_388945a0", "sys", "test2", "test3", "user4", "user5"};

void check_ssh_user(const ast::Declaration& cloud, std::string_view provider, DiagnosticEngine& diags) {
  const ast::Property* p = body_property(cloud.body, "ssh_user");
  auto user = string_value(p);
  if (!user) return;
  if (provider != "azure") {
    auto& d = diags.report("cloud.ssh-user-ignored", Severity::Warning, p->range,
                           fmt::format("ssh_user is not used on {}: the nodes' user is {}", display_name(provider),
                                       provider == "aws" ? "ubuntu (the Deep Learning AMI's)" : "root"));
    d.declaration = cloud.name;
    d.hint = "remove ssh_user (the module's user_data variable can create further users)";
    return;
  }
  const bool blank = user->find_first_not_of(" \t") == std::string_view::npos;
  const bool reserved =
      std::find(kAzureReservedUsers.begin(), kAzureReservedUsers.end(), *user) != kAzureReservedUsers.end();
  if (!blank && !reserved && user->size() <= 64) return;
  auto& d = diags.error("cloud.invalid-ssh-user", p->value->range,
                        reserved ? fmt::format("Azure does not allow '{}' as the admin user of a Linux VM", *user)
                                 : fmt::format("an Azure admin user name is 1 to 64 characters, not '{}'", *user));
  d.declaration = cloud.name;
  d.hint = "pick another name, e.g. \"azureuser\" (the module's default); azurerm's LinuxAdminUsername rejects "
           "administrator, admin, root, user, test, guest and the other names Azure reserves";
}

// ---- Purchase options ------------------------------------------------------------
// EC2 user guide, "Find and purchase Capacity Blocks": "Each Capacity Block can have up
// to 64 instances".
constexpr double kMaxCapacityBlockInstances = 64;

void check_pricing(const ast::Declaration& cloud, std::string_view provider, DiagnosticEngine& diags) {
  const ast::Property* pricing = body_property(cloud.body, "pricing");
  auto kind = symbol_value(pricing);
  if (!kind) return;
  const double count = number_value(body_property(cloud.body, "count")).value_or(1);
  if (*kind == "capacity_block" && provider != "aws") {
    auto& d = diags.error("cloud.pricing-unsupported", pricing->value->range,
                          fmt::format("Capacity Blocks are an Amazon EC2 purchase option; {} has none",
                                      display_name(provider)));
    d.declaration = cloud.name;
    d.hint = provider == "azure"
                 ? "use pricing = on_demand and pass a capacity reservation group (variable capacity_reservation_group_id)"
                 : "use pricing = on_demand and pass an elasticity assurance or capacity reservation (variable "
                   "private_pool_id)";
  } else if (*kind == "capacity_block" && count > kMaxCapacityBlockInstances) {
    auto& d = diags.error("cloud.pricing-unsupported", pricing->value->range,
                          fmt::format("a Capacity Block holds at most 64 instances, and count = {:g}", count));
    d.declaration = cloud.name;
    d.hint = "split the deployment into cloud declarations of at most 64 instances, one per Capacity Block";
  } else if (*kind == "spot" && provider == "azure" && count > 1) {
    auto& d = diags.report("cloud.spot-placement", Severity::Warning, pricing->value->range,
                           "Azure Spot VMs cannot join an availability set (AzureSpotVMNotSupportedInAvailabilitySet): "
                           "the module puts them in the proximity placement group only, where InfiniBand between "
                           "them is not arranged");
    d.declaration = cloud.name;
    d.hint = "for a multi-node InfiniBand job use pricing = on_demand (the VMs share one availability set)";
  }
}

}  // namespace

void check_cloud_provider_rules(const Program& program, const ast::Declaration& cloud, DiagnosticEngine& diags) {
  auto provider = symbol_value(body_property(cloud.body, "provider"));
  if (!provider || cloud.name.empty()) return;
  check_name(program, cloud, *provider, diags);
  check_tags(cloud, *provider, diags);
  check_ssh_user(cloud, *provider, diags);
  check_pricing(cloud, *provider, diags);
}

}  // namespace gpuspec::sema
