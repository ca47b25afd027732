// `bredon bench nn`: raw network throughput across batch sizes and thread counts, with the
// achieved GFLOP/s against the machine's peak measured in the same run (a large matrix product
// through the same LibTorch/BLAS), and against the nominal peak of the cores. With --device cuda
// it measures the GPU: each batch is copied there from the CPU and the outputs back, as the
// network evaluator does, and the peak is a GPU matrix product's.
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "model/encoding.h"
#include "nn/device.h"
#include "nn/network.h"
#include "config/run_config.h"

namespace bredon::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// GFLOP/s of a single-precision matrix product (1024^3 on a CPU, 4096^3 on a GPU): what this
// machine's BLAS or GPU reaches.
double measured_gemm_gflops(const torch::Device& device) {
  torch::InferenceMode guard;
  const int64_t n = device.is_cpu() ? 1024 : 4096;
  const auto on = torch::TensorOptions().device(device);
  auto a = torch::randn({n, n}, on), b = torch::randn({n, n}, on);
  // Reading one element back waits for a GPU's queue (immediate on the CPU).
  auto product = [&] { (void)torch::mm(a, b)[0][0].item<float>(); };
  product();
  int iters = 0;
  const auto start = Clock::now();
  while (seconds_since(start) < 0.5 || iters < 3) {
    product();
    ++iters;
  }
  return 2.0 * n * n * n * iters / seconds_since(start) / 1e9;
}

// Nominal FP32 peak per core: the listed clock x FLOPs per cycle of two FMA pipes (64 with
// AVX-512, 32 with AVX2+FMA, 8 otherwise). Turbo clocks can exceed it, so the GEMM figure is
// the practical ceiling.
double nominal_core_gflops() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  double mhz = 0;
  int flops_per_cycle = 8;
  while (std::getline(in, line)) {
    if (line.rfind("cpu MHz", 0) == 0 && mhz == 0) mhz = std::stod(line.substr(line.find(':') + 1));
    if (line.rfind("flags", 0) == 0) {
      if (line.find(" avx512f") != std::string::npos)
        flops_per_cycle = 64;
      else if (line.find(" avx2") != std::string::npos && line.find(" fma") != std::string::npos)
        flops_per_cycle = 32;
    }
  }
  return mhz * 1e6 * flops_per_cycle / 1e9;
}

std::vector<int> parse_list(const std::string& text, const std::string& option) {
  std::vector<int> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    try {
      out.push_back(std::stoi(item));
    } catch (const std::exception&) {
      throw UsageError("option --" + option + ": '" + item + "' is not a number");
    }
    if (out.back() < 1) throw UsageError("option --" + option + ": values must be at least 1");
  }
  return out;
}

struct BenchNnOptions {
  std::string config, batches = "1,2,4,8,16,32,64,128,256,512", threads = "1,2";
  double seconds = 0.4;
  bool no_channels_last = false;
  std::string device = "cpu";
};

int bench_nn(const BenchNnOptions& o) {
  const RunConfig cfg = load_run_config(o.config);
  const std::vector<int> batches = parse_list(o.batches, "batches");
  const std::vector<int> threads = parse_list(o.threads, "threads");
  const double seconds = o.seconds;
  const bool channels_last = !o.no_channels_last;

  const int n = cfg.game.size;
  torch::manual_seed(0);
  const torch::Device device = resolve_device(o.device);
  TakNet net = on_device(TakNet(n, cfg.model), device);
  net->eval();
  if (channels_last) net->use_channels_last();
  const double flops = net->flops_per_position();
  std::printf("network %dx%d blocks %d channels %d: %.2f MFLOP per position, %d input planes, channels_last %d, device %s\n",
              n, n, cfg.model.blocks, cfg.model.channels, flops / 1e6, input_channels(n), channels_last ? 1 : 0,
              describe_device(device).c_str());
  const double nominal = nominal_core_gflops();
  for (int t : threads) {
    torch::set_num_threads(t);
    const double gemm = measured_gemm_gflops(device);
    std::printf("threads %d: measured GEMM peak %.1f GFLOP/s, nominal CPU peak %.1f GFLOP/s\n", t, gemm, nominal * t);
    for (int b : batches) {
      torch::InferenceMode guard;
      auto host = torch::rand({b, input_channels(n), n, n});
      if (channels_last) host = host.contiguous(torch::MemoryFormat::ChannelsLast);
      auto forward = [&] {
        const auto out = net->forward(host.to(device));  // a copy to a GPU (layout kept), nothing on a CPU
        (void)out.policy_logits.to(torch::kCPU).data_ptr<float>();  // waits for a GPU
      };
      forward();
      int iters = 0;
      const auto start = Clock::now();
      while (seconds_since(start) < seconds || iters < 2) {
        forward();
        ++iters;
      }
      const double pps = static_cast<double>(b) * iters / seconds_since(start);
      const double gflops = pps * flops / 1e9;
      std::printf(
          "nn threads %d batch %4d positions_per_s %9.0f gflops %6.1f share_of_gemm_peak %.2f share_of_nominal %.2f\n",
          t, b, pps, gflops, gflops / gemm, gflops / (nominal * t));
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace

void add_bench_nn(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchNnOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "nn",
      "raw network positions/s at each batch size and thread count, GFLOP/s against the measured and nominal peak");
  cmd->add_option("--config", o->config, "run configuration (YAML) whose network is measured")->required();
  cmd->add_option("--batches", o->batches, "batch sizes, comma-separated");
  cmd->add_option("--threads", o->threads, "LibTorch thread counts, comma-separated");
  cmd->add_option("--seconds", o->seconds, "time per measurement")->check(CLI::Range(0.01, 3600.0));
  cmd->add_flag("--no-channels-last", o->no_channels_last, "measure the default memory layout instead");
  cmd->add_option("--device", o->device, "cpu, auto, cuda or cuda:N");
  cmd->callback([o, &exit_code] { exit_code = bench_nn(*o); });
}
}  // namespace bredon::cli
