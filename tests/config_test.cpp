#include <gtest/gtest.h>

#include "config/run_config.h"

namespace bredon {
namespace {

std::string error_of(const std::string& yaml) {
  try {
    parse_run_config(yaml, "test.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(Config, ReadsValuesAndKomiInPoints) {
  const RunConfig c =
      parse_run_config("game:\n  size: 6\n  komi: 2.5\nmodel:\n  blocks: 3\n  ownership_head: false\n", "x");
  EXPECT_EQ(c.game.size, 6);
  EXPECT_EQ(c.game.half_komi, 5);
  EXPECT_EQ(c.model.blocks, 3);
  EXPECT_FALSE(c.model.ownership_head);
  EXPECT_FALSE(c.model.soft_policy_head);
  const RunConfig soft = parse_run_config("model:\n  soft_policy_head: true\ntrain:\n  soft_policy_power: 0.5\n", "x");
  EXPECT_TRUE(soft.model.soft_policy_head);
  EXPECT_EQ(soft.train.soft_policy_power, 0.5);
  EXPECT_EQ(soft.train.soft_policy_weight, 8.0);
  EXPECT_EQ(c.train.policy_surprise_weight, 0.0);
  EXPECT_EQ(parse_run_config("train:\n  policy_surprise_weight: 0.5\n", "x").train.policy_surprise_weight, 0.5);
  EXPECT_EQ(c.model.channels, ModelConfig{}.channels);
  EXPECT_EQ(c.device, "auto");
  EXPECT_EQ(parse_run_config("device: cuda:1\n", "x").device, "cuda:1");
  EXPECT_EQ(parse_run_config("device: cpu\n", "x").device, "cpu");
}

TEST(Config, BadConfigsNameTheKey) {
  EXPECT_NE(error_of("model:\n  chanels: 4\n").find("model.chanels: unknown key"), std::string::npos);
  EXPECT_NE(error_of("modle:\n  channels: 4\n").find("modle: unknown key"), std::string::npos);
  EXPECT_NE(error_of("model:\n  channels: many\n").find("model.channels: expected a whole number"), std::string::npos);
  EXPECT_NE(error_of("model:\n  channels: 4.5\n").find("model.channels"), std::string::npos);
  EXPECT_NE(error_of("game:\n  size: 9\n").find("game.size: 9 is outside"), std::string::npos);
  EXPECT_NE(error_of("game:\n  komi: 1.25\n").find("game.komi"), std::string::npos);
  EXPECT_NE(error_of("model:\n  ownership_head: maybe\n").find("model.ownership_head: expected true or false"),
            std::string::npos);
  EXPECT_NE(error_of("game: [1, 2]\n").find("game: must be a mapping"), std::string::npos);
  EXPECT_NE(error_of("game:\n  size: 4\n bad indent: [\n").find("not valid YAML"), std::string::npos);
  EXPECT_NE(error_of("- 1\n- 2\n").find("top level must be a mapping"), std::string::npos);
  EXPECT_NE(error_of("device: gpu\n").find("device: 'gpu' is not one of auto, cpu, cuda, cuda:N"), std::string::npos);
  EXPECT_NE(error_of("device: \"cuda:\"\n").find("device: 'cuda:' is not one of"), std::string::npos);
  EXPECT_NE(error_of("train:\n  short_term_value_weight: 1.5\n").find("train.short_term_value_weight: 1.5 is outside"),
            std::string::npos);
  EXPECT_NE(error_of("train:\n  short_term_value_plies: 0.5\n").find("train.short_term_value_plies"), std::string::npos);
  EXPECT_NE(error_of("train:\n  policy_surprise_weight: -0.1\n").find("train.policy_surprise_weight: -0.1 is outside"),
            std::string::npos);
}

TEST(Config, MissingFileIsAClearError) {
  try {
    load_run_config("/nonexistent/x.yaml");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/x.yaml: cannot open"), std::string::npos);
  }
}

}  // namespace
}  // namespace bredon

namespace bredon {
namespace {

TEST(Config, ShippedConfigsParse) {
  int count = 0;
  for (const char* name : {"default", "3x3", "5x5", "6x6"}) {
    const RunConfig c = load_run_config(std::string(BREDON_SOURCE_DIR) + "/configs/" + name + ".yaml");
    EXPECT_GT(c.train.batch_size, 0);
    ++count;
  }
  EXPECT_EQ(load_run_config(std::string(BREDON_SOURCE_DIR) + "/configs/6x6.yaml").game.half_komi, 4);
  EXPECT_EQ(load_run_config(std::string(BREDON_SOURCE_DIR) + "/configs/default.yaml").game.size, 4);
  EXPECT_EQ(count, 4);
}

}  // namespace
}  // namespace bredon

#include <filesystem>
#include <fstream>

namespace bredon {
namespace {

void write(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

// A config names its base; sections merge key by key; the snapshot text is the resolved whole.
TEST(Config, LayeredConfigsMergeOverTheirBase) {
  const auto dir = std::filesystem::temp_directory_path() / "bredon_layered_config";
  std::filesystem::create_directories(dir);
  write(dir / "base.yaml", "game:\n  size: 5\n  komi: 1\nmodel:\n  blocks: 3\n  channels: 24\n");
  write(dir / "mid.yaml", "base: base.yaml\nmodel:\n  channels: 40\n");
  write(dir / "top.yaml", "base: mid.yaml\ngame:\n  size: 6\n");
  const RunConfig c = load_run_config((dir / "top.yaml").string());
  EXPECT_EQ(c.game.size, 6);
  EXPECT_EQ(c.game.half_komi, 2);
  EXPECT_EQ(c.model.blocks, 3);
  EXPECT_EQ(c.model.channels, 40);
  EXPECT_EQ(c.text.find("base:"), std::string::npos);
  EXPECT_EQ(parse_run_config(c.text, "snapshot").model.channels, 40);

  write(dir / "loop_a.yaml", "base: loop_b.yaml\n");
  write(dir / "loop_b.yaml", "base: loop_a.yaml\n");
  EXPECT_THROW(load_run_config((dir / "loop_a.yaml").string()), ConfigError);
  write(dir / "missing.yaml", "base: nowhere.yaml\n");
  try {
    load_run_config((dir / "missing.yaml").string());
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("nowhere.yaml: cannot open"), std::string::npos) << e.what();
  }
  try {
    load_run_config(dir.string());
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
}

TEST(Config, ShippedConfigsSayOnlyWhatDiffers) {
  const RunConfig five = load_run_config(std::string(BREDON_SOURCE_DIR) + "/configs/5x5.yaml");
  const RunConfig six = load_run_config(std::string(BREDON_SOURCE_DIR) + "/configs/6x6.yaml");
  EXPECT_EQ(five.game.size, 5);
  EXPECT_EQ(six.model.blocks, 8);
  EXPECT_EQ(six.model.channels, 64);     // from 5x5.yaml
  EXPECT_EQ(six.train.batch_size, 256);  // from default.yaml
  EXPECT_EQ(six.budget.hours, 72);
}

}  // namespace
}  // namespace bredon

namespace bredon {
namespace {

// Found by fuzzing (tests/fuzz/regressions/fuzz_config): a list or map as a key threw yaml-cpp's
// own exception instead of a ConfigError.
TEST(Config, FuzzFoundConfigsAreRefusedClearly) {
  int count = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(BREDON_SOURCE_DIR) + "/tests/fuzz/regressions/fuzz_config")) {
    ++count;
    EXPECT_THROW(load_run_config(e.path().string()), ConfigError) << e.path();
  }
  EXPECT_GE(count, 1);
}

TEST(Config, AKeyThatIsNotANameIsAClearError) {
  EXPECT_NE(error_of("? [a, b]\n: 1\n").find("a key must be a plain name"), std::string::npos) << error_of("? [a, b]\n: 1\n");
  EXPECT_NE(error_of("game:\n  ? {x: 1}\n  : 3\n").find("game: a key must be a plain name"), std::string::npos);
  EXPECT_NE(error_of("train:\n  learning_rate: nan\n").find("expected a finite number"), std::string::npos);
  EXPECT_NE(error_of("game:\n  size: 3\n  size: 4\n").find("game.size: given twice"), std::string::npos);
}

}  // namespace
}  // namespace bredon
