#include "lsp/server.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "lsp/completion.h"
#include "lsp/definition.h"
#include "lsp/diagnostics.h"
#include "lsp/formatting.h"
#include "lsp/hover.h"
#include "lsp/locations.h"
#include "lsp/uri.h"
#include "source/json_io.h"

#ifndef GPUSPEC_VERSION
#define GPUSPEC_VERSION "0.0.0"
#endif

namespace gpuspec::lsp {

namespace {

// Parameter access that answers a malformed request with InvalidParams, never a crash.
const Json& member(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) {
    throw LspError(error_code::kInvalidParams, fmt::format("missing parameter '{}'", key));
  }
  return object.at(key);
}

std::string string_member(const Json& object, const char* key) {
  const Json& value = member(object, key);
  if (!value.is_string()) throw LspError(error_code::kInvalidParams, fmt::format("parameter '{}' must be a string", key));
  return value.get<std::string>();
}

std::uint32_t unsigned_member(const Json& object, const char* key) {
  const Json& value = member(object, key);
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 0x7fffffff) {
    throw LspError(error_code::kInvalidParams, fmt::format("parameter '{}' must be a non-negative integer", key));
  }
  return value.get<std::uint32_t>();
}

Position position_member(const Json& object, const char* key) {
  const Json& value = member(object, key);
  return Position{unsigned_member(value, "line"), unsigned_member(value, "character")};
}

std::string uri_of(const Json& params) { return string_member(member(params, "textDocument"), "uri"); }

// The folder a workspace URI names, canonical; nullopt for anything but a file URI.
std::optional<std::string> workspace_folder(const Json& uri) {
  if (!uri.is_string()) return std::nullopt;
  auto path = path_from_uri(uri.get<std::string>());
  if (!path || !std::filesystem::path(*path).is_absolute()) return std::nullopt;
  std::error_code ec;
  return std::filesystem::weakly_canonical(*path, ec).string();
}

// initialize's workspace folders: `workspaceFolders`, else the older `rootUri`, else
// the oldest `rootPath`. Without any, no document may read from disk.
std::vector<std::string> initial_workspaces(const Json& params) {
  std::vector<std::string> folders;
  if (!params.is_object()) return folders;
  if (params.contains("workspaceFolders") && params["workspaceFolders"].is_array()) {
    for (const auto& folder : params["workspaceFolders"]) {
      if (!folder.is_object()) continue;
      if (auto path = workspace_folder(folder.value("uri", Json()))) folders.push_back(*path);
    }
    return folders;
  }
  if (auto path = workspace_folder(params.value("rootUri", Json()))) {
    folders.push_back(*path);
  } else if (params.contains("rootPath") && params["rootPath"].is_string()) {
    if (auto from_path = workspace_folder(Json(uri_from_path(params["rootPath"].get<std::string>())))) {
      folders.push_back(*from_path);
    }
  }
  return folders;
}

}  // namespace

Server::Server(Send send, ServerOptions options)
    : send_(std::move(send)), options_(std::move(options)), library_(options_.cache_dir) {}

// ---------------------------------------------------------------- messages

void Server::respond(const Json& id, Json result) { send_({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}); }

void Server::respond_error(const Json& id, int code, const std::string& message) {
  send_({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Server::notify(const std::string& method, Json params) {
  send_({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

void Server::log(int type, const std::string& message) {
  notify("window/logMessage", {{"type", type}, {"message", message}});
}

void Server::report(const Locator& locator) {
  if (!locator.error().empty()) {
    log(lsp_enum::kMessageWarning, "cannot write the stdlib for go-to-definition: " + locator.error());
  }
}

void Server::handle_malformed(const std::string& problem) {
  respond_error(nullptr, error_code::kParseError, problem);
}

void Server::handle(const Json& message, Clock::time_point now) {
  if (!message.is_object()) {
    respond_error(nullptr, error_code::kInvalidRequest, "a message must be a JSON object");
    return;
  }
  bool has_id = message.contains("id");
  Json id = has_id ? message["id"] : Json(nullptr);
  if (has_id && !id.is_number_integer() && !id.is_string()) {
    respond_error(nullptr, error_code::kInvalidRequest, "a request id must be an integer or a string");
    return;
  }
  if (!message.contains("method")) {
    // A response to a request of ours; the server sends none, so there is nothing to match.
    if (has_id && (message.contains("result") || message.contains("error"))) return;
    respond_error(id, error_code::kInvalidRequest, "a message needs a method");
    return;
  }
  if (!message["method"].is_string()) {
    if (has_id) respond_error(id, error_code::kInvalidRequest, "method must be a string");
    return;
  }
  std::string method = message["method"].get<std::string>();
  // JSON-RPC allows params to be left out; some clients send null instead.
  Json params = message.contains("params") && !message["params"].is_null() ? message["params"] : Json::object();
  if (!params.is_object() && !params.is_array()) {
    if (has_id) respond_error(id, error_code::kInvalidParams, "params must be an object or an array");
    return;
  }
  try {
    if (!has_id) {
      dispatch_notification(method, params, now);
    } else if (shutdown_) {
      respond_error(id, error_code::kInvalidRequest, "the server is shutting down");
    } else if (!initialized_ && method != "initialize") {
      respond_error(id, error_code::kServerNotInitialized, "the server has not been initialized");
    } else {
      respond(id, dispatch_request(method, params));
    }
  } catch (const LspError& e) {
    if (has_id) respond_error(id, e.code, e.what());
    else log(lsp_enum::kMessageError, fmt::format("{}: {}", method, e.what()));
  } catch (const Json::exception& e) {
    if (has_id) respond_error(id, error_code::kInvalidParams, e.what());
    else log(lsp_enum::kMessageError, fmt::format("{}: {}", method, e.what()));
  } catch (const std::exception& e) {
    // A bug, not a client mistake: say so and keep serving.
    std::string text = fmt::format("internal error in {}: {}", method, e.what());
    if (has_id) respond_error(id, error_code::kInternalError, text);
    else log(lsp_enum::kMessageError, text);
  }
}

Json Server::dispatch_request(const std::string& method, const Json& params) {
  if (method == "initialize") return initialize(params);
  if (method == "shutdown") {
    shutdown_ = true;
    return nullptr;
  }
  if (method == "textDocument/hover") return at_position(params, lsp::hover);
  if (method == "textDocument/definition") return at_position(params, lsp::definition);
  if (method == "textDocument/completion") return completion(params);
  if (method == "textDocument/codeAction") return code_action(params);
  if (method == "textDocument/formatting") {
    const Document& doc = document(params);
    if (!doc.library_path.empty()) return Json::array();  // the materialised library is read-only
    return format_document(doc.text, doc.path);
  }
  throw LspError(error_code::kMethodNotFound, fmt::format("unknown method '{}'", method));
}

void Server::dispatch_notification(const std::string& method, const Json& params, Clock::time_point now) {
  if (method == "exit") {
    exited_ = true;
    return;
  }
  if (!initialized_ || shutdown_) return;  // dropped, as LSP specifies
  if (method == "textDocument/didOpen") {
    did_open(params);
  } else if (method == "textDocument/didChange") {
    did_change(params, now);
  } else if (method == "textDocument/didClose") {
    did_close(params);
  } else if (method == "textDocument/didSave" || method == "workspace/didChangeWatchedFiles") {
    files_changed(now);
  } else if (method == "workspace/didChangeWorkspaceFolders") {
    workspace_folders_changed(params, now);
  }
  // Anything else (initialized, $/cancelRequest, $/setTrace, ...) needs no action:
  // requests are answered in order, before the next message is read.
}

// ---------------------------------------------------------------- lifecycle

Json Server::initialize(const Json& params) {
  if (initialized_) throw LspError(error_code::kInvalidRequest, "initialize was already called");
  if (params.is_object() && params.contains("initializationOptions") && params["initializationOptions"].is_object()) {
    const Json& options = params["initializationOptions"];
    if (options.contains("debounceMs") && options["debounceMs"].is_number_integer()) {
      options_.debounce_ms = std::clamp(options["debounceMs"].get<int>(), 0, 10000);
    }
    if (options.contains("stats") && options["stats"].is_boolean()) options_.stats = options["stats"].get<bool>();
    if (options.contains("incremental") && options["incremental"].is_boolean()) {
      adapter_.set_incremental(options["incremental"].get<bool>());
    }
    if (options.contains("cacheDirectory") && options["cacheDirectory"].is_string()) {
      library_ = LibraryFiles(options["cacheDirectory"].get<std::string>());
    }
  }
  workspaces_ = initial_workspaces(params);
  initialized_ = true;
  return {{"capabilities",
           {{"positionEncoding", "utf-16"},
            {"textDocumentSync", {{"openClose", true}, {"change", lsp_enum::kSyncIncremental}, {"save", {{"includeText", false}}}}},
            {"hoverProvider", true},
            {"definitionProvider", true},
            {"completionProvider", {{"triggerCharacters", {"."}}, {"resolveProvider", false}}},
            {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
            {"documentFormattingProvider", true},
            {"workspace", {{"workspaceFolders", {{"supported", true}, {"changeNotifications", true}}}}}}},
          {"serverInfo", {{"name", "gpuspec"}, {"version", GPUSPEC_VERSION}}}};
}

// ---------------------------------------------------------------- documents

void Server::did_open(const Json& params) {
  const Json& item = member(params, "textDocument");
  std::string uri = string_member(item, "uri");
  std::string text = string_member(item, "text");
  const Json& version = member(item, "version");
  if (!version.is_number_integer()) throw LspError(error_code::kInvalidParams, "parameter 'version' must be an integer");
  // A URI that is not a file (an unsaved buffer) is analysed under its URI as its name.
  std::string path = path_from_uri(uri).value_or(uri);
  Document doc{TextDocument(std::move(text), version.get<std::int64_t>()), path, library_.library_path_for(path).value_or(""),
               std::nullopt, nullptr};
  auto [it, inserted] = documents_.insert_or_assign(uri, std::move(doc));
  refresh(uri, it->second);
}

void Server::did_change(const Json& params, Clock::time_point now) {
  std::string uri = uri_of(params);
  Document& doc = document(params);
  const Json& changes = member(params, "contentChanges");
  if (!changes.is_array()) throw LspError(error_code::kInvalidParams, "parameter 'contentChanges' must be an array");
  for (const auto& change : changes) {
    std::string text = string_member(change, "text");
    if (!change.contains("range")) {
      doc.text.replace(std::move(text));
      continue;
    }
    const Json& range = change["range"];
    if (!doc.text.apply(position_member(range, "start"), position_member(range, "end"), text)) {
      // A notification cannot be answered: say so in the log; the text is now out of
      // step with the client's until it sends the whole text (reopening the file).
      log(lsp_enum::kMessageError,
          fmt::format("didChange for {}: range {} is outside the document; change ignored", uri, dump_json(range, -1)));
    }
  }
  const Json& version = member(member(params, "textDocument"), "version");
  if (version.is_number_integer()) doc.text.set_version(version.get<std::int64_t>());
  doc.due = now + std::chrono::milliseconds(options_.debounce_ms);
}

void Server::did_close(const Json& params) {
  std::string uri = uri_of(params);
  documents_.erase(uri);
  notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", Json::array()}});
}

void Server::workspace_folders_changed(const Json& params, Clock::time_point now) {
  const Json& event = member(params, "event");
  auto folders_of = [&](const char* key) {
    std::vector<std::string> out;
    if (event.is_object() && event.contains(key) && event[key].is_array()) {
      for (const auto& folder : event[key]) {
        if (folder.is_object()) {
          if (auto path = workspace_folder(folder.value("uri", Json()))) out.push_back(*path);
        }
      }
    }
    return out;
  };
  for (const auto& removed : folders_of("removed")) std::erase(workspaces_, removed);
  for (const auto& added : folders_of("added")) {
    if (std::find(workspaces_.begin(), workspaces_.end(), added) == workspaces_.end()) workspaces_.push_back(added);
  }
  for (auto& [uri, doc] : documents_) doc.due = now;  // each may now read more, or less
}

// A saved file may be imported by other documents, and a config or policy file
// changes every document's settings: start from fresh sessions, re-analyse all.
void Server::files_changed(Clock::time_point now) {
  adapter_.reload();
  for (auto& [uri, doc] : documents_) doc.due = now;
}

Server::Document& Server::document(const Json& params) {
  std::string uri = uri_of(params);
  auto it = documents_.find(uri);
  if (it == documents_.end()) throw LspError(error_code::kInvalidParams, fmt::format("document '{}' is not open", uri));
  return it->second;
}

void Server::analyze(Document& doc) {
  doc.due.reset();
  if (!doc.library_path.empty()) {
    doc.analysis = adapter_.library_file(doc.library_path);
    if (doc.analysis) return;
    doc.library_path.clear();  // not a file of this build's library: an ordinary file
  }
  retired_ = std::move(doc.analysis);
  // Held nowhere else, the replaced analysis gives its tree to the new one.
  Analysis* replaced = retired_.use_count() == 1 ? const_cast<Analysis*>(retired_.get()) : nullptr;
  doc.analysis = adapter_.analyze(doc.path, doc.text.text(), workspaces_, replaced);
}

void Server::refresh(const std::string& uri, Document& doc) {
  analyze(doc);
  publish(uri, doc);
  // The replaced analysis is freed once its successor is published: tearing down a large
  // document's tree and findings took a tenth of an edit (issue 28).
  retired_.reset();
}

void Server::publish(const std::string& uri, Document& doc) {
  // The message as notify() would write it, with the diagnostics' text in place of
  // the empty array: its keys are sorted, so the first "diagnostics" is the params' one.
  Json message{{"jsonrpc", "2.0"},
               {"method", "textDocument/publishDiagnostics"},
               {"params", {{"uri", uri}, {"version", doc.text.version()}, {"diagnostics", Json::array()}}}};
  const std::string envelope = dump_json(message, -1);
  const std::string empty = "\"diagnostics\":[]";
  const std::size_t at = envelope.find(empty) + empty.size() - 2;
  // One pass of appends, the diagnostics written in place: they are most of the bytes
  // (668 KB for 800 findings), and copying them into the envelope was 5 % of an edit.
  std::string text = doc.published.spare();
  text.append(envelope, 0, at);
  const bool diagnostics = doc.analysis && doc.library_path.empty();
  if (diagnostics) {
    Locator locator(*doc.analysis, library_, uri);
    locator.reuse_lines(doc.text.text(), doc.text.lines());
    // What the edits since the last publish left alone: the findings there are copied.
    const Unchanged unchanged = doc.text.unchanged_since_mark();
    doc.published.append_json_text(*doc.analysis, locator, text, &unchanged);
    doc.text.mark();
    report(locator);
  } else {
    text += "[]";
  }
  text.append(envelope, at + 2);
  if (options_.send_text) {
    options_.send_text(text);
  } else {
    send_(Json::parse(text));
  }
  if (diagnostics) doc.published.keep(std::move(text));
  if (options_.stats && doc.analysis) {
    const LintStats& stats = doc.analysis->lint_stats();
    notify("$/gpuspec/stats",
           {{"uri", uri}, {"version", doc.text.version()}, {"linted", stats.linted}, {"replayed", stats.replayed},
            {"reparsed", doc.analysis->parse_stats().reparsed}, {"checked", doc.analysis->check_stats().checked}});
  }
}

void Server::run_due(Clock::time_point now) {
  for (auto& [uri, doc] : documents_) {
    if (!doc.due || *doc.due > now) continue;
    refresh(uri, doc);
  }
}

int Server::next_timeout(Clock::time_point now) const {
  std::optional<Clock::time_point> next;
  for (const auto& [uri, doc] : documents_) {
    if (doc.due && (!next || *doc.due < *next)) next = doc.due;
  }
  if (!next) return -1;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(*next - now).count();
  return static_cast<int>(std::max<long long>(0, ms));
}

const Analysis& Server::fresh_analysis(const std::string& uri, Document& doc) {
  if (doc.due || !doc.analysis) {
    refresh(uri, doc);
  }
  return *doc.analysis;
}

std::uint32_t Server::offset_param(const Document& doc, const Json& params, const char* key) {
  Position position = position_member(params, key);
  auto offset = doc.text.offset_of(position);
  if (!offset) {
    throw LspError(error_code::kInvalidParams, fmt::format("position {}:{} is outside the document ({} lines)",
                                                           position.line, position.character, doc.text.lines().line_count()));
  }
  return *offset;
}

// ---------------------------------------------------------------- requests

Json Server::at_position(const Json& params, Json (*feature)(const Analysis&, Locator&, std::uint32_t)) {
  std::string uri = uri_of(params);
  Document& doc = document(params);
  std::uint32_t offset = offset_param(doc, params);
  const Analysis& analysis = fresh_analysis(uri, doc);
  Locator locator(analysis, library_, uri);
  Json result = feature(analysis, locator, offset);
  report(locator);
  return result;
}

Json Server::completion(const Json& params) {
  Document& doc = document(params);
  std::uint32_t offset = offset_param(doc, params);
  // Names only: an analysis of an earlier version will do, so typing never waits for one.
  if (!doc.analysis) analyze(doc);
  return lsp::completion(*doc.analysis, doc.text, offset);
}

Json Server::code_action(const Json& params) {
  Document& doc = document(params);
  const Json& range = member(params, "range");
  std::uint32_t begin = offset_param(doc, range, "start");
  std::uint32_t end = offset_param(doc, range, "end");
  if (end < begin) throw LspError(error_code::kInvalidParams, "range end is before its start");
  std::string uri = uri_of(params);
  const Analysis& analysis = fresh_analysis(uri, doc);
  if (!doc.library_path.empty()) return Json::array();
  Locator locator(analysis, library_, uri);
  Json actions = code_actions(analysis, locator, uri, begin, end);
  report(locator);
  return actions;
}

}  // namespace gpuspec::lsp
