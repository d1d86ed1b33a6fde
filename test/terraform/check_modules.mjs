// Parses every Terraform module gpuspec emitted with HashiCorp's HCL parser
// (@cdktf/hcl2json: HCL v2 compiled to WebAssembly) and checks its structure.
//
//   node check_modules.mjs [--expect FILE.json] DIR...
//
// Each DIR is searched recursively for module folders (a folder with versions.tf or
// versions.tf.json). Every .tf must parse (hcl2json rejects syntax errors), every
// .tf.json must be JSON. Checks: the four files exist; required_providers pins the
// provider; the instance resource exists with a literal instance type/size and a
// numeric count; tags carry managed-by = gpuspec; no string holds an interpolation
// other than the emitter's own references (var., local., data., resource types, count.).
// --expect names a JSON file {"instance_type": ..., "count": N, "tags": {k: v},
// "variables": {name: default}} whose values must come back literally.
import { parse } from "@cdktf/hcl2json";
import fs from "node:fs";
import path from "node:path";

const PROVIDERS = {
  aws: { source: "hashicorp/aws", version: "~> 6.0", instance: "aws_instance", typeKey: "instance_type" },
  azurerm: { source: "hashicorp/azurerm", version: "~> 4.0", instance: "azurerm_linux_virtual_machine", typeKey: "size" },
  alicloud: { source: "aliyun/alicloud", version: ">= 1.250.0, < 2.0.0", instance: "alicloud_instance", typeKey: "instance_type" },
};
const FILES = ["versions", "main", "variables", "outputs"];
const TEMPLATE = "cloud-init.yaml.tftpl";

let failures = 0;
const fail = (where, message) => {
  failures++;
  console.error(`FAIL ${where}: ${message}`);
};

// hcl2json returns template source: a literal "${" comes back as "$${".
const decodeTemplate = (s) => s.replace(/\$\$\{/g, "${").replace(/%%\{/g, "%{");
const one = (v) => (Array.isArray(v) ? v[0] : v);

function findModules(dir, out) {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.isFile() && (e.name === "versions.tf" || e.name === "versions.tf.json"))) out.push(dir);
  for (const e of entries) if (e.isDirectory()) findModules(path.join(dir, e.name), out);
  return out;
}

// Every "${...}" in a string value must be one of the emitter's references.
const ALLOWED = new RegExp("^\\$\\{(" + [
  "var\\.", "local\\.", "data\\.", "count\\.", "path\\.module", "terraform_data\\.", "aws_", "azurerm_", "alicloud_",
  // dynamic block iterators
  "identity\\.value", "capacity_reservation_specification\\.value",
  // functions
  "merge\\(", "cidrsubnet\\(", "substr\\(", "base64encode\\(", "templatefile\\(", "formatlist\\(", "can\\(",
  "length\\(", "replace\\(", "trimprefix\\(", "element\\(", "anytrue\\(",
  "string\\}", "number\\}", "bool\\}", "list\\(string\\)\\}", "map\\(string\\)\\}",
].join("|") + ")");
function checkInterpolations(where, value) {
  if (typeof value === "string") {
    for (let i = value.indexOf("${"); i >= 0; i = value.indexOf("${", i + 2)) {
      if (i > 0 && value[i - 1] === "$") continue;  // escaped
      if (!ALLOWED.test(value.slice(i))) fail(where, `unexpected interpolation in ${JSON.stringify(value)}`);
    }
    for (let i = value.indexOf("%{"); i >= 0; i = value.indexOf("%{", i + 2)) {
      if (!(i > 0 && value[i - 1] === "%")) fail(where, `template directive in ${JSON.stringify(value)}`);
    }
  } else if (Array.isArray(value)) {
    value.forEach((v) => checkInterpolations(where, v));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "ignore_changes" || k === "depends_on") {
        // Lists of bare traversals ("ami"; hcl2json shows them as "${ami}").
        for (const t of [].concat(v)) {
          if (typeof t !== "string" || !/^(\$\{)?[A-Za-z_][\w.-]*\}?$/.test(t)) fail(where, `${k} element ${JSON.stringify(t)}`);
        }
        continue;
      }
      checkInterpolations(where, k);
      checkInterpolations(where, v);
    }
  }
}

async function loadModule(dir) {
  const json = fs.existsSync(path.join(dir, "versions.tf.json"));
  const merged = {};
  for (const name of FILES) {
    const file = path.join(dir, `${name}.tf${json ? ".json" : ""}`);
    if (!fs.existsSync(file)) {
      fail(dir, `missing ${path.basename(file)}`);
      continue;
    }
    const text = fs.readFileSync(file, "utf8");
    let doc;
    try {
      doc = json ? JSON.parse(text) : await parse(path.basename(file), text);
    } catch (e) {
      fail(file, `does not parse: ${String(e).split("\n")[0]}`);
      continue;
    }
    // In .tf.json a variable's default and description are literal JSON values
    // (Terraform decodes them without evaluating templates): skip them here.
    const scanned = json && doc.variable
      ? { ...doc, variable: Object.fromEntries(Object.entries(doc.variable).map(([k, v]) => [k, { ...v, default: null, description: null }])) }
      : doc;
    checkInterpolations(file, scanned);
    for (const [k, v] of Object.entries(doc)) merged[k] = merged[k] ? [].concat(merged[k], v) : v;
  }
  return { json, doc: merged };
}

// Normalizes hcl2json's arrays-of-blocks and tf.json's objects to plain objects.
const blockBody = (v) => one(v) ?? {};
function resources(doc, type) {
  const out = {};
  for (const r of [].concat(doc.resource ?? [])) Object.assign(out, r[type] ?? {});
  return out;
}

async function checkModule(dir, expect) {
  const { json, doc } = await loadModule(dir);
  if (failures) return;
  const terraform = blockBody([].concat(doc.terraform ?? [])[0]);
  const required = blockBody(terraform.required_providers);
  const names = Object.keys(required);
  if (names.length !== 1 || !PROVIDERS[names[0]]) return fail(dir, `required_providers: ${JSON.stringify(required)}`);
  const p = PROVIDERS[names[0]];
  if (required[names[0]].source !== p.source || required[names[0]].version !== p.version)
    fail(dir, `provider pin ${JSON.stringify(required[names[0]])}`);
  const instances = resources(doc, p.instance);
  const keys = Object.keys(instances).filter((k) => !k.endsWith("_bastion"));  // the jump host is not a node
  if (keys.length !== 1) return fail(dir, `expected one ${p.instance}, found ${keys.length}`);
  const inst = blockBody(instances[keys[0]]);
  if (typeof inst[p.typeKey] !== "string" || inst[p.typeKey].includes("${"))
    fail(dir, `${p.typeKey} is not a literal: ${inst[p.typeKey]}`);
  if (typeof inst.count !== "number") fail(dir, `count is not a number: ${inst.count}`);
  const locals = Object.assign({}, ...[].concat(doc.locals ?? []).map(blockBody));
  const tags = locals.tags ?? {};
  if (tags["managed-by"] !== "gpuspec") fail(dir, `tags lack managed-by = gpuspec: ${JSON.stringify(tags)}`);
  const variables = Object.assign({}, ...[].concat(doc.variable ?? []).map((v) => v));
  for (const v of ["region", "ssh_public_key", "name", "ssh_allowed_cidrs", "user_data", "data_mount_path"])
    if (!variables[v]) fail(dir, `variable ${v} missing`);
  if (!fs.existsSync(path.join(dir, TEMPLATE))) fail(dir, `missing ${TEMPLATE}`);
  else if (!fs.readFileSync(path.join(dir, TEMPLATE), "utf8").startsWith("#cloud-config\n"))
    fail(dir, `${TEMPLATE} is not a cloud-config document`);
  const outputs = Object.assign({}, ...[].concat(doc.output ?? []));
  for (const o of ["instance_ids", "private_ips", "ssh_commands"]) if (!outputs[o]) fail(dir, `output ${o} missing`);
  if (p.instance === "aws_instance" && inst.network_interface) fail(dir, "deprecated aws_instance.network_interface");
  if (p.instance === "azurerm_linux_virtual_machine") {
    const nics = resources(doc, "azurerm_network_interface");
    const nic = blockBody(Object.entries(nics).find(([k]) => !k.endsWith("_bastion"))?.[1]);
    if (nic.accelerated_networking_enabled !== true) fail(dir, "accelerated_networking_enabled is not true");
    if (inst.disable_password_authentication !== true) fail(dir, "password authentication not disabled");
  }

  if (!expect) return;
  if (expect.instance_type && inst[p.typeKey] !== expect.instance_type)
    fail(dir, `${p.typeKey} ${inst[p.typeKey]} != ${expect.instance_type}`);
  if (expect.count !== undefined && inst.count !== expect.count) fail(dir, `count ${inst.count} != ${expect.count}`);
  for (const [k, want] of Object.entries(expect.tags ?? {})) {
    // Tags are template expressions in both syntaxes: compare the decoded literal.
    const got = tags[k];
    if (typeof got !== "string" || decodeTemplate(got) !== want)
      fail(dir, `tag ${k}: got ${JSON.stringify(got)}, want literal ${JSON.stringify(want)}`);
  }
  for (const [k, want] of Object.entries(expect.variables ?? {})) {
    const got = blockBody(variables[k]).default;
    // A variable default is a literal value in .tf.json, a template in .tf.
    const value = json || typeof got !== "string" ? got : decodeTemplate(got);
    if (value !== want) fail(dir, `variable ${k}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

const args = process.argv.slice(2);
let expect = null;
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--expect") expect = JSON.parse(fs.readFileSync(args[++i], "utf8"));
  else dirs.push(args[i]);
}
if (!dirs.length) {
  console.error("usage: node check_modules.mjs [--expect FILE.json] DIR...");
  process.exit(2);
}
let count = 0;
for (const dir of dirs) {
  for (const module of findModules(dir, [])) {
    await checkModule(module, expect);
    count++;
  }
}
if (!count) fail(dirs.join(" "), "no module found");
console.log(`${count} module(s) checked, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
