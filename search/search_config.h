// The `search:` section of the run configuration (SearchConfig is declared with the search).
#pragma once

#include "search/search.h"

namespace bredon {

class YamlSection;
SearchConfig read_search_section(YamlSection& section);

}  // namespace bredon
