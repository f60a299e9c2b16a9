// Two browser pages play a whole game of Stacks against one `arbiter serve --port 0`, in
// headless Chromium. Each page must show its own hand, every card face up, and never the
// other seat's (backs only), in what it draws and in every WebSocket frame it receives; one
// page is reloaded mid-game and one loses its connection, and both go on to the end. One
// page has a phone's width (360 px) and leaves a screenshot in the work folder.
// Run by tests/browser/run_test.sh: node play_test.js ARBITER WORK_DIR.
"use strict";
const fs = require("fs");
const path = require("path");
const { fail, startServer, launch, run } = require("./harness");

const [arbiter, work] = process.argv.slice(2);
const seats = ["Ann", "Bob"];

// Every frame the page receives, kept for the audit of what it was sent.
async function recordFrames(page, frames) {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  cdp.on("Network.webSocketFrameReceived", (e) => frames.push(e.response.payloadData));
}

// What a page shows: its seat's hand and the other's, and what it may do.
function snapshot(page) {
  return page.evaluate(() => {
    const cardsOf = (owner) => {
      const zone = document.querySelector(`.seat[data-seat="${owner}"] .zone[data-zone="${owner}.hand"]`);
      if (!zone) return null;
      return {
        shown: [...zone.querySelectorAll("[data-card]")].map((c) => c.dataset.card),
        backs: [...zone.querySelectorAll("[data-hidden]")].reduce((n, c) => n + Number(c.dataset.hidden), 0),
      };
    };
    const s = typeof page !== "undefined" ? page : {};
    return {
      me: s.me, seq: s.seq, over: !!s.over,
      legal: [...document.querySelectorAll("#buttons button.action")].map((b) => b.dataset.action),
      onTurn: !document.querySelector("#actions").hidden && document.querySelector("#pass").hidden,
      refusal: document.querySelector("#refusal").hidden ? "" : document.querySelector("#refusal").textContent,
      hands: { Ann: cardsOf("Ann"), Bob: cardsOf("Bob") },
      folded: [...document.querySelectorAll(".seat")].filter((x) => x.querySelector(".seat-status")).map((x) => x.dataset.seat),
      overText: document.querySelector("#over").hidden ? "" : document.querySelector("#over").textContent,
    };
  });
}

// The page shows its own hand face up and the other's as backs only (unless it folded: Stacks
// then shows it face up to all).
function checkHands(name, snap) {
  const other = seats.find((s) => s !== name);
  const mine = snap.hands[name], theirs = snap.hands[other];
  if (!mine || !theirs) return fail(`${name}: a hand is not drawn (seq ${snap.seq})`);
  if (mine.backs) fail(`${name}: its own hand shows ${mine.backs} backs (seq ${snap.seq})`);
  if (!snap.over && !snap.folded.includes(other) && theirs.shown.length) fail(`${name}: shows ${other}'s cards ${theirs.shown} (seq ${snap.seq})`);
}

// No frame to `name` holds a card of the other seat's hand, before the game's end.
function auditFrames(name, frames) {
  const other = seats.find((s) => s !== name);
  for (const text of frames) {
    const m = JSON.parse(text);
    for (const key of ["seed", "initial", "undo", "history"]) if (key in m) fail(`${name}: a ${m.type} frame has '${key}'`);
    if (m.type !== "state") continue;
    // A seat that folds shows its hand face up (Stacks' rules): only a hand still in play is hidden.
    const status = (m.view.seats.find((x) => x.name === other) || {}).status;
    for (const zone of m.view.zones) {
      if (status === "in" && zone.owner === other && zone.name.endsWith(".hand") && zone.items.some((x) => x !== "?"))
        fail(`${name}: a frame shows ${other}'s hand: ${zone.items}`);
    }
    for (const line of m.log) if (line.kind === "action" && line.seat && line.seat !== name)
      fail(`${name}: a frame holds ${line.seat}'s own log line`);
  }
}

// A small generator of its own: the same choices on every run.
let rng = 12345;
function random() {
  rng = (rng * 1103515245 + 12345) % 2147483648;
  return rng / 2147483648;
}

async function act(page, name, snap, typed) {
  let action;
  if (!snap.onTurn) action = random() < 0.3 ? snap.legal[0] : null;  // out of turn: call sometimes, else pass
  else action = snap.legal[Math.floor(random() * snap.legal.length)];
  const before = snap.seq;
  await page.bringToFront();  // a page behind another gets no animation frames, which a click waits for
  // A click in one step inside the page: news may redraw the buttons between finding one and
  // clicking it from outside. A button gone by then is no click; the loop looks again.
  const click = (selector) => page.evaluate((sel) => { const b = document.querySelector(sel); if (b) b.click(); }, selector);
  if (action === null) await click("#pass");
  else if (typed) {
    await page.type("#line", action);
    await page.keyboard.press("Enter");
  } else await click(`#buttons button[data-action="${action}"]`);
  await page.waitForFunction((seq) => page.seq !== seq || !document.querySelector("#refusal").hidden || page.over,
                             { timeout: 10000, polling: 50 }, before).catch(() => {});
}

async function play(pages) {
  let steps = 0, reloaded = false, dropped = false;
  const deadline = Date.now() + 240000;
  while (Date.now() < deadline) {
    const snaps = {};
    for (const name of seats) snaps[name] = await snapshot(pages[name]);
    if (seats.every((n) => snaps[n].over)) return snaps;
    for (const name of seats) if (snaps[name].seq !== undefined && snaps[name].hands[name]) checkHands(name, snaps[name]);
    // Out-of-turn chances first: the table waits for them.
    const actor = seats.find((n) => snaps[n].legal.length && !snaps[n].onTurn) || seats.find((n) => snaps[n].legal.length);
    if (!actor) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    steps++;
    await act(pages[actor], actor, snaps[actor], steps % 5 === 0);
    if (steps === 6 && !reloaded) {  // a reload: the page says hello again and gets the whole state
      reloaded = true;
      await pages.Bob.reload({ waitUntil: "load" });
      await pages.Bob.waitForFunction(() => page.seq !== undefined && page.log.length > 0, { timeout: 10000, polling: 100 });
    }
    if (steps === 10 && !dropped) {  // a dropped connection: the page reconnects by itself
      dropped = true;
      await pages.Ann.evaluate(() => page.socket.close());
      await pages.Ann.waitForFunction(() => page.over || (page.socket && page.socket.readyState === 1 && page.welcomed),
                                      { timeout: 15000, polling: 100 }).catch(async (e) => {
        const seen = await pages.Ann.evaluate(() => JSON.stringify({ status: document.querySelector("#status").textContent,
          problem: document.querySelector("#problem").textContent, ready: page.socket && page.socket.readyState }));
        throw new Error("Ann's page did not connect again after a drop: " + seen);
      });
    }
  }
  throw new Error("the game did not end within 240 s");
}

// The host's page lists the table and opens another (a parameter it does not have is refused),
// answering with its links.
async function hostPage(browser, link) {
  const page = await browser.newPage();
  page.on("pageerror", (e) => fail(`host: a script error in the page: ${e.message}`));
  await page.goto(link, { waitUntil: "load" });
  await page.waitForFunction(() => [...document.querySelectorAll("#tables li")].some((li) => /stacks/.test(li.textContent)),
                             { timeout: 10000, polling: 100 }).catch(() => fail("host: the stacks table is not listed"));
  await page.type("#open-ruleset", "tictactoe");
  await page.type("#open-players", "Cat,Dan");
  await page.type("#open-set", "nope=1");  // the form sends its parameters: the server names the unknown one
  await page.click("#open button[type=submit]");
  await page.waitForFunction(() => /unknown parameter 'nope'/.test(document.querySelector("#problem").textContent),
                             { timeout: 10000, polling: 100 }).catch(() => fail("host: the parameters were not sent"));
  await page.$eval("#open-set", (input) => { input.value = ""; });
  await page.click("#open button[type=submit]");
  await page.waitForFunction(() => document.querySelectorAll("#links a").length >= 3, { timeout: 10000, polling: 100 })
    .catch(() => fail("host: no links for the table opened"));
  const links = await page.evaluate(() => [...document.querySelectorAll("#links li")].map((li) => li.textContent));
  if (!links.some((l) => /^Cat http:\/\/\S+\/t\/\w+#s\./.test(l))) fail(`host: no link for Cat: ${links}`);
  await page.close();
}

async function main() {
  fs.mkdirSync(work, { recursive: true });
  const { server, links } = await startServer(arbiter, work, "tables.db", ["stacks", "--players", seats.join(","), "--variant", "short"], seats);
  // Both pages play at once: neither is slowed down for being behind the other.
  const browser = await launch(work, ["--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                                      "--disable-backgrounding-occluded-windows"]);
  try {
    const pages = {}, frames = {};
    for (const name of seats) {
      const page = await browser.newPage();
      if (name === "Ann") await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 1, isMobile: true });
      page.on("pageerror", (e) => fail(`${name}: a script error in the page: ${e.message}`));
      // (The browser asks for /favicon.ico, which the server does not have.)
      page.on("console", (m) => m.type() === "error" && !/favicon/.test(m.location().url || "") &&
                                fail(`${name}: console error: ${m.text()}`));
      frames[name] = [];
      await recordFrames(page, frames[name]);
      await page.goto(links[name], { waitUntil: "load" });
      pages[name] = page;
    }
    for (const name of seats)
      await pages[name].waitForFunction(() => page.seq !== undefined, { timeout: 10000, polling: 100 });
    await pages.Ann.bringToFront();
    await pages.Ann.screenshot({ path: path.join(work, "phone-start.png"), fullPage: true });
    const wide = await pages.Ann.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 360) fail(`the page is ${wide} px wide at a phone's 360 px`);
    const end = await play(pages);
    await pages.Ann.bringToFront();
    await pages.Ann.screenshot({ path: path.join(work, "phone-end.png"), fullPage: true });
    for (const name of seats) {
      auditFrames(name, frames[name]);
      if (!/Game over/.test(end[name].overText)) fail(`${name}: the end is not shown`);
      if (!frames[name].length) fail(`${name}: no frames recorded`);
    }
    console.log(`game over: ${end.Ann.overText.trim()}; frames ${frames.Ann.length} + ${frames.Bob.length}`);
    await hostPage(browser, links.host);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

run(main);
