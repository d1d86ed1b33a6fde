// AWS: nodes from the Deep Learning AMI (NVIDIA driver, EFA software) launched from
// a launch template (network interfaces, tags on interfaces and volumes), in a
// cluster placement group and, on EFA types, with one EFA device per network card;
// data volumes as separate EBS volumes that outlive the instances. What a spec edit
// does to running nodes is in docs/terraform.md, "Day two".
#include <fmt/format.h>

#include "backends/terraform/cloud_init.h"
#include "backends/terraform/emit_aws_network.h"
#include "backends/terraform/module_resources.h"

namespace gpuspec::terraform {

using writers::TypeConstraint;

namespace {

const char* kDlamiName = "Deep Learning OSS Nvidia Driver AMI GPU PyTorch * (Ubuntu 22.04) *";

bool capacity_block(const CloudSpec& spec) { return spec.pricing == "capacity_block"; }

void add_variables(const CloudSpec& spec, std::vector<Block>& vars) {
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("region", "AWS region to deploy into", TypeConstraint::String, Expr::string(spec.region)));
  // A Capacity Block is in one zone, and its instances launch only into a subnet there
  // (EC2 user guide, "Launch instances using Capacity Blocks"): terraform asks for it.
  std::optional<Expr> zone = spec.zone ? std::optional(Expr::string(*spec.zone)) : std::nullopt;
  if (!zone && !capacity_block(spec)) zone = Expr::null();
  vars.push_back(variable("availability_zone",
                          capacity_block(spec)
                              ? "Availability zone of the Capacity Block (its instances launch only into a subnet there)"
                              : "Availability zone of the new subnets (null: the first zone, by name, that offers the "
                                "instance type, chosen at the first apply and kept)",
                          TypeConstraint::String, std::move(zone)));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key installed for the nodes' user (ubuntu) and the bastion's",
                          TypeConstraint::String, std::nullopt));
  add_common_variables(spec, vars);
  vars.push_back(variable("ami_id",
                          "AMI of the nodes (null: the newest Deep Learning AMI at the first apply, kept afterwards)",
                          TypeConstraint::String, spec.image ? Expr::string(*spec.image) : Expr::null()));
  vars.push_back(variable("instance_profile", "IAM instance profile name for the nodes (null: none)",
                          TypeConstraint::String, Expr::null()));
  if (capacity_block(spec)) {
    vars.push_back(variable("capacity_reservation_id", "Capacity Block (cr-...) the nodes launch into",
                            TypeConstraint::String, std::nullopt));
  } else {
    vars.push_back(variable("capacity_reservation_id",
                            "On-Demand Capacity Reservation to launch into (null: none; the nodes then leave the "
                            "cluster placement group, which a reservation made elsewhere cannot target)",
                            TypeConstraint::String, Expr::null()));
    vars.push_back(variable("spot", "Launch the nodes as Spot instances (they can be reclaimed at two minutes' notice)",
                            TypeConstraint::Bool, Expr::boolean(spec.pricing == "spot")));
  }
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
  // "-node-", not "-": the provider's ValidLaunchTemplateName wants a name_prefix of 3 to 99
  // characters, so a one-letter declaration `c` would give a "c-" it rejects at plan.
  lt.set("name_prefix", named("-node-"));
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

Expr unless_reserved(Expr value) {
  return Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.capacity_reservation_id"), Expr::null()),
                           std::move(value), Expr::null());
}

// Spot and a capacity reservation do not combine (a reservation is On-Demand
// capacity), and a reservation is in one zone: the subnet must be there.
void add_market_preconditions(const CloudSpec& spec, Block& lifecycle) {
  if (capacity_block(spec)) return;
  Block spot("precondition");
  spot.set("condition", Expr::call("anytrue", {Expr::tuple({Expr::compare(writers::Compare::Ne, Expr::ref("var.spot"),
                                                                          Expr::boolean(true)),
                                                            Expr::compare(writers::Compare::Eq,
                                                                          Expr::ref("var.capacity_reservation_id"),
                                                                          Expr::null())})}));
  spot.set("error_message", Expr::string("spot and capacity_reservation_id do not combine: a capacity reservation holds "
                                         "On-Demand capacity"));
  lifecycle.add(std::move(spot));
  if (spec.access == Access::ExistingNetwork) return;
  Block zone("precondition");
  zone.set("condition", Expr::call("anytrue", {Expr::tuple({Expr::compare(writers::Compare::Eq,
                                                                          Expr::ref("var.capacity_reservation_id"),
                                                                          Expr::null()),
                                                            Expr::compare(writers::Compare::Ne,
                                                                          Expr::ref("var.availability_zone"),
                                                                          Expr::null())})}));
  zone.set("error_message", Expr::string("a capacity reservation is in one availability zone: set availability_zone to "
                                         "it, so the subnet is created there"));
  lifecycle.add(std::move(zone));
}

Block instances(const CloudSpec& spec, const std::string& n, const std::vector<ModuleResource>& resources) {
  Block instance("resource", {"aws_instance", n});
  instance.set("count", Expr::number(spec.count));
  instance.set("ami", Expr::ref("local.ami_id"));
  instance.set("instance_type", Expr::string(spec.api_name));
  instance.set("key_name", Expr::ref("aws_key_pair." + n + ".key_name"));
  instance.set("iam_instance_profile", Expr::ref("var.instance_profile"));
  // Every module has its cluster placement group, even for one node, so adding nodes
  // later replaces none (placement_group is ForceNew). A Capacity Block places its
  // instances in an EC2 UltraCluster itself (EC2 API reference, CapacityBlock), and a
  // reservation made outside the module cannot target its placement group.
  if (!capacity_block(spec)) {
    instance.set("placement_group", unless_reserved(Expr::ref("aws_placement_group." + n + ".id")));
  }
  Expr device = Expr::templ({Expr::string("/dev/disk/by-id/*"),
                             Expr::call("replace", {Expr::ref("aws_ebs_volume." + n + "[count.index].id"),
                                                    Expr::string("-"), Expr::string("")})});
  instance.set("user_data", cloud_init_call(spec, std::move(device)));
  instance.set("tags", tags_with_name(named_indexed("-")));
  Block lt("launch_template");
  lt.set("id", Expr::ref("aws_launch_template." + n + ".id"));
  lt.set("version", Expr::ref("aws_launch_template." + n + ".latest_version"));
  instance.add(std::move(lt));
  const ModuleResource& system = resource(resources, kSystemDisk);
  Block root("root_block_device");
  root.set("volume_size", Expr::number(system.gib));
  root.set("volume_type", Expr::string(system.api_name));
  root.set("encrypted", Expr::boolean(true));
  root.set("delete_on_termination", Expr::boolean(true));
  instance.add(std::move(root));

  Block target("capacity_reservation_target");
  target.set("capacity_reservation_id", capacity_block(spec) ? Expr::ref("var.capacity_reservation_id")
                                                             : Expr::ref("capacity_reservation_specification.value"));
  if (capacity_block(spec)) {
    // EC2 user guide, "Launch instances using Capacity Blocks": the market type
    // capacity-block and the block's reservation id.
    Block reservation("capacity_reservation_specification");
    reservation.add(std::move(target));
    instance.add(std::move(reservation));
    Block market("instance_market_options");
    market.set("market_type", Expr::string("capacity-block"));
    instance.add(std::move(market));
  } else {
    Block c("content");
    c.add(std::move(target));
    instance.add(dynamic_block("capacity_reservation_specification",
                               Expr::conditional(Expr::compare(writers::Compare::Eq,
                                                               Expr::ref("var.capacity_reservation_id"), Expr::null()),
                                                 Expr::tuple({}), Expr::tuple({Expr::ref("var.capacity_reservation_id")})),
                               std::move(c)));
    Block spot("content");
    spot.set("market_type", Expr::string("spot"));
    instance.add(dynamic_block("instance_market_options",
                               Expr::conditional(Expr::ref("var.spot"), Expr::tuple({Expr::number(1)}), Expr::tuple({})),
                               std::move(spot)));
  }
  // Applies stay stable (docs/terraform.md, "Day two"): the image is pinned by
  // terraform_data.node_image and user_data is read on the first boot only; every
  // template edit (a tag) makes a new launch template version, and the provider
  // replaces an instance whose version differs (aws_instance's CustomizeDiff), so the
  // nodes keep the version they were launched with; a new key pair (key_name is
  // ForceNew) reaches new nodes only.
  Block lifecycle = ignore_changes({"ami", "user_data", "launch_template", "key_name"});
  add_market_preconditions(spec, lifecycle);
  instance.add(std::move(lifecycle));
  return instance;
}

void add_data_volumes(const CloudSpec& spec, const std::string& n, const aws::Network& net,
                      const ModuleResource& data, std::vector<Block>& main) {
  Block volume("resource", {"aws_ebs_volume", n});
  volume.set("count", Expr::number(spec.count));
  volume.set("availability_zone", net.node_subnet_az);
  volume.set("size", Expr::number(data.gib));
  volume.set("type", Expr::string(data.api_name));
  if (data.iops) volume.set("iops", Expr::number(*data.iops));
  if (data.throughput_mibps) volume.set("throughput", Expr::number(*data.throughput_mibps));
  volume.set("encrypted", Expr::boolean(true));
  volume.set("tags", tags_with_name(named_indexed("-data-")));
  main.push_back(std::move(volume));

  Block attach("resource", {"aws_volume_attachment", n});
  attach.set("count", Expr::number(spec.count));
  attach.set("device_name", Expr::string("/dev/sdf"));
  attach.set("volume_id", Expr::ref("aws_ebs_volume." + n + "[count.index].id"));
  attach.set("instance_id", Expr::ref("aws_instance." + n + "[count.index].id"));
  // A replaced node's volume is mounted: detaching it from a running instance waits
  // until the detach times out, so stop the instance first (aws_volume_attachment).
  attach.set("stop_instance_before_detaching", Expr::boolean(true));
  main.push_back(std::move(attach));
}

}  // namespace

ModuleDocs emit_aws(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"aws", "hashicorp/aws", "~> 6.0"});
  docs.cloud_init = cloud_init_template(spec);
  const std::string n = resource_name(spec);
  const std::vector<ModuleResource> resources = module_resources(spec);
  add_variables(spec, docs.variables.blocks);

  auto& main = docs.main.blocks;
  Block provider("provider", {"aws"});
  provider.set("region", Expr::ref("var.region"));
  main.push_back(std::move(provider));
  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("ami_id", Expr::ref("terraform_data.node_image.output"));
  main.push_back(std::move(locals));
  main.push_back(deployment_id());
  // Resolved once, at the first apply: a node added later runs the same image as the
  // others (a newer Deep Learning AMI has another driver, NCCL and EFA software).
  main.push_back(resolved_once("node_image", variable_or("ami_id", Expr::ref("data.aws_ami.deep_learning[0].id")),
                               Expr::ref("var.ami_id")));

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
  if (!capacity_block(spec)) {
    Block pg("resource", {"aws_placement_group", n});
    pg.set("name", unique_name(""));
    pg.set("strategy", Expr::string("cluster"));
    pg.set("tags", Expr::ref("local.tags"));
    main.push_back(std::move(pg));
  }
  main.push_back(launch_template(spec, n, spec.efa, net));
  main.push_back(instances(spec, n, resources));
  if (const ModuleResource* data = find_resource(resources, kDataDisk)) add_data_volumes(spec, n, net, *data, main);
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
  outputs.push_back(output("placement_group", "Cluster placement group of the nodes (null: a Capacity Block places them)",
                           capacity_block(spec) ? Expr::null() : Expr::ref("aws_placement_group." + n + ".name")));
  if (spec.data_gib) {
    outputs.push_back(output("data_volume_ids", "EBS data volume of each node, mounted at var.data_mount_path",
                             Expr::ref("aws_ebs_volume." + n + "[*].id")));
  }
  aws::add_access_outputs(spec, n, docs);
  return docs;
}

}  // namespace gpuspec::terraform
