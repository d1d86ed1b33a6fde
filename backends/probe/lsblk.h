// `lsblk -J -O -b`: every block device with its model, transport, rotational flag and
// size in bytes. Only whole disks are kept; a mount of "/" on a disk or any partition
// under it marks the system disk.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct BlockDisk {
  std::string name;   // "nvme0n1"
  std::string model;  // "SAMSUNG MZQL23T8HCLS-00A07"
  std::string tran;   // "nvme", "sata", "sas", "usb", "" (virtio, unknown)
  std::optional<bool> rotational;
  std::optional<double> size_bytes;  // when lsblk printed bytes (-b)
  bool removable = false;
  bool holds_root = false;  // "/" is mounted on it or on a partition of it
};

struct BlockReport {
  std::vector<BlockDisk> disks;
  bool sizes_not_in_bytes = false;  // captured without -b: "1.8T" is not a size to declare
};

std::optional<BlockReport> parse_lsblk(std::string_view json, std::string& error);

}  // namespace gpuspec::probe
