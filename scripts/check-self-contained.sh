#!/usr/bin/env bash
# The repository stands alone: no file names a path outside it (the product's private design notes
# are not part of it), and every "docs/product.md §N" citation names a section that page has.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files -- ':!package-lock.json' ':!scripts/check-self-contained.sh')
status=0
if outside=$(grep -nE 'shared/references|/work/shared|shared/(SPEC|DESIGN)\.md' $files); then
  echo "These lines name paths outside the repository; cite public sources instead:" >&2
  echo "$outside" >&2
  status=1
fi
if spec=$(grep -nE 'SPEC(\.md)? ?§' $files); then
  echo "These lines cite a SPEC section; cite docs/product.md instead:" >&2
  echo "$spec" >&2
  status=1
fi
for section in $(grep -ohE 'docs/product\.md §[0-9]+' $files | grep -oE '[0-9]+$' | sort -u); do
  if ! grep -q "^## §$section " docs/product.md; then
    echo "docs/product.md has no section §$section, which the code cites." >&2
    status=1
  fi
done
exit $status
