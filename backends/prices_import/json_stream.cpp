#include "backends/prices_import/json_stream.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <istream>
#include <streambuf>

#include "source/file_reader.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

namespace {

// Reads a descriptor in 1 MiB chunks and stops at `limit` bytes: the size checked when
// the file was opened can grow while it is read.
class DescriptorBuffer : public std::streambuf {
 public:
  DescriptorBuffer(int fd, std::uint64_t limit) : fd_(fd), limit_(limit), buffer_(1u << 20) {}
  const std::string& error() const { return error_; }
  bool over_limit() const { return over_limit_; }
  std::size_t bytes_read() const { return static_cast<std::size_t>(before_chunk_) + static_cast<std::size_t>(gptr() - eback()); }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    ssize_t n;
    do {
      n = ::read(fd_, buffer_.data(), buffer_.size());
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
      error_ = std::strerror(errno);
      return traits_type::eof();
    }
    if (n == 0) return traits_type::eof();
    before_chunk_ = total_;
    total_ += static_cast<std::uint64_t>(n);
    if (total_ > limit_) {
      over_limit_ = true;
      return traits_type::eof();
    }
    setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
    return traits_type::to_int_type(*gptr());
  }

 private:
  int fd_;
  std::uint64_t limit_;
  std::uint64_t total_ = 0;
  std::uint64_t before_chunk_ = 0;
  std::vector<char> buffer_;
  std::string error_;
  bool over_limit_ = false;
};

// Text held in memory as a stream, so the parse can say how far it read.
class MemoryBuffer : public std::streambuf {
 public:
  explicit MemoryBuffer(std::string_view text) {
    char* begin = const_cast<char*>(text.data());  // read only: nothing writes through a get area
    setg(begin, begin, begin + text.size());
  }
  std::size_t bytes_read() const { return static_cast<std::size_t>(gptr() - eback()); }
};

}  // namespace

bool JsonPathHandler::stop(std::string reason) {
  stopped_ = std::move(reason);
  if (bytes_read_) stop_position_ = bytes_read_();
  return false;
}

bool JsonPathHandler::open(bool is_object) {
  if (frames_.size() >= kMaxJsonDepth) return stop("nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  names_.push_back(frames_.empty() ? std::string() : frames_.back().is_object ? frames_.back().key : std::string("[]"));
  frames_.push_back({std::string(), is_object});
  return on_open(is_object);
}

bool JsonPathHandler::close(bool is_object) {
  bool go_on = on_close(is_object);
  frames_.pop_back();
  names_.pop_back();
  return go_on;
}

bool JsonPathHandler::key(string_t& value) {
  frames_.back().key = value;
  return true;
}

bool JsonPathHandler::parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& error) {
  error_position_ = position;
  std::string message = error.what();
  // "[json.exception.parse_error.101] parse error at line 1, column 2: ..." without the id.
  if (auto bracket = message.find("] "); message.starts_with("[json.exception") && bracket != std::string::npos) {
    message = message.substr(bracket + 2);
  }
  syntax_error_ = printable(message);
  return false;
}

std::string stream_json_file(const std::string& path, std::uint64_t limit, std::string_view limit_variable,
                             JsonPathHandler& handler) {
  std::string error;
  auto file = open_regular_file(path, limit, error, limit_variable);
  if (!file) return "cannot read '" + printable(path) + "': " + error;
  DescriptorBuffer buffer(file->fd, limit);
  handler.count_bytes_with([&buffer] { return buffer.bytes_read(); });
  std::istream stream(&buffer);
  bool parsed = nlohmann::json::sax_parse(stream, &handler);
  handler.count_bytes_with(nullptr);
  ::close(file->fd);
  if (!buffer.error().empty()) return "cannot read '" + printable(path) + "': " + buffer.error();
  if (buffer.over_limit()) {
    return "cannot read '" + printable(path) + "': " + too_large_message(std::nullopt, limit, limit_variable);
  }
  if (!handler.stopped().empty()) {
    // No caret for a file that is not held: the byte says where.
    return "'" + printable(path) + "': " + handler.stopped() + " (at byte " + std::to_string(handler.stop_position()) + ")";
  }
  if (!parsed || !handler.syntax_error().empty()) {
    return "'" + printable(path) + "' is not valid JSON: " +
           (handler.syntax_error().empty() ? std::string("it ends early") : handler.syntax_error());
  }
  return "";
}

bool parse_json_text(std::string_view text, JsonPathHandler& handler) {
  MemoryBuffer buffer(text);
  handler.count_bytes_with([&buffer] { return buffer.bytes_read(); });
  std::istream stream(&buffer);
  bool parsed = nlohmann::json::sax_parse(stream, &handler);
  handler.count_bytes_with(nullptr);
  return parsed && handler.stopped().empty() && handler.syntax_error().empty();
}

}  // namespace gpuspec::prices_import
