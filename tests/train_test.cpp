// Training batches, their prefetcher, the learner and the choice of evaluation opponents.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/movegen.h"
#include "core/tps.h"
#include "model/action_index.h"
#include "train/batch_prefetcher.h"
#include "train/checkpoint_evaluation.h"
#include "train/distributed.h"
#include "train/learner.h"
#include "train/replay_window.h"
#include "train/short_term_value.h"

namespace bredon {
namespace {

// Positions of one random game, each with a policy target spread over a few legal moves.
std::vector<PositionRecord> game_records(int size, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PositionRecord> out;
  std::vector<Move> moves;
  Position pos(size);
  while (!pos.game_over()) {
    generate_moves(pos, moves);
    PositionRecord r;
    r.tps = to_tps(pos);
    r.full_search = static_cast<uint8_t>(out.size() % 3 != 0);
    r.result = static_cast<int8_t>(static_cast<int>(out.size() % 3) - 1);
    r.flat_margin = 2;
    r.moves_left = 7;
    r.ownership.assign(static_cast<size_t>(size * size), static_cast<int8_t>(out.size() % 2 ? 1 : -1));
    for (size_t k = 0; k < moves.size() && k < 3; ++k) {
      r.policy_actions.push_back(action_of(moves[k], size));
      r.policy_probs.push_back(k == 0 ? 0.5f : 0.25f);
    }
    out.push_back(std::move(r));
    pos.play(moves[rng() % moves.size()]);
  }
  return out;
}

void expect_equal(const TrainingBatch& a, const TrainingBatch& b) {
  EXPECT_TRUE(torch::equal(a.planes, b.planes));
  EXPECT_TRUE(torch::equal(a.policy, b.policy));
  EXPECT_TRUE(torch::equal(a.full, b.full));
  EXPECT_TRUE(torch::equal(a.wdl, b.wdl));
  EXPECT_TRUE(torch::equal(a.margin, b.margin));
  EXPECT_TRUE(torch::equal(a.moves_left, b.moves_left));
  EXPECT_TRUE(torch::equal(a.ownership, b.ownership));
  EXPECT_TRUE(torch::equal(a.short_term, b.short_term));
}

TrainingBatch clone(const TrainingBatch& b) {
  return {b.planes.clone(), b.policy.clone(),     b.full.clone(),     b.wdl.clone(),
          b.margin.clone(), b.moves_left.clone(), b.ownership.clone(), b.short_term.clone()};
}

TEST(TrainingBatch, PolicyTargetsKeepTheirMassUnderEverySymmetry) {
  const auto records = game_records(5, 3);
  std::vector<const PositionRecord*> picks;
  for (const auto& r : records) picks.push_back(&r);
  std::mt19937_64 rng(5);
  const TrainingBatch t = make_training_batch(picks, 5, 0, rng);
  for (size_t i = 0; i < records.size(); ++i) {
    const float mass = t.policy[static_cast<int64_t>(i)].sum().item<float>();
    EXPECT_FLOAT_EQ(mass, records[i].full_search ? 1.0f : 0.0f) << "record " << i;
    EXPECT_EQ(t.full[static_cast<int64_t>(i)].item<float>(), records[i].full_search ? 1.0f : 0.0f);
    EXPECT_EQ(t.wdl[static_cast<int64_t>(i)].item<int64_t>(), records[i].result > 0    ? 0
                                                              : records[i].result == 0 ? 1
                                                                                       : 2);
  }
}

class BatchPrefetcherWithFillThreads : public testing::TestWithParam<int> {};

TEST_P(BatchPrefetcherWithFillThreads, GivesTheBatchesAnInlineFillGivesWithTheSameGenerator) {
  const auto records = game_records(4, 11);
  auto sampler = [&](std::mt19937_64& r) -> const PositionRecord& { return records[r() % records.size()]; };
  BatchPrefetcher prefetcher(sampler, 16, 4, 4, 99, GetParam());
  std::mt19937_64 rng(99);
  std::vector<const PositionRecord*> picks(16);
  TrainingBatch inline_batch;
  for (int k = 0; k < 4; ++k) {
    for (auto& p : picks) p = &sampler(rng);
    fill_training_batch(inline_batch, picks, 4, 4, rng);
    const TrainingBatch& got = prefetcher.next();
    const TrainingBatch held = clone(got);
    expect_equal(got, inline_batch);
    // The next batch is prepared in the other buffer: the one handed out stays as it was.
    prefetcher.wait_ready();
    expect_equal(got, held);
  }
}

INSTANTIATE_TEST_SUITE_P(OneAndThree, BatchPrefetcherWithFillThreads, testing::Values(1, 3));

TEST(BatchPrefetcher, ASamplerErrorReachesTheCaller) {
  BatchPrefetcher prefetcher(
      [](std::mt19937_64&) -> const PositionRecord& { throw std::runtime_error("window is empty"); }, 8, 4, 0, 1);
  try {
    prefetcher.next();
    FAIL() << "expected the sampler's error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "window is empty");
  }
}

ModelConfig small_model() {
  ModelConfig m;
  m.blocks = 1;
  m.channels = 16;
  m.policy_channels = 8;
  m.value_channels = 8;
  m.value_hidden = 16;
  return m;
}

PositionRecord valued(int64_t game, int16_t ply, float root_value, int8_t result) {
  PositionRecord r;
  r.game = game;
  r.ply = ply;
  r.root_value = root_value;
  r.result = result;
  return r;
}

TEST(ShortTermValue, WeighsLaterSearchValuesFromTheMoversViewAndEndsWithTheResult) {
  // Two games interleaved and out of order; the second records only plies 2 and 4.
  std::vector<PositionRecord> p = {valued(7, 2, 0.6f, -1), valued(9, 4, -0.5f, -1), valued(7, 0, 0.2f, -1),
                                   valued(7, 3, 0.8f, 1),  valued(9, 2, 0.5f, -1),  valued(7, 1, -0.4f, 1)};
  set_short_term_values(p, 2);  // each step keeps half of what comes after
  // Game 7 from its end: 0.5*0.8 + 0.5*1 = 0.9; 0.5*0.6 - 0.5*0.9 = -0.15; -0.2 + 0.075; 0.1 + 0.0625.
  EXPECT_NEAR(p[3].short_term_value, 0.9, 1e-6);
  EXPECT_NEAR(p[0].short_term_value, -0.15, 1e-6);
  EXPECT_NEAR(p[5].short_term_value, -0.125, 1e-6);
  EXPECT_NEAR(p[2].short_term_value, 0.1625, 1e-6);
  // Game 9: ply 4 is -0.25 - 0.5 = -0.75; ply 2 has the same side to move: 0.25 - 0.375.
  EXPECT_NEAR(p[1].short_term_value, -0.75, 1e-6);
  EXPECT_NEAR(p[4].short_term_value, -0.125, 1e-6);
  set_short_term_values(p, 1);  // a horizon of one ply: the search value alone
  for (const PositionRecord& r : p) EXPECT_FLOAT_EQ(r.short_term_value, r.root_value);
}

TEST(ShortTermValue, TheReplayWindowSetsThemOnlyWhenTheyAreWeighted) {
  const auto dir = std::filesystem::temp_directory_path() / ("bredon_short_term_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Shard shard;
  shard.size = 4;
  shard.positions = game_records(4, 21);
  shard.games.push_back(GameRecordRow{"1. a1 b1", "R-0", 0, 37, 0, "test"});  // the game they point at
  for (size_t i = 0; i < shard.positions.size(); ++i) shard.positions[i].root_value = 0.01f * static_cast<float>(i + 1);
  write_shard((dir / "000001.h5").string(), shard);
  TrainConfig tc;
  tc.short_term_value_weight = 0.5;
  tc.short_term_value_plies = 1;  // the search value alone: easy to check position by position
  ReplayWindow weighted(tc, 4, 0), plain(TrainConfig{}, 4, 0);
  weighted.refresh(dir.string());
  plain.refresh(dir.string());
  ASSERT_EQ(weighted.size(), shard.positions.size());
  std::mt19937_64 rng(5);
  for (int k = 0; k < 20; ++k) {
    const PositionRecord& r = weighted.sample(rng);
    EXPECT_GT(r.root_value, 0);
    EXPECT_FLOAT_EQ(r.short_term_value, r.root_value);
    EXPECT_EQ(plain.sample(rng).short_term_value, 0);
  }
  std::filesystem::remove_all(dir);
}

// Four positions told apart by their root value: two full searches with surprise 0.1 and 0.3
// (mean 0.2) and two cheap ones.
std::string surprise_shard(const std::string& name, float first_surprise) {
  const auto dir = std::filesystem::temp_directory_path() / ("bredon_" + name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Shard shard;
  shard.size = 4;
  shard.positions = game_records(4, 21);
  shard.positions.resize(4);
  const float surprise[4] = {first_surprise, 0.3f, 0, 0};
  for (size_t i = 0; i < 4; ++i) {
    shard.positions[i].root_value = static_cast<float>(i);
    shard.positions[i].full_search = i < 2;
    shard.positions[i].policy_surprise = surprise[i];
  }
  shard.games.push_back(GameRecordRow{"1. a1 b1", "R-0", 0, 37, 0, "test"});
  write_shard((dir / "000001.h5").string(), shard);
  return dir.string();
}

std::vector<double> sampled_shares(const ReplayWindow& window, int draws) {
  std::vector<double> shares(4, 0);
  std::mt19937_64 rng(9);
  for (int k = 0; k < draws; ++k) shares[static_cast<size_t>(window.sample(rng).root_value)] += 1.0 / draws;
  return shares;
}

TEST(PolicySurprise, TheReplayWindowSamplesFullSearchesPartlyByTheirSurprise) {
  const std::string dir = surprise_shard("surprise", 0.1f);
  // Weights: (1 - w) + w * surprise / 0.2 for the full searches, 1 for the cheap ones.
  const std::vector<std::pair<double, std::vector<double>>> expected = {
      {0.0, {0.25, 0.25, 0.25, 0.25}},
      {0.5, {0.75 / 4, 1.25 / 4, 0.25, 0.25}},
      {1.0, {0.5 / 4, 1.5 / 4, 0.25, 0.25}},
  };
  for (const auto& [weight, shares] : expected) {
    TrainConfig tc;
    tc.policy_surprise_weight = weight;
    ReplayWindow window(tc, 4, 0);
    window.refresh(dir);
    ASSERT_EQ(window.size(), 4u);
    EXPECT_NEAR(window.mean_policy_surprise(), 0.2, 1e-6);
    const auto got = sampled_shares(window, 40000);
    for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(got[i], shares[i], 0.01) << "weight " << weight << ", position " << i;
  }
  std::filesystem::remove_all(dir);
}

TEST(PolicySurprise, AShardWithANegativeSurpriseIsSkipped) {
  const std::string dir = surprise_shard("bad_surprise", -0.1f);
  TrainConfig tc;
  tc.policy_surprise_weight = 0.5;
  ReplayWindow window(tc, 4, 0);
  window.refresh(dir);
  EXPECT_EQ(window.size(), 0u);
  std::filesystem::remove_all(dir);
}

TEST(ShortTermValue, BlendsIntoTheValueLossByItsWeight) {
  TrainingBatch b;
  b.wdl = torch::tensor({0, 2}, torch::kInt64);
  b.short_term = torch::tensor({0.5f, -1.0f});
  b.policy = torch::zeros({2, 4});
  b.full = torch::zeros({2});
  b.margin = torch::zeros({2});
  b.moves_left = torch::zeros({2});
  NetworkOutput out;
  out.policy_logits = torch::zeros({2, 4});
  out.wdl_logits = torch::tensor({{1.0f, 0.0f, -1.0f}, {0.0f, 0.5f, 2.0f}});
  out.flat_margin = torch::zeros({2});
  out.moves_left = torch::zeros({2});
  const auto log_p = torch::log_softmax(out.wdl_logits, 1);
  const double on_results = -(log_p[0][0] + log_p[1][2]).item<double>() / 2;
  const double on_short_term = -(0.75 * log_p[0][0] + 0.25 * log_p[0][2] + log_p[1][2]).item<double>() / 2;
  TrainConfig tc;
  EXPECT_NEAR(compute_losses(out, b, tc, nullptr).value, on_results, 1e-6);
  tc.short_term_value_weight = 1;
  EXPECT_NEAR(compute_losses(out, b, tc, nullptr).value, on_short_term, 1e-6);
  tc.short_term_value_weight = 0.25;
  EXPECT_NEAR(compute_losses(out, b, tc, nullptr).value, 0.75 * on_results + 0.25 * on_short_term, 1e-6);
}

TEST(SoftPolicy, TrainsItsHeadOnTheFlattenedTargetOfFullSearchesByItsWeight) {
  TrainingBatch b;
  b.wdl = torch::tensor({0, 2}, torch::kInt64);
  b.policy = torch::tensor({{0.81f, 0.0f, 0.0f, 0.19f}, {0.5f, 0.5f, 0.0f, 0.0f}});
  b.full = torch::tensor({1.0f, 0.0f});  // the second row is a cheap search: no policy target
  b.margin = torch::zeros({2});
  b.moves_left = torch::zeros({2});
  NetworkOutput out;
  out.policy_logits = torch::zeros({2, 4});
  out.wdl_logits = torch::zeros({2, 3});
  out.flat_margin = torch::zeros({2});
  out.moves_left = torch::zeros({2});
  TrainConfig tc;
  const LossStats without_head = compute_losses(out, b, tc, nullptr);
  EXPECT_EQ(without_head.soft_policy, 0);
  out.soft_policy_logits = torch::tensor({{2.0f, -1.0f, 0.0f, 1.0f}, {9.0f, 9.0f, 9.0f, 9.0f}});
  // 0.81^0.25 = 0.9487 and 0.19^0.25 = 0.6602: 0.59 and 0.41 of the soft target, where the sharp
  // one gives 0.81 and 0.19. Illegal moves (zero in the target) stay at zero.
  const double a = std::pow(0.81, 0.25), c = std::pow(0.19, 0.25);
  const auto log_p = torch::log_softmax(out.soft_policy_logits[0], 0);
  const double expected = -(a * log_p[0].item<double>() + c * log_p[3].item<double>()) / (a + c);
  const LossStats with_head = compute_losses(out, b, tc, nullptr);
  EXPECT_NEAR(with_head.soft_policy, expected, 1e-5);
  EXPECT_NEAR(with_head.total - without_head.total, 8.0 * expected, 1e-4);  // KataGo's weight 8
  tc.soft_policy_power = 1;  // no flattening: the ordinary cross-entropy
  const double sharp = -(0.81 * log_p[0].item<double>() + 0.19 * log_p[3].item<double>());
  EXPECT_NEAR(compute_losses(out, b, tc, nullptr).soft_policy, sharp, 1e-5);
}

TEST(Learner, StepsOnOneBatchLowerItsLossWithAndWithoutTheSoftPolicyHead) {
  for (const bool soft_head : {false, true}) {
    torch::manual_seed(3);
    ModelConfig m = small_model();
    m.soft_policy_head = soft_head;
    TrainConfig tc;
    tc.lr_warmup_steps = 0;
    Learner learner(TakNet(4, m), tc);
    const auto records = game_records(4, 5);
    std::vector<const PositionRecord*> picks;
    for (const auto& r : records) picks.push_back(&r);
    std::mt19937_64 rng(1);
    const TrainingBatch batch = make_training_batch(picks, 4, 0, rng);
    const LossStats first = learner.step(batch);
    LossStats last = first;
    for (int i = 0; i < 40; ++i) last = learner.step(batch);
    EXPECT_LT(last.total, 0.7 * first.total);
    EXPECT_EQ(learner.steps(), 41);
    if (soft_head) {
      EXPECT_GT(first.soft_policy, 0);
      EXPECT_LT(last.soft_policy, first.soft_policy);
    } else {
      EXPECT_EQ(first.soft_policy, 0);
    }
  }
}

TEST(Learner, TwoDataParallelSharesStepLikeOneOnABatchOfTwoEqualHalves) {
  // Equal halves have the batch's own batch-norm statistics, so the two-share step must give
  // the one-share step's update, step after step (the replica must follow the network). SGD,
  // because Adam turns the rounding noise of gradients that are zero in exact arithmetic (input
  // planes constant over the batch, before batch norm) into full-size steps.
  torch::manual_seed(5);
  const ModelConfig m = small_model();
  TakNet one(4, m), two(4, m);
  copy_weights(one, two);
  TrainConfig tc;
  tc.optimizer = "sgd";
  tc.learning_rate = 0.05;
  tc.lr_warmup_steps = 0;
  tc.threads = 1;
  Learner single(one, tc);
  tc.threads = 2;
  tc.data_parallel = true;
  Learner parallel(two, tc);
  ASSERT_EQ(parallel.shares(), 2);
  const auto records = game_records(4, 9);
  std::vector<const PositionRecord*> picks;
  for (size_t i = 0; i < 12 && i < records.size(); ++i) picks.push_back(&records[i]);
  std::mt19937_64 rng(2);
  const TrainingBatch half = make_training_batch(picks, 4, 0, rng);
  auto twice = [](const torch::Tensor& t) { return torch::cat({t, t}); };
  const TrainingBatch batch{twice(half.planes), twice(half.policy),     twice(half.full),     twice(half.wdl),
                            twice(half.margin), twice(half.moves_left), twice(half.ownership),
                            twice(half.short_term)};
  for (int step = 0; step < 3; ++step) {
    const LossStats a = single.step(batch), b = parallel.step(batch);
    EXPECT_NEAR(a.total, b.total, 1e-4 * std::abs(a.total)) << "step " << step;
  }
  const auto pa = one->parameters(), pb = two->parameters();
  for (size_t i = 0; i < pa.size(); ++i)
    EXPECT_TRUE(torch::allclose(pa[i], pb[i], 1e-4, 1e-5))
        << "parameter " << i << " max diff " << (pa[i] - pb[i]).abs().max().item<float>() << " numel " << pa[i].numel();
}

// Data-parallel training across processes (train/distributed.h). The test spawns this program
// twice more as the two ranks (DistributedRank.OneRankOfTwo, which runs only when asked by the
// environment), each with a batch of its own, and compares rank 0's parameters after three
// steps with one process stepping on both batches as one (two shares in one Learner: batch norm
// statistics per share there as per rank here, so the updates must agree).
struct RankRun {
  TakNet net;
  TrainingBatch half;
};

RankRun rank_setup(int rank) {
  torch::manual_seed(5);
  RankRun r{TakNet(4, small_model()), {}};
  const auto records = game_records(4, 9 + static_cast<uint64_t>(rank));
  std::vector<const PositionRecord*> picks;
  for (size_t i = 0; i < 12 && i < records.size(); ++i) picks.push_back(&records[i]);
  std::mt19937_64 rng(2 + static_cast<uint64_t>(rank));
  r.half = make_training_batch(picks, 4, 0, rng);
  return r;
}

TrainConfig sgd_config() {
  TrainConfig tc;
  tc.optimizer = "sgd";
  tc.learning_rate = 0.05;
  tc.lr_warmup_steps = 0;
  tc.threads = 1;
  return tc;
}

TEST(DistributedRank, OneRankOfTwo) {
  const char* rank_text = std::getenv("BREDON_TEST_RANK");
  if (!rank_text) GTEST_SKIP() << "runs as a rank spawned by DistributedTraining tests";
  const int rank = std::atoi(rank_text);
  const std::string out = std::getenv("BREDON_TEST_OUT");
  DistributedOptions o;
  o.world_size = 2;
  o.rank = rank;
  o.master = std::string("127.0.0.1:") + std::getenv("BREDON_TEST_PORT");
  o.timeout = std::chrono::milliseconds(20000);
  RankRun r = rank_setup(rank);
  DistributedGroup group(o);
  group.broadcast_parameters(r.net);
  if (std::getenv("BREDON_TEST_DIE") && rank == 1) std::_Exit(0);  // a rank that dies after joining
  Learner learner(r.net, sgd_config());
  learner.set_gradient_sync([&](TakNet& net) { group.average_gradients(net); });
  try {
    for (int step = 0; step < 3; ++step) learner.step(r.half);
  } catch (const DistributedError& e) {
    std::ofstream(out) << "error: " << e.what();
    return;
  }
  if (rank == 0) torch::save(r.net->parameters(), out);
}

std::vector<std::string> spawn_ranks(int port, const std::string& out, bool one_dies, std::vector<pid_t>& pids) {
  std::vector<std::string> outs;
  for (int rank = 0; rank < 2; ++rank) {
    outs.push_back(out + "." + std::to_string(rank));
    std::filesystem::remove(outs.back());
    const pid_t pid = fork();
    if (pid == 0) {
      setenv("BREDON_TEST_RANK", std::to_string(rank).c_str(), 1);
      setenv("BREDON_TEST_PORT", std::to_string(port).c_str(), 1);
      setenv("BREDON_TEST_OUT", outs.back().c_str(), 1);
      if (one_dies) setenv("BREDON_TEST_DIE", "1", 1);
      execl("/proc/self/exe", "train_tests", "--gtest_filter=DistributedRank.OneRankOfTwo", "--gtest_brief=1",
            static_cast<char*>(nullptr));
      std::_Exit(127);
    }
    pids.push_back(pid);
  }
  return outs;
}

int free_port() {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  close(s);
  return ntohs(a.sin_port);
}

TEST(DistributedTraining, TwoRanksStepLikeOneProcessOnTheDoubledBatch) {
  if (!distributed_training_built()) GTEST_SKIP() << "built with -DBREDON_DISTRIBUTED=OFF";
  RankRun single = rank_setup(0);
  const TrainingBatch a = single.half, b = rank_setup(1).half;
  ASSERT_FALSE(torch::equal(a.planes, b.planes)) << "the ranks' batches must differ for the test to mean anything";
  TrainConfig tc = sgd_config();
  tc.threads = 2;
  tc.data_parallel = true;
  Learner learner(single.net, tc);
  auto cat = [](const torch::Tensor& x, const torch::Tensor& y) { return torch::cat({x, y}); };
  const TrainingBatch both{cat(a.planes, b.planes), cat(a.policy, b.policy),         cat(a.full, b.full),
                           cat(a.wdl, b.wdl),       cat(a.margin, b.margin),         cat(a.moves_left, b.moves_left),
                           cat(a.ownership, b.ownership), cat(a.short_term, b.short_term)};
  ASSERT_EQ(a.planes.size(0), b.planes.size(0)) << "equal shares";
  for (int step = 0; step < 3; ++step) learner.step(both);

  std::vector<pid_t> pids;
  const std::string out = (std::filesystem::temp_directory_path() / ("bredon_ddp_" + std::to_string(getpid()))).string();
  const auto outs = spawn_ranks(free_port(), out, false, pids);
  for (pid_t pid : pids) {
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a rank failed";
  }
  std::vector<torch::Tensor> ranked;
  torch::load(ranked, outs[0]);
  const auto expected = single.net->parameters();
  ASSERT_EQ(ranked.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_TRUE(torch::allclose(expected[i], ranked[i], 1e-4, 1e-5))
        << "parameter " << i << " max diff " << (expected[i] - ranked[i]).abs().max().item<float>();
  for (const auto& f : outs) std::filesystem::remove(f);
}

TEST(DistributedTraining, ARankThatDiesMakesTheOtherFailInWordsNotHang) {
  if (!distributed_training_built()) GTEST_SKIP() << "built with -DBREDON_DISTRIBUTED=OFF";
  std::vector<pid_t> pids;
  const std::string out = (std::filesystem::temp_directory_path() / ("bredon_ddp_die_" + std::to_string(getpid()))).string();
  const auto start = std::chrono::steady_clock::now();
  const auto outs = spawn_ranks(free_port(), out, true, pids);
  for (pid_t pid : pids) waitpid(pid, nullptr, 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ifstream in(outs[0]);
  const std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(message.find("error: data-parallel training: averaging gradients failed (another rank died"), std::string::npos)
      << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << "one line, without LibTorch's backtrace: " << message;
  EXPECT_LT(seconds, 30) << "the surviving rank waited out more than its timeout";
  for (const auto& f : outs) std::filesystem::remove(f);
}

TEST(DistributedTraining, ARankAloneGivesUpJoiningAfterItsTimeoutInOneLine) {
  if (!distributed_training_built()) GTEST_SKIP() << "built with -DBREDON_DISTRIBUTED=OFF";
  DistributedOptions o;
  o.world_size = 2;
  o.rank = 0;
  o.master = "127.0.0.1:" + std::to_string(free_port());
  o.timeout = std::chrono::milliseconds(2000);
  const auto start = std::chrono::steady_clock::now();
  try {
    DistributedGroup group(o);
    FAIL() << "joined a group of two alone";
  } catch (const DistributedError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("rank 0 of 2 could not join the group at " + o.master + " within 2 s"), std::string::npos)
        << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line, without LibTorch's backtrace: " << message;
  }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 20)
      << "the lone rank waited far beyond its timeout";
}

TEST(EvaluationLadder, OpponentsAreOneFourSixteenBackNewestFirst) {
  std::vector<std::string> ladder;
  EXPECT_TRUE(ladder_opponents(ladder, 2).empty());
  for (int k = 1; k <= 20; ++k) ladder.push_back("c/iter_" + std::to_string(16 * k) + ".ckpt");
  EXPECT_EQ(ladder_opponents(ladder, 0), std::vector<std::string>{});
  EXPECT_EQ(ladder_opponents(ladder, 3),
            (std::vector<std::string>{"c/iter_320.ckpt", "c/iter_272.ckpt", "c/iter_80.ckpt"}));
  // Places beyond the oldest fall back to it, once.
  const std::vector<std::string> short_ladder(ladder.begin(), ladder.begin() + 3);
  EXPECT_EQ(ladder_opponents(short_ladder, 3), (std::vector<std::string>{"c/iter_48.ckpt", "c/iter_16.ckpt"}));
  EXPECT_EQ(ladder_opponents({"c/iter_16.ckpt"}, 2), std::vector<std::string>{"c/iter_16.ckpt"});
}

TEST(EvaluationLadder, CheckpointsSortByIterationNotText) {
  std::vector<std::string> paths{"r/iter_112.ckpt", "r/iter_16.ckpt", "r/iter_1008.ckpt", "r/iter_96.ckpt"};
  sort_by_iteration(paths);
  EXPECT_EQ(paths,
            (std::vector<std::string>{"r/iter_16.ckpt", "r/iter_96.ckpt", "r/iter_112.ckpt", "r/iter_1008.ckpt"}));
}

TEST(EvaluationLadder, FewerGamesAgainstAnAnchorTheNewestCheckpointSwept) {
  std::vector<PairResult> results;
  EXPECT_EQ(anchor_games(results, "random", 20), 20);
  results.push_back({"iter_16", "random", 19, 0, 1});
  results.push_back({"iter_16", "baseline_rollout_mcts", 20, 0, 0});
  EXPECT_EQ(anchor_games(results, "random", 20), 20);
  EXPECT_EQ(anchor_games(results, "baseline_rollout_mcts", 20), 5);
  results.push_back({"iter_32", "random", 5, 0, 0});
  results.push_back({"iter_32", "baseline_rollout_mcts", 4, 1, 0});
  EXPECT_EQ(anchor_games(results, "random", 20), 5);
  EXPECT_EQ(anchor_games(results, "baseline_rollout_mcts", 20), 20);  // a draw: play them all again
  EXPECT_EQ(anchor_games(results, "random", 4), 2);
}

// A run stopped by Ctrl-C during an evaluation must not rate its checkpoint on part of the games.
TEST(CheckpointEvaluation, AStopPartWayWritesNothingAndAFullOneWritesEveryPairing) {
  const std::string results =
      (std::filesystem::temp_directory_path() / ("bredon_eval_stop_" + std::to_string(getpid()) + ".jsonl")).string();
  std::filesystem::remove(results);
  RunConfig cfg;
  cfg.game.size = 3;
  cfg.eval.games = 4;
  cfg.eval.simulations = 4;
  cfg.eval.baseline_rollouts = 8;
  const TakNet net(3, small_model());
  const CheckpointEvaluation full = evaluate_checkpoint("iter_2", net, {}, {4, 4}, cfg, 2, results, 2);
  EXPECT_FALSE(full.stopped);
  EXPECT_EQ(full.vs_random.games(), 4);
  EXPECT_EQ(full.vs_baseline.games(), 4);
  const std::vector<PairResult> written = read_results(results);
  ASSERT_EQ(written.size(), 2u);
  EXPECT_EQ(written[0].b, "random");
  EXPECT_EQ(written[1].b, "baseline_rollout_mcts");
  EXPECT_EQ(written[1].wins + written[1].draws + written[1].losses, 4);

  std::ifstream before_in(results);
  const std::string before((std::istreambuf_iterator<char>(before_in)), std::istreambuf_iterator<char>());
  for (int asks_before_stop : {0, 2, 6}) {
    std::atomic<int> asked{0};
    const CheckpointEvaluation part = evaluate_checkpoint(
        "iter_4", net, {}, {4, 4}, cfg, 4, results, 2, [&] { return ++asked > asks_before_stop; });
    EXPECT_TRUE(part.stopped) << "stopped after " << asks_before_stop << " questions";
    std::ifstream after_in(results);
    const std::string after((std::istreambuf_iterator<char>(after_in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(after, before) << "stopped after " << asks_before_stop << " questions";
  }
  std::filesystem::remove(results);
}

}  // namespace
}  // namespace bredon
