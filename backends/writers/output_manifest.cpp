#include "backends/writers/output_manifest.h"

#include <fmt/format.h>

#include <cstdint>
#include <nlohmann/json.hpp>

#include "source/file_reader.h"
#include "source/json_io.h"

namespace gpuspec::writers {

namespace fs = std::filesystem;

namespace {

constexpr const char* kGenerator = "gpuspec";
constexpr std::uint64_t kLargestManifest = 64ull << 20;

}  // namespace

std::string content_hash(std::string_view contents) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a 64-bit offset basis
  for (char c : contents) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;  // FNV prime
  }
  return fmt::format("fnv1a64:{:016x}", hash);
}

Manifest read_manifest(const fs::path& folder) {
  Manifest manifest;
  fs::path path = folder / kManifestName;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return manifest;
  manifest.state = Manifest::State::Foreign;
  std::string error;
  auto text = read_regular_file(path.string(), kLargestManifest, error);  // never through a link or a FIFO
  if (!text || fs::is_symlink(fs::symlink_status(path, ec))) return manifest;
  std::string malformed;
  auto parsed = parse_json_input(*text, malformed);  // nesting bounded: the folder is anyone's
  nlohmann::json json = parsed ? std::move(*parsed) : nlohmann::json();
  if (!json.is_object() || json.value("generator", "") != kGenerator || !json.contains("files") ||
      !json["files"].is_object()) {
    return manifest;
  }
  for (const auto& [name, hash] : json["files"].items()) {
    if (!hash.is_string()) return manifest;
    manifest.files[name] = hash.get<std::string>();
  }
  manifest.state = Manifest::State::Valid;
  return manifest;
}

std::string render_manifest(const Manifest& manifest) {
  nlohmann::ordered_json json;
  json["generator"] = kGenerator;
  // Found beside a report in a repository's root, it must say what it is and whether to
  // commit it: it is what lets a later run replace the files it lists.
  json["about"] = "Files gpuspec wrote in this folder, with a hash of each; gpuspec overwrites a file only while "
                  "it is listed here unchanged (see docs/outputs.md). Commit it with the files it lists, or, if you do "
                  "not commit them, add .gpuspec-manifest.json to .gitignore.";
  json["files"] = nlohmann::ordered_json::object();
  for (const auto& [name, hash] : manifest.files) json["files"][name] = hash;  // std::map: sorted, deterministic
  return dump_json(json) + "\n";
}

}  // namespace gpuspec::writers
