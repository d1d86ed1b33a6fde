#include "backends/probe/dmidecode.h"

#include <map>

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

constexpr std::size_t kMaxRecords = 4096;

struct Record {
  int type = -1;
  std::map<std::string, std::string, std::less<>> fields;  // first value of each key
};

// Every record of the given SMBIOS type.
std::vector<Record> records_of(std::string_view text, int wanted, std::string& error, bool& too_many) {
  std::vector<Record> records;
  Record* current = nullptr;
  for (auto line : lines_of(text)) {
    if (line.starts_with("Handle ")) {
      current = nullptr;
      auto at = line.find("DMI type ");
      if (at == std::string_view::npos) continue;
      std::string_view rest = line.substr(at + 9);
      auto comma = rest.find(',');
      auto type = parse_number(rest.substr(0, comma));
      if (!type || *type != wanted) continue;
      if (records.size() == kMaxRecords) {
        too_many = true;
        error = "too many records";
        return {};
      }
      records.push_back(Record{wanted, {}});
      current = &records.back();
      continue;
    }
    if (!current || line.empty() || line[0] != '\t' || (line.size() > 1 && line[1] == '\t')) continue;
    auto kv = key_value(line);
    if (!kv || kv->first.empty() || kv->first.size() > 60) continue;
    current->fields.emplace(std::string(kv->first), std::string(kv->second.substr(0, 200)));
  }
  return records;
}

std::string field(const Record& r, std::string_view key) {
  auto it = r.fields.find(key);
  return it == r.fields.end() ? std::string() : it->second;
}

// "32 GB", "16384 MB", "1 TB" (dmidecode's units are binary) -> bytes.
std::optional<double> dimm_size(std::string_view text) {
  auto parsed = parse_number_unit(text);
  if (!parsed || parsed->first <= 0) return std::nullopt;
  const auto& unit = parsed->second;
  double scale = unit == "kB" ? 1024.0 : unit == "MB" ? 1024.0 * 1024 : unit == "GB" ? 1024.0 * 1024 * 1024
                 : unit == "TB" ? 1024.0 * 1024 * 1024 * 1024 : 0;
  if (scale == 0) return std::nullopt;
  double bytes = parsed->first * scale;
  if (bytes > 64.0 * 1024 * 1024 * 1024 * 1024) return std::nullopt;  // no module holds 64 TiB
  return bytes;
}

// "3200 MT/s" or, from older dmidecode, "3200 MHz" (which meant transfers).
std::optional<double> speed(std::string_view text) {
  auto parsed = parse_number_unit(text);
  if (!parsed || parsed->first <= 0 || parsed->first > 100000) return std::nullopt;
  if (parsed->second != "MT/s" && parsed->second != "MHz") return std::nullopt;
  return parsed->first;
}

std::optional<int> bits(std::string_view text) {
  auto parsed = parse_number_unit(text);
  if (!parsed || parsed->second != "bits" || parsed->first <= 0 || parsed->first > 1024) return std::nullopt;
  return static_cast<int>(parsed->first);
}

}  // namespace

std::optional<MemoryReport> parse_dmidecode_memory(std::string_view text, std::string& error) {
  bool too_many = false;
  auto records = records_of(text, 17, error, too_many);
  if (too_many) return std::nullopt;
  if (records.empty()) {
    error = "no Memory Device (type 17) records";
    return std::nullopt;
  }
  MemoryReport report;
  for (const auto& r : records) {
    ++report.slots;
    auto size = dimm_size(field(r, "Size"));
    if (!size) {
      ++report.empty_slots;  // "No Module Installed", "Unknown"
      continue;
    }
    Dimm d;
    d.locator = field(r, "Locator");
    d.size_bytes = *size;
    d.type = field(r, "Type");
    d.speed_mts = speed(field(r, "Speed"));
    d.configured_speed_mts = speed(field(r, "Configured Memory Speed"));
    if (!d.configured_speed_mts) d.configured_speed_mts = speed(field(r, "Configured Clock Speed"));
    d.form_factor = field(r, "Form Factor");
    d.type_detail = field(r, "Type Detail");
    d.total_width = bits(field(r, "Total Width"));
    d.data_width = bits(field(r, "Data Width"));
    d.manufacturer = std::string(trim(field(r, "Manufacturer")));
    d.part_number = std::string(trim(field(r, "Part Number")));
    report.dimms.push_back(std::move(d));
  }
  return report;
}

std::optional<std::vector<PowerSupply>> parse_dmidecode_psu(std::string_view text, std::string& error) {
  bool too_many = false;
  auto records = records_of(text, 39, error, too_many);
  if (too_many) return std::nullopt;
  std::vector<PowerSupply> out;
  for (const auto& r : records) {
    PowerSupply p;
    p.location = field(r, "Location");
    p.model = std::string(trim(field(r, "Model Part Number")));
    if (p.model.empty() || p.model == "To Be Filled By O.E.M.") p.model = std::string(trim(field(r, "Name")));
    p.manufacturer = std::string(trim(field(r, "Manufacturer")));
    auto capacity = parse_number_unit(field(r, "Max Power Capacity"));
    if (capacity && capacity->second == "W" && capacity->first > 0 && capacity->first < 100000) {
      p.max_power_w = capacity->first;
    }
    std::string status = field(r, "Status");
    p.present = status.empty() || status.starts_with("Present");
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace gpuspec::probe
