#!/usr/bin/env python3
"""Writes N servers spread over FILES .gpuspec files (test/bench/linear.sh's two shapes).

usage: gen_servers.py N FILES OUTDIR

Each file holds one workload and its share of the servers, all serving that workload
(the shape of a team's spec folder), with random parts from the stdlib catalog so the
servers break different rules. The random stream is seeded: the same arguments give
the same files. FILES = 1 is the one-big-file shape; FILES = N / 10 the 10-per-file one.
"""
import os
import random
import sys

n, files, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(12)
gpus = ["nvidia.rtx_4090", "nvidia.a100_80gb_pcie", "nvidia.h100_80gb_pcie", "nvidia.l40s"]
psus = ["generic.psu_1600w_platinum", "generic.psu_2000w_platinum", "generic.psu_3000w_titanium"]
disks = ["samsung.pm9a3_3_84tb", "samsung.870evo_4tb"]
os.makedirs(out, exist_ok=True)
per_file = [n // files + (1 if k < n % files else 0) for k in range(files)]
server = 0
for k, count in enumerate(per_file):
    with open(os.path.join(out, f"f{k:05d}.gpuspec"), "w") as f:
        f.write(f"""workload w{k} {{
  task = cv.classification; params = 25M; precision = fp16; method = full
  stage = experiment; horizon = 24 months; data = internal
  software {{ os = ubuntu@22.04; framework = pytorch@2.3; cuda = "12.1" }}
}}
""")
        for _ in range(count):
            f.write(f"""server s{server} {{
  serves   = w{k}
  gpu      = {rng.choice([1, 2, 4, 8])} x {rng.choice(gpus)}
  gpu_link = {rng.choice(["pcie", "nvlink_bridge"])}
  cpu      = 1 x amd.epyc_9354
  memory   = {rng.choice([4, 8, 12, 16, 24])} x generic.ddr5_32gb_4800
  storage {{
    system = samsung.pm9a3_1_92tb
    data   {{ drives = 1 x {rng.choice(disks)} }}
  }}
  psu      = {rng.choice([1, 2, 4])} x {rng.choice(psus)}
  chassis  = supermicro.sys_421ge
  cooling  = air_server
}}
""")
            server += 1
