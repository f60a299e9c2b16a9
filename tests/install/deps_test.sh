#!/bin/sh
# `make deps` run by a user who is neither root nor has sudo (a fresh Debian minbase): it
# names the missing packages and the apt-get line to run as root, installs nothing, and
# fails. The user is played by an `id` that says 1000, on a PATH with no sudo.
#   deps_test.sh SOURCE_DIR WORKDIR
set -u
src=$1
cd "$2" || exit 1
rm -rf deps-bin && mkdir deps-bin || exit 1
printf '#!/bin/sh\necho 1000\n' > deps-bin/id && chmod +x deps-bin/id
for tool in dpkg dpkg-query; do ln -s "$(command -v $tool)" deps-bin/$tool; done
make=$(command -v make)
PATH="$PWD/deps-bin" "$make" -s -C "$src" deps EXTRA_PACKAGES=arbiter-no-such-package > deps.txt 2>&1
status=$?
failed=0
[ $status != 0 ] || { echo "FAIL: make deps succeeded without installing"; failed=1; }
for text in "these Debian packages are missing: arbiter-no-such-package" "sudo is not here" \
            "apt-get update && apt-get install -y arbiter-no-such-package"; do
  grep -qF -- "$text" deps.txt || { echo "FAIL: make deps does not say: $text"; failed=1; }
done
[ $failed = 0 ] || cat deps.txt
exit $failed
