// Draws a Tak board as SVG: stacks with their colours beneath, walls and capstones, the last
// move, the squares a move can go to next and a winning road. Shared by the game page and the
// rules page. Each square is a focusable button named for screen readers.
"use strict";

const TakBoard = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const CELL = 100;
  const KIND_WORD = { flat: "flat", wall: "wall", cap: "capstone" };
  const COLOR_WORD = { 1: "white", 2: "black" };

  function squareName(col, row) { return "abcdefgh"[col] + (row + 1); }
  function squareXY(name) { return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1]; }

  // "x3/1,2S,x/..." (TPS board part) to { size, board: { a1: { pieces: "12", top: "wall" } }, turn }.
  function parseTps(tps) {
    const [rows, turn, move] = tps.trim().split(/\s+/);
    const lines = rows.split("/");
    const size = lines.length;
    const board = {};
    lines.forEach((line, i) => {
      const row = size - 1 - i;
      let col = 0;
      for (const cell of line.split(",")) {
        if (cell[0] === "x") { col += cell.length > 1 ? Number(cell.slice(1)) : 1; continue; }
        const top = cell.endsWith("S") ? "wall" : cell.endsWith("C") ? "cap" : "flat";
        board[squareName(col, row)] = { pieces: cell.replace(/[SC]$/, ""), top };
        col += 1;
      }
    });
    return { size, board, turn: turn === "2" ? "black" : "white", move: Number(move || 1) };
  }

  function describe(name, stack) {
    if (!stack) return `${name}: empty`;
    const top = stack.pieces[stack.pieces.length - 1];
    const below = stack.pieces.length - 1;
    let text = `${name}: ${COLOR_WORD[top]} ${KIND_WORD[stack.top]}`;
    if (below > 0) {
      const words = [...stack.pieces.slice(0, -1)].map((p) => COLOR_WORD[p]).join(", ");
      text += ` on ${below} piece${below > 1 ? "s" : ""} (${words}, bottom up)`;
    }
    return text;
  }

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  function drawPiece(g, x, y, color, kind, extraClass) {
    const cls = `piece p${color} ${extraClass || ""}`;
    if (kind === "cap") el("circle", { cx: x + 50, cy: y - 20, r: 20, class: cls }, g);
    else if (kind === "wall") el("rect", { x: x + 40, y: y - 46, width: 20, height: 46, rx: 3, class: cls }, g);
    else el("rect", { x: x + 23, y: y - 24, width: 54, height: 24, rx: 4, class: cls }, g);
  }

  // options: { size, board, last: [squares], road: [squares], targets: [squares], lifted, marks:
  // { square: "text" }, pending: { square, kind, color }, onSquare(name), small }
  function render(container, o) {
    const n = o.size;
    const margin = o.small ? 0 : 30;
    const svg = el("svg", { viewBox: `${-margin} 0 ${n * CELL + margin} ${n * CELL + margin}`, class: "board-svg", role: "grid" });
    const highlight = (list) => new Set(list || []);
    const last = highlight(o.last), targets = highlight(o.targets), road = highlight(o.road);
    for (let row = n - 1; row >= 0; row--) {
      for (let col = 0; col < n; col++) {
        const name = squareName(col, row);
        const x = col * CELL, y = (n - 1 - row) * CELL;
        const stack = o.board[name];
        const g = el("g", { class: "square", "data-square": name, "aria-label": describe(name, stack) }, svg);
        if (o.onSquare) { g.setAttribute("role", "button"); g.setAttribute("tabindex", "0"); }
        let cls = "cell " + ((col + row) % 2 ? "light" : "dark");
        if (last.has(name)) cls += " last";
        if (road.has(name)) cls += " road";
        if (targets.has(name)) cls += " target";
        if (o.lifted === name) cls += " lifted";
        el("rect", { x, y, width: CELL, height: CELL, class: cls }, g);
        if (stack) {
          const beneath = stack.pieces.slice(0, -1);
          const shown = beneath.slice(-6);
          let base = y + 92;
          [...shown].forEach((p) => { el("rect", { x: x + 20, y: base - 7, width: 60, height: 6, rx: 1, class: `piece p${p} under` }, g); base -= 8; });
          drawPiece(g, x, base, stack.pieces[stack.pieces.length - 1], stack.top);
          if (stack.pieces.length > 1) {
            const t = el("text", { x: x + 6, y: y + 20, class: "height" }, g);
            t.textContent = stack.pieces.length + (beneath.length > shown.length ? "*" : "");
          }
        }
        if (o.pending && o.pending.square === name) drawPiece(g, x, y + 80, o.pending.color, o.pending.kind, "pending");
        if (o.marks && o.marks[name]) {
          const t = el("text", { x: x + 94, y: y + 20, class: "mark" }, g);
          t.textContent = o.marks[name];
        }
        if (targets.has(name)) el("circle", { cx: x + 50, cy: y + 50, r: 10, class: "target-dot" }, g);
        if (o.onSquare) {
          g.addEventListener("click", () => o.onSquare(name));
          g.addEventListener("keydown", (ev) => {
            if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); o.onSquare(name); }
            const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[ev.key];
            if (step) {
              ev.preventDefault();
              const [c, r] = [col + step[0], row + step[1]];
              if (c >= 0 && c < n && r >= 0 && r < n) svg.querySelector(`[data-square="${squareName(c, r)}"]`).focus();
            }
          });
        }
      }
    }
    // The road: a line between every two neighbouring road squares.
    for (const name of road) {
      const [c, r] = squareXY(name);
      for (const [dc, dr] of [[1, 0], [0, 1]]) {
        const other = squareName(c + dc, r + dr);
        if (!road.has(other)) continue;
        el("line", { x1: c * CELL + 50, y1: (n - 1 - r) * CELL + 50, x2: (c + dc) * CELL + 50, y2: (n - 1 - r - dr) * CELL + 50, class: "road-line" }, svg);
      }
    }
    if (!o.small) {
      for (let i = 0; i < n; i++) {
        const file = el("text", { x: i * CELL + 50, y: n * CELL + 22, class: "coord" }, svg);
        file.textContent = "abcdefgh"[i];
        const rank = el("text", { x: -15, y: (n - 1 - i) * CELL + 56, class: "coord" }, svg);
        rank.textContent = String(i + 1);
      }
    }
    container.replaceChildren(svg);
    return svg;
  }

  return { render, parseTps, squareName, squareXY, describe };
})();
