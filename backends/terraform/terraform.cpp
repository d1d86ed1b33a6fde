#include "backends/terraform/terraform.h"

#include "backends/terraform/cloud_init.h"
#include "backends/terraform/cloud_spec.h"
#include "backends/terraform/module_common.h"
#include "backends/writers/hcl_writer.h"
#include "backends/writers/tf_json_writer.h"

namespace gpuspec::terraform {

std::optional<Module> emit_module(const sema::Program& program, const sema::DeclEntry& cloud, Syntax syntax,
                                  DiagnosticEngine& diags) {
  auto spec = read_cloud_spec(program, cloud, diags);
  if (!spec) return std::nullopt;
  ModuleDocs docs = spec->provider == "aws"     ? emit_aws(*spec)
                    : spec->provider == "azure" ? emit_azure(*spec)
                                                : emit_alicloud(*spec);
  Module module;
  module.declaration = cloud.decl->name;
  for (const writers::File* file : {&docs.versions, &docs.main, &docs.variables, &docs.outputs}) {
    if (syntax == Syntax::Hcl) {
      module.files.push_back({file->name, writers::write_hcl(*file)});
    } else {
      module.files.push_back({file->name + ".json", writers::write_tf_json(*file)});
    }
  }
  module.files.push_back({kCloudInitFile, std::move(docs.cloud_init)});
  return module;
}

}  // namespace gpuspec::terraform
