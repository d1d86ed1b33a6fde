// A candidate as the search assembles it: an on-premises server from catalog parts, or
// a cloud deployment of a catalog instance type. candidate_text.h turns one into the
// `server` or `cloud` declaration the pack judges and `--format gpuspec` prints.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "sema/program.h"
#include "units/quantity.h"

namespace gpuspec::suggest {

// Data storage: a system drive, the data volume (striped when several drives), and the
// archive target RAID 0 and consumer drives need (storage.raid0-needs-backup).
struct StoragePlan {
  const sema::DeclEntry* system = nullptr;
  const sema::DeclEntry* data = nullptr;
  int data_drives = 1;
  std::string raid = "none";  // "none" for one drive, else raid0
  std::string archive = "nas";
  // An info's bound breaks on the data drives (storage.enterprise-ssd-for-writes asks a
  // production job's data volume for enterprise drives): the plan is tried after those
  // that keep every info's advice, never dropped (an info does not reject).
  bool advised_against = false;
};

struct ServerBuild {
  // The frame: the GPUs and what holds them.
  const sema::DeclEntry* gpu = nullptr;
  int gpus_per_node = 1;
  const sema::DeclEntry* chassis = nullptr;
  // A case for a standard board (ATX, E-ATX) needs one; a barebone includes its own.
  const sema::DeclEntry* motherboard = nullptr;
  std::string cooling;   // air_tower, air_server, liquid_aio, liquid_custom
  std::string gpu_link;  // "" for one GPU, else pcie, nvlink_bridge or nvswitch
  // The count.
  int nodes = 1;
  // The fill.
  const sema::DeclEntry* cpu = nullptr;
  int sockets = 1;
  const sema::DeclEntry* dimm = nullptr;
  int dimms = 0;
  StoragePlan storage;
  const sema::DeclEntry* nic = nullptr;  // per node, for a cluster's fabric
  int nics = 0;
  const sema::DeclEntry* fabric_switch = nullptr;
  int switches = 0;
  const sema::DeclEntry* psu = nullptr;  // sized from the power model once the rest passes
  int psus = 0;
  std::string psu_mode;  // redundant or dual_feed
};

struct CloudBuild {
  const sema::DeclEntry* instance = nullptr;
  std::string provider;
  int count = 1;
  std::string region;
  bool local_nvme = false;   // the data on the instance's own drives
  double data_bytes = 0;     // a data disk of this size (0: none)
};

using Build = std::variant<ServerBuild, CloudBuild>;

// What every candidate of one search shares.
struct CandidateContext {
  std::string workload;
  std::string site_region;                 // cn, us, eu, jp, sg, other
  units::Currency currency = units::Currency::USD;
  std::optional<units::Quantity> budget;   // --budget: judged by budget.exceeded
  std::string server_name, cloud_name;     // names the program does not use yet
  std::string import_path;                 // the workload's file, relative to the candidate file
  std::string uptime;                      // --uptime: written into every server ("": the schema's 24x7)
};

}  // namespace gpuspec::suggest
