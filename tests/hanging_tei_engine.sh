#!/usr/bin/env bash
# A TEI engine that starts a child process, never answers `go`, and ignores `quit`: the match
# must forfeit its games on time and leave neither it nor its child running. $1 tags the child.
sleep "$1" &
trap '' TERM
while read -r line; do
  case "$line" in
    tei) echo "id name hanging"; echo "teiok" ;;
    isready) echo "readyok" ;;
  esac
done
sleep 100000
