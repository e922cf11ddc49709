#!/usr/bin/env bash
# Writes the pushboard(1) man page to stdout, generated from the program's own --help texts so
# the page can never disagree with the program. Usage: packaging/manpage.sh BINARY
set -euo pipefail
binary=${1:?usage: packaging/manpage.sh BINARY}
version=$("$binary" --version | awk '{print $2}')
date=${SOURCE_DATE_EPOCH:+$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)}
date=${date:-$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)}

# Text to roff: backslashes, a leading dot or quote, hyphens, and the few non-ASCII signs used.
roff() {
    sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e 's/^\./\\\&./' -e "s/^'/\\\\\&'/" \
        -e 's/—/\\(em/g' -e 's/…/.../g' -e 's/→/\\(->/g'
}

# The command words of each synopsis line ("categories export --as …" gives "categories export").
commands=$("$binary" --help | sed -n 's/^  pushboard //p' | while read -r line; do
    words=()
    for word in $line; do
        case $word in \[* | -* | *[A-Z]* | *\|*) break ;; esac
        words+=("$word")
    done
    echo "${words[*]}"
done | awk '!seen[$0]++')

cat <<ROFF
.TH PUSHBOARD 1 "$date" "pushboard $version" "User Commands"
.SH NAME
pushboard \\- compose, validate, preview and export iOS push notifications
.SH SYNOPSIS
.nf
$("$binary" --help | sed -n '/^Usage:/,/^$/s/^  //p' | roff)
.fi
.SH DESCRIPTION
.nf
$("$binary" --help | roff)
.fi
.SH COMMANDS
ROFF
while read -r command; do
    [ -n "$command" ] || continue
    echo ".SS \"pushboard $command\""
    echo ".nf"
    # shellcheck disable=SC2086
    "$binary" $command --help | roff
    echo ".fi"
done <<<"$commands"
cat <<'ROFF'
.SH FILES
.TP
.I /etc/pushboard/pushboard.conf
The settings the service passes to \fBpushboard serve \-\-config\fR.
.TP
.I /var/lib/pushboard
The service's data directory (the SQLite database).
.TP
.I /lib/systemd/system/pushboard.service
The systemd unit; \fBsystemctl reload pushboard\fR reopens the log file.
.SH EXIT STATUS
0 valid or success, 1 invalid input, 2 usage or I/O error.
.SH SEE ALSO
.BR systemctl (1),
.BR journalctl (1)
ROFF
