// The cloud-init template every module ships (cloud-init.yaml.tftpl): mounts the
// data volume, or the instance's local NVMe drives striped with mdadm, at
// var.data_mount_path on every boot, installs the GPU driver where the image has
// none (Alibaba Cloud), then runs var.user_data. docs/terraform.md, "Boot".
#pragma once

#include <string>

#include "backends/terraform/cloud_spec.h"
#include "backends/writers/hcl_document.h"

namespace gpuspec::terraform {

inline constexpr const char* kCloudInitFile = "cloud-init.yaml.tftpl";

enum class DataLayout { None, Volume, LocalNvme };

DataLayout data_layout(const CloudSpec& spec);

// The template text. Variables: mount_path, user_data_b64, data_device (Volume:
// a path glob naming the volume), driver_version, cuda_version, cudnn_version
// (Alibaba Cloud only).
std::string cloud_init_template(const CloudSpec& spec);

// templatefile("${path.module}/cloud-init.yaml.tftpl", { ... }) for one instance;
// `data_device` is the glob expression (ignored unless the layout is Volume).
writers::Expr cloud_init_call(const CloudSpec& spec, writers::Expr data_device);

}  // namespace gpuspec::terraform
