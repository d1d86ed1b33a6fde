#include "lsp/transport.h"

#include <gtest/gtest.h>
#include <unistd.h>

namespace gpuspec::lsp {
namespace {

class TransportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(::pipe(to_server_), 0);
    ASSERT_EQ(::pipe(from_server_), 0);
  }
  void TearDown() override {
    for (int fd : {to_server_[0], to_server_[1], from_server_[0], from_server_[1]}) {
      if (fd >= 0) ::close(fd);
    }
  }
  void feed(const std::string& bytes) { ASSERT_EQ(::write(to_server_[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size())); }
  void close_input() {
    ::close(to_server_[1]);
    to_server_[1] = -1;
  }

  int to_server_[2] = {-1, -1};
  int from_server_[2] = {-1, -1};
};

TEST_F(TransportTest, ReadsFramedMessagesBackToBack) {
  Transport transport(to_server_[0], from_server_[1]);
  feed("Content-Length: 2\r\n\r\n{}content-length:4\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nnull");
  std::string body;
  ASSERT_EQ(transport.read(body, 1000), Transport::Status::Message);
  EXPECT_EQ(body, "{}");
  ASSERT_EQ(transport.read(body, 1000), Transport::Status::Message);
  EXPECT_EQ(body, "null");
  EXPECT_EQ(transport.read(body, 10), Transport::Status::Timeout);
}

TEST_F(TransportTest, WaitsForABodySplitAcrossWrites) {
  Transport transport(to_server_[0], from_server_[1]);
  feed("Content-Length: 5\r\n\r\n[1,");
  std::string body;
  EXPECT_EQ(transport.read(body, 10), Transport::Status::Timeout);
  feed("2]");
  ASSERT_EQ(transport.read(body, 1000), Transport::Status::Message);
  EXPECT_EQ(body, "[1,2]");
}

TEST_F(TransportTest, ReportsAHeaderWithoutLengthAndRecovers) {
  Transport transport(to_server_[0], from_server_[1]);
  feed("Content-Type: x\r\n\r\nContent-Length: abc\r\n\r\nContent-Length: 1\r\n\r\n1");
  std::string body;
  EXPECT_EQ(transport.read(body, 1000), Transport::Status::BadHeader);
  EXPECT_EQ(body, "message header has no Content-Length");
  EXPECT_EQ(transport.read(body, 1000), Transport::Status::BadHeader);
  EXPECT_EQ(body, "message header has a malformed Content-Length 'abc'");
  ASSERT_EQ(transport.read(body, 1000), Transport::Status::Message);
  EXPECT_EQ(body, "1");
}

TEST_F(TransportTest, SkipsAnOversizedMessage) {
  Transport transport(to_server_[0], from_server_[1]);
  feed("Content-Length: 99999999999\r\n\r\n");
  std::string body;
  EXPECT_EQ(transport.read(body, 1000), Transport::Status::BadHeader);
  close_input();
  EXPECT_EQ(transport.read(body, 1000), Transport::Status::Closed);
}

TEST_F(TransportTest, DeliversTheLastMessageBeforeReportingClosed) {
  Transport transport(to_server_[0], from_server_[1]);
  feed("Content-Length: 1\r\n\r\n7");
  close_input();
  std::string body;
  ASSERT_EQ(transport.read(body, 1000), Transport::Status::Message);
  EXPECT_EQ(transport.read(body, 1000), Transport::Status::Closed);
}

TEST_F(TransportTest, WritesTheContentLengthInBytes) {
  Transport transport(to_server_[0], from_server_[1]);
  ASSERT_TRUE(transport.write("\"\xC3\xA9\""));
  char buffer[64] = {};
  ssize_t n = ::read(from_server_[0], buffer, sizeof buffer);
  EXPECT_EQ(std::string(buffer, static_cast<std::size_t>(n)), "Content-Length: 4\r\n\r\n\"\xC3\xA9\"");
}

}  // namespace
}  // namespace gpuspec::lsp
