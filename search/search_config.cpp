#include "search/search_config.h"

#include "util/yaml_section.h"

namespace bredon {

SearchConfig read_search_section(YamlSection& s) {
  SearchConfig c;
  c.algorithm = s.get_choice("algorithm", "gumbel", {"gumbel", "puct"}) == "gumbel" ? SearchAlgorithm::Gumbel
                                                                                    : SearchAlgorithm::Puct;
  c.gumbel_considered = s.get_int("gumbel_considered", c.gumbel_considered, 1, 1024);
  c.gumbel_c_visit = static_cast<float>(s.get_double("gumbel_c_visit", c.gumbel_c_visit, 0, 1e6));
  c.gumbel_c_scale = static_cast<float>(s.get_double("gumbel_c_scale", c.gumbel_c_scale, 0, 1e6));
  c.c_puct = static_cast<float>(s.get_double("c_puct", c.c_puct, 0, 100));
  c.fpu_reduction = static_cast<float>(s.get_double("fpu_reduction", c.fpu_reduction, -2, 2));
  c.dirichlet_total_alpha =
      static_cast<float>(s.get_double("dirichlet_total_alpha", c.dirichlet_total_alpha, 1e-3, 1e3));
  c.dirichlet_fraction = static_cast<float>(s.get_double("dirichlet_fraction", c.dirichlet_fraction, 0, 1));
  c.max_nodes = static_cast<size_t>(s.get_int("max_nodes", static_cast<int>(c.max_nodes), 1000, 1 << 30));
  s.reject_unknown();
  return c;
}

}  // namespace bredon
