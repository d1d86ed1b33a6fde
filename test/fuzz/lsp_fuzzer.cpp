// libFuzzer target: one input is the byte stream a client writes to `gpuspec lsp`'s
// stdin: framed JSON-RPC messages (Content-Length headers and bodies), read by the
// server's own Transport and handled as cmd_lsp.cpp does, with no debounce delay so
// every edit is analysed and published at once. The workspace is a scratch folder
// (kWorkspace); the seeds (corpus/lsp/) initialize with it and open, edit, hover,
// complete, format and close documents in it.
//
// Traps when a request with a valid id gets no response, when the server reports an
// internal error (a std::exception escaping a handler: a bug, not a client mistake),
// or when a message it sends does not serialise to valid JSON.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "fuzz_checks.h"
#include "fuzz_gate.h"
#include "lsp/protocol.h"
#include "lsp/server.h"
#include "lsp/transport.h"
#include "source/json_io.h"

namespace {

namespace fs = std::filesystem;
using gpuspec::lsp::Json;

// The seeds name this folder in their initialize (rootUri) and document URIs.
constexpr const char* kWorkspace = "/tmp/gpuspec-lsp-fuzz/ws";
constexpr const char* kCache = "/tmp/gpuspec-lsp-fuzz/cache";

bool answers(const std::vector<Json>& sent, const Json& id) {
  for (const auto& m : sent) {
    if (m.contains("id") && m["id"] == id && (m.contains("result") || m.contains("error"))) return true;
  }
  return false;
}

// The server's own report of a std::exception escaping a handler (Server::handle): an
// InternalError response, or an Error log message for a notification, whose text starts
// "internal error in <method>: ". Matched by that shape, not by the phrase anywhere in a
// message: a parse error quotes what the JSON parser last read, and a document may hold
// the phrase (the first 15-minute run trapped on a comment saying it).
bool internal_error(const Json& message, const std::string& method) {
  const std::string prefix = "internal error in " + method + ": ";
  auto starts = [&](const Json& text) {
    return text.is_string() && text.get<std::string>().rfind(prefix, 0) == 0;
  };
  if (message.contains("error")) {
    const Json& error = message["error"];
    return error.is_object() && error.value("code", 0) == gpuspec::lsp::error_code::kInternalError &&
           starts(error.value("message", Json()));
  }
  if (message.value("method", Json()) == "window/logMessage" && message.contains("params") &&
      message["params"].is_object()) {
    const Json& params = message["params"];
    return params.value("type", 0) == gpuspec::lsp::lsp_enum::kMessageError && starts(params.value("message", Json()));
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fs::create_directories(kWorkspace);
  fs::create_directories(kCache);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  int fd = ::memfd_create("lsp-fuzz-input", 0);
  if (fd < 0) return 0;
  for (std::size_t written = 0; written < size;) {
    ssize_t n = ::write(fd, data + written, size - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ::lseek(fd, 0, SEEK_SET);

  std::vector<Json> sent;
  gpuspec::lsp::ServerOptions options;
  options.debounce_ms = 0;
  options.cache_dir = kCache;
  gpuspec::lsp::Server server([&](const Json& message) { sent.push_back(message); }, options);
  gpuspec::lsp::Transport transport(fd, -1);
  bool published = false;
  while (!server.exited()) {
    std::string body;
    auto status = transport.read(body, 0);
    if (status == gpuspec::lsp::Transport::Status::Closed) break;
    sent.clear();
    std::string method;  // of the message handled now, which an internal error names
    if (status == gpuspec::lsp::Transport::Status::BadHeader) {
      server.handle_malformed(body);
    } else if (status == gpuspec::lsp::Transport::Status::Message) {
      std::string problem;
      if (auto message = gpuspec::parse_json_input(body, problem)) {
        if (message->is_object() && message->contains("method") && (*message)["method"].is_string()) {
          method = (*message)["method"].get<std::string>();
        }
        server.handle(*message);
        const Json* id = message->is_object() && message->contains("id") && message->contains("method")
                             ? &(*message)["id"]
                             : nullptr;
        if (id && (id->is_number_integer() || id->is_string()) && !answers(sent, *id)) __builtin_trap();
      } else {
        server.handle_malformed("the message is not valid JSON: " + problem);
      }
    }
    server.run_due();
    for (const auto& m : sent) {
      if (internal_error(m, method)) __builtin_trap();
      published = published || m.value("method", Json()) == "textDocument/publishDiagnostics";
      std::string text = gpuspec::dump_json(m, -1);
      gpuspec::fuzz::require_printable(text);
      gpuspec::fuzz::require_json(text);
    }
  }
  // The gate: a document was analysed (diagnostics published), so the input got past
  // the framing and the lifecycle into the compiler.
  if (published) ++gpuspec::fuzz::backend_runs();
  ::close(fd);
  return 0;
}
