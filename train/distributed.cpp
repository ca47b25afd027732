#include "train/distributed.h"

#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <cstdlib>

namespace bredon {
namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

// Runs a collective, turning Gloo's and c10d's failures (a peer gone, a timeout) into one error.
template <typename F>
void collective(const char* what, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    throw DistributedError(std::string("data-parallel training: ") + what +
                           " failed (another rank died or stopped answering): " + e.what());
  }
}

}  // namespace

struct DistributedGroup::Impl {
  c10::intrusive_ptr<c10d::TCPStore> store;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
};

DistributedOptions distributed_options_from_environment(DistributedOptions o) {
  if (o.world_size <= 1) {
    o.world_size = env_int("WORLD_SIZE", env_int("SLURM_NTASKS", 1));
    o.rank = env_int("RANK", env_int("SLURM_PROCID", 0));
  }
  if (const char* addr = std::getenv("MASTER_ADDR"); addr && *addr && o.master == DistributedOptions{}.master)
    o.master = std::string(addr) + ":" + std::to_string(env_int("MASTER_PORT", 29500));
  return o;
}

DistributedGroup::DistributedGroup(const DistributedOptions& o) : impl_(std::make_unique<Impl>()), rank_(o.rank), world_(o.world_size) {
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
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(impl_->store, o.rank, o.world_size, group_options);
  } catch (const std::exception& e) {
    throw DistributedError("rank " + std::to_string(o.rank) + " of " + std::to_string(o.world_size) +
                           " could not join the group at " + o.master + ": " + e.what());
  }
}

DistributedGroup::~DistributedGroup() = default;

void DistributedGroup::broadcast_parameters(TakNet& net) {
  torch::NoGradGuard no_grad;
  for (auto& t : net->parameters()) {
    std::vector<at::Tensor> one{t.data()};
    collective("broadcasting the parameters", [&] { impl_->group->broadcast(one)->wait(); });
  }
  for (auto& t : net->buffers()) {
    std::vector<at::Tensor> one{t};
    collective("broadcasting the buffers", [&] { impl_->group->broadcast(one)->wait(); });
  }
}

void DistributedGroup::average_gradients(TakNet& net) {
  if (world_ == 1) return;
  torch::NoGradGuard no_grad;
  // One flat buffer: one collective per step instead of one per tensor.
  std::vector<at::Tensor> grads;
  for (auto& p : net->parameters())
    grads.push_back(p.grad().defined() ? p.grad().reshape(-1) : torch::zeros({p.numel()}, p.options()));
  std::vector<at::Tensor> flat{torch::cat(grads)};
  collective("averaging gradients", [&] { impl_->group->allreduce(flat)->wait(); });
  flat[0].div_(world_);
  int64_t offset = 0;
  for (auto& p : net->parameters()) {
    const int64_t n = p.numel();
    at::Tensor averaged = flat[0].narrow(0, offset, n).view_as(p);
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
  collective("agreeing on the next steps", [&] { impl_->group->allreduce(one, options)->wait(); });
  return one[0].item<int64_t>();
}

}  // namespace bredon
