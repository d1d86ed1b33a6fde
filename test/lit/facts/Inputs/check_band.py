"""Reads `gpuspec facts` JSON and checks each workload's workload.mem.per_gpu against
LLaMA-Factory's hardware table (README "Hardware Requirement", GB; the cells are the
published ones, written here by hand). Prints one line per cell; exits 1 when a ratio
falls outside [low, high]."""
import json
import sys

TABLE_GB = {
    "full": {"7b": 120, "13b": 240, "70b": 1200},
    "freeze": {"7b": 20, "13b": 40, "70b": 200},
    "lora": {"7b": 16, "13b": 32, "70b": 160},
    "qlora8": {"7b": 10, "13b": 20, "70b": 80},
    "qlora4": {"7b": 6, "13b": 12, "70b": 48},
}

facts_path, low, high = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
declarations = json.load(open(facts_path))["declarations"]
seen, bad = 0, 0
for decl in declarations:
    row, size = decl["name"].rsplit("_", 1)
    cell = TABLE_GB[row][size]
    per_gpu = decl["facts"]["workload.mem.per_gpu"]["value"] / 1e9
    ratio = per_gpu / cell
    ok = low <= ratio <= high
    seen += 1
    bad += not ok
    print(f"{'ok ' if ok else 'OUT'} {decl['name']}: {per_gpu:.1f} GB / {cell} GB = {ratio:.2f}")
print(f"{seen} cells, {bad} outside {low}-{high}")
sys.exit(1 if bad or seen != 15 else 0)
