// Schemas of the catalog kinds: the parts, instances, price book and compatibility
// data that stdlib/ (or a user's own catalog) declares. Property names follow the fact
// model (docs/facts.md) so the fact resolver can copy a catalog value straight into a
// fact (gpu.vram, cpu.tdp, memory.speed, storage.*.read_bw ...). docs/catalog.md
// documents the same tables for humans; keep the two in step.
#include <utility>

#include "sema/schema.h"

namespace gpuspec::sema {
namespace {

using units::Dimension;

// CNY/kWh or USD/kWh: money per energy (energy = W * s).
constexpr Dimension energy_price() { return {.seconds = -1, .watts = -1, .money = 1}; }

// Every catalog fact must say where it came from and when, so `gpuspec catalog` can
// show provenance and stale or unverified data stands out.
std::vector<PropertySchema> with_provenance(std::vector<PropertySchema> properties) {
  properties.push_back({"source", {string()}, true, "", "where the values come from: datasheet, provider page, report"});
  properties.push_back({"source_url", {string()}, false, "", "the source's address (https://...), when it has one"});
  properties.push_back({"as_of", {date()}, true, "", "date the source states (published, effective or updated), \"YYYY-MM-DD\""});
  properties.push_back({"verified", {boolean()}, false, "true",
                        "false when a value could not be checked against a primary source; `notes` says which"});
  properties.push_back({"notes", {string()}, false, "", "caveats: unverified values, errors in the seed documents"});
  properties.push_back({"description", {string()}, false, "", "the vendor's own name of the part"});
  properties.push_back({"probed_from", {string()}, false, "",
                        "the tool output a part `gpuspec probe` declared comes from (\"nvidia-smi -q -x\"); a probed "
                        "part may leave out the required properties the tool cannot see"});
  return properties;
}

KindSchema catalog_kind(std::string_view kind, std::vector<PropertySchema> properties, std::string_view doc) {
  KindSchema schema;
  schema.kind = kind;
  schema.catalog = true;
  schema.body.name = kind;
  schema.body.properties = with_provenance(std::move(properties));
  schema.doc = doc;
  return schema;
}

// Symbol sets shared by several kinds; a user spec and the catalog must agree on them.
std::vector<std::string_view> cooling_symbols() { return {"air_tower", "air_server", "liquid_aio", "liquid_custom"}; }
std::vector<std::string_view> fabric_symbols() { return {"infiniband", "ethernet", "roce"}; }
std::vector<std::string_view> pcie_symbols() { return {"gen3", "gen4", "gen5"}; }
std::vector<std::string_view> memory_kind_symbols() { return {"ddr4", "ddr5"}; }
std::vector<std::string_view> dimm_form_symbols() { return {"rdimm", "udimm", "lrdimm"}; }
std::vector<std::string_view> provider_symbols() { return {"aws", "azure", "alicloud"}; }
std::vector<std::string_view> currency_symbols() { return {"CNY", "USD"}; }
std::vector<std::string_view> socket_symbols() { return {"lga4677", "sp3", "sp5", "str5", "lga1700"}; }
// Where a part is sold (site regions, as `site.region`): a China-market part lists
// [cn]; no `markets` means every market.
std::vector<std::string_view> market_symbols() { return {"cn", "us", "eu", "jp", "sg", "other"}; }
// The kinds of price (docs/cost.md, "Price kinds"): what a figure is decides what it may price.
std::vector<std::string_view> price_kind_symbols() {
  return {"list",     "street",    "used",        "distributor_report", "configurator", "estimate",
          "quote",    "on_demand", "reserved_1y", "reserved_3y",        "spot",     "capacity_block"};
}
std::vector<std::string_view> arch_symbols() { return {"volta", "ampere", "ada", "hopper", "blackwell", "davinci"}; }
// How a power supply is built and mounted (docs/catalog.md, "PSU form factors"): a desktop
// ATX or SFX unit cabled into a case, an Intel CRPS or OCP M-CRPS hot-swap module, or a
// server vendor's own hot-swap module. A chassis lists the forms its bays take.
std::vector<std::string_view> psu_form_symbols() { return {"atx", "sfx", "crps", "m_crps", "oem_module"}; }
// Kinds a price can be attached to: anything that can be bought or rented.
std::vector<std::string_view> priced_kinds() {
  return {"gpu", "cpu", "memory", "disk", "psu", "chassis", "motherboard", "cooling", "nic", "part", "instance", "volume", "service"};
}
// Parts a system price (a chassis, barebone or DGX) may already include.
std::vector<std::string_view> includable_kinds() {
  return {"gpu", "cpu", "memory", "disk", "psu", "motherboard", "cooling", "nic", "part"};
}

// A part kind: provenance plus the markets it is sold in.
KindSchema part_kind_of(std::string_view kind, std::vector<PropertySchema> properties, std::string_view doc) {
  properties.push_back({"markets", {list_of(symbol(market_symbols()))}, false, "every market",
                        "the site regions the part is sold in, when the vendor sells it only there (a China-market "
                        "card: [cn]); `gpuspec suggest` offers it only to a site in one of them"});
  return catalog_kind(kind, std::move(properties), doc);
}

}  // namespace

std::vector<std::string_view> gpu_link_symbols() { return {"none", "pcie", "nvlink_bridge", "nvlink", "nvswitch"}; }

namespace {

KindSchema gpu_kind() {
  return part_kind_of(
      "gpu",
      {
          {"vram", {quantity(Dimension::data())}, true, "",
           "memory per GPU as the driver reports it (nvidia-smi's total, in MiB), else the datasheet's figure"},
          {"vram_source", {string()}, false, "",
           "where vram comes from: an nvidia-smi capture (its address, date and driver), or why the datasheet's figure stands"},
          {"memory_type", {symbol({"gddr6", "gddr6x", "gddr7", "hbm2", "hbm2e", "hbm3", "hbm3e"})}, false, "", "memory technology"},
          {"memory_bandwidth", {quantity(Dimension::bandwidth())}, false, "", "peak memory bandwidth"},
          {"board_power", {quantity(Dimension::power())}, true, "", "maximum board power (TDP/TBP)"},
          {"fp16_tflops", {quantity(Dimension::compute())}, false, "", "dense FP16/BF16 tensor throughput (no sparsity)"},
          {"tf32_tflops", {quantity(Dimension::compute())}, false, "", "dense TF32 tensor throughput; omitted = no TF32"},
          {"fp8_tflops", {quantity(Dimension::compute())}, false, "",
           "dense FP8 tensor throughput; omitted = no FP8 tensor cores (gpu.fp8 is false)"},
          {"nvlink", {symbol({"none", "bridge", "nvlink2", "nvlink3", "nvlink4", "nvlink5", "hccs"})}, false, "none",
           "GPU-to-GPU link the card can use: a bridge between PCIe cards, SXM NVLink generations, Huawei HCCS"},
          {"nvlink_bandwidth", {quantity(Dimension::bandwidth())}, false, "", "GPU-to-GPU bandwidth, bidirectional per GPU"},
          {"pcie", {symbol(pcie_symbols())}, false, "", "host interface generation"},
          {"ecc", {boolean()}, false, "", "ECC on the GPU memory"},
          {"form_factor", {symbol({"pcie", "sxm2", "sxm4", "sxm5", "sxm6", "oam", "module"})}, true, "",
           "mechanical form; sxmN by SXM generation: sxm5 Hopper, sxm6 the Blackwell SXM modules of HGX B200/B300"},
          {"class", {symbol({"consumer", "workstation", "datacenter", "cloud"})}, true, "",
           "market class; `cloud` = only rentable (e.g. AWS A10G)"},
          {"arch", {symbol(arch_symbols())}, true, "", "architecture; cuda_arch maps it to a minimum CUDA version"},
          {"mig", {count()}, false, "0", "maximum Multi-Instance GPU partitions, 0 = no MIG"},
          {"max_temp", {quantity(Dimension::temperature())}, false, "", "maximum operating temperature, when the datasheet gives one"},
          {"compute_capability", {string()}, false, "",
           "CUDA compute capability (\"8.6\"); picks the cuda_arch entry for minimum CUDA and bf16/fp8 support"},
          {"slot_width", {count()}, false, "", "expansion slots the card occupies (PCIe cards; 2 = dual-slot)"},
          {"cooler", {symbol({"passive", "active"})}, false, "",
           "the card's own cooling: passive (a heat sink that needs server airflow) or active (fans on the card)"},
          {"pcie_lanes", {count()}, false, "", "PCIe lanes of the host interface (16 for an x16 card)"},
          {"pci_ids", {list_of(string())}, false, "",
           "PCI vendor:device ids of the part (\"10de:2684\"), by which `gpuspec probe` recognises it"},
          {"pci_ids_source", {string()}, false, "", "where pci_ids come from (the PCI ID Repository's pci.ids)"},
      },
      "a GPU with its datasheet facts");
}

KindSchema cpu_kind() {
  return part_kind_of(
      "cpu",
      {
          {"cores", {count()}, true, "", "physical cores"},
          {"threads", {count()}, false, "", "hardware threads"},
          {"base_clock", {quantity(Dimension::frequency())}, true, "", "base frequency"},
          {"boost_clock", {quantity(Dimension::frequency())}, false, "", "maximum single-core boost frequency"},
          {"memory_channels", {count()}, true, "", "memory channels per socket"},
          {"memory_type", {symbol(memory_kind_symbols())}, true, "", "supported memory"},
          {"memory_speed", {quantity(Dimension::transfer_rate())}, false, "", "maximum supported memory speed (MT/s)"},
          {"tdp", {quantity(Dimension::power())}, true, "", "thermal design power (Intel: processor base power)"},
          {"pcie_lanes", {count()}, false, "", "PCIe lanes from the CPU"},
          {"chipset_lanes", {count()}, false, "",
           "PCIe lanes of the platform's chipset, behind its one link to the CPU (Z790: 28); omitted = not known"},
          {"pcie", {symbol(pcie_symbols())}, false, "", "PCIe generation of those lanes"},
          {"socket", {symbol(socket_symbols())}, false, "", "CPU socket"},
          {"max_power", {quantity(Dimension::power())}, false, "",
           "highest sustained package power the vendor publishes (Intel maximum turbo power, AMD PPT); omitted = tdp"},
          {"memory_forms", {list_of(symbol(dimm_form_symbols()))}, false, "", "DIMM types the platform takes"},
          {"dimms_per_channel", {count()}, false, "", "most DIMMs one memory channel takes"},
      },
      "a CPU with its datasheet facts");
}

KindSchema memory_kind() {
  return part_kind_of(
      "memory",
      {
          {"type", {symbol(memory_kind_symbols())}, true, "", "DRAM generation"},
          {"size", {quantity(Dimension::data())}, true, "", "capacity of one DIMM"},
          {"speed", {quantity(Dimension::transfer_rate())}, true, "", "data rate (MT/s)"},
          {"ecc", {boolean()}, false, "", "ECC DIMM"},
          {"form", {symbol(dimm_form_symbols())}, true, "", "module type"},
          {"power", {quantity(Dimension::power())}, false, "", "maximum draw of one module"},
      },
      "a memory module (DIMM)");
}

KindSchema disk_kind() {
  return part_kind_of(
      "disk",
      {
          {"capacity", {quantity(Dimension::data())}, true, "", "usable capacity (decimal units, as sold)"},
          {"interface", {symbol({"nvme", "sata", "sas"})}, true, "", "host interface"},
          {"form", {symbol({"u2", "m2", "sata_2_5", "hdd_3_5"})}, true, "", "form factor"},
          {"kind", {symbol({"nvme_ssd", "sata_ssd", "hdd"})}, true, "", "storage technology (storage.*.kind)"},
          {"read_bw", {quantity(Dimension::bandwidth())}, false, "", "sequential read, vendor figure"},
          {"write_bw", {quantity(Dimension::bandwidth())}, false, "", "sequential write, vendor figure"},
          {"class", {symbol({"enterprise", "consumer"})}, true, "", "market class"},
          {"endurance_dwpd", {number({0, 100, true})}, false, "", "rated drive writes per day over the warranty"},
          {"power", {quantity(Dimension::power())}, false, "", "maximum draw (active read/write)"},
          {"pcie_lanes", {count()}, false, "", "PCIe lanes of an NVMe drive (4 for x4)"},
      },
      "a disk (SSD or HDD)");
}

KindSchema psu_kind() {
  return part_kind_of(
      "psu",
      {
          {"capacity", {quantity(Dimension::power())}, true, "", "rated output"},
          {"efficiency", {symbol({"bronze", "silver", "gold", "platinum", "titanium"})}, true, "", "80 PLUS rating"},
          {"form_factor", {symbol(psu_form_symbols())}, false, "",
           "how the supply is built and mounted: atx, sfx (desktop units), crps, m_crps, oem_module (hot-swap server modules)"},
          {"hot_swap", {boolean()}, false, "",
           "a hot-swap module that shares the load with its peers (server modules, the modules of a redundant PSU "
           "cage): only such supplies can run N+1 or on two feeds; a desktop ATX or SFX unit cannot"},
          {"module_family", {string()}, false, "",
           "whose hot-swap module it is (\"Supermicro\", \"NVIDIA\"): a vendor's module fits that vendor's bays only"},
      },
      "a power supply unit");
}

KindSchema chassis_kind() {
  return part_kind_of(
      "chassis",
      {
          {"form", {symbol({"tower", "rack_1u", "rack_2u", "rack_4u", "rack_5u", "rack_6u", "rack_8u", "rack_10u"})}, true, "",
           "chassis form (chassis.form)"},
          {"max_gpus", {count()}, false, "", "GPUs the chassis takes"},
          {"gpu_form", {symbol({"pcie", "sxm"})}, false, "", "GPU form the chassis takes"},
          {"sxm_socket", {symbol({"sxm2", "sxm4", "sxm5", "sxm6"})}, false, "",
           "the one SXM module generation a fixed system's baseboard takes (DGX B200: sxm6)"},
          {"baseboard_gpus", {count()}, false, "",
           "SXM systems: the GPUs on the HGX baseboard the system is built around, which is sold with every position "
           "populated (SYS-821GE-TNHR: 8, SYS-421GU-TNXR: 4)"},
          {"baseboard_fabric", {symbol({"nvlink", "nvswitch"})}, false, "",
           "SXM systems: how that board links its GPUs: nvswitch (HGX 8-GPU boards) or nvlink without a switch "
           "(HGX H100 4-GPU)"},
          {"cpu", {multiplicity({"cpu"})}, false, "",
           "a complete system's own CPUs, which it is sold with (DGX A100: 2 x amd.epyc_7742)"},
          {"cpu_socket", {symbol(socket_symbols())}, false, "",
           "the CPU socket of a barebone's own board (SYS-821GE-TNHR: lga4677), as the CPU's `socket`"},
          {"cpu_sockets_required", {positive_count()}, false, "",
           "CPU sockets of a barebone's own board that must be populated for every GPU, NIC and DIMM slot to be "
           "reachable (SYS-821GE-TNHR: 2, the HGX board's PCIe switches hang off both CPUs); omitted where no "
           "source says which CPU the GPUs hang off"},
          {"board_sockets", {positive_count()}, false, "",
           "CPU sockets on a barebone's own board, as its vendor's datasheet or product page states them "
           "(SYS-421GU-TNXR: 2, 'Dual Socket E'): a build cannot populate more"},
          {"cooling", {symbol(cooling_symbols())}, false, "", "cooling the chassis is built for"},
          {"psu_slots", {count()}, false, "", "power supply bays"},
          {"ships_with", {list_of(multiplicity({"psu", "memory", "disk", "nic"}))}, false, "",
           "the parts the chassis ships with as standard, as its cited source states them (SYS-821GE-TNHR: "
           "[6 x generic.psu_3000w_titanium]; DGX B200: its supplies and ConnectX-7 cards): any price of the chassis "
           "covers up to that many of the spec's parts of each model, so the BOM prices only the ones beyond them "
           "and parts of other models"},
          {"psu_forms", {list_of(symbol(psu_form_symbols()))}, false, "", "PSU form factors the bays take"},
          {"psu_modules", {list_of(string())}, false, "",
           "whose hot-swap modules the bays take (a PSU's module_family): [\"Supermicro\"]"},
          {"expansion_slots", {count()}, false, "", "expansion-slot openings for add-in cards (towers)"},
          {"max_gpu_width", {count()}, false, "", "widest GPU its GPU bays take, in slots (2 = double-width)"},
          {"pcie_switch", {boolean()}, false, "",
           "GPUs and NICs hang off PCIe switches, so they do not each take CPU lanes"},
          {"board", {symbol({"atx", "eatx", "proprietary"})}, false, "", "largest motherboard form factor it takes"},
          {"airflow", {symbol({"positive_pressure", "negative_pressure", "front_to_back"})}, false, "",
           "fan layout: tower cases with more intake than exhaust are positive pressure"},
      },
      "a chassis or complete server barebone");
}

KindSchema motherboard_kind() {
  return part_kind_of(
      "motherboard",
      {
          {"socket", {symbol(socket_symbols())}, true, "", "CPU socket (as the CPU's `socket`)"},
          {"sockets", {positive_count()}, true, "", "CPU sockets on the board"},
          {"form", {symbol({"micro_atx", "atx", "eatx", "ceb", "ssi_eeb", "proprietary"})}, true, "",
           "board form factor; a case's `board` says the largest it takes"},
          {"memory_type", {symbol(memory_kind_symbols())}, true, "", "DRAM generation the slots take"},
          {"memory_slots", {positive_count()}, true, "", "DIMM slots on the board (all sockets)"},
          {"memory_forms", {list_of(symbol(dimm_form_symbols()))}, false, "", "DIMM types the slots take"},
          {"pcie_x16_slots", {count()}, false, "", "PCIe x16 slots (physical)"},
      },
      "a motherboard for a tower or workstation build (a rack barebone or DGX includes its own)");
}

KindSchema cooling_kind() {
  return part_kind_of(
      "cooling",
      {
          {"type", {symbol(cooling_symbols())}, true, "", "cooling kind (cooling.kind)"},
          {"capacity", {quantity(Dimension::power())}, false, "", "heat the solution is rated to remove"},
      },
      "a cooling product; specs mostly write cooling as a symbol instead");
}

KindSchema nic_kind() {
  return part_kind_of(
      "nic",
      {
          {"fabric", {symbol(fabric_symbols()), list_of(symbol(fabric_symbols()))}, true, "",
           "fabric(s) the adapter speaks (VPI adapters speak several)"},
          {"bandwidth", {quantity(Dimension::bandwidth())}, true, "", "line rate per port"},
          {"ports", {count()}, false, "", "ports"},
          {"pcie", {symbol(pcie_symbols())}, false, "", "host interface generation"},
          {"pcie_lanes", {count()}, false, "", "PCIe lanes of the host interface"},
          {"power", {quantity(Dimension::power())}, false, "", "maximum draw"},
          {"pci_ids", {list_of(string())}, false, "",
           "PCI vendor:device ids of the adapter (\"15b3:1021\"), by which `gpuspec probe` recognises it"},
          {"pci_ids_source", {string()}, false, "", "where pci_ids come from (the PCI ID Repository's pci.ids)"},
      },
      "a network adapter");
}

KindSchema part_kind() {
  return part_kind_of(
      "part",
      {
          {"category",
           {symbol({"nvlink_bridge", "gpu_baseboard", "switch", "cable", "transceiver", "riser", "other"})},
           true, "", "what the part is"},
          {"compatible_with", {list_of(reference({"gpu", "nic", "chassis", "part"}))}, false, "",
           "parts this one is made for"},
          {"gpu", {multiplicity({"gpu"})}, false, "", "GPUs mounted on the part (baseboards)"},
          {"fabric", {symbol({"nvlink", "nvswitch", "infiniband", "ethernet"})}, false, "", "link or fabric it carries"},
          {"ports", {count()}, false, "", "ports"},
          {"port_bandwidth", {quantity(Dimension::bandwidth())}, false, "", "bandwidth per port or per link"},
          {"power", {quantity(Dimension::power())}, false, "", "maximum power draw"},
          {"system_power", {quantity(Dimension::power())}, false, "",
           "baseboards: the vendor's published maximum for the whole reference system built on it (DGX H100 for HGX H100)"},
      },
      "a generic part: NVLink bridge, HGX baseboard, switch, cable");
}

KindSchema instance_kind() {
  return catalog_kind(
      "instance",
      {
          {"provider", {symbol(provider_symbols())}, true, "", "cloud provider"},
          {"api_name", {string()}, true, "", "the provider's instance-type name, as the API and Terraform want it"},
          {"gpu", {multiplicity({"gpu"})}, true, "", "GPUs of one instance, `N x gpu`"},
          {"gpu_link", {symbol(gpu_link_symbols())}, false, "", "link between those GPUs"},
          {"vcpus", {count()}, true, "", "virtual CPUs"},
          {"cpu_model", {string()}, false, "", "host CPU as the provider names it"},
          {"memory", {quantity(Dimension::data())}, true, "", "instance memory"},
          {"network_bandwidth", {quantity(Dimension::bandwidth())}, false, "", "aggregate network bandwidth"},
          {"network_cards", {count()}, false, "", "network cards (AWS network_card_index count)"},
          {"efa", {boolean()}, false, "false", "AWS Elastic Fabric Adapter"},
          {"infiniband", {boolean()}, false, "false", "InfiniBand between instances"},
          {"local_storage", {quantity(Dimension::data()).within(0, 1e18)}, false, "", "local instance storage; 0 = none"},
          {"local_nvme_drives", {count()}, false, "", "local NVMe SSDs (instance store) of one instance"},
          {"local_nvme_drive_size", {quantity(Dimension::data())}, false, "", "capacity of one local NVMe SSD"},
          {"local_nvme_read_bw", {quantity(Dimension::bandwidth())}, false, "",
           "sequential read of all local NVMe SSDs striped together (RAID 0), as the provider publishes it"},
          {"regions", {list_of(string())}, false, "", "regions where the provider's docs show it offered (not exhaustive)"},
          {"generation2_only", {boolean()}, false, "", "Azure: only Generation 2 VM images boot"},
      },
      "a cloud instance type");
}

KindSchema volume_kind() {
  return catalog_kind(
      "volume",
      {
          {"provider", {symbol(provider_symbols())}, true, "", "cloud provider"},
          {"api_name", {string()}, true, "", "the provider's volume-type name, as the API and Terraform want it (\"gp3\")"},
          {"media", {symbol({"ssd", "hdd"})}, true, "", "storage medium"},
          {"billing", {symbol({"per_capacity", "tiered"})}, false, "per_capacity",
           "per_capacity: amount x size / per (EBS, ESSD); tiered: a disk is billed at the smallest priced tier (`per`) "
           "that holds it (Azure managed disks)"},
          {"max_size", {quantity(Dimension::data())}, false, "", "largest volume of this type"},
          {"baseline_throughput", {quantity(Dimension::bandwidth())}, false, "", "throughput included in the price"},
          {"max_throughput", {quantity(Dimension::bandwidth())}, false, "", "highest throughput one volume can reach"},
          {"baseline_iops", {count()}, false, "", "IOPS included in the price"},
          {"max_iops", {count()}, false, "", "highest IOPS one volume can reach"},
      },
      "a cloud block-storage volume type (EBS gp3, Azure Premium SSD, Alibaba ESSD), priced per capacity and month");
}

// What a Terraform module creates around the GPU instances and the provider bills:
// NAT gateways, public addresses, the bastion host's VM size, data processed.
KindSchema service_kind() {
  return catalog_kind(
      "service",
      {
          {"provider", {symbol(provider_symbols())}, true, "", "cloud provider"},
          {"api_name", {string()}, true, "", "what the module writes for it: a VM size (\"t3.micro\"), a SKU or resource type"},
      },
      "a billable cloud resource a Terraform module creates besides the instances and their disks; its price is "
      "money per hour (billed every hour it exists), money per month (per provisioned unit: IOPS, MiB/s), or money "
      "`per = 1 GB` of traffic");
}

KindSchema model_kind() {
  return catalog_kind(
      "model",
      {
          {"family", {symbol({"llm", "vision", "encoder"})}, true, "", "model family"},
          {"params", {count().at_most(1e15)}, true, "", "parameters, e.g. `7B`"},
          {"layers", {count()}, false, "", "transformer layers (or network depth)"},
          {"hidden", {count()}, false, "", "hidden size"},
          {"heads", {count()}, false, "", "attention heads"},
          {"kv_heads", {count()}, false, "", "key/value heads when grouped-query attention is used"},
          {"intermediate", {count()}, false, "", "MLP inner width (config.json intermediate_size)"},
          {"vocab", {count()}, false, "", "vocabulary size"},
          {"seq_len", {count()}, false, "", "default (trained) context length"},
      },
      "a well-known model shape the estimator can use");
}

KindSchema price_kind() {
  KindSchema schema = catalog_kind(
      "price",
      {
          {"item", {reference(priced_kinds())}, true, "", "the priced part or instance"},
          {"amount",
           {quantity(Dimension::money_amount()), quantity(Dimension::money_rate()),
            range_of(quantity(Dimension::money_amount())), range_of(quantity(Dimension::money_rate()))},
           true, "",
           "money for parts, money per time for instances; a point (`3089 USD`) or a range as the source quotes it "
           "(`12000 USD .. 15000 USD`, both ends with their unit)"},
          {"kind", {symbol(price_kind_symbols())}, true, "",
           "list price (vendor MSRP), street price (observed new-part market), used/refurbished, "
           "distributor_report (a distributor's or the trade press's reported price), configurator (a vendor "
           "configurator's snapshot), estimate (derived from a dated, cited figure by `method`), a vendor quote, "
           "on-demand hourly rate, 1- or 3-year reserved hourly rate, spot rate, EC2 Capacity Block hourly rate"},
          {"region", {string()}, false, "", "provider region or market the price holds for"},
          {"per", {quantity(Dimension::data())}, false, "",
           "the amount is for this much capacity: block storage is priced `amount = 0.08 USD/month`, `per = 1 GB`"},
          {"method", {string()}, false, "",
           "how the figure was derived, in one line; required for kind = estimate (\"RDIMM 4.1-5.6 USD/GB from "
           "<cited dated listing>, x 64 GB\")"},
          {"includes", {list_of(multiplicity(includable_kinds()))}, false, "",
           "a system price (the item is a chassis, barebone or DGX): the parts the price already covers, "
           "`[8 x nvidia.h100_80gb_sxm, nvidia.hgx_h100_8gpu]`; the BOM does not price them again"},
          {"covers_host", {symbol({"none", "unrecorded", "complete"})}, false, "none",
           "a system price: whether the figure may hold a host the spec also declares. unrecorded = a configured "
           "server's price whose CPUs, memory and drives the source does not record, so the BOM prices the spec's "
           "CPU, memory and drive lines from 0 (the listing's own suffice) to their full price (none included); "
           "complete = a complete system as its vendor ships it (a DGX): the memory and drives it ships with "
           "(`host_memory`, `host_storage`) are in the figure, so the spec's are included up to those capacities; "
           "none = the figure holds no host part the spec declares, or only those named in `includes`"},
          {"host_memory", {quantity(Dimension::data())}, false, "",
           "covers_host = complete: the memory the system ships with per node, as its source states it; a spec's "
           "memory up to it is included in the price, more is priced as parts"},
          {"host_storage", {quantity(Dimension::data())}, false, "",
           "covers_host = complete: the drive capacity the system ships with per node (every drive, the OS drives "
           "too); a spec's drives up to it are included in the price, more are priced as parts"},
      },
      "a dated price-book entry; a missing price is a diagnostic, never a zero");
  // A market report may state no date: it is then "undated" and unverified (price_check.cpp),
  // never dated by whoever copied it.
  for (auto& property : schema.body.properties) {
    if (property.name != "as_of") continue;
    property.types = {date_or_undated()};
    property.doc = "date the source states, \"YYYY-MM-DD\", or \"undated\" when it states none (then verified = false)";
  }
  return schema;
}

KindSchema exchange_rate_kind() {
  return catalog_kind(
      "exchange_rate",
      {
          {"from", {symbol(currency_symbols())}, true, "", "currency converted from"},
          {"to", {symbol(currency_symbols())}, true, "", "currency converted to"},
          {"rate", {number({0, 1e6, true})}, true, "", "units of `to` per unit of `from`"},
      },
      "a dated exchange rate; money is converted only through these");
}

KindSchema electricity_kind() {
  return catalog_kind(
      "electricity",
      {
          {"region", {symbol({"cn", "us"})}, true, "", "site region (site.region)"},
          {"price", {quantity(energy_price())}, true, "", "price of energy, e.g. `0.8 CNY/kWh`"},
          {"pue", {number({1, 10})}, false, "", "power usage effectiveness to apply to IT power"},
      },
      "a dated electricity price and PUE for a region");
}

KindSchema framework_release_kind() {
  return catalog_kind(
      "framework_release",
      {
          {"framework", {symbol({"pytorch", "tensorflow", "jax"})}, true, "", "framework"},
          {"version", {string()}, true, "", "release, major.minor (\"2.3\")"},
          {"cuda", {list_of(string())}, true, "",
           "CUDA versions the release is built/tested for (\"11.8\", \"12.1\"; a bare \"12\" is any 12.x)"},
          {"bundles_cuda", {boolean()}, false, "false",
           "the release's pip packages bring their own CUDA runtime, so only the NVIDIA driver must fit; "
           "false = it uses the system CUDA toolkit"},
          {"python", {list_of(string())}, false, "", "supported Python versions"},
      },
      "which CUDA versions a framework release supports");
}

KindSchema cuda_arch_kind() {
  return catalog_kind(
      "cuda_arch",
      {
          {"arch", {symbol(arch_symbols())}, true, "", "GPU architecture"},
          {"min_cuda", {string()}, true, "", "first CUDA version with native support (\"11.8\")"},
          {"last_cuda", {string()}, false, "", "last CUDA major version that still supports it (\"12\"); omitted = current"},
          {"compute_capability", {string()}, true, "", "compute capability (\"9.0\")"},
          {"bf16", {boolean()}, false, "", "BF16 tensor cores"},
          {"fp8", {boolean()}, false, "", "FP8 tensor cores"},
          {"min_driver", {string()}, false, "",
           "oldest Linux NVIDIA driver that runs CUDA work on this compute capability at all (Blackwell: R570), "
           "whatever CUDA version the application was built with; omitted = the cuda_driver minimum decides"},
      },
      "the CUDA support and tensor formats of a compute capability");
}

KindSchema cuda_driver_kind() {
  return catalog_kind(
      "cuda_driver",
      {
          {"cuda", {string()}, true, "", "CUDA major version (\"12\")"},
          {"min_driver", {string()}, true, "",
           "oldest Linux NVIDIA driver that runs any toolkit of that major version (minor version compatibility)"},
      },
      "the NVIDIA driver a CUDA major version needs");
}

KindSchema export_restriction_kind() {
  return catalog_kind(
      "export_restriction",
      {
          {"gpus", {list_of(reference({"gpu"}))}, true, "", "GPUs the rule covers"},
          {"regions", {list_of(symbol({"cn"}))}, true, "", "site regions the rule restricts"},
          {"since", {date()}, true, "", "date the rule took effect"},
          {"alternatives", {list_of(reference({"gpu"}))}, false, "", "domestic alternatives to suggest"},
          {"license_review", {symbol({"presumption_of_denial", "case_by_case"})}, false, "",
           "how the licensing authority reviews licence applications under this rule"},
      },
      "a dated export-control rule on GPUs");
}

}  // namespace

std::span<const KindSchema> catalog_kinds() {
  // Built once on first use and never changed: callers keep pointers into it.
  static const KindSchema kinds[] = {
      gpu_kind(),        cpu_kind(),         memory_kind(),           disk_kind(),
      psu_kind(),        chassis_kind(),     cooling_kind(),          nic_kind(),
      part_kind(),       instance_kind(),    model_kind(),            price_kind(),
      motherboard_kind(),
      exchange_rate_kind(), electricity_kind(), framework_release_kind(), cuda_arch_kind(),
      cuda_driver_kind(), export_restriction_kind(), volume_kind(), service_kind(),
  };
  return kinds;
}

}  // namespace gpuspec::sema
