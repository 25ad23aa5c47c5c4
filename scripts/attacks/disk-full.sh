#!/usr/bin/env bash
# on a real full disk: mounts a 64 KB tmpfs (needs root), puts a 30 KB record
# on it in a non-canonical form, fills the rest, and runs `planilla format --write` and
# `planilla export -o`. Prints what happened; exits 1 if the record changed or a temporary file
# was left behind. Usage: sudo bash scripts/attacks/disk-full.sh
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
mnt=$(mktemp -d)
trap 'umount "$mnt" 2>/dev/null; rmdir "$mnt"' EXIT
mount -t tmpfs -o size=64k tmpfs "$mnt" || { echo "cannot mount a tmpfs (run as root)"; exit 2; }
# A long record in Latin-1 (the sample's moves and 300 notes full of ñ): its canonical form is
# UTF-8, which is larger, so even a writer that truncates first runs out of room half way.
{
  grep -v '^#character-encoding' "$root/samples/partida-completa.gcg" | grep -v '^#note'
  for i in $(seq 1 300); do echo "#note comentario $i: señor, año, niño, caña, ñandú, ñoño, piñón, mañana."; done
} | iconv -f UTF-8 -t LATIN1 > "$mnt/partida.gcg"
size=$(stat -c %s "$mnt/partida.gcg")
sum_before=$(sha256sum < "$mnt/partida.gcg")
dd if=/dev/zero of="$mnt/relleno" bs=1k count=1000 2>/dev/null   # fills the disk (dd stops at ENOSPC)
echo "record: $size bytes; free after filling: $(df --output=avail -B1 "$mnt" | tail -1) bytes"
node "$root/bin/planilla.js" --lang en format "$mnt/partida.gcg" --write; echo "format --write exit: $?"
node "$root/bin/planilla.js" --lang en export --for woogles "$mnt/partida.gcg" -o "$mnt/partida.gcg.woogles"; echo "export -o exit: $?"
sum_after=$(sha256sum < "$mnt/partida.gcg")
left=$(find "$mnt" -name '*.tmp' | wc -l)
echo "record unchanged: $([ "$sum_before" = "$sum_after" ] && echo yes || echo NO); temporary files left: $left"
[ "$sum_before" = "$sum_after" ] && [ "$left" = 0 ]
