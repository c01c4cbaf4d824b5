#!/bin/sh
# Installs agent-desktop's GNOME Shell extension (windows@agent-desktop) for the current user and enables it.
#   sh install.sh [--shell-version N]
# It writes $XDG_DATA_HOME/gnome-shell/extensions/windows@agent-desktop (default ~/.local/share/...): metadata.json and
# an extension.js in the format of the installed GNOME Shell (legacy for 42-44, ES modules for 45 and later), then
# enables it (gnome-extensions enable; where the running shell does not know the extension yet, the
# org.gnome.shell enabled-extensions key). On Wayland GNOME Shell finds a newly installed extension at the next log-in.
set -eu

uuid=windows@agent-desktop
here=$(cd "$(dirname "$0")" && pwd)

major=
if [ "${1:-}" = "--shell-version" ]; then
  major=${2:?--shell-version needs a number}
else
  version=$(gnome-shell --version 2>/dev/null || true)
  major=$(printf '%s\n' "$version" | sed -n 's/^GNOME Shell \([0-9][0-9]*\).*/\1/p')
  if [ -z "$major" ]; then
    echo "install.sh: cannot tell GNOME Shell's version (gnome-shell --version said '$version'); give --shell-version N" >&2
    exit 2
  fi
fi

if [ "$major" -ge 45 ]; then wrapper=esm-wrapper.js; else wrapper=legacy-wrapper.js; fi

target=${XDG_DATA_HOME:-$HOME/.local/share}/gnome-shell/extensions/$uuid
mkdir -p "$target"
cp "$here/metadata.json" "$target/metadata.json"
sed -e "/^\/\/@WINDOW_SERVICE@\$/{
r $here/windowService.js
d
}" "$here/$wrapper" > "$target/extension.js.new"
mv "$target/extension.js.new" "$target/extension.js"
echo "installed $uuid (GNOME Shell $major, $wrapper) in $target"

if gnome-extensions enable "$uuid" 2>/dev/null; then
  echo "enabled $uuid"
else
  # The running shell does not know the extension yet (or no shell runs): add it to the key the shell reads at start.
  current=$(gsettings get org.gnome.shell enabled-extensions)
  case "$current" in
    *"'$uuid'"*) ;;
    "@as []"|"[]") gsettings set org.gnome.shell enabled-extensions "['$uuid']" ;;
    *) gsettings set org.gnome.shell enabled-extensions "$(printf '%s' "$current" | sed "s/]\$/, '$uuid']/")" ;;
  esac
  echo "enabled $uuid in org.gnome.shell enabled-extensions; GNOME Shell loads it at the next log-in (on Wayland: log out and in)"
fi
if [ "$(gsettings get org.gnome.shell disable-user-extensions 2>/dev/null || true)" = "true" ]; then
  echo "note: org.gnome.shell disable-user-extensions is true, so GNOME Shell loads no user extension; turn it off with: gsettings set org.gnome.shell disable-user-extensions false" >&2
fi
