// AWS: nodes from the Deep Learning AMI (NVIDIA driver, EFA software) launched from
// a launch template (network interfaces, tags on interfaces and volumes); for
// count > 1 a cluster placement group and, on EFA types, one EFA device per network
// card; data volumes as separate EBS volumes that outlive the instances.
#include <fmt/format.h>

#include "backends/terraform/cloud_init.h"
#include "backends/terraform/emit_aws_network.h"

namespace gpuspec::terraform {

using writers::TypeConstraint;

namespace {

const char* kDlamiName = "Deep Learning OSS Nvidia Driver AMI GPU PyTorch * (Ubuntu 22.04) *";

std::string ebs_type(const std::string& kind) { return kind == "hdd" ? "st1" : "gp3"; }

void add_variables(const CloudSpec& spec, std::vector<Block>& vars) {
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("region", "AWS region to deploy into", TypeConstraint::String, Expr::string(spec.region)));
  vars.push_back(variable("availability_zone", "Availability zone of the new subnets (null: AWS picks one)",
                          TypeConstraint::String, spec.zone ? Expr::string(*spec.zone) : Expr::null()));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key installed for the nodes' user (ubuntu) and the bastion's",
                          TypeConstraint::String, std::nullopt));
  add_common_variables(spec, vars);
  vars.push_back(variable("ami_id",
                          "AMI of the nodes (null: the newest Deep Learning AMI at the first apply, kept afterwards)",
                          TypeConstraint::String, spec.image ? Expr::string(*spec.image) : Expr::null()));
  vars.push_back(variable("instance_profile", "IAM instance profile name for the nodes (null: none)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("capacity_reservation_id", "On-Demand Capacity Reservation or Capacity Block to launch into",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("spot", "Launch the nodes as Spot instances (they can be reclaimed at two minutes' notice)",
                          TypeConstraint::Bool, Expr::boolean(false)));
}

// Card 0 carries the node's address (an ENA interface); with EFA the other devices
// are efa-only and take no address: card 0 at device index 1, every further card at
// device index 0 (EC2 User Guide, "Maximize network bandwidth on Amazon EC2
// instances with multiple network cards").
void add_network_interfaces(const CloudSpec& spec, bool efa, const aws::Network& net, Block& lt) {
  auto interface = [&](int card, int device, const char* type) {
    Block nic("network_interfaces");
    nic.set("network_card_index", Expr::number(card));
    nic.set("device_index", Expr::number(device));
    if (type) nic.set("interface_type", Expr::string(type));
    nic.set("subnet_id", net.node_subnet_id);
    nic.set("security_groups", Expr::tuple({net.node_security_group}));
    nic.set("delete_on_termination", Expr::boolean(true));
    lt.add(std::move(nic));
  };
  interface(0, 0, nullptr);
  if (!efa) return;
  interface(0, 1, "efa-only");
  for (int card = 1; card < spec.network_cards; ++card) interface(card, 0, "efa-only");
}

Block launch_template(const CloudSpec& spec, const std::string& n, bool efa, const aws::Network& net) {
  Block lt("resource", {"aws_launch_template", n});
  lt.set("name_prefix", named("-"));
  lt.set("description", Expr::string(efa ? "gpuspec: node network interfaces, one EFA device per network card"
                                         : "gpuspec: node network interface"));
  lt.set("tags", Expr::ref("local.tags"));
  add_network_interfaces(spec, efa, net, lt);
  for (const char* type : {"network-interface", "volume"}) {
    Block tags("tag_specifications");
    tags.set("resource_type", Expr::string(type));
    tags.set("tags", tags_with_name(named("-node")));
    lt.add(std::move(tags));
  }
  Block meta("metadata_options");
  meta.set("http_tokens", Expr::string("required"));
  lt.add(std::move(meta));
  return lt;
}

Block instances(const CloudSpec& spec, const std::string& n, bool cluster) {
  Block instance("resource", {"aws_instance", n});
  instance.set("count", Expr::number(spec.count));
  instance.set("ami", Expr::ref("local.ami_id"));
  instance.set("instance_type", Expr::string(spec.api_name));
  instance.set("key_name", Expr::ref("aws_key_pair." + n + ".key_name"));
  instance.set("iam_instance_profile", Expr::ref("var.instance_profile"));
  if (cluster) instance.set("placement_group", Expr::ref("aws_placement_group." + n + ".id"));
  Expr device = Expr::templ({Expr::string("/dev/disk/by-id/*"),
                             Expr::call("replace", {Expr::ref("aws_ebs_volume." + n + "[count.index].id"),
                                                    Expr::string("-"), Expr::string("")})});
  instance.set("user_data", cloud_init_call(spec, std::move(device)));
  instance.set("tags", tags_with_name(named_indexed("-")));
  Block lt("launch_template");
  lt.set("id", Expr::ref("aws_launch_template." + n + ".id"));
  lt.set("version", Expr::ref("aws_launch_template." + n + ".latest_version"));
  instance.add(std::move(lt));
  Block root("root_block_device");
  root.set("volume_size", Expr::number(static_cast<double>(spec.system_gib.value_or(200))));
  root.set("volume_type", Expr::string("gp3"));
  root.set("encrypted", Expr::boolean(true));
  root.set("delete_on_termination", Expr::boolean(true));
  instance.add(std::move(root));

  instance.add(dynamic_block("capacity_reservation_specification",
                             Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.capacity_reservation_id"),
                                                             Expr::null()),
                                               Expr::tuple({}), Expr::tuple({Expr::ref("var.capacity_reservation_id")})),
                             [] {
                               Block c("content");
                               Block target("capacity_reservation_target");
                               target.set("capacity_reservation_id",
                                          Expr::ref("capacity_reservation_specification.value"));
                               c.add(std::move(target));
                               return c;
                             }()));
  Block spot("content");
  spot.set("market_type", Expr::string("spot"));
  instance.add(dynamic_block("instance_market_options",
                             Expr::conditional(Expr::ref("var.spot"), Expr::tuple({Expr::number(1)}), Expr::tuple({})),
                             std::move(spot)));
  // Applies stay stable: a newer AMI release or an edited user_data (cloud-init runs
  // on the first boot only) must not replace the nodes.
  instance.add(ignore_changes({"ami", "user_data"}));
  return instance;
}

void add_data_volumes(const CloudSpec& spec, const std::string& n, const aws::Network& net, std::vector<Block>& main) {
  Block volume("resource", {"aws_ebs_volume", n});
  volume.set("count", Expr::number(spec.count));
  volume.set("availability_zone", net.node_subnet_az);
  volume.set("size", Expr::number(static_cast<double>(*spec.data_gib)));
  volume.set("type", Expr::string(ebs_type(spec.data_kind)));
  volume.set("encrypted", Expr::boolean(true));
  volume.set("tags", tags_with_name(named_indexed("-data-")));
  main.push_back(std::move(volume));

  Block attach("resource", {"aws_volume_attachment", n});
  attach.set("count", Expr::number(spec.count));
  attach.set("device_name", Expr::string("/dev/sdf"));
  attach.set("volume_id", Expr::ref("aws_ebs_volume." + n + "[count.index].id"));
  attach.set("instance_id", Expr::ref("aws_instance." + n + "[count.index].id"));
  main.push_back(std::move(attach));
}

}  // namespace

ModuleDocs emit_aws(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"aws", "hashicorp/aws", "~> 6.0"});
  docs.cloud_init = cloud_init_template(spec);
  const std::string n = resource_name(spec);
  const bool cluster = spec.count > 1;
  const bool efa = cluster && spec.efa;
  add_variables(spec, docs.variables.blocks);

  auto& main = docs.main.blocks;
  Block provider("provider", {"aws"});
  provider.set("region", Expr::ref("var.region"));
  main.push_back(std::move(provider));
  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("ami_id", variable_or("ami_id", Expr::ref("data.aws_ami.deep_learning[0].id")));
  main.push_back(std::move(locals));
  main.push_back(deployment_id());

  Block ami("data", {"aws_ami", "deep_learning"});
  ami.set("count", count_when_null("ami_id"));
  ami.set("most_recent", Expr::boolean(true));
  ami.set("owners", Expr::tuple({Expr::string("amazon")}));
  Block name_filter("filter");
  name_filter.set("name", Expr::string("name")).set("values", Expr::tuple({Expr::string(kDlamiName)}));
  Block arch_filter("filter");
  arch_filter.set("name", Expr::string("architecture")).set("values", Expr::tuple({Expr::string("x86_64")}));
  ami.add(std::move(name_filter)).add(std::move(arch_filter));
  main.push_back(std::move(ami));

  Block key("resource", {"aws_key_pair", n});
  key.set("key_name_prefix", named("-"));
  key.set("public_key", Expr::ref("var.ssh_public_key"));
  key.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(key));

  aws::Network net = aws::add_network(spec, n, docs);
  if (cluster) {
    Block pg("resource", {"aws_placement_group", n});
    pg.set("name", unique_name(""));
    pg.set("strategy", Expr::string("cluster"));
    pg.set("tags", Expr::ref("local.tags"));
    main.push_back(std::move(pg));
  }
  main.push_back(launch_template(spec, n, efa, net));
  main.push_back(instances(spec, n, cluster));
  if (spec.data_gib) add_data_volumes(spec, n, net, main);
  if (spec.access == Access::PublicIp) {
    // An instance with several network interfaces gets no automatic public address.
    Block eip("resource", {"aws_eip", n});
    eip.set("count", Expr::number(spec.count));
    eip.set("domain", Expr::string("vpc"));
    eip.set("network_interface", Expr::ref("aws_instance." + n + "[count.index].primary_network_interface_id"));
    eip.set("tags", tags_with_name(named_indexed("-")));
    // An address can only be associated once the VPC has its internet gateway.
    eip.set("depends_on", Expr::tuple({Expr::ref("aws_internet_gateway." + n)}));
    main.push_back(std::move(eip));
  }

  auto& outputs = docs.outputs.blocks;
  const std::string nodes = "aws_instance." + n;
  outputs.push_back(output("instance_ids", "IDs of the nodes", Expr::ref(nodes + "[*].id")));
  outputs.push_back(output("private_ips", "Private IPv4 addresses of the nodes", Expr::ref(nodes + "[*].private_ip")));
  outputs.push_back(output("image_ids", "AMI each node was launched from", Expr::ref(nodes + "[*].ami")));
  outputs.push_back(output("vpc_id", "VPC of the nodes", net.vpc_id));
  outputs.push_back(output("subnet_id", "Subnet of the nodes", net.node_subnet_id));
  outputs.push_back(output("placement_group", "Cluster placement group of the nodes (null: a single node)",
                           cluster ? Expr::ref("aws_placement_group." + n + ".name") : Expr::null()));
  if (spec.data_gib) {
    outputs.push_back(output("data_volume_ids", "EBS data volume of each node, mounted at var.data_mount_path",
                             Expr::ref("aws_ebs_volume." + n + "[*].id")));
  }
  aws::add_access_outputs(spec, n, docs);
  return docs;
}

}  // namespace gpuspec::terraform
