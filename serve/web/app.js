// The game page of `bredon serve`: a new game, then the board. Moves are made by clicking (or
// the keyboard, or typing PTN); only the server's legal moves are ever offered, and the server
// checks every move again. Seat tokens live in this browser's localStorage.
"use strict";

const $ = (sel) => document.querySelector(sel);
const DIRS = { "+": [0, 1], "-": [0, -1], "<": [-1, 0], ">": [1, 0] };
const KIND_OF = { "": "flat", S: "wall", C: "cap" };
const PRESETS = { standard: [5, 0], fast: [4, 0], tournament: [6, 2], learning: [3, 0] };

let game = null;       // the last state from the server
let seat = null;       // { seat: "white"|"black", token } when this browser plays the game
let sel = null;        // the move being built by clicks
let events = null;     // the EventSource
let clockBase = null;  // { state, at } for the clocks' local countdown

// ---- the server ----
async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  let json = {};
  try { json = await res.json(); } catch (e) { json = { error: `${res.status} ${res.statusText}` }; }
  if (!res.ok) throw new Error(json.error || `${res.status} ${res.statusText}`);
  return json;
}

function seats() { try { return JSON.parse(localStorage.getItem("bredon.seats") || "{}"); } catch (e) { return {}; } }
function saveSeat(id, s) { const all = seats(); all[id] = s; localStorage.setItem("bredon.seats", JSON.stringify(all)); }

function message(text, isError) {
  const m = $("#message");
  m.textContent = text || "";
  m.classList.toggle("error", !!isError);
}

// ---- a new game ----
async function showBotFor() {
  try {
    const bots = await api("/api/bots");
    $("#bot-info").textContent = `The computer plays ${$("#size").value}x${$("#size").value} with ${bots[$("#size").value]}.`;
  } catch (e) { $("#bot-info").textContent = ""; }
}

function initNewGame() {
  $("#new-game").hidden = false;
  for (const b of document.querySelectorAll("[data-preset]")) {
    b.addEventListener("click", () => {
      const [size, komi] = PRESETS[b.dataset.preset];
      $("#size").value = size;
      $("#komi").value = komi;
      showBotFor();
    });
  }
  $("#size").addEventListener("change", showBotFor);
  const opponentChanged = () => { $("#clock-fields").hidden = $("#opponent").value !== "friend"; };
  $("#opponent").addEventListener("change", opponentChanged);
  opponentChanged();
  showBotFor();
  $("#new-game-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { size: Number($("#size").value), komi: Number($("#komi").value), color: $("#color").value, opponent: $("#opponent").value };
    const start = $("#start").value.trim();
    if (start) body[start.includes("[") || /^\s*1\.\s/.test(start) ? "ptn" : "tps"] = start;
    const minutes = Number($("#clock-minutes").value);
    if (body.opponent === "friend" && minutes > 0) body.clock = { minutes, increment_seconds: Number($("#clock-increment").value) || 0 };
    try {
      const g = await api("/api/games", body);
      saveSeat(g.id, { seat: g.seat, token: g.token });
      location.href = `/g/${g.id}`;
    } catch (e) { message(e.message, true); }
  });
}

// ---- the moves the server allows ----
function parseMove(text) {
  let m = /^([SC]?)([a-h][1-8])$/.exec(text);
  if (m) return { text, place: true, kind: KIND_OF[m[1]], square: m[2] };
  m = /^([1-8]?)([a-h][1-8])([+\-<>])([1-8]*)$/.exec(text);
  if (!m) return null;
  const count = m[1] ? Number(m[1]) : 1;
  return { text, place: false, square: m[2], count, dir: m[3], drops: m[4] ? [...m[4]].map(Number) : [count] };
}
function legalMoves() { return (game.legal || []).map(parseMove).filter(Boolean); }
function step(square, dir, k) {
  const [c, r] = TakBoard.squareXY(square);
  const [dc, dr] = DIRS[dir];
  return TakBoard.squareName(c + dc * k, r + dr * k);
}
function myTurn() { return seat && game && !game.result && game.turn === seat.seat; }

function spreadCandidates() {
  return legalMoves().filter((m) => !m.place && m.square === sel.from && (sel.count === null || m.count === sel.count) &&
    (sel.dir === null || m.dir === sel.dir) && sel.drops.every((d, i) => m.drops[i] === d));
}

function clickSquare(name) {
  if (!myTurn()) return;
  if (sel && sel.type === "spread") {
    if (name === sel.from) { sel = null; return redraw(); }  // clicking the lifted stack again cancels
    if (sel.count !== null && sel.dir === null) {
      const dir = Object.keys(DIRS).find((d) => step(sel.from, d, 1) === name && spreadCandidates().some((m) => m.dir === d));
      if (dir) { sel.dir = dir; return advance(); }
    }
    if (sel.dir !== null) return;  // choosing drops: the selector decides
    sel = null;
  }
  if (sel && sel.type === "place" && sel.square === name) {  // the new piece again: next kind
    sel.kind = sel.kinds[(sel.kinds.indexOf(sel.kind) + 1) % sel.kinds.length];
    return redraw();
  }
  sel = null;
  const moves = legalMoves().filter((m) => m.square === name);
  const kinds = ["flat", "wall", "cap"].filter((k) => moves.some((m) => m.place && m.kind === k));
  if (kinds.length) {
    sel = { type: "place", square: name, kinds, kind: kinds[0] };
  } else if (moves.some((m) => !m.place)) {
    const counts = [...new Set(moves.filter((m) => !m.place).map((m) => m.count))].sort((a, b) => a - b);
    sel = { type: "spread", from: name, counts, count: counts.length === 1 ? counts[0] : null, dir: null, drops: [] };
  }
  redraw();
}

// After each choice of a spread: play it when only one move is left, else ask for the next drop.
function advance() {
  const left = spreadCandidates();
  if (sel.dir !== null && left.length === 1) return play(left[0].text);
  redraw();
}

async function play(text) {
  sel = null;
  redraw();
  try {
    const reply = await api(`/api/games/${game.id}/move`, { token: seat.token, move: text });
    update(reply.state);
    message("");
  } catch (e) { message(e.message, true); }
}

async function action(name, body) {
  try {
    const reply = await api(`/api/games/${game.id}/${name}`, Object.assign({ token: seat.token }, body || {}));
    if (reply.state) update(reply.state);
    message("");
  } catch (e) { message(e.message, true); }
}

// ---- drawing ----
// Puts the selector just below `square`, kept inside the board (a corner square on a phone too).
function placeFor(square) {
  const [c, r] = TakBoard.squareXY(square);
  const p = $("#picker"), board = $("#board"), svg = $("#board-svg svg");
  p.hidden = false;
  const boardBox = board.getBoundingClientRect(), svgBox = svg.getBoundingClientRect();
  const cell = svgBox.height / (game.size + 0.3);  // the viewBox adds 0.3 of a cell for the coordinates
  const left0 = svgBox.right - boardBox.left - game.size * cell;
  const centre = left0 + (c + 0.5) * cell;
  const width = p.offsetWidth;
  p.style.left = `${Math.max(0, Math.min(boardBox.width - width, centre - width / 2))}px`;
  p.style.top = `${svgBox.top - boardBox.top + (game.size - r) * cell}px`;
}

function button(label, attrs, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
  b.addEventListener("click", onClick);
  return b;
}

function redrawPicker() {
  const p = $("#picker");
  p.replaceChildren();
  p.hidden = true;
  if (!sel) return;
  if (sel.type === "place") {
    for (const k of sel.kinds)
      p.append(button({ flat: "Flat", wall: "Wall", cap: "Capstone" }[k], { "data-kind": k, "aria-pressed": String(sel.kind === k) }, () => { sel.kind = k; redraw(); }));
    p.append(button("Play", { "data-action": "play", class: "primary" }, () => {
      play({ flat: "", wall: "S", cap: "C" }[sel.kind] + sel.square);
    }));
    p.append(button("Cancel", { "data-action": "cancel" }, () => { sel = null; redraw(); }));
    placeFor(sel.square);
  } else if (sel.count === null) {
    p.append(document.createTextNode("Pick up "));
    for (const c of sel.counts) p.append(button(String(c), { "data-count": c }, () => { sel.count = c; redraw(); }));
    p.append(button("Cancel", { "data-action": "cancel" }, () => { sel = null; redraw(); }));
    placeFor(sel.from);
  } else if (sel.dir !== null) {
    const k = sel.drops.length;
    const next = [...new Set(spreadCandidates().map((m) => m.drops[k]))].filter((d) => d !== undefined).sort((a, b) => a - b);
    p.append(document.createTextNode(`Drop on ${step(sel.from, sel.dir, k + 1)}: `));
    for (const d of next) p.append(button(String(d), { "data-drop": d }, () => { sel.drops.push(d); advance(); }));
    p.append(button("Back", { "data-action": "back" }, () => {
      if (sel.drops.length) sel.drops.pop(); else sel.dir = null;
      redraw();
    }));
    placeFor(step(sel.from, sel.dir, k + 1));
  } else {
    return;  // a direction to choose: the highlighted neighbours
  }
  p.hidden = false;
}

function redraw() {
  if (!game) return;
  let targets = [], marks = {}, pending = null, lifted = null;
  if (sel && sel.type === "place") pending = { square: sel.square, kind: sel.kind, color: game.ply < 2 ? (game.turn === "white" ? 2 : 1) : (game.turn === "white" ? 1 : 2) };
  if (sel && sel.type === "spread") {
    lifted = sel.from;
    if (sel.count !== null && sel.dir === null)
      targets = [...new Set(spreadCandidates().map((m) => step(sel.from, m.dir, 1)))];
    sel.drops.forEach((d, i) => { marks[step(sel.from, sel.dir, i + 1)] = `+${d}`; });
    if (sel.count !== null) marks[sel.from] = `-${sel.count}`;
  }
  const container = $("#board");
  container.dataset.tps = game.tps;
  container.dataset.size = game.size;
  TakBoard.render($("#board-svg"), {
    size: game.size, board: game.board, last: game.last_move ? game.last_move.squares : [], road: game.road,
    targets, lifted, marks, pending, onSquare: clickSquare,
  });
  redrawPicker();
}

function resultWords(s) {
  const winner = s.result.startsWith("1/2") ? null : s.result.startsWith("0") ? "Black" : "White";
  return winner ? `${s.result}: ${winner} wins by ${s.reason}` : `${s.result}: a draw (${s.reason})`;
}

function formatClock(ms) {
  const t = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

function tickClocks() {
  if (!clockBase || !clockBase.state.clock) return;
  const c = clockBase.state.clock, spent = Date.now() - clockBase.at;
  for (const side of ["white", "black"]) {
    const left = c[`${side}_ms`] - (c.running === side ? spent : 0);
    const e = $(`#${side}-clock`);
    e.textContent = formatClock(left);
    e.classList.toggle("running", c.running === side);
  }
}

function update(state) {
  if (game && state.id === game.id && state.seq < game.seq) return;  // an older reply arriving late
  const moved = !game || state.ply !== game.ply || state.tps !== game.tps;
  game = state;
  if (moved) sel = null;
  const me = seat ? seat.seat : null;
  const other = me === "white" ? "black" : "white";
  $("#board").dataset.tps = state.tps;
  const moves = $("#moves");
  moves.dataset.ptn = state.ptn;
  moves.replaceChildren();
  for (let i = 0; i < state.moves.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = state.moves.slice(i, i + 2).join("  ");
    moves.append(li);
  }
  moves.scrollTop = moves.scrollHeight;
  let status;
  if (state.result) status = resultWords(state);
  else if (state.thinking) status = `${state.turn === "white" ? "White" : "Black"} to move: the computer is thinking…`;
  else if (me && state.turn === me) status = `Your move (${me})`;
  else if (me && !state.seats[other].taken) status = "Waiting for your friend to open the link";
  else status = `${state.turn === "white" ? "White" : "Black"} to move`;
  $("#status").textContent = status;
  $("#result").textContent = state.result || "";
  const who = (side) => {
    const s = state.seats[side];
    const name = s.kind === "human" ? (side === me ? "you" : s.taken ? "your friend" : "open seat") : `computer (${s.kind})`;
    const r = state.reserves[side];
    return `${side}: ${name} · ${r.stones} stones, ${r.caps} cap${r.caps === 1 ? "" : "s"} in reserve · ${state.flats[side]} flats${side === "black" && state.komi ? ` + ${state.komi} komi` : ""}`;
  };
  $("#white-info").textContent = who("white");
  $("#black-info").textContent = who("black");
  $("#bot-used").textContent = state.bot ? `The computer plays with ${state.bot}.` : "";
  $("#role").textContent = me ? `You play ${me}.` : "You are watching.";
  $("#clocks").hidden = !state.clock;
  clockBase = { state, at: Date.now() };
  tickClocks();
  // What this player may do now.
  const playing = !!me && !state.result;
  const friend = state.seats.white.kind === "human" && state.seats.black.kind === "human";
  $("#resign").hidden = !playing;
  $("#offer-draw").hidden = !playing || !friend || state.offers.draw === me;
  $("#undo").hidden = !playing || state.moves.length === 0;
  $("#rematch").hidden = !me || !state.result || !!state.rematch_id || state.offers.rematch === me;
  const offers = [];
  if (playing && state.offers.draw === other) offers.push(["draw", "Your opponent offers a draw."]);
  if (playing && state.offers.undo === other) offers.push(["undo", "Your opponent asks to take back a move."]);
  const box = $("#offers");
  box.replaceChildren();
  for (const [kind, text] of offers) {
    const p = document.createElement("p");
    p.append(text, " ",
      button("Accept", { "data-offer": kind, "data-answer": "accept" }, () => action(kind, { action: "accept" })),
      button("Decline", { "data-offer": kind, "data-answer": "decline" }, () => action(kind, { action: "decline" })));
    box.append(p);
  }
  if (me && state.offers.rematch === other && !state.rematch_id) box.append("Your opponent offers a rematch.");
  if (state.rematch_id) {
    const a = document.createElement("a");
    a.href = `/g/${state.rematch_id}`;
    a.textContent = "Go to the rematch";
    a.id = "rematch-link";
    box.append(a);
    if (me && !seats()[state.rematch_id]) {
      saveSeat(state.rematch_id, { seat: other, token: seat.token });  // colours swap, the token stays
      location.href = a.href;
    }
  }
  const invite = $("#invite");
  invite.hidden = !(me && friend && !state.seats[other].taken);
  $("#invite-link").value = `${location.origin}/g/${state.id}`;
  $("#resume").hidden = !me;
  if (me) $("#resume-link").value = `${location.origin}/g/${state.id}#seat=${me}&token=${seat.token}`;
  $("#download").href = `/api/games/${state.id}/ptn`;
  $("#move-form").hidden = !me || !!state.result;
  redraw();
}

function listen(id) {
  if (events) events.close();
  events = new EventSource(`/api/games/${id}/events`);
  const conn = $("#connection");
  events.addEventListener("open", () => { conn.textContent = "live"; conn.className = "live"; });
  events.addEventListener("error", () => { conn.textContent = "reconnecting…"; conn.className = "reconnecting"; });
  events.addEventListener("state", (ev) => update(JSON.parse(ev.data)));
}

async function copy(text, what) {
  try { await navigator.clipboard.writeText(text); message(`${what} copied`); }
  catch (e) { message(`${what}: ${text}`); }
}

async function initGame(id) {
  $("#game").hidden = false;
  // A "resume on another device" link carries the seat in its fragment, which never reaches a server.
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) {
    saveSeat(id, { seat: hash.get("seat"), token: hash.get("token") });
    history.replaceState(null, "", location.pathname);
  }
  seat = seats()[id] || null;
  try {
    let state = await api(`/api/games/${id}`);
    if (!seat && !state.result && ["white", "black"].some((s) => state.seats[s].kind === "human" && !state.seats[s].taken)) {
      try {
        const g = await api(`/api/games/${id}/join`, {});
        seat = { seat: g.seat, token: g.token };
        saveSeat(id, seat);
        state = await api(`/api/games/${id}`);
      } catch (e) { /* taken a moment ago: watch */ }
    }
    update(state);
    listen(id);
  } catch (e) {
    $("#status").textContent = e.message;
    return;
  }
  $("#move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("#move-input").value.trim();
    if (text) { $("#move-input").value = ""; play(text); }
  });
  $("#resign").addEventListener("click", () => { if (confirm("Resign this game?")) action("resign"); });
  $("#offer-draw").addEventListener("click", () => action("draw", { action: "offer" }));
  $("#undo").addEventListener("click", () => action("undo", { action: "request" }));
  $("#rematch").addEventListener("click", () => action("rematch"));
  $("#copy-tps").addEventListener("click", () => copy(game.tps, "TPS"));
  $("#copy-invite").addEventListener("click", () => copy($("#invite-link").value, "Link"));
  $("#copy-resume").addEventListener("click", () => copy($("#resume-link").value, "Private link"));
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && sel) { sel = null; redraw(); } });
  setInterval(tickClocks, 200);
}

const route = /^\/g\/([a-z0-9]+)$/.exec(location.pathname);
if (route) initGame(route[1]); else initNewGame();
