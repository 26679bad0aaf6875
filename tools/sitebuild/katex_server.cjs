// Render TeX to HTML with the katex npm package (package.json pins it), for
// tools/sitebuild/mathrender.py. One JSON request per stdin line, a JSON array
// of [tex, displayMode] pairs; one JSON reply per stdout line, the array of
// rendered HTML strings, or {"error": message} naming the formula that failed.
// The MathML namespace attribute is dropped: the HTML parser puts <math> in the MathML
// namespace by itself, and the attribute cost 45 bytes a formula (5.6 KB on a page of
// 124 formulas, the smoothness page).
"use strict";
const katex = require("katex");
const readline = require("readline");

const MATHML_NAMESPACE = /<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"/g;

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  let reply;
  try {
    reply = JSON.parse(line).map(([tex, display]) => {
      try {
        return katex
          .renderToString(tex, { displayMode: display, throwOnError: true, strict: "ignore" })
          .replace(MATHML_NAMESPACE, "<math");
      } catch (err) {
        throw new Error(`${err.message} in formula ${JSON.stringify(tex)}`);
      }
    });
  } catch (err) {
    reply = { error: String(err.message || err) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
