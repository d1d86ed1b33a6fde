// `gpuspec lsp`: the language server on stdin/stdout. One thread: it waits for a
// message or for the next debounce deadline, whichever comes first.
#include <charconv>
#include <csignal>
#include <cstdio>
#include <unistd.h>

#include "lsp/cmd_lsp.h"

#include "driver/help.h"
#include "driver/commands.h"
#include "lsp/server.h"
#include "lsp/transport.h"
#include "source/json_io.h"

namespace gpuspec::lsp {

using driver::ParsedArgs;
using driver::parse_command_line;
using driver::tool_failure;

int run_command(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("lsp", raw_args, args)) return *exit;
  ServerOptions options;
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
  options.send_text = [&](const std::string& text) { transport.write(text); };
  lsp::Server server(
      [&](const lsp::Json& message) {
        // Invalid UTF-8 from a document quoted in a message is replaced, not thrown.
        transport.write(dump_json(message, -1));
      },
      options);
  while (!server.exited()) {
    std::string body;
    switch (transport.read(body, server.next_timeout())) {
      case lsp::Transport::Status::Message: {
        // Bounded nesting (source/json_io.h): a deep message is a parse error, not a crash.
        std::string problem;
        if (auto message = parse_json_input(body, problem)) {
          server.handle(*message);
        } else {
          server.handle_malformed("the message is not valid JSON: " + problem);
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

}  // namespace gpuspec::lsp
