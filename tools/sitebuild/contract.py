"""The names the package and the build agree on, from their one definition in the package.

They are defined in ``attention_tutorial/_contract.py`` (the package must hold them:
readers install it without ``tools/``). That file imports nothing, and is loaded here
by its path so that the build does not import the package (and with it torch).
The class a figure's ``<img>`` gets, ``FIGURE_CLASS``, is the build's own.

>>> FIGURE_MIME
'application/vnd.attention-tutorial.figure+json'
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "attention_tutorial" / "_contract.py"


def _load():
    spec = importlib.util.spec_from_file_location("_attention_tutorial_contract", SOURCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_contract = _load()
FIGURE_LANGS_ENV: str = _contract.FIGURE_LANGS_ENV
FIGURE_MIME: str = _contract.FIGURE_MIME
FACTS_KEY: str = _contract.FACTS_KEY
STATIC_STYLE: str = _contract.STATIC_STYLE
# The class of each figure's <img> on a page (docs/assets/stylesheets/extra.css styles it).
FIGURE_CLASS = "attn-figure"
