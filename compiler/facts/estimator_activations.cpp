// Training memory besides the model states: saved activations (Korthikanti et al.),
// the frugal bound's full-recompute activations, the working memory of the layer
// being recomputed and of the loss, and the CUDA context.
#include <fmt/format.h>

#include "facts/estimator_detail.h"
#include "facts/estimator_formulas.h"

namespace gpuspec::facts::detail {
namespace {

std::string_view formula_text(Recompute recompute, Attention attention) {
  if (recompute == Recompute::Full) return "2*s*b*h*L";
  if (formulas::activations_need_heads(recompute, attention)) return "s*b*h*L*(10 + 24/t + 5*a*s/(h*t))";
  return "s*b*h*L*(10 + 24/t)";
}

// One layer's activations without recomputation: what full recomputation brings
// back, one layer at a time, during the backward pass.
double one_layer_bytes(const EstimatorInput& input, double scale) {
  const Recompute kept = formulas::activations_need_heads(Recompute::None, input.attention) ? Recompute::None
                                                                                             : Recompute::Selective;
  return scale * formulas::activation_bytes(*input.seq_len, *input.batch_size, *input.hidden, 1,
                                            input.heads.value_or(0), input.tensor_parallel, kept, input.attention);
}

}  // namespace

TrainingExtras estimate_training_extras(const EstimatorInput& input, std::vector<std::string>* steps) {
  TrainingExtras extras;
  extras.overhead = formulas::kCudaContextBytes;
  const bool needs_heads = formulas::activations_need_heads(input.recompute, input.attention);
  if (!(input.seq_len && input.batch_size && input.hidden && input.layers && (input.heads || !needs_heads))) {
    if (steps) {
      steps->push_back(fmt::format("activations: not included (needs seq_len, batch_size, hidden, layers{})",
                                   needs_heads ? ", heads" : ""));
      steps->push_back(
          fmt::format("overhead: CUDA context and kernels {} [{}]", format_bytes(extras.overhead), kHfAnatomy));
    }
    return extras;
  }
  extras.shape_known = true;
  const double s = *input.seq_len, b = *input.batch_size, h = *input.hidden, layers = *input.layers;
  const double scale = formulas::activation_precision_scale(input.precision);
  extras.activations = scale * formulas::activation_bytes(s, b, h, layers, input.heads.value_or(0),
                                                          input.tensor_parallel, input.recompute, input.attention);
  if (!input.seq_len_is_default) {
    extras.frugal_activations = scale * formulas::activation_bytes(s, b, h, layers, 0, input.tensor_parallel,
                                                                   Recompute::Full, input.attention);
  }
  double layer = 0, logits = 0;
  if (input.recompute == Recompute::Full) {
    layer = one_layer_bytes(input, scale);
    extras.workspace += layer;
  }
  if (input.vocab && input.vocab_loss) {
    logits = formulas::logits_bytes(s, b, *input.vocab, input.tensor_parallel);
    extras.workspace += logits;
  }
  // The derivation, only when asked for (see estimate_training_states).
  if (!steps) return extras;

  const std::string scaled = scale != 1 ? fmt::format("{:g} x ", scale) : "";
  steps->push_back(fmt::format("activations (recompute {}, attention {}): {}{} with s={:g} b={:g} h={:g} L={:g} a={:g} t={} = {} [{}]",
                               name(input.recompute), name(input.attention), scaled,
                               formula_text(input.recompute, input.attention), s, b, h, layers, input.heads.value_or(0),
                               input.tensor_parallel, format_bytes(extras.activations), kKorthikanti));
  std::string workspace_terms;
  if (input.recompute == Recompute::Full) {
    workspace_terms = fmt::format("one layer recomputed {} [{}]", format_bytes(layer), kCheckpointing);
  }
  if (input.vocab && input.vocab_loss) {
    if (!workspace_terms.empty()) workspace_terms += " + ";
    workspace_terms += fmt::format("loss {:g} B x s {:g} x b {:g} x vocab {:g}{} = {} [{}]", formulas::kLossBytesPerLogit, s, b, *input.vocab,
                                   input.tensor_parallel > 1 ? fmt::format(" / t {}", input.tensor_parallel) : "",
                                   format_bytes(logits), kLogits);
  }
  if (!workspace_terms.empty()) {
    steps->push_back(fmt::format("workspace: {} = {}", workspace_terms, format_bytes(extras.workspace)));
  }
  steps->push_back(fmt::format("overhead: CUDA context and kernels {} [{}]", format_bytes(extras.overhead), kHfAnatomy));
  return extras;
}

}  // namespace gpuspec::facts::detail
