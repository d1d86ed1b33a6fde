#include "lint/sarif_rules.h"

#include "eval/template.h"

namespace gpuspec::lint {

std::string describe_template(std::string_view message) {
  eval::TemplateParts parts = eval::split_template(message);
  if (!parts.error.empty()) return std::string(message);
  std::string out;
  for (const auto& part : parts.parts) out += part.is_expression ? "<" + part.text + ">" : part.text;
  return out;
}

std::vector<SarifRule> sarif_rules_of(const lint::PolicySet& policies) {
  std::vector<SarifRule> rules;
  for (const auto& policy : policies.policies()) {
    std::string short_description = policy.message.empty() ? policy.id : describe_template(policy.message);
    std::string help_text = policy.doc.empty() ? short_description : policy.doc;
    if (!policy.source.empty()) help_text += "\nsource: " + policy.source;
    rules.push_back(SarifRule{policy.id, std::move(short_description), policy.doc, std::move(help_text), policy.help_url,
                              policy.severity});
  }
  return rules;
}

}  // namespace gpuspec::lint
