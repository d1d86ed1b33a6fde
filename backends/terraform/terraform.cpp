#include "backends/terraform/terraform.h"

#include "backends/terraform/cloud_init.h"
#include "backends/terraform/cloud_spec.h"
#include "backends/terraform/module_common.h"
#include "backends/terraform/quota.h"
#include "backends/writers/hcl_writer.h"
#include "backends/writers/tf_json_writer.h"

namespace gpuspec::terraform {

namespace {

// Exhaustive: a provider added to the enum without an emitter does not compile (-Wswitch).
ModuleDocs emit_for(const CloudSpec& spec) {
  switch (spec.provider_kind) {
    case CloudProvider::Aws:
      return emit_aws(spec);
    case CloudProvider::Azure:
      return emit_azure(spec);
    case CloudProvider::Alicloud:
      return emit_alicloud(spec);
  }
  __builtin_unreachable();  // every enumerator is handled above
}

}  // namespace

std::optional<Module> emit_module(const sema::Program& program, const sema::DeclEntry& cloud, Syntax syntax,
                                  DiagnosticEngine& diags) {
  auto spec = read_cloud_spec(program, cloud, diags);
  if (!spec) return std::nullopt;
  report_quota(*spec, cloud, diags);
  ModuleDocs docs = emit_for(*spec);
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
