// Schemas of the kinds users write: workload, server, cloud, and policy.
// Symbols listed here are the vocabulary of docs/language.md; a wrong one is an error
// that lists these.
#include "sema/schema.h"

namespace gpuspec::sema {

namespace {

using units::Dimension;

const BlockSchema& software_block() {
  static const BlockSchema schema{
      "software",
      {
          {"os", {versioned({"ubuntu", "rocky", "rhel", "debian", "centos", "windows", "windows_server"}), symbol({"linux", "windows"})}, false, "", "operating system, e.g. ubuntu@22.04"},
          {"framework", {versioned({"pytorch", "tensorflow", "jax", "mindspore", "paddle"}), list_of(versioned({"pytorch", "tensorflow", "jax", "mindspore", "paddle"}))}, false, "", "deep-learning framework with its version, e.g. pytorch@2.3"},
          {"cuda", {string()}, false, "", "CUDA toolkit version, e.g. \"12.1\""},
          {"driver", {string()}, false, "", "NVIDIA driver version"},
          {"containers", {symbol({"docker", "singularity", "apptainer", "podman", "none"}), list_of(symbol({"docker", "singularity", "apptainer", "podman"}))}, false, "none", "container runtime for environment isolation"},
          {"monitoring", {list_of(symbol({"nvidia_smi", "dcgm", "prometheus", "grafana"})), symbol({"nvidia_smi", "dcgm", "prometheus", "grafana", "none"})}, false, "none", "GPU monitoring stack"},
          {"distributed", {list_of(symbol({"deepspeed", "megatron", "fsdp", "ddp", "horovod", "colossalai"})), symbol({"deepspeed", "megatron", "fsdp", "ddp", "horovod", "colossalai", "none"})}, false, "none", "distributed training framework"},
      }};
  return schema;
}

const BlockSchema& acceptance_block() {
  static const BlockSchema schema{
      "acceptance",
      {
          {"burn_in", {quantity(Dimension::duration())}, false, "", "stress test length before acceptance (000 §6.2: 72 h)"},
          {"benchmark", {list_of(symbol({"mlperf", "torchbench", "nccl_tests", "ib_write_bw"})), symbol({"mlperf", "torchbench", "nccl_tests", "ib_write_bw"})}, false, "", "benchmarks run before purchase or acceptance"},
          {"rdma_test", {symbol({"ib_write_bw", "perftest", "none"})}, false, "", "RDMA bandwidth acceptance test (000 §6.3)"},
      }};
  return schema;
}

// LoRA/QLoRA adapters. The defaults are LLaMA-Factory's (finetuning_args.py: lora_rank 8,
// lora_target "all"); PEFT's own LoraConfig defaults to r = 8 on q_proj and v_proj for
// Llama (peft/utils/constants.py).
const BlockSchema& lora_block() {
  static const BlockSchema schema{
      "lora",
      {
          {"rank", {positive_count()}, false, "8", "adapter rank r (LLaMA-Factory lora_rank)"},
          {"targets", {symbol({"all"}), list_of(symbol({"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"}))}, false, "all",
           "the projections adapters wrap: all (every linear layer of a block), or a list such as [q_proj, v_proj]"},
      }};
  return schema;
}

const BlockSchema& workload_body() {
  static const BlockSchema schema{
      "workload",
      {
          {"task", {symbol({"llm.pretrain", "llm.finetune", "llm.inference", "cv.classification", "cv.detection", "cv.segmentation", "recsys", "scientific"})}, true, "", "what the job does"},
          {"model", {reference({"model"})}, false, "", "a well-known model shape from the stdlib, e.g. models.llama2_7b"},
          {"params", {positive_count().at_most(1e15)}, false, "the model's", "model parameters, e.g. 7B"},
          {"layers", {positive_count()}, false, "the model's", "transformer layers (for activation and KV-cache estimates)"},
          {"hidden", {positive_count()}, false, "the model's", "hidden size"},
          {"heads", {positive_count()}, false, "the model's", "attention heads"},
          {"kv_heads", {positive_count()}, false, "the model's, else heads", "key/value heads (grouped-query attention)"},
          {"intermediate", {positive_count()}, false, "the model's, else 4 x hidden", "MLP inner width (the adapters on gate/up/down)"},
          {"vocab", {positive_count()}, false, "the model's", "vocabulary size (the fp32 logits of the loss)"},
          {"precision", {symbol({"fp32", "tf32", "fp16", "bf16", "fp8", "int8", "int4"})}, false, "bf16", "training or inference precision"},
          {"method", {symbol({"full", "lora", "qlora", "freeze", "inference"})}, false, "full (inference for llm.inference)", "how the weights are trained"},
          {"optimizer", {symbol({"adamw", "adam", "sgd", "adafactor", "lion", "adamw_8bit"})}, false, "adamw", "optimizer"},
          {"sharding", {symbol({"none", "zero1", "zero2", "zero3", "fsdp"})}, false, "none", "optimizer/gradient/parameter sharding across GPUs"},
          {"tensor_parallel", {positive_count()}, false, "1", "tensor-parallel degree: GPUs one layer is split over"},
          {"pipeline_parallel", {positive_count()}, false, "1", "pipeline-parallel degree: stages the layers are split into"},
          {"data_parallel", {positive_count()}, false, "the deployment's GPUs / (tensor_parallel x pipeline_parallel)",
           "data-parallel replicas (ZeRO/FSDP shard the states over them)"},
          {"recompute", {symbol({"none", "selective", "full"})}, false, "full for llm.finetune, else none", "activation recomputation (gradient checkpointing = full)"},
          {"attention", {symbol({"sdpa", "flash2", "eager"})}, false, "sdpa", "attention kernel: sdpa and flash2 (FlashAttention-2) never store the score matrix, eager does"},
          {"offload", {symbol({"none", "cpu", "nvme"})}, false, "none", "ZeRO-Offload/ZeRO-Infinity target of the sharded training states (needs sharding)"},
          {"lora", {block(lora_block())}, false, "rank = 8, targets = all", "LoRA/QLoRA adapters: rank and target projections"},
          {"seq_len", {positive_count()}, false, "2048 (at most the model's) for llm.finetune, else the model's", "sequence length in tokens"},
          {"batch_size", {positive_count()}, false, "1", "micro-batch size per GPU"},
          {"dataset", {quantity(Dimension::data())}, false, "", "training data size"},
          {"samples", {positive_count().at_most(1e15)}, false, "", "number of training samples"},
          {"stage", {symbol({"experiment", "production"})}, false, "experiment", "experiment or production"},
          {"horizon", {quantity(Dimension::duration())}, false, "", "how long the hardware must serve"},
          {"data", {symbol({"public", "internal", "confidential"})}, false, "internal", "data sensitivity"},
          {"preprocessing", {symbol({"none", "light", "heavy"})}, false, "light", "online preprocessing/augmentation load"},
          {"checkpoint_every", {positive_count()}, false, "", "checkpoint interval in steps"},
          {"duration", {quantity(Dimension::duration())}, false, "", "expected length of one training run"},
          {"first_project", {boolean()}, false, "false", "the team's first project with no proven workload (002 §5)"},
          {"budget", {quantity(Dimension::money_amount())}, false, "", "budget for the hardware serving this workload"},
          {"software", {block(software_block())}, false, "", "software stack"},
      }};
  return schema;
}

const BlockSchema& data_storage_block() {
  static const BlockSchema schema{
      "data",
      {
          {"drives", {multiplicity({"disk"})}, true, "", "drives of the data volume, e.g. 2 x samsung.pm9a3_7_68tb"},
          {"raid", {symbol({"none", "raid0", "raid1", "raid5", "raid6", "raid10"})}, false, "none", "RAID level"},
      }};
  return schema;
}

const BlockSchema& server_storage_block() {
  static const BlockSchema schema{
      "storage",
      {
          {"system", {multiplicity({"disk"})}, false, "", "system disk"},
          {"data", {block(data_storage_block()), multiplicity({"disk"})}, false, "", "training-data volume"},
          {"checkpoint", {block(data_storage_block()), multiplicity({"disk"})}, false, "", "checkpoint volume"},
          {"archive", {symbol({"nas", "hdd", "object_storage", "tape", "none"}), multiplicity({"disk"})}, false, "none", "long-term archive target"},
      }};
  return schema;
}

const BlockSchema& network_block() {
  static const BlockSchema schema{
      "network",
      {
          {"fabric", {symbol({"infiniband", "roce", "ethernet", "none"})}, false, "ethernet", "fabric between nodes"},
          {"bandwidth", {quantity(Dimension::bandwidth())}, false, "", "per-node fabric bandwidth"},
          {"nic", {multiplicity({"nic"})}, false, "", "network adapters per node"},
          {"switch", {multiplicity({"part"})}, false, "", "fabric switches for the cluster"},
      }};
  return schema;
}

const BlockSchema& site_block() {
  static const BlockSchema schema{
      "site",
      {
          {"region", {symbol({"cn", "us", "eu", "jp", "sg", "other"})}, false, "other", "where the hardware is installed"},
          {"currency", {symbol({"CNY", "USD"})}, false, "USD", "currency for quotes"},
          // PUE is total facility power over IT power: 1 at best (The Green Grid, White
          // Paper #49, "PUE: A Comprehensive Examination of the Metric", 2012).
          {"pue", {number({1, 10})}, false, "the price book's", "power usage effectiveness of the site"},
          {"max_gpu_temp", {quantity(Dimension::temperature())}, false, "", "GPU temperature the cooling is designed to hold"},
      }};
  return schema;
}

// What `gpuspec probe` read each of a server's properties from; the facts of that
// property carry it as their origin's probed_from (docs/probe.md).
const BlockSchema& probed_from_block() {
  static const BlockSchema schema{
      "probed_from",
      {
          {"gpu", {string()}, false, "", "where gpu came from (\"nvidia-smi -q -x\"), or why it was not probed"},
          {"gpu_link", {string()}, false, "", "where gpu_link came from (\"nvidia-smi topo -m\")"},
          {"cpu", {string()}, false, "", "where cpu came from (\"lscpu -J\")"},
          {"memory", {string()}, false, "", "where memory came from (\"dmidecode -t memory\", /proc/meminfo)"},
          {"storage", {string()}, false, "", "where storage came from (\"lsblk -J -O -b\", \"nvme list -o json\")"},
          {"network", {string()}, false, "", "where network came from (\"ip -j link\", ibstat)"},
          {"psu", {string()}, false, "", "where psu came from (\"ipmitool fru\")"},
          {"software", {string()}, false, "", "where software came from (/etc/os-release, nvidia-smi, python3 -c 'import torch')"},
      }};
  return schema;
}

const BlockSchema& server_body() {
  static const BlockSchema schema{
      "server",
      {
          {"serves", {reference({"workload"}), list_of(reference({"workload"}))}, false, "", "the workload(s) this build serves"},
          {"nodes", {positive_count()}, false, "1", "identical nodes in the cluster"},
          {"gpu", {multiplicity({"gpu"})}, true, "", "GPUs per node, e.g. 8 x nvidia.h100_80gb_sxm"},
          {"gpu_link", {symbol(gpu_link_symbols())}, false, "pcie", "how GPUs in a node talk to each other"},
          {"cpu", {multiplicity({"cpu"})}, true, "", "CPU sockets per node"},
          {"memory", {multiplicity({"memory"}), quantity(Dimension::data())}, true, "",
           "DIMMs per node, or the total when the DIMMs are not known (a probe without dmidecode)"},
          {"storage", {block(server_storage_block())}, false, "", "storage volumes"},
          {"psu", {multiplicity({"psu"})}, false, "", "power supplies per node"},
          {"psu_mode", {symbol({"single", "redundant", "dual_feed"})}, false, "single", "power redundancy"},
          {"chassis", {reference({"chassis"})}, false, "", "chassis"},
          {"motherboard", {reference({"motherboard"})}, false, "",
           "the board of a tower or workstation build (a rack barebone or DGX chassis includes its own)"},
          {"cooling", {symbol({"air_tower", "air_server", "liquid_aio", "liquid_custom", "liquid_direct"})}, false, "", "cooling design"},
          {"cooler", {multiplicity({"cooling"})}, false, "",
           "the cooling product, when the chassis is not built for `cooling` (liquid in an air-cooled case)"},
          {"other_power", {quantity(Dimension::power())}, false, "the catalog's", "draw of everything besides GPUs and CPUs (drives, fans, NICs)"},
          {"network", {block(network_block())}, false, "", "fabric between nodes"},
          {"site", {block(site_block())}, false, "", "installation site"},
          {"software", {block(software_block())}, false, "", "software stack"},
          {"acceptance", {block(acceptance_block())}, false, "", "acceptance tests"},
          {"budget", {quantity(Dimension::money_amount())}, false, "", "capital budget"},
          {"uptime", {symbol({"office_hours", "24x7"})}, false, "24x7", "how the server runs"},
          {"probed_from", {block(probed_from_block())}, false, "",
           "what `gpuspec probe` read each property from; a probed server may leave out the required properties "
           "the probe could not see"},
      }};
  return schema;
}

const BlockSchema& cloud_storage_block() {
  static const BlockSchema schema{
      "storage",
      {
          {"system", {quantity(Dimension::data())}, false, "", "system disk size"},
          {"data", {quantity(Dimension::data()), symbol({"local_nvme"})}, false, "",
           "data disk size, or `local_nvme` to keep the data on the instance's own NVMe drives (no data disk)"},
          {"data_kind", {symbol({"ssd", "nvme", "hdd"})}, false, "ssd", "data disk class"},
      }};
  return schema;
}

// How people reach the nodes (docs/terraform.md, "Access").
const BlockSchema& cloud_access_block() {
  static const BlockSchema schema{
      "access",
      {
          {"ssh", {symbol({"bastion", "public_ip", "existing_network"})}, false, "bastion",
           "bastion: a new network, the nodes private behind a jump host and a NAT gateway; public_ip: a new network, "
           "a public address per node; existing_network: the nodes join a network you name, no public address"},
          {"from", {list_of(string()), string()}, false, "asked by terraform",
           "IPv4 CIDR blocks allowed to reach SSH, e.g. [\"203.0.113.0/24\"]"},
          {"bandwidth", {quantity(Dimension::bandwidth())}, false, "100 Mbps",
           "Alibaba Cloud: the public bandwidth cap of the NAT gateway's EIP (bastion) or of each node (public_ip), "
           "billed by traffic; AWS and Azure meter no bandwidth"},
      }};
  return schema;
}

const BlockSchema& tags_block() {
  static const BlockSchema schema{"tags", {}, true, {string()}};
  return schema;
}

const BlockSchema& cloud_body() {
  static const BlockSchema schema{
      "cloud",
      {
          {"serves", {reference({"workload"}), list_of(reference({"workload"}))}, false, "", "the workload(s) this deployment serves"},
          {"provider", {symbol({"aws", "azure", "alicloud"})}, true, "", "cloud provider"},
          {"instance", {reference({"instance"})}, true, "", "instance type from the catalog, e.g. aws.p4d_24xlarge"},
          {"count", {positive_count()}, false, "1", "number of instances"},
          {"region", {string()}, true, "", "provider region, e.g. \"us-east-1\""},
          {"zone", {string()}, false, "", "availability zone"},
          {"duration", {quantity(Dimension::duration())}, false, "", "how long the instances run"},
          {"utilization", {percent()}, false, "100%", "share of the hours the instances do the work (the Terraform module runs them every hour; the quote bills every hour and uses this for the on-premises side of a comparison)"},
          {"pricing", {symbol({"on_demand", "reserved_1y", "reserved_3y", "spot", "capacity_block"})}, false, "on_demand",
           "how the instances are bought, and which price the quote uses: spot makes the Terraform module launch "
           "Spot instances, capacity_block (AWS) launches into a Capacity Block"},
          {"storage", {block(cloud_storage_block())}, false, "", "disks"},
          {"tags", {block(tags_block())}, false, "", "resource tags"},
          {"access", {block(cloud_access_block())}, false, "ssh = bastion", "how people reach the nodes over SSH"},
          {"ssh_user", {string()}, false, "", "admin user name"},
          {"image", {string()}, false, "", "image override"},
          {"software", {block(software_block())}, false, "", "software stack"},
          {"budget", {quantity(Dimension::money_amount())}, false, "", "budget for the deployment"},
      }};
  return schema;
}

// `severity_when { warning = <expr> }`: a violation is reported at the named, lower
// level when the expression holds (a fixed cloud instance, an estimate whose frugal
// bound fits). The rule keeps its id.
const BlockSchema& severity_when_block() {
  static const BlockSchema schema{
      "severity_when",
      {
          {"warning", {expression()}, false, "", "report a violation as a warning when this holds"},
          {"info", {expression()}, false, "", "report a violation as information when this holds"},
      }};
  return schema;
}

const BlockSchema& policy_body() {
  static const BlockSchema schema{
      "policy",
      {
          {"severity", {symbol({"error", "warning", "info"})}, true, "", "default severity"},
          {"severity_when", {block(severity_when_block())}, false, "", "lower levels for violations where a condition holds"},
          {"suggest_instances", {boolean()}, false, "false", "on a cloud deployment, name the catalog instances that pass instead of the hint"},
          {"applies", {symbol({"server", "cloud", "workload"}), list_of(symbol({"server", "cloud", "workload"}))}, true, "", "declaration kinds the policy checks"},
          {"when", {expression()}, false, "true", "guard: the policy is silent when false"},
          {"require", {expression()}, true, "", "what must hold"},
          {"at", {expression()}, false, "the declaration name", "the property the diagnostic points at"},
          {"message", {string()}, true, "", "message with {expr} interpolation"},
          {"hint", {string()}, false, "", "help line with {expr} interpolation"},
          {"source", {string()}, true, "", "citation of the source document section"},
          {"english", {string()}, false, "", "the citation in English, when `source` quotes a text in another language"},
          {"doc", {string()}, false, "", "long explanation for `gpuspec explain`"},
          {"help_url", {string()}, false, "", "a page that documents the rule (SARIF helpUri): your wiki, your runbook"},
          {"example_fail", {string()}, false, "", "a declaration the policy fires on, shown by `gpuspec explain`"},
          {"example_pass", {string()}, false, "", "the same declaration fixed, shown by `gpuspec explain`"},
      }};
  return schema;
}

}  // namespace

std::span<const KindSchema> user_kinds() {
  static const KindSchema kinds[] = {
      {"workload", false, workload_body(), "an ML job: task, model size, precision, method, data, horizon, stage"},
      {"server", false, server_body(), "an on-premises build: GPUs, CPUs, memory, storage, power, cooling, site"},
      {"cloud", false, cloud_body(), "a cloud deployment: provider, instance type, count, region, duration"},
      {"policy", false, policy_body(), "a lint rule"},
  };
  return kinds;
}

}  // namespace gpuspec::sema
