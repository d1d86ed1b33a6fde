// Azure: one NIC (accelerated networking) and one azurerm_linux_virtual_machine per
// node from the Ubuntu-HPC image (InfiniBand drivers), managed data disks that
// outlive the VMs; for count > 1 the VMs share one availability set in one
// proximity placement group, so they land on one InfiniBand fabric (Spot VMs and a
// capacity reservation group cannot join an availability set: see placement below).
#include "backends/terraform/cloud_init.h"
#include "backends/terraform/emit_azure_network.h"
#include "backends/terraform/module_resources.h"

namespace gpuspec::terraform {

using writers::TypeConstraint;

namespace {

std::vector<std::string> split_urn(const std::string& urn) {
  std::vector<std::string> parts(1);
  for (char c : urn) {
    if (c == ':') {
      parts.emplace_back();
    } else {
      parts.back().push_back(c);
    }
  }
  return parts;
}

void add_variables(const CloudSpec& spec, std::vector<Block>& vars) {
  std::vector<std::string> image = {"microsoft-dsvm", "ubuntu-hpc", "2204", "latest"};
  if (spec.image) {
    auto parts = split_urn(*spec.image);
    if (parts.size() == 4) image = parts;
  }
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("subscription_id", "Azure subscription to deploy into", TypeConstraint::String, std::nullopt));
  vars.push_back(variable("region", "Azure region (location) to deploy into", TypeConstraint::String,
                          Expr::string(spec.region)));
  vars.push_back(variable("zone", "Availability zone of a single node (null: none)", TypeConstraint::String,
                          spec.zone ? Expr::string(*spec.zone) : Expr::null()));
  vars.push_back(variable("resource_group_name",
                          "Resource group created for the deployment (null: <name>-<deployment id>-rg, unique per apply)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("admin_username", "Admin user on the VMs (SSH key login only)", TypeConstraint::String,
                          Expr::string(spec.ssh_user.value_or("azureuser"))));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key of the admin user", TypeConstraint::String, std::nullopt));
  add_common_variables(spec, vars);
  vars.push_back(variable("image_publisher", "Image publisher (Generation 2 images only on NDv4)", TypeConstraint::String,
                          Expr::string(image[0])));
  vars.push_back(variable("image_offer", "Image offer", TypeConstraint::String, Expr::string(image[1])));
  vars.push_back(variable("image_sku", "Image SKU", TypeConstraint::String, Expr::string(image[2])));
  vars.push_back(variable("image_version",
                          "Image version (latest: the newest at the first apply, kept afterwards for every node, "
                          "including nodes added later)",
                          TypeConstraint::String, Expr::string(image[3])));
  vars.push_back(variable("user_assigned_identity_id", "User-assigned managed identity of the nodes (null: none)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("capacity_reservation_group_id", "Capacity reservation group to deploy the nodes into",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("spot",
                          "Deploy the nodes as Spot VMs (evicted when Azure needs the capacity; they join no "
                          "availability set)",
                          TypeConstraint::Bool, Expr::boolean(spec.pricing == "spot")));
}

void add_placement(const CloudSpec& spec, const std::string& n, std::vector<Block>& main) {
  Block ppg("resource", {"azurerm_proximity_placement_group", n});
  ppg.set("name", named("-ppg"));
  ppg.set("location", Expr::ref("var.region"));
  ppg.set("resource_group_name", Expr::ref("local.resource_group_name"));
  ppg.set("zone", Expr::ref("var.zone"));
  ppg.set("allowed_vm_sizes", Expr::tuple({Expr::string(spec.api_name)}));
  ppg.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(ppg));

  Block avset("resource", {"azurerm_availability_set", n});
  avset.set("name", named("-avset"));
  avset.set("location", Expr::ref("var.region"));
  avset.set("resource_group_name", Expr::ref("local.resource_group_name"));
  avset.set("proximity_placement_group_id", Expr::ref("azurerm_proximity_placement_group." + n + ".id"));
  avset.set("platform_fault_domain_count", Expr::number(1));
  avset.set("platform_update_domain_count", Expr::number(1));
  avset.set("managed", Expr::boolean(true));
  avset.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(avset));
}

void add_nics(const CloudSpec& spec, const std::string& n, const azure::Network& net, std::vector<Block>& main) {
  Block nic("resource", {"azurerm_network_interface", n});
  nic.set("count", Expr::number(spec.count));
  nic.set("name", named_indexed("-nic-"));
  nic.set("location", Expr::ref("var.region"));
  nic.set("resource_group_name", Expr::ref("local.resource_group_name"));
  nic.set("accelerated_networking_enabled", Expr::boolean(true));
  nic.set("tags", Expr::ref("local.tags"));
  Block ipconf("ip_configuration");
  ipconf.set("name", Expr::string("internal"));
  ipconf.set("subnet_id", net.node_subnet_id);
  ipconf.set("private_ip_address_allocation", Expr::string("Dynamic"));
  if (spec.access == Access::PublicIp) {
    ipconf.set("public_ip_address_id", Expr::ref("azurerm_public_ip." + n + "[count.index].id"));
  }
  nic.add(std::move(ipconf));
  main.push_back(std::move(nic));

  Block nsg("resource", {"azurerm_network_interface_security_group_association", n});
  nsg.set("count", Expr::number(spec.count));
  nsg.set("network_interface_id", Expr::ref("azurerm_network_interface." + n + "[count.index].id"));
  nsg.set("network_security_group_id", Expr::ref("azurerm_network_security_group." + n + ".id"));
  main.push_back(std::move(nsg));
}

// The image version the nodes run: var.image_version, or for "latest" the newest
// version at the first apply, kept (a VM created later from "latest" would get a newer
// image than the others); resolved again when an image variable changes.
void add_image_version(std::vector<Block>& main) {
  Block image("data", {"azurerm_platform_image", "node"});
  image.set("count", Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.image_version"),
                                                     Expr::string("latest")),
                                       Expr::number(1), Expr::number(0)));
  image.set("location", Expr::ref("var.region"));
  image.set("publisher", Expr::ref("var.image_publisher"));
  image.set("offer", Expr::ref("var.image_offer"));
  image.set("sku", Expr::ref("var.image_sku"));
  main.push_back(std::move(image));
  main.push_back(resolved_once(
      "node_image_version",
      Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.image_version"), Expr::string("latest")),
                        Expr::ref("data.azurerm_platform_image.node[0].version"), Expr::ref("var.image_version")),
      Expr::templ({Expr::ref("var.image_publisher"), Expr::string(":"), Expr::ref("var.image_offer"), Expr::string(":"),
                   Expr::ref("var.image_sku"), Expr::string(":"), Expr::ref("var.image_version")})));
}

// Placement of a cluster: one availability set in the proximity placement group.
// azurerm_linux_virtual_machine: availability_set_id conflicts with
// capacity_reservation_group_id (and the group with proximity_placement_group_id), and
// Azure rejects a Spot VM in an availability set (AzureSpotVMNotSupportedInAvailabilitySet):
// Spot VMs go into the proximity placement group directly, reserved ones into neither.
void set_cluster_placement(const std::string& n, Block& vm) {
  const Expr reserved = Expr::compare(writers::Compare::Ne, Expr::ref("var.capacity_reservation_group_id"), Expr::null());
  vm.set("availability_set_id",
         Expr::conditional(reserved, Expr::null(),
                           Expr::conditional(Expr::ref("var.spot"), Expr::null(),
                                             Expr::ref("azurerm_availability_set." + n + ".id"))));
  vm.set("proximity_placement_group_id",
         Expr::conditional(reserved, Expr::null(),
                           Expr::conditional(Expr::ref("var.spot"),
                                             Expr::ref("azurerm_proximity_placement_group." + n + ".id"), Expr::null())));
}

Block virtual_machines(const CloudSpec& spec, const std::string& n, bool cluster,
                       const std::vector<ModuleResource>& resources) {
  Block vm("resource", {"azurerm_linux_virtual_machine", n});
  vm.set("count", Expr::number(spec.count));
  vm.set("name", named_indexed("-"));
  vm.set("computer_name", Expr::templ({Expr::string(azure::hostname_prefix(spec) + "-"), Expr::ref("count.index")}));
  vm.set("location", Expr::ref("var.region"));
  vm.set("resource_group_name", Expr::ref("local.resource_group_name"));
  vm.set("size", Expr::string(spec.api_name));
  vm.set("network_interface_ids", Expr::tuple({Expr::ref("azurerm_network_interface." + n + "[count.index].id")}));
  if (cluster) {
    set_cluster_placement(n, vm);
  } else {
    vm.set("zone", Expr::ref("var.zone"));
  }
  vm.set("priority", Expr::conditional(Expr::ref("var.spot"), Expr::string("Spot"), Expr::string("Regular")));
  vm.set("eviction_policy", Expr::conditional(Expr::ref("var.spot"), Expr::string("Deallocate"), Expr::null()));
  vm.set("capacity_reservation_group_id", Expr::ref("var.capacity_reservation_group_id"));
  vm.set("custom_data",
         Expr::call("base64encode", {cloud_init_call(spec, Expr::string("/dev/disk/azure/scsi1/lun0"))}));
  vm.set("tags", Expr::ref("local.tags"));
  azure::set_ssh_login(vm);
  const ModuleResource& system = resource(resources, kSystemDisk);
  Block os("os_disk");
  os.set("caching", Expr::string("ReadWrite"));
  os.set("storage_account_type", Expr::string(system.api_name));
  os.set("disk_size_gb", Expr::number(system.gib));
  vm.add(std::move(os));
  Block src("source_image_reference");
  src.set("publisher", Expr::ref("var.image_publisher"));
  src.set("offer", Expr::ref("var.image_offer"));
  src.set("sku", Expr::ref("var.image_sku"));
  src.set("version", Expr::ref("terraform_data.node_image_version.output"));
  vm.add(std::move(src));
  Block identity("content");
  identity.set("type", Expr::string("UserAssigned"));
  identity.set("identity_ids", Expr::tuple({Expr::ref("identity.value")}));
  vm.add(dynamic_block("identity",
                       Expr::conditional(Expr::compare(writers::Compare::Eq, Expr::ref("var.user_assigned_identity_id"),
                                                       Expr::null()),
                                         Expr::tuple({}), Expr::tuple({Expr::ref("var.user_assigned_identity_id")})),
                       std::move(identity)));
  // ForceNew in azurerm_linux_virtual_machine, and not worth a new VM (docs/terraform.md,
  // "Day two"): custom_data is read on the first boot only; a new image or SSH key
  // reaches the nodes created after it.
  vm.add(ignore_changes({"custom_data", "source_image_reference", "admin_ssh_key"}));
  return vm;
}

void add_data_disks(const CloudSpec& spec, const std::string& n, bool cluster, const ModuleResource& data,
                    std::vector<Block>& main) {
  Block disk("resource", {"azurerm_managed_disk", n});
  disk.set("count", Expr::number(spec.count));
  disk.set("name", named_indexed("-data-"));
  disk.set("location", Expr::ref("var.region"));
  disk.set("resource_group_name", Expr::ref("local.resource_group_name"));
  disk.set("storage_account_type", Expr::string(data.api_name));
  disk.set("create_option", Expr::string("Empty"));
  disk.set("disk_size_gb", Expr::number(data.gib));
  disk.set("zone", cluster ? Expr::null() : Expr::ref("var.zone"));
  disk.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(disk));

  Block attach("resource", {"azurerm_virtual_machine_data_disk_attachment", n});
  attach.set("count", Expr::number(spec.count));
  attach.set("managed_disk_id", Expr::ref("azurerm_managed_disk." + n + "[count.index].id"));
  attach.set("virtual_machine_id", Expr::ref("azurerm_linux_virtual_machine." + n + "[count.index].id"));
  attach.set("lun", Expr::number(0));
  attach.set("caching", Expr::string("None"));
  main.push_back(std::move(attach));
}

}  // namespace

ModuleDocs emit_azure(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"azurerm", "hashicorp/azurerm", "~> 4.0"});
  docs.cloud_init = cloud_init_template(spec);
  const std::string n = resource_name(spec);
  const bool cluster = spec.count > 1;
  const std::vector<ModuleResource> resources = module_resources(spec);
  add_variables(spec, docs.variables.blocks);

  auto& main = docs.main.blocks;
  Block provider("provider", {"azurerm"});
  provider.add(Block("features"));
  provider.set("subscription_id", Expr::ref("var.subscription_id"));
  main.push_back(std::move(provider));

  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("resource_group_name", Expr::ref("azurerm_resource_group." + n + ".name"));
  main.push_back(std::move(locals));
  main.push_back(deployment_id());

  Block group("resource", {"azurerm_resource_group", n});
  group.set("name", variable_or("resource_group_name", unique_name("-rg")));
  group.set("location", Expr::ref("var.region"));
  group.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(group));

  add_image_version(main);
  azure::Network net = azure::add_network(spec, n, docs);
  if (cluster) add_placement(spec, n, main);
  add_nics(spec, n, net, main);
  main.push_back(virtual_machines(spec, n, cluster, resources));
  if (const ModuleResource* data = find_resource(resources, kDataDisk)) add_data_disks(spec, n, cluster, *data, main);

  auto& outputs = docs.outputs.blocks;
  const std::string nodes = "azurerm_linux_virtual_machine." + n;
  outputs.push_back(output("instance_ids", "IDs of the virtual machines", Expr::ref(nodes + "[*].id")));
  outputs.push_back(
      output("private_ips", "Private IP addresses of the virtual machines", Expr::ref(nodes + "[*].private_ip_address")));
  outputs.push_back(output("image", "Image of the nodes (publisher:offer:sku:version, the version resolved once)",
                           Expr::templ({Expr::ref("var.image_publisher"), Expr::string(":"), Expr::ref("var.image_offer"),
                                        Expr::string(":"), Expr::ref("var.image_sku"), Expr::string(":"),
                                        Expr::ref("terraform_data.node_image_version.output")})));
  outputs.push_back(output("resource_group_name", "Resource group of the deployment", Expr::ref("local.resource_group_name")));
  outputs.push_back(output("vnet_id", "Virtual network of the nodes (null: an existing network)", net.vnet_id));
  outputs.push_back(output("subnet_id", "Subnet of the nodes", net.node_subnet_id));
  outputs.push_back(output("proximity_placement_group_id", "Proximity placement group of the nodes (null: a single node)",
                           cluster ? Expr::ref("azurerm_proximity_placement_group." + n + ".id") : Expr::null()));
  if (spec.data_gib) {
    outputs.push_back(output("data_disk_ids", "Managed data disk of each node, mounted at var.data_mount_path",
                             Expr::ref("azurerm_managed_disk." + n + "[*].id")));
  }
  azure::add_access_outputs(spec, n, docs);
  return docs;
}

}  // namespace gpuspec::terraform
