#include "backends/probe/probe.h"

#include <unistd.h>

#include <fmt/format.h>

#include "backends/probe/catalog_match.h"
#include "backends/probe/machine.h"
#include "backends/probe/sources.h"
#include "backends/probe/spec_writer.h"
#include "backends/writers/gpuspec_text.h"
#include "source/printable.h"

namespace gpuspec::probe {

namespace {

// A name from free text (a host name, a folder's name) that is a declaration name.
std::string name_from(std::string_view text) {
  std::string segment = writers::identifier_segment(text, "probed_server", 48);
  if (segment.front() >= '0' && segment.front() <= '9') segment = "host_" + segment;
  if (!writers::is_declaration_name(segment)) segment = "probed_server";
  return segment;
}

std::string default_name(const ProbeRequest& request) {
  if (request.from_dir) {
    std::string_view dir = *request.from_dir;
    while (dir.size() > 1 && dir.back() == '/') dir.remove_suffix(1);
    auto slash = dir.rfind('/');
    return name_from(slash == std::string_view::npos ? dir : dir.substr(slash + 1));
  }
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) return "probed_server";
  return name_from(host);
}

}  // namespace

ProbeResult run_probe(const ProbeRequest& request, const sema::Library& library) {
  ProbeResult result;
  std::string name = request.name ? *request.name : default_name(request);
  if (!writers::is_declaration_name(name)) {
    result.error = fmt::format("'{}' is not a declaration name (letters, digits, _ and -, starting with a letter or _)",
                               printable(name));
    return result;
  }
  std::unique_ptr<OutputSource> source;
  if (request.from_dir) {
    source = folder_source(*request.from_dir, result.error);
    if (!source) return result;
  } else {
    source = live_source();
  }
  Machine machine = read_machine(*source);
  CatalogMatcher catalog(library);
  result.text = write_probed_spec(machine, catalog, SpecOptions{name, request.today});
  return result;
}

}  // namespace gpuspec::probe
