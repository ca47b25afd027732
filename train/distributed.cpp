#include "train/distributed.h"

#include <cstdlib>

#ifdef BREDON_WITH_C10D
#include <c10/util/Exception.h>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#ifdef BREDON_WITH_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif
#endif

namespace bredon {
namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

}  // namespace

DistributedOptions distributed_options_from_environment(DistributedOptions o) {
  if (o.world_size <= 1) {
    o.world_size = env_int("WORLD_SIZE", env_int("SLURM_NTASKS", 1));
    o.rank = env_int("RANK", env_int("SLURM_PROCID", 0));
  }
  if (const char* addr = std::getenv("MASTER_ADDR"); addr && *addr && o.master == DistributedOptions{}.master)
    o.master = std::string(addr) + ":" + std::to_string(env_int("MASTER_PORT", 29500));
  return o;
}

#ifdef BREDON_WITH_C10D
namespace {

// An exception's message in one line: LibTorch's errors carry a C++ backtrace after theirs.
std::string one_line(const std::exception& e) {
  const auto* c10_error = dynamic_cast<const c10::Error*>(&e);
  std::string message = c10_error ? c10_error->what_without_backtrace() : e.what();
  const size_t end = message.find('\n');
  return end == std::string::npos ? message : message.substr(0, end);
}

std::string seconds(std::chrono::milliseconds t) { return std::to_string(t.count() / 1000) + " s"; }

// Runs a collective, turning Gloo's and c10d's failures (a peer gone, a timeout) into one error.
template <typename F>
void collective(const char* what, std::chrono::milliseconds timeout, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    throw DistributedError(std::string("data-parallel training: ") + what +
                           " failed (another rank died or did not answer within " + seconds(timeout) +
                           "): " + one_line(e));
  }
}

}  // namespace

struct DistributedGroup::Impl {
  c10::intrusive_ptr<c10d::TCPStore> store;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;  // CPU tensors
#ifdef BREDON_WITH_NCCL
  c10::intrusive_ptr<c10d::ProcessGroupNCCL> nccl;  // GPU tensors, when the network is on a GPU
#endif

  // Runs `op(group, tensors)` on the group for the tensor's device. Without NCCL a GPU tensor
  // goes through the CPU: Gloo reduces CPU tensors.
  template <typename Op>
  void on_group(at::Tensor& t, Op op) {
#ifdef BREDON_WITH_NCCL
    if (t.is_cuda() && nccl) {
      std::vector<at::Tensor> one{t};
      op(*nccl, one);
      return;
    }
#endif
    std::vector<at::Tensor> one{t.is_cpu() ? t : t.cpu()};
    op(*group, one);
    if (!t.is_cpu()) t.copy_(one[0]);
  }
};

DistributedGroup::DistributedGroup(const DistributedOptions& o) : impl_(std::make_unique<Impl>()), rank_(o.rank), world_(o.world_size), timeout_(o.timeout) {
  if (o.world_size < 1 || o.rank < 0 || o.rank >= o.world_size)
    throw DistributedError("rank " + std::to_string(o.rank) + " is not in a world of " + std::to_string(o.world_size));
  const size_t colon = o.master.rfind(':');
  int port = 0;
  try {
    port = colon == std::string::npos ? -1 : std::stoi(o.master.substr(colon + 1));
  } catch (const std::exception&) {
    port = -1;
  }
  if (port <= 0 || port > 65535) throw DistributedError("--master '" + o.master + "' is not host:port");
  const std::string host = o.master.substr(0, colon);
  try {
    c10d::TCPStoreOptions store_options;
    store_options.port = static_cast<uint16_t>(port);
    store_options.isServer = o.rank == 0;
    store_options.numWorkers = static_cast<size_t>(o.world_size);
    store_options.waitWorkers = true;
    store_options.timeout = o.timeout;
    impl_->store = c10::make_intrusive<c10d::TCPStore>(host, store_options);
    auto group_options = c10d::ProcessGroupGloo::Options::create(o.timeout);
    group_options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname(host == "localhost" ? "127.0.0.1" : host));
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(c10::make_intrusive<c10d::PrefixStore>("gloo", impl_->store),
                                                               o.rank, o.world_size, group_options);
#ifdef BREDON_WITH_NCCL
    if (o.gpu) {
      auto nccl_options = c10d::ProcessGroupNCCL::Options::create();
      nccl_options->timeout = o.timeout;
      impl_->nccl = c10::make_intrusive<c10d::ProcessGroupNCCL>(c10::make_intrusive<c10d::PrefixStore>("nccl", impl_->store),
                                                                o.rank, o.world_size, nccl_options);
    }
#endif
  } catch (const std::exception& e) {
    throw DistributedError("rank " + std::to_string(o.rank) + " of " + std::to_string(o.world_size) +
                           " could not join the group at " + o.master + " within " + seconds(o.timeout) +
                           " (are the other ranks running with the same --master?): " + one_line(e));
  }
}

DistributedGroup::~DistributedGroup() = default;

void DistributedGroup::broadcast_parameters(TakNet& net) {
  torch::NoGradGuard no_grad;
  auto broadcast = [](auto& g, std::vector<at::Tensor>& one) { g.broadcast(one)->wait(); };
  for (auto& p : net->parameters()) {
    at::Tensor t = p.data();
    collective("broadcasting the parameters", timeout_, [&] { impl_->on_group(t, broadcast); });
  }
  for (auto& t : net->buffers()) collective("broadcasting the buffers", timeout_, [&] { impl_->on_group(t, broadcast); });
}

void DistributedGroup::average_gradients(TakNet& net) {
  if (world_ == 1) return;
  torch::NoGradGuard no_grad;
  // One flat buffer: one collective per step instead of one per tensor.
  std::vector<at::Tensor> grads;
  for (auto& p : net->parameters())
    grads.push_back(p.grad().defined() ? p.grad().reshape(-1) : torch::zeros({p.numel()}, p.options()));
  at::Tensor flat = torch::cat(grads);
  collective("averaging gradients", timeout_, [&] {
    impl_->on_group(flat, [](auto& g, std::vector<at::Tensor>& one) { g.allreduce(one)->wait(); });
  });
  flat.div_(world_);
  int64_t offset = 0;
  for (auto& p : net->parameters()) {
    const int64_t n = p.numel();
    at::Tensor averaged = flat.narrow(0, offset, n).view_as(p);
    if (p.grad().defined())
      p.mutable_grad().copy_(averaged);
    else
      p.mutable_grad() = averaged.clone();
    offset += n;
  }
}

int64_t DistributedGroup::min_across(int64_t value) {
  std::vector<at::Tensor> one{torch::tensor({value}, torch::kInt64)};
  c10d::AllreduceOptions options;
  options.reduceOp = c10d::ReduceOp::MIN;
  collective("agreeing on the next steps", timeout_, [&] { impl_->group->allreduce(one, options)->wait(); });
  return one[0].item<int64_t>();
}

#else  // built with -DBREDON_DISTRIBUTED=OFF: no c10d in this LibTorch build

// Only the group itself is missing: one rank trains as usual, and asking for more is refused in words.
struct DistributedGroup::Impl {};

DistributedGroup::DistributedGroup(const DistributedOptions& o) : rank_(o.rank), world_(o.world_size), timeout_(o.timeout) {
  throw DistributedError("rank " + std::to_string(o.rank) + " of " + std::to_string(o.world_size) +
                         ": this bredon was configured with -DBREDON_DISTRIBUTED=OFF (its LibTorch has no "
                         "usable c10d/Gloo headers), so it trains with one rank only");
}

DistributedGroup::~DistributedGroup() = default;
void DistributedGroup::broadcast_parameters(TakNet&) {}
void DistributedGroup::average_gradients(TakNet&) {}
int64_t DistributedGroup::min_across(int64_t value) { return value; }

#endif

bool distributed_training_built() {
#ifdef BREDON_WITH_C10D
  return true;
#else
  return false;
#endif
}

}  // namespace bredon
