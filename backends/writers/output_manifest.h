// How gpuspec recognises its own output files: every folder it writes generated files
// into holds `.gpuspec-manifest.json`, listing those files with a hash of the contents
// it wrote. A file is gpuspec's to overwrite when the manifest beside it lists it with
// the hash of what is there now; a file it does not list (the user's own main.tf) or
// whose contents changed since (an edit by hand) is not, unless --force. The manifest
// is written in the same transaction as the files it lists (docs/outputs.md).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace gpuspec::writers {

inline constexpr std::string_view kManifestName = ".gpuspec-manifest.json";

// "fnv1a64:<16 hex digits>": FNV-1a over the bytes. It detects edits, not attacks: who
// can write the folder can write the manifest too.
std::string content_hash(std::string_view contents);

struct Manifest {
  enum class State { Absent, Valid, Foreign };  // Foreign: a file of that name gpuspec cannot read as its own
  State state = State::Absent;
  std::map<std::string, std::string> files;  // file name in the folder -> content_hash
};

Manifest read_manifest(const std::filesystem::path& folder);
std::string render_manifest(const Manifest& manifest);

}  // namespace gpuspec::writers
