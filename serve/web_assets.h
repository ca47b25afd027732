// The page of `bredon serve` (serve/web/), built into the executable by embed_web.cmake.
#pragma once

#include <map>
#include <string>

namespace bredon::serve {

struct WebAsset {
  std::string content_type;
  std::string body;
};

// File name (index.html, app.js, ...) to its contents.
const std::map<std::string, WebAsset>& web_assets();

}  // namespace bredon::serve
