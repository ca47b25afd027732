// The error for a device that cannot be used, apart from nn/device.h so that code which only
// reports it (the command line's error handler) does not parse LibTorch's headers.
#pragma once

#include <stdexcept>

namespace bredon {

class DeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace bredon
