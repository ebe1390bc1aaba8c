# Sourced by benchmarks/run, benchmarks/heap-held and benchmarks/otel-loss. built_revision prints the commit the measured
# jars are built from (run it from the repository's root), marked "(uncommitted changes)" if a file that goes into them,
# or into the harness that measures them, differs from that commit; pages (Markdown, docs/) and the investigation
# scripts do not count, so editing a page while a run goes on does not mark its report.
built_revision() {
  local revision
  revision="$(git rev-parse --short HEAD 2>/dev/null || echo none)"
  git diff --quiet HEAD -- . ':(exclude)*.md' ':(exclude)docs' ':(exclude)benchmarks/investigations' 2>/dev/null \
    || revision="$revision (uncommitted changes)"
  echo "$revision"
}
