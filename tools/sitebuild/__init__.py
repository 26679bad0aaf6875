"""Build the bilingual site: notebook execution with a cache, MkDocs hooks, HTML fixes."""
