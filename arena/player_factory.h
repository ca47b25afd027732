// The one place players are built from their names, so that a name means the same player in
// `bredon match`, in a training run's evaluation and for the bot's levels:
//
//   random                      uniformly random legal moves
//   baseline[:N]                MCTS with random-rollout leaf values, N playouts a move (PUCT)
//   heuristic[:N]               MCTS with the model-free heuristic evaluator, N playouts (PUCT)
//   <checkpoint>[:N]            the network with the configured search (Gumbel unless the config
//                               says otherwise), N playouts a move; N = 1 plays its policy alone
//   <checkpoint>@<level>        the exported bot at easy, medium or hard, `move_time_ms` a move
//   heuristic@<level>           the same bot without a network (the model-free fallback)
//   tei:<command line>          an outside TEI engine given `move_time_ms` a move
//   solver[:P]                  the exact solver within P plies (default 15): its quickest win,
//                               its longest defence, else a move that loses nothing in reach
//
// N defaults to 64. Checkpoint players play the same search with the same N in every command.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "arena/players.h"
#include "arena/tei_client.h"
#include "search/search.h"

namespace bredon {

// The network (nn/network.h), declared only: matches of named players need no LibTorch headers.
class TakNet;

struct PlayerContext {
  int size = 4;
  int half_komi = 0;
  SearchConfig search;     // the search of checkpoint players (a run's `search:` section)
  int move_time_ms = 500;  // tei: engines and levels
  TimeControl clock;       // tei: engines on a clock instead (base_ms > 0)
  uint64_t seed = 1;
};

// A player with the evaluator it searches with (kept alive beside it).
struct OwnedPlayer {
  std::unique_ptr<Evaluator> evaluator;
  std::unique_ptr<Player> player;
};

// Throws std::invalid_argument for a name it cannot read, CheckpointError for a bad checkpoint.
OwnedPlayer make_player(const std::string& name, const PlayerContext& context);

// A network already in memory (in eval mode) as `<checkpoint>:N` would play it.
OwnedPlayer make_network_player(const std::string& name, TakNet net, const PlayerContext& context, int simulations);

constexpr int kDefaultPlayouts = 64;
constexpr int kDefaultSolverPlies = 15;  // 3x3 from the start is won in 13 or 15
constexpr int64_t kSolverPlayerNodes = 200'000'000;  // a move's proofs; seconds on 3x3

}  // namespace bredon
