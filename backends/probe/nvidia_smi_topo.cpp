#include "backends/probe/nvidia_smi_topo.h"

#include <fmt/format.h>

#include <algorithm>

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

constexpr std::size_t kMaxGpus = 256;

// The line without ANSI escape sequences ("\x1b[4m"), split on blanks.
std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\x1b') {
      // CSI: ESC [ parameters final-byte
      if (i + 1 < line.size() && line[i + 1] == '[') {
        i += 2;
        while (i < line.size() && !(line[i] >= '@' && line[i] <= '~')) ++i;
      }
      continue;
    }
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

// "GPU12" -> 12
std::optional<std::size_t> gpu_index(std::string_view word) {
  if (word.size() < 4 || word.substr(0, 3) != "GPU") return std::nullopt;
  auto n = parse_number(word.substr(3));
  if (!n || *n < 0 || *n >= static_cast<double>(kMaxGpus) || *n != static_cast<std::size_t>(*n)) return std::nullopt;
  return static_cast<std::size_t>(*n);
}

bool known_link(std::string_view w) {
  if (w == "X" || w == "PIX" || w == "PXB" || w == "PHB" || w == "NODE" || w == "SYS" || w == "SOC") return true;
  if (w.size() > 2 && w.substr(0, 2) == "NV") return parse_number(w.substr(2)).has_value();
  return false;
}

}  // namespace

std::optional<GpuTopology> parse_nvidia_smi_topo(std::string_view text, std::string& error) {
  std::size_t columns = 0;
  GpuTopology topology;
  for (auto line : lines_of(text, 4096)) {
    auto words = words_of(line);
    if (words.empty()) continue;
    if (columns == 0) {
      // The header: GPU0 GPU1 ... then NIC columns and "CPU Affinity".
      std::size_t n = 0;
      while (n < words.size() && gpu_index(words[n]) == n) ++n;
      if (n > 0 && words.size() > n && !known_link(words[n])) columns = n;
      if (n > 0 && words.size() == n) columns = n;
      continue;
    }
    auto row = gpu_index(words[0]);
    if (!row) {
      if (words[0] == "Legend:") break;
      continue;  // NIC rows, blank lines
    }
    if (*row != topology.links.size()) {
      error = fmt::format("row GPU{} is out of order", *row);
      return std::nullopt;
    }
    if (words.size() < columns + 1) {
      error = fmt::format("row GPU{} has {} entries, expected {}", *row, words.size() - 1, columns);
      return std::nullopt;
    }
    std::vector<std::string> links(words.begin() + 1, words.begin() + 1 + static_cast<std::ptrdiff_t>(columns));
    for (const auto& link : links) {
      if (!known_link(link)) {
        error = fmt::format("row GPU{}: '{}' is not a link type", *row, link.substr(0, 20));
        return std::nullopt;
      }
    }
    topology.links.push_back(std::move(links));
  }
  if (columns == 0) {
    error = "no GPU0 GPU1 ... header";
    return std::nullopt;
  }
  if (topology.links.size() != columns) {
    error = fmt::format("{} GPU columns but {} GPU rows", columns, topology.links.size());
    return std::nullopt;
  }
  return topology;
}

LinkSummary summarize(const GpuTopology& topology) {
  LinkSummary s;
  for (std::size_t i = 0; i < topology.gpus(); ++i) {
    for (std::size_t j = i + 1; j < topology.gpus(); ++j) {
      ++s.pairs;
      const std::string& link = topology.links[i][j];
      if (link.size() > 2 && link.substr(0, 2) == "NV") {
        int n = static_cast<int>(parse_number(link.substr(2)).value_or(0));
        s.min_links = s.nvlink_pairs == 0 ? n : std::min(s.min_links, n);
        s.max_links = std::max(s.max_links, n);
        ++s.nvlink_pairs;
      }
    }
  }
  return s;
}

}  // namespace gpuspec::probe
