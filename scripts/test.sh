#!/usr/bin/env bash
# npm test: typecheck, lint, then every vitest project (unit, api on PGlite, api on PostgreSQL,
# main process, deployment behind nginx, end-to-end in Chromium) in one run, ending with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# the SSO tests start a throwaway slapd and load users with ldapadd
[ -x /usr/sbin/slapd ] || need+=(slapd)
command -v ldapadd >/dev/null || need+=(ldap-utils)
# the deployment test runs Debian's nginx with a certificate made by openssl
[ -x /usr/sbin/nginx ] || need+=(nginx)
command -v openssl >/dev/null || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing ${need[*]} from Debian for the browser and PostgreSQL tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || {
      echo "npm test needs Debian packages: apt-get install ${need[*]}"; exit 1; }
  else
    echo "npm test needs Debian packages: apt-get install ${need[*]}"; exit 1
  fi
fi

# side by side: each keeps one core busy for a few minutes
echo "== typecheck and lint"
checks=$SECONDS
tsc_log=$(mktemp); lint_log=$(mktemp)
npx tsc -p tsconfig.json --noEmit > "$tsc_log" 2>&1 & tsc_pid=$!
npx eslint . --max-warnings 0 > "$lint_log" 2>&1 & lint_pid=$!
wait $tsc_pid; tsc_status=$?
wait $lint_pid; lint_status=$?
cat "$tsc_log" "$lint_log"; rm -f "$tsc_log" "$lint_log"
[ $tsc_status -eq 0 ] || { echo "typecheck failed"; exit 1; }
[ $lint_status -eq 0 ] || { echo "lint failed"; exit 1; }
echo "typecheck and lint passed in $((SECONDS - checks)) s"

report=$(mktemp)
echo "== tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  // where the time goes: the slowest files, so a run that creeps towards the CI budget says why
  const root = process.cwd() + "/";
  const files = r.testResults.map((f) => ({ name: f.name.replace(root, ""), ms: f.endTime - f.startTime }));
  console.log(`Slowest files (of ${files.length}, ${Math.round((Date.now() - r.startTime) / 1000)} s since the runner started):`);
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`);
  // and by folder (tests/api holds both the PGlite and the PostgreSQL runs)
  const groups = new Map();
  for (const f of files) {
    const parts = f.name.split("/");
    const group = parts[0] === "tests" ? parts.slice(0, 2).join("/") : parts[0];
    const g = groups.get(group) ?? { ms: 0, count: 0 };
    groups.set(group, { ms: g.ms + f.ms, count: g.count + 1 });
  }
  console.log("By folder: " + [...groups].sort((a, b) => b[1].ms - a[1].ms).map(([name, g]) => `${name} ${Math.round(g.ms / 1000)} s (${g.count})`).join(", "));
  const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
  if (skipped > 0) { console.log(`${skipped} tests were skipped or todo: npm test allows none.`); process.exitCode = 1; }
  if (r.numTotalTests === 0) { console.log("No test ran."); process.exitCode = 1; }
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' "$report" || status=1
rm -f "$report"
exit $status
