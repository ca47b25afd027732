#include "model/config.h"

#include "core/ptn_game.h"
#include "core/types.h"
#include "util/yaml_section.h"

namespace bredon {

GameConfig read_game_section(YamlSection& s) {
  GameConfig g;
  g.size = s.get_int("size", g.size, kMinSize, kMaxSize);
  const std::string komi = s.get_string("komi", "0");
  try {
    g.half_komi = parse_komi(komi);
  } catch (const std::exception&) {
    s.fail(s.name("komi"), "'" + komi + "' is not a whole or half number of points");
  }
  if (g.half_komi < -2 * g.size * g.size || g.half_komi > 2 * g.size * g.size)
    s.fail(s.name("komi"), "komi larger than the board has squares");
  s.reject_unknown();
  return g;
}

namespace {

// Every whole-number knob of the model with its allowed range: read from configs and checked in
// checkpoint metadata with the same bounds.
struct ModelField {
  const char* key;
  int ModelConfig::*member;
  int lo, hi;
};
constexpr ModelField kModelFields[] = {
    {"blocks", &ModelConfig::blocks, 0, 64},
    {"channels", &ModelConfig::channels, 4, 1024},
    {"policy_channels", &ModelConfig::policy_channels, 1, 1024},
    {"value_channels", &ModelConfig::value_channels, 1, 1024},
    {"value_hidden", &ModelConfig::value_hidden, 1, 4096},
    {"gpool_every", &ModelConfig::gpool_every, 0, 64},
};

}  // namespace

ModelConfig read_model_section(YamlSection& s) {
  ModelConfig m;
  for (const ModelField& f : kModelFields) m.*f.member = s.get_int(f.key, m.*f.member, f.lo, f.hi);
  m.ownership_head = s.get_bool("ownership_head", m.ownership_head);
  m.soft_policy_head = s.get_bool("soft_policy_head", m.soft_policy_head);
  s.reject_unknown();
  return m;
}

std::string model_config_problem(const ModelConfig& m) {
  for (const ModelField& f : kModelFields)
    if (m.*f.member < f.lo || m.*f.member > f.hi)
      return std::string(f.key) + " " + std::to_string(m.*f.member) + " is outside " + std::to_string(f.lo) + ".." +
             std::to_string(f.hi);
  return "";
}

}  // namespace bredon
