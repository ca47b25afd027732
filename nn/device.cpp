#include "nn/device.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace bredon {

int local_rank_from_environment() {
  for (const char* name : {"LOCAL_RANK", "SLURM_LOCALID"})
    if (const char* v = std::getenv(name); v && *v) return std::max(0, std::atoi(v));
  return 0;
}

torch::Device resolve_device(const std::string& name, int local_rank) {
  if (name == "cpu") return torch::Device(torch::kCPU);
  const bool cuda_built = torch::cuda::is_available();
  if (name == "auto" && !cuda_built) return torch::Device(torch::kCPU);
  const int count = cuda_built ? static_cast<int>(torch::cuda::device_count()) : 0;
  int index = count > 0 ? std::max(0, local_rank) % count : 0;
  if (name.rfind("cuda:", 0) == 0) {
    const std::string digits = name.substr(5);
    if (digits.empty() || digits.size() > 3 ||
        !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
      throw DeviceError("device '" + name + "': expected cuda:N with N a GPU's number");
    index = std::stoi(digits);
  } else if (name != "cuda" && name != "auto") {
    throw DeviceError("device '" + name + "' is not one of auto, cpu, cuda, cuda:N");
  }
  if (!cuda_built)
    throw DeviceError("device '" + name +
                      "': this LibTorch sees no GPU (it was built without CUDA, or no GPU and driver are present); "
                      "use device: cpu or auto, or build with a CUDA LibTorch (README, \"On a GPU\")");
  if (index >= count)
    throw DeviceError("device '" + name + "': there " + (count == 1 ? "is 1 GPU" : "are " + std::to_string(count) + " GPUs") +
                      ", numbered from 0");
  return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
}

std::string describe_device(const torch::Device& device) {
  if (!device.is_cuda()) return "cpu";
  const int count = static_cast<int>(torch::cuda::device_count());
  return "cuda:" + std::to_string(device.has_index() ? device.index() : 0) + " (of " + std::to_string(count) +
         (count == 1 ? " GPU)" : " GPUs)");
}

torch::Device device_of(const TakNet& net) {
  const auto params = net->parameters();
  return params.empty() ? torch::Device(torch::kCPU) : params.front().device();
}

TakNet on_device(TakNet net, const torch::Device& device) {
  if (device_of(net) != device) net->to(device);
  return net;
}

}  // namespace bredon
