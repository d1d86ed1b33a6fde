// Alibaba Cloud: VPC, vSwitch, security group and alicloud_instance (gn7i) from the
// latest Ubuntu 22.04 system image that supports the instance type; ESSD disks.
#include "backends/terraform/module_common.h"

namespace gpuspec::terraform {

using writers::TypeConstraint;

ModuleDocs emit_alicloud(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"alicloud", "aliyun/alicloud", "~> 1.0"});
  const std::string n = resource_name(spec);

  auto& vars = docs.variables.blocks;
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("region", "Alibaba Cloud region to deploy into", TypeConstraint::String,
                          Expr::string(spec.region)));
  vars.push_back(variable("zone_id", "Zone of the new vSwitch (null: the first zone offering the instance type)",
                          TypeConstraint::String, spec.zone ? Expr::string(*spec.zone) : Expr::null()));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key for root login", TypeConstraint::String, std::nullopt));
  vars.push_back(variable("ssh_cidr_ip", "CIDR block allowed to reach port 22", TypeConstraint::String,
                          Expr::string("10.0.0.0/8")));
  vars.push_back(variable("image_id", "Image to boot instead of the latest Ubuntu 22.04 system image (null: look it up)",
                          TypeConstraint::String, spec.image ? Expr::string(*spec.image) : Expr::null()));
  vars.push_back(variable("vpc_id", "Existing VPC to reuse, together with vswitch_id (null: create one)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("vswitch_id", "Existing vSwitch to reuse (null: create a VPC and a vSwitch)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("vpc_cidr", "Address range of the VPC created when vswitch_id is null", TypeConstraint::String,
                          Expr::string("10.0.0.0/16")));

  auto& main = docs.main.blocks;
  Block provider("provider", {"alicloud"});
  provider.set("region", Expr::ref("var.region"));
  main.push_back(std::move(provider));

  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("zone_id", variable_or("zone_id", Expr::ref("data.alicloud_zones.gpu.zones[0].id")));
  locals.set("vpc_id", Expr::conditional(
                           Expr::compare(writers::Compare::Ne, Expr::ref("var.vswitch_id"), Expr::null()),
                           Expr::ref("var.vpc_id"), Expr::ref("alicloud_vpc." + n + "[0].id")));
  locals.set("vswitch_id", variable_or("vswitch_id", Expr::ref("alicloud_vswitch." + n + "[0].id")));
  locals.set("image_id", variable_or("image_id", Expr::ref("data.alicloud_images.gpu.images[0].id")));
  main.push_back(std::move(locals));

  Block zones("data", {"alicloud_zones", "gpu"});
  zones.set("available_instance_type", Expr::string(spec.api_name));
  zones.set("available_disk_category", Expr::string("cloud_essd"));
  main.push_back(std::move(zones));

  Block images("data", {"alicloud_images", "gpu"});
  images.set("owners", Expr::string("system"));
  images.set("name_regex", Expr::string("^ubuntu_22_04_x64"));
  images.set("most_recent", Expr::boolean(true));
  images.set("instance_type", Expr::string(spec.api_name));
  main.push_back(std::move(images));

  Block vpc("resource", {"alicloud_vpc", n});
  vpc.set("count", count_when_null("vswitch_id"));
  vpc.set("vpc_name", Expr::ref("var.name"));
  vpc.set("cidr_block", Expr::ref("var.vpc_cidr"));
  vpc.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(vpc));

  Block vswitch("resource", {"alicloud_vswitch", n});
  vswitch.set("count", count_when_null("vswitch_id"));
  vswitch.set("vpc_id", Expr::ref("alicloud_vpc." + n + "[0].id"));
  vswitch.set("cidr_block", Expr::call("cidrsubnet", {Expr::ref("var.vpc_cidr"), Expr::number(8), Expr::number(0)}));
  vswitch.set("zone_id", Expr::ref("local.zone_id"));
  vswitch.set("vswitch_name", Expr::ref("var.name"));
  vswitch.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(vswitch));

  Block sg("resource", {"alicloud_security_group", n});
  sg.set("security_group_name", Expr::ref("var.name"));
  sg.set("description", Expr::string("gpuspec: SSH in, all traffic between the instances"));
  sg.set("vpc_id", Expr::ref("local.vpc_id"));
  sg.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(sg));

  Block ssh("resource", {"alicloud_security_group_rule", n + "_ssh"});
  ssh.set("type", Expr::string("ingress"));
  ssh.set("ip_protocol", Expr::string("tcp"));
  ssh.set("port_range", Expr::string("22/22"));
  ssh.set("cidr_ip", Expr::ref("var.ssh_cidr_ip"));
  ssh.set("security_group_id", Expr::ref("alicloud_security_group." + n + ".id"));
  main.push_back(std::move(ssh));

  Block peers("resource", {"alicloud_security_group_rule", n + "_peers"});
  peers.set("type", Expr::string("ingress"));
  peers.set("ip_protocol", Expr::string("all"));
  peers.set("port_range", Expr::string("-1/-1"));
  peers.set("source_security_group_id", Expr::ref("alicloud_security_group." + n + ".id"));
  peers.set("security_group_id", Expr::ref("alicloud_security_group." + n + ".id"));
  main.push_back(std::move(peers));

  Block key("resource", {"alicloud_ecs_key_pair", n});
  key.set("key_pair_name", Expr::ref("var.name"));
  key.set("public_key", Expr::ref("var.ssh_public_key"));
  key.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(key));

  Block instance("resource", {"alicloud_instance", n});
  instance.set("count", Expr::number(spec.count));
  instance.set("instance_name", named_indexed("-"));
  instance.set("instance_type", Expr::string(spec.api_name));
  instance.set("image_id", Expr::ref("local.image_id"));
  instance.set("security_groups", Expr::tuple({Expr::ref("alicloud_security_group." + n + ".id")}));
  instance.set("vswitch_id", Expr::ref("local.vswitch_id"));
  instance.set("instance_charge_type", Expr::string("PostPaid"));
  instance.set("internet_max_bandwidth_out", Expr::number(0));
  instance.set("key_name", Expr::ref("alicloud_ecs_key_pair." + n + ".key_pair_name"));
  instance.set("system_disk_category", Expr::string("cloud_essd"));
  instance.set("system_disk_size", Expr::number(static_cast<double>(spec.system_gib.value_or(200))));
  instance.set("tags", Expr::ref("local.tags"));
  if (spec.data_gib) {
    Block data("data_disks");
    data.set("category", Expr::string("cloud_essd"));
    data.set("size", Expr::number(static_cast<double>(*spec.data_gib)));
    data.set("delete_with_instance", Expr::boolean(true));
    instance.add(std::move(data));
  }
  main.push_back(std::move(instance));

  docs.outputs.blocks.push_back(
      output("instance_ids", "IDs of the instances", Expr::ref("alicloud_instance." + n + "[*].id")));
  docs.outputs.blocks.push_back(
      output("private_ips", "Private IP addresses of the instances", Expr::ref("alicloud_instance." + n + "[*].private_ip")));
  return docs;
}

}  // namespace gpuspec::terraform
