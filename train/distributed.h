// Data-parallel training across processes and machines with LibTorch's own torch.distributed
// (c10d): a TCPStore on rank 0 for the rendezvous and a Gloo process group (CPU) for the
// collectives (and NCCL for a network on a GPU, in a CUDA build configured with
// -DBREDON_NCCL=ON; without it a GPU's gradients are reduced through the CPU). Every rank computes the gradient of its own batch; the gradients are averaged
// before each optimiser step, so N ranks with batch B step like one process with batch N x B.
// A rank that dies makes the others fail with a clear error within the timeout, never hang.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "nn/network.h"

namespace bredon {

class DistributedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct DistributedOptions {
  int world_size = 1;
  int rank = 0;
  std::string master = "127.0.0.1:29500";  // rank 0's address, host:port
  std::chrono::milliseconds timeout{600000};  // rank 0 may evaluate for minutes while the rest wait
  bool gpu = false;                           // the network is on a GPU (NCCL, when built in)
};

// False in a build configured with -DBREDON_DISTRIBUTED=OFF, where DistributedGroup refuses to form.
bool distributed_training_built();

// From --world-size/--rank/--master, else torchrun's WORLD_SIZE, RANK, MASTER_ADDR and
// MASTER_PORT, else Slurm's SLURM_NTASKS and SLURM_PROCID (with MASTER_ADDR/MASTER_PORT).
DistributedOptions distributed_options_from_environment(DistributedOptions given);

class DistributedGroup {
 public:
  // Joins the group (rank 0 serves the store); throws DistributedError naming the master.
  explicit DistributedGroup(const DistributedOptions& options);
  ~DistributedGroup();

  int rank() const { return rank_; }
  int world_size() const { return world_; }
  // Rank 0's parameters and buffers to every rank.
  void broadcast_parameters(TakNet& net);
  // Replaces every gradient with its mean over the ranks.
  void average_gradients(TakNet& net);
  // The smallest of every rank's value (used to agree on how many steps to take).
  int64_t min_across(int64_t value);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int rank_, world_;
  std::chrono::milliseconds timeout_;
};

}  // namespace bredon
