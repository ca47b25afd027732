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

ModelConfig read_model_section(YamlSection& s) {
  ModelConfig m;
  m.blocks = s.get_int("blocks", m.blocks, 0, 64);
  m.channels = s.get_int("channels", m.channels, 4, 1024);
  m.policy_channels = s.get_int("policy_channels", m.policy_channels, 1, 1024);
  m.value_channels = s.get_int("value_channels", m.value_channels, 1, 1024);
  m.value_hidden = s.get_int("value_hidden", m.value_hidden, 1, 4096);
  m.gpool_every = s.get_int("gpool_every", m.gpool_every, 0, 64);
  m.ownership_head = s.get_bool("ownership_head", m.ownership_head);
  s.reject_unknown();
  return m;
}

}  // namespace bredon
