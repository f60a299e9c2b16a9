// What the browser tests share: failures counted and said, `arbiter serve --port 0` started with
// the links it prints, headless Chromium launched, and the run ended with its status.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const failures = [];
function fail(message) {
  failures.push(message);
  console.error("FAIL: " + message);
}

// `arbiter serve ARGS --port 0 --db WORK/DB`, resolved once it has printed a link for each of
// `seats` and the host's: {server, links: {seat: link, host: link}}.
function startServer(arbiter, work, db, args, seats) {
  const file = path.join(work, db);
  fs.rmSync(file, { force: true });
  const server = spawn(arbiter, ["serve", ...args, "--port", "0", "--db", file], { stdio: ["ignore", "pipe", "pipe"] });
  server.stderr.on("data", (d) => process.stderr.write("[serve] " + d));
  return new Promise((resolve, reject) => {
    let out = "";
    const links = {};
    const timer = setTimeout(() => reject(new Error("no links from arbiter serve within 20 s:\n" + out)), 20000);
    server.stdout.on("data", (d) => {
      out += d;
      for (const m of out.matchAll(/^\s+(\S+)\s+(https?:\/\/\S+#s\.\S+)\s*$/gm)) links[m[1]] = m[2];
      const host = out.match(/^Open tables: (http\S+#h\.\S+)\s*$/m);
      if (host) links.host = host[1];
      if (seats.every((s) => links[s]) && links.host) {
        clearTimeout(timer);
        resolve({ server, links });
      }
    });
    server.on("exit", (code) => reject(new Error("arbiter serve ended (" + code + "):\n" + out)));
  });
}

// Debian's chromium, headless, with a profile of its own under `work`.
function launch(work, extraArgs = []) {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    userDataDir: fs.mkdtempSync(path.join(work, "profile-")),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--no-first-run", "--disable-sync", ...extraArgs],
    protocolTimeout: 30000,
  });
}

// Runs `main`; the process ends 0 ("ok") when nothing failed, else 1.
function run(main) {
  main().then(() => {
    if (failures.length) process.exit(1);
    console.log("ok");
  }).catch((e) => {
    console.error(e.stack || String(e));
    process.exit(1);
  });
}

module.exports = { fail, startServer, launch, run };
