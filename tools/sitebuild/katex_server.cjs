// Render TeX to HTML with the katex npm package (package.json pins it), for
// tools/sitebuild/mathrender.py. One JSON request per stdin line, a JSON array
// of [tex, displayMode] pairs; one JSON reply per stdout line, the array of
// rendered HTML strings, or {"error": message} naming the formula that failed.
// The MathML namespace attribute is dropped: the HTML parser puts <math> in the MathML
// namespace by itself, and the attribute cost 45 bytes a formula (5.6 KB on a page of
// 124 formulas, the smoothness page). So is the TeX source KaTeX keeps in the MathML
// (<annotation encoding="application/x-tex">): only KaTeX's copy-tex script reads it,
// which the site does not ship; screen readers read the MathML itself, and search would
// index the TeX's commands as words (7.8 KB of the smoothness page).
"use strict";
const katex = require("katex");
const readline = require("readline");

// A display formula ends with an empty marker, <span class="attn-math-end"></span>, the last
// child of its katex-display: docs/assets/stylesheets/extra.css keeps the formula hidden
// until the browser's HTML parser has reached the marker. A slow phone paints a page while
// its HTML still arrives; a long formula painted in part and centred moved left as the rest
// came in (a layout shift), and one that wraps on a phone broke its lines anew.
const DISPLAY_END = '<span class="attn-math-end"></span></span>';
const MATHML_NAMESPACE = /<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"/g;
const TEX_SOURCE = /<annotation encoding="application\/x-tex">[^<]*<\/annotation>/g;

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  let reply;
  try {
    reply = JSON.parse(line).map(([tex, display]) => {
      try {
        const html = katex
          .renderToString(tex, { displayMode: display, throwOnError: true, strict: "ignore" })
          .replace(MATHML_NAMESPACE, "<math")
          .replace(TEX_SOURCE, "");
        if (!display) return html;
        if (!html.startsWith('<span class="katex-display">') || !html.endsWith("</span>")) {
          throw new Error("KaTeX's display formula is not one katex-display span");
        }
        return html.slice(0, -"</span>".length) + DISPLAY_END;
      } catch (err) {
        throw new Error(`${err.message} in formula ${JSON.stringify(tex)}`);
      }
    });
  } catch (err) {
    reply = { error: String(err.message || err) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
