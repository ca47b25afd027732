// Helpers shared by the tests: a small deterministic RNG and random game playing.
#pragma once

#include <cstdint>
#include <vector>

#include "core/movegen.h"

namespace bredon::testing {

// Sanitized builds run 3-20x slower. A few long tests take a sample of their cases there (the
// release build runs them all): memory and race errors show on a sample, and CI stays short.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// Whether the case numbered `index` runs: every one in a release build, one in `stride` sanitized.
inline bool in_sample(int index, int stride) { return !kSanitized || index % stride == 0; }

struct TestRng {
  uint64_t state;
  explicit TestRng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ULL + 1) {}
  uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  size_t below(size_t n) { return static_cast<size_t>(next() % n); }
};

// Plays up to `plies` random legal moves (fewer if the game ends); returns the moves.
inline std::vector<Move> play_random(Position& pos, int plies, TestRng& rng) {
  std::vector<Move> played;
  std::vector<Move> moves;
  for (int i = 0; i < plies && !pos.game_over(); ++i) {
    generate_moves(pos, moves);
    const Move m = moves[rng.below(moves.size())];
    pos.play(m);
    played.push_back(m);
  }
  return played;
}

// Every move a PTN parser could accept on an N board, legal or not, for cross-checking.
inline std::vector<Move> all_candidate_moves(int size) {
  std::vector<Move> out;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      const Square s = make_square(c, r);
      for (PieceKind k : {PieceKind::Flat, PieceKind::Wall, PieceKind::Cap}) out.push_back(Move::place(s, k));
      for (Direction d : {Direction::Up, Direction::Down, Direction::Left, Direction::Right}) {
        const int room = d == Direction::Up     ? size - 1 - r
                         : d == Direction::Down ? r
                         : d == Direction::Left ? c
                                                : size - 1 - c;
        for (unsigned v = 1; v <= (1u << size) - 2; ++v)
          if (pattern_distance(v) <= room) out.push_back(Move::spread(s, d, v));
      }
    }
  return out;
}

}  // namespace bredon::testing
