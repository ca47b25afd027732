// The rules page: draws each small example board from its data-tps.
"use strict";

for (const mini of document.querySelectorAll(".mini")) {
  const { size, board } = TakBoard.parseTps(mini.dataset.tps);
  const list = (name) => (mini.dataset[name] || "").split(/\s+/).filter(Boolean);
  TakBoard.render(mini, { size, board, small: true, road: list("road"), last: list("last") });
}
