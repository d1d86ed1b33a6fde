// The roles a build needs that its spec may leave out, so a BOM without them is not
// mistaken for a complete one (a `bom.incomplete` warning names each; the total is then
// "at least"):
//   chassis      every server needs one: a tower case or a rack barebone;
//   motherboard  a case that takes a standard board (`board = atx` or `eatx`) comes
//                without one; a barebone or DGX (`board = proprietary`) includes its own;
//   cooling      a server whose `cooling` is not what its chassis is built for (liquid
//                in an air-cooled case) needs the cooling product, named with `cooler`.
#include <fmt/format.h>

#include "backends/cost/bom_detail.h"
#include "facts/properties.h"

namespace gpuspec::cost::bom_detail {

namespace {

std::string symbol_of(const ast::Declaration& decl, std::string_view key) {
  const ast::Property* p = facts::find_property(decl.body, key);
  const auto* n = p ? p->value->as<ast::Name>() : nullptr;
  return n ? n->name : std::string();
}

SourceRange range_of(const ast::Declaration& decl, std::string_view key) {
  const ast::Property* p = facts::find_property(decl.body, key);
  return p ? p->range : decl.name_range;
}

}  // namespace

std::vector<MissingRole> missing_roles(const sema::Program& program, const ast::Declaration& decl) {
  std::vector<MissingRole> out;
  const std::string chassis_name = symbol_of(decl, "chassis");
  const sema::DeclEntry* chassis = chassis_name.empty() ? nullptr : program.find(chassis_name);
  if (!chassis) {
    out.push_back({"chassis", "the server names no chassis: its GPUs, board and PSUs need a case or a barebone",
                   "add `chassis = ...`: a rack barebone (`gpuspec catalog chassis` lists them) or a tower case with "
                   "a `motherboard`",
                   decl.name_range});
    return out;  // what the chassis includes is unknown without it
  }
  const std::string board = catalog_text(*chassis, "board");
  if (takes_standard_board(*chassis) && symbol_of(decl, "motherboard").empty()) {
    std::string socket;
    const ast::Property* cpu = facts::find_property(decl.body, "cpu");
    if (auto counted = cpu ? facts::counted_reference(program, *cpu->value) : std::nullopt) {
      socket = catalog_text(*counted->entry, "socket");
    }
    out.push_back({"motherboard",
                   fmt::format("{} is a case for a standard {} board and includes none", chassis_name,
                               board.empty() ? "ATX-family" : board),
                   fmt::format("add `motherboard = ...`: a board for {} (`gpuspec catalog motherboard` lists them), "
                               "priced in your price book if the stdlib has no price",
                               socket.empty() ? "the CPU's socket" : "socket " + socket),
                   range_of(decl, "chassis")});
  }
  const std::string cooling = symbol_of(decl, "cooling");
  const std::string built_for = catalog_text(*chassis, "cooling");
  if (!cooling.empty() && !built_for.empty() && cooling != built_for && !facts::find_property(decl.body, "cooler")) {
    out.push_back({"cooling",
                   fmt::format("cooling = {}, but {} is built for {}: the cooling is a separate product", cooling,
                               chassis_name, built_for),
                   "add `cooler = N x vendor.cooler` (a `cooling` catalog entry) with its price",
                   range_of(decl, "cooling")});
  }
  return out;
}

}  // namespace gpuspec::cost::bom_detail

namespace gpuspec::cost {

bool takes_standard_board(const sema::DeclEntry& chassis) {
  const std::string board = bom_detail::catalog_text(chassis, "board");
  return board == "atx" || board == "eatx" || (board.empty() && bom_detail::catalog_text(chassis, "form") == "tower");
}

}  // namespace gpuspec::cost
