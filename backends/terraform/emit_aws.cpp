// AWS: aws_instance from the Deep Learning AMI; for count > 1 a cluster placement
// group and a launch template with one EFA interface per network card.
#include <fmt/format.h>

#include "backends/terraform/module_common.h"

namespace gpuspec::terraform {

using writers::TypeConstraint;

namespace {
const char* kDlamiName = "Deep Learning OSS Nvidia Driver AMI GPU PyTorch * (Ubuntu 22.04) *";

std::string ebs_type(const std::string& kind) { return kind == "hdd" ? "st1" : "gp3"; }
}  // namespace

ModuleDocs emit_aws(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"aws", "hashicorp/aws", "~> 6.0"});
  const std::string n = resource_name(spec);
  const bool cluster = spec.count > 1;
  const bool efa_cluster = cluster && spec.efa;

  // variables.tf
  auto& vars = docs.variables.blocks;
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("region", "AWS region to deploy into", TypeConstraint::String, Expr::string(spec.region)));
  vars.push_back(variable("availability_zone", "Availability zone of the new subnet (null: AWS picks one)",
                          TypeConstraint::String, spec.zone ? Expr::string(*spec.zone) : Expr::null()));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key installed for the AMI's default user (ubuntu)",
                          TypeConstraint::String, std::nullopt));
  vars.push_back(variable("ssh_cidr_blocks", "CIDR blocks allowed to reach port 22", TypeConstraint::ListOfString,
                          Expr::tuple({Expr::string("10.0.0.0/8")})));
  vars.push_back(variable("ami_id", "AMI to boot instead of the latest Deep Learning AMI (null: look it up)",
                          TypeConstraint::String, spec.image ? Expr::string(*spec.image) : Expr::null()));
  vars.push_back(variable("vpc_id", "Existing VPC to reuse, together with subnet_id (null: create one)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("subnet_id", "Existing subnet to reuse (null: create a VPC and a subnet)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("vpc_cidr", "Address range of the VPC created when subnet_id is null", TypeConstraint::String,
                          Expr::string("10.0.0.0/16")));

  // main.tf
  auto& main = docs.main.blocks;
  Block provider("provider", {"aws"});
  provider.set("region", Expr::ref("var.region"));
  main.push_back(std::move(provider));

  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("vpc_id", Expr::conditional(
                           Expr::compare(writers::Compare::Ne, Expr::ref("var.subnet_id"), Expr::null()),
                           Expr::ref("var.vpc_id"), Expr::ref("aws_vpc." + n + "[0].id")));
  locals.set("subnet_id", variable_or("subnet_id", Expr::ref("aws_subnet." + n + "[0].id")));
  locals.set("ami_id", variable_or("ami_id", Expr::ref("data.aws_ami.deep_learning.id")));
  main.push_back(std::move(locals));

  Block ami("data", {"aws_ami", "deep_learning"});
  ami.set("most_recent", Expr::boolean(true));
  ami.set("owners", Expr::tuple({Expr::string("amazon")}));
  Block name_filter("filter");
  name_filter.set("name", Expr::string("name")).set("values", Expr::tuple({Expr::string(kDlamiName)}));
  Block arch_filter("filter");
  arch_filter.set("name", Expr::string("architecture")).set("values", Expr::tuple({Expr::string("x86_64")}));
  ami.add(std::move(name_filter)).add(std::move(arch_filter));
  main.push_back(std::move(ami));

  Block vpc("resource", {"aws_vpc", n});
  vpc.set("count", count_when_null("subnet_id"));
  vpc.set("cidr_block", Expr::ref("var.vpc_cidr"));
  vpc.set("enable_dns_support", Expr::boolean(true));
  vpc.set("enable_dns_hostnames", Expr::boolean(true));
  vpc.set("tags", Expr::call("merge", {Expr::ref("local.tags"), Expr::object({{"Name", Expr::ref("var.name")}})}));
  main.push_back(std::move(vpc));

  Block subnet("resource", {"aws_subnet", n});
  subnet.set("count", count_when_null("subnet_id"));
  subnet.set("vpc_id", Expr::ref("aws_vpc." + n + "[0].id"));
  subnet.set("cidr_block", Expr::call("cidrsubnet", {Expr::ref("var.vpc_cidr"), Expr::number(8), Expr::number(0)}));
  subnet.set("availability_zone", Expr::ref("var.availability_zone"));
  subnet.set("tags", Expr::call("merge", {Expr::ref("local.tags"), Expr::object({{"Name", Expr::ref("var.name")}})}));
  main.push_back(std::move(subnet));

  Block sg("resource", {"aws_security_group", n});
  sg.set("name_prefix", named("-"));
  sg.set("description", Expr::string("gpuspec: SSH in, all traffic between the nodes (EFA needs it), all out"));
  sg.set("vpc_id", Expr::ref("local.vpc_id"));
  sg.set("tags", Expr::ref("local.tags"));
  Block ssh("ingress");
  ssh.set("description", Expr::string("SSH"));
  ssh.set("from_port", Expr::number(22)).set("to_port", Expr::number(22)).set("protocol", Expr::string("tcp"));
  ssh.set("cidr_blocks", Expr::ref("var.ssh_cidr_blocks"));
  Block self_in("ingress");
  self_in.set("description", Expr::string("all traffic between the nodes"));
  self_in.set("from_port", Expr::number(0)).set("to_port", Expr::number(0)).set("protocol", Expr::string("-1"));
  self_in.set("self", Expr::boolean(true));
  Block self_out("egress");
  self_out.set("description", Expr::string("all traffic between the nodes"));
  self_out.set("from_port", Expr::number(0)).set("to_port", Expr::number(0)).set("protocol", Expr::string("-1"));
  self_out.set("self", Expr::boolean(true));
  Block all_out("egress");
  all_out.set("description", Expr::string("all outbound"));
  all_out.set("from_port", Expr::number(0)).set("to_port", Expr::number(0)).set("protocol", Expr::string("-1"));
  all_out.set("cidr_blocks", Expr::tuple({Expr::string("0.0.0.0/0")}));
  sg.add(std::move(ssh)).add(std::move(self_in)).add(std::move(self_out)).add(std::move(all_out));
  main.push_back(std::move(sg));

  Block key("resource", {"aws_key_pair", n});
  key.set("key_name_prefix", named("-"));
  key.set("public_key", Expr::ref("var.ssh_public_key"));
  key.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(key));

  if (cluster) {
    Block pg("resource", {"aws_placement_group", n});
    pg.set("name", Expr::ref("var.name"));
    pg.set("strategy", Expr::string("cluster"));
    pg.set("tags", Expr::ref("local.tags"));
    main.push_back(std::move(pg));
  }
  if (efa_cluster) {
    Block lt("resource", {"aws_launch_template", n});
    lt.set("name_prefix", named("-"));
    lt.set("description", Expr::string("gpuspec: one EFA interface per network card"));
    lt.set("tags", Expr::ref("local.tags"));
    for (int card = 0; card < spec.network_cards; ++card) {
      Block nic("network_interfaces");
      nic.set("network_card_index", Expr::number(card));
      nic.set("device_index", Expr::number(card == 0 ? 0 : 1));
      nic.set("interface_type", Expr::string("efa"));
      nic.set("subnet_id", Expr::ref("local.subnet_id"));
      nic.set("security_groups", Expr::tuple({Expr::ref("aws_security_group." + n + ".id")}));
      nic.set("delete_on_termination", Expr::boolean(true));
      lt.add(std::move(nic));
    }
    main.push_back(std::move(lt));
  }

  Block instance("resource", {"aws_instance", n});
  instance.set("count", Expr::number(spec.count));
  instance.set("ami", Expr::ref("local.ami_id"));
  instance.set("instance_type", Expr::string(spec.api_name));
  instance.set("key_name", Expr::ref("aws_key_pair." + n + ".key_name"));
  if (cluster) instance.set("placement_group", Expr::ref("aws_placement_group." + n + ".id"));
  if (!efa_cluster) {
    instance.set("subnet_id", Expr::ref("local.subnet_id"));
    instance.set("vpc_security_group_ids", Expr::tuple({Expr::ref("aws_security_group." + n + ".id")}));
  }
  instance.set("tags", Expr::call("merge", {Expr::ref("local.tags"), Expr::object({{"Name", named_indexed("-")}})}));
  if (efa_cluster) {
    Block lt("launch_template");
    lt.set("id", Expr::ref("aws_launch_template." + n + ".id"));
    lt.set("version", Expr::ref("aws_launch_template." + n + ".latest_version"));
    instance.add(std::move(lt));
  }
  Block root("root_block_device");
  root.set("volume_size", Expr::number(static_cast<double>(spec.system_gib.value_or(200))));
  root.set("volume_type", Expr::string("gp3"));
  root.set("encrypted", Expr::boolean(true));
  root.set("delete_on_termination", Expr::boolean(true));
  instance.add(std::move(root));
  if (spec.data_gib) {
    Block data("ebs_block_device");
    data.set("device_name", Expr::string("/dev/sdf"));
    data.set("volume_size", Expr::number(static_cast<double>(*spec.data_gib)));
    data.set("volume_type", Expr::string(ebs_type(spec.data_kind)));
    data.set("encrypted", Expr::boolean(true));
    data.set("delete_on_termination", Expr::boolean(true));
    instance.add(std::move(data));
  }
  main.push_back(std::move(instance));

  docs.outputs.blocks.push_back(
      output("instance_ids", "IDs of the instances", Expr::ref("aws_instance." + n + "[*].id")));
  docs.outputs.blocks.push_back(
      output("private_ips", "Private IPv4 addresses of the instances", Expr::ref("aws_instance." + n + "[*].private_ip")));
  return docs;
}

}  // namespace gpuspec::terraform
