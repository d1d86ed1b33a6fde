// Validates every Terraform module gpuspec emitted against the provider schemas
// that npm bindings carry, without `terraform init` (no registry access in tests):
//   hashicorp/aws 6.25     from @cdktf/provider-aws     (its .jsii type system)
//   hashicorp/azurerm 4.55 from @cdktf/provider-azurerm (its .jsii type system)
//   aliyun/alicloud        from @pulumi/alicloud        (its TypeScript declarations)
//
//   node check_schema.mjs DIR...
//
// Each DIR is searched for module folders (versions.tf or versions.tf.json). For the
// provider block, every resource and every data source: the type must exist, every
// attribute and nested block (also inside `dynamic` blocks) must exist at its level,
// blocks must be written as blocks, required attributes and blocks must be present,
// and `resource.attr` references must name an attribute the type has. For alicloud,
// also: no deprecated argument, and no resource or argument newer than the lower
// bound of the module's version constraint (the docs' "Available since v1.x.y").
// The built-in terraform_data resource is checked against its documented arguments.
import { parse } from "@cdktf/hcl2json";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODULES = path.join(HERE, "node_modules");
const CACHE = path.join(MODULES, ".cache", "gpuspec-schema");
const META = new Set(["count", "for_each", "depends_on", "provider", "lifecycle", "provisioner", "connection"]);

let failures = 0;
const fail = (where, message) => {
  failures++;
  console.error(`FAIL ${where}: ${message}`);
};

// ---- Schemas -------------------------------------------------------------------
// A block schema: { attrs: {name: {required, deprecated?, since?}}, blocks: {name:
// {required, schema}}, computed: Set of attribute names readable by reference }.

// The .jsii of a CDKTF provider binding: classes per resource/data source/provider,
// config structs whose property docs link the Terraform name (".../instance#ami").
function jsiiSchema(pkg) {
  const assembly = JSON.parse(fs.readFileSync(path.join(MODULES, pkg, ".jsii"), "utf8"));
  const types = assembly.types;
  const tfName = (docs) => {
    const text = `${docs?.summary ?? ""} ${docs?.remarks ?? ""}`;
    const m = text.match(/\/docs(?:\/[^#\s}]*)?#([A-Za-z0-9_]+)\s/);
    return m ? m[1] : null;
  };
  const structOf = (type) => {
    if (!type) return null;
    if (type.fqn && types[type.fqn]?.datatype) return type.fqn;
    if (type.collection) return structOf(type.collection.elementtype);
    if (type.union) for (const t of type.union.types) { const s = structOf(t); if (s) return s; }
    return null;
  };
  const blockSchema = (fqn, seen = new Set()) => {
    const out = { attrs: {}, blocks: {} };
    if (seen.has(fqn)) return out;
    seen.add(fqn);
    const struct = types[fqn];
    const props = [...(struct.properties ?? [])];
    for (const base of struct.interfaces ?? []) if (types[base]) props.push(...(types[base].properties ?? []));
    for (const p of props) {
      const name = tfName(p.docs);
      if (!name) continue;  // cdktf's own meta-arguments
      const nested = structOf(p.type);
      if (nested && / block\.$/.test(p.docs?.summary ?? "")) {
        out.blocks[name] = { required: !p.optional, schema: blockSchema(nested, new Set(seen)) };
      } else {
        out.attrs[name] = { required: !p.optional };
      }
    }
    return out;
  };
  const schema = { resource: {}, data: {}, provider: null };
  for (const cls of Object.values(types)) {
    if (cls.kind !== "class" || !cls.initializer) continue;
    const kind = { "cdktf.TerraformResource": "resource", "cdktf.TerraformDataSource": "data",
                   "cdktf.TerraformProvider": "provider" }[cls.base];
    if (!kind) continue;
    const config = cls.initializer.parameters?.find((p) => p.name === "config")?.type?.fqn;
    if (!config) continue;
    const block = blockSchema(config);
    // Readable attributes: the class's properties (camelCase), compared without case.
    block.computed = [...new Set((cls.properties ?? []).map((p) => p.name.toLowerCase()))];
    if (kind === "provider") {
      schema.provider = block;
    } else {
      const m = cls.docs?.summary?.match(/\{@link \S+ ([a-z0-9_]+)\}/);
      if (m) schema[kind][m[1]] = block;
    }
  }
  return schema;
}

// @pulumi/alicloud: Terraform type -> the module declaring its Args interface and
// class. Pulumi names arguments in camelCase; nested blocks are interfaces in
// types/input.d.ts. A type the module uses but this map lacks is a failure.
const ALICLOUD_TYPES = {
  resource: {
    alicloud_vpc: ["vpc/network", "Network"],
    alicloud_vswitch: ["vpc/switch", "Switch"],
    alicloud_nat_gateway: ["vpc/natGateway", "NatGateway"],
    alicloud_snat_entry: ["vpc/snatEntry", "SnatEntry"],
    alicloud_eip_address: ["ecs/eipAddress", "EipAddress"],
    alicloud_eip_association: ["ecs/eipAssociation", "EipAssociation"],
    alicloud_security_group: ["ecs/securityGroup", "SecurityGroup"],
    alicloud_security_group_rule: ["ecs/securityGroupRule", "SecurityGroupRule"],
    alicloud_ecs_key_pair: ["ecs/ecsKeyPair", "EcsKeyPair"],
    alicloud_instance: ["ecs/instance", "Instance"],
    alicloud_ecs_disk: ["ecs/ecsDisk", "EcsDisk"],
    alicloud_ecs_disk_attachment: ["ecs/ecsDiskAttachment", "EcsDiskAttachment"],
    alicloud_ecs_ram_role_attachment: ["ecs/ramRoleAttachment", "RamRoleAttachment"],
  },
  data: {
    alicloud_zones: ["getZones", "GetZones"],
    alicloud_images: ["ecs/getImages", "GetImages"],
    alicloud_vswitches: ["vpc/getSwitches", "GetSwitches"],
  },
};
const snake = (camel) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sinceOf = (doc) => doc.match(/Available since v?(\d+\.\d+\.\d+)/)?.[1] ?? null;

// Properties of `interface NAME {` in a .d.ts text: {name, optional, type, doc}.
function interfaceProps(text, name, from = 0, to = text.length) {
  const start = text.indexOf(`interface ${name} {`, from);
  if (start < 0 || start > to) return null;
  const lines = text.slice(start).split("\n");
  const indent = lines[1].match(/^\s*/)[0];
  const props = [];
  let doc = "";
  for (const line of lines.slice(1)) {
    if (line.startsWith(indent.slice(4)) && line.trim() === "}" && line.length - 1 < indent.length) break;
    if (line.startsWith(`${indent}/**`)) doc = "";
    const m = line.match(new RegExp(`^${indent}(?:readonly )?([A-Za-z0-9_]+)(\\?)?: (.*)$`));
    if (m) {
      props.push({ name: m[1], optional: !!m[2], type: m[3], doc });
      doc = "";
    } else if (line.trim().startsWith("*")) {
      doc += line.trim().replace(/^\*\/?\s?/, "") + "\n";
    }
  }
  return props;
}

function pulumiSchema() {
  const root = path.join(MODULES, "@pulumi", "alicloud");
  const inputs = fs.readFileSync(path.join(root, "types", "input.d.ts"), "utf8");
  const nestedSchema = (type, seen) => {
    const m = type.match(/inputs\.([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)/);
    if (!m || seen.has(m[2])) return null;
    const ns = inputs.indexOf(`namespace ${m[1]} {`);
    const next = inputs.indexOf("\nexport declare namespace ", ns + 1);
    const props = interfaceProps(inputs, m[2], ns, next < 0 ? inputs.length : next);
    return props && toSchema(props, new Set([...seen, m[2]]));
  };
  const toSchema = (props, seen = new Set()) => {
    const out = { attrs: {}, blocks: {} };
    for (const p of props) {
      const entry = { required: !p.optional, deprecated: /@deprecated/.test(p.doc), since: sinceOf(p.doc) };
      const nested = nestedSchema(p.type, seen);
      // Pulumi cannot tell a nested block from an object attribute: both are allowed.
      if (nested) out.blocks[snake(p.name)] = { ...entry, schema: nested, either: true };
      else out.attrs[snake(p.name)] = entry;
    }
    return out;
  };
  const schema = { resource: {}, data: {}, provider: null };
  for (const kind of ["resource", "data"]) {
    for (const [tf, [file, cls]] of Object.entries(ALICLOUD_TYPES[kind])) {
      const text = fs.readFileSync(path.join(root, `${file}.d.ts`), "utf8");
      const args = interfaceProps(text, `${cls}Args`);
      if (!args) throw new Error(`${file}.d.ts has no ${cls}Args`);
      const block = toSchema(args);
      block.since = text.match(/NOTE:\*\* Available (?:since|in) v?(\d+\.\d+\.\d+)/)?.[1] ?? null;
      const readable = kind === "resource" ? interfaceProps(text, `${cls}State`) : interfaceProps(text, `${cls}Result`);
      block.computed = [...new Set([...(readable ?? []), ...args].map((p) => p.name.toLowerCase()).concat(["id"]))];
      schema[kind][tf] = block;
    }
  }
  schema.provider = toSchema(interfaceProps(fs.readFileSync(path.join(root, "provider.d.ts"), "utf8"), "ProviderArgs"));
  return schema;
}

// Extracting a schema takes seconds (the aws .jsii is 130 MB): cached per package
// version beside the packages, written atomically (lit runs tests in parallel).
function cachedSchema(key, build) {
  const file = path.join(CACHE, `${key.replace(/[/@]/g, "_")}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const schema = build();
  fs.mkdirSync(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(schema));
  fs.renameSync(tmp, file);
  return schema;
}
const version = (pkg) => JSON.parse(fs.readFileSync(path.join(MODULES, pkg, "package.json"), "utf8")).version;
const PROVIDERS = {
  aws: () => cachedSchema(`@cdktf/provider-aws@${version("@cdktf/provider-aws")}`, () => jsiiSchema("@cdktf/provider-aws")),
  azurerm: () => cachedSchema(`@cdktf/provider-azurerm@${version("@cdktf/provider-azurerm")}`,
                              () => jsiiSchema("@cdktf/provider-azurerm")),
  alicloud: () => cachedSchema(`@pulumi/alicloud@${version("@pulumi/alicloud")}-v1`, pulumiSchema),
};
// terraform_data is built into Terraform (>= 1.4): its documented arguments.
const TERRAFORM_DATA = { attrs: { input: { required: false }, triggers_replace: { required: false } }, blocks: {},
                         computed: ["id", "input", "output", "triggers_replace"] };

// ---- Modules -------------------------------------------------------------------

function findModules(dir, out) {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.isFile() && /^versions\.tf(\.json)?$/.test(e.name))) out.push(dir);
  for (const e of entries) if (e.isDirectory()) findModules(path.join(dir, e.name), out);
  return out;
}

async function loadModule(dir) {
  const json = fs.existsSync(path.join(dir, "versions.tf.json"));
  const docs = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith(json ? ".tf.json" : ".tf")) continue;
    const text = fs.readFileSync(path.join(dir, name), "utf8");
    docs.push(json ? JSON.parse(text) : await parse(name, text));
  }
  return { json, docs };
}

// hcl2json gives every block as an array of bodies; tf.json gives an object or an
// array. Attributes are anything else.
const bodies = (v) => (Array.isArray(v) ? v : [v]);
const isBlockValue = (v) => (Array.isArray(v) ? v.every((x) => x && typeof x === "object") : v && typeof v === "object");

function versionAtLeast(have, need) {
  const a = have.split(".").map(Number);
  const b = need.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

function checkBody(where, body, schema, ctx) {
  for (const [key, value] of Object.entries(body)) {
    if (META.has(key)) continue;
    if (key === "dynamic") {
      for (const dyn of bodies(value)) {
        for (const [type, spec] of Object.entries(dyn)) {
          const block = schema.blocks[type];
          if (!block) { fail(where, `dynamic "${type}": no such block`); continue; }
          for (const s of bodies(spec)) for (const content of bodies(s.content ?? {})) checkBody(`${where}.${type}`, content, block.schema, ctx);
        }
      }
      continue;
    }
    const attr = schema.attrs[key];
    const block = schema.blocks[key];
    if (!attr && !block) { fail(where, `unknown argument or block "${key}"`); continue; }
    const entry = attr ?? block;
    if (entry.deprecated) fail(where, `"${key}" is deprecated`);
    if (entry.since && ctx.minVersion && !versionAtLeast(ctx.minVersion, entry.since))
      fail(where, `"${key}" needs provider ${entry.since}, the constraint allows ${ctx.minVersion}`);
    if (block) {
      if (!isBlockValue(value) || (!ctx.json && !block.either && !Array.isArray(value))) {
        fail(where, `"${key}" is a block, written as an attribute`);
        continue;
      }
      for (const b of bodies(value)) checkBody(`${where}.${key}`, b, block.schema, ctx);
    }
  }
  const dynamicTypes = new Set(bodies(body.dynamic ?? []).flatMap((d) => Object.keys(d ?? {})));
  for (const [name, a] of Object.entries(schema.attrs)) if (a.required && !(name in body)) fail(where, `required argument "${name}" missing`);
  for (const [name, b] of Object.entries(schema.blocks))
    if (b.required && !(name in body) && !dynamicTypes.has(name)) fail(where, `required block "${name}" missing`);
}

// `aws_instance.x[*].private_ip`, `data.aws_ami.y[0].id`: the attribute must exist.
function checkReferences(where, value, declared) {
  if (typeof value === "string") {
    const re = /(?<![\w.])(data\.)?([a-z][a-z0-9]*_[a-z0-9_]+)\.([A-Za-z0-9_-]+)(?:\[[^\]]*\])?\.([a-z0-9_]+)/g;
    for (const m of value.matchAll(re)) {
      const kind = m[1] ? "data" : "resource";
      const key = `${kind}.${m[2]}.${m[3]}`;
      const schema = declared.get(key);
      if (!schema) {
        if (kind === "data" || m[2].startsWith(declared.prefix) || m[2] === "terraform_data") fail(where, `reference to undeclared ${key}`);
        continue;
      }
      const attr = m[4];
      const known = schema.computed ?? [];
      if (!(attr in schema.attrs) && !(attr in schema.blocks) && !known.includes(attr.replace(/_/g, "")))
        fail(where, `${key} has no attribute "${attr}"`);
    }
  } else if (Array.isArray(value)) {
    value.forEach((v) => checkReferences(where, v, declared));
  } else if (value && typeof value === "object") {
    Object.values(value).forEach((v) => checkReferences(where, v, declared));
  }
}

async function checkModule(dir) {
  const { json, docs } = await loadModule(dir);
  const all = (key) => docs.flatMap((d) => bodies(d[key] ?? []));
  const required = Object.assign({}, ...all("terraform").flatMap((t) => bodies(t.required_providers ?? [])));
  const names = Object.keys(required);
  if (names.length !== 1 || !PROVIDERS[names[0]]) return fail(dir, `unknown provider ${JSON.stringify(required)}`);
  const local = names[0];
  const schema = PROVIDERS[local]();
  const minVersion = String(required[local].version ?? "").match(/>=\s*(\d+\.\d+\.\d+)/)?.[1] ?? null;
  const ctx = { json, minVersion: local === "alicloud" ? minVersion : null };
  if (local === "alicloud" && !minVersion) fail(dir, `alicloud version constraint has no lower bound: ${required[local].version}`);

  const declared = new Map();
  declared.prefix = `${local}_`;
  const instances = [];
  for (const kind of ["resource", "data"]) {
    for (const group of all(kind)) {
      for (const [type, byName] of Object.entries(group)) {
        const typeSchema = type === "terraform_data" && kind === "resource" ? TERRAFORM_DATA : schema[kind][type];
        for (const [name, body] of Object.entries(byName)) {
          const where = `${path.basename(dir)}: ${kind === "data" ? "data." : ""}${type}.${name}`;
          if (!typeSchema) { fail(where, `no ${kind} type ${type} in the provider schema`); continue; }
          if (ctx.minVersion && typeSchema.since && !versionAtLeast(ctx.minVersion, typeSchema.since))
            fail(where, `${type} needs provider ${typeSchema.since}, the constraint allows ${ctx.minVersion}`);
          declared.set(`${kind}.${type}.${name}`, typeSchema);
          for (const b of bodies(body)) instances.push([where, b, typeSchema]);
        }
      }
    }
  }
  for (const [where, body, typeSchema] of instances) {
    checkBody(where, body, typeSchema, ctx);
    checkReferences(where, body, declared);
  }
  for (const group of all("provider")) {
    for (const [name, body] of Object.entries(group)) {
      if (name !== local) { fail(dir, `provider block "${name}" does not match ${local}`); continue; }
      for (const b of bodies(body)) checkBody(`${path.basename(dir)}: provider.${name}`, b, schema.provider, { ...ctx, minVersion: null });
    }
  }
  for (const group of all("output")) for (const [name, body] of Object.entries(group)) checkReferences(`output.${name}`, body, declared);
  for (const group of all("locals")) checkReferences(`${path.basename(dir)}: locals`, group, declared);
}

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error("usage: node check_schema.mjs DIR...");
  process.exit(2);
}
let count = 0;
for (const dir of dirs) {
  for (const module of findModules(dir, [])) {
    await checkModule(module);
    count++;
  }
}
if (!count) fail(dirs.join(" "), "no module found");
console.log(`${count} module(s) checked against the provider schemas, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
