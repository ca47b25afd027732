#include "selfplay/selfplay_config.h"

#include "util/yaml_section.h"

namespace bredon {

SelfPlayConfig read_selfplay_section(YamlSection& s) {
  SelfPlayConfig c;
  c.parallel_games = s.get_int("parallel_games", c.parallel_games, 1, 4096);
  c.full_simulations = s.get_int("full_simulations", c.full_simulations, 1, 100000);
  c.cheap_simulations = s.get_int("cheap_simulations", c.cheap_simulations, 1, 100000);
  if (c.cheap_simulations > c.full_simulations) s.fail(s.name("cheap_simulations"), "must not exceed full_simulations");
  c.full_search_fraction = s.get_double("full_search_fraction", c.full_search_fraction, 0, 1);
  c.random_opening_plies = s.get_int("random_opening_plies", c.random_opening_plies, 0, 64);
  c.temperature_plies = s.get_int("temperature_plies", c.temperature_plies, 0, 1000);
  c.resign_threshold = s.get_double("resign_threshold", c.resign_threshold, -1, 0);
  c.no_resign_fraction = s.get_double("no_resign_fraction", c.no_resign_fraction, 0, 1);
  c.max_plies = s.get_int("max_plies", c.max_plies, 0, 100000);
  c.workers = s.get_int("workers", c.workers, 1, 256);
  c.eval_threads = s.get_int("eval_threads", c.eval_threads, 0, 256);
  s.reject_unknown();
  return c;
}

}  // namespace bredon
