// The YAML configuration: every knob with its unit and effect (configs/*.yaml mirror these).
// Reading is strict: an unknown key, a wrong type or an impossible value is refused with a
// message naming the file and the key.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace bredon {

struct GameConfig {
  int size = 4;       // board size, 3..8
  int half_komi = 0;  // komi * 2 (YAML `komi` is written in points, whole or half)
};

struct ModelConfig {
  int blocks = 6;            // residual blocks in the tower
  int channels = 64;         // channels in the tower
  int policy_channels = 32;  // hidden channels of the policy head
  int value_channels = 32;   // hidden channels of the value head before pooling
  int value_hidden = 64;     // width of the value head's fully connected layer
  int gpool_every = 2;       // a global-pooling bias in every k-th block (0: none), as KataGo does
  bool ownership_head = true;  // auxiliary head: who owns each square's top at the end
};

struct Config {
  std::string source;  // file it was read from
  GameConfig game;
  ModelConfig model;
  // Stable hash of the whole file's content, stored in checkpoints.
  uint64_t hash = 0;
};

// Throws ConfigError naming the file, key and problem.
Config load_config(const std::string& path);
Config parse_config(const std::string& yaml_text, const std::string& source_name);

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace bredon
