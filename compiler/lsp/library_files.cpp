#include "lsp/library_files.h"

#include <sys/stat.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>

#include "backends/writers/atomic_write.h"

namespace gpuspec::lsp {

namespace fs = std::filesystem;

namespace {

// "<stdlib>/gpus/nvidia.gpuspec" -> "stdlib/gpus/nvidia.gpuspec"
std::optional<std::string> relative_path(std::string_view library_path) {
  for (std::string_view prefix : {"<stdlib>/", "<policies>/"}) {
    if (library_path.substr(0, prefix.size()) == prefix) {
      std::string folder(prefix.substr(1, prefix.size() - 3));
      return folder + "/" + std::string(library_path.substr(prefix.size()));
    }
  }
  return std::nullopt;
}

// FNV-1a over paths and texts: identifies the library's contents, not a security hash.
std::string content_hash(const std::vector<const SourceFile*>& library) {
  std::uint64_t hash = 1469598103934665603ull;
  auto mix = [&](std::string_view text) {
    for (unsigned char c : text) {
      hash ^= c;
      hash *= 1099511628211ull;
    }
    hash ^= 0xff;  // separates one string from the next
    hash *= 1099511628211ull;
  };
  for (const auto* file : library) {
    mix(file->path());
    mix(file->text());
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash));
  return out;
}

std::string default_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/gpuspec";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/gpuspec";
  return (fs::temp_directory_path() / ("gpuspec-cache-" + std::to_string(::getuid()))).string();
}

}  // namespace

bool is_library_path(std::string_view path) { return relative_path(path).has_value(); }

LibraryFiles::LibraryFiles(std::string cache_dir) : cache_dir_(cache_dir.empty() ? default_cache_dir() : std::move(cache_dir)) {}

bool LibraryFiles::materialise(const std::vector<const SourceFile*>& library, std::string& error) {
  std::string root = (fs::path(cache_dir_) / ("library-" + content_hash(library))).string();
  // Write only what is missing: the folder is shared by every server of this build,
  // and files already there are read-only.
  std::vector<writers::OutputFile> missing;
  for (const auto* file : library) {
    auto relative = relative_path(file->path());
    if (!relative) continue;
    std::string target = root + "/" + *relative;
    std::error_code ec;
    if (!fs::exists(target, ec)) missing.push_back({target, file->text()});
  }
  if (!missing.empty()) {
    if (!writers::write_files_atomically(missing, error)) return false;
    for (const auto& file : missing) ::chmod(file.path.c_str(), 0444);
  }
  root_ = root;
  return true;
}

std::optional<std::string> LibraryFiles::path_for(std::string_view library_path,
                                                  const std::vector<const SourceFile*>& library, std::string& error) {
  auto relative = relative_path(library_path);
  if (!relative) return std::nullopt;
  if (root_.empty() && !materialise(library, error)) return std::nullopt;
  return root_ + "/" + *relative;
}

std::optional<std::string> LibraryFiles::library_path_for(std::string_view path) const {
  // Any library-<hash> folder under the cache: a file opened from an older build's
  // folder still maps onto this build's library by its relative path.
  fs::path relative = fs::path(path).lexically_relative(cache_dir_);
  auto it = relative.begin();
  if (relative.empty() || it == relative.end() || it->string().rfind("library-", 0) != 0) return std::nullopt;
  ++it;
  if (it == relative.end()) return std::nullopt;
  std::string folder = it->string();
  if (folder != "stdlib" && folder != "policies") return std::nullopt;
  std::string rest;
  for (++it; it != relative.end(); ++it) rest += (rest.empty() ? "" : "/") + it->string();
  if (rest.empty()) return std::nullopt;
  return "<" + folder + ">/" + rest;
}

}  // namespace gpuspec::lsp
