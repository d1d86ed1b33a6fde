// Names and numbers from the LSP 3.17 specification that the server uses, and the
// error a handler throws to answer a request with a JSON-RPC error.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "lsp/text_document.h"

namespace gpuspec::lsp {

using Json = nlohmann::json;

namespace error_code {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kServerNotInitialized = -32002;
inline constexpr int kRequestFailed = -32803;
}  // namespace error_code

// DiagnosticSeverity, CompletionItemKind, TextDocumentSyncKind, MessageType.
namespace lsp_enum {
inline constexpr int kSeverityError = 1, kSeverityWarning = 2, kSeverityInformation = 3, kSeverityHint = 4;
inline constexpr int kCompletionProperty = 10, kCompletionValue = 12, kCompletionKeyword = 14,
                     kCompletionModule = 9, kCompletionReference = 18, kCompletionEnumMember = 20, kCompletionClass = 7;
inline constexpr int kSyncIncremental = 2;
inline constexpr int kMessageError = 1, kMessageWarning = 2, kMessageLog = 4;
}  // namespace lsp_enum

// Thrown by a request handler; the server answers with this error instead of a result.
struct LspError : std::runtime_error {
  LspError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
  int code;
};

inline Json position_json(Position position) { return {{"line", position.line}, {"character", position.character}}; }
inline Json range_json(Position start, Position end) { return {{"start", position_json(start)}, {"end", position_json(end)}}; }

}  // namespace gpuspec::lsp
