// The GPU memory estimator: how many bytes a workload needs on each GPU.
//
// A pure computation (standard library + fmt only) so it can be tested alone and
// reused by the fact model (`workload.mem.*`), `vram.fits-workload` and
// `gpuspec explain`. Every formula and its published source is listed in
// docs/estimator.md; each figure in a MemoryEstimate also comes with a derivation
// line in `steps` that cites the formula it used.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::facts {

// The workload's `precision`: the storage format of the model's weights.
enum class Precision { FP32, TF32, FP16, BF16, FP8, INT8, INT4 };
// The workload's `method`, plus Inference for `task = llm.inference`.
enum class Method { Full, Freeze, Lora, Qlora, Inference };
// The workload's `sharding`. Fsdp means FSDP full-shard, which shards like ZeRO-3.
enum class Sharding { None, Zero1, Zero2, Zero3, Fsdp };
// Activation recomputation (gradient checkpointing), as in Korthikanti et al. 2022.
enum class Recompute { None, Selective, Full };
// The workload's `optimizer`. Sgd means SGD with momentum (one fp32 state per param).
enum class Optimizer { AdamW, Adam, AdamW8bit, Sgd, Adafactor, Lion };
// How attention is computed. Sdpa (PyTorch scaled_dot_product_attention) and Flash2
// (FlashAttention-2) use fused kernels that never store the s x s score matrix;
// Eager materialises it (the `5as/h` term of Korthikanti et al.).
enum class Attention { Sdpa, Flash2, Eager };
// DeepSpeed ZeRO-Offload / ZeRO-Infinity: the sharded training states live in host
// memory (cpu) or on NVMe (nvme). Both take the same memory off the GPU.
enum class Offload { None, Cpu, Nvme };
// The projections of a Llama-style decoder layer a LoRA adapter can wrap (PEFT's
// target_modules names). A set of them is a bit mask.
enum class LoraTarget : unsigned { Q = 1, K = 2, V = 4, O = 8, Gate = 16, Up = 32, Down = 64 };
inline constexpr unsigned kAllLoraTargets = 127;  // LLaMA-Factory's lora_target = all

struct EstimatorInput {
  double params = 0;  // total model parameters (7e9 for "7B")
  Precision precision = Precision::BF16;
  Method method = Method::Full;
  Optimizer optimizer = Optimizer::AdamW;
  Sharding sharding = Sharding::None;
  // GPUs across which ZeRO/FSDP shard model states (the data-parallel degree, i.e.
  // total GPUs / (tensor_parallel x pipeline_parallel)). Ignored when sharding is None.
  int data_parallel = 1;
  // Tensor-parallel degree: splits weights, gradients, optimizer states and
  // activations (the `t` of Korthikanti et al.).
  int tensor_parallel = 1;
  // Pipeline-parallel degree: each stage holds layers / p of the weights and states;
  // with 1F1B the first stage still keeps p micro-batches of L/p layers' activations,
  // i.e. L layers' worth (Korthikanti et al. 2022, §4.2.3), so activations are not split.
  int pipeline_parallel = 1;
  Recompute recompute = Recompute::None;
  Attention attention = Attention::Sdpa;
  // Needs ZeRO/FSDP sharding: with zero1/zero2 the optimizer states (and fp32
  // gradients) leave the GPU, with zero3/fsdp the parameters too.
  Offload offload = Offload::None;

  // Transformer shape; activations and KV cache are estimated only when the
  // needed values are known (see MemoryEstimate::shape_terms_included).
  std::optional<double> seq_len = std::nullopt;
  std::optional<double> batch_size = std::nullopt;  // per GPU (micro-batch)
  std::optional<double> layers = std::nullopt;
  std::optional<double> hidden = std::nullopt;
  std::optional<double> heads = std::nullopt;
  std::optional<double> kv_heads = std::nullopt;  // grouped-query attention; defaults to heads
  std::optional<double> vocab = std::nullopt;     // vocabulary: the fp32 logits of the loss
  // The loss is over the vocabulary (language modelling: the llm.* tasks). A classifier
  // or ranking head on an encoder (BERT for recsys) has no vocabulary-sized logits.
  bool vocab_loss = true;
  // MLP inner width (Llama's intermediate_size): the adapters on gate/up/down. When
  // unknown, 4 x hidden (the original Transformer's ratio, wider than Llama's 2.7-3.5).
  std::optional<double> intermediate = std::nullopt;
  // True when seq_len is an assumption (a default), not the workload's own: the
  // frugal bound then leaves the sequence-dependent terms out.
  bool seq_len_is_default = false;

  // Parameters of the largest single layer, which ZeRO-3 gathers whole. Defaults
  // to params / layers when layers is known (one block: conservative).
  std::optional<double> largest_layer_params = std::nullopt;
  // LoRA/QLoRA adapters: rank r and the projections they wrap (LLaMA-Factory's
  // defaults: lora_rank 8, lora_target all). With hidden and layers known they give the
  // adapter count r x (d_in + d_out) per wrapped matrix per layer; else 1% of params.
  double lora_rank = 8;
  unsigned lora_targets = kAllLoraTargets;
  // Share of params that is trained, overriding the above: LoRA/QLoRA adapters or the
  // unfrozen layers of Freeze (default 2 layers of `layers`, or 2/32). In (0, 1].
  std::optional<double> trainable_fraction = std::nullopt;

  friend bool operator==(const EstimatorInput&, const EstimatorInput&) = default;
};

// All component figures are bytes on ONE GPU; they add up to per_gpu, the typical
// estimate. frugal_per_gpu is the least the job can need: weights, the method's
// trainable states and activations with full recomputation, nothing else.
struct MemoryEstimate {
  double weights = 0;      // model weights (trainable and frozen)
  double gradients = 0;    // gradients of trainable weights
  double optimizer = 0;    // fp32 master copy + optimizer moments
  double activations = 0;  // saved activations for the backward pass
  double workspace = 0;    // training: the layer being recomputed + the fp32 logits of the loss
  double kv_cache = 0;     // inference key/value cache
  double overhead = 0;     // inference allowance (0.2 x weights); training: CUDA context and kernels
  double per_gpu = 0;      // sum of the above: the typical estimate
  double frugal_per_gpu = 0;  // weights + gradients + optimizer + activations with full recompute
  double total = 0;        // per_gpu x data_parallel x tensor_parallel x pipeline_parallel (every GPU)
  // False when the transformer shape was not given, so activations (training) or the
  // KV cache (inference) are left out and per_gpu is a lower bound.
  bool shape_terms_included = false;
  std::vector<std::string> steps;      // derivation, one line per figure, each citing its source
};

// Problems that make an input unusable ("params must be positive", ...); empty
// when the input is valid. The fact model turns these into diagnostics.
std::vector<std::string> validate_input(const EstimatorInput& input);

// Throws std::invalid_argument when validate_input reports a problem.
MemoryEstimate estimate_memory(const EstimatorInput& input);

// estimate_memory(input) without its derivation (`steps` empty): the same figures,
// none of the formatting. The fact model takes its figures so and formats a step only
// when a note prints it; the remedies and what-ifs of every server ask for many
// per-GPU figures (issue 12). Throws like estimate_memory.
MemoryEstimate estimate_figures(const EstimatorInput& input);

// estimate_figures(input).per_gpu.
double estimate_per_gpu(const EstimatorInput& input);

// Bytes one element occupies in `precision` (INT4 = 0.5, TF32 is stored as fp32).
double bytes_per_element(Precision precision);

// Parameters the method trains: all (full), the unfrozen layers (freeze), the LoRA/QLoRA
// adapters (from rank, targets and shape), none (inference). Throws like estimate_memory.
double trainable_params(const EstimatorInput& input);

// Host memory and NVMe that ZeRO-Offload / ZeRO-Infinity need for the offloaded states,
// per node (DeepSpeed's estimators, estimator_offload.cpp). All 0 without offload.
struct HostOffload {
  double host = 0;         // host RAM per node: DeepSpeed's estimate with its buffer factor 1.5
  double host_states = 0;  // the same without the buffer factor: the states themselves
  double nvme = 0;         // NVMe per node for offload = nvme: the offloaded states
  std::vector<std::string> steps;  // derivation (only from estimate_host_offload with derive)
};
// `gpus_per_node` GPU processes per node, `nodes` nodes; both at least 1.
HostOffload estimate_host_offload(const EstimatorInput& input, int gpus_per_node, int nodes, bool derive);

// Spellings are the language's symbols: "fp32" "tf32" "fp16" "bf16" "fp8" "int8" "int4";
// "full" "freeze" "lora" "qlora" "inference"; "none" "zero1" "zero2" "zero3" "fsdp";
// "none" "selective" "full"; "adamw" "adam" "adamw_8bit" "sgd" "adafactor" "lion";
// "sdpa" "flash2" "eager"; "none" "cpu" "nvme"; "q_proj" ... "down_proj".
std::optional<Precision> parse_precision(std::string_view text);
std::optional<Method> parse_method(std::string_view text);
std::optional<Sharding> parse_sharding(std::string_view text);
std::optional<Recompute> parse_recompute(std::string_view text);
std::optional<Optimizer> parse_optimizer(std::string_view text);
std::optional<Attention> parse_attention(std::string_view text);
std::optional<Offload> parse_offload(std::string_view text);
std::optional<LoraTarget> parse_lora_target(std::string_view text);

std::string_view name(Precision precision);
std::string_view name(Method method);
std::string_view name(Sharding sharding);
std::string_view name(Recompute recompute);
std::string_view name(Optimizer optimizer);
std::string_view name(Attention attention);
std::string_view name(Offload offload);
std::string_view name(LoraTarget target);

// Whether the method trains weights (everything but Inference).
inline bool trains(Method method) { return method != Method::Inference; }

}  // namespace gpuspec::facts
