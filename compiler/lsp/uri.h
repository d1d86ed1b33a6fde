// file:// URIs (RFC 8089) to local paths and back: the only scheme the server reads.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuspec::lsp {

// "file:///home/a/b%20c.gpuspec" -> "/home/a/b c.gpuspec"; nullopt for other schemes,
// a remote host or a malformed escape.
std::optional<std::string> path_from_uri(std::string_view uri);

// An absolute path to its file URI, percent-encoding what RFC 3986 reserves.
std::string uri_from_path(std::string_view path);

}  // namespace gpuspec::lsp
