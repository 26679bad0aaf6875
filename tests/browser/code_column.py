"""A phone's code column: what a reader of the API and handbook pages sees at 375 px.

The API pages' examples are written to 40 columns (``PHONE_CODE_COLUMNS``, checked in
the sources by ``tests/site/test_api_pages.py``), but a 375 px phone's code box showed
35: the gutter kept on the right of every line for the copy button (38 px) took the
rest, and lines of 36 to 40 columns scrolled sideways (issue 26). On a phone the button
sits in a strip above the code, which is all the room it needs. Checked here in the
browser: every code box shows at least 40 columns, no code block of an API page scrolls
sideways unless for an error message (shown whole, as Python prints it), no block of a
handbook page does (its code is written to 40 columns: ``tests/site/test_handbook.py``
checks the sources), and no copy button covers a character of code.

Run on each API and handbook page of both languages in ``test_pages.py``'s phone
visit (the palette changes colours, not widths: one palette is enough).
"""

from __future__ import annotations

import re

from tools.sitebuild.docstring_links import PHONE_CODE_COLUMNS, columns

# The last line of a traceback: the exception's name and its message.
ERROR_LINE = re.compile(r"^[A-Za-z_.]*(Error|Exception|Warning): ")

# Each visible code block of the article (not an output): its text, the columns its box
# shows (its width inside the padding over the width of one character of its font),
# whether it scrolls sideways, and whether its copy button covers any of its characters.
CODE_BLOCKS = """() => {
  const out = [];
  for (const pre of document.querySelectorAll('article pre')) {
    if (pre.closest('.jp-OutputArea-output') || !pre.getClientRects().length) continue;
    const code = pre.querySelector(':scope > code') || pre;
    const style = getComputedStyle(code);
    const probe = document.createElement('span');
    probe.textContent = 'x'.repeat(40);
    probe.style.cssText = 'position: absolute; white-space: pre; visibility: hidden';
    code.appendChild(probe);
    const char = probe.getBoundingClientRect().width / 40;
    probe.remove();
    const inside = code.clientWidth - parseFloat(style.paddingLeft)
                   - parseFloat(style.paddingRight);
    const text = code.textContent.replace(/\\n$/, '');
    const scrolls = [pre, code].some(e => e.scrollWidth > e.clientWidth + 1);
    let covered = false;
    const box = pre.closest('.highlight, .jp-InputArea-editor') || pre.parentElement;
    const button = box.querySelector('button.md-code__button, .zeroclipboard-container');
    const b = button && button.getBoundingClientRect();
    if (b && b.width > 0) {
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node && !covered; node = walker.nextNode()) {
        if (node.parentElement.closest('nav, button, .zeroclipboard-container')) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects())
          if (r.width > 0 && r.right > b.left + 1 && r.left < b.right - 1 &&
              r.bottom > b.top + 1 && r.top < b.bottom - 1) { covered = true; break; }
      }
    }
    out.push({text, shown: inside / char, scrolls, covered});
  }
  return out;
}"""


def code_column_problems(page, path: str) -> list[str]:
    """What a phone reader of an API or handbook page ``path`` (loaded at 375 px) sees
    wrong with its code: a box showing under 40 columns, a block that scrolls sideways
    (any handbook block; an API block unless a line of an error message is what is over
    40 columns), a copy button over code.
    """
    section = "api" if "api/" in path else "handbook"
    blocks = page.evaluate(CODE_BLOCKS)
    # every page of these sections but the two indexes shows code: none found is a failure
    problems = [] if blocks or path.endswith(f"{section}/") else [f"{path}: no code found"]
    for block in blocks:
        where = f"{path} {block['text'][:50]!r}"
        if block["shown"] < PHONE_CODE_COLUMNS:
            problems.append(f"{where}: shows {block['shown']:.1f} columns")
        # an error message is shown whole, on the one line Python prints, and may scroll
        # (tests/unit/test_docstrings.py): the other lines must fit
        lines = block["text"].splitlines()
        longest = max(columns(line) for line in lines)
        code = max((columns(line) for line in lines if not ERROR_LINE.match(line)), default=0)
        if block["scrolls"] and (
            section == "handbook" or longest <= PHONE_CODE_COLUMNS or code > PHONE_CODE_COLUMNS
        ):
            problems.append(f"{where}: {longest} columns, scrolls sideways")
        if block["covered"]:
            problems.append(f"{where}: the copy button covers code")
    return problems
