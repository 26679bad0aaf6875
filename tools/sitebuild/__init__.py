"""Build the bilingual site: a MkDocs plugin, notebook execution with a cache, HTML repairs."""
