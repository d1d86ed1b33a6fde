#include "format/unified_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace gpuspec::format {

namespace {

struct Line {
  std::string_view text;  // without its "\n"
  bool terminated = true;
  bool operator==(const Line& other) const { return text == other.text && terminated == other.terminated; }
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back({text.substr(start), false});
      break;
    }
    lines.push_back({text.substr(start, nl - start), true});
    start = nl + 1;
  }
  return lines;
}

enum class Op { Keep, Remove, Add };

// Myers' greedy algorithm, keeping each round's furthest reaching paths to walk the
// edit script back. A pair of texts that differs in more than kMaxEdits lines is
// not worth a minimal script: it is shown as removed and added whole.
constexpr int kMaxEdits = 4000;

std::vector<Op> edit_script(const std::vector<Line>& a, const std::vector<Line>& b) {
  const int n = static_cast<int>(a.size());
  const int m = static_cast<int>(b.size());
  const int offset = n + m + 1;
  std::vector<int> v(2 * offset + 1, 0);
  std::vector<std::vector<int>> trace;
  int found = -1;
  for (int d = 0; d <= std::min(n + m, kMaxEdits) && found < 0; ++d) {
    trace.push_back(v);
    for (int k = -d; k <= d; k += 2) {
      int x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  std::vector<Op> ops;
  if (found < 0) {
    ops.assign(a.size(), Op::Remove);
    ops.insert(ops.end(), b.size(), Op::Add);
    return ops;
  }
  int x = n;
  int y = m;
  for (int d = found; d > 0; --d) {
    const std::vector<int>& prev = trace[d];
    int k = x - y;
    int prev_k = (k == -d || (k != d && prev[offset + k - 1] < prev[offset + k + 1])) ? k + 1 : k - 1;
    int prev_x = prev[offset + prev_k];
    int prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) {
      ops.push_back(Op::Keep);
      --x, --y;
    }
    ops.push_back(x == prev_x ? Op::Add : Op::Remove);
    x = prev_x;
    y = prev_y;
  }
  while (x > 0 && y > 0) {
    ops.push_back(Op::Keep);
    --x, --y;
  }
  std::reverse(ops.begin(), ops.end());
  return ops;
}

void print_line(std::string& out, char mark, const Line& line) {
  out += mark;
  out += line.text;
  out += '\n';
  if (!line.terminated) out += "\\ No newline at end of file\n";
}

// diff -u writes a hunk of zero lines as "start,0" where start is the line before it.
std::string hunk_range(int start, int count) {
  if (count == 1) return fmt::format("{}", start + 1);
  return fmt::format("{},{}", count == 0 ? start : start + 1, count);
}

}  // namespace

std::string unified_diff(std::string_view before, std::string_view after, std::string_view before_label,
                         std::string_view after_label, int context) {
  if (before == after) return {};
  std::vector<Line> a = split_lines(before);
  std::vector<Line> b = split_lines(after);
  std::vector<Op> ops = edit_script(a, b);

  std::string out = fmt::format("--- {}\n+++ {}\n", before_label, after_label);
  const std::size_t total = ops.size();
  std::size_t i = 0;
  // Where each op starts in a and b.
  std::vector<int> pos_a(total + 1), pos_b(total + 1);
  for (std::size_t k = 0; k < total; ++k) {
    pos_a[k + 1] = pos_a[k] + (ops[k] != Op::Add);
    pos_b[k + 1] = pos_b[k] + (ops[k] != Op::Remove);
  }
  while (i < total) {
    if (ops[i] == Op::Keep) {
      ++i;
      continue;
    }
    // A hunk: changes closer than 2 * context lines apart share one.
    std::size_t begin = i >= static_cast<std::size_t>(context) ? i - context : 0;
    while (begin < i && ops[begin] != Op::Keep) ++begin;
    std::size_t end = i;
    while (end < total) {
      if (ops[end] != Op::Keep) {
        ++end;
        continue;
      }
      std::size_t run = end;
      while (run < total && ops[run] == Op::Keep) ++run;
      if (run == total || run - end > static_cast<std::size_t>(2 * context)) {
        end = std::min(run, end + context);
        break;
      }
      end = run;
    }
    int count_a = pos_a[end] - pos_a[begin];
    int count_b = pos_b[end] - pos_b[begin];
    out += fmt::format("@@ -{} +{} @@\n", hunk_range(pos_a[begin], count_a), hunk_range(pos_b[begin], count_b));
    for (std::size_t k = begin; k < end; ++k) {
      switch (ops[k]) {
        case Op::Keep: print_line(out, ' ', a[pos_a[k]]); break;
        case Op::Remove: print_line(out, '-', a[pos_a[k]]); break;
        case Op::Add: print_line(out, '+', b[pos_b[k]]); break;
      }
    }
    i = end;
  }
  return out;
}

}  // namespace gpuspec::format
