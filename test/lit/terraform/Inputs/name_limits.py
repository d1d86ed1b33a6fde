#!/usr/bin/env python3
"""The names a generated module gives its resources against the providers' limits.

usage: name_limits.py spec PROVIDER ACCESS LENGTH COUNT OUT.gpuspec
           writes one cloud declaration named with LENGTH characters
       name_limits.py check MODULE_DIR
           expands every resource name of MODULE_DIR/main.tf.json (var.name's default,
           the 8-character deployment id, the largest node index) and checks it against
           LIMITS; prints the tightest name and its margin, `problem:` lines for each
           name over its limit, and exits 1 on a problem.

compiler/sema/cloud_rules.cpp (cloud.invalid-name) keeps the longest declaration name each
provider accepts; a name of exactly that length must fit every limit here, with a margin of
0 for the tightest one.
"""
import json
import re
import sys

INSTANCES = {
    "aws": ("aws.p4d_24xlarge", "us-east-1"),
    "azure": ("azure.nd96asr_v4", "eastus"),
    "alicloud": ("alicloud.gn7i_c16g1_4xlarge", "cn-hangzhou"),
}

# (resource type, attribute): (min, max, source). The unique suffix Terraform appends to
# a *_prefix is part of the provider's validation (255 - 26). alicloud_eip_address's
# address_name is left out: its docs state no limit.
AWS_PROVIDER = "terraform-provider-aws"
AZURE_NAMES = "Microsoft Learn, Naming rules and restrictions for Azure resources"
ALI_DOCS = "terraform-provider-alicloud website/docs/r"
LIMITS = {
    ("aws_launch_template", "name_prefix"): (3, 99, AWS_PROVIDER + " internal/verify/validate.go ValidLaunchTemplateName"),
    ("aws_security_group", "name_prefix"): (0, 229, AWS_PROVIDER + " internal/service/ec2/vpc_security_group.go"),
    ("aws_key_pair", "key_name_prefix"): (0, 229, AWS_PROVIDER + " internal/service/ec2/ec2_key_pair.go"),
    ("aws_placement_group", "name"): (1, 255, "EC2 API reference, CreatePlacementGroup GroupName: up to 255 ASCII characters"),
    ("azurerm_resource_group", "name"): (1, 90, AZURE_NAMES + ": resourceGroups 1-90"),
    ("azurerm_virtual_network", "name"): (2, 64, AZURE_NAMES + ": virtualNetworks 2-64"),
    ("azurerm_subnet", "name"): (1, 80, AZURE_NAMES + ": virtualNetworks/subnets 1-80"),
    ("azurerm_public_ip", "name"): (1, 80, AZURE_NAMES + ": publicIPAddresses 1-80"),
    ("azurerm_nat_gateway", "name"): (1, 80, AZURE_NAMES + ": natGateways 1-80"),
    ("azurerm_network_security_group", "name"): (1, 80, AZURE_NAMES + ": networkSecurityGroups 1-80"),
    ("azurerm_network_interface", "name"): (1, 80, AZURE_NAMES + ": networkInterfaces 1-80"),
    ("azurerm_proximity_placement_group", "name"): (1, 80, AZURE_NAMES + ": proximityPlacementGroups 1-80"),
    ("azurerm_availability_set", "name"): (1, 80, AZURE_NAMES + ": availabilitySets 1-80"),
    ("azurerm_managed_disk", "name"): (1, 80, AZURE_NAMES + ": disks 1-80"),
    ("azurerm_linux_virtual_machine", "name"): (1, 80, "terraform-provider-azurerm internal/services/compute/validate/virtual_machine_name.go"),
    ("azurerm_linux_virtual_machine", "computer_name"): (1, 64, "terraform-provider-azurerm internal/services/compute/validate/linux_computer_name.go LinuxComputerNameFull"),
    ("alicloud_vpc", "vpc_name"): (2, 128, "Alibaba Cloud ROS ALIYUN::ECS::VPC VpcName: 2 to 128 characters"),
    ("alicloud_vswitch", "vswitch_name"): (1, 128, ALI_DOCS + "/vswitch.html.markdown"),
    ("alicloud_nat_gateway", "nat_gateway_name"): (2, 128, ALI_DOCS + "/nat_gateway.html.markdown"),
    ("alicloud_security_group", "security_group_name"): (2, 128, ALI_DOCS + "/security_group.html.markdown"),
    ("alicloud_instance", "instance_name"): (2, 128, ALI_DOCS + "/instance.html.markdown"),
    ("alicloud_ecs_key_pair", "key_pair_name"): (2, 128, ALI_DOCS + "/ecs_key_pair.html.markdown"),
    ("alicloud_ecs_disk", "disk_name"): (2, 128, ALI_DOCS + "/ecs_disk.html.markdown"),
}
DEPLOYMENT_ID = "${terraform_data.deployment_id.output}"


def spec(provider, access, length, count, out):
    instance, region = INSTANCES[provider]
    name = ("n" * length)[:length]
    with open(out, "w") as f:
        f.write(f"cloud {name} {{\n  provider = {provider}\n  instance = {instance}\n  count    = {count}\n"
                f"  region   = \"{region}\"\n  storage {{ data = 1 TiB; data_kind = nvme }}\n  access {{ ssh = {access} }}\n}}\n")


def expand(template, var_name, last_index):
    # The Azure resource group: var.resource_group_name when given, else a derived name.
    derived = re.search(r'\\?"(\$\{var\.name\}[^"\\]*)\\?"\}$', template)
    if template.startswith("${var.resource_group_name != null") and derived:
        template = derived.group(1)
    template = template.replace(DEPLOYMENT_ID, "x" * 8).replace("${var.name}", var_name)
    template = template.replace("${count.index}", str(last_index))
    return None if "${" in template else template


def check(module):
    main = json.load(open(f"{module}/main.tf.json"))
    variables = json.load(open(f"{module}/variables.tf.json"))
    var_name = variables["variable"]["name"]["default"]
    problems, tightest, seen = [], None, 0
    for rtype, by_name in main.get("resource", {}).items():
        for body in by_name.values():
            count = body.get("count", 1)
            last_index = count - 1 if isinstance(count, int) else 0
            for (ltype, attr), (low, high, source) in LIMITS.items():
                if ltype != rtype or attr not in body:
                    continue
                value = expand(body[attr], var_name, last_index)
                if value is None:
                    continue
                seen += 1
                if not low <= len(value) <= high:
                    problems.append(f"{rtype}.{attr} '{value}' is {len(value)} characters, not {low}-{high} ({source})")
                margin = high - len(value)
                if tightest is None or margin < tightest[0]:
                    tightest = (margin, f"{rtype}.{attr}")
    for p in problems:
        print("problem:", p)
    if tightest:
        print(f"checked {seen} names of a {len(var_name)}-character declaration; tightest {tightest[1]}, "
              f"margin {tightest[0]}")
    sys.exit(1 if problems else 0)


if sys.argv[1] == "spec":
    spec(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
else:
    check(sys.argv[2])
