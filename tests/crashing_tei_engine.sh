#!/usr/bin/env bash
# A TEI engine that shakes hands properly and then dies at its first `go`, for testing that the
# match forfeits that game, starts a fresh engine for the next one, and goes on.
while read -r line; do
  case "$line" in
    tei) echo "id name crashing"; echo "teiok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
