"""The package's names, as the griffe extension (``docstring_links.py``) reads them unimported."""

from __future__ import annotations

import attention_tutorial
from tools.sitebuild import docstring_links


def test_the_public_names_and_their_modules_are_those_the_package_gives():
    """``public_modules`` reads ``__all__`` and each name's defining module from the source;
    importing the package gives the same names in the same order, and the same modules."""
    found = docstring_links.public_modules()
    assert list(found) == list(attention_tutorial.__all__)
    expected = {
        name: getattr(getattr(attention_tutorial, name), "__module__", None)
        for name in attention_tutorial.__all__
    }
    assert found == expected
    assert found["w_path"] == "attention_tutorial.training_paths"
