#!/usr/bin/env python3
"""A real browser plays bredon serve's page, only through clicks and the page's stable hooks
(data-square, data-tps on the board, data-ptn on the move list; README "Play in the browser"):

1. one headless Chromium plays a whole game against the computer: a cancelled pick-up, a
   multi-square spread chosen with the drop selector, a wall, then flats until the game ends;
2. two separate browsers play a 3x3 friend game through the link while a third watches; one
   reloads mid-game; the watcher sees the road and the result.
Screenshots go to the folder given as the second argument.

usage: serve_browser_test.py <bredon executable> <screenshot folder>
"""
import json
import re
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BREDON, SHOTS = sys.argv[1], sys.argv[2]
os.makedirs(SHOTS, exist_ok=True)
WAIT = 30


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def browser():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000"):
        options.add_argument(arg)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what):
    try:
        # A page that navigates (a new game opening) leaves stale elements behind for a moment.
        return WebDriverWait(driver, WAIT, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(condition)
    except TimeoutException:
        driver.save_screenshot(os.path.join(SHOTS, "failure.png"))
        js = "const b = document.querySelector('#board'), i = document.querySelector('#invite');" \
             "return [b && b.dataset.tps, i && i.hidden, location.href];"
        raise AssertionError(f"timed out waiting for {what}; page says: {text(driver, '#status')!r} / "
                             f"{text(driver, '#message')!r}; board tps, invite hidden, url: {driver.execute_script(js)}")


def text(driver, css):
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return found[0].text if found else ""


def square(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'[data-square="{name}"]')


def ptn_moves(driver):
    ptn = driver.find_element(By.ID, "moves").get_attribute("data-ptn")
    body = "\n".join(line for line in ptn.splitlines() if not line.startswith("["))
    results = ("R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2")
    return [t for t in body.split() if not re.fullmatch(r"\d+\.", t) and t not in results]


def tps(driver):
    return driver.find_element(By.ID, "board").get_attribute("data-tps")


def state(port, game_id):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}") as r:
        return json.load(r)


def game_id(driver):
    return driver.current_url.rstrip("/").split("/g/")[1].split("#")[0]


def my_turn(driver):
    return text(driver, "#status").startswith("Your move") or bool(text(driver, "#result"))


def against_the_computer(port):
    d = browser()
    try:
        d.get(f"http://127.0.0.1:{port}/")
        wait(d, lambda d: d.find_element(By.ID, "new-game").is_displayed(), "the new-game form")
        Select(d.find_element(By.ID, "size")).select_by_visible_text("5")
        Select(d.find_element(By.ID, "opponent")).select_by_value("easy")
        Select(d.find_element(By.ID, "color")).select_by_value("white")
        # White to move with a stack of three (white on top) on c3: room for a spread.
        d.find_element(By.ID, "start").send_keys("x5/x5/x2,121,x2/x5/x5 1 4")
        d.find_element(By.ID, "start-game").click()
        wait(d, lambda d: "/g/" in d.current_url and tps(d), "the game page")
        wait(d, my_turn, "white to move")
        assert tps(d).startswith("x5/x5/x2,121,x2/x5/x5 1"), tps(d)
        assert square(d, "c3").get_attribute("aria-label").startswith("c3: white flat on 2 pieces"), square(d, "c3").get_attribute("aria-label")
        assert "with network" in text(d, "#bot-used") and "5x5.ckpt" in text(d, "#bot-used"), text(d, "#bot-used")

        # Pick up c3 (three counts possible: the count selector appears), then cancel by clicking it again.
        square(d, "c3").click()
        picker = d.find_element(By.ID, "picker")
        assert picker.is_displayed() and len(d.find_elements(By.CSS_SELECTOR, "#picker [data-count]")) == 3
        square(d, "c3").click()
        assert not picker.is_displayed(), "clicking the lifted stack again cancels"
        assert ptn_moves(d) == [], "nothing was played"

        # 3c3>12: pick up 3, go right, drop 1 on d3; the last 2 on e3 are forced and complete by themselves.
        square(d, "c3").click()
        d.find_element(By.CSS_SELECTOR, '#picker [data-count="3"]').click()
        assert "target" in square(d, "d3").find_element(By.CSS_SELECTOR, "rect").get_attribute("class")
        square(d, "d3").click()
        drops = [b.get_attribute("data-drop") for b in d.find_elements(By.CSS_SELECTOR, "#picker [data-drop]")]
        assert drops == ["1", "2", "3"], drops
        d.find_element(By.CSS_SELECTOR, '#picker [data-drop="1"]').click()
        wait(d, lambda d: "3c3>12" in ptn_moves(d), "3c3>12 in the move list")
        d.save_screenshot(os.path.join(SHOTS, "computer_after_spread.png"))
        wait(d, my_turn, "the computer's reply")

        # A wall: click an empty square, click it again (flat -> wall), play.
        def empty_squares():
            return [e.get_attribute("data-square") for e in d.find_elements(By.CSS_SELECTOR, "[data-square]")
                    if e.get_attribute("aria-label").endswith(": empty")]
        target = empty_squares()[0]
        square(d, target).click()
        square(d, target).click()
        assert d.find_element(By.CSS_SELECTOR, '#picker [data-kind="wall"]').get_attribute("aria-pressed") == "true"
        d.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
        wait(d, lambda d: "S" + target in ptn_moves(d), f"S{target} in the move list")

        # Flats until the game is over (the board fills up at the latest).
        for _ in range(60):
            wait(d, my_turn, "my turn or the end")
            if text(d, "#result"):
                break
            empties = empty_squares()
            before = len(ptn_moves(d))
            if empties:
                square(d, empties[0]).click()
                d.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
            else:  # every square taken but the game goes on: type one of the legal moves
                legal = state(port, game_id(d))["legal"]
                d.find_element(By.ID, "move-input").send_keys(legal[0] + "\n")
            wait(d, lambda d: len(ptn_moves(d)) > before or text(d, "#message"), "the move to land")
            assert not text(d, "#message"), text(d, "#message")
        result = text(d, "#result")
        assert result in ("R-0", "0-R", "F-0", "0-F", "1/2-1/2"), result
        s = state(port, game_id(d))
        assert s["result"] == result and d.find_element(By.ID, "moves").get_attribute("data-ptn") == s["ptn"]
        d.save_screenshot(os.path.join(SHOTS, "computer_game_over.png"))
        print(f"against the computer: {len(s['moves'])} plies, {result} ({s['reason']})")
    finally:
        d.quit()


def two_friends_and_a_watcher(port):
    a, b, c = browser(), browser(), browser()
    try:
        a.get(f"http://127.0.0.1:{port}/")
        wait(a, lambda d: d.find_element(By.ID, "new-game").is_displayed(), "the new-game form")
        a.find_element(By.CSS_SELECTOR, '[data-preset="learning"]').click()
        Select(a.find_element(By.ID, "opponent")).select_by_value("friend")
        a.find_element(By.ID, "start-game").click()
        wait(a, lambda d: d.find_element(By.ID, "invite").is_displayed(), "the invitation link")
        link = a.find_element(By.ID, "invite-link").get_attribute("value")
        assert link.startswith(f"http://127.0.0.1:{port}/g/"), link
        b.get(link)
        wait(b, lambda d: text(d, "#role") == "You play black.", "the friend taking the free seat")
        c.get(link)
        wait(c, lambda d: text(d, "#role") == "You are watching.", "the third visitor watching")
        wait(a, lambda d: not d.find_element(By.ID, "invite").is_displayed(), "the invitation to go once the seat is taken")

        def play(driver, name, ply):
            wait(driver, my_turn, f"{name}'s turn")
            square(driver, name).click()
            driver.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
            for d in (a, b, c):
                wait(d, lambda d: len(ptn_moves(d)) == ply, f"ply {ply} ({name}) on every page")

        play(a, "c3", 1)  # black's flat, placed by white
        play(b, "a1", 2)  # white's flat, placed by black
        b.refresh()      # a reload mid-game shows the game as it stands, seat kept
        wait(b, lambda d: tps(d) == tps(a) and text(d, "#role") == "You play black.", "the reloaded page")
        play(a, "a2", 3)
        play(b, "c1", 4)
        play(a, "a3", 5)  # a1-a2-a3: white's road
        for d in (a, b, c):
            wait(d, lambda d: text(d, "#result") == "R-0", "R-0 on every page")
        assert len(c.find_elements(By.CSS_SELECTOR, ".road-line")) == 2, "the road a1-a2-a3 is drawn"
        assert "R-0" in c.find_element(By.ID, "moves").get_attribute("data-ptn")
        for name, d in (("friend_white", a), ("friend_black", b), ("watcher", c)):
            d.save_screenshot(os.path.join(SHOTS, f"{name}.png"))
        print("two friends and a watcher: 5 plies, R-0, road drawn on the watcher's page")
    finally:
        for d in (a, b, c):
            d.quit()


def every_size_and_level(port):
    """Sizes 3..8 (6x6 from its tournament preset, komi 2), the levels in turn: two placements
    by clicks each, the computer answering both."""
    d = browser()
    try:
        for size, level in ((3, "easy"), (4, "medium"), (5, "hard"), (6, "easy"), (7, "medium"), (8, "hard")):
            d.get(f"http://127.0.0.1:{port}/")
            wait(d, lambda d: d.find_element(By.ID, "new-game").is_displayed(), "the new-game form")
            if size == 6:
                d.find_element(By.CSS_SELECTOR, '[data-preset="tournament"]').click()
                assert d.find_element(By.ID, "komi").get_attribute("value") == "2"
            else:
                Select(d.find_element(By.ID, "size")).select_by_visible_text(str(size))
            Select(d.find_element(By.ID, "opponent")).select_by_value(level)
            d.find_element(By.ID, "start-game").click()
            wait(d, lambda d: "/g/" in d.current_url and tps(d) and my_turn(d), f"a {size}x{size} game")
            for ply in (2, 4):
                name = next(e.get_attribute("data-square") for e in d.find_elements(By.CSS_SELECTOR, "[data-square]")
                            if e.get_attribute("aria-label").endswith(": empty"))
                square(d, name).click()
                d.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
                wait(d, lambda d: len(ptn_moves(d)) == ply and my_turn(d), f"the computer's reply on {size}x{size}")
            s = state(port, game_id(d))
            assert s["size"] == size and s["seats"]["black"]["kind"] == level and (size != 6 or s["komi"] == 2), s
        print("every size 3..8 against the levels in turn: 4 plies each")
    finally:
        d.quit()


def rules_and_a_phone_in_the_dark(port):
    d = browser()
    try:
        d.get(f"http://127.0.0.1:{port}/rules")
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mini svg")) == 7, "the rules page's seven example boards")
        assert d.find_element(By.CSS_SELECTOR, '.mini[data-tps^="x5/x5/x2,2121"] [data-square="c3"]').get_attribute("aria-label") == "c3: white flat on 3 pieces (black, white, black, bottom up)"
        assert len(d.find_elements(By.CSS_SELECTOR, ".mini .road-line")) == 4, "the road example draws its road"
        d.save_screenshot(os.path.join(SHOTS, "rules.png"))
        # A phone: the board fits the screen's width; the theme button switches to dark.
        d.set_window_size(390, 844)
        d.get(f"http://127.0.0.1:{port}/")
        wait(d, lambda d: d.find_element(By.ID, "new-game").is_displayed(), "the new-game form")
        d.find_element(By.ID, "theme").click()
        theme = d.execute_script("return document.documentElement.dataset.theme")
        d.find_element(By.ID, "theme").click() if theme != "dark" else None
        assert d.execute_script("return document.documentElement.dataset.theme") == "dark"
        d.find_element(By.CSS_SELECTOR, '[data-preset="fast"]').click()
        d.find_element(By.ID, "start-game").click()
        wait(d, lambda d: tps(d) and my_turn(d), "a 4x4 game on the phone")
        width = d.execute_script("return document.documentElement.clientWidth")
        box = d.find_element(By.CSS_SELECTOR, "#board svg").rect
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (box, width)
        square(d, "a1").click()
        picker = d.find_element(By.ID, "picker").rect
        assert picker["x"] >= 0 and picker["x"] + picker["width"] <= width + 1, ("the selector stays on screen", picker, width)
        d.save_screenshot(os.path.join(SHOTS, "phone_dark.png"))
        print("rules page: 7 boards; phone: the board fits 390 px, dark theme")
    finally:
        d.quit()


def reconnects_after_a_server_crash(port, server):
    """kill -9 of the server under an open page: the page says it is reconnecting, comes back by
    itself once the server is up again, shows the game as it was, and play goes on."""
    d = browser()
    try:
        d.get(f"http://127.0.0.1:{port}/")
        wait(d, lambda d: d.find_element(By.ID, "new-game").is_displayed(), "the new-game form")
        d.find_element(By.CSS_SELECTOR, '[data-preset="fast"]').click()
        Select(d.find_element(By.ID, "opponent")).select_by_value("easy")
        d.find_element(By.ID, "start-game").click()
        wait(d, lambda d: tps(d) and my_turn(d) and text(d, "#connection") == "live", "a live 4x4 game")
        square(d, "a1").click()
        d.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
        wait(d, lambda d: len(ptn_moves(d)) == 2 and my_turn(d), "the computer's reply")
        before = tps(d)
        server.restart()
        wait(d, lambda d: text(d, "#connection") == "reconnecting…", "the page to say it is reconnecting")
        d.save_screenshot(os.path.join(SHOTS, "reconnecting.png"))
        server.start()
        wait(d, lambda d: text(d, "#connection") == "live", "the page to reconnect by itself")
        assert tps(d) == before, (tps(d), before)
        empty = next(e.get_attribute("data-square") for e in d.find_elements(By.CSS_SELECTOR, "[data-square]")
                     if e.get_attribute("aria-label").endswith(": empty"))
        square(d, empty).click()
        d.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
        wait(d, lambda d: len(ptn_moves(d)) == 4 and my_turn(d), "play to go on after the restart")
        print("server killed under an open page: reconnecting shown, back by itself, the game goes on")
    finally:
        d.quit()


def post(port, path, body):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def a_clock_on_another_device(port):
    """A timed friend game opened on a second device through the private resume link: the seat
    is taken over, the clocks show and count down, and a move passes the running clock over."""
    g = post(port, "/api/games", {"size": 4, "opponent": "friend", "clock": {"minutes": 1, "increment_seconds": 2}})
    post(port, f"/api/games/{g['id']}/join", {})
    d = browser()
    try:
        d.get(f"http://127.0.0.1:{port}/g/{g['id']}#seat=white&token={g['token']}")
        wait(d, lambda d: text(d, "#role") == "You play white." and my_turn(d), "the seat taken over by the private link")
        assert "#" not in d.current_url, "the token leaves the address bar"
        assert d.find_element(By.ID, "clocks").is_displayed()
        first = text(d, "#white-clock")
        assert "running" in d.find_element(By.ID, "white-clock").get_attribute("class")
        wait(d, lambda d: text(d, "#white-clock") != first, "white's clock to count down")
        assert text(d, "#black-clock") == "1:00", text(d, "#black-clock")
        square(d, "a1").click()
        d.find_element(By.CSS_SELECTOR, '#picker [data-action="play"]').click()
        wait(d, lambda d: "running" in d.find_element(By.ID, "black-clock").get_attribute("class"), "black's clock to run")
        print(f"clock: white {first} counting down, then black's running; the resume link took the seat over")
    finally:
        d.quit()


class Server:
    def __init__(self, port, tmp):
        self.port, self.tmp, self.process = port, tmp, None
        self.log = open(os.path.join(tmp, "serve.log"), "a")

    def start(self):
        self.process = subprocess.Popen([BREDON, "serve", "--port", str(self.port), "--db", os.path.join(self.tmp, "games.sqlite")],
                                        stderr=self.log)
        # Up to a minute: on a loaded machine loading the bots can take more than a few seconds.
        for _ in range(600):
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode} (serve.log has why)")
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/bots").read()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not answer within a minute")

    def restart(self):
        """kill -9 only: start() brings it back."""
        self.process.kill()
        self.process.wait()

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


def main():
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(port, tmp)
        server.start()
        try:
            against_the_computer(port)
            two_friends_and_a_watcher(port)
            every_size_and_level(port)
            rules_and_a_phone_in_the_dark(port)
            a_clock_on_another_device(port)
            reconnects_after_a_server_crash(port, server)
        finally:
            server.stop()
            sys.stderr.write(open(os.path.join(tmp, "serve.log")).read()[-3000:])
    print("browser test passed")


if __name__ == "__main__":
    main()
