// The published formulas the estimator is built from, one function each, with the
// source in the comment. docs/estimator.md lists the same formulas for users.
// All byte figures are per parameter or per element unless the name says otherwise.
#pragma once

#include <optional>

#include "facts/estimator.h"

namespace gpuspec::facts::formulas {

// EleutherAI "Transformer Math 101" (and seed 002 §7 "显存≥模型参数×1.2倍"):
// inference needs about 1.2 x the weights; the 0.2 covers buffers and small caches.
inline constexpr double kInferenceOverhead = 0.2;

// DeepSpeed's ZeRO estimators keep, besides the 16-bit gradients, an fp32 gradient
// partition for mixed-precision training (stage_1_and_2.py: "18 = 2_grads_16bit +
// 4_grads_32bit + 4_params_32bit + 8_optimizer_states_32bit").
inline constexpr double kZeroFp32GradientBytes = 4;

// LoRA/QLoRA adapter share when the shape (hidden, layers) is unknown, so the adapters
// cannot be counted from rank and targets: 1% of params. Llama-2-7B adapters on all
// seven linear projections hold r x 78,080 params per layer x 32 layers: r=8 -> 0.30%,
// r=32 -> 1.19% of 6.74B (docs/estimator.md shows the arithmetic).
inline constexpr double kDefaultAdapterFraction = 0.01;

// Adapter parameters of LoRA with rank r on the wrapped projections of every layer
// (Hu et al. 2021, arXiv 2106.09685: A is r x d_in, B is d_out x r, so r(d_in + d_out)
// per matrix). Llama-style shapes: q and o h x h, k and v h x (h x kv_heads/heads),
// gate and up h x intermediate, down intermediate x h. nullopt without hidden or layers.
std::optional<double> lora_adapter_params(const EstimatorInput& input);

// Parameters a bitsandbytes 4/8-bit base keeps in 16 bits: the input embedding (an
// nn.Embedding, never replaced) and the output head (transformers keeps `lm_head`
// unconverted: integrations/bitsandbytes.py, replace_with_bnb_linear and
// get_keys_to_not_convert), 2 x vocab x hidden for an untied head. 0 without vocab
// and hidden.
double unquantized_params(const EstimatorInput& input);
// Default Freeze depth: LLaMA-Factory trains the last 2 layers (freeze_trainable_layers = 2);
// 32 layers (a 7B model) is assumed when the layer count is unknown.
inline constexpr double kDefaultFreezeTrainableLayers = 2;
inline constexpr double kDefaultFreezeAssumedLayers = 32;

// Weight storage while training: fp32/tf32 keep 4 bytes; fp16/bf16 2; fp8 training
// (Transformer Engine) keeps 16-bit params and casts to fp8 per GEMM, and int8/int4
// are not trained directly, so both are counted as 16-bit.
double training_weight_bytes(Precision precision);

// True when the training weights are below fp32, so the optimizer keeps an fp32
// master copy (EleutherAI: "fp32 copy 4 bytes" of mixed-precision AdamW).
bool is_mixed_precision(Precision precision);

// Optimizer states per trainable param, besides the fp32 master copy:
//   Adam/AdamW: m and v in fp32 = 8 (EleutherAI Transformer Math 101; Hugging Face
//     "Model training anatomy");
//   8-bit AdamW: m and v in 8 bits = 2 (Dettmers et al. 2021, arXiv 2110.02861; HF);
//   SGD with momentum: one fp32 buffer = 4 (HF "Model training anatomy");
//   Lion: only the momentum, one fp32 buffer = 4 (Chen et al. 2023, arXiv 2302.06675);
//   Adafactor: factored second moment, one fp32 row and column statistic per matrix
//     and no first moment by default (Shazeer & Stern 2018, arXiv 1804.04235): for an
//     h x h matrix 4(h + h)/(h*h) = 8/h bytes per param, 0 when h is unknown.
double optimizer_state_bytes(Optimizer optimizer, std::optional<double> hidden);

// CUDA context and kernels loaded into every training process: Hugging Face's
// "Model training anatomy" measures 1343 MB (nvidia-smi MiB) and says "1-2GB".
inline constexpr double kCudaContextBytes = 1343.0 * 1024 * 1024;

// What the loss holds per token per vocabulary entry: Hugging Face Transformers'
// LlamaForCausalLM.forward (the version LLaMA-Factory's measurements ran) upcasts the
// logits to fp32 (`logits.float()`, 4 B, kept in the output), copies the shifted logits
// (`logits[..., :-1, :].contiguous()`, 4 B) and CrossEntropyLoss saves its fp32
// log-softmax for the backward pass (4 B): 12 B. Wijmans et al. 2024 ("Cut Your Losses
// in Large-Vocabulary Language Models", arXiv 2411.09009) show these are among the
// largest training-time tensors.
inline constexpr double kLossBytesPerLogit = 12;
// b x s x vocab x kLossBytesPerLogit, split by tensor parallelism (vocab-parallel loss).
double logits_bytes(double seq_len, double batch, double vocab, int tensor_parallel);

// QLoRA (Dettmers et al. 2023, arXiv 2305.14314) frozen base: NF4 4 bits plus
// double-quantized constants 8/64 + 32/(64*256) = 0.127 bits per param; int8 base
// (bitsandbytes LLM.int8) 1 byte, its per-row constants negligible.
double qlora_base_bytes_per_param(Precision precision);

// KV cache element size: the cache follows fp32/fp16/bf16/fp8; weight-only int8/int4
// quantization keeps a 16-bit cache.
double kv_cache_bytes_per_element(Precision precision);

// Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer
// Models") via EleutherAI Transformer Math 101, 16-bit activations, no sequence parallel:
//   none      s*b*h*L*(10 + 24/t + 5*a*s/(h*t))
//   selective s*b*h*L*(10 + 24/t)
//   full      2*s*b*h*L
// The 5as/(ht) term is the stored attention scores; fused attention (SDPA,
// FlashAttention-2) never stores them, so with Attention::Sdpa/Flash2 `none` equals
// `selective`. `heads` is only read for Recompute::None with Attention::Eager.
double activation_bytes(double seq_len, double batch, double hidden, double layers, double heads,
                        int tensor_parallel, Recompute recompute, Attention attention);

// Whether the formula above needs `heads` (the stored score matrix).
bool activations_need_heads(Recompute recompute, Attention attention);

// The formula above assumes 16-bit activations: fp32/tf32 training stores twice as much.
double activation_precision_scale(Precision precision);

// Key and value per layer per token (EleutherAI Transformer Math 101, "KV cache"):
//   2 * layers * hidden * seq_len * batch * bytes * (kv_heads / heads)
double kv_cache_bytes(double layers, double hidden, double seq_len, double batch,
                      double bytes_per_element, double kv_head_share);

// The trainable share of params for `method` when neither trainable_fraction nor the
// adapter shape gives it: Freeze 2 / layers, LoRA/QLoRA kDefaultAdapterFraction.
double default_trainable_fraction(Method method, std::optional<double> layers);

// The trainable share the estimator uses: trainable_fraction when given, else the
// counted LoRA adapters over params, else default_trainable_fraction. In (0, 1].
double trainable_fraction(const EstimatorInput& input);

// The model's weights as stored, in bytes: params x bytes(precision), or for QLoRA the
// 4-bit (or int8) base with its 16-bit embeddings and head (the whole model, one copy).
double stored_weight_bytes(const EstimatorInput& input);

}  // namespace gpuspec::facts::formulas
