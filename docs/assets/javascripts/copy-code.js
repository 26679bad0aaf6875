// Copy buttons copy code, not prompts or outputs. A block written as a
// doctest (">>> " and "... " lines followed by the printed output) gets a
// data-copy attribute holding only its code; Material's copy button prefers
// data-copy over the block's text. A statement continued on "... " lines (a
// def, a for loop) is followed by an empty line, as typed at Python's prompt:
// pasted there without it, the next line was a SyntaxError (review round 46).
(function () {
  "use strict";
  function clean(text) {
    var code = [];
    var continued = false; // the last code line was a "... " line
    text.split("\n").forEach(function (line) {
      var prompt = line.indexOf(">>> ") === 0 || line === ">>>";
      var more = line.indexOf("... ") === 0 || line === "...";
      if (prompt && continued) code.push("");
      if (prompt || more) {
        code.push(line.slice(4));
        continued = more;
      }
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

  // A box wider than the column scrolls sideways: a notebook cell's code, a code block of
  // a notebook's text, a table. It then takes the keyboard's focus (tabindex), as
  // Material's own code blocks do (their <code>, left to Material), so that the arrow
  // keys scroll it in every browser (Chromium alone scrolls a box that has no focus).
  var SCROLLERS = "article pre, article .md-typeset__scrollwrap";
  function focusable(box) {
    if (box.tagName === "PRE" && box.querySelector(":scope > code")) return;
    if (box.scrollWidth > box.clientWidth + 1) box.setAttribute("tabindex", "0");
    else box.removeAttribute("tabindex");
  }
  function focusables() {
    document.querySelectorAll(SCROLLERS).forEach(focusable);
  }
  // fn(box) again whenever a box matching selector changes size
  function watch(selector, fn) {
    if (typeof ResizeObserver === "undefined") return;
    var watcher = new ResizeObserver(function (entries) {
      entries.forEach(function (entry) { fn(entry.target); });
    });
    document.querySelectorAll(selector).forEach(function (box) { watcher.observe(box); });
  }
  watch(SCROLLERS, focusable);
  // Material makes a code block's <code> a tab stop if it scrolls when the page loads. A
  // block in a tab that is closed then (the home page's "macOS and Linux") has no width
  // yet, and once its tab was opened it scrolled with no tab stop (review round 39). Such a
  // block is a tab stop exactly while it scrolls; a closed tab's block is left as it is.
  // The same holds for a block in a fold closed at load (the API pages' "Source code in …",
  // review round 43).
  function tabbedCode(code) {
    if (code.scrollWidth > code.clientWidth + 1) code.setAttribute("tabindex", "0");
    else if (code.clientWidth > 0) code.removeAttribute("tabindex");
  }
  watch("article :is(.tabbed-block, details) pre > code", tabbedCode);
  // A notebook's figure or text output: the build (tools/sitebuild/page_repairs.py) made a
  // tab stop, a region named "figure, scrolls sideways", of the boxes that scroll on a
  // 375 px phone; on a wider screen such a box does not scroll, and below 320 px others do.
  // Here the box is a tab stop exactly while it scrolls sideways, at any width.
  var OUTPUTS = "article .jp-OutputArea-output:is(.jp-RenderedImage, .jp-RenderedSVG, " +
    ".jp-RenderedText)";
  var zh = document.documentElement.lang.indexOf("zh") === 0;
  var NAMES = zh
    ? { figure: "图，可左右滚动", text: "输出，可左右滚动" }
    : { figure: "figure, scrolls sideways", text: "output, scrolls sideways" };
  function outputStop(box) {
    var overflow = getComputedStyle(box).overflowX;
    var scrolls = (overflow === "auto" || overflow === "scroll") &&
      box.scrollWidth > box.clientWidth + 1;
    if (scrolls) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label",
        NAMES[box.classList.contains("jp-RenderedText") ? "text" : "figure"]);
    } else {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
  function outputStops() {
    document.querySelectorAll(OUTPUTS).forEach(outputStop);
  }
  watch(OUTPUTS, outputStop);
  // a figure's width is known once its image has loaded (lazy images load late)
  document.querySelectorAll(OUTPUTS + " img").forEach(function (img) {
    img.addEventListener("load", function () { outputStop(img.closest(".jp-OutputArea-output")); });
  });

  // a web font sets a character's width, and so what scrolls, without resizing the box
  function all() { focusables(); outputStops(); }
  if (document.fonts) document.fonts.addEventListener("loadingdone", all);
  window.addEventListener("load", all);

  // A package's source in a fold (details.source-code: tools/sitebuild/pagehooks.py; an API
  // page's details.mkdocstrings-source, round 53) is the
  // package's own lines, up to 100 columns, which scrolled sideways in a phone's box (round
  // 50: three readers at 375 px). When a fold opens and its code is wider than its box, each
  // line becomes a block of its own ("attn-line"), its indent given as padding (--indent)
  // instead of spaces, so that extra.css can wrap a line with its continuation 6 columns
  // right of the line's start (not 4: that read as a nested statement, round 52). With its
  // spaces kept, a line whose first word did not fit beside them broke after them, leaving
  // a blank first line. The copy button copies the code as it was (data-copy, which
  // Material's button prefers to the text); a copied selection gets its indents back.
  // Pygments closes its spans at the end of each line; a block whose lines are not each
  // whole (a tag open across a line end) is left as it is.
  // the lesson pages' folds and the API pages' "Source code in …" (mkdocstrings)
  var SOURCE_FOLDS = "details.source-code, details.mkdocstrings-source";
  function unindent(line, count) {
    var walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node && count > 0; node = walker.nextNode()) {
      var cut = Math.min(count, node.data.length - node.data.replace(/^ +/, "").length);
      node.data = node.data.slice(cut);
      count -= cut;
      if (node.data.length) break;
    }
  }
  function lineBlocks(code) {
    var text = code.textContent;
    var lines = code.innerHTML.split("\n");
    var whole = lines.every(function (line) {
      var opened = (line.match(/<(span|a)\b/g) || []).length;
      return opened === (line.match(/<\/(span|a)>/g) || []).length;
    });
    if (!whole) return;
    if (lines[lines.length - 1] === "") lines.pop();
    code.innerHTML = lines
      .map(function (line) {
        return '<span class="attn-line">' + line + "\n</span>";
      })
      .join("");
    code.querySelectorAll(".attn-line").forEach(function (line) {
      var indent = line.textContent.length - line.textContent.replace(/^ +/, "").length;
      if (line.textContent.trim() === "") indent = 0; // an empty line keeps what it has
      unindent(line, indent);
      line.setAttribute("data-indent", indent);
      line.style.setProperty("--indent", indent + "ch");
    });
    code.parentElement.setAttribute("data-copy", text);
    code.classList.add("attn-lines");
  }
  document.addEventListener(
    "toggle",
    function (event) {
      var fold = event.target;
      if (!fold.open || !fold.matches || !fold.matches(SOURCE_FOLDS)) return;
      var code = fold.querySelector("pre > code");
      if (!code || code.classList.contains("attn-lines")) return;
      // the code scrolls in its box (Material's pre > code), or the pre does
      var scrolls = function (box) {
        return box.scrollWidth > box.clientWidth + 1;
      };
      if (scrolls(code) || scrolls(code.parentElement)) lineBlocks(code);
    },
    true // toggle does not bubble
  );
  // a selection inside such a block is copied with each whole line's indent put back
  document.addEventListener("copy", function (event) {
    var selection = document.getSelection();
    if (!selection || !selection.rangeCount || !event.clipboardData) return;
    var range = selection.getRangeAt(0);
    var inside = range.commonAncestorContainer;
    if (inside.nodeType !== 1) inside = inside.parentElement;
    var code = inside && inside.closest("code.attn-lines");
    if (!code) return;
    var text = "";
    code.querySelectorAll(".attn-line").forEach(function (line) {
      if (!range.intersectsNode(line)) return;
      var part = document.createRange();
      part.selectNodeContents(line);
      var fromStart = !line.contains(range.startContainer);
      if (!fromStart) part.setStart(range.startContainer, range.startOffset);
      if (line.contains(range.endContainer)) part.setEnd(range.endContainer, range.endOffset);
      var indent = +line.getAttribute("data-indent");
      text += (fromStart ? " ".repeat(indent) : "") + part.toString();
    });
    event.clipboardData.setData("text/plain", text);
    event.preventDefault();
  });

  // The notice after a copy ("已复制" / "Copied"), announced by screen readers: a notice
  // is only read out from a live region that was in the page before its text changed.
  // Material writes its notice into its dialog, which becomes a polite status region. A
  // notebook cell's <clipboard-copy> un-hides a notice inside itself, which is part of a
  // button and not read out: its text goes into a status region of its own, seen by no one.
  var dialog = document.querySelector("[data-md-component=dialog]");
  if (dialog) {
    dialog.setAttribute("role", "status");
    dialog.setAttribute("aria-live", "polite");
    dialog.setAttribute("aria-atomic", "true");
  }
  if (!document.querySelector("clipboard-copy")) return;
  var region = document.createElement("div");
  region.id = "attn-copy-status";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.style.cssText =
    "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;" +
    "overflow:hidden;clip-path:inset(50%);white-space:nowrap";
  document.body.appendChild(region);
  document.addEventListener("clipboard-copy", function (event) {
    var notice = event.target.querySelector(".notice");
    region.textContent = ""; // a second copy is announced again: its text is new
    setTimeout(function () {
      region.textContent = notice ? notice.textContent : "";
    }, 100);
  });
})();
