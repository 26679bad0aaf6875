// Copy buttons copy code, not prompts or outputs. A block written as a
// doctest (">>> " and "... " lines followed by the printed output) gets a
// data-copy attribute holding only its code; Material's copy button prefers
// data-copy over the block's text.
(function () {
  "use strict";
  function clean(text) {
    var code = [];
    text.split("\n").forEach(function (line) {
      if (line.indexOf(">>> ") === 0 || line === ">>>") code.push(line.slice(4));
      else if (line.indexOf("... ") === 0 || line === "...") code.push(line.slice(4));
    });
    return code.join("\n");
  }
  function mark() {
    document.querySelectorAll("article pre").forEach(function (pre) {
      var code = pre.querySelector("code");
      if (!code || pre.hasAttribute("data-copy")) return;
      var text = code.textContent;
      if (/^>>> /m.test(text)) pre.setAttribute("data-copy", clean(text));
    });
  }
  if (typeof document$ !== "undefined") document$.subscribe(mark);
  else document.addEventListener("DOMContentLoaded", mark);
})();
