// One seat of tests/netns/lan_test.py played in headless Chromium: the page at LINK is
// played to the game's end, choosing among its action buttons with a seeded generator.
// Every state frame the page receives and what it drew of each hand are written to OUT
// (JSON) for lan_test.py to check against the true views; the page may lose its server
// (kill -9 and a restart) and must connect again by itself.
// Run as: node page_seat.js LINK OUT_FILE PROFILE_DIR (NODE_PATH holds puppeteer-core).
"use strict";
const fs = require("fs");
const puppeteer = require("puppeteer-core");

const [link, out, profile] = process.argv.slice(2);
const result = { frames: [], drawn: [], over: null, welcomes: 0, errors: [] };

let rng = 4242;  // the same choices on every run
function random() {
  rng = (rng * 1103515245 + 12345) % 2147483648;
  return rng / 2147483648;
}

// What the page shows now: the state it holds, and each hand as drawn (cards face up by name,
// backs as a count).
function snapshot(page) {
  return page.evaluate(() => {
    const hands = {};
    for (const zone of document.querySelectorAll(".seat .zone[data-zone$='.hand']")) {
      hands[zone.dataset.zone] = {
        shown: [...zone.querySelectorAll("[data-card]")].map((c) => c.dataset.card),
        backs: [...zone.querySelectorAll("[data-hidden]")].reduce((n, c) => n + Number(c.dataset.hidden), 0),
      };
    }
    const s = page;  // the page script's own state (a top-level const, not on window)
    return {
      seq: s.seq, over: s.over || null, view: s.state && s.state.view, hands,
      legal: s.over ? [] : [...document.querySelectorAll("#buttons button.action")].map((b) => b.dataset.action),
    };
  });
}

async function play(page) {
  const deadline = Date.now() + 150000;
  let acted = -1;
  while (Date.now() < deadline) {
    const snap = await snapshot(page);
    if (snap.over) return snap.over;
    if (snap.view) result.drawn.push({ seq: snap.seq, view: snap.view, hands: snap.hands });
    if (!snap.legal.length || snap.seq === acted) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    acted = snap.seq;
    const action = snap.legal[Math.floor(random() * snap.legal.length)];
    // One step inside the page: news may redraw the buttons between finding one and clicking it.
    await page.evaluate((a) => {
      const b = [...document.querySelectorAll("#buttons button.action")].find((x) => x.dataset.action === a);
      if (b) b.click();
    }, action);
  }
  throw new Error("the game did not end within 150 s");
}

async function main() {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    userDataDir: profile,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--no-first-run", "--disable-sync"],
    protocolTimeout: 30000,
  });
  try {
    const page = await browser.newPage();
    page.on("pageerror", (e) => result.errors.push("a script error in the page: " + e.message));
    const cdp = await page.createCDPSession();
    await cdp.send("Network.enable");
    cdp.on("Network.webSocketFrameReceived", (e) => {
      const m = JSON.parse(e.response.payloadData);
      if (m.type === "welcome") result.welcomes++;
      result.frames.push(m);
    });
    await page.goto(link, { waitUntil: "load" });
    result.over = await play(page);
  } catch (e) {
    result.errors.push(String(e.stack || e));
  } finally {
    await browser.close();
    fs.writeFileSync(out, JSON.stringify(result));
  }
}

main();
