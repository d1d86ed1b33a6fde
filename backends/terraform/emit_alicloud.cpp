// Alibaba Cloud: alicloud_instance (gn7i) from the Ubuntu 22.04 system image that
// supports the instance type, the Tesla driver installed at first boot with Alibaba's
// auto-install script (cloud_init.cpp), ESSD data disks that outlive the instances;
// a VPC with a NAT gateway and a bastion, public bandwidth per node, or an existing
// vSwitch (docs/terraform.md, "Access").
#include "backends/terraform/cloud_init.h"
#include "backends/terraform/module_common.h"
#include "backends/terraform/module_resources.h"

namespace gpuspec::terraform {

using writers::TypeConstraint;

namespace {

// Alibaba Cloud reserves the first and the last three addresses of every vSwitch.
constexpr int kReservedPerVswitch = 4;
constexpr int kAddressesPerNode = 1;
// The public bandwidth cap when the spec sets none (access.bandwidth): the NAT
// gateway's EIP carries every node's downloads, and the provider's default of 5 Mbit/s
// (alicloud_eip_address `bandwidth`, Computed) would take hours for a checkpoint.
// Pay-by-traffic EIPs take 1 to 200 Mbit/s (provider docs, eip_address `bandwidth`).
constexpr double kDefaultBandwidthMbps = 100;

void add_variables(const CloudSpec& spec, std::vector<Block>& vars) {
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("region", "Alibaba Cloud region to deploy into", TypeConstraint::String,
                          Expr::string(spec.region)));
  vars.push_back(variable("zone_id", "Zone of the new vSwitches (null: the first zone offering the instance type)",
                          TypeConstraint::String, spec.zone ? Expr::string(*spec.zone) : Expr::null()));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key for root login", TypeConstraint::String, std::nullopt));
  add_common_variables(spec, vars);
  vars.push_back(variable("image_id",
                          "Image of the nodes (null: the newest Ubuntu 22.04 system image at the first apply, kept afterwards)",
                          TypeConstraint::String, spec.image ? Expr::string(*spec.image) : Expr::null()));
  vars.push_back(variable("gpu_driver_version", "Tesla driver installed at first boot by Alibaba's auto-install script",
                          TypeConstraint::String, Expr::string("550.127.08")));
  vars.push_back(variable("cuda_version", "CUDA toolkit installed with the driver", TypeConstraint::String,
                          Expr::string("12.4.1")));
  vars.push_back(variable("cudnn_version", "cuDNN installed with the driver", TypeConstraint::String,
                          Expr::string("9.2.0.82")));
  vars.push_back(variable("ram_role_name", "RAM role attached to the nodes (null: none)", TypeConstraint::String,
                          Expr::null()));
  vars.push_back(variable("private_pool_id", "Elasticity assurance or capacity reservation (private pool) to launch into",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("spot", "Launch the nodes as preemptible (spot) instances", TypeConstraint::Bool,
                          Expr::boolean(spec.pricing == "spot")));
  if (spec.access != Access::ExistingNetwork) {
    vars.push_back(variable("internet_bandwidth_mbps",
                            spec.access == Access::PublicIp
                                ? "Public bandwidth cap of each node in Mbit/s (pay by traffic)"
                                : "Public bandwidth cap of the NAT gateway's EIP in Mbit/s, shared by every node's "
                                  "downloads (pay by traffic, 1 to 200)",
                            TypeConstraint::Number, Expr::number(spec.bandwidth_mbps.value_or(kDefaultBandwidthMbps))));
  }
}

Block vswitch(const std::string& label, Expr cidr, Expr name) {
  Block b("resource", {"alicloud_vswitch", label});
  b.set("vpc_id", Expr::ref("local.vpc_id"));
  b.set("cidr_block", std::move(cidr));
  b.set("zone_id", Expr::ref("local.zone_id"));
  b.set("vswitch_name", std::move(name));
  b.set("tags", Expr::ref("local.tags"));
  return b;
}

Block ssh_rule(const std::string& label, const std::string& group) {
  Block rule("resource", {"alicloud_security_group_rule", label});
  rule.set("count", Expr::call("length", {Expr::ref("var.ssh_allowed_cidrs")}));
  rule.set("type", Expr::string("ingress"));
  rule.set("ip_protocol", Expr::string("tcp"));
  rule.set("port_range", Expr::string("22/22"));
  rule.set("cidr_ip", Expr::ref("var.ssh_allowed_cidrs[count.index]"));
  rule.set("security_group_id", Expr::ref("alicloud_security_group." + group + ".id"));
  return rule;
}

// An Enhanced NAT gateway in its own vSwitch with one EIP, and a SNAT entry that
// gives the node vSwitch outbound internet.
void add_nat(const std::string& n, std::vector<Block>& main) {
  main.push_back(vswitch(n + "_nat",
                         Expr::call("cidrsubnet", {Expr::ref("var.vpc_cidr"), Expr::number(8),
                                                   Expr::number(kPublicSubnetNetnum)}),
                         named("-nat")));
  Block nat("resource", {"alicloud_nat_gateway", n});
  nat.set("vpc_id", Expr::ref("local.vpc_id"));
  nat.set("vswitch_id", Expr::ref("alicloud_vswitch." + n + "_nat.id"));
  nat.set("nat_gateway_name", named("-nat"));
  nat.set("nat_type", Expr::string("Enhanced"));
  nat.set("payment_type", Expr::string("PayAsYouGo"));
  nat.set("internet_charge_type", Expr::string("PayByLcu"));
  nat.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(nat));

  Block eip("resource", {"alicloud_eip_address", n + "_nat"});
  eip.set("address_name", named("-nat"));
  eip.set("internet_charge_type", Expr::string("PayByTraffic"));
  eip.set("payment_type", Expr::string("PayAsYouGo"));
  eip.set("bandwidth", Expr::ref("var.internet_bandwidth_mbps"));
  eip.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(eip));

  Block assoc("resource", {"alicloud_eip_association", n + "_nat"});
  assoc.set("allocation_id", Expr::ref("alicloud_eip_address." + n + "_nat.id"));
  assoc.set("instance_id", Expr::ref("alicloud_nat_gateway." + n + ".id"));
  assoc.set("instance_type", Expr::string("Nat"));
  main.push_back(std::move(assoc));

  Block snat("resource", {"alicloud_snat_entry", n});
  snat.set("snat_table_id", Expr::ref("alicloud_nat_gateway." + n + ".snat_table_ids"));
  snat.set("source_vswitch_id", Expr::ref("alicloud_vswitch." + n + ".id"));
  snat.set("snat_ip", Expr::ref("alicloud_eip_address." + n + "_nat.ip_address"));
  snat.set("depends_on", Expr::tuple({Expr::ref("alicloud_eip_association." + n + "_nat")}));
  main.push_back(std::move(snat));
}

void add_bastion(const std::string& n, const std::vector<ModuleResource>& resources, ModuleDocs& docs) {
  auto& main = docs.main.blocks;
  docs.variables.blocks.push_back(variable("bastion_instance_type", "Instance type of the bastion host",
                                           TypeConstraint::String,
                                           Expr::string(resource(resources, kBastionHost).api_name)));
  Block sg("resource", {"alicloud_security_group", n + "_bastion"});
  sg.set("security_group_name", named("-bastion"));
  sg.set("description", Expr::string("gpuspec: SSH in from ssh_allowed_cidrs"));
  sg.set("vpc_id", Expr::ref("local.vpc_id"));
  sg.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(sg));
  main.push_back(ssh_rule(n + "_bastion_ssh", n + "_bastion"));

  Block host("resource", {"alicloud_instance", n + "_bastion"});
  host.set("instance_name", named("-bastion"));
  host.set("instance_type", Expr::ref("var.bastion_instance_type"));
  host.set("image_id", Expr::ref("local.image_id"));
  host.set("security_groups", Expr::tuple({Expr::ref("alicloud_security_group." + n + "_bastion.id")}));
  host.set("vswitch_id", Expr::ref("local.vswitch_id"));
  host.set("instance_charge_type", Expr::string("PostPaid"));
  host.set("internet_charge_type", Expr::string("PayByTraffic"));
  host.set("internet_max_bandwidth_out", Expr::number(10));
  host.set("key_name", Expr::ref("alicloud_ecs_key_pair." + n + ".key_pair_name"));
  const ModuleResource& disk = resource(resources, kBastionDisk);
  host.set("system_disk_category", Expr::string(disk.api_name));
  host.set("system_disk_size", Expr::number(disk.gib));
  host.set("tags", Expr::ref("local.tags"));
  host.add(ignore_changes({"image_id"}));
  main.push_back(std::move(host));
}

void add_network(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& vars = docs.variables.blocks;
  auto& main = docs.main.blocks;
  if (spec.access == Access::ExistingNetwork) {
    vars.push_back(variable("vpc_id", "Existing VPC the nodes join", TypeConstraint::String, std::nullopt));
    vars.push_back(variable("vswitch_id", "Existing vSwitch of the nodes; it must have a SNAT entry for packages",
                            TypeConstraint::String, std::nullopt));
    Block existing("data", {"alicloud_vswitches", "nodes"});
    existing.set("ids", Expr::tuple({Expr::ref("var.vswitch_id")}));
    main.push_back(std::move(existing));
    return;
  }
  vars.push_back(variable("vpc_cidr", "Address range of the new VPC (a /16 or larger)", TypeConstraint::String,
                          Expr::string("10.0.0.0/16")));
  Block vpc("resource", {"alicloud_vpc", n});
  vpc.set("vpc_name", Expr::ref("var.name"));
  vpc.set("cidr_block", Expr::ref("var.vpc_cidr"));
  vpc.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(vpc));
  main.push_back(vswitch(
      n, Expr::call("cidrsubnet", {Expr::ref("var.vpc_cidr"),
                                   Expr::number(node_subnet_newbits(spec.count, kAddressesPerNode, kReservedPerVswitch)),
                                   Expr::number(0)}),
      named("-nodes")));
  if (spec.access == Access::Bastion) {
    add_nat(n, main);
    add_bastion(n, module_resources(spec), docs);
  }
}

Block instances(const CloudSpec& spec, const std::string& n, const std::vector<ModuleResource>& resources) {
  Block instance("resource", {"alicloud_instance", n});
  instance.set("count", Expr::number(spec.count));
  instance.set("instance_name", named_indexed("-"));
  instance.set("instance_type", Expr::string(spec.api_name));
  instance.set("image_id", Expr::ref("local.image_id"));
  instance.set("security_groups", Expr::tuple({Expr::ref("alicloud_security_group." + n + ".id")}));
  instance.set("vswitch_id", Expr::ref("local.vswitch_id"));
  instance.set("instance_charge_type", Expr::string("PostPaid"));
  instance.set("spot_strategy", Expr::conditional(Expr::ref("var.spot"), Expr::string("SpotAsPriceGo"),
                                                  Expr::string("NoSpot")));
  if (spec.access == Access::PublicIp) {
    instance.set("internet_charge_type", Expr::string("PayByTraffic"));
    instance.set("internet_max_bandwidth_out", Expr::ref("var.internet_bandwidth_mbps"));
  } else {
    instance.set("internet_max_bandwidth_out", Expr::number(0));
  }
  instance.set("key_name", Expr::ref("alicloud_ecs_key_pair." + n + ".key_pair_name"));
  instance.set("private_pool_options_match_criteria",
               Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.private_pool_id"), Expr::null()),
                                 Expr::string("Open"), Expr::string("Target")));
  instance.set("private_pool_options_id", Expr::ref("var.private_pool_id"));
  const ModuleResource& system = resource(resources, kSystemDisk);
  instance.set("system_disk_category", Expr::string(system.api_name));
  instance.set("system_disk_size", Expr::number(system.gib));
  // The disk's serial number is its ID without "d-" (ECS docs, "Query the serial
  // number of a disk"); virtio keeps at most 20 characters of it.
  Expr device = Expr::templ({Expr::string("/dev/disk/by-id/*"),
                             Expr::call("substr", {Expr::call("trimprefix", {Expr::ref("alicloud_ecs_disk." + n +
                                                                                       "[count.index].id"),
                                                                            Expr::string("d-")}),
                                                   Expr::number(0), Expr::number(20)}),
                             Expr::string("*")});
  instance.set("user_data", Expr::call("base64encode", {cloud_init_call(spec, std::move(device))}));
  instance.set("tags", Expr::ref("local.tags"));
  instance.set("volume_tags", Expr::ref("local.tags"));
  // A newer image or an edited user_data (read on the first boot only) must not
  // re-image the system disk or reboot the node.
  instance.add(ignore_changes({"image_id", "user_data"}));
  return instance;
}

// The instance's RAM role (alicloud_instance.role_name is deprecated since 1.275.0).
Block ram_role(const CloudSpec& spec, const std::string& n) {
  Block attach("resource", {"alicloud_ecs_ram_role_attachment", n});
  attach.set("count", Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.ram_role_name"), Expr::null()),
                                        Expr::number(0), Expr::number(spec.count)));
  attach.set("instance_id", Expr::ref("alicloud_instance." + n + "[count.index].id"));
  attach.set("ram_role_name", Expr::ref("var.ram_role_name"));
  return attach;
}

void add_data_disks(const CloudSpec& spec, const std::string& n, const ModuleResource& data, std::vector<Block>& main) {
  Block disk("resource", {"alicloud_ecs_disk", n});
  disk.set("count", Expr::number(spec.count));
  disk.set("disk_name", named_indexed("-data-"));
  disk.set("zone_id", Expr::ref("local.zone_id"));
  disk.set("category", Expr::string(data.api_name));
  disk.set("size", Expr::number(data.gib));
  disk.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(disk));

  Block attach("resource", {"alicloud_ecs_disk_attachment", n});
  attach.set("count", Expr::number(spec.count));
  attach.set("disk_id", Expr::ref("alicloud_ecs_disk." + n + "[count.index].id"));
  attach.set("instance_id", Expr::ref("alicloud_instance." + n + "[count.index].id"));
  main.push_back(std::move(attach));
}

void add_outputs(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& outputs = docs.outputs.blocks;
  const std::string nodes = "alicloud_instance." + n;
  outputs.push_back(output("instance_ids", "IDs of the instances", Expr::ref(nodes + "[*].id")));
  outputs.push_back(output("private_ips", "Private IP addresses of the instances", Expr::ref(nodes + "[*].private_ip")));
  outputs.push_back(output("image_ids", "Image each node was created from", Expr::ref(nodes + "[*].image_id")));
  outputs.push_back(output("vpc_id", "VPC of the nodes", Expr::ref("local.vpc_id")));
  outputs.push_back(output("vswitch_id", "vSwitch of the nodes", Expr::ref("local.vswitch_id")));
  if (spec.data_gib) {
    outputs.push_back(output("data_disk_ids", "ESSD data disk of each node, mounted at var.data_mount_path",
                             Expr::ref("alicloud_ecs_disk." + n + "[*].id")));
  }
  switch (spec.access) {
    case Access::Bastion:
      outputs.push_back(output("bastion_public_ip", "Public address of the bastion host (user root)",
                               Expr::ref("alicloud_instance." + n + "_bastion.public_ip")));
      outputs.push_back(output("ssh_commands", "How to log in to each node, through the bastion host",
                               Expr::call("formatlist", {Expr::string("ssh -J root@%s root@%s"),
                                                         Expr::ref("alicloud_instance." + n + "_bastion.public_ip"),
                                                         Expr::ref(nodes + "[*].private_ip")})));
      break;
    case Access::PublicIp:
      outputs.push_back(output("public_ips", "Public address of each node", Expr::ref(nodes + "[*].public_ip")));
      outputs.push_back(output("ssh_commands", "How to log in to each node",
                               Expr::call("formatlist", {Expr::string("ssh root@%s"), Expr::ref(nodes + "[*].public_ip")})));
      break;
    case Access::ExistingNetwork:
      outputs.push_back(output("ssh_commands", "How to log in to each node from inside the network",
                               Expr::call("formatlist", {Expr::string("ssh root@%s"), Expr::ref(nodes + "[*].private_ip")})));
      break;
  }
}

}  // namespace

ModuleDocs emit_alicloud(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"alicloud", "aliyun/alicloud", kAlicloudVersion});
  docs.cloud_init = cloud_init_template(spec);
  const std::string n = resource_name(spec);
  const bool existing = spec.access == Access::ExistingNetwork;
  const std::vector<ModuleResource> resources = module_resources(spec);
  add_variables(spec, docs.variables.blocks);

  auto& main = docs.main.blocks;
  Block provider("provider", {"alicloud"});
  provider.set("region", Expr::ref("var.region"));
  main.push_back(std::move(provider));

  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("vpc_id", existing ? Expr::ref("var.vpc_id") : Expr::ref("alicloud_vpc." + n + ".id"));
  locals.set("vswitch_id", existing ? Expr::ref("var.vswitch_id") : Expr::ref("alicloud_vswitch." + n + ".id"));
  locals.set("zone_id", existing ? Expr::ref("data.alicloud_vswitches.nodes.vswitches[0].zone_id")
                                 : Expr::ref("terraform_data.zone.output"));
  locals.set("image_id", Expr::ref("terraform_data.node_image.output"));
  main.push_back(std::move(locals));
  main.push_back(deployment_id());
  // Both resolved at the first apply and kept: a zone that starts offering the type
  // later must not move the vSwitches (zone_id is ForceNew), and a node added later
  // runs the image the others run.
  if (!existing) {
    main.push_back(resolved_once("zone", variable_or("zone_id", Expr::ref("data.alicloud_zones.gpu.zones[0].id")),
                                 Expr::ref("var.zone_id")));
  }
  main.push_back(resolved_once("node_image",
                               variable_or("image_id", Expr::ref("data.alicloud_images.gpu[0].images[0].id")),
                               Expr::ref("var.image_id")));

  Block zones("data", {"alicloud_zones", "gpu"});
  zones.set("available_instance_type", Expr::string(spec.api_name));
  zones.set("available_disk_category", Expr::string("cloud_essd"));
  main.push_back(std::move(zones));

  Block images("data", {"alicloud_images", "gpu"});
  images.set("count", count_when_null("image_id"));
  images.set("owners", Expr::string("system"));
  images.set("name_regex", Expr::string("^ubuntu_22_04_x64"));
  images.set("most_recent", Expr::boolean(true));
  images.set("instance_type", Expr::string(spec.api_name));
  main.push_back(std::move(images));

  add_network(spec, n, docs);

  Block sg("resource", {"alicloud_security_group", n});
  sg.set("security_group_name", Expr::ref("var.name"));
  sg.set("description", Expr::string("gpuspec: SSH in, all traffic between the instances"));
  sg.set("vpc_id", Expr::ref("local.vpc_id"));
  sg.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(sg));
  if (spec.access == Access::Bastion) {
    Block from_bastion("resource", {"alicloud_security_group_rule", n + "_ssh"});
    from_bastion.set("type", Expr::string("ingress"));
    from_bastion.set("ip_protocol", Expr::string("tcp"));
    from_bastion.set("port_range", Expr::string("22/22"));
    from_bastion.set("source_security_group_id", Expr::ref("alicloud_security_group." + n + "_bastion.id"));
    from_bastion.set("security_group_id", Expr::ref("alicloud_security_group." + n + ".id"));
    main.push_back(std::move(from_bastion));
  } else {
    main.push_back(ssh_rule(n + "_ssh", n));
  }
  Block peers("resource", {"alicloud_security_group_rule", n + "_peers"});
  peers.set("type", Expr::string("ingress"));
  peers.set("ip_protocol", Expr::string("all"));
  peers.set("port_range", Expr::string("-1/-1"));
  peers.set("source_security_group_id", Expr::ref("alicloud_security_group." + n + ".id"));
  peers.set("security_group_id", Expr::ref("alicloud_security_group." + n + ".id"));
  main.push_back(std::move(peers));

  Block key("resource", {"alicloud_ecs_key_pair", n});
  key.set("key_pair_name", unique_name(""));
  key.set("public_key", Expr::ref("var.ssh_public_key"));
  key.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(key));

  main.push_back(instances(spec, n, resources));
  main.push_back(ram_role(spec, n));
  if (const ModuleResource* data = find_resource(resources, kDataDisk)) add_data_disks(spec, n, *data, main);
  add_outputs(spec, n, docs);
  return docs;
}

}  // namespace gpuspec::terraform
