// Azure: resource group, network, one NIC (accelerated networking) and one
// azurerm_linux_virtual_machine per instance from the Ubuntu-HPC image (InfiniBand
// drivers), managed data disks; for count > 1 the VMs share one availability set in
// one proximity placement group, so they land on one InfiniBand fabric.
#include "backends/terraform/module_common.h"

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
}  // namespace

ModuleDocs emit_azure(const CloudSpec& spec) {
  ModuleDocs docs = start_module({"azurerm", "hashicorp/azurerm", "~> 4.0"});
  const std::string n = resource_name(spec);
  const bool cluster = spec.count > 1;
  std::vector<std::string> image = {"microsoft-dsvm", "ubuntu-hpc", "2204", "latest"};
  if (spec.image) {
    auto parts = split_urn(*spec.image);
    if (parts.size() == 4) image = parts;
  }

  auto& vars = docs.variables.blocks;
  vars.push_back(variable("name", "Name prefix of every resource (the gpuspec declaration's name)", TypeConstraint::String,
                          Expr::string(spec.name)));
  vars.push_back(variable("subscription_id", "Azure subscription to deploy into", TypeConstraint::String, std::nullopt));
  vars.push_back(variable("region", "Azure region (location) to deploy into", TypeConstraint::String,
                          Expr::string(spec.region)));
  vars.push_back(variable("zone", "Availability zone (null: none)", TypeConstraint::String,
                          spec.zone ? Expr::string(*spec.zone) : Expr::null()));
  vars.push_back(variable("resource_group_name", "Resource group created for the deployment", TypeConstraint::String,
                          Expr::string(spec.name + "-rg")));
  vars.push_back(variable("admin_username", "Admin user on the VMs (SSH key login only)", TypeConstraint::String,
                          Expr::string(spec.ssh_user.value_or("azureuser"))));
  vars.push_back(variable("ssh_public_key", "OpenSSH public key of the admin user", TypeConstraint::String, std::nullopt));
  vars.push_back(variable("subnet_id", "Existing subnet to reuse (null: create a virtual network and a subnet)",
                          TypeConstraint::String, Expr::null()));
  vars.push_back(variable("vnet_cidr", "Address space of the virtual network created when subnet_id is null",
                          TypeConstraint::String, Expr::string("10.0.0.0/16")));
  vars.push_back(variable("image_publisher", "Image publisher (Generation 2 images only on NDv4)", TypeConstraint::String,
                          Expr::string(image[0])));
  vars.push_back(variable("image_offer", "Image offer", TypeConstraint::String, Expr::string(image[1])));
  vars.push_back(variable("image_sku", "Image SKU", TypeConstraint::String, Expr::string(image[2])));
  vars.push_back(variable("image_version", "Image version", TypeConstraint::String, Expr::string(image[3])));

  auto& main = docs.main.blocks;
  Block provider("provider", {"azurerm"});
  provider.add(Block("features"));
  provider.set("subscription_id", Expr::ref("var.subscription_id"));
  main.push_back(std::move(provider));

  Block locals("locals");
  locals.set("tags", tags_object(spec));
  locals.set("subnet_id", variable_or("subnet_id", Expr::ref("azurerm_subnet." + n + "[0].id")));
  main.push_back(std::move(locals));

  const std::string rg = "azurerm_resource_group." + n;
  Block group("resource", {"azurerm_resource_group", n});
  group.set("name", Expr::ref("var.resource_group_name"));
  group.set("location", Expr::ref("var.region"));
  group.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(group));

  Block vnet("resource", {"azurerm_virtual_network", n});
  vnet.set("count", count_when_null("subnet_id"));
  vnet.set("name", named("-vnet"));
  vnet.set("location", Expr::ref(rg + ".location"));
  vnet.set("resource_group_name", Expr::ref(rg + ".name"));
  vnet.set("address_space", Expr::tuple({Expr::ref("var.vnet_cidr")}));
  vnet.set("tags", Expr::ref("local.tags"));
  main.push_back(std::move(vnet));

  Block subnet("resource", {"azurerm_subnet", n});
  subnet.set("count", count_when_null("subnet_id"));
  subnet.set("name", named("-subnet"));
  subnet.set("resource_group_name", Expr::ref(rg + ".name"));
  subnet.set("virtual_network_name", Expr::ref("azurerm_virtual_network." + n + "[0].name"));
  subnet.set("address_prefixes",
             Expr::tuple({Expr::call("cidrsubnet", {Expr::ref("var.vnet_cidr"), Expr::number(8), Expr::number(0)})}));
  main.push_back(std::move(subnet));

  if (cluster) {
    Block ppg("resource", {"azurerm_proximity_placement_group", n});
    ppg.set("name", named("-ppg"));
    ppg.set("location", Expr::ref(rg + ".location"));
    ppg.set("resource_group_name", Expr::ref(rg + ".name"));
    ppg.set("zone", Expr::ref("var.zone"));
    ppg.set("allowed_vm_sizes", Expr::tuple({Expr::string(spec.api_name)}));
    ppg.set("tags", Expr::ref("local.tags"));
    main.push_back(std::move(ppg));

    Block avset("resource", {"azurerm_availability_set", n});
    avset.set("name", named("-avset"));
    avset.set("location", Expr::ref(rg + ".location"));
    avset.set("resource_group_name", Expr::ref(rg + ".name"));
    avset.set("proximity_placement_group_id", Expr::ref("azurerm_proximity_placement_group." + n + ".id"));
    avset.set("platform_fault_domain_count", Expr::number(1));
    avset.set("platform_update_domain_count", Expr::number(1));
    avset.set("managed", Expr::boolean(true));
    avset.set("tags", Expr::ref("local.tags"));
    main.push_back(std::move(avset));
  }

  Block nic("resource", {"azurerm_network_interface", n});
  nic.set("count", Expr::number(spec.count));
  nic.set("name", named_indexed("-nic-"));
  nic.set("location", Expr::ref(rg + ".location"));
  nic.set("resource_group_name", Expr::ref(rg + ".name"));
  nic.set("accelerated_networking_enabled", Expr::boolean(true));
  nic.set("tags", Expr::ref("local.tags"));
  Block ipconf("ip_configuration");
  ipconf.set("name", Expr::string("internal"));
  ipconf.set("subnet_id", Expr::ref("local.subnet_id"));
  ipconf.set("private_ip_address_allocation", Expr::string("Dynamic"));
  nic.add(std::move(ipconf));
  main.push_back(std::move(nic));

  Block vm("resource", {"azurerm_linux_virtual_machine", n});
  vm.set("count", Expr::number(spec.count));
  vm.set("name", named_indexed("-"));
  vm.set("location", Expr::ref(rg + ".location"));
  vm.set("resource_group_name", Expr::ref(rg + ".name"));
  vm.set("size", Expr::string(spec.api_name));
  vm.set("admin_username", Expr::ref("var.admin_username"));
  vm.set("disable_password_authentication", Expr::boolean(true));
  vm.set("network_interface_ids", Expr::tuple({Expr::ref("azurerm_network_interface." + n + "[count.index].id")}));
  if (cluster) {
    vm.set("availability_set_id", Expr::ref("azurerm_availability_set." + n + ".id"));
  } else {
    vm.set("zone", Expr::ref("var.zone"));
  }
  vm.set("tags", Expr::ref("local.tags"));
  Block key("admin_ssh_key");
  key.set("username", Expr::ref("var.admin_username"));
  key.set("public_key", Expr::ref("var.ssh_public_key"));
  vm.add(std::move(key));
  Block os("os_disk");
  os.set("caching", Expr::string("ReadWrite"));
  os.set("storage_account_type", Expr::string("Premium_LRS"));
  os.set("disk_size_gb", Expr::number(static_cast<double>(spec.system_gib.value_or(200))));
  vm.add(std::move(os));
  Block src("source_image_reference");
  src.set("publisher", Expr::ref("var.image_publisher"));
  src.set("offer", Expr::ref("var.image_offer"));
  src.set("sku", Expr::ref("var.image_sku"));
  src.set("version", Expr::ref("var.image_version"));
  vm.add(std::move(src));
  main.push_back(std::move(vm));

  if (spec.data_gib) {
    Block disk("resource", {"azurerm_managed_disk", n});
    disk.set("count", Expr::number(spec.count));
    disk.set("name", named_indexed("-data-"));
    disk.set("location", Expr::ref(rg + ".location"));
    disk.set("resource_group_name", Expr::ref(rg + ".name"));
    disk.set("storage_account_type", Expr::string(spec.data_kind == "hdd" ? "Standard_LRS" : "Premium_LRS"));
    disk.set("create_option", Expr::string("Empty"));
    disk.set("disk_size_gb", Expr::number(static_cast<double>(*spec.data_gib)));
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

  docs.outputs.blocks.push_back(
      output("instance_ids", "IDs of the virtual machines", Expr::ref("azurerm_linux_virtual_machine." + n + "[*].id")));
  docs.outputs.blocks.push_back(output("private_ips", "Private IP addresses of the virtual machines",
                                       Expr::ref("azurerm_linux_virtual_machine." + n + "[*].private_ip_address")));
  return docs;
}

}  // namespace gpuspec::terraform
