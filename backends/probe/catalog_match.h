// Which catalog part a probed device is. A match needs evidence the catalog records: a
// GPU's or adapter's PCI id in the entry's pci_ids (the PCI ID Repository's, cited in
// pci_ids_source), or the vendor's product name equal to the entry's description; a
// CPU's model name equal to the description once the vendor's decorations are removed;
// a DIMM's generation, size, speed, buffering and ECC equal to a generic module's. No
// match is a fuzzy guess: without evidence the device is declared as probed.
#pragma once

#include <optional>
#include <string>

#include "backends/probe/dmidecode.h"
#include "backends/probe/ibstat.h"
#include "backends/probe/lscpu.h"
#include "backends/probe/nvidia_smi_query.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::probe {

struct CatalogMatch {
  const sema::DeclEntry* entry = nullptr;
  std::string evidence;  // "PCI id 10de:20b2", "name \"NVIDIA GeForce RTX 3090\""
};

// A DIMM as the catalog describes modules; unknown fields stay empty.
struct DimmShape {
  std::string type;  // "ddr4", "ddr5"
  double size_bytes = 0;
  std::optional<double> speed_mts;
  std::string form;  // "rdimm", "udimm", "lrdimm"
  std::optional<bool> ecc;
  bool operator==(const DimmShape&) const = default;
};
DimmShape dimm_shape(const Dimm& dimm);

class CatalogMatcher {
 public:
  explicit CatalogMatcher(const sema::Library& library) : library_(library) {}
  std::optional<CatalogMatch> gpu(const NvidiaGpu& gpu) const;
  std::optional<CatalogMatch> cpu(const CpuReport& cpu) const;
  std::optional<CatalogMatch> dimm(const DimmShape& dimm) const;
  std::optional<CatalogMatch> nic(const IbAdapter& adapter) const;

 private:
  const std::vector<const sema::DeclEntry*>& entries(std::string_view kind) const;
  const sema::Library& library_;
};

// A catalog entry's literal property as a fact value (facts::catalog_property), or nullopt.
std::optional<facts::Value> catalog_value(const sema::DeclEntry& entry, std::string_view property);

// "Intel(R) Xeon(R) Gold 6448Y CPU @ 2.10GHz" -> "intel xeon gold 6448y": the words a
// catalog description and lscpu's model name share.
std::string cpu_model_key(std::string_view model_name);

}  // namespace gpuspec::probe
