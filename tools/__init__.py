"""Project tooling: the site build (not part of the teaching package)."""
