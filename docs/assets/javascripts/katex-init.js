// Render the formulas of the page with the vendored KaTeX (no CDN).
// Markdown pages: pymdownx.arithmatex (generic mode) wraps each formula in
// .arithmatex with \( \) or \[ \] delimiters. Notebook pages: the Markdown
// cells keep their $ and $$ delimiters, inside .jupyter-wrapper.
(function () {
  "use strict";
  var options = {
    delimiters: [
      { left: "$$", right: "$$", display: true },
      { left: "\\[", right: "\\]", display: true },
      { left: "$", right: "$", display: false },
      { left: "\\(", right: "\\)", display: false },
    ],
    ignoredClasses: ["jp-CodeCell", "highlight", "highlight-ipynb", "jp-OutputArea"],
    throwOnError: false,
    errorColor: "#cc0000",
  };
  function render() {
    if (typeof renderMathInElement !== "function") return;
    document.querySelectorAll(".arithmatex").forEach(function (el) {
      renderMathInElement(el, options);
    });
    document.querySelectorAll(".jupyter-wrapper .jp-MarkdownCell").forEach(function (el) {
      renderMathInElement(el, options);
    });
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(render);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
