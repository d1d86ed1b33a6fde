#include "lsp/transport.h"

#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <optional>
#include <string_view>

namespace gpuspec::lsp {

namespace {

constexpr std::string_view kHeaderEnd = "\r\n\r\n";
constexpr std::string_view kLengthField = "content-length:";
// Garbage that never forms a header block is dropped once it is this large.
constexpr std::size_t kMaxHeaderBytes = 64u << 10;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The Content-Length of a header block, or nullopt with `error` set.
std::optional<std::size_t> content_length(std::string_view headers, std::string& error) {
  std::string text = lower(headers);
  std::size_t at = text.find(kLengthField);
  if (at == std::string::npos) {
    error = "message header has no Content-Length";
    return std::nullopt;
  }
  std::size_t begin = text.find_first_not_of(' ', at + kLengthField.size());
  std::size_t end = text.find("\r\n", begin);
  std::string_view digits = std::string_view(text).substr(begin, end - begin);
  while (!digits.empty() && digits.back() == ' ') digits.remove_suffix(1);
  std::size_t length = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), length);
  if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size()) {
    error = "message header has a malformed Content-Length '" + std::string(digits) + "'";
    return std::nullopt;
  }
  return length;
}

}  // namespace

bool Transport::take_buffered(std::string& body, Status& status) {
  if (skip_ > 0) {
    std::size_t n = std::min(skip_, buffer_.size());
    buffer_.erase(0, n);
    skip_ -= n;
    if (skip_ > 0) return false;
  }
  std::size_t end = buffer_.find(kHeaderEnd);
  if (end == std::string::npos) {
    if (buffer_.size() > kMaxHeaderBytes) {
      buffer_.clear();
      body = "no message header in the last 64 KiB of input";
      status = Status::BadHeader;
      return true;
    }
    return false;
  }
  std::string error;
  auto length = content_length(std::string_view(buffer_).substr(0, end), error);
  if (!length) {
    buffer_.erase(0, end + kHeaderEnd.size());
    body = error;
    status = Status::BadHeader;
    return true;
  }
  std::size_t start = end + kHeaderEnd.size();
  if (*length > kMaxMessageBytes) {
    buffer_.erase(0, start);
    skip_ = *length;
    body = "message of " + std::to_string(*length) + " bytes is larger than the limit of 64 MiB";
    status = Status::BadHeader;
    return true;
  }
  if (buffer_.size() - start < *length) return false;
  body = buffer_.substr(start, *length);
  buffer_.erase(0, start + *length);
  status = Status::Message;
  return true;
}

Transport::Status Transport::read(std::string& body, int timeout_ms) {
  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms);
  Status status = Status::Timeout;
  while (true) {
    if (take_buffered(body, status)) return status;
    if (closed_) return Status::Closed;
    int wait = -1;
    if (timeout_ms >= 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left < 0) return Status::Timeout;
      wait = static_cast<int>(left);
    }
    pollfd fd{in_, POLLIN, 0};
    int ready = ::poll(&fd, 1, wait);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Status::Timeout;
    char chunk[65536];
    ssize_t n = ::read(in_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      closed_ = true;
      continue;  // a complete message may still sit in the buffer
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

bool Transport::write(const std::string& body) {
  // The header and the body in one writev: no framed copy of a large body.
  const std::string header = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  std::size_t written = 0;
  const std::size_t total = header.size() + body.size();
  while (written < total) {
    iovec parts[2];
    int count = 0;
    if (written < header.size()) {
      parts[count++] = {const_cast<char*>(header.data()) + written, header.size() - written};
      parts[count++] = {const_cast<char*>(body.data()), body.size()};
    } else {
      parts[count++] = {const_cast<char*>(body.data()) + (written - header.size()), total - written};
    }
    ssize_t n = ::writev(out_, parts, count);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace gpuspec::lsp
