#!/usr/bin/env bash
# A TEI engine that shakes hands properly and then answers every `go` with a malformed move,
# for testing that a match scores that as a forfeit and carries on.
while read -r line; do
  case "$line" in
    tei) echo "id name broken"; echo "teiok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove zz9" ;;
    quit) exit 0 ;;
  esac
done
