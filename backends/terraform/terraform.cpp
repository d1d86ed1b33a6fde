#include "backends/terraform/terraform.h"

#include "backends/terraform/cloud_spec.h"
#include "backends/terraform/module_common.h"
#include "backends/writers/hcl_writer.h"
#include "backends/writers/tf_json_writer.h"

namespace gpuspec::terraform {

std::optional<std::vector<writers::File>> build_module(const sema::Program& program, const sema::DeclEntry& cloud,
                                                       DiagnosticEngine& diags) {
  auto spec = read_cloud_spec(program, cloud, diags);
  if (!spec) return std::nullopt;
  ModuleDocs docs = spec->provider == "aws"     ? emit_aws(*spec)
                    : spec->provider == "azure" ? emit_azure(*spec)
                                                : emit_alicloud(*spec);
  return std::vector<writers::File>{std::move(docs.versions), std::move(docs.main), std::move(docs.variables),
                                    std::move(docs.outputs)};
}

std::optional<Module> emit_module(const sema::Program& program, const sema::DeclEntry& cloud, Syntax syntax,
                                  DiagnosticEngine& diags) {
  auto files = build_module(program, cloud, diags);
  if (!files) return std::nullopt;
  Module module;
  module.declaration = cloud.decl->name;
  for (const auto& file : *files) {
    if (syntax == Syntax::Hcl) {
      module.files.push_back({file.name, writers::write_hcl(file)});
    } else {
      module.files.push_back({file.name + ".json", writers::write_tf_json(file)});
    }
  }
  return module;
}

}  // namespace gpuspec::terraform
