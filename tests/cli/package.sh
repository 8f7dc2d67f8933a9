#!/usr/bin/env bash
# The Debian package (cpack -G DEB, CMakeLists.txt): its files, its control fields, a Depends
# that names the package of every shared library the executable needs, and the executable,
# extracted from it into a scratch root, checking all the data it ships and finding that data
# by itself, beside it. Skipped (exit 77), saying why, without dpkg-deb.
# Usage: package.sh CPACK SRC BUILD VERSION SANITIZE(ON|OFF)
set -euo pipefail
cpack="$1" src="$2" build="$3" version="$4" sanitize="$5"
for tool in dpkg-deb dpkg readelf ldd; do
    command -v "$tool" >/dev/null || { echo "package: skipped: no $tool (a Debian system's dpkg, binutils, libc-bin)"; exit 77; }
done
work="$(mktemp -d "${TMPDIR:-/tmp}/tercio-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "package: $*" >&2; failures=$((failures + 1)); }

arch="$(dpkg --print-architecture)"
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    echo "package: cpack -G DEB failed" >&2
    exit 1
fi
deb="$work/out/tercio_${version}_${arch}.deb"
[ -f "$deb" ] || { ls "$work/out" >&2; echo "package: no $(basename "$deb")" >&2; exit 1; }

# The files: the executable, every file of data/, the man page and the server's examples, all
# root's. (dpkg-deb -c: "-rwxr-xr-x root/root 123 2024-01-01 00:00 ./usr/bin/tercio".)
dpkg-deb -c "$deb" >"$work/contents"
awk '{print $6}' "$work/contents" | sed 's#^\./#/#' >"$work/files"
expected=(/usr/bin/tercio /usr/share/man/man6/tercio.6)
for f in "$src"/docs/server/*; do expected+=("/usr/share/doc/tercio/examples/$(basename "$f")"); done
while IFS= read -r f; do expected+=("/usr/share/tercio/${f#"$src"/data/}"); done \
    < <(find "$src/data/" -type f | sort)
for f in "${expected[@]}"; do
    grep -qxF "$f" "$work/files" || fail "not in the package: $f"
done
grep -q '^-rwxr-xr-x root/root .* \./usr/bin/tercio$' "$work/contents" ||
    fail "usr/bin/tercio is not root's and mode 0755: $(grep 'usr/bin/tercio' "$work/contents")"
grep -v ' root/root ' "$work/contents" | grep . && fail "files not owned by root/root (above)"
data_files=$(find "$src/data/" -type f -name '*.toml' | wc -l)
[ "$data_files" -ge 20 ] || fail "only $data_files data files under $src/data"

# The control fields.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = tercio ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), expected $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture: $(field Architecture), expected $arch"
[ "$(field Section)" = games ] || fail "Section: $(field Section)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ -n "$(field Description)" ] || fail "no Description"
depends="$(field Depends)"
# "libc6 (>= 2.34), a | b" -> one package name a line.
depends_names="$(tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*\)//; s/:any//; s/[[:space:]]//g' | grep .)"

# Extracted into a scratch root: every library the executable needs belongs to a package in
# Depends (the sanitizers' runtimes aside in a sanitized build: a test build's package only).
dpkg -x "$deb" "$work/root"
tercio="$work/root/usr/bin/tercio"
needed="$(readelf -d "$tercio" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]$/\1/p')"
[ -n "$needed" ] || fail "readelf finds no NEEDED libraries in $tercio"
ldd "$tercio" >"$work/ldd"
# Each library's path as ldd resolves it, /usr added or taken away (with a merged /usr, dpkg knows
# only the path the package ships), and the file its link points at: all asked of dpkg at once.
declare -A paths
for lib in $needed; do
    if [ "$sanitize" = ON ] && [[ "$lib" =~ ^lib(asan|ubsan)\.so ]]; then continue; fi
    # "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)"; the dynamic loader, NEEDED when
    # libstdc++ is linked in statically, by its path alone: "/lib64/ld-linux-x86-64.so.2 (0x...)".
    path="$(awk -v l="$lib" '$1 == l && $2 == "=>" {print $3} $1 ~ "/" l "$" {print $1}' "$work/ldd" | head -n 1)"
    [ -n "$path" ] && [ -e "$path" ] || { fail "$lib: not found by ldd"; continue; }
    real="$(readlink -f "$path")"
    paths[$lib]=""
    for p in "$path" "$real"; do
        case "$p" in /usr/*) paths[$lib]+=" $p ${p#/usr}" ;; *) paths[$lib]+=" $p /usr$p" ;; esac
    done
done
# "libc6:amd64: /lib/x86_64-linux-gnu/libc.so.6" (or "a:amd64, b:i386: PATH"); dpkg -S fails for
# the paths it does not know, which is most of them.
# shellcheck disable=SC2086
dpkg -S ${paths[*]} 2>/dev/null | grep -v '^diversion' >"$work/owners" || true
for lib in "${!paths[@]}"; do
    found="" packages=""
    for p in ${paths[$lib]}; do
        packages+=" $(awk -F': ' -v p="$p" '$2 == p {print $1}' "$work/owners" | sed -E 's/:[a-z0-9]+//g; s/,/ /g')"
    done
    for p in $packages; do
        grep -qxF "$p" <<<"$depends_names" && found="$p"
    done
    if [ -z "${packages// /}" ]; then
        fail "$lib (${paths[$lib]# }): no package holds it (dpkg -S)"
    elif [ -z "$found" ]; then
        fail "$lib comes from $(tr ' ' '\n' <<<"$packages" | grep . | sort -u | paste -sd ' '), which Depends does not name: $depends"
    fi
done

# And libc6's version in Depends is at least glibc's newest symbol version the executable uses.
glibc="$(readelf -V "$tercio" | grep -oE 'GLIBC_[0-9]+(\.[0-9]+)+' | sed 's/GLIBC_//' | sort -uV | tail -n 1)"
libc6="$(tr ',' '\n' <<<"$depends" | sed -nE 's/^ *libc6 \(>= ([^)]*)\).*/\1/p')"
if [ -z "$glibc" ] || [ -z "$libc6" ]; then
    fail "glibc's version the executable needs ('$glibc') or libc6's in Depends ('$libc6') not found"
elif ! dpkg --compare-versions "$libc6" ge "$glibc"; then
    fail "the executable needs glibc $glibc, Depends says libc6 (>= $libc6)"
fi

# The extracted executable, run from a directory with no data in it, no --data-dir: it finds
# the data it came with in ../share/tercio beside itself, and checks all of it clean.
mkdir "$work/elsewhere"
cd "$work/elsewhere"
out="$("$tercio" --version 2>&1)" || fail "--version failed: $out"
[ "$out" = "tercio $version" ] || fail "--version said '$out', expected 'tercio $version'"
mapfile -t shipped < <(find "$work/root/usr/share/tercio" -type f -name '*.toml' | sort)
[ "${#shipped[@]}" -eq "$data_files" ] || fail "${#shipped[@]} data files extracted, $data_files in data/"
if ! "$tercio" check "${shipped[@]}" >"$work/check.out" 2>&1; then
    cat "$work/check.out" >&2
    fail "tercio check failed on the extracted data"
fi
[ "$(grep -c ': ok (' "$work/check.out")" -eq "${#shipped[@]}" ] || { cat "$work/check.out" >&2; fail "not every file ok"; }
# That it read the extracted data and no other copy (an installed tercio's, or the compiled-in
# prefix's): a rule's title changed in the extracted rules text is the one it prints.
rules="$work/root/usr/share/tercio/rulesets/pikette-squared/rules.toml"
sed -i 's/^title = "Die types and the ladder"$/title = "Die types, read from the package"/' "$rules"
grep -q 'read from the package' "$rules" || fail "PS-DICE-1's title is no longer 'Die types and the ladder'"
out="$("$tercio" rules PS-DICE-1 2>&1)" || fail "tercio rules PS-DICE-1 failed: $out"
grep -q 'read from the package' <<<"$out" || fail "tercio did not read the extracted data: $out"

if [ "$failures" -ne 0 ]; then
    echo "package: $failures failures; Depends: $depends" >&2
    exit 1
fi
echo "package: $(basename "$deb"): ${#expected[@]} files checked; Depends: $depends"
