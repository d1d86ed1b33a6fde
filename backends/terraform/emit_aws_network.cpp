#include "backends/terraform/emit_aws_network.h"

#include "backends/terraform/module_resources.h"

namespace gpuspec::terraform::aws {

using writers::TypeConstraint;

namespace {

// AWS reserves the first four and the last address of every subnet.
constexpr int kReservedPerSubnet = 5;
// One address per node: the primary ENA interface; the other EFA interfaces are
// efa-only and take none (emit_aws.cpp).
constexpr int kAddressesPerNode = 1;

Block ingress(const std::string& description, int from, int to, const std::string& protocol) {
  Block b("ingress");
  b.set("description", Expr::string(description));
  b.set("from_port", Expr::number(from)).set("to_port", Expr::number(to)).set("protocol", Expr::string(protocol));
  return b;
}

Block egress_everywhere() {
  Block b("egress");
  b.set("description", Expr::string("all outbound (packages, data, the AWS APIs)"));
  b.set("from_port", Expr::number(0)).set("to_port", Expr::number(0)).set("protocol", Expr::string("-1"));
  b.set("cidr_blocks", Expr::tuple({Expr::string("0.0.0.0/0")}));
  return b;
}

// A route table for subnet <n>_<subnet> whose default route (0.0.0.0/0) goes to
// `target` (an internet or NAT gateway), and its association.
void add_default_route(const std::string& n, const std::string& subnet, const std::string& target_attribute,
                       Expr target, std::vector<Block>& main) {
  const std::string label = n + "_" + subnet;
  Block rt("resource", {"aws_route_table", label});
  rt.set("vpc_id", Expr::ref("aws_vpc." + n + ".id"));
  rt.set("tags", tags_with_name(named("-" + subnet)));
  main.push_back(std::move(rt));

  Block route("resource", {"aws_route", label + "_default"});
  route.set("route_table_id", Expr::ref("aws_route_table." + label + ".id"));
  route.set("destination_cidr_block", Expr::string("0.0.0.0/0"));
  route.set(target_attribute, std::move(target));
  main.push_back(std::move(route));

  Block assoc("resource", {"aws_route_table_association", label});
  assoc.set("subnet_id", Expr::ref("aws_subnet." + label + ".id"));
  assoc.set("route_table_id", Expr::ref("aws_route_table." + label + ".id"));
  main.push_back(std::move(assoc));
}

// The zone of the new subnets: var.availability_zone, else the first zone (by name)
// that offers the instance type; P instances are not offered in every zone of a
// region. Resolved once and kept, so a zone that starts offering the type later does
// not move (replace) the subnets and everything in them.
void add_zone(const CloudSpec& spec, std::vector<Block>& main) {
  Block offerings("data", {"aws_ec2_instance_type_offerings", "gpu"});
  offerings.set("count", count_when_null("availability_zone"));
  offerings.set("location_type", Expr::string("availability-zone"));
  Block filter("filter");
  filter.set("name", Expr::string("instance-type")).set("values", Expr::tuple({Expr::string(spec.api_name)}));
  offerings.add(std::move(filter));
  Block lifecycle("lifecycle");
  Block offered("postcondition");
  offered.set("condition", Expr::compare(writers::Compare::Ne,
                                         Expr::call("length", {Expr::ref("self.locations")}), Expr::number(0)));
  offered.set("error_message", Expr::string(spec.api_name + " is offered in no availability zone of this region"));
  lifecycle.add(std::move(offered));
  offerings.add(std::move(lifecycle));
  main.push_back(std::move(offerings));
  main.push_back(resolved_once(
      "availability_zone",
      variable_or("availability_zone",
                  Expr::call("element", {Expr::call("sort", {Expr::ref("data.aws_ec2_instance_type_offerings.gpu[0].locations")}),
                                         Expr::number(0)})),
      Expr::ref("var.availability_zone")));
}

void add_vpc(const std::string& n, std::vector<Block>& main) {
  Block vpc("resource", {"aws_vpc", n});
  vpc.set("cidr_block", Expr::ref("var.vpc_cidr"));
  vpc.set("enable_dns_support", Expr::boolean(true));
  vpc.set("enable_dns_hostnames", Expr::boolean(true));
  vpc.set("tags", tags_with_name(Expr::ref("var.name")));
  main.push_back(std::move(vpc));

  Block igw("resource", {"aws_internet_gateway", n});
  igw.set("vpc_id", Expr::ref("aws_vpc." + n + ".id"));
  igw.set("tags", tags_with_name(Expr::ref("var.name")));
  main.push_back(std::move(igw));

  Block pub("resource", {"aws_subnet", n + "_public"});
  pub.set("vpc_id", Expr::ref("aws_vpc." + n + ".id"));
  pub.set("cidr_block", Expr::call("cidrsubnet", {Expr::ref("var.vpc_cidr"), Expr::number(8),
                                                  Expr::number(kPublicSubnetNetnum)}));
  pub.set("availability_zone", Expr::ref("terraform_data.availability_zone.output"));
  pub.set("tags", tags_with_name(named("-public")));
  main.push_back(std::move(pub));

  add_default_route(n, "public", "gateway_id", Expr::ref("aws_internet_gateway." + n + ".id"), main);
}

// The private node subnet, its NAT gateway (in the public subnet) and route.
void add_private_subnet(const CloudSpec& spec, const std::string& n, std::vector<Block>& main) {
  Block nodes("resource", {"aws_subnet", n + "_nodes"});
  nodes.set("vpc_id", Expr::ref("aws_vpc." + n + ".id"));
  nodes.set("cidr_block",
            Expr::call("cidrsubnet", {Expr::ref("var.vpc_cidr"),
                                      Expr::number(node_subnet_newbits(spec.count, kAddressesPerNode, kReservedPerSubnet)),
                                      Expr::number(0)}));
  nodes.set("availability_zone", Expr::ref("aws_subnet." + n + "_public.availability_zone"));
  nodes.set("tags", tags_with_name(named("-nodes")));
  main.push_back(std::move(nodes));

  Block eip("resource", {"aws_eip", n + "_nat"});
  eip.set("domain", Expr::string("vpc"));
  eip.set("tags", tags_with_name(named("-nat")));
  main.push_back(std::move(eip));

  Block nat("resource", {"aws_nat_gateway", n});
  nat.set("allocation_id", Expr::ref("aws_eip." + n + "_nat.id"));
  nat.set("subnet_id", Expr::ref("aws_subnet." + n + "_public.id"));
  nat.set("tags", tags_with_name(named("-nat")));
  nat.set("depends_on", Expr::tuple({Expr::ref("aws_internet_gateway." + n)}));
  main.push_back(std::move(nat));

  add_default_route(n, "nodes", "nat_gateway_id", Expr::ref("aws_nat_gateway." + n + ".id"), main);
}

void add_bastion(const std::string& n, const std::vector<ModuleResource>& resources, ModuleDocs& docs, Expr vpc_id) {
  auto& main = docs.main.blocks;
  docs.variables.blocks.push_back(variable("bastion_instance_type", "Instance type of the bastion host",
                                           TypeConstraint::String,
                                           Expr::string(resource(resources, kBastionHost).api_name)));
  Block ami("data", {"aws_ami", "bastion"});
  ami.set("most_recent", Expr::boolean(true));
  ami.set("owners", Expr::tuple({Expr::string("amazon")}));
  Block name_filter("filter");
  name_filter.set("name", Expr::string("name")).set("values", Expr::tuple({Expr::string("al2023-ami-2023.*-x86_64")}));
  ami.add(std::move(name_filter));
  main.push_back(std::move(ami));

  Block sg("resource", {"aws_security_group", n + "_bastion"});
  sg.set("name_prefix", named("-bastion-"));
  sg.set("description", Expr::string("gpuspec: SSH in from ssh_allowed_cidrs, all out"));
  sg.set("vpc_id", std::move(vpc_id));
  sg.set("tags", Expr::ref("local.tags"));
  Block ssh = ingress("SSH", 22, 22, "tcp");
  ssh.set("cidr_blocks", Expr::ref("var.ssh_allowed_cidrs"));
  sg.add(std::move(ssh)).add(egress_everywhere());
  main.push_back(std::move(sg));

  Block host("resource", {"aws_instance", n + "_bastion"});
  host.set("ami", Expr::ref("data.aws_ami.bastion.id"));
  host.set("instance_type", Expr::ref("var.bastion_instance_type"));
  host.set("key_name", Expr::ref("aws_key_pair." + n + ".key_name"));
  host.set("subnet_id", Expr::ref("aws_subnet." + n + "_public.id"));
  host.set("vpc_security_group_ids", Expr::tuple({Expr::ref("aws_security_group." + n + "_bastion.id")}));
  host.set("associate_public_ip_address", Expr::boolean(true));
  host.set("tags", tags_with_name(named("-bastion")));
  host.set("volume_tags", Expr::ref("local.tags"));
  Block meta("metadata_options");
  meta.set("http_tokens", Expr::string("required"));
  host.add(std::move(meta));
  const ModuleResource& disk = resource(resources, kBastionDisk);
  Block root("root_block_device");
  root.set("volume_size", Expr::number(disk.gib));
  root.set("volume_type", Expr::string(disk.api_name));
  root.set("encrypted", Expr::boolean(true));
  host.add(std::move(root));
  // A newer image or a rotated key pair (key_name is ForceNew) must not replace it.
  host.add(ignore_changes({"ami", "key_name"}));
  main.push_back(std::move(host));
}

}  // namespace

Network add_network(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& vars = docs.variables.blocks;
  auto& main = docs.main.blocks;
  Network net;
  if (spec.access == Access::ExistingNetwork) {
    vars.push_back(variable("vpc_id", "Existing VPC the nodes join", TypeConstraint::String, std::nullopt));
    vars.push_back(variable("subnet_id",
                            "Existing subnet of the nodes; it must route to the internet (NAT) for packages and data",
                            TypeConstraint::String, std::nullopt));
    Block subnet("data", {"aws_subnet", "nodes"});
    subnet.set("id", Expr::ref("var.subnet_id"));
    main.push_back(std::move(subnet));
    net.vpc_id = Expr::ref("var.vpc_id");
    net.node_subnet_id = Expr::ref("var.subnet_id");
    net.node_subnet_az = Expr::ref("data.aws_subnet.nodes.availability_zone");
  } else {
    vars.push_back(variable("vpc_cidr", "Address range of the new VPC (a /16 or larger; the subnets are carved from it)",
                            TypeConstraint::String, Expr::string("10.0.0.0/16")));
    add_zone(spec, main);
    add_vpc(n, main);
    net.vpc_id = Expr::ref("aws_vpc." + n + ".id");
    if (spec.access == Access::Bastion) {
      add_private_subnet(spec, n, main);
      net.node_subnet_id = Expr::ref("aws_subnet." + n + "_nodes.id");
      net.node_subnet_az = Expr::ref("aws_subnet." + n + "_nodes.availability_zone");
    } else {
      net.node_subnet_id = Expr::ref("aws_subnet." + n + "_public.id");
      net.node_subnet_az = Expr::ref("aws_subnet." + n + "_public.availability_zone");
    }
  }

  Block sg("resource", {"aws_security_group", n});
  sg.set("name_prefix", named("-"));
  sg.set("description", Expr::string("gpuspec: SSH in, all traffic between the nodes (EFA needs it), all out"));
  sg.set("vpc_id", net.vpc_id);
  sg.set("tags", Expr::ref("local.tags"));
  Block ssh = ingress("SSH", 22, 22, "tcp");
  if (spec.access == Access::Bastion) {
    ssh.set("security_groups", Expr::tuple({Expr::ref("aws_security_group." + n + "_bastion.id")}));
  } else {
    ssh.set("cidr_blocks", Expr::ref("var.ssh_allowed_cidrs"));
  }
  Block self_in = ingress("all traffic between the nodes", 0, 0, "-1");
  self_in.set("self", Expr::boolean(true));
  Block self_out("egress");
  self_out.set("description", Expr::string("all traffic between the nodes"));
  self_out.set("from_port", Expr::number(0)).set("to_port", Expr::number(0)).set("protocol", Expr::string("-1"));
  self_out.set("self", Expr::boolean(true));
  sg.add(std::move(ssh)).add(std::move(self_in)).add(std::move(self_out)).add(egress_everywhere());
  main.push_back(std::move(sg));
  net.node_security_group = Expr::ref("aws_security_group." + n + ".id");

  if (spec.access == Access::Bastion) add_bastion(n, module_resources(spec), docs, net.vpc_id);
  return net;
}

void add_access_outputs(const CloudSpec& spec, const std::string& n, ModuleDocs& docs) {
  auto& outputs = docs.outputs.blocks;
  const std::string nodes = "aws_instance." + n;
  switch (spec.access) {
    case Access::Bastion:
      outputs.push_back(output("bastion_public_ip", "Public address of the bastion host (user ec2-user)",
                               Expr::ref("aws_instance." + n + "_bastion.public_ip")));
      outputs.push_back(output("ssh_commands", "How to log in to each node, through the bastion host",
                               Expr::call("formatlist", {Expr::string("ssh -J ec2-user@%s ubuntu@%s"),
                                                         Expr::ref("aws_instance." + n + "_bastion.public_ip"),
                                                         Expr::ref(nodes + "[*].private_ip")})));
      break;
    case Access::PublicIp:
      outputs.push_back(output("public_ips", "Elastic IP address of each node", Expr::ref("aws_eip." + n + "[*].public_ip")));
      outputs.push_back(output("ssh_commands", "How to log in to each node",
                               Expr::call("formatlist", {Expr::string("ssh ubuntu@%s"),
                                                         Expr::ref("aws_eip." + n + "[*].public_ip")})));
      break;
    case Access::ExistingNetwork:
      outputs.push_back(output("ssh_commands", "How to log in to each node from inside the network",
                               Expr::call("formatlist", {Expr::string("ssh ubuntu@%s"),
                                                         Expr::ref(nodes + "[*].private_ip")})));
      break;
  }
}

}  // namespace gpuspec::terraform::aws
