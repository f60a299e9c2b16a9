// The table page of `arbiter serve` (docs/server.md): the link's token is after `#`; the page
// sends it in the WebSocket's first message and draws what the server sends back for that
// seat. Every text from the server goes into the page through textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);

// The element `tag` with `text` as its text (never parsed as HTML) and `cls` as its class.
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

const page = {
  token: decodeURIComponent(location.hash.slice(1)),
  table: (location.pathname.match(/^\/t\/([^/]+)$/) || [])[1] || "",
  socket: null,
  welcomed: false,    // a welcome came on this connection
  fatal: false,       // the server refused the link: no reconnecting
  over: null,         // the over message, once the game ended
  retry: 500,         // ms before the next reconnect; doubles to 5 s
  seq: 0,
  me: null,           // the seat's name; null for a spectator
  seats: [],
  state: null,
  log: [],
};

function status(text) { $("status").textContent = text; }

function problem(text) {
  $("problem").hidden = !text;
  $("problem").textContent = text || "";
}

// ---- The WebSocket ---------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(scheme + "//" + location.host + "/ws");
  page.socket = ws;
  page.welcomed = false;
  status(page.log.length ? "Reconnecting…" : "Connecting…");
  ws.onopen = () => {
    page.retry = 500;
    send({ type: "hello", table: page.table, token: page.token });
  };
  ws.onmessage = (event) => {
    let m;
    try { m = JSON.parse(event.data); } catch (e) { return problem("The server sent what is not JSON."); }
    if (m && typeof m.type === "string" && handlers[m.type]) handlers[m.type](m);
  };
  ws.onclose = () => {
    if (page.socket !== ws) return;
    page.socket = null;
    if (page.fatal) return;
    if (page.over) return status("The game is over.");
    status("Connection lost: reconnecting…");
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 5000);
  };
}

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
}

const handlers = {
  welcome(m) {
    page.welcomed = true;
    page.me = m.seat;
    page.seats = m.seats || [];
    $("title").textContent = m.name || m.ruleset || "Arbiter";
    document.title = (m.name || m.ruleset || "Arbiter") + (m.seat ? " · " + m.seat : " · watching");
    status(m.seat ? "Playing as " + m.seat : "Watching");
    $("table").hidden = false;
    problem("");
    drawPresence();
  },
  state(m) {
    page.state = m;
    page.seq = m.seq;
    const from = Number.isInteger(m.log_from) ? m.log_from : page.log.length;
    if (from === 0) page.log = [];
    (m.log || []).forEach((line, i) => { page.log[from + i] = line; });
    showRefusal("");
    draw();
  },
  refused(m) { showRefusal(m.message || m.reason || "refused"); },
  presence(m) { page.seats = m.seats || []; drawPresence(); },
  over(m) {
    page.over = m;
    if (m.view) page.state = Object.assign({}, page.state, { view: m.view, legal: [], waiting_for: [] });
    draw();
  },
  error(m) {
    // Before the welcome the server refuses the link itself: trying again would not help.
    if (!page.welcomed) {
      page.fatal = true;
      status("Not connected");
    }
    problem(m.message || "The server reported an error.");
  },
};

function showRefusal(text) {
  $("refusal").hidden = !text;
  $("refusal").textContent = text;
}

// ---- Drawing the seat's table ------------------------------------------------------------

function draw() {
  const s = page.state;
  if (!s || !s.view) return;
  drawTurn(s);
  drawZones(s.view);
  drawActions(s);
  drawLog();
  drawOver();
}

function drawTurn(s) {
  const waiting = s.waiting_for || [];
  let text;
  if (page.over) text = "The game is over.";
  else if (s.legal && s.legal.length && s.on_turn) text = "Your turn.";
  else if (s.legal && s.legal.length) text = "You may act before play goes on.";
  else text = waiting.length ? "Waiting for " + waiting.join(", ") + "." : "";
  if (s.simultaneous && !page.over) text += " (Everyone chooses at the same time.)";
  $("turn").textContent = text;
}

function drawPresence() {
  const list = $("presence");
  list.replaceChildren();
  for (const seat of page.seats) {
    const item = el("li", null, seat.connected ? "on" : "off");
    item.dataset.seat = seat.name;
    item.append(el("span", seat.name, "name"));
    const plays = seat.plays && seat.plays !== "human" ? seat.plays : (seat.connected ? "here" : "away");
    item.append(el("span", plays, "plays"));
    if (seat.name === page.me) item.append(el("span", "(you)", "you"));
    list.append(item);
  }
}

function drawZones(view) {
  const shared = $("shared");
  shared.replaceChildren();
  const cells = new Set(view.board ? view.board.cells.flat().filter(Boolean) : []);
  if (view.board) shared.append(drawBoard(view));
  for (const zone of view.zones || []) {
    if ((zone.owner === null || zone.owner === undefined) && !cells.has(zone.name)) shared.append(drawZone(zone));
  }
  if (hasShownVars(view.globals)) shared.prepend(drawVars(view.globals, view.labels));
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of view.seats || []) {
    const box = el("section", null, "seat");
    box.dataset.seat = seat.name;
    if (seat.name === page.me) box.classList.add("mine");
    if (seat.name === view.active) box.classList.add("active");
    const head = el("h2", seat.name);
    if (seat.status && seat.status !== "in") head.append(el("span", " (" + seat.status + ")", "seat-status"));
    box.append(head);
    if (hasShownVars(seat.vars)) box.append(drawVars(seat.vars, view.labels));
    for (const zone of view.zones || []) if (zone.owner === seat.name) box.append(drawZone(zone));
    seats.append(box);
  }
}

// Variables as the terminal shows them: by their labels, those without a value ("none") left out.
function drawVars(vars, labels) {
  const list = el("dl", null, "vars");
  for (const [name, value] of Object.entries(vars)) {
    if (value === "none") continue;
    const label = labels && Object.hasOwn(labels, name) ? labels[name] : name.replace(/_/g, " ");
    list.append(el("dt", label), el("dd", value));
  }
  return list;
}

function hasShownVars(vars) { return vars && Object.values(vars).some((value) => value !== "none"); }

// A board as a grid, top rank first and the files along the bottom, as the terminal draws it:
// each cell its pieces by their symbols, a count after a symbol seen more than once ("b2").
function drawBoard(view) {
  const board = view.board;
  const zones = new Map((view.zones || []).map((z) => [z.name, z]));
  const grid = el("table", null, "board");
  for (let rank = board.ranks.length - 1; rank >= 0; --rank) {
    const row = el("tr");
    row.append(el("th", board.ranks[rank]));
    board.cells[rank].forEach((name, file) => {
      const cell = el("td", name ? cellText(zones.get(name), board.symbols) : "", (rank + file) % 2 ? "light" : "dark");
      if (name) cell.dataset.zone = name;
      else cell.classList.add("none");
      row.append(cell);
    });
    grid.append(row);
  }
  const files = el("tr");
  files.append(el("th"));
  for (const file of board.files) files.append(el("th", file));
  grid.append(files);
  return grid;
}

function cellText(zone, symbols) {
  const counts = new Map();
  for (const item of (zone && zone.items) || []) {
    const symbol = symbols && Object.hasOwn(symbols, item) ? symbols[item] : item;
    counts.set(symbol, (counts.get(symbol) || 0) + 1);
  }
  return [...counts].map(([symbol, n]) => (n > 1 ? symbol + n : symbol)).join("+");
}

// A zone: its label and its cards, a card the seat may not see drawn as a back. A long run of
// backs (a deck) is one back with its count.
function drawZone(zone) {
  const box = el("div", null, "zone");
  box.dataset.zone = zone.name;
  box.append(el("h3", zone.label || zone.name));
  const items = zone.listed || zone.items || [];
  const cards = el("div", null, "cards");
  const hidden = items.filter((x) => x === "?").length;
  if (items.length === 0) cards.append(el("span", "empty", "empty"));
  else if (hidden === items.length && items.length > 6) cards.append(back(items.length));
  else if (zone.marks) zone.items.forEach((item, k) => cards.append(item === "?" ? markedBack(zone.marks[k]) : card(item)));
  else for (const item of items) cards.append(item === "?" ? back(1) : card(item));
  box.append(cards);
  return box;
}

function card(text) {
  const c = el("span", text, "card");
  c.dataset.card = text;
  return c;
}

function back(count) {
  const c = el("span", count > 1 ? "×" + count : "", "card back");
  c.title = count > 1 ? count + " hidden cards" : "a hidden card";
  c.setAttribute("aria-label", c.title);
  c.dataset.hidden = String(count);
  return c;
}

// A hidden card the seat was told of (game:clue): its back carries the marks ("1, not red"),
// in place, since the seat names its own cards by where they lie.
function markedBack(labels) {
  const c = back(1);
  if (!labels || !labels.length) return c;
  c.textContent = labels.join(", ");
  c.title = "a hidden card: " + labels.join(", ");
  c.setAttribute("aria-label", c.title);
  c.classList.add("marked");
  return c;
}

// ---- Acting ------------------------------------------------------------------------------

const kMaxButtons = 60;  // past that, the typed line (with completion) is the way

function drawActions(s) {
  const legal = page.over ? [] : s.legal || [];
  $("actions").hidden = legal.length === 0;
  $("actions-title").textContent = s.on_turn ? "Your options" : "You may act now";
  $("pass").hidden = s.on_turn || legal.length === 0;
  const buttons = $("buttons");
  buttons.replaceChildren();
  for (const action of legal.slice(0, kMaxButtons)) {
    const b = el("button", action, "action");
    b.type = "button";
    b.dataset.action = action;
    b.addEventListener("click", () => act(action));
    buttons.append(b);
  }
  if (legal.length > kMaxButtons) buttons.append(el("p", (legal.length - kMaxButtons) + " more: type them below."));
  const options = $("legal");
  options.replaceChildren();
  for (const action of legal) {
    const o = document.createElement("option");
    o.value = action;
    options.append(o);
  }
}

function act(action) {
  const text = action.trim().replace(/\s+/g, " ");
  if (!text) return;
  send({ type: "action", action: text, seq: page.seq });
  $("line").value = "";
}

function drawLog() {
  const list = $("log");
  list.replaceChildren();
  for (const line of page.log) {
    if (!line) continue;
    if (line.kind === "action") list.append(el("li", "› " + line.text, "own"));
    else if (line.kind === "chance") list.append(el("li", "Outcome: " + line.text + ".", "chance"));
    else list.append(el("li", line.text));
  }
  list.lastElementChild && list.lastElementChild.scrollIntoView({ block: "nearest" });
}

function drawOver() {
  const m = page.over;
  const box = $("over");
  box.hidden = !m;
  if (!m) return;
  box.replaceChildren();
  const winners = m.winners || [];
  let text = m.cooperative ? (winners.length ? "Everyone wins" : "Everyone loses")
    : winners.length ? winners.join(" and ") + (winners.length === 1 ? " wins" : " share the win") : "Nobody wins";
  if (m.reason) text += " (" + m.reason + ")";
  box.append(el("h2", "Game over"), el("p", text + "."));
  // Results (1, 0, 1/2 each of a draw) where the game says its score is not what counts, and only the
  // payoffs in a game of payoffs, as `arbiter play` ends.
  const marks = m.payoffs ? ["", null] : m.final_scores === false ? ["Results", m.results] : ["Scores", m.scores];
  for (const [label, values] of [marks, ["Payoffs", m.payoffs]]) {
    if (!values || !Object.keys(values).length) continue;
    box.append(el("p", label + ": " + Object.entries(values).map(([n, v]) => n + " " + v).join(", ") + "."));
  }
  status("The game is over.");
}

// ---- The host's page: the tables, and opening one ----------------------------------------

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: Object.assign({ Authorization: "Bearer " + page.token }, body ? { "Content-Type": "application/json" } : {}),
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (e) { /* said below */ }
  if (!response.ok) throw new Error((data && (data.error || data.message)) || text || response.statusText);
  return data;
}

// Every link in the answer (a URL, or a path /t/TABLE#TOKEN made whole on this server), with
// the name it stands under (a seat's, or the key's: "watch").
function linksIn(value, label, out) {
  if (typeof value === "string" && /^(https?:\/\/|\/t\/)/.test(value))
    out.push([label, value.startsWith("/") ? location.origin + value : value]);
  else if (Array.isArray(value)) value.forEach((v) => linksIn(v, label, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) linksIn(v, typeof value.name === "string" ? value.name : k, out);
  return out;
}

async function listTables() {
  const list = $("tables");
  list.replaceChildren();
  const tables = await api("GET", "/api/tables");
  for (const t of Array.isArray(tables) ? tables : (tables && tables.tables) || []) {
    const seats = (t.seats || []).map((s) => (typeof s === "string" ? s : s.name)).join(", ");
    list.append(el("li", [t.table, t.ruleset, seats, t.status].filter(Boolean).join(" · ")));
  }
  if (!list.children.length) list.append(el("li", "No tables yet."));
}

// "Bob=mcts, Cid=random" as {Bob: "mcts", Cid: "random"}: the bots and the parameters.
function pairs(text) {
  const out = {};
  for (const pair of text.split(",")) {
    const at = pair.indexOf("=");
    const key = at < 0 ? "" : pair.slice(0, at).trim(), value = at < 0 ? "" : pair.slice(at + 1).trim();
    if (key && value) out[key] = value;
  }
  return out;
}

async function openTable(event) {
  event.preventDefault();
  const players = $("open-players").value.split(",").map((s) => s.trim()).filter(Boolean);
  const request = { ruleset: $("open-ruleset").value.trim(), players, bots: pairs($("open-bots").value),
                    set: pairs($("open-set").value) };
  const variant = $("open-variant").value.trim();
  if (variant) request.variant = variant;
  try {
    const answer = await api("POST", "/api/tables", request);
    const links = $("links");
    links.replaceChildren();
    for (const [label, url] of linksIn(answer, "link", [])) {
      const item = el("li", label + " ");
      const a = el("a", url);
      a.href = url;
      item.append(a);
      links.append(item);
    }
    problem("");
    await listTables();
  } catch (e) {
    problem("The table was not opened: " + e.message);
  }
}

// ---- Starting --------------------------------------------------------------------------------

function start() {
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    act($("line").value);
  });
  $("pass").addEventListener("click", () => send({ type: "pass", seq: page.seq }));
  if (!page.token) {
    status("Not connected");
    return problem("This page needs the secret link the server printed (it ends in #s.…, #w.… or #h.…).");
  }
  if (page.token.startsWith("h.") && !page.table) {
    $("host").hidden = false;
    status("Host");
    $("open").addEventListener("submit", openTable);
    return listTables().catch((e) => problem("The tables could not be listed: " + e.message));
  }
  if (!page.table) return problem("This link names no table: it should look like /t/TABLE#TOKEN.");
  connect();
}

start();
