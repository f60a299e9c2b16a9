#!/usr/bin/env bash
# What a new user meets on a fresh Debian 12 (minbase): builds one with debootstrap in
# FOLDER, clones this repository into it as an ordinary user, and follows the README:
# `make play` as that user before anything is installed (it must name the missing
# packages and stop), `apt-get install make` and the named packages as root, then
# `make play` (a game, ended by `:quit`) and `make test` as the user.
# Needs root, debootstrap and a Debian mirror; takes about half an hour on 2 cores.
# Usage: tools/fresh_debian.sh FOLDER   (a new folder; the log is FOLDER/fresh-debian.log)
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 FOLDER" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "$0: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "$0: install debootstrap first" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
root=$(mkdir -p "$1" && cd "$1" && pwd)/root
log=$(dirname "$root")/fresh-debian.log
[ ! -e "$root" ] || { echo "$0: $root exists: give a new folder (the check is of a fresh system)" >&2; exit 2; }
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$log" 2>&1
cleanup() { umount -l "$root/proc" "$root/sys" "$root/dev" 2>/dev/null || true; }
trap cleanup EXIT
mount -t proc proc "$root/proc"; mount -t sysfs sys "$root/sys"; mount --rbind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/"
chroot "$root" id ann >/dev/null 2>&1 || chroot "$root" useradd -m -d /home/ann ann
rm -rf "$root/home/ann/arbiter"
git clone -q "$repo" "$root/home/ann/arbiter"
chroot "$root" chown -R ann /home/ann
as_ann() { chroot "$root" su - ann -c "cd ~/arbiter && $1"; }

echo "== as a user, before anything is installed" | tee -a "$log"
chroot "$root" sh -c 'apt-get update -qq && apt-get install -y -qq make' >>"$log" 2>&1
first=$(as_ann 'make play' 2>&1 || true)
echo "$first" | tee -a "$log"
echo "$first" | grep -q "these Debian packages are missing" || { echo "FAIL: make play did not name the missing packages"; exit 1; }
packages=$(echo "$first" | sed -n 's/^make deps: these Debian packages are missing: //p')
echo "== as root: apt-get install -y $packages" | tee -a "$log"
chroot "$root" sh -c "apt-get install -y -qq $packages" >>"$log" 2>&1
echo "== make play, then :quit" | tee -a "$log"
as_ann 'echo :quit | make play' >>"$log" 2>&1 || { echo "FAIL: make play"; tail -20 "$log"; exit 1; }
grep -q "Seats: Andy" "$log" || grep -q "You are dealt" "$log" || { echo "FAIL: no game shown"; exit 1; }
echo "== make test" | tee -a "$log"
as_ann 'make test' >>"$log" 2>&1 || { echo "FAIL: make test"; tail -30 "$log"; exit 1; }
grep -E "tests passed|tests failed" "$log" | tail -1
echo "fresh Debian 12 minbase: make play and make test pass (log: $log)"
