// `gpuspec lsp`: the language server on stdin/stdout. One thread: it waits for a
// message or for the next debounce deadline, whichever comes first.
#include <charconv>
#include <csignal>
#include <cstdio>
#include <unistd.h>

#include "driver/args.h"
#include "driver/commands.h"
#include "lsp/server.h"
#include "lsp/transport.h"

namespace gpuspec::driver {

namespace {

constexpr const char* kLspUsage = R"(usage: gpuspec lsp [--stdio] [--debounce-ms N]

Runs the Language Server Protocol server on stdin and stdout (what editors start;
--stdio is accepted for clients that pass it). Diagnostics follow `gpuspec check`
with the nearest gpuspec.json; hover shows resolved facts and rule explanations;
go-to-definition reaches imports and the stdlib (written read-only to
$XDG_CACHE_HOME/gpuspec, default ~/.cache/gpuspec); completion knows property
names, enum values and catalog names; code actions apply fix-its and add waivers.

options:
  --debounce-ms N   quiet time after an edit before diagnostics are recomputed (default 200)
)";

}  // namespace

int run_lsp(const std::vector<std::string>& raw_args) {
  ArgSpec spec{{"--stdio", "--help"}, {"--debounce-ms"}, {}};
  std::string error;
  ParsedArgs args = parse_args(raw_args, spec, error);
  if (!error.empty()) return tool_failure(error, kLspUsage);
  if (args.has("--help")) {
    std::fputs(kLspUsage, stdout);
    return kExitClean;
  }
  if (!args.positionals.empty()) return tool_failure("lsp takes no files", kLspUsage);
  lsp::ServerOptions options;
  if (auto debounce = args.value("--debounce-ms")) {
    const char* end = debounce->data() + debounce->size();
    auto [ptr, ec] = std::from_chars(debounce->data(), end, options.debounce_ms);
    if (ec != std::errc() || ptr != end || options.debounce_ms < 0 || options.debounce_ms > 10000) {
      return tool_failure("--debounce-ms takes a number of milliseconds from 0 to 10000, not '" + *debounce + "'");
    }
  }

  // A client that goes away must not kill the server mid-write with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  lsp::Transport transport(STDIN_FILENO, STDOUT_FILENO);
  lsp::Server server(
      [&](const lsp::Json& message) {
        // Invalid UTF-8 from a document quoted in a message is replaced, not thrown.
        transport.write(message.dump(-1, ' ', false, lsp::Json::error_handler_t::replace));
      },
      options);
  while (!server.exited()) {
    std::string body;
    switch (transport.read(body, server.next_timeout())) {
      case lsp::Transport::Status::Message: {
        lsp::Json message = lsp::Json::parse(body, nullptr, false);
        if (message.is_discarded()) {
          server.handle_malformed("the message is not valid JSON");
        } else {
          server.handle(message);
        }
        break;
      }
      case lsp::Transport::Status::BadHeader:
        server.handle_malformed(body);
        break;
      case lsp::Transport::Status::Timeout:
        break;
      case lsp::Transport::Status::Closed:
        // The client went away without `exit`.
        return 1;
    }
    server.run_due();
  }
  return server.exit_code();
}

}  // namespace gpuspec::driver
