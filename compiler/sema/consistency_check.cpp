#include "sema/consistency_check.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <optional>
#include <string_view>

namespace gpuspec::sema {

namespace {

// `params` of a workload and of its model may differ by this share: models are named by
// their nominal size (Llama-2-7B has 6.74B parameters, 3.7% below 7B).
constexpr double kParamsTolerance = 0.05;

const ast::Property* property(const ast::Body& body, std::string_view key) {
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == key) return p;
  }
  return nullptr;
}

const ast::Property* property_path(const ast::Body& body, std::string_view block, std::string_view key) {
  for (const auto& item : body.items) {
    if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item); b && (*b)->key == block) {
      return property((*b)->body, key);
    }
  }
  return nullptr;
}

std::optional<std::string_view> symbol(const ast::Property* p) {
  if (!p) return std::nullopt;
  if (const auto* n = p->value->as<ast::Name>()) return std::string_view(n->name);
  return std::nullopt;
}

std::optional<double> count(const ast::Property* p) {
  if (!p) return std::nullopt;
  if (const auto* n = p->value->as<ast::NumberLit>()) return n->value;
  if (const auto* c = p->value->as<ast::ScaledCountLit>()) return c->value;
  return std::nullopt;
}

// "13B", "6.74B", "350M": how the language writes a parameter count.
std::string count_text(double value) {
  constexpr std::array<std::pair<double, char>, 4> kScales{{{1e12, 'T'}, {1e9, 'B'}, {1e6, 'M'}, {1e3, 'K'}}};
  for (auto [scale, suffix] : kScales) {
    if (value >= scale) return fmt::format("{:g}{}", value / scale, suffix);
  }
  return fmt::format("{:g}", value);
}

bool is_training_method(std::string_view method) {
  return method == "full" || method == "freeze" || method == "lora" || method == "qlora";
}

class ConsistencyChecker {
 public:
  ConsistencyChecker(const Program& program, DiagnosticEngine& diags) : program_(program), diags_(diags) {}

  void check(const ast::Declaration& decl) {
    if (decl.kind == "workload") {
      check_task_and_method(decl);
      check_params_against_model(decl);
    } else if (decl.kind == "cloud") {
      check_local_nvme(decl);
    }
  }

 private:
  Diagnostic& error(const ast::Declaration& decl, std::string id, SourceRange range, std::string message) {
    auto& d = diags_.error(std::move(id), range, std::move(message));
    d.declaration = decl.name;
    return d;
  }

  // One meaning of "trains": llm.inference with a training method (or a training task
  // with method = inference) would be estimated one way and judged the other.
  void check_task_and_method(const ast::Declaration& decl) {
    const ast::Property* task = property(decl.body, "task");
    const ast::Property* method = property(decl.body, "method");
    auto task_name = symbol(task);
    auto method_name = symbol(method);
    if (!task_name || !method_name) return;
    if (*task_name == "llm.inference" && is_training_method(*method_name)) {
      auto& d = error(decl, "workload-contradiction", method->value->range,
                      fmt::format("task llm.inference serves the model, but method = {} trains it", *method_name));
      d.notes.push_back({"the task is set here", task->range});
      d.hint = "to serve the model write `method = inference` (or leave method out); to train it, use task = "
               "llm.finetune or llm.pretrain";
      d.fixits.push_back({method->value->range, "inference"});
    } else if ((*task_name == "llm.finetune" || *task_name == "llm.pretrain") && *method_name == "inference") {
      auto& d = error(decl, "workload-contradiction", method->value->range,
                      fmt::format("task {} trains the model, but method = inference does not", *task_name));
      d.notes.push_back({"the task is set here", task->range});
      d.hint = "to train, name the method (full, freeze, lora or qlora); to serve, use task = llm.inference";
    }
  }

  // A `params` 10^9 off (`params = 13` next to a 13B model) would pass every rule silently.
  void check_params_against_model(const ast::Declaration& decl) {
    const ast::Property* params = property(decl.body, "params");
    auto model_name = symbol(property(decl.body, "model"));
    auto declared = count(params);
    if (!declared || !model_name) return;
    const DeclEntry* model = program_.find(*model_name);
    if (!model || model->decl->kind != "model") return;
    const ast::Property* model_params = property(model->decl->body, "params");
    auto expected = count(model_params);
    if (!expected || *expected <= 0 || std::abs(*declared - *expected) <= kParamsTolerance * *expected) return;
    auto& d = error(decl, "params-mismatch", params->value->range,
                    fmt::format("params = {} disagrees with {}, which has {} parameters", count_text(*declared),
                                *model_name, count_text(*expected)));
    d.notes.push_back({fmt::format("{} declares params = {} here", *model_name, count_text(*expected)),
                       model_params->range});
    d.hint = fmt::format("remove `params` to use the model's {}, or name the model you mean", count_text(*expected));
    // A missing scale suffix (13 for 13B) is the likely slip: offer the model's value.
    for (double scale : {1e3, 1e6, 1e9, 1e12}) {
      if (std::abs(*declared * scale - *expected) <= kParamsTolerance * *expected) {
        d.fixits.push_back({params->value->range, count_text(*expected)});
        break;
      }
    }
  }

  // `storage { data = local_nvme }` on an instance the catalog gives no local drives at
  // all (the Terraform backend refuses it too: terraform.no-local-nvme).
  void check_local_nvme(const ast::Declaration& decl) {
    const ast::Property* data = property_path(decl.body, "storage", "data");
    if (symbol(data) != "local_nvme") return;
    auto instance_name = symbol(property(decl.body, "instance"));
    if (!instance_name) return;
    const DeclEntry* instance = program_.find(*instance_name);
    if (!instance || instance->decl->kind != "instance") return;
    if (count(property(instance->decl->body, "local_nvme_drives")).value_or(0) > 0) return;
    if (const ast::Property* local = property(instance->decl->body, "local_storage")) {
      const auto* size = local->value->as<ast::QuantityLit>();
      if (!size || size->number > 0) return;
    }
    auto& d = error(decl, "no-local-nvme", data->value->range,
                    fmt::format("{} has no local drives in the catalog to keep the data on", *instance_name));
    d.hint = "give the data disk a size instead (`data = 4 TB`), or choose an instance with local NVMe (the catalog "
             "lists it as `local_nvme_drives`)";
  }

  const Program& program_;
  DiagnosticEngine& diags_;
};

}  // namespace

void check_consistency(const Program& program, DiagnosticEngine& diags) {
  ConsistencyChecker checker(program, diags);
  for (const auto& file : program.files()) {
    for (const auto& decl : file->ast.declarations) {
      // Properties agree or disagree only when all of them are there.
      if (!decl.recovered) checker.check(decl);
    }
  }
}

}  // namespace gpuspec::sema
