#!/usr/bin/env bash
# `npm run demo`: install what is missing, build, start a virtual desktop with gtk3-widget-factory, run a real
# observe -> act -> observe session with agent-desktop, then stop everything the demo started.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
bash tools/scripts/ensure-setup.sh
npx nx run-many -t build --output-style=static >&2

state=$(mktemp -d /tmp/agent-desktop-demo.XXXXXX)
export AGENT_DESKTOP_HOME="$state/home"
desktop() { node tools/desktop/dist/main.js "$@"; }
cleanup() { desktop stop --state "$state/desktop" >/dev/null 2>&1 || true; rm -rf "$state"; }
trap cleanup EXIT

ad() {
  printf '$ agent-desktop'; printf ' %q' "$@"; echo
  node apps/cli/bin/agent-desktop.js "$@" || true
  echo
}

echo "# Envelopes that need no desktop"
ad version
ad click @e1
ad click @s0abc:e1
ad --contract 2.1 click @s0abc:e1

echo "# Starting a virtual desktop (Xvfb, private D-Bus, AT-SPI) with gtk3-widget-factory"
eval "$(desktop start --state "$state/desktop" --app gtk3-widget-factory --wait-name gtk3-widget-factory --timeout 60)"
ad status
ad list-apps

echo "# Observe"
snap=$(node apps/cli/bin/agent-desktop.js snapshot --app gtk3-widget-factory -i --compact || true)
echo "\$ agent-desktop snapshot --app gtk3-widget-factory -i --compact"
echo "$snap" | cut -c1-600; echo "..."
menu_find=$(node apps/cli/bin/agent-desktop.js find --app gtk3-widget-factory --role button --name Menu --exact --first || true)
echo "\$ agent-desktop find --app gtk3-widget-factory --role button --name Menu --exact --first"; echo "$menu_find"; echo
ref=$(node -e 'const e=JSON.parse(process.argv[1]); process.stdout.write(e.ok && e.data.match ? e.data.match.ref_id ?? "" : "")' "$menu_find")
ad find --app gtk3-widget-factory --role button --name "Get Busy" --first
if [ -n "$ref" ]; then
  echo "# Act: open the header bar's menu"
  ad click "$ref"
  echo "# Verify: the menu's items are on screen now (no longer offscreen)"
  ad find --app gtk3-widget-factory --role button --name "Get Busy" --first
else
  echo "(no Menu button found; the snapshot above shows what the app exposes)"
fi
echo "# A ref shared by twins is refused rather than guessed (contract 2.6 identity proof)"
twin=$(node apps/cli/bin/agent-desktop.js find --app gtk3-widget-factory --role checkbox --name checkbutton --exact --first || true)
twin_ref=$(node -e 'const e=JSON.parse(process.argv[1]); process.stdout.write(e.ok && e.data.match ? e.data.match.ref_id ?? "" : "")' "$twin")
[ -n "$twin_ref" ] && ad toggle "$twin_ref"
echo "# Observe again: a new snapshot, new refs"
ad snapshot --app gtk3-widget-factory -i --skeleton
echo "# Stopping the virtual desktop"
