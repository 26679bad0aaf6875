"""Docstrings are rendered as Markdown on the API page: no reStructuredText roles."""

import inspect
import re

import attention_tutorial as at


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
