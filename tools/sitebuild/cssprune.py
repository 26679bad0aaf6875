"""Keep only the CSS rules whose selectors can match the site's pages.

A selector is kept when every class, id and element name it requires occurs in
some page (attribute selectors and pseudo-classes are kept as they are, the
arguments of ``:not()``/``:is()``/``:where()``/``:has()`` are not required).
Then custom properties that nothing reads (``var(--x)``), ``@font-face`` rules of
families that no kept rule names and ``@keyframes`` that no kept rule animates
are dropped. Conservative: a rule is only dropped when no page can use it.

>>> used = used_names(['<div class="jp-Cell"><p id="x">a</p></div>'])
>>> prune(".jp-Cell p{color:red}.jp-Unused{color:blue}", used)
'.jp-Cell p{color:red}'
>>> prune(":root{--a:1px;--b:2px}p{margin:var(--a)}", used)
':root{--a:1px}p{margin:var(--a)}'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import tinycss2


@dataclass
class UsedNames:
    """Classes, ids and element names that occur in a set of pages."""

    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    tags: set[str] = field(default_factory=set)


_CLASS_ATTR = re.compile(r'\sclass\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>"\']+))', re.I)
_ID_ATTR = re.compile(r'\sid\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>"\']+))', re.I)
_TAG = re.compile(r"<([a-zA-Z][\w-]*)")


def used_names(pages: Iterable[str], extra_classes: Iterable[str] = ()) -> UsedNames:
    """The names used by the HTML ``pages`` (plus classes that scripts add at run time)."""
    used = UsedNames(classes=set(extra_classes))
    for page in pages:
        for m in _CLASS_ATTR.finditer(page):
            used.classes.update((m.group(1) or m.group(2) or m.group(3) or "").split())
        for m in _ID_ATTR.finditer(page):
            used.ids.add(m.group(1) or m.group(2) or m.group(3) or "")
        used.tags.update(t.lower() for t in _TAG.findall(page))
    used.tags.update({"html", "body", "head"})
    return used


_WORD = re.compile(r"[A-Za-z_][\w-]*")


def script_words(scripts: Iterable[str]) -> set[str]:
    """Every word of the ``scripts``: a superset of the class names they add at run time.

    Material's bundle wraps tables in ``md-typeset__scrollwrap`` when the page
    loads; a rule for that class must stay although no built page contains it.

    >>> sorted(script_words(['e.classList.add("md-typeset__table")']))
    ['add', 'classList', 'e', 'md-typeset__table']
    """
    words: set[str] = set()
    for script in scripts:
        words.update(_WORD.findall(script))
    return words


_FUNCTIONAL = re.compile(r":(?:not|is|where|has|-webkit-any|-moz-any|matches)\(")
_ATTRIBUTE = re.compile(r"\[[^\]]*\]")
_PSEUDO = re.compile(r"::?[\w-]+(?:\([^)]*\))?")
_SEL_CLASS = re.compile(r"\.((?:[\w-]|\\.)+)")
_SEL_ID = re.compile(r"#((?:[\w-]|\\.)+)")
_SEL_TAG = re.compile(r"(?:^|[\s>+~])([a-zA-Z][\w-]*)")


def _strip_functional(selector: str) -> str:
    """Remove ``:not(...)`` and its kin with their (possibly nested) arguments."""
    while (m := _FUNCTIONAL.search(selector)) is not None:
        depth, i = 1, m.end()
        while i < len(selector) and depth:
            depth += {"(": 1, ")": -1}.get(selector[i], 0)
            i += 1
        selector = selector[: m.start()] + selector[i:]
    return selector


def _unescape(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name)


def selector_can_match(selector: str, used: UsedNames) -> bool:
    """True unless ``selector`` requires a class, id or element that no page has.

    >>> used = UsedNames(classes={"a"}, ids=set(), tags={"p"})
    >>> (
    ...     selector_can_match("p.a:hover > p::before", used),
    ...     selector_can_match("div.a", used),
    ... )
    (True, False)
    >>> selector_can_match(".a:not(.b)", used), selector_can_match("[data-x] .b", used)
    (True, False)
    """
    bare = _ATTRIBUTE.sub("", _strip_functional(selector))
    bare = _PSEUDO.sub("", bare)
    if any(_unescape(c) not in used.classes for c in _SEL_CLASS.findall(bare)):
        return False
    if any(_unescape(i) not in used.ids for i in _SEL_ID.findall(bare)):
        return False
    bare = _SEL_CLASS.sub("", _SEL_ID.sub("", bare))
    return all(t.lower() in used.tags for t in _SEL_TAG.findall(bare))


def _split_selectors(prelude: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(prelude):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(prelude[start:i].strip())
            start = i + 1
    parts.append(prelude[start:].strip())
    return [p for p in parts if p]


_VAR = re.compile(r"var\(\s*(--[\w-]+)")
_FAMILY = re.compile(r"font-family\s*:\s*([^;}]*)", re.I)
_FONT = re.compile(r"(?:^|[;{\s])font\s*:\s*([^;}]*)", re.I)


def _declarations(rule) -> list:
    return [
        d
        for d in tinycss2.parse_blocks_contents(
            rule.content, skip_comments=True, skip_whitespace=True
        )
        if d.type == "declaration"
    ]


def _serialize_declarations(decls) -> str:
    out = []
    for d in decls:
        value = tinycss2.serialize(d.value).strip()
        out.append(f"{d.name}:{value}{'!important' if d.important else ''}")
    return ";".join(out)


def _select(rules, used: UsedNames) -> list:
    """The rules (recursing into @media/@supports/@layer) with selectors that can match."""
    kept = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = [
                s
                for s in _split_selectors(tinycss2.serialize(rule.prelude))
                if selector_can_match(s, used)
            ]
            if selectors:
                kept.append(("rule", ",".join(selectors), _declarations(rule)))
        elif rule.type == "at-rule":
            name = rule.lower_at_keyword
            prelude = tinycss2.serialize(rule.prelude).strip()
            head = f"@{name} {prelude}" if prelude else f"@{name}"
            if name in {"media", "supports", "layer", "container"} and rule.content is not None:
                inner = _select(
                    tinycss2.parse_rule_list(
                        rule.content, skip_comments=True, skip_whitespace=True
                    ),
                    used,
                )
                if inner:
                    kept.append(("group", head, inner))
            elif rule.content is None:
                kept.append(("raw", f"{head};", None))
            else:
                kept.append(("at", head, rule))
    return kept


def _walk_decls(kept):
    for kind, _, body in kept:
        if kind == "rule":
            yield from body
        elif kind == "group":
            yield from _walk_decls(body)


def _families(value: str) -> set[str]:
    """Every word of a font or font-family value, unquoted (a superset of its family names)."""
    words = {f.strip().strip("\"'") for f in value.split(",")}
    return words | {w.strip("\"'") for w in re.split(r"[,\s]+", value)}


@functools.lru_cache(maxsize=16)
def _parse(css: str) -> tuple:
    """The rules of ``css`` (tinycss2), parsed once for the many pages pruned against it."""
    return tuple(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True))


def prune(css: str, used: UsedNames) -> str:
    """The rules of ``css`` that can apply to pages using ``used``, minified."""
    kept = _select(_parse(css), used)
    # Custom properties: keep those read by a kept declaration, transitively.
    defined: dict[str, list[str]] = {}
    needed: set[str] = set()
    families: set[str] = set()
    animations = ""
    for d in _walk_decls(kept):
        value = tinycss2.serialize(d.value)
        if d.name.startswith("--"):
            defined.setdefault(d.name, []).append(value)
        else:
            needed.update(_VAR.findall(value))
            if d.lower_name == "font-family":
                families |= _families(value)
            elif d.lower_name == "font":
                families |= _families(value)
            elif d.lower_name.startswith("animation"):
                animations += " " + value
    todo = list(needed)
    while todo:
        for value in defined.get(todo.pop(), []):
            for name in _VAR.findall(value):
                if name not in needed:
                    needed.add(name)
                    todo.append(name)
    for values in defined.values():  # custom properties may name font families too
        for value in values:
            families |= _families(value)
    return _render(kept, needed, families, animations)


def _render(kept, needed: set[str], families: set[str], animations: str) -> str:
    out = []
    for kind, head, body in kept:
        if kind == "rule":
            decls = [d for d in body if not d.name.startswith("--") or d.name in needed]
            if decls:
                out.append(f"{head}{{{_serialize_declarations(decls)}}}")
        elif kind == "group":
            inner = _render(body, needed, families, animations)
            if inner:
                out.append(f"{head}{{{inner}}}")
        elif kind == "raw":
            out.append(head)
        else:
            content = tinycss2.serialize(body.content)
            if head.startswith("@font-face"):
                family = _FAMILY.search(content)
                if family and not (_families(family.group(1)) & families):
                    continue
            if head.startswith(("@keyframes", "@-webkit-keyframes")):
                name = head.split(None, 1)[-1].strip()
                if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", animations):
                    continue
            out.append(f"{head}{{{content.strip()}}}")
    return "".join(out)


_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


def font_urls(css: str) -> list[str]:
    """The ``url(...)`` of every ``@font-face`` rule in ``css``, in order.

    >>> font_urls("@font-face{font-family:A;src:url(fonts/A.woff2) format('woff2')}")
    ['fonts/A.woff2']
    """
    urls = []
    for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
        if rule.type == "at-rule" and rule.lower_at_keyword == "font-face":
            urls += _URL.findall(tinycss2.serialize(rule.content))
    return urls
