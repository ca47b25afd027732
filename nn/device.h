// Where networks run. The run configuration's `device:` names it: `auto` (a GPU when this
// LibTorch was built with CUDA and sees one, else the CPU), `cpu`, `cuda` (the first GPU) or
// `cuda:N`. Networks are moved there whole; batches are built on the CPU and copied over, and
// results come back to the CPU, so the search and the data pipeline never see the device.
// Checkpoints are read onto the CPU whatever device wrote them (nn/checkpoint.cpp).
#pragma once

#include <string>

#include <torch/torch.h>

#include "nn/device_error.h"
#include "nn/network.h"

namespace bredon {

// Throws DeviceError naming the device and why it cannot be used (no CUDA in this LibTorch, no
// GPU visible, an index past the GPUs there are, a name that is no device). Without an index
// (auto, cuda), process `local_rank` of a machine takes GPU local_rank mod the GPUs there are,
// so that data-parallel ranks on one machine (LOCAL_RANK, SLURM_LOCALID) use a GPU each.
torch::Device resolve_device(const std::string& name, int local_rank = 0);
// LOCAL_RANK, else SLURM_LOCALID, else 0.
int local_rank_from_environment();
// "cpu", or "cuda:0 (of 8 GPUs)" for the logs.
std::string describe_device(const torch::Device& device);
// The device a network's parameters are on.
torch::Device device_of(const TakNet& net);
// Moves the network there (parameters and buffers, in place) and returns it.
TakNet on_device(TakNet net, const torch::Device& device);

}  // namespace bredon
