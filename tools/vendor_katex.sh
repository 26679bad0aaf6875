#!/usr/bin/env bash
# Refresh the vendored KaTeX in docs/assets/katex from the npm registry.
# The site must not load anything from another host, so KaTeX is committed.
# Only the woff2 fonts are kept (every browser we support reads them); the
# CSS is rewritten so that it names no font file we do not ship.
set -euo pipefail
version="${1:-0.19.1}"
dest="$(cd "$(dirname "$0")/.." && pwd)/docs/assets/katex"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack "katex@${version}" --silent >/dev/null && tar xzf "katex-${version}.tgz")
rm -rf "$dest" && mkdir -p "$dest/fonts"
cp "$work/package/dist/katex.min.js" "$work/package/dist/contrib/auto-render.min.js" "$dest/"
cp "$work/package/LICENSE" "$dest/LICENSE"
cp "$work/package/dist/fonts/"*.woff2 "$dest/fonts/"
# keep only the woff2 source of each @font-face
sed -E 's/,url\(fonts\/[^)]+\.woff\) format\("woff"\)//g; s/,url\(fonts\/[^)]+\.ttf\) format\("truetype"\)//g' \
  "$work/package/dist/katex.min.css" > "$dest/katex.min.css"
echo "$version" > "$dest/VERSION"
