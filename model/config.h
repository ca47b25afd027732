// The game and model sections of the run configuration, every knob with its unit and effect
// (configs/*.yaml mirror these). The whole file is read by config/run_config.h; reading is
// strict: an unknown key, a wrong type or an impossible value is refused with a message naming
// the file and the key.
#pragma once

#include <string>

namespace bredon {

struct GameConfig {
  int size = 4;       // board size, 3..8
  int half_komi = 0;  // komi * 2 (YAML `komi` is written in points, whole or half)
};

struct ModelConfig {
  int blocks = 6;              // residual blocks in the tower
  int channels = 64;           // channels in the tower
  int policy_channels = 32;    // hidden channels of the policy head
  int value_channels = 32;     // hidden channels of the value head before pooling
  int value_hidden = 64;       // width of the value head's fully connected layer
  int gpool_every = 2;         // a global-pooling bias in every k-th block (0: none), as KataGo does
  bool ownership_head = true;  // auxiliary head: who owns each square's top at the end
  // Auxiliary head trained on the policy target flattened to the power train.soft_policy_power
  // (KataGo's soft policy target): it makes the tower tell apart the moves the sharp target
  // gives almost nothing. Used in training only; search reads the ordinary policy.
  bool soft_policy_head = false;
};
// The same network shape: weights of one fit the other.
inline bool operator==(const ModelConfig& a, const ModelConfig& b) {
  return a.blocks == b.blocks && a.channels == b.channels && a.policy_channels == b.policy_channels &&
         a.value_channels == b.value_channels && a.value_hidden == b.value_hidden && a.gpool_every == b.gpool_every &&
         a.ownership_head == b.ownership_head && a.soft_policy_head == b.soft_policy_head;
}
inline bool operator!=(const ModelConfig& a, const ModelConfig& b) { return !(a == b); }

class YamlSection;
GameConfig read_game_section(YamlSection& section);
ModelConfig read_model_section(YamlSection& section);
// Why `model` cannot be built (a knob out of its range, as read_model_section would refuse), or "".
std::string model_config_problem(const ModelConfig& model);

}  // namespace bredon
