#!/usr/bin/env python3
"""kill -9 of bredon serve in the middle of a load of friend games, then a restart: every move
the server acknowledged is there (a move stored but whose answer was cut off may be there too),
seats still answer to their tokens and the games play on.

usage: serve_restart_test.py <bredon executable>
"""
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

BREDON = sys.argv[1]
GAMES, PLAYERS = 24, 6


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def start(port, db, log):
    server = subprocess.Popen([BREDON, "serve", "--port", str(port), "--db", db], stderr=log)
    # Up to a minute: on a loaded machine loading the bots can take more than a few seconds.
    for _ in range(1200):
        if server.poll() is not None:
            raise SystemExit(f"FAIL: the server exited with {server.returncode}")
        try:
            call(port, "/api/bots")
            return server
        except OSError:
            time.sleep(0.05)
    raise SystemExit("FAIL: the server did not answer within a minute")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        db, log = os.path.join(tmp, "games.sqlite"), open(os.path.join(tmp, "serve.log"), "w")
        port = free_port()
        server = start(port, db, log)
        games = []
        for i in range(GAMES):
            g = call(port, "/api/games", {"size": 4 + i % 3, "opponent": "friend", "clock": {"minutes": 30, "increment_seconds": 1}} if i % 4 == 0
                     else {"size": 4 + i % 3, "opponent": "friend"})
            black = call(port, f"/api/games/{g['id']}/join", {})
            games.append({"id": g["id"], "tokens": {"white": g["token"], "black": black["token"]}, "acked": []})
        stop = threading.Event()

        def player(mine):
            rng = random.Random(len(mine))
            while not stop.is_set():
                for g in mine:
                    try:
                        s = call(port, f"/api/games/{g['id']}")
                        if s["result"]:
                            continue
                        move = rng.choice(s["legal"])
                        reply = call(port, f"/api/games/{g['id']}/move", {"token": g["tokens"][s["turn"]], "move": move})
                        g["acked"].append(move)  # acknowledged: the server answered 200
                        assert reply["state"]["moves"] == g["acked"], (g["id"], reply["state"]["moves"], g["acked"])
                    except (OSError, urllib.error.URLError):
                        return  # the server is gone
        threads = [threading.Thread(target=player, args=(games[i::PLAYERS],)) for i in range(PLAYERS)]
        for t in threads:
            t.start()
        time.sleep(2.0)
        server.send_signal(signal.SIGKILL)  # in the middle of the load
        server.wait()
        for t in threads:
            t.join()
        stop.set()
        acked = sum(len(g["acked"]) for g in games)
        assert acked > 50, f"only {acked} moves were played before the kill"

        server = start(port, db, log)
        try:
            extra = 0
            for g in games:
                s = call(port, f"/api/games/{g['id']}")
                stored = s["moves"]
                assert stored[:len(g["acked"])] == g["acked"], f"game {g['id']}: acknowledged {g['acked']}, stored {stored}"
                assert len(stored) - len(g["acked"]) <= 1, f"game {g['id']}: moves nobody played: {stored}"
                extra += len(stored) - len(g["acked"])
                assert s["seats"]["white"]["taken"] and s["seats"]["black"]["taken"]
                if not s["result"]:  # the seats still answer to their tokens: the game goes on
                    reply = call(port, f"/api/games/{g['id']}/move", {"token": g["tokens"][s["turn"]], "move": s["legal"][0]})
                    assert reply["state"]["moves"] == stored + [s["legal"][0]]
            print(f"PASS: {GAMES} games, {acked} acknowledged moves all present after kill -9 and restart "
                  f"({extra} stored whose answer the kill cut off)")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
