"""Searching the site as a reader does, and knowing when the answer is on the screen.

Material sends each new value of the search box to its search worker and, when the
worker answers, writes the answer into the page in the same task: the count line
(``.md-search-result__meta``) and the first ten results; more follow only as the
reader scrolls. So the results of a query are complete the moment every query sent
has been answered. ``WATCH_WORKER``, an init script, counts both; ``wait_for_answer``
waits for that condition itself. (The tests used to wait until the list had not
changed for 300 to 500 ms: that was most of each search's time, and on a busy
machine it could still end before a slow answer came.)
"""

from __future__ import annotations

# Before the site's own scripts, which wrap ``Worker`` in their turn
# (``search-on-demand.js``, ``zh-search.js``): this class is the innermost wrapper, so it
# counts the messages the worker really receives. Its listener is added first and so runs
# first; it counts the answer in a task after the one in which every listener (Material's
# rendering among them) has run.
WATCH_WORKER = """(() => {
  const Base = window.Worker;
  if (!Base) return;
  const QUERY = 2, RESULT = 3;  // Material's worker message types
  const state = window.__attnSearch = {sent: 0, answered: 0};
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.__attnSearch = /\\/workers\\/search\\.[^/]*js$/.test(String(url));
      if (!this.__attnSearch) return;
      this.addEventListener('message', ev => {
        if (ev.data && ev.data.type === RESULT) setTimeout(() => { state.answered += 1; });
      });
    }
    postMessage(message, ...rest) {
      if (this.__attnSearch && message && message.type === QUERY) state.sent += 1;
      return super.postMessage(message, ...rest);
    }
  };
})();"""

BOX = "input.md-search__input"

# The index is loaded and the worker ready once the empty box invites typing.
READY = (
    "() => /键入以开始|Type to start/.test("
    "document.querySelector('.md-search-result__meta').textContent)"
)

# The count line, and every result link shown (page and section), as path + hash.
SHOWN = """() => [document.querySelector('.md-search-result__meta').textContent,
    [...document.querySelectorAll(
        '.md-search-result__list > li.md-search-result__item a.md-search-result__link')]
    .map(a => { const u = new URL(a.href); return u.pathname + u.hash; })]"""

# Once a query after the first ``sent`` has been sent and every query answered, what
# ``%s`` (a function of no argument) reads; in one call, polled in the page.
ANSWER = """async ([sent, timeout]) => {
    const state = window.__attnSearch, deadline = performance.now() + timeout;
    while (!(state.sent > sent && state.answered === state.sent)) {
        if (performance.now() > deadline)
            throw new Error(`the search worker answered ${state.answered} of ${state.sent} ` +
                            `queries in ${timeout} ms (${sent} before this one)`);
        await new Promise(r => setTimeout(r, 10));
    }
    return (%s)();
}"""


def watch(context) -> None:
    """Count the search worker's queries and answers in every page of ``context``."""
    context.add_init_script(WATCH_WORKER)


def open_search(page, timeout: float = 20_000) -> None:
    """Click into the search box (which loads the index and the worker); wait until ready."""
    page.locator(BOX).click()
    page.wait_for_function(READY, timeout=timeout)


def sent(page) -> int:
    """How many queries the page has sent to the search worker so far."""
    return page.evaluate("window.__attnSearch.sent")


def wait_for_answer(page, before: int, timeout: float = 30_000, read: str = SHOWN):
    """Once a query after the first ``before`` has been sent and every query answered, what
    ``read`` finds on the page: by default the count line and the result links (``SHOWN``).

    The worker answers one query after the other, each key typed being one: at a load of 35
    on two cores, "leave-one-out" typed key by key had 12 of its 14 queries answered after
    10 s. The limit is 30 s; a prompt answer is read at once.
    """
    return page.evaluate(ANSWER % read, [before, timeout])
