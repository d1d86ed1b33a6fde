#include "driver/init_project.h"

#include <fmt/format.h>

#include <string>

#include "driver/version.h"

namespace gpuspec::driver {

namespace {

constexpr std::string_view kConfig = R"spec({
  "policies": ["policies"],
  "exclude": ["policy-tests"],
  "fail-on": "warning"
}
)spec";

constexpr std::string_view kWorkload = R"spec(# The job the hardware is for. `gpuspec explain RULE` tells why a rule wants what it wants;
# docs/language.md in gpuspec's sources lists every property.
workload llama2_7b_lora {
  task             = llm.finetune
  model            = models.llama2_7b
  precision        = bf16
  method           = lora
  seq_len          = 4096
  batch_size       = 4
  recompute        = full
  dataset          = 200 GB
  samples          = 500K
  stage            = production
  horizon          = 36 months
  data             = internal
  checkpoint_every = 500
  software { os = ubuntu@22.04; framework = pytorch@2.3; cuda = "12.1"; containers = docker; monitoring = [dcgm, prometheus] }
}
)spec";

constexpr std::string_view kServer = R"spec(# Buying: two A100 80GB PCIe joined by an NVLink bridge (000 §1's 7B fine-tuning example).
# `gpuspec bom specs/server.gpuspec` prices it; `gpuspec facts specs/server.gpuspec` shows
# what the rules see.
import "workload.gpuspec"

server finetune01 {
  serves   = llama2_7b_lora
  gpu      = 2 x nvidia.a100_80gb_pcie
  gpu_link = nvlink_bridge
  cpu      = intel.xeon_gold_6448y      # the chassis's board is LGA-4677 (Xeon Scalable)
  memory   = 8 x generic.ddr5_64gb_4800 # 512 GiB >= 2 x 160 GB of VRAM, one DIMM per channel
  storage {
    system = samsung.pm9a3_1_92tb
    data { drives = 2 x samsung.pm9a3_3_84tb; raid = raid0 }
    checkpoint = samsung.pm9a3_1_92tb
    archive    = nas
  }
  psu      = 2 x generic.psu_2700w_titanium # the chassis's own hot-swap modules, 1+1
  psu_mode = redundant
  chassis  = supermicro.sys_421ge
  cooling  = air_server
  site { region = us; currency = USD }
  acceptance { burn_in = 72 h; benchmark = [mlperf, nccl_tests] }
}
)spec";

constexpr std::string_view kCloud = R"spec(# Renting instead: one p4d.24xlarge (8 x A100 40GB) for the same job.
# `gpuspec quote specs/cloud.gpuspec` prices renting; `gpuspec terraform
# specs/cloud.gpuspec -o infra/` writes the Terraform module.
import "workload.gpuspec"

cloud finetune_aws {
  serves   = llama2_7b_lora
  provider = aws
  instance = aws.p4d_24xlarge
  count    = 1
  region   = "us-east-1"
  duration = 3 months
  storage { system = 200 GiB; data = 4 TiB; data_kind = nvme }
  tags { team = "ml"; project = "llama2-7b-lora" }
}
)spec";

constexpr std::string_view kPrices = R"spec(# Your own prices: a vendor's quote, a negotiated cloud discount. Pass this file with
# `gpuspec quote --prices prices/quotes.gpuspec specs/`; an entry here overrides the
# stdlib's price for the same item. Every price needs its source and the date the
# source states. Uncomment and fill in from your quote (no number is assumed here):
#
# price quotes.a100_80gb_pcie {
#   item   = nvidia.a100_80gb_pcie
#   kind   = quote
#   amount = ... USD
#   source = "Vendor quote no. ..."
#   as_of  = "YYYY-MM-DD"
# }
)spec";

constexpr std::string_view kPolicy = R"spec(# The team's own rule, run with the built-in pack (gpuspec.json lists this folder).
# Its tests are in policy-tests/team.max-8-gpus-per-node/; run them with
#   gpuspec test --policies policies policy-tests
policy team.max-8-gpus-per-node {
  severity = error
  applies  = server
  require  = gpu.count <= 8
  at       = gpu
  message  = "{gpu.count} GPUs per node; our racks take at most 8"
  hint     = "split the job over more nodes (nodes = N)"
  source   = "the team's rack standard"
}
)spec";

constexpr std::string_view kPolicyFires = R"spec(# A test runs only the rules it is about (this folder is named after its rule), so the
# server need not satisfy every other rule.
server too_many {
  # expected-error[team.max-8-gpus-per-node]@+1 {{10 GPUs per node; our racks take at most 8}}
  gpu    = 10 x nvidia.a100_80gb_pcie
  cpu    = amd.epyc_9354
  memory = 12 x generic.ddr5_64gb_4800
}
)spec";

constexpr std::string_view kPolicySilent = R"spec(# expected-no-diagnostics
server eight {
  gpu    = 8 x nvidia.a100_80gb_pcie
  cpu    = amd.epyc_9354
  memory = 12 x generic.ddr5_64gb_4800
}
)spec";

// The CI workflow: the gpuspec Action of the repository this build's releases come
// from, pinned to this version's release tag, so the first push installs the same
// gpuspec (a checksum-verified release tarball) and passes as `gpuspec check` does here.
std::string ci_workflow() {
  std::string repository(release_repository());
  std::string placeholder_note;
  if (repository.empty()) {
    repository = "<owner>/gpuspec";
    placeholder_note =
        "      # This gpuspec was built without knowing its GitHub repository: replace <owner>\n"
        "      # with the account that publishes gpuspec's releases.\n";
  }
  return fmt::format(R"yaml(# Lint the specs on every push and pull request with the gpuspec GitHub Action, pinned
# to the release this project was made with: it installs that release (its checksum
# verified), reports the findings as annotations and to code scanning, and fails as
# `gpuspec check` does. Pull requests from forks get the annotations only.
name: gpuspec
on: [push, pull_request]
permissions:
  contents: read
  security-events: write
jobs:
  check:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
{}      - uses: {}@v{}
      - name: Formatting
        id: fmt
        if: always()
        run: gpuspec fmt --check
      - name: Policy tests
        id: policy-tests
        if: always()
        run: gpuspec test --policies policies policy-tests
)yaml",
                     placeholder_note, repository, version());
}

}  // namespace

const std::vector<ScaffoldFile>& scaffold_files() {
  static const std::string workflow = ci_workflow();
  static const std::vector<ScaffoldFile> kFiles = {
      {"gpuspec.json", kConfig},
      {"specs/workload.gpuspec", kWorkload},
      {"specs/server.gpuspec", kServer},
      {"specs/cloud.gpuspec", kCloud},
      {"prices/quotes.gpuspec", kPrices},
      {"policies/team.gpuspec", kPolicy},
      {"policy-tests/team.max-8-gpus-per-node/fires.gpuspec", kPolicyFires},
      {"policy-tests/team.max-8-gpus-per-node/silent.gpuspec", kPolicySilent},
      {".github/workflows/gpuspec.yml", workflow},
  };
  return kFiles;
}

}  // namespace gpuspec::driver
