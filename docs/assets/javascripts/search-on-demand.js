/* Load search only when the reader first opens it (Material for MkDocs 9.x).
 * Loaded before Material's bundle (overrides/main.html). At start the bundle
 * creates the search worker and fetches search/search_index.json, on every
 * first visit, although most readers never search. Here both wait until the
 * reader focuses the search box, opens the search dialog or clicks the search
 * button; the bundle never notices, it only sees a slower network.
 *
 * 1. The request for search_index.json (XMLHttpRequest in Material 9.8, or
 *    fetch) is sent on first open.
 * 2. new Worker(search worker) returns a stand-in with the Worker methods the
 *    bundle uses (postMessage, addEventListener, removeEventListener,
 *    terminate); on first open it creates the real worker and hands over the
 *    listeners and queued messages in order.
 * From file:// (the offline variant) nothing is fetched over a network and
 * nothing changes.
 */
(function () {
  if (location.protocol === "file:") return
  var opened = false, waiting = []
  function open() {
    if (opened) return
    opened = true
    waiting.splice(0).forEach(function (go) { go() })
  }
  function whenOpen(go) { if (opened) go(); else waiting.push(go) }

  function isSearch(el) {
    return el instanceof Element &&
      (el.matches("[data-md-component=search-query], #__search") ||
       !!el.closest("label[for=__search], .md-search"))
  }
  ["focusin", "pointerdown", "click", "change"].forEach(function (type) {
    document.addEventListener(type, function (ev) {
      if (type === "change" && !ev.target.checked) return
      if (isSearch(ev.target)) open()
    }, true)
  })

  var INDEX = /\/search\/search_index\.json(?:[?#]|$)/
  var realFetch = window.fetch
  if (realFetch) {
    window.fetch = function (input) {
      var self = this, args = arguments
      var url = typeof input === "string" ? input : String((input && input.url) || input)
      if (!INDEX.test(url)) return realFetch.apply(self, args)
      return new Promise(function (resolve) { whenOpen(resolve) })
        .then(function () { return realFetch.apply(self, args) })
    }
  }

  var xhr = window.XMLHttpRequest && XMLHttpRequest.prototype
  if (xhr) {
    var realOpen = xhr.open, realSend = xhr.send
    xhr.open = function (method, url) {
      this.__searchIndex = INDEX.test(String(url))
      return realOpen.apply(this, arguments)
    }
    xhr.send = function () {
      var request = this, args = arguments
      if (!request.__searchIndex) return realSend.apply(request, args)
      whenOpen(function () { realSend.apply(request, args) })
    }
  }

  var RealWorker = window.Worker
  if (!RealWorker) return
  var WORKER = /\/workers\/search\.[^/]*js$/
  window.Worker = function (url, options) {
    if (!WORKER.test(String(url))) return new RealWorker(url, options)
    var worker = null, calls = []
    function call(method) {
      return function () {
        if (worker) return worker[method].apply(worker, arguments)
        calls.push([method, arguments])
      }
    }
    whenOpen(function () {
      worker = new RealWorker(url, options)
      calls.splice(0).forEach(function (c) { worker[c[0]].apply(worker, c[1]) })
    })
    return {
      postMessage: call("postMessage"),
      addEventListener: call("addEventListener"),
      removeEventListener: call("removeEventListener"),
      terminate: call("terminate"),
    }
  }
})()
