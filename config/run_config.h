// The whole run configuration (configs/*.yaml): game, model, search, selfplay, train, eval and
// budget sections. Every knob says its unit and effect where it is declared; reading is strict
// (unknown keys, wrong types and impossible values are refused with the file and key named).
#pragma once

#include <cstdint>
#include <string>

#include "model/config.h"
#include "search/search.h"
#include "selfplay/selfplay_config.h"
#include "util/yaml_section.h"  // ConfigError

namespace bredon {

struct TrainConfig {
  int batch_size = 256;             // positions per gradient step
  std::string optimizer = "adamw";  // adamw or sgd (with Nesterov momentum)
  double learning_rate = 2e-3;      // peak learning rate
  int lr_warmup_steps = 200;        // linear warm-up from 0 over these steps
  int lr_decay_steps = 0;           // multiply the rate by lr_decay_factor every this many steps (0: never)
  double lr_decay_factor = 0.5;
  double weight_decay = 1e-4;         // decoupled (AdamW) or L2 (SGD)
  double momentum = 0.9;              // SGD only
  double samples_per_new_sample = 4;  // cap: training samples drawn per new self-play position
  int min_positions = 2000;           // train only once the replay window holds this many
  int window_base = 20000;            // replay window: KataGo's c in c*(1 + b*((N/c)^a - 1)/a)
  double window_alpha = 0.75;         // ... a
  double window_beta = 0.4;           // ... b
  int window_max = 1000000;           // hard cap on the window, positions
  int games_per_iteration = 64;       // self-play games between training phases
  double policy_weight = 1.0;         // loss weights: policy cross-entropy on full searches
  double value_weight = 1.5;          // ... win/draw/loss cross-entropy on the game result
  double margin_weight = 0.1;         // ... final flat margin (Huber, in board-area units)
  double moves_left_weight = 0.05;    // ... plies left (Huber, in board-area units)
  double ownership_weight = 0.1;      // ... final square ownership (MSE)
  double soft_policy_weight = 8.0;    // ... the soft policy head's cross-entropy (model.soft_policy_head;
                                      // 8 is KataGo's weight)
  double soft_policy_power = 0.25;    // its target: the policy target to this power, renormalised
  // Share of the value target taken from short-term targets (train/short_term_value.h) instead of
  // the game result alone: 0 (the default) trains on results only, 1 on short-term targets only.
  double short_term_value_weight = 0;
  double short_term_value_plies = 6;  // their horizon in plies (weights fall off as (1 - 1/plies)^k)
  // Policy surprise weighting (KataGo): the share of the full-search positions' sampling weight
  // given in proportion to their policy surprise (selfplay/policy_surprise.h), the rest evenly;
  // 0 samples every position evenly. configs/default.yaml sets 0.5.
  double policy_surprise_weight = 0;
  int threads = 0;                    // threads while training (0: all cores)
  bool data_parallel = false;         // true: `threads` shares of the batch, one thread each,
                                      // each on its own replica (train/learner.h); false: one
                                      // step on `threads` LibTorch intra-op threads
  int export_average = 1;             // the exported bot: the mean of the newest this many networks
                                      // (the latest and evaluation checkpoints; 1: the latest alone)
  int shares() const { return data_parallel ? resolved_threads() : 1; }
  int intra_op_threads() const { return data_parallel ? 1 : resolved_threads(); }
  int resolved_threads() const;
};

struct EvalConfig {
  int every_iterations = 2;      // rate the newest checkpoint every this many iterations (0: never)
  int games = 20;                // games against each opponent per evaluation
  int simulations = 32;          // playouts per move in evaluation games
  int baseline_rollouts = 64;    // model-free baseline: random-rollout MCTS playouts per move
  int previous_checkpoints = 2;  // also play this many earlier checkpoints
  // A fixed strong opponent every evaluation also plays, by its player name (README, Players):
  // e.g. "heuristic@hard" or "tei:../shared/engines/taktician-tei" ("": none). Random and the
  // rollout baseline are swept within minutes; this one keeps the Elo curve seeing progress.
  std::string anchor;
  int anchor_movetime_ms = 100;  // per move, for anchors that play on time (levels, tei:)
};

struct BudgetConfig {
  double hours = 1.0;  // stop after this much wall time (0: no limit)
  int64_t steps = 0;   // ... training steps (0: no limit)
  int64_t games = 0;   // ... self-play games (0: no limit)
};

struct RunConfig {
  std::string source;  // file it was read from
  std::string text;    // its content, kept in run directories and shards
  uint64_t hash = 0;   // FNV-1a of the text, stored in checkpoints
  // Where the networks of self-play and training run: auto (a GPU when this LibTorch has CUDA
  // and sees one, else the CPU), cpu, cuda or cuda:N (nn/device.h).
  std::string device = "auto";
  GameConfig game;
  ModelConfig model;
  SearchConfig search;
  SelfPlayConfig selfplay;
  TrainConfig train;
  EvalConfig eval;
  BudgetConfig budget;
};

// Throws ConfigError naming the file, the key and the problem.
RunConfig load_run_config(const std::string& path);
RunConfig parse_run_config(const std::string& yaml_text, const std::string& source_name);

}  // namespace bredon
