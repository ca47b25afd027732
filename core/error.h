// The one error type for malformed input: it names what was being read and why it is wrong.
#pragma once

#include <stdexcept>
#include <string>

namespace bredon {

class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& what_was_read, const std::string& reason)
      : std::runtime_error(what_was_read + ": " + reason) {}
};

// A move that is well formed but not legal in the position it was applied to.
class IllegalMoveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace bredon
