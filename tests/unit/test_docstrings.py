"""Docstrings are rendered as Markdown on the API page: no reStructuredText roles."""

import doctest
import importlib
import inspect
import pkgutil
import re

import attention_tutorial as at

# A phone's code box on an API page (375 px wide) shows 40 characters of a line;
# a longer line scrolls sideways. An output is never broken over lines to fit: it is
# exactly what Python prints (tests/site/test_api_pages.py runs the examples without
# NORMALIZE_WHITESPACE); an example that would print a long line is restructured instead
PHONE_CODE_CHARS = 40


def test_docstrings_use_markdown_math_not_rst_roles():
    offenders = []
    for name in at.__all__:
        obj = getattr(at, name)
        doc = inspect.getdoc(obj) or ""
        if re.search(r":(math|func|class|meth):`", doc):
            offenders.append(name)
    assert offenders == []


def test_docstring_examples_are_an_examples_section():
    # griffe renders "Example:" as an admonition and breaks the code block
    offenders = [
        name
        for name in at.__all__
        if re.search(r"^Example:$", inspect.getdoc(getattr(at, name)) or "", re.M)
    ]
    assert offenders == []


def test_example_outputs_fit_a_phones_code_box():
    """The outputs of the examples on the API pages (public modules, public names): a
    reader found lines up to 86 characters, scrolling sideways on a phone. An error
    message is exempt: doctest matches the last line of a traceback against the message
    the package raises, so it is shown whole, on the one line Python prints (breaking it
    showed text Python never prints), and scrolls on a phone; the unit tests check
    each message's wording."""
    finder = doctest.DocTestFinder()
    too_long = []
    for info in pkgutil.walk_packages(at.__path__, "attention_tutorial."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue  # a private module: no API page shows it
        module = importlib.import_module(info.name)
        for test in finder.find(module):
            name = test.name.removeprefix(info.name)
            if any(part.startswith("_") and not part.endswith("__") for part in name.split(".")):
                continue  # a private helper, hidden on the API page
            for example in test.examples:
                if example.exc_msg is not None:
                    continue  # a traceback: its header, "..." and the message (see above)
                too_long += [
                    f"{test.name}: {line}"
                    for line in example.want.splitlines()
                    if len(line) > PHONE_CODE_CHARS
                ]
    assert too_long == []
