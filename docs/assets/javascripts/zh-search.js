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

  function plain(s) { return String(s || "").replace(/<[^>]*>|\u200b/g, "").replace(/\s+/g, " ").toLowerCase() }
  function runsOf(query) {
    var han = query.match(HAN_RUNS)
    if (han) return han
    var words = query.replace(/"/g, " ").trim().toLowerCase().split(/\s+/)
    return words.length > 1 ? [words.join(" ")] : []
  }
  function rerank(runs, result) {
    var has = function (s) { return runs.every(function (r) { return s.indexOf(r) >= 0 }) }
    result.items = result.items.map(function (group, i) {
      var tier = 0, titled = []
      group.forEach(function (doc) {
        var t = has(plain(doc.title)) || has(plain((doc.tags || []).join(" ")))
        titled.push(t)
        if (t) tier = 2
        else if (tier < 1 && has(plain(doc.text))) tier = 1
      })
      /* Enter opens the top hit; within the page, the sections whose heading has the
         words come first and are shown, not folded under "more" (Material shows the
         sections that score at least as high as the page's best). */
      group.forEach(function (doc, j) { doc.score += tier * 1e12 + (titled[j] ? 1e11 : 0) })
      group.sort(function (a, b) { return b.score - a.score })
      return { tier: tier, i: i, group: group }
    }).sort(function (a, b) { return b.tier - a.tier || a.i - b.i })
      .map(function (x) { return x.group })
  }

  var Base = window.Worker
  if (!Base) return
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options)
      if (!/\/workers\/search\.[^/]*js$/.test(String(url))) return  /* search worker only */
      var pending = this.__zhPending = []                  /* CJK runs of queries in flight */
      this.addEventListener("message", function (ev) {    /* runs before Material's listener */
        var res = ev.data
        if (!res || res.type !== RESULT) return
        var runs = pending.shift()
        if (runs && runs.length && res.data && Array.isArray(res.data.items))
          rerank(runs, res.data)
      })
    }
    postMessage(msg) {
      var args = Array.prototype.slice.call(arguments)
      if (this.__zhPending && msg && msg.type === QUERY && typeof msg.data === "string") {
        this.__zhPending.push(runsOf(msg.data))
        if (HAN.test(msg.data)) args[0] = { type: QUERY, data: rewrite(msg.data) }
      }
      return super.postMessage.apply(this, args)
    }
  }
})()
