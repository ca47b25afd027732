#include "config/run_config.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "search/search_config.h"
#include "util/yaml_section.h"

namespace bredon {
int TrainConfig::resolved_threads() const {
  return threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

namespace {

uint64_t fnv1a(const std::string& text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

TrainConfig read_train_section(YamlSection& s) {
  TrainConfig t;
  t.batch_size = s.get_int("batch_size", t.batch_size, 1, 65536);
  t.optimizer = s.get_choice("optimizer", t.optimizer, {"adamw", "sgd"});
  t.learning_rate = s.get_double("learning_rate", t.learning_rate, 1e-7, 10);
  t.lr_warmup_steps = s.get_int("lr_warmup_steps", t.lr_warmup_steps, 0, 1 << 30);
  t.lr_decay_steps = s.get_int("lr_decay_steps", t.lr_decay_steps, 0, 1 << 30);
  t.lr_decay_factor = s.get_double("lr_decay_factor", t.lr_decay_factor, 1e-3, 1);
  t.weight_decay = s.get_double("weight_decay", t.weight_decay, 0, 1);
  t.momentum = s.get_double("momentum", t.momentum, 0, 0.999);
  t.samples_per_new_sample = s.get_double("samples_per_new_sample", t.samples_per_new_sample, 0.01, 1000);
  t.min_positions = s.get_int("min_positions", t.min_positions, 1, 1 << 30);
  t.window_base = s.get_int("window_base", t.window_base, 100, 1 << 30);
  t.window_alpha = s.get_double("window_alpha", t.window_alpha, 0.01, 1);
  t.window_beta = s.get_double("window_beta", t.window_beta, 0, 10);
  t.window_max = s.get_int("window_max", t.window_max, 100, 1 << 30);
  t.games_per_iteration = s.get_int("games_per_iteration", t.games_per_iteration, 1, 1 << 20);
  t.policy_weight = s.get_double("policy_weight", t.policy_weight, 0, 100);
  t.value_weight = s.get_double("value_weight", t.value_weight, 0, 100);
  t.margin_weight = s.get_double("margin_weight", t.margin_weight, 0, 100);
  t.moves_left_weight = s.get_double("moves_left_weight", t.moves_left_weight, 0, 100);
  t.ownership_weight = s.get_double("ownership_weight", t.ownership_weight, 0, 100);
  t.soft_policy_weight = s.get_double("soft_policy_weight", t.soft_policy_weight, 0, 100);
  t.soft_policy_power = s.get_double("soft_policy_power", t.soft_policy_power, 0.01, 1);
  t.short_term_value_weight = s.get_double("short_term_value_weight", t.short_term_value_weight, 0, 1);
  t.short_term_value_plies = s.get_double("short_term_value_plies", t.short_term_value_plies, 1, 1000);
  t.policy_surprise_weight = s.get_double("policy_surprise_weight", t.policy_surprise_weight, 0, 1);
  t.threads = s.get_int("threads", t.threads, 0, 256);
  t.data_parallel = s.get_bool("data_parallel", t.data_parallel);
  t.export_average = s.get_int("export_average", t.export_average, 1, 100);
  s.reject_unknown();
  return t;
}

EvalConfig read_eval_section(YamlSection& s) {
  EvalConfig e;
  e.every_iterations = s.get_int("every_iterations", e.every_iterations, 0, 1 << 20);
  e.games = s.get_int("games", e.games, 2, 100000);
  e.simulations = s.get_int("simulations", e.simulations, 1, 100000);
  e.baseline_rollouts = s.get_int("baseline_rollouts", e.baseline_rollouts, 1, 100000);
  e.previous_checkpoints = s.get_int("previous_checkpoints", e.previous_checkpoints, 0, 100);
  e.anchor = s.get_string("anchor", e.anchor);
  e.anchor_movetime_ms = s.get_int("anchor_movetime_ms", e.anchor_movetime_ms, 1, 600000);
  s.reject_unknown();
  return e;
}

BudgetConfig read_budget_section(YamlSection& s) {
  BudgetConfig b;
  b.hours = s.get_double("hours", b.hours, 0, 1e6);
  b.steps = s.get_int("steps", 0, 0, 2000000000);
  b.games = s.get_int("games", 0, 0, 2000000000);
  s.reject_unknown();
  return b;
}

}  // namespace

namespace {

std::string read_config_file(const std::string& path) {
  if (std::filesystem::is_directory(path)) throw ConfigError("config " + path + ": is a folder, not a file");
  std::ifstream in(path);
  if (!in) throw ConfigError("config " + path + ": cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

YAML::Node parse_yaml(const std::string& text, const std::string& source_name) {
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError("config " + source_name + ": not valid YAML: " + e.what());
  }
}

// `over` laid on `base`: mappings merge key by key, anything else replaces.
YAML::Node merged(const YAML::Node& base, const YAML::Node& over, const std::string& source) {
  if (!base.IsMap() || !over.IsMap()) return YAML::Clone(over);
  YAML::Node out = YAML::Clone(base);
  for (const auto& entry : over) {
    if (!entry.first.IsScalar()) throw ConfigError("config " + source + ": a key must be a plain name, not a list or map");
    const std::string key = entry.first.Scalar();
    out[key] = out[key] ? merged(out[key], entry.second, source) : YAML::Clone(entry.second);
  }
  return out;
}

// A config file with the chain of files it names as `base:` under it. `chain` holds the files
// on the way here, to refuse a loop.
YAML::Node load_layers(const std::filesystem::path& path, std::vector<std::string>& chain) {
  YAML::Node node = parse_yaml(read_config_file(path.string()), path.string());
  if (!node.IsMap() || !node["base"]) return node;
  const YAML::Node base_key = node["base"];
  if (!base_key.IsScalar()) throw ConfigError("config " + path.string() + ": base: must name a file");
  const std::filesystem::path base = path.parent_path() / base_key.as<std::string>();
  const std::string canonical = std::filesystem::weakly_canonical(base).string();
  if (std::find(chain.begin(), chain.end(), canonical) != chain.end())
    throw ConfigError("config " + path.string() + ": base: " + base.string() + " leads back to itself");
  chain.push_back(canonical);
  node.remove("base");
  return merged(load_layers(base, chain), node, path.string());
}

}  // namespace

RunConfig parse_run_config(const std::string& yaml_text, const std::string& source_name) {
  const YAML::Node root = parse_yaml(yaml_text, source_name);
  if (root && !root.IsNull() && !root.IsMap())
    throw ConfigError("config " + source_name + ": the top level must be a mapping (game:, model:, ...)");
  RunConfig cfg;
  cfg.source = source_name;
  cfg.text = yaml_text;
  cfg.hash = fnv1a(yaml_text);
  YamlSection top(root, "", source_name);
  // Each section by its own reader (absent: every default).
  auto read = [&](const char* name, auto reader) {
    YamlSection section = top.section(name);
    return reader(section);
  };
  cfg.game = read("game", read_game_section);
  cfg.model = read("model", read_model_section);
  cfg.search = read("search", read_search_section);
  cfg.selfplay = read("selfplay", read_selfplay_section);
  cfg.train = read("train", read_train_section);
  cfg.eval = read("eval", read_eval_section);
  cfg.budget = read("budget", read_budget_section);
  cfg.device = top.get_string("device", cfg.device);
  const bool cuda_index = cfg.device.size() > 5 && cfg.device.size() <= 8 && cfg.device.rfind("cuda:", 0) == 0 &&
                          std::all_of(cfg.device.begin() + 5, cfg.device.end(), [](unsigned char c) { return std::isdigit(c); });
  if (cfg.device != "auto" && cfg.device != "cpu" && cfg.device != "cuda" && !cuda_index)
    top.fail("device", "'" + cfg.device + "' is not one of auto, cpu, cuda, cuda:N");
  top.reject_unknown();
  return cfg;
}

RunConfig load_run_config(const std::string& path) {
  const std::string text = read_config_file(path);
  const YAML::Node top = parse_yaml(text, path);
  if (!top.IsMap() || !top["base"]) return parse_run_config(text, path);
  // A layered config: the snapshot and hash are of the whole resolved configuration.
  std::vector<std::string> chain{std::filesystem::weakly_canonical(path).string()};
  YAML::Emitter out;
  out << load_layers(path, chain);
  return parse_run_config(std::string(out.c_str()) + "\n", path);
}

}  // namespace bredon
