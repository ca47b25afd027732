#!/usr/bin/env python3
"""Sends a new `position`, then `isready` ten times and then `stop` to `bredon tei` while it searches a 5x5 position
with a 60 s movetime, and prints how long each answer took (readyok, bestmove after stop).
Fails if an answer waits for the search: readyok must come before bestmove, and bestmove must
come long before the 60 s are up. Usage: tei_latency_probe.py <bredon> [tei args...]"""
import random
import subprocess
import sys
import time

engine = subprocess.Popen([*sys.argv[1:2], "tei", *sys.argv[2:]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, bufsize=1)


def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


def wait_for(prefix):
    start = time.monotonic()
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit(f"FAIL: the engine exited while waiting for {prefix}")
        if line.startswith(prefix):
            return (time.monotonic() - start) * 1000, line.strip()


send("tei")
wait_for("teiok")
send("teinewgame 5")
send("position startpos moves a1 e5 c3")
send("go movetime 60000")
time.sleep(0.3)
send("position startpos moves a1 e5")  # a client's next position, sent early: must not block reading
ready_ms = []
for _ in range(10):
    time.sleep(random.uniform(0.05, 0.2))
    send("isready")
    ms, _ = wait_for("readyok")
    ready_ms.append(ms)
send("stop")
stop_ms, best = wait_for("bestmove")
send("quit")
engine.wait(timeout=10)
ready_ms.sort()
print(f"isready while searching: median {ready_ms[len(ready_ms) // 2]:.1f} ms, max {ready_ms[-1]:.1f} ms")
print(f"stop while searching: {best} after {stop_ms:.1f} ms")
if stop_ms > 10000:
    sys.exit("FAIL: stop waited for the search")
print("PASS")
