#!/usr/bin/env bash
# A TEI engine that advertises no HalfKomi option (as Taktician): it plays komi 0 only.
while read -r line; do
  case $line in
    tei) echo "id name no-komi"; echo "teiok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
