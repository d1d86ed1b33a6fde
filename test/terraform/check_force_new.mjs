// What a spec edit does to running resources, worked out from two emitted modules
// without `terraform plan` (which needs the providers): a resource is replaced when an
// attribute its provider marks ForceNew changes and the module does not list it in
// `lifecycle { ignore_changes }`.
//
//   node check_force_new.mjs BEFORE_DIR AFTER_DIR [--vars a,b] [--expect type.name,...]
//
// An attribute changes when its expression text differs between the two modules, or
// when it reads a value that changes: a variable whose default differs or that --vars
// names (a value given at apply, e.g. a rotated ssh_public_key), a local or resource
// attribute that changes, any attribute of a replaced resource, the latest_version of
// a launch template that is updated, and every data source (a data source is read again
// at every plan: the newest AMI, the zones offering a type). terraform_data is
// Terraform's own: `input` under ignore_changes keeps `output`, `triggers_replace`
// replaces it. Prints every replaced resource; exits 1 when one is not in --expect or
// an expected one is not replaced.
//
// The ForceNew attributes below are read from the providers' resource schemas (the
// npm bindings the other checks use do not carry ForceNew). A nested block's entry
// (`root_block_device.encrypted`) means that attribute only; a block's own name means
// the whole block.
import { parse } from "@cdktf/hcl2json";
import fs from "node:fs";
import path from "node:path";

const FORCE_NEW = {
  // hashicorp/terraform-provider-aws internal/service/ec2/ec2_instance.go (and its
  // CustomizeDiff: a launch_template version other than the instance's replaces it;
  // user_data only with user_data_replace_on_change, which the modules do not set).
  aws_instance: ["ami", "associate_public_ip_address", "availability_zone", "key_name", "launch_template",
                 "placement_group", "subnet_id", "private_ip", "security_groups", "tenancy", "host_id",
                 "instance_market_options", "ebs_block_device", "ephemeral_block_device", "hibernation",
                 "ipv6_addresses", "private_dns_name_options", "placement_partition_number",
                 "root_block_device.encrypted", "root_block_device.kms_key_id"],
  // internal/service/ec2/ec2_launch_template.go
  aws_launch_template: ["name", "name_prefix"],
  // internal/service/ec2/ec2_key_pair.go
  aws_key_pair: ["key_name", "key_name_prefix", "public_key"],
  // internal/service/ec2/ec2_placement_group.go
  aws_placement_group: ["name", "strategy", "partition_count", "spread_level"],
  // internal/service/ec2/ebs_volume.go (size, type, iops and throughput are modified in place)
  aws_ebs_volume: ["availability_zone", "encrypted", "kms_key_id", "snapshot_id", "outpost_arn"],
  // internal/service/ec2/ebs_volume_attachment.go
  aws_volume_attachment: ["device_name", "instance_id", "volume_id"],
  // internal/service/ec2/vpc_subnet.go, vpc_.go, vpc_security_group.go, vpc_nat_gateway.go, vpc_route*.go
  aws_subnet: ["vpc_id", "cidr_block", "availability_zone", "availability_zone_id"],
  aws_vpc: ["cidr_block"],
  aws_security_group: ["name", "name_prefix", "description", "vpc_id"],
  aws_nat_gateway: ["allocation_id", "subnet_id", "connectivity_type"],
  aws_route_table: ["vpc_id"],
  aws_route: ["route_table_id", "destination_cidr_block"],
  aws_route_table_association: ["subnet_id", "gateway_id"],
  aws_eip: ["domain"],
  // hashicorp/terraform-provider-azurerm internal/services/compute/linux_virtual_machine_resource.go
  // (source_image_reference: sourceImageReferenceSchemaVM, admin_ssh_key: SSHKeysSchemaVM,
  // location, resource_group_name and zone through commonschema; os_disk.name in
  // virtual_machine.go virtualMachineOSDiskSchema)
  azurerm_linux_virtual_machine: ["name", "location", "resource_group_name", "admin_username", "admin_ssh_key",
                                  "availability_set_id", "computer_name", "custom_data", "disable_password_authentication",
                                  "eviction_policy", "priority", "source_image_reference", "vtpm_enabled",
                                  "secure_boot_enabled", "zone", "os_disk.name"],
  // internal/services/compute/managed_disk_resource.go (storage_account_type, disk_size_gb in place)
  azurerm_managed_disk: ["name", "location", "resource_group_name", "create_option", "zone"],
  // internal/services/compute/virtual_machine_data_disk_attachment_resource.go
  azurerm_virtual_machine_data_disk_attachment: ["managed_disk_id", "virtual_machine_id", "lun", "create_option"],
  // internal/services/compute/availability_set_resource.go, proximity_placement_group_resource.go
  azurerm_availability_set: ["name", "location", "resource_group_name", "platform_update_domain_count",
                             "platform_fault_domain_count", "managed", "proximity_placement_group_id"],
  azurerm_proximity_placement_group: ["name", "location", "resource_group_name", "zone"],
  // internal/services/network/network_interface_resource.go, resource/resource_group_resource.go
  azurerm_network_interface: ["name", "location", "resource_group_name"],
  azurerm_resource_group: ["name", "location"],
  // aliyun/terraform-provider-alicloud alicloud/resource_alicloud_instance.go
  alicloud_instance: ["availability_zone", "system_disk_category", "spot_strategy", "spot_price_limit", "data_disks",
                      "network_interfaces", "security_enhancement_strategy", "dedicated_host_id", "hpc_cluster_id",
                      "launch_template_name", "launch_template_id", "launch_template_version"],
  // alicloud/resource_alicloud_vswitch.go, ecs_disk.go, ecs_key_pair.go, ecs_disk_attachment.go,
  // security_group.go, nat_gateway.go, eip_address.go, ecs_ram_role_attachment.go
  alicloud_vswitch: ["cidr_block", "vpc_id", "zone_id"],
  alicloud_ecs_disk: ["encrypted", "kms_key_id", "snapshot_id", "zone_id"],
  alicloud_ecs_key_pair: ["key_pair_name", "key_name_prefix", "key_name"],
  alicloud_ecs_disk_attachment: ["disk_id", "instance_id"],
  alicloud_security_group: ["vpc_id"],
  alicloud_nat_gateway: ["internet_charge_type", "payment_type", "vpc_id"],
  alicloud_eip_address: ["internet_charge_type", "payment_type"],
  alicloud_ecs_ram_role_attachment: ["instance_id", "ram_role_name"],
};

const args = process.argv.slice(2);
const [beforeDir, afterDir] = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
const option = (name) => (args[args.indexOf(name) + 1] ?? "").split(",").filter(Boolean);
const editedVars = args.includes("--vars") ? option("--vars") : [];
const expected = new Set(args.includes("--expect") ? option("--expect") : []);

async function load(dir) {
  const merged = { resource: {}, data: {}, variable: {}, locals: {} };
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith(".tf")) continue;
    const doc = await parse(name, fs.readFileSync(path.join(dir, name), "utf8"));
    for (const [type, byName] of Object.entries(doc.resource ?? {})) {
      for (const [label, bodies] of Object.entries(byName)) merged.resource[`${type}.${label}`] = bodies[0];
    }
    for (const [type, byName] of Object.entries(doc.data ?? {})) {
      for (const [label] of Object.entries(byName)) merged.data[`${type}.${label}`] = true;
    }
    for (const [name, bodies] of Object.entries(doc.variable ?? {})) merged.variable[name] = bodies[0];
    for (const l of doc.locals ?? []) Object.assign(merged.locals, l);
  }
  return merged;
}

// Every attribute of a body as "path" -> value, nested blocks flattened ("os_disk.name");
// a dynamic block is its for_each and content under the block's name.
function flatten(body, prefix = "", out = {}) {
  for (const [key, value] of Object.entries(body)) {
    if (key === "lifecycle" || key === "depends_on" || key === "count") continue;
    if (key === "dynamic") {
      for (const dyn of [].concat(value)) for (const [type, specs] of Object.entries(dyn)) out[prefix + type] = JSON.stringify(specs);
      continue;
    }
    if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      value.forEach((v) => flatten(v, `${prefix}${key}.`, out));
    } else {
      out[prefix + key] = JSON.stringify(value);
    }
  }
  return out;
}

// The values an expression reads: var.x, local.x, data.t.n, t.n.attr.
function reads(text) {
  const out = [];
  for (const m of text.matchAll(/\b(var|local)\.([A-Za-z0-9_]+)/g)) out.push(`${m[1]}.${m[2]}`);
  for (const m of text.matchAll(/\bdata\.([a-z0-9_]+\.[A-Za-z0-9_-]+)/g)) out.push(`data.${m[1]}`);
  for (const m of text.matchAll(/(?<![\w.])([a-z][a-z0-9]*_[a-z0-9_]+)\.([A-Za-z0-9_-]+)(?:\[[^\]]*\])?\.([a-z0-9_]+)/g)) {
    if (m[1] !== "data") out.push(`${m[1]}.${m[2]}.${m[3]}`);
  }
  return out;
}

const ignoredOf = (body) =>
  new Set([].concat(...(body.lifecycle ?? []).map((l) => [].concat(l.ignore_changes ?? []))).map((t) => t.replace(/^\$\{|\}$/g, "")));
const covered = (attr, ignored) => [...ignored].some((i) => attr === i || attr.startsWith(`${i}.`));
const forceNew = (type, attr) =>
  (FORCE_NEW[type] ?? []).some((f) => attr === f || attr.startsWith(`${f}.`)) || (type === "terraform_data" && attr === "triggers_replace");

const before = await load(beforeDir);
const after = await load(afterDir);

// Values that change: seeded by variables, grown to a fixpoint.
const changed = new Set(editedVars.map((v) => `var.${v}`));
for (const [name, v] of Object.entries(after.variable)) {
  if (JSON.stringify(v.default) !== JSON.stringify(before.variable[name]?.default)) changed.add(`var.${name}`);
}
for (const d of Object.keys(after.data)) changed.add(`data.${d}`);  // read again at every plan
const touches = (value) => reads(value).some((r) => changed.has(r) || changed.has(r.split(".").slice(0, 2).join(".") + ".*"));

const replaced = new Set();
let grew = true;
while (grew) {
  grew = false;
  const mark = (key) => { if (!changed.has(key)) { changed.add(key); grew = true; } };
  for (const [name, value] of Object.entries(after.locals)) {
    if (JSON.stringify(value) !== JSON.stringify(before.locals[name]) || touches(JSON.stringify(value))) mark(`local.${name}`);
  }
  for (const [key, body] of Object.entries(after.resource)) {
    const old = before.resource[key];
    if (!old) continue;  // created by the edit: nothing running to replace
    const [type] = key.split(".");
    const ignored = ignoredOf(body);
    const now = flatten(body), was = flatten(old);
    for (const attr of new Set([...Object.keys(now), ...Object.keys(was)])) {
      const differs = now[attr] !== was[attr] || (now[attr] !== undefined && touches(now[attr]));
      if (!differs || covered(attr, ignored)) continue;
      if (forceNew(type, attr)) {
        if (!replaced.has(key)) { replaced.add(key); grew = true; }
        mark(`${key}.*`);
        continue;
      }
      // Updated in place: that attribute changes, and what it feeds.
      mark(`${key}.${attr.split(".")[0]}`);
      if (type === "aws_launch_template") mark(`${key}.latest_version`);  // every update is a new version
      if (type === "terraform_data" && attr === "input") mark(`${key}.output`);
    }
  }
}

let failures = 0;
for (const key of [...replaced].sort()) {
  const ok = expected.has(key);
  if (!ok) failures++;
  console.log(`${ok ? "replaced (expected)" : "FAIL replaced"} ${key}`);
}
for (const key of [...expected].sort()) {
  if (!replaced.has(key)) {
    failures++;
    console.log(`FAIL not replaced ${key}`);
  }
}
console.log(`${replaced.size} replaced, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
