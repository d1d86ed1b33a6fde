#!/bin/sh
# Saves the tool outputs `gpuspec probe --from DIR` reads, under the fixed names it looks
# for (docs/probe.md), so a fleet's machines can be checked from one place:
#
#   sh probe-collect.sh /tmp/probe-$(hostname)          # on each machine
#   gpuspec probe --from probe-node17 -o specs/node17.gpuspec   # centrally
#
# Needs nothing but the tools themselves; a tool that is missing or fails leaves its file
# out (the probe then says so in a `# not probed:` line). dmidecode and ipmitool need root:
# run the script with sudo, or they are skipped. Each command has a time limit.
set -u
dir=${1:?usage: probe-collect.sh DIR}
mkdir -p "$dir" || exit 2
limit=30

# save FILE COMMAND...: COMMAND's standard output into DIR/FILE, only when it succeeds.
save() {
  file=$1
  shift
  command -v "$1" >/dev/null 2>&1 || { echo "skipped $file: $1 is not installed" >&2; return; }
  if timeout "$limit" "$@" >"$dir/$file.tmp" 2>/dev/null; then
    mv "$dir/$file.tmp" "$dir/$file"
  else
    rm -f "$dir/$file.tmp"
    echo "skipped $file: '$*' failed" >&2
  fi
}

save nvidia-smi-q.xml nvidia-smi -q -x
save nvidia-smi-topo.txt nvidia-smi topo -m
save lscpu.json lscpu -J
save lsblk.json lsblk -J -O -b
save nvme-list.json nvme list -o json
save ip-link.json ip -d -j link
save ibstat.txt ibstat
save torch.txt python3 -c 'import torch; print(torch.__version__, torch.version.cuda)'
cp /proc/meminfo "$dir/meminfo"
cp /etc/os-release "$dir/os-release" 2>/dev/null || echo "skipped os-release: no /etc/os-release" >&2
if [ "$(id -u)" -eq 0 ]; then
  save dmidecode-memory.txt dmidecode -t memory
  save dmidecode-psu.txt dmidecode -t 39
  save ipmitool-fru.txt ipmitool fru
else
  echo "skipped dmidecode-memory.txt, dmidecode-psu.txt, ipmitool-fru.txt: they need root (sudo sh $0 $dir)" >&2
fi
echo "saved in $dir: $(ls "$dir" | tr '\n' ' ')"
