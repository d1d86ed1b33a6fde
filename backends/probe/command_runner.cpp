#include "backends/probe/command_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "source/printable.h"

extern char** environ;

namespace gpuspec::probe {

namespace {

constexpr std::size_t kMaxStderr = 4096;

// The environment the command sees: ours, in the C locale, so numbers and messages have
// the form the parsers read whatever the user's locale is.
std::vector<std::string> command_environment() {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    if (entry.starts_with("LC_ALL=") || entry.starts_with("LANG=") || entry.starts_with("LANGUAGE=")) continue;
    env.emplace_back(entry);
  }
  env.emplace_back("LC_ALL=C");
  env.emplace_back("LANG=C");
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// The last non-empty line of what the command wrote to stderr, made printable: where
// tools put the reason (a Python traceback ends with the exception).
std::string last_line(const std::string& text) {
  std::string_view rest(text);
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r' || rest.back() == ' ')) rest.remove_suffix(1);
  auto nl = rest.rfind('\n');
  std::string_view line = nl == std::string_view::npos ? rest : rest.substr(nl + 1);
  return printable(line.substr(0, 200));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

ToolOutput run_command(const std::vector<std::string>& argv, const CommandLimits& limits) {
  ToolOutput out;
  if (argv.empty()) return out;
  std::vector<std::string> args = argv;
  std::vector<std::string> env = command_environment();
  std::vector<char*> arg_ptrs = pointers(args);
  std::vector<char*> env_ptrs = pointers(env);

  int out_pipe[2], err_pipe[2], exec_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return {ToolOutput::Status::Failed, "", std::strerror(errno)};
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]), ::close(out_pipe[1]);
    return {ToolOutput::Status::Failed, "", std::strerror(errno)};
  }
  // The child writes exec's errno here; close-on-exec closes it when exec succeeds.
  if (::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]), ::close(out_pipe[1]), ::close(err_pipe[0]), ::close(err_pipe[1]);
    return {ToolOutput::Status::Failed, "", std::strerror(errno)};
  }
  int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  pid_t pid = ::fork();
  if (pid == 0) {
    // Only async-signal-safe calls from here to exec.
    ::setpgid(0, 0);
    if (null_fd >= 0) ::dup2(null_fd, STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    ::signal(SIGPIPE, SIG_DFL);
    ::execvpe(arg_ptrs[0], arg_ptrs.data(), env_ptrs.data());
    int error = errno;
    [[maybe_unused]] auto written = ::write(exec_pipe[1], &error, sizeof error);
    ::_exit(127);
  }
  if (null_fd >= 0) ::close(null_fd);
  if (pid > 0) ::setpgid(pid, pid);  // as the child does: whichever runs first, the group exists
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  if (pid < 0) {
    int error = errno;
    ::close(out_pipe[0]), ::close(err_pipe[0]), ::close(exec_pipe[0]);
    return {ToolOutput::Status::Failed, "", fmt::format("cannot start: {}", std::strerror(error))};
  }

  int exec_error = 0;
  ssize_t got = ::read(exec_pipe[0], &exec_error, sizeof exec_error);  // returns at exec or at _exit
  ::close(exec_pipe[0]);

  std::string stderr_text;
  int out_fd = out_pipe[0], err_fd = err_pipe[0];
  bool timed_out = false, too_large = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits.timeout_ms);
  while (got != static_cast<ssize_t>(sizeof exec_error) && (out_fd >= 0 || err_fd >= 0)) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    int ready = ::poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    char buffer[65536];
    for (int k = 0; k < 2; ++k) {
      int& fd = k == 0 ? out_fd : err_fd;
      if (fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        close_fd(fd);
        continue;
      }
      if (k == 0) {
        if (out.text.size() + static_cast<std::size_t>(n) > limits.max_bytes) {
          too_large = true;
          break;
        }
        out.text.append(buffer, static_cast<std::size_t>(n));
      } else if (stderr_text.size() < kMaxStderr) {
        stderr_text.append(buffer, std::min(static_cast<std::size_t>(n), kMaxStderr - stderr_text.size()));
      }
    }
    if (too_large) break;
  }
  close_fd(out_fd);
  close_fd(err_fd);
  // A command that closed its output may still run: it gets what is left of its time.
  int status = 0;
  while (!timed_out && !too_large) {
    pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      timed_out = true;
      break;
    }
    ::usleep(10000);
  }
  if (timed_out || too_large) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }

  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    out.text.clear();
    if (exec_error == ENOENT) return {ToolOutput::Status::NotFound, "", fmt::format("'{}' is not installed", printable(argv[0]))};
    return {ToolOutput::Status::Failed, "", fmt::format("cannot run '{}': {}", printable(argv[0]), std::strerror(exec_error))};
  }
  if (timed_out) {
    out.text.clear();
    out.status = ToolOutput::Status::TimedOut;
    out.detail = fmt::format("killed after {} s", limits.timeout_ms / 1000.0);
    return out;
  }
  if (too_large) {
    out.text.clear();
    out.status = ToolOutput::Status::TooLarge;
    out.detail = fmt::format("more than {} bytes", limits.max_bytes);
    return out;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    out.status = ToolOutput::Status::Ok;
    return out;
  }
  out.status = ToolOutput::Status::Failed;
  std::string why = last_line(stderr_text.empty() ? out.text : stderr_text);
  if (WIFSIGNALED(status)) {
    out.detail = fmt::format("killed by signal {}", WTERMSIG(status));
  } else {
    out.detail = fmt::format("exit status {}", WEXITSTATUS(status));
  }
  if (!why.empty()) out.detail += ": " + why;
  return out;
}

}  // namespace gpuspec::probe
