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

# The explorer's wide picture's declared minimum width (CSS px; ``figures._base.reading_facts``):
# in a narrower column its smallest text (the 10 pt legends of a 9-inch figure) is under
# ``MIN_TEXT_PX``. Its ``<img>`` carries it as ``data-min-width``; the style below switches
# to the stacked picture in any column narrower than it (r31c: at 601 to 640 px the wide
# picture was shown 552 to 582 px wide, its legends about 6 px high). Checked against the
# figure by tests/unit/test_explorer.py, and written in the site's CSS too.
EXPLORER_WIDE_MIN_PX = 583
# The static picture comes in two layouts; this style, carried in the HTML itself, shows one
# of them wherever the HTML is rendered (a notebook, a file of one's own): the wide one,
# the stacked one on a screen up to a phone's width, and in a column narrower than what
# the wide one declares (a container query: the figure is the container). The same rules
# as the site's ``docs/assets/stylesheets/explorer.css``, and only for the images of this
# static figure (the stepper's, which uses this style too, declares no such width).
# ``attention_tutorial.explorer`` puts it in the widgets' HTML; the build drops it from pages.
STATIC_STYLE = (
    "<style>"
    ".attn-explorer-static img.attn-shown-narrow{display:none}"
    "@media screen and (max-width:600px){"
    ".attn-explorer-static img.attn-shown-narrow{display:block}"
    ".attn-explorer-static img.attn-shown-wide{display:none}"
    "}"
    ".attn-explorer-static{container-type:inline-size}"
    f"@container (width<{EXPLORER_WIDE_MIN_PX}px){{"
    f'.attn-explorer-static:has(>img.attn-shown-wide[data-min-width="{EXPLORER_WIDE_MIN_PX}"])'
    ">img.attn-shown-narrow{display:block}"
    ".attn-explorer-static>img.attn-shown-wide"
    f'[data-min-width="{EXPLORER_WIDE_MIN_PX}"]{{display:none}}'
    "}</style>"
)
