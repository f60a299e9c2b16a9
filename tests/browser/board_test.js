// The table page draws a board as a grid (chess, in headless Chromium against `arbiter serve
// --port 0`): eight ranks of eight cells, the pieces by the symbols the terminal uses, rank 8 at
// the top and the files along the bottom, a move shown where it lands, and no cell listed again
// as a zone of its own; the title is the game's name. At a phone's width (360 px) the page does not scroll sideways.
// A mate in three ends the game: the end gives each seat's result, as `arbiter play` does.
// Run by tests/browser/run_test.sh: node board_test.js ARBITER WORK_DIR.
"use strict";
const path = require("path");
const fs = require("fs");
const { spawn } = require("child_process");
const { fail, startServer, launch, run } = require("./harness");

const [arbiter, work] = process.argv.slice(2);

// The grid as the page draws it: each row's cells' texts, top row first, and the labels.
function grid(page) {
  return page.evaluate(() => {
    const board = document.querySelector("#shared table.board");
    if (!board) return null;
    const rows = [...board.querySelectorAll("tr")];
    return {
      ranks: rows.slice(0, -1).map((r) => r.querySelector("th").textContent),
      files: [...rows[rows.length - 1].querySelectorAll("th")].slice(1).map((th) => th.textContent),
      cells: rows.slice(0, -1).map((r) => [...r.querySelectorAll("td")].map((td) => [td.dataset.zone, td.textContent])),
      listed: [...document.querySelectorAll("#shared .zone")].map((z) => z.dataset.zone),
      width: document.documentElement.scrollWidth,
    };
  });
}

function checkStart(g) {
  if (!g) return fail("no board is drawn");
  if (g.ranks.join("") !== "87654321") fail(`ranks top to bottom: ${g.ranks}`);
  if (g.files.join("") !== "abcdefgh") fail(`files: ${g.files}`);
  if (g.cells.length !== 8 || g.cells.some((r) => r.length !== 8)) fail("the grid is not 8 by 8");
  const at = (square) => (g.cells.flat().find(([zone]) => zone === square) || [])[1];
  if (g.cells[7][0][0] !== "a1" || g.cells[0][7][0] !== "h8") fail(`corners: ${g.cells[7][0][0]} ${g.cells[0][7][0]}`);
  if (g.cells[7].map((c) => c[1]).join("") !== "RNBQKBNR") fail(`rank 1: ${g.cells[7].map((c) => c[1])}`);
  if (g.cells[0].map((c) => c[1]).join("") !== "rnbqkbnr") fail(`rank 8: ${g.cells[0].map((c) => c[1])}`);
  if (at("e2") !== "P" || at("e4") !== "") fail(`e2 ${at("e2")}, e4 ${at("e4")}`);
  const cellsListed = g.listed.filter((z) => /^[a-h][1-8]$/.test(z));
  if (cellsListed.length) fail(`board cells listed as zones too: ${cellsListed}`);
  if (g.width > 360) fail(`the page is ${g.width} px wide at a phone's 360 px`);
}

// Bob answers from a piped `arbiter join` (g5, f6) and Ann mates: 1.e4 g5 2.d4 f6 3.Qh5#. The
// end is worded as `arbiter play` words it: chess's results, not its scores (final_scores: false).
async function mateInThree(page, bobLink) {
  const bob = spawn(arbiter, ["join", bobLink], { stdio: ["pipe", "ignore", "inherit"] });
  bob.stdin.write("g5\nf6\n");
  try {
    for (const [seq, move] of [[2, "d4"], [4, "Qh5"]]) {
      await page.waitForFunction((n) => page.seq >= n, { timeout: 10000, polling: 100 }, seq);
      await page.type("#line", move);
      await page.keyboard.press("Enter");
    }
    await page.waitForFunction(() => page.over, { timeout: 10000, polling: 100 });
    const end = await page.evaluate(() => document.querySelector("#over").textContent);
    if (!end.includes("Ann wins (checkmate)") || !end.includes("Results: Ann 1, Bob 0.")) fail(`the end reads: ${end}`);
  } finally {
    bob.kill("SIGTERM");
  }
}

async function main() {
  fs.mkdirSync(work, { recursive: true });
  const { server, links } = await startServer(arbiter, work, "board.db", ["chess", "--players", "Ann,Bob"], ["Ann", "Bob"]);
  const [link, bobLink] = [links.Ann, links.Bob];
  const browser = await launch(work);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 1, isMobile: true });
    page.on("pageerror", (e) => fail(`a script error in the page: ${e.message}`));
    await page.goto(link, { waitUntil: "load" });
    await page.waitForFunction(() => document.querySelector("#shared table.board"), { timeout: 10000, polling: 100 });
    checkStart(await grid(page));
    const title = await page.evaluate(() => document.querySelector("#title").textContent);
    if (title !== "Chess") fail(`the title is '${title}', not the game's name`);
    await page.screenshot({ path: path.join(work, "board-start.png"), fullPage: true });
    await page.type("#line", "e4");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector('td[data-zone="e4"]').textContent === "P",
                               { timeout: 10000, polling: 100 }).catch(() => fail("e4 does not show the pawn after e4"));
    const after = await grid(page);
    const e2 = after.cells.flat().find(([zone]) => zone === "e2");
    if (!e2 || e2[1] !== "") fail(`e2 after e4: ${e2 && e2[1]}`);
    await mateInThree(page, bobLink);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

run(main);
