#include "backends/terraform/emit_azure_network.h"

#include "backends/terraform/module_resources.h"

namespace gpuspec::terraform::azure {

using writers::TypeConstraint;

namespace {

// Azure reserves the first four and the last address of every subnet; one address
// per node (InfiniBand has its own fabric, no VNet address).
constexpr int kReservedPerSubnet = 5;
constexpr int kAddressesPerNode = 1;

const std::string kRg = "local.resource_group_name";
const std::string kLocation = "var.region";

Block in_group(const std::string& type, const std::string& label, Expr name) {
  Block b("resource", {type, label});
  b.set("name", std::move(name));
  b.set("location", Expr::ref(kLocation));
  b.set("resource_group_name", Expr::ref(kRg));
  return b;
}

Block nsg_rule(const std::string& name, int priority, Expr source) {
  Block rule("security_rule");
  rule.set("name", Expr::string(name));
  rule.set("priority", Expr::number(priority));
  rule.set("direction", Expr::string("Inbound"));
  rule.set("access", Expr::string("Allow"));
  rule.set("protocol", Expr::string("Tcp"));
  rule.set("source_port_range", Expr::string("*"));
  rule.set("destination_port_range", Expr::string("22"));
  rule.set("source_address_prefixes", std::move(source));
  rule.set("destination_address_prefix", Expr::string("*"));
  return rule;
}

Block public_ip(const std::string& label, Expr name, bool per_node, int count) {
  Block ip = in_group("azurerm_public_ip", label, std::move(name));
  if (per_node) ip.set("count", Expr::number(count));
  ip.set("allocation_method", Expr::string("Static"));
  ip.set("sku", Expr::string("Standard"));
  ip.set("tags", Expr::ref("local.tags"));
  return ip;
}

void add_vnet(const CloudSpec& spec, const std::string& n, std::vector<Block>& main) {
  Block vnet = in_group("azurerm_virtual_network", n, named("-vnet"));
  vnet.set("address_space", Expr::tuple({Expr::ref("var.vnet_cidr")}));
  vnet.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(vnet));

  Block subnet("resource", {"azurerm_subnet", n});
  subnet.set("name", named("-nodes"));
  subnet.set("resource_group_name", Expr::ref(kRg));
  subnet.set("virtual_network_name", Expr::ref("azurerm_virtual_network." + n + ".name"));
  subnet.set("address_prefixes",
             Expr::tuple({Expr::call("cidrsubnet",
                                     {Expr::ref("var.vnet_cidr"),
                                      Expr::number(node_subnet_newbits(spec.count, kAddressesPerNode, kReservedPerSubnet)),
                                      Expr::number(0)})}));
  // New subnets get no implicit outbound access: the NAT gateway or the nodes'
  // public addresses give it explicitly.
  subnet.set("default_outbound_access_enabled", Expr::boolean(false));
  main.push_back(std::move(subnet));
}

void add_nat_gateway(const std::string& n, std::vector<Block>& main) {
  main.push_back(public_ip(n + "_nat", named("-nat-ip"), false, 1));
  Block nat = in_group("azurerm_nat_gateway", n, named("-nat"));
  nat.set("sku_name", Expr::string("Standard"));
  nat.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(nat));
  Block ip_assoc("resource", {"azurerm_nat_gateway_public_ip_association", n});
  ip_assoc.set("nat_gateway_id", Expr::ref("azurerm_nat_gateway." + n + ".id"));
  ip_assoc.set("public_ip_address_id", Expr::ref("azurerm_public_ip." + n + "_nat.id"));
  main.push_back(std::move(ip_assoc));
  Block subnet_assoc("resource", {"azurerm_subnet_nat_gateway_association", n});
  subnet_assoc.set("subnet_id", Expr::ref("azurerm_subnet." + n + ".id"));
  subnet_assoc.set("nat_gateway_id", Expr::ref("azurerm_nat_gateway." + n + ".id"));
  main.push_back(std::move(subnet_assoc));
}

void add_bastion(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& main = docs.main.blocks;
  const std::vector<ModuleResource> resources = module_resources(spec);
  docs.variables.blocks.push_back(variable("bastion_size", "VM size of the bastion host", TypeConstraint::String,
                                           Expr::string(resource(resources, kBastionHost).api_name)));
  Block subnet("resource", {"azurerm_subnet", n + "_bastion"});
  subnet.set("name", named("-bastion"));
  subnet.set("resource_group_name", Expr::ref(kRg));
  subnet.set("virtual_network_name", Expr::ref("azurerm_virtual_network." + n + ".name"));
  subnet.set("address_prefixes", Expr::tuple({Expr::call("cidrsubnet", {Expr::ref("var.vnet_cidr"), Expr::number(8),
                                                                        Expr::number(kPublicSubnetNetnum)})}));
  subnet.set("default_outbound_access_enabled", Expr::boolean(false));
  main.push_back(std::move(subnet));

  Block nsg = in_group("azurerm_network_security_group", n + "_bastion", named("-bastion-nsg"));
  nsg.add(nsg_rule("ssh", 100, Expr::ref("var.ssh_allowed_cidrs")));
  nsg.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(nsg));
  Block nsg_assoc("resource", {"azurerm_subnet_network_security_group_association", n + "_bastion"});
  nsg_assoc.set("subnet_id", Expr::ref("azurerm_subnet." + n + "_bastion.id"));
  nsg_assoc.set("network_security_group_id", Expr::ref("azurerm_network_security_group." + n + "_bastion.id"));
  main.push_back(std::move(nsg_assoc));

  main.push_back(public_ip(n + "_bastion", named("-bastion-ip"), false, 1));
  Block nic = in_group("azurerm_network_interface", n + "_bastion", named("-bastion-nic"));
  nic.set("tags", Expr::ref("local.tags"));
  Block ipconf("ip_configuration");
  ipconf.set("name", Expr::string("internal"));
  ipconf.set("subnet_id", Expr::ref("azurerm_subnet." + n + "_bastion.id"));
  ipconf.set("private_ip_address_allocation", Expr::string("Dynamic"));
  ipconf.set("public_ip_address_id", Expr::ref("azurerm_public_ip." + n + "_bastion.id"));
  nic.add(std::move(ipconf));
  main.push_back(std::move(nic));

  Block vm = in_group("azurerm_linux_virtual_machine", n + "_bastion", named("-bastion"));
  vm.set("computer_name", Expr::string(hostname_prefix(spec) + "-bastion"));
  vm.set("size", Expr::ref("var.bastion_size"));
  vm.set("network_interface_ids", Expr::tuple({Expr::ref("azurerm_network_interface." + n + "_bastion.id")}));
  vm.set("tags", Expr::ref("local.tags"));
  set_ssh_login(vm);
  const ModuleResource& disk = resource(resources, kBastionDisk);
  Block os("os_disk");
  os.set("caching", Expr::string("ReadWrite"));
  os.set("storage_account_type", Expr::string(disk.api_name));
  os.set("disk_size_gb", Expr::number(disk.gib));
  vm.add(std::move(os));
  Block src("source_image_reference");
  src.set("publisher", Expr::string("Canonical"));
  src.set("offer", Expr::string("0001-com-ubuntu-server-jammy"));
  src.set("sku", Expr::string("22_04-lts-gen2"));
  src.set("version", Expr::string("latest"));
  vm.add(std::move(src));
  // A newer Ubuntu release or a rotated key (both ForceNew) must not replace the jump host.
  vm.add(ignore_changes({"source_image_reference", "admin_ssh_key"}));
  main.push_back(std::move(vm));
}

}  // namespace

void set_ssh_login(Block& vm) {
  vm.set("admin_username", Expr::ref("var.admin_username"));
  vm.set("disable_password_authentication", Expr::boolean(true));
  Block key("admin_ssh_key");
  key.set("username", Expr::ref("var.admin_username"));
  key.set("public_key", Expr::ref("var.ssh_public_key"));
  vm.add(std::move(key));
}

std::string hostname_prefix(const CloudSpec& spec) {
  std::string out;
  for (char c : spec.name) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      out.push_back(c);
    } else if (c >= 'A' && c <= 'Z') {
      out.push_back(static_cast<char>(c - 'A' + 'a'));
    } else if (!out.empty() && out.back() != '-') {
      out.push_back('-');
    }
  }
  // 64 characters at most with the "-<index>" or "-bastion" suffix.
  if (out.size() > 48) out.resize(48);
  while (!out.empty() && out.back() == '-') out.pop_back();
  if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out.insert(0, "node");
  return out;
}

Network add_network(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& vars = docs.variables.blocks;
  auto& main = docs.main.blocks;
  Network net;
  if (spec.access == Access::ExistingNetwork) {
    vars.push_back(variable("subnet_id",
                            "Existing subnet of the nodes; it must have outbound access (a NAT gateway) for packages",
                            TypeConstraint::String, std::nullopt));
    net.node_subnet_id = Expr::ref("var.subnet_id");
    net.vnet_id = Expr::null();
  } else {
    vars.push_back(variable("vnet_cidr", "Address space of the new virtual network (a /16 or larger)",
                            TypeConstraint::String, Expr::string("10.0.0.0/16")));
    add_vnet(spec, n, main);
    if (spec.access == Access::Bastion) {
      add_nat_gateway(n, main);
      add_bastion(spec, n, docs);
    }
    net.node_subnet_id = Expr::ref("azurerm_subnet." + n + ".id");
    net.vnet_id = Expr::ref("azurerm_virtual_network." + n + ".id");
  }

  Block nsg = in_group("azurerm_network_security_group", n, named("-nsg"));
  nsg.add(nsg_rule("ssh", 100,
                   spec.access == Access::Bastion
                       ? Expr::tuple({Expr::call("cidrsubnet", {Expr::ref("var.vnet_cidr"), Expr::number(8),
                                                                Expr::number(kPublicSubnetNetnum)})})
                       : Expr::ref("var.ssh_allowed_cidrs")));
  nsg.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(nsg));

  if (spec.access == Access::PublicIp) main.push_back(public_ip(n, named_indexed("-ip-"), true, spec.count));
  return net;
}

void add_access_outputs(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& outputs = docs.outputs.blocks;
  const std::string nodes = "azurerm_linux_virtual_machine." + n;
  switch (spec.access) {
    case Access::Bastion:
      outputs.push_back(output("bastion_public_ip", "Public address of the bastion host (user var.admin_username)",
                               Expr::ref("azurerm_public_ip." + n + "_bastion.ip_address")));
      outputs.push_back(output(
          "ssh_commands", "How to log in to each node, through the bastion host",
          Expr::call("formatlist", {Expr::string("ssh -J %s@%s %s@%s"), Expr::ref("var.admin_username"),
                                    Expr::ref("azurerm_public_ip." + n + "_bastion.ip_address"),
                                    Expr::ref("var.admin_username"), Expr::ref(nodes + "[*].private_ip_address")})));
      break;
    case Access::PublicIp:
      outputs.push_back(output("public_ips", "Public address of each node", Expr::ref("azurerm_public_ip." + n + "[*].ip_address")));
      outputs.push_back(output("ssh_commands", "How to log in to each node",
                               Expr::call("formatlist", {Expr::string("ssh %s@%s"), Expr::ref("var.admin_username"),
                                                         Expr::ref("azurerm_public_ip." + n + "[*].ip_address")})));
      break;
    case Access::ExistingNetwork:
      outputs.push_back(output("ssh_commands", "How to log in to each node from inside the network",
                               Expr::call("formatlist", {Expr::string("ssh %s@%s"), Expr::ref("var.admin_username"),
                                                         Expr::ref(nodes + "[*].private_ip_address")})));
      break;
  }
}

}  // namespace gpuspec::terraform::azure
