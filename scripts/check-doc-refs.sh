#!/usr/bin/env bash
# Checks the documentation's cross-references (fast: a text scan, no network, no build).
#
# - Every citation `ARCHITECTURE.md "X"` or `docs/benchmarks.md "X"` in the repository must name
#   a heading `## X` or `### X` of that file, exactly (case-sensitive). Also found: citations
#   wrapped over two lines (the comment marker of the next line left out), `\"X\"` inside JSON
#   strings, and each heading of a list `ARCHITECTURE.md "X", "Y"`. Placeholders ("…", "X")
#   are not citations.
# - ARCHITECTURE.md has at most 420 lines and never says "issue" followed by a number.
#
# Prints every failure and exits 1 if there is one. Usage: scripts/check-doc-refs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_LINES=420
DOCS=(ARCHITECTURE.md docs/benchmarks.md)
fail=0

# every text file of the repository that mentions a cited document (node_modules, target and
# .git left out), NUL-separated
candidates() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard
  else
    find . -type f -print0 | sed -z 's#^\./##'
  fi | grep -zvE '(^|/)(node_modules|target|\.git)/' |
    xargs -0 -r grep -lIZE 'ARCHITECTURE\.md|docs/benchmarks\.md' 2>/dev/null || true
}

# "file:line<TAB>document<TAB>heading" for every citation of the files given as arguments
citations() {
  perl -e '
    for my $file (@ARGV) {
      open(my $fh, "<", $file) or next;
      local $/; my $text = <$fh>; close $fh;
      while ($text =~ /(ARCHITECTURE\.md|docs\/benchmarks\.md)/g) {
        my ($doc, $at) = ($1, pos($text));
        my $line = 1 + (substr($text, 0, $at) =~ tr/\n//);
        my $after = substr($text, $at, 400);
        # a line break and the next line'"'"'s comment marker read as one space (also the
        # literal \n of a JSON string)
        $after =~ s{(?:\\n|\r?\n)[ \t]*(?://[!/]?|#|\*(?!/)|--)?[ \t]*}{ }g;
        next unless $after =~ /^\s*((?:\\?"[^"\\]+\\?"(?:\s*,\s*)?)+)/;
        my $list = $1;
        while ($list =~ /\\?"([^"\\]+)\\?"/g) {
          my $h = $1;
          $h =~ s/\s+/ /g;
          next if $h =~ /^(…|\.\.\.|X|Y)$/;
          print "$file:$line\t$doc\t$h\n";
        }
      }
    }
  ' "$@"
}

declare -A known
for doc in "${DOCS[@]}"; do
  if [ ! -f "$doc" ]; then echo "$doc is missing"; fail=1; continue; fi
  while IFS= read -r h; do known["$doc|$h"]=1; done < <(sed -n -E 's/^#{2,3} +(.*[^ ]) *$/\1/p' "$doc")
done

files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(candidates)
count=0
if [ "${#files[@]}" -gt 0 ]; then
  while IFS=$'\t' read -r where doc heading; do
    count=$((count + 1))
    if [ -z "${known["$doc|$heading"]:-}" ]; then
      echo "$where: $doc \"$heading\": $doc has no heading '## $heading' or '### $heading'"
      fail=1
    fi
  done < <(citations "${files[@]}")
fi

lines=$(wc -l < ARCHITECTURE.md)
if [ "$lines" -gt "$MAX_LINES" ]; then
  echo "ARCHITECTURE.md: $lines lines, at most $MAX_LINES"
  fail=1
fi
if grep -nEi 'issues?[[:space:]]*(#|no\.?[[:space:]]*)?[0-9]' ARCHITECTURE.md; then
  echo "ARCHITECTURE.md: names an issue number (the lines above)"
  fail=1
fi

[ "$fail" = 0 ] && echo "doc references ok: $count citations in ${#files[@]} files"
exit "$fail"
