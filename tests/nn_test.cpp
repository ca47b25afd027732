// The LibTorch network and checkpoints.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iterator>
#include <filesystem>
#include <fstream>

#include "core/movegen.h"
#include "core/ptn_game.h"
#include "model/action_index.h"
#include "model/encoding.h"
#include "nn/bot_library.h"
#include "nn/checkpoint.h"
#include "nn/device.h"
#include "nn/nn_evaluator.h"
#include "nn/weight_average.h"

namespace bredon {
namespace {

ModelConfig tiny() {
  ModelConfig m;
  m.blocks = 2;
  m.channels = 8;
  m.policy_channels = 4;
  m.value_channels = 4;
  m.value_hidden = 8;
  m.gpool_every = 1;
  return m;
}

torch::Tensor batch_of_starts(int n, int batch) {
  const auto planes = encode_position(Position(n));
  auto x = torch::from_blob(const_cast<float*>(planes.data()), {1, input_channels(n), n, n}).clone();
  return x.repeat({batch, 1, 1, 1});
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("bredon_test_" + name)).string();
}

TEST(Network, OutputShapesAndFiniteValuesForEverySize) {
  torch::manual_seed(1);
  for (int n = 3; n <= 8; ++n) {
    TakNet net(n, tiny());
    net->eval();
    torch::NoGradGuard no_grad;
    const NetworkOutput out = net->forward(batch_of_starts(n, 3));
    EXPECT_EQ(out.policy_logits.sizes(), (std::vector<int64_t>{3, action_count(n)}));
    EXPECT_EQ(out.wdl_logits.sizes(), (std::vector<int64_t>{3, 3}));
    EXPECT_EQ(out.flat_margin.sizes(), (std::vector<int64_t>{3}));
    EXPECT_EQ(out.moves_left.sizes(), (std::vector<int64_t>{3}));
    EXPECT_EQ(out.ownership.sizes(), (std::vector<int64_t>{3, n, n}));
    for (const auto& t : {out.policy_logits, out.wdl_logits, out.flat_margin, out.moves_left, out.ownership})
      EXPECT_TRUE(torch::isfinite(t).all().item<bool>());
    EXPECT_GT(net->flops_per_position(), 0);
  }
}

TEST(Network, TheSoftPolicyHeadAnswersInTrainingOnlyAndCheckpointsSayItIsThere) {
  torch::manual_seed(4);
  ModelConfig with_head = tiny();
  with_head.soft_policy_head = true;
  TakNet net(4, with_head);
  const auto x = batch_of_starts(4, 2);
  net->train();
  const NetworkOutput training = net->forward(x);
  ASSERT_TRUE(training.soft_policy_logits.defined());
  EXPECT_EQ(training.soft_policy_logits.sizes(), training.policy_logits.sizes());
  EXPECT_FALSE(torch::equal(training.soft_policy_logits, training.policy_logits));  // its own weights
  net->eval();
  EXPECT_FALSE(net->forward(x).soft_policy_logits.defined());  // searches do not pay for it
  TakNet plain(4, tiny());
  plain->train();
  EXPECT_FALSE(plain->forward(x).soft_policy_logits.defined());

  CheckpointMeta meta;
  meta.size = 4;
  meta.model = tiny();  // networks without the head keep the metadata they always had
  EXPECT_EQ(checkpoint_meta_text(meta).find("soft_policy_head"), std::string::npos);
  meta.model = with_head;
  EXPECT_NE(checkpoint_meta_text(meta).find("soft_policy_head=1"), std::string::npos);
  const std::string path = temp_path("soft_policy.ckpt");
  save_checkpoint(path, net, meta);
  LoadedCheckpoint loaded = load_checkpoint(path, 4);
  std::remove(path.c_str());
  EXPECT_TRUE(loaded.meta.model.soft_policy_head);
  EXPECT_TRUE(loaded.meta.model == with_head);
  EXPECT_FALSE(loaded.meta.model == tiny());
  // In training mode batch norm uses the batch's own statistics: equal outputs mean equal weights.
  net->train();
  loaded.net->train();
  torch::NoGradGuard no_grad;
  EXPECT_TRUE(torch::equal(net->forward(x).soft_policy_logits, loaded.net->forward(x).soft_policy_logits));
}

TEST(Checkpoint, SaveLoadGivesBitwiseIdenticalOutputs) {
  torch::manual_seed(2);
  TakNet net(5, tiny());
  // Move BatchNorm statistics off their defaults so they are checked too.
  net->train();
  { net->forward(batch_of_starts(5, 4) + torch::randn({4, input_channels(5), 5, 5})); }
  net->eval();
  CheckpointMeta meta;
  meta.size = 5;
  meta.half_komi = 3;
  meta.model = tiny();
  meta.step = 1234;
  meta.config_hash = 987654321;
  meta.extra["run"] = "test";
  const std::string path = temp_path("ckpt.bin");
  save_checkpoint(path, net, meta);
  LoadedCheckpoint loaded = load_checkpoint(path, 5);
  EXPECT_EQ(loaded.meta.step, 1234);
  EXPECT_EQ(loaded.meta.half_komi, 3);
  EXPECT_EQ(loaded.meta.config_hash, 987654321u);
  EXPECT_EQ(loaded.meta.extra.at("run"), "test");
  loaded.net->eval();
  torch::NoGradGuard no_grad;
  const auto x = batch_of_starts(5, 2);
  const auto a = net->forward(x), b = loaded.net->forward(x);
  EXPECT_TRUE(torch::equal(a.policy_logits, b.policy_logits));
  EXPECT_TRUE(torch::equal(a.wdl_logits, b.wdl_logits));
  EXPECT_TRUE(torch::equal(a.ownership, b.ownership));
  std::remove(path.c_str());
}

// The config's device: names. Where no GPU is (this machine, CI) `auto` is the CPU and `cuda` is
// refused in words; on a CUDA build with a GPU the same test checks the GPU's numbering.
TEST(Device, NamesResolveAndAMissingGpuIsRefusedInWords) {
  auto error_of = [](const std::string& name) {
    try {
      resolve_device(name);
    } catch (const DeviceError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(resolve_device("cpu").is_cpu());
  const bool gpu = torch::cuda::is_available();
  EXPECT_EQ(resolve_device("auto").is_cuda(), gpu);
  EXPECT_NE(error_of("tpu").find("device 'tpu' is not one of auto, cpu, cuda, cuda:N"), std::string::npos);
  EXPECT_NE(error_of("cuda:x").find("expected cuda:N"), std::string::npos);
  if (!gpu) {
    EXPECT_NE(error_of("cuda").find("sees no GPU"), std::string::npos);
    EXPECT_NE(error_of("cuda:0").find("sees no GPU"), std::string::npos);
  } else {
    const int count = static_cast<int>(torch::cuda::device_count());
    EXPECT_NE(error_of("cuda:" + std::to_string(count)).find("numbered from 0"), std::string::npos);
    EXPECT_EQ(resolve_device("cuda", count + 1).index(), (count + 1) % count);
  }
}

// A network on the resolved device (a GPU when there is one) evaluates as the same network on
// the CPU does, and its checkpoint loads onto the CPU.
TEST(Device, TheEvaluatorAndCheckpointsWorkOnTheResolvedDevice) {
  torch::manual_seed(3);
  TakNet cpu_net(4, tiny());
  cpu_net->eval();
  TakNet net(4, tiny());
  copy_weights(cpu_net, net);
  net = on_device(net, resolve_device("auto"));
  net->use_channels_last();
  net->eval();
  const Position start(4);
  const std::vector<Move> moves = legal_moves(start);
  std::vector<EvalResult> on_device_results, cpu_results;
  NetworkEvaluator(net).evaluate({EvalRequest{&start, &moves}}, on_device_results);
  NetworkEvaluator(cpu_net).evaluate({EvalRequest{&start, &moves}}, cpu_results);
  ASSERT_EQ(on_device_results[0].priors.size(), moves.size());
  for (size_t k = 0; k < moves.size(); ++k)
    EXPECT_NEAR(on_device_results[0].priors[k], cpu_results[0].priors[k], 1e-4);
  EXPECT_NEAR(on_device_results[0].value, cpu_results[0].value, 1e-4);
  CheckpointMeta meta;
  meta.size = 4;
  meta.model = tiny();
  const std::string path = temp_path("device.ckpt");
  save_checkpoint(path, net, meta);
  LoadedCheckpoint loaded = load_checkpoint(path, 4);
  EXPECT_TRUE(device_of(loaded.net).is_cpu());
  loaded.net->eval();
  torch::NoGradGuard no_grad;
  EXPECT_TRUE(torch::allclose(loaded.net->forward(batch_of_starts(4, 2)).wdl_logits,
                              cpu_net->forward(batch_of_starts(4, 2)).wdl_logits, 1e-4, 1e-5));
  std::remove(path.c_str());
}

// Averaged networks: each parameter and batch-norm statistic is the mean, the newest networks
// are picked once each, and another architecture is refused.
TEST(WeightAverage, MeansEveryTensorPicksTheNewestAndRefusesAnotherArchitecture) {
  CheckpointMeta meta;
  meta.size = 4;
  meta.model = tiny();
  std::vector<std::string> paths;
  std::vector<TakNet> nets;
  for (int k = 0; k < 3; ++k) {
    torch::manual_seed(10 + k);
    TakNet net(4, tiny());
    net->train();
    { net->forward(batch_of_starts(4, 4) + torch::randn({4, input_channels(4), 4, 4})); }  // moves BN statistics
    meta.step = 100 * (k + 1);
    paths.push_back(temp_path("avg" + std::to_string(k) + ".ckpt"));
    save_checkpoint(paths.back(), net, meta);
    nets.push_back(net);
  }
  const LoadedCheckpoint avg = average_checkpoints(paths);
  EXPECT_EQ(avg.meta.step, 300);
  EXPECT_EQ(avg.meta.extra.at("averaged_over"), paths[0] + "," + paths[1] + "," + paths[2]);
  auto mean_of = [&](const std::string& key, bool buffer) {
    torch::Tensor sum;
    for (auto& n : nets) {
      const torch::Tensor t = buffer ? n->named_buffers(true)[key] : n->named_parameters(true)[key];
      sum = sum.defined() ? sum + t : t.clone();
    }
    return sum / 3.0;
  };
  for (const auto& p : avg.net->named_parameters(true))
    EXPECT_TRUE(torch::allclose(p.value(), mean_of(p.key(), false), 1e-5, 1e-6)) << p.key();
  for (const auto& b : avg.net->named_buffers(true)) {
    if (b.value().is_floating_point()) {
      EXPECT_TRUE(torch::allclose(b.value(), mean_of(b.key(), true), 1e-5, 1e-6)) << b.key();
    }
  }
  // A bot averages the latest network and the newest checkpoints before it; a checkpoint at the
  // latest's step (the evaluation checkpoint of the last iteration) is the latest itself.
  EXPECT_EQ(newest_for_average(paths[2], paths, 3), paths);
  EXPECT_EQ(newest_for_average(paths[2], paths, 2), (std::vector<std::string>{paths[1], paths[2]}));
  EXPECT_EQ(newest_for_average(paths[2], paths, 9), paths);
  EXPECT_EQ(newest_for_average(paths[2], paths, 1), (std::vector<std::string>{paths[2]}));
  ModelConfig other = tiny();
  other.channels = 16;
  meta.model = other;
  meta.step = 999;
  TakNet wide(4, other);
  const std::string wide_path = temp_path("avg_wide.ckpt");
  save_checkpoint(wide_path, wide, meta);
  try {
    average_checkpoints({paths[0], wide_path});
    FAIL() << "averaged two architectures";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("architecture differs"), std::string::npos) << e.what();
  }
  for (const auto& p : paths) std::remove(p.c_str());
  std::remove(wide_path.c_str());
}

TEST(Checkpoint, WrongSizeTruncatedCorruptAndMissingFilesAreRejectedClearly) {
  TakNet net(4, tiny());
  CheckpointMeta meta;
  meta.size = 4;
  meta.model = tiny();
  const std::string path = temp_path("ckpt4.bin");
  save_checkpoint(path, net, meta);
  auto message = [](const std::string& p, int size) {
    try {
      load_checkpoint(p, size);
    } catch (const CheckpointError& e) {
      return std::string(e.what());
    }
    return std::string("loaded");
  };
  EXPECT_NE(message(path, 6).find("it is for 4x4, not 6x6"), std::string::npos) << message(path, 6);
  const auto full = std::filesystem::file_size(path);
  for (const auto cut : {std::uintmax_t{4}, std::uintmax_t{20}, full / 2, full - 1}) {
    const std::string cut_path = temp_path("cut.bin");
    std::filesystem::copy_file(path, cut_path, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::resize_file(cut_path, cut);
    const std::string m = message(cut_path, 4);
    EXPECT_NE(m.find("checkpoint " + cut_path), std::string::npos) << m;
    EXPECT_TRUE(m.find("truncated") != std::string::npos || m.find("magic") != std::string::npos) << m;
    std::remove(cut_path.c_str());
  }
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(full - 10));
    f.put('\x5a');
  }
  EXPECT_NE(message(path, 4).find("corrupt"), std::string::npos) << message(path, 4);
  EXPECT_NE(message(temp_path("does_not_exist.bin"), 4).find("cannot open"), std::string::npos);
  std::remove(path.c_str());
}

// Rewrites a checkpoint's metadata section with `edit` applied and its checksum recomputed, as a
// careless (or hostile) hand would: the file is then whole, only what it says is wrong.
void edit_metadata(const std::string& path, const std::function<std::string(std::string)>& edit) {
  std::ifstream in(path, std::ios::binary);
  std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t at = 16;  // magic, version, section count
  std::string out = file.substr(0, at);
  while (at < file.size()) {
    uint32_t name_length;
    std::memcpy(&name_length, &file[at], 4);
    const std::string name = file.substr(at + 4, name_length);
    uint64_t length;
    std::memcpy(&length, &file[at + 4 + name_length], 8);
    std::string bytes = file.substr(at + 4 + name_length + 16, length);
    if (name == "meta") bytes = edit(bytes);
    uint64_t hash = 1469598103934665603ULL, new_length = bytes.size();
    for (unsigned char c : bytes) hash = (hash ^ c) * 1099511628211ULL;
    out += file.substr(at, 4 + name_length);
    out.append(reinterpret_cast<const char*>(&new_length), 8).append(reinterpret_cast<const char*>(&hash), 8);
    out += bytes;
    at += 4 + name_length + 16 + length;
  }
  std::ofstream(path, std::ios::binary | std::ios::trunc) << out;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(Checkpoint, EditedMetadataIsRefusedNotBuiltOrLoadedSilently) {
  torch::manual_seed(2);
  TakNet net(4, tiny());
  CheckpointMeta meta;
  meta.size = 4;
  meta.model = tiny();
  const std::string path = temp_path("edited.bin");
  const std::pair<const char*, const char*> edits[] = {
      {"channels=8\n", "channels=0\n"},            // would crash inside LibTorch
      {"channels=8\n", "channels=2000000000\n"},   // would try to allocate terabytes
      {"size=4\n", "size=3\n"},                    // other input planes and actions: other shapes
      {"channels=8\n", "channels=16\n"},           // the weights are of another width
      {"half_komi=0\n", "half_komi=999\n"},
  };
  for (const auto& [from, to] : edits) {
    save_checkpoint(path, net, meta);
    edit_metadata(path, [&](std::string text) { return replaced(text, from, to); });
    try {
      load_checkpoint(path);
      ADD_FAILURE() << "loaded with " << to;
    } catch (const CheckpointError& e) {
      EXPECT_NE(std::string(e.what()).find("checkpoint " + path), std::string::npos) << e.what();
    }
  }
  save_checkpoint(path, net, meta);
  edit_metadata(path, [](std::string text) { return text; });  // the helper itself keeps a file loadable
  EXPECT_NO_THROW(load_checkpoint(path));
  std::remove(path.c_str());
}

// Writes a tiny bot of `size` and `half_komi` to `path`.
void write_bot(const std::string& path, int size, int half_komi, int64_t step) {
  CheckpointMeta meta;
  meta.size = size;
  meta.half_komi = half_komi;
  meta.model = tiny();
  meta.step = step;
  TakNet net(size, tiny());
  save_checkpoint(path, net, meta);
}

TEST(BotLibrary, PicksTheBotForTheSizeAndNearestKomiAndSaysWhich) {
  const std::string dir = temp_path("models");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  write_bot(dir + "/4x4.ckpt", 4, 0, 10);
  write_bot(dir + "/6x6.ckpt", 6, 0, 20);
  write_bot(dir + "/6x6-komi2.ckpt", 6, 4, 30);
  std::ofstream(dir + "/broken.ckpt") << "not a checkpoint";
  std::ofstream(dir + "/notes.txt") << "ignored";
  BotLibrary bots(dir);
  ASSERT_EQ(bots.bots().size(), 3u);  // the broken file is skipped, not fatal
  EXPECT_EQ(bots.find(4, 0)->meta.step, 10);
  EXPECT_EQ(bots.find(4, 3)->meta.step, 10);  // the only 4x4 bot, at another komi
  EXPECT_EQ(bots.find(6, 4)->meta.step, 30);
  EXPECT_EQ(bots.find(6, 3)->meta.step, 30);
  EXPECT_EQ(bots.find(6, 1)->meta.step, 20);
  EXPECT_EQ(bots.find(5, 0), nullptr);
  std::string description;
  EXPECT_NE(dynamic_cast<NetworkEvaluator*>(bots.evaluator_for(6, 4, &description).get()), nullptr);
  EXPECT_EQ(description, "network " + dir + "/6x6-komi2.ckpt (6x6, komi 2, step 30)");
  bots.evaluator_for(4, 1, &description);
  EXPECT_EQ(description, "network " + dir + "/4x4.ckpt (4x4, komi 0, step 10); playing another komi than it was trained for");
  EXPECT_EQ(dynamic_cast<NetworkEvaluator*>(bots.evaluator_for(5, 0, &description).get()), nullptr);
  EXPECT_EQ(description, "no bot for 5x5 in " + dir + ": playing with the model-free heuristic search");
  // A file named by the user comes first for its size.
  write_bot(temp_path("mine.ckpt"), 4, 0, 99);
  bots.add_preferred(temp_path("mine.ckpt"));
  EXPECT_EQ(bots.find(4, 0)->meta.step, 99);
  EXPECT_EQ(bots.find(6, 4)->meta.step, 30);
  EXPECT_THROW(bots.add_preferred(dir + "/broken.ckpt"), CheckpointError);
  std::filesystem::remove_all(dir);
}

TEST(ShippedBots, EachLoadsPlaysItsSizeHasACardAndIsSmall) {
  const std::string dir = std::string(BREDON_SOURCE_DIR) + "/models";
  BotLibrary bots(dir);
  ASSERT_GE(bots.bots().size(), 2u);
  for (const BotFile& bot : bots.bots()) {
    const std::string stem = std::filesystem::path(bot.path).stem().string();
    const int n = bot.meta.size;
    // Named after the size (and komi when not 0), as the cards and README say.
    const std::string expected =
        std::to_string(n) + "x" + std::to_string(n) + (bot.meta.half_komi ? "-komi" + komi_text(bot.meta.half_komi) : "");
    EXPECT_EQ(stem, expected) << bot.path;
    EXPECT_LT(std::filesystem::file_size(bot.path), 5u << 20) << bot.path;
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + stem + ".md")) << "no card for " << bot.path;
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + stem + ".config.yaml")) << "no config for " << bot.path;
    std::string description;
    const auto eval = bots.evaluator_for(n, bot.meta.half_komi, &description);
    const Position start(n, bot.meta.half_komi);
    const std::vector<Move> moves = legal_moves(start);
    std::vector<EvalResult> results;
    eval->evaluate({EvalRequest{&start, &moves}}, results);
    ASSERT_EQ(results[0].priors.size(), moves.size());
    EXPECT_TRUE(std::isfinite(results[0].value));
  }
}

}  // namespace
}  // namespace bredon
