"""The names the package and the site's build agree on (``tools/sitebuild/contract.py`` reads them).

The package writes them into what a notebook outputs; the build reads them back.
This module imports nothing: the build loads it by path, without the package (and torch).
"""

# Set by the build to "zh,en": each bilingual figure is drawn once per language.
FIGURE_LANGS_ENV = "ATTENTION_TUTORIAL_FIGURE_LANGS"
# The output holding those drawings, one per language; the build keeps the page's own.
FIGURE_MIME = "application/vnd.attention-tutorial.figure+json"
# Where an image carries its reading facts (min_width_px, colour_scale): the PNG text
# key, and the SVG comment ``<!-- attn-figure {...} -->``.
FACTS_KEY = "attn-figure"
