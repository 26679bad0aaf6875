/* Chinese search fix for Material for MkDocs 9.x (built-in lunr search worker).
 * Loaded before Material's bundle (overrides/main.html). Pair it with a search
 * separator that makes every CJK character its own index token:
 *   separator: '[\s\u200b\u3000\-"、。，．？！；：“”‘’（）《》〈〉【】「」『』]+|(?=[\u3400-\u9fff\uf900-\ufaff])'
 *
 * 1. Material reads the search box only on `keyup`. Text committed without a
 *    keyup (IME commit, paste, handwriting/voice input) is never searched, so
 *    announce every committed input as a keyup.
 * 2. Rewrite each Chinese run of the query into required one-character terms
 *    ("高斯核" -> "+高 +斯 +核"): it matches however jieba split the text at
 *    build time, and Material's in-worker segmenter (which drops the last
 *    segment of a run) only ever sees one-character runs.
 * 3. Rank results that contain the typed words contiguously (title/tags, then
 *    text) first, so a page sharing a single character cannot outrank them.
 *    A query of two or more words without Chinese (both sites load this file)
 *    is one such run, compared without case: "The size of tensor a" puts the
 *    page whose heading starts so first, not pages that merely say "size" a lot.
 * 4. A section whose heading occurs in the query comes first of all: a pasted
 *    error line ("IndexError: Dimension out of range (expected ... got 2)") holds
 *    the heading of its entry in the error message index ("Dimension out of
 *    range"), where "…" in a heading stands for any text (shapes, lengths). The
 *    heading must have three words or more; the longest one found wins. Without
 *    this, the entry that shares the most common words ("size", "dimensions",
 *    "tensor") with the line came first.
 * 5. A hyphen inside a word is not lunr's "exclude the next term": a pasted error
 *    such as "... remapped shapes [original->remapped]: [3, 2]->[3, 1, 2]" made
 *    lunr throw QueryParseError ("Invalid query" in the console) and found nothing.
 *    A `-` after another character, or before anything but a letter ("[-1, 3]",
 *    "-> q"), is sent to the worker as a space; "-word" typed on its own still
 *    excludes the word. The index splits on `-` too, so no match is lost.
 * 6. After those sections, a section that quotes another wording of its error
 *    (“einsum(): operands do not broadcast with remapped shapes [original->remapped]”,
 *    an older PyTorch's) that occurs in the query: the pasted older message lands on
 *    the entry that names it, not on one that shares more common words.
 */
(function () {
  var HAN = /[\u3400-\u9fff\uf900-\ufaff]/               /* same class as the separator */
  var HAN_RUNS = /[\u3400-\u9fff\uf900-\ufaff]+/g
  var PARTS = /[\u3400-\u9fff\uf900-\ufaff]|[^\u3400-\u9fff\uf900-\ufaff]+/g
  var PUNCT = /[\u2010-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/g
  var QUERY = 2, RESULT = 3                               /* Material's worker message types */

  function announce(ev) {
    var el = ev.target
    if (ev.isComposing || !(el instanceof HTMLInputElement) ||
        !el.matches("[data-md-component=search-query]"))
      return
    el.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }))
  }
  document.addEventListener("input", announce, true)
  document.addEventListener("compositionend", announce, true)

  function rewrite(query) {
    return query.split(/\s+/).map(function (part) {
      if (!HAN.test(part)) return part
      var m = /^([+-]?)((?:title|text|tags):)?(.*)$/.exec(part.replace(/"/g, ""))
      var mod = m[1] || "+", field = m[2] || ""
      return (m[3].match(PARTS) || []).map(function (p) {
        if (HAN.test(p)) return mod + field + p                    /* required character */
        return p.replace(PUNCT, " ").trim().split(/\s+/)              /* other words as typed */
          .filter(function (w) { return /[^*+\-:^~]/.test(w) })
          .map(function (w) { return m[1] + field + w }).join(" ")
      }).join(" ")
    }).join(" ").replace(/\s+/g, " ").trim()
  }

  /* A `-` that is not a modifier (inside a word, or before a non-letter) becomes a space. */
  function unhyphen(query) {
    return query.replace(/(\S)-+|-+(?![A-Za-z\u00c0-\uffff])/g, "$1 ").replace(/\s+/g, " ").trim()
  }

  function plain(s) { return String(s || "").replace(/<[^>]*>|\u200b/g, "").replace(/\s+/g, " ").toLowerCase() }
  function runsOf(query) {
    var han = query.match(HAN_RUNS)
    if (han) return han
    var words = query.replace(/"/g, " ").trim().toLowerCase().split(/\s+/)
    return words.length > 1 ? [words.join(" ")] : []
  }
  /* Text compared as typed and as pasted: no markup, one space, lower case, straight quotes. */
  function normal(s) {
    return plain(s).replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'").replace(/&amp;/g, "&").replace(/[\u201c\u201d\u201e\u201f]/g, '"').replace(/[\u2018\u2019\u201a\u201b]/g, "'")
  }
  var MIN_HEADING_WORDS = 3
  /* How much of the heading occurs in the query, in order ("…": anything), or 0. */
  function headingIn(query, title) {
    var pieces = normal(title).split("\u2026").map(function (p) { return p.trim() })
      .filter(function (p) { return p })
    var words = pieces.join(" ").split(" ").length
    if (!pieces.length || words < MIN_HEADING_WORDS) return 0
    var at = 0, length = 0
    for (var k = 0; k < pieces.length; k++) {
      var found = query.indexOf(pieces[k], at)
      if (found < 0) return 0
      at = found + pieces[k].length
      length += pieces[k].length
    }
    return length
  }
  /* The longest wording quoted in the text (“...”, three words or more) that occurs in the query, or 0. */
  function quotedIn(query, text) {
    var best = 0, m, QUOTED = /"([^"]+)"/g, t = normal(text)
    while ((m = QUOTED.exec(t))) {
      var q = m[1].trim()
      if (q.split(" ").length >= MIN_HEADING_WORDS && q.length > best && query.indexOf(q) >= 0)
        best = q.length
    }
    return best
  }
  var HEADING_FIRST = 1e4                                 /* a heading found beats any quote */
  function rerank(asked, result) {
    var runs = asked.runs
    var has = function (s) { return runs.every(function (r) { return s.indexOf(r) >= 0 }) }
    result.items = result.items.map(function (group, i) {
      var tier = 0, titled = [], inQuery = [], best = 0
      group.forEach(function (doc) {
        var t = runs.length > 0 && (has(plain(doc.title)) || has(plain((doc.tags || []).join(" "))))
        titled.push(t)
        if (t) tier = 2
        else if (runs.length && tier < 1 && has(plain(doc.text))) tier = 1
        var h = 0
        if (doc.location.indexOf("#") >= 0) {
          h = headingIn(asked.query, doc.title)
          h = h ? h + HEADING_FIRST : quotedIn(asked.query, doc.text)
        }
        inQuery.push(h)
        best = Math.max(best, h)
      })
      /* Enter opens the top hit; within the page, the sections whose heading has the
         words come first and are shown, not folded under "more" (Material shows the
         sections that score at least as high as the page's best). */
      group.forEach(function (doc, j) {
        doc.score += inQuery[j] * 1e13 + tier * 1e12 + (titled[j] ? 1e11 : 0)
      })
      group.sort(function (a, b) { return b.score - a.score })
      return { best: best, tier: tier, i: i, group: group }
    }).sort(function (a, b) { return b.best - a.best || b.tier - a.tier || a.i - b.i })
      .map(function (x) { return x.group })
  }

  var Base = window.Worker
  if (!Base) return
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options)
      if (!/\/workers\/search\.[^/]*js$/.test(String(url))) return  /* search worker only */
      var pending = this.__zhPending = []                  /* queries in flight: runs, text */
      this.addEventListener("message", function (ev) {    /* runs before Material's listener */
        var res = ev.data
        if (!res || res.type !== RESULT) return
        var asked = pending.shift()
        if (asked && res.data && Array.isArray(res.data.items))
          rerank(asked, res.data)
      })
    }
    postMessage(msg) {
      var args = Array.prototype.slice.call(arguments)
      if (this.__zhPending && msg && msg.type === QUERY && typeof msg.data === "string") {
        this.__zhPending.push({ runs: runsOf(msg.data), query: normal(msg.data) })
        var data = unhyphen(msg.data)
        if (HAN.test(data)) data = rewrite(data)
        if (data !== msg.data) args[0] = { type: QUERY, data: data }
      }
      return super.postMessage.apply(this, args)
    }
  }
})()
