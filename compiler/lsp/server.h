// The language server's protocol state machine: lifecycle (initialize, shutdown,
// exit), open documents with incremental sync, debounced diagnostics, and the
// requests. It reads parsed messages and sends replies through a callback, so
// tests drive it without pipes; cmd_lsp.cpp connects it to stdio.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lsp/compiler_adapter.h"
#include "lsp/diagnostics.h"
#include "lsp/library_files.h"
#include "lsp/locations.h"
#include "lsp/protocol.h"
#include "lsp/text_document.h"

namespace gpuspec::lsp {

using Clock = std::chrono::steady_clock;

struct ServerOptions {
  // Quiet time after an edit before the document is analysed again; a request that
  // needs positions (hover, definition, code action) analyses at once instead.
  int debounce_ms = 200;
  std::string cache_dir;  // for library_files.h; empty = the default
  // After each publish, a `$/gpuspec/stats` notification: which of the document's
  // declarations the analysis linted afresh and how many it replayed (lint_memo.h).
  // The `stats` initialization option; for tests and benchmarks.
  bool stats = false;
  // Writes a message already serialised (dump_json(message, -1)): the published
  // diagnostics are assembled as text (diagnostics.h). Unset: the text is parsed
  // and handed to `send` (tests).
  std::function<void(const std::string&)> send_text;
};

class Server {
 public:
  using Send = std::function<void(const Json&)>;
  Server(Send send, ServerOptions options);

  // One parsed message (request, notification or response).
  void handle(const Json& message, Clock::time_point now = Clock::now());
  // Input that was not a message: bad JSON, a header without Content-Length.
  void handle_malformed(const std::string& problem);
  // Analyses and publishes the documents whose debounce delay has passed.
  void run_due(Clock::time_point now = Clock::now());
  // Milliseconds until the next debounced analysis; -1 when none is pending.
  int next_timeout(Clock::time_point now = Clock::now()) const;

  bool exited() const { return exited_; }
  // After `exit`: 0 when `shutdown` came first, 1 otherwise (as LSP specifies).
  int exit_code() const { return shutdown_ ? 0 : 1; }

 private:
  struct Document {
    TextDocument text;
    std::string path;          // what the compiler calls the file
    std::string library_path;  // "<stdlib>/..." for a materialised library file
    std::optional<Clock::time_point> due;
    std::shared_ptr<const Analysis> analysis;
    PublishedDiagnostics published;
  };

  Json dispatch_request(const std::string& method, const Json& params);
  void dispatch_notification(const std::string& method, const Json& params, Clock::time_point now);

  Json initialize(const Json& params);
  void did_open(const Json& params);
  void did_change(const Json& params, Clock::time_point now);
  void did_close(const Json& params);
  // workspace/didChangeWorkspaceFolders: the folders documents may read from changed.
  void workspace_folders_changed(const Json& params, Clock::time_point now);
  void files_changed(Clock::time_point now);
  // hover and definition: `feature` at the request's position, on a fresh analysis.
  Json at_position(const Json& params, Json (*feature)(const Analysis&, Locator&, std::uint32_t));
  Json completion(const Json& params);
  Json code_action(const Json& params);

  Document& document(const Json& params);
  // The document's analysis of its current text, analysing (and publishing) first if stale.
  const Analysis& fresh_analysis(const std::string& uri, Document& document);
  std::uint32_t offset_param(const Document& document, const Json& params, const char* key = "position");
  // Analyses the document's text; the analysis it replaces is kept in retired_.
  void analyze(Document& document);
  void publish(const std::string& uri, Document& document);
  // Analyses and publishes, then frees the replaced analysis.
  void refresh(const std::string& uri, Document& document);

  void respond(const Json& id, Json result);
  void respond_error(const Json& id, int code, const std::string& message);
  void notify(const std::string& method, Json params);
  void log(int type, const std::string& message);
  // Logs a library file the locator could not materialise (its locations were left out).
  void report(const Locator& locator);

  Send send_;
  ServerOptions options_;
  CompilerAdapter adapter_;
  LibraryFiles library_;
  std::map<std::string, Document> documents_;  // by URI
  std::shared_ptr<const Analysis> retired_;     // replaced by the last analyze(), not yet freed
  // The workspace folders (canonical paths), from initialize and later changes: a
  // document reads its imports and gpuspec.json only inside the one holding it.
  std::vector<std::string> workspaces_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
};

}  // namespace gpuspec::lsp
