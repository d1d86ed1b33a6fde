// Go-to-definition into the embedded stdlib and policy pack: the files are written
// once to a cache folder, read-only, and the client opens them like any file (no
// custom URI scheme, so every editor can follow the link). The folder name carries
// a hash of the contents, so binaries with different libraries never share one.
//
//   $XDG_CACHE_HOME/gpuspec/library-<hash>/stdlib/gpus/nvidia.gpuspec
//   $XDG_CACHE_HOME/gpuspec/library-<hash>/policies/memory.gpuspec
//
// ($HOME/.cache without XDG_CACHE_HOME; the client may name another folder.)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "source/source.h"

namespace gpuspec::lsp {

class LibraryFiles {
 public:
  // `cache_dir` replaces the default cache folder when not empty.
  explicit LibraryFiles(std::string cache_dir = {});

  // The materialised path of a library file ("<stdlib>/gpus/nvidia.gpuspec"),
  // writing the library's files first if they are not there yet. nullopt for a
  // path that is not a library file, or when the folder cannot be written (`error`).
  std::optional<std::string> path_for(std::string_view library_path, const std::vector<const SourceFile*>& library,
                                      std::string& error);
  // The reverse: a path inside the materialised folder to its library path.
  std::optional<std::string> library_path_for(std::string_view path) const;

 private:
  bool materialise(const std::vector<const SourceFile*>& library, std::string& error);

  std::string cache_dir_;
  std::string root_;  // cache_dir_/library-<hash>, once materialised
};

// "<stdlib>/x" and "<policies>/x" are library paths; anything else is a real file.
bool is_library_path(std::string_view path);

}  // namespace gpuspec::lsp
