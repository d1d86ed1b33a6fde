#include "syntax/ast_snapshot.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace gpuspec::syntax {

namespace {

// Variable-length unsigned integers (7 bits a byte), raw IEEE doubles, length-prefixed
// strings. A valid range is tagged 1 and an invalid one 0; both keep begin and end.
class Writer {
 public:
  explicit Writer(FileId file) : file_(file) {}

  std::string& bytes() { return out_; }
  bool ok() const { return ok_; }

  void u(std::uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>((v & 0x7F) | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void f(double v) {
    char raw[sizeof v];
    std::memcpy(raw, &v, sizeof v);
    out_.append(raw, sizeof v);
  }
  void s(const std::string& v) {
    u(v.size());
    out_ += v;
  }
  void opt(const std::optional<std::string>& v) {
    u(v ? 1 : 0);
    if (v) s(*v);
  }
  void r(const SourceRange& range) {
    if (range.valid() && range.file != file_) ok_ = false;
    u(range.valid() ? 1 : 0);
    u(range.begin);
    u(range.end);
  }

  void expr(const ast::ExprPtr& e) {
    if (!e) return u(0);
    u(e->node.index() + 1);
    r(e->range);
    std::visit([this](const auto& node) { payload(node); }, e->node);
  }
  void exprs(const std::vector<ast::ExprPtr>& list) {
    u(list.size());
    for (const auto& e : list) expr(e);
  }

  void payload(const ast::NumberLit& n) { f(n.value); }
  void payload(const ast::ScaledCountLit& n) {
    f(n.value);
    u(static_cast<unsigned char>(n.suffix));
  }
  void payload(const ast::QuantityLit& q) {
    f(q.number);
    s(q.unit);
    r(q.unit_range);
  }
  void payload(const ast::PercentLit& p) { f(p.value); }
  void payload(const ast::StringLit& v) { s(v.value); }
  void payload(const ast::BoolLit& b) { u(b.value ? 1 : 0); }
  void payload(const ast::VersionedSymbol& v) {
    s(v.name);
    s(v.version);
  }
  void payload(const ast::Name& n) { s(n.name); }
  void payload(const ast::Multiplicity& m) {
    f(m.count);
    r(m.count_range);
    s(m.name);
    r(m.name_range);
  }
  void payload(const ast::ListExpr& l) { exprs(l.items); }
  void payload(const ast::UnaryExpr& e) {
    u(static_cast<std::uint64_t>(e.op));
    expr(e.operand);
  }
  void payload(const ast::BinaryExpr& e) {
    u(static_cast<std::uint64_t>(e.op));
    expr(e.lhs);
    expr(e.rhs);
  }
  void payload(const ast::CallExpr& c) {
    s(c.callee);
    r(c.callee_range(file_));
    exprs(c.args);
  }
  void payload(const ast::ParenExpr& p) { expr(p.inner); }

  // ast::DeferredBody::item: 0 when unknown without the body, else 1 and the text.
  void item_hint(const ast::Body& b) {
    for (const auto& item : b.items) {
      const auto* p = std::get_if<ast::Property>(&item);
      if (!p || p->key != "item") continue;
      const ast::Expr* value = p->value.get();
      if (const auto* v = value ? value->as<ast::StringLit>() : nullptr) return u(1), s(v->value);
      if (const auto* v = value ? value->as<ast::Name>() : nullptr) return u(1), s(v->name);
      if (const auto* v = value ? value->as<ast::VersionedSymbol>() : nullptr) return u(1), s(v->name + "@" + v->version);
      return u(0);
    }
    u(1);
    s(std::string());
  }

  void body(const ast::Body& b) {
    u(b.items.size());
    for (const auto& item : b.items) {
      u(item.index());
      if (const auto* p = std::get_if<ast::Property>(&item)) {
        s(p->key);
        r(p->key_range);
        expr(p->value);
        r(p->range);
      } else if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
        if (!*block) {
          ok_ = false;
          continue;
        }
        s((*block)->key);
        r((*block)->key_range);
        body((*block)->body);
        r((*block)->range);
      } else if (const auto* w = ast::waiver_of(item)) {
        s(w->rule);
        r(w->rule_range);
        opt(w->reason);
        r(w->reason_range);
        opt(w->until);
        r(w->until_range);
        r(w->range);
      }
    }
    r(b.range);
  }

 private:
  FileId file_;
  std::string out_;
  bool ok_ = true;
};

class Reader {
 public:
  Reader(std::string_view bytes, FileId file) : in_(bytes), file_(file) {}

  bool ok() const { return ok_; }
  bool at_end() const { return at_ == in_.size(); }

  std::uint64_t u() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ >= in_.size()) return fail();
      auto byte = static_cast<unsigned char>(in_[at_++]);
      v |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
      if (!(byte & 0x80)) return v;
    }
    return fail();
  }
  std::uint32_t u32() {
    std::uint64_t v = u();
    if (v > UINT32_MAX) return static_cast<std::uint32_t>(fail());
    return static_cast<std::uint32_t>(v);
  }
  double f() {
    double v = 0;
    if (in_.size() - at_ < sizeof v) return static_cast<double>(fail());
    std::memcpy(&v, in_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string s() {
    std::uint64_t n = u();
    if (n > in_.size() - at_) return fail(), std::string();
    std::string v(in_.substr(at_, n));
    at_ += n;
    return v;
  }
  // A length-prefixed run of bytes, in place.
  std::string_view view() {
    std::uint64_t n = u();
    if (n > in_.size() - at_) return fail(), std::string_view();
    std::string_view v = in_.substr(at_, n);
    at_ += n;
    return v;
  }
  std::optional<std::string> opt() {
    if (!u()) return std::nullopt;
    return s();
  }
  SourceRange r() {
    bool valid = u() != 0;
    SourceRange range;
    range.file = valid ? file_ : kNoFile;
    range.begin = u32();
    range.end = u32();
    return range;
  }
  // A count of items that each take at least one byte: never more than what is left.
  std::size_t count() {
    std::uint64_t n = u();
    if (n > in_.size() - at_) return static_cast<std::size_t>(fail());
    return static_cast<std::size_t>(n);
  }

  ast::ExprPtr expr(int depth = 0) {
    std::uint64_t tag = u();
    if (tag == 0 || !ok_) return nullptr;
    // The parser bounds nesting (kMaxNesting); malformed bytes must not recurse deeper.
    if (depth > 4 * 1024) return fail(), nullptr;
    auto e = std::make_unique<ast::Expr>();
    e->range = r();
    switch (tag - 1) {
      case 0: e->node = ast::NumberLit{f()}; break;
      case 1: {
        ast::ScaledCountLit n;
        n.value = f();
        n.suffix = static_cast<char>(u());
        e->node = n;
        break;
      }
      case 2: {
        ast::QuantityLit q;
        q.number = f();
        q.unit = s();
        q.unit_range = r();
        e->node = std::move(q);
        break;
      }
      case 3: e->node = ast::PercentLit{f()}; break;
      case 4: e->node = ast::StringLit{s()}; break;
      case 5: e->node = ast::BoolLit{u() != 0}; break;
      case 6: {
        ast::VersionedSymbol v;
        v.name = s();
        v.version = s();
        e->node = std::move(v);
        break;
      }
      case 7: e->node = ast::Name{s()}; break;
      case 8: {
        ast::Multiplicity m;
        m.count = f();
        m.count_range = r();
        m.name = s();
        m.name_range = r();
        e->node = std::move(m);
        break;
      }
      case 9: e->node = ast::ListExpr{exprs(depth)}; break;
      case 10: {
        auto op = u();
        if (op > static_cast<std::uint64_t>(ast::UnaryOp::Not)) return fail(), nullptr;
        e->node = ast::UnaryExpr{static_cast<ast::UnaryOp>(op), expr(depth + 1)};
        break;
      }
      case 11: {
        auto op = u();
        if (op > static_cast<std::uint64_t>(ast::BinaryOp::Range)) return fail(), nullptr;
        ast::BinaryExpr b{static_cast<ast::BinaryOp>(op), nullptr, nullptr};
        b.lhs = expr(depth + 1);
        b.rhs = expr(depth + 1);
        e->node = std::move(b);
        break;
      }
      case 12: {
        ast::CallExpr c;
        c.callee = s();
        c.set_callee_range(r());
        c.args = exprs(depth);
        e->node = std::move(c);
        break;
      }
      case 13: e->node = ast::ParenExpr{expr(depth + 1)}; break;
      default: return fail(), nullptr;
    }
    return e;
  }
  std::vector<ast::ExprPtr> exprs(int depth) {
    std::vector<ast::ExprPtr> out(count());
    for (auto& e : out) e = expr(depth + 1);
    return out;
  }

  ast::Body body(int depth = 0) {
    ast::Body b;
    if (depth > 4 * 1024) {
      fail();
      return b;
    }
    std::size_t n = count();
    b.items.reserve(n);
    for (std::size_t i = 0; i < n && ok_; ++i) {
      switch (u()) {
        case 0: {
          ast::Property p;
          p.key = s();
          p.key_range = r();
          p.value = expr();
          p.range = r();
          b.items.emplace_back(std::move(p));
          break;
        }
        case 1: {
          auto block = std::make_unique<ast::Block>();
          block->key = s();
          block->key_range = r();
          block->body = body(depth + 1);
          block->range = r();
          b.items.emplace_back(std::move(block));
          break;
        }
        case 2: {
          ast::Waiver w;
          w.rule = s();
          w.rule_range = r();
          w.reason = opt();
          w.reason_range = r();
          w.until = opt();
          w.until_range = r();
          w.range = r();
          b.items.emplace_back(std::make_unique<ast::Waiver>(std::move(w)));
          break;
        }
        default: fail();
      }
    }
    b.range = r();
    return b;
  }

 private:
  std::uint64_t fail() {
    ok_ = false;
    at_ = in_.size();
    return 0;
  }

  std::string_view in_;
  std::size_t at_ = 0;
  FileId file_;
  bool ok_ = true;
};

}  // namespace

// The version of the layout below: a snapshot made by a build with another layout is
// refused (deserialize_ast returns nullopt and the text is parsed), not misread.
// 2: each declaration's body after its header, prefixed by its length in bytes, and
// before it the body's `item` when known (ast::DeferredBody::item).
constexpr std::uint64_t kFormatVersion = 2;

std::optional<std::string> serialize_ast(const ast::File& file) {
  Writer w(file.file);
  w.u(kFormatVersion);
  w.u(file.imports.size());
  for (const auto& import : file.imports) {
    w.s(import.path);
    w.r(import.path_range);
    w.r(import.range);
  }
  w.u(file.declarations.size());
  for (const auto& decl : file.declarations) {
    w.s(decl.kind);
    w.r(decl.kind_range);
    w.s(decl.name);
    w.r(decl.name_range);
    w.r(decl.range);
    w.item_hint(decl.body);
    // The body apart, so that a reader can skip it and read it on first use.
    Writer body(file.file);
    body.body(decl.body);
    if (!body.ok()) return std::nullopt;
    w.s(body.bytes());
  }
  w.u(file.comments.size());
  for (const auto& comment : file.comments) {
    w.u(static_cast<std::uint64_t>(comment.style));
    w.s(comment.text);
    w.r(comment.range);
  }
  if (!w.ok()) return std::nullopt;
  return std::move(w.bytes());
}

namespace {

bool read_body(std::string_view bytes, FileId id, ast::Body& body) {
  Reader in(bytes, id);
  body = in.body();
  if (in.ok() && in.at_end()) return true;
  body = ast::Body();
  return false;
}

// A deferred body is read after the snapshot was accepted, when the fallback of parsing
// the text is gone: a body that does not read is a broken build, never an empty body (a
// catalog entry without properties would resolve to unknowns in silence). The driver and
// the language server report the exception as an internal error; `--jobs` workers pass it on.
bool read_deferred_body(std::string_view bytes, FileId id, ast::Body& body) {
  if (read_body(bytes, id, body)) return true;
  throw std::runtime_error("the embedded library's stored syntax tree of a declaration does not read; rebuild gpuspec");
}

}  // namespace

std::optional<ast::File> deserialize_ast(std::string_view bytes, FileId id, Bodies bodies) {
  Reader in(bytes, id);
  if (in.u() != kFormatVersion) return std::nullopt;
  ast::File file;
  file.file = id;
  file.imports.resize(in.count());
  for (auto& import : file.imports) {
    import.path = in.s();
    import.path_range = in.r();
    import.range = in.r();
  }
  file.declarations.resize(in.count());
  if (bodies == Bodies::Deferred) file.deferred = std::make_unique<ast::DeferredBody[]>(file.declarations.size());
  for (std::size_t i = 0; i < file.declarations.size(); ++i) {
    auto& decl = file.declarations[i];
    decl.kind = in.s();
    decl.kind_range = in.r();
    decl.name = in.s();
    decl.name_range = in.r();
    decl.range = in.r();
    const bool item_known = in.u() != 0;
    std::string_view item = item_known ? in.view() : std::string_view();
    std::string_view body = in.view();
    if (bodies == Bodies::Deferred) {
      auto& deferred = file.deferred[i];
      deferred.item_known = item_known;
      deferred.item = item;
      deferred.target = &decl;
      deferred.bytes = body;
      deferred.file = id;
      deferred.read_into = read_deferred_body;
    } else if (!read_body(body, id, decl.body)) {
      return std::nullopt;
    }
  }
  file.comments.resize(in.count());
  for (auto& comment : file.comments) {
    auto style = in.u();
    if (style > static_cast<std::uint64_t>(ast::CommentStyle::Block)) return std::nullopt;
    comment.style = static_cast<ast::CommentStyle>(style);
    comment.text = in.s();
    comment.range = in.r();
  }
  if (!in.ok() || !in.at_end()) return std::nullopt;
  return file;
}

}  // namespace gpuspec::syntax
