// Render TeX to HTML with the katex npm package (package.json pins it), for
// tools/sitebuild/mathrender.py. One JSON request per stdin line, a JSON array
// of [tex, displayMode] pairs; one JSON reply per stdout line, the array of
// rendered HTML strings, or {"error": message} naming the formula that failed.
"use strict";
const katex = require("katex");
const readline = require("readline");

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  let reply;
  try {
    reply = JSON.parse(line).map(([tex, display]) => {
      try {
        return katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: "ignore" });
      } catch (err) {
        throw new Error(`${err.message} in formula ${JSON.stringify(tex)}`);
      }
    });
  } catch (err) {
    reply = { error: String(err.message || err) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
