#include <gtest/gtest.h>

#include "train/run_config.h"

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
  const RunConfig c = parse_run_config("game:\n  size: 6\n  komi: 2.5\nmodel:\n  blocks: 3\n  ownership_head: false\n", "x");
  EXPECT_EQ(c.game.size, 6);
  EXPECT_EQ(c.game.half_komi, 5);
  EXPECT_EQ(c.model.blocks, 3);
  EXPECT_FALSE(c.model.ownership_head);
  EXPECT_EQ(c.model.channels, ModelConfig{}.channels);
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
