#!/usr/bin/env bash
# Builds the Debian package from a release binary with dpkg-deb; Depends comes from
# dpkg-shlibdeps, so it names exactly the libraries the binary links.
# Usage: packaging/build-deb.sh [BINARY] [OUTPUT-DIR]; prints the path of the .deb.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
binary=${1:-$root/.build/release/pushboard}
out=${2:-$root/.build/deb}

version=$("$binary" --version | awk '{print $2}')
# A native Debian version has no hyphen: 1.2.0-3-gabc1234-dirty becomes 1.2.0+3.gabc1234.dirty.
debversion=$(printf '%s' "$version" | sed -e 's/-/+/' -e 's/-/./g')
arch=$(dpkg --print-architecture)
maintainer="Pushboard team <pushboard@example.org>"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/pushboard
install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/lib/systemd/system" "$pkg/etc/pushboard" \
    "$pkg/usr/share/man/man1" "$pkg/usr/share/doc/pushboard"
install -m 0755 "$binary" "$pkg/usr/bin/pushboard"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/pushboard"
install -m 0644 "$here/pushboard.service" "$pkg/lib/systemd/system/pushboard.service"
install -m 0644 "$here/pushboard.conf" "$pkg/etc/pushboard/pushboard.conf"
"$here/manpage.sh" "$binary" | gzip -9n >"$pkg/usr/share/man/man1/pushboard.1.gz"
install -m 0644 "$here/debian/copyright" "$pkg/usr/share/doc/pushboard/copyright"
{
    echo "pushboard ($debversion) unstable; urgency=medium"
    echo
    echo "  * Built from git $version."
    echo
    echo " -- $maintainer  $(date -u -R ${SOURCE_DATE_EPOCH:+-d @$SOURCE_DATE_EPOCH})"
} | gzip -9n >"$pkg/usr/share/doc/pushboard/changelog.gz"
chmod 0644 "$pkg/usr/share/doc/pushboard/changelog.gz" "$pkg/usr/share/man/man1/pushboard.1.gz"
for script in postinst prerm postrm; do
    install -m 0755 "$here/debian/$script" "$pkg/DEBIAN/$script"
done
echo /etc/pushboard/pushboard.conf >"$pkg/DEBIAN/conffiles"

# dpkg-shlibdeps wants a debian/control beside the tree it looks at.
mkdir -p "$stage/debian"
printf 'Source: pushboard\n\nPackage: pushboard\nArchitecture: any\n' >"$stage/debian/control"
shlibs=$(cd "$stage" && dpkg-shlibdeps -O -e pushboard/usr/bin/pushboard 2>/dev/null | sed -n 's/^shlibs:Depends=//p')

cat >"$pkg/DEBIAN/control" <<CONTROL
Package: pushboard
Version: $debversion
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
Depends: adduser, $shlibs
Recommends: fonts-noto-color-emoji, ca-certificates
Section: web
Priority: optional
Description: dashboard for composing and validating iOS push notifications
 Pushboard is a web dashboard and JSON API for composing, validating,
 previewing and exporting iOS push notifications (APNs payloads and
 notification categories). It runs as a systemd service with its data in
 an embedded SQLite database.
CONTROL

mkdir -p "$out"
deb="$out/pushboard_${debversion}_${arch}.deb"
dpkg-deb --root-owner-group -Zgzip --build "$pkg" "$deb" >/dev/null
echo "$deb"
