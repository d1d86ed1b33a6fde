// JSON-RPC framing over file descriptors, as LSP's base protocol defines it: each
// message is a header block ("Content-Length: N\r\n", optionally Content-Type,
// then "\r\n") followed by N bytes of JSON. Reading polls the descriptor so the
// server can wait for input and for its debounce deadline at once.
#pragma once

#include <cstddef>
#include <string>

namespace gpuspec::lsp {

class Transport {
 public:
  // A message larger than this is refused (and skipped) rather than buffered.
  static constexpr std::size_t kMaxMessageBytes = 64u << 20;

  Transport(int in_fd, int out_fd) : in_(in_fd), out_(out_fd) {}

  enum class Status {
    Message,    // `body` holds one message
    Timeout,    // nothing complete arrived within the timeout
    Closed,     // end of input (or a read error)
    BadHeader,  // a header block without a usable Content-Length; `body` says what was wrong
  };
  // Waits up to `timeout_ms` (negative: for ever) for one complete message.
  Status read(std::string& body, int timeout_ms);

  // Frames and writes one message; false when the peer has gone away.
  bool write(const std::string& body);

 private:
  // Takes one message (or one broken header block) out of the buffer, if complete.
  bool take_buffered(std::string& body, Status& status);

  int in_;
  int out_;
  std::string buffer_;
  std::size_t skip_ = 0;  // bytes of a refused oversized body still to discard
  bool closed_ = false;
};

}  // namespace gpuspec::lsp
