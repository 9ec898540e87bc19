"""An HTTP referee for Shanghai Rummy on a :class:`shanghai_rules.Table`, using only the standard library.

The server keeps every game's table; each player's client sees only its own
seat's view and answers when the table asks it, as JSON.  Buys and Shanghai
calls are offered to the other seats before each draw, in the table's order; a
seat that does not answer within ``--offer-seconds`` is taken to pass (the
server owns the clock: it closes the offers on the next request after the time
is up).  Run it::

    python examples/http_referee.py                 # serve on http://127.0.0.1:8000
    python examples/http_referee.py --self-test     # start on a free port, play whole games, exit

The HTTP interface (every body is JSON):

``POST /games`` with ``{"variant": "pagat7", "players": 3, "seed": 7}``
    Start a game.  Answers ``201`` with the game's id and one secret token per
    seat; hand each player their own token.

``GET /games/<id>/view[?since=<move>]`` with the header ``Authorization: Bearer <token>``
    ``{"view": ..., "asked": bool, "step": ..., "move_number": n}``: the
    token's seat's view (a ``shanghai-rules/view`` document, with its legal
    actions), whether the table waits for this seat's answer now, and what it
    waits for; with ``since``, also ``"events"``: what happened from that move
    on, as this seat may know it.  A client that lost its connection gets
    everything back here.

``POST /games/<id>/answers`` with a token and an answer
    A ``shanghai-rules/action`` document, or ``{"pass": true}`` to let an
    offer go, each with ``"at"``: the ``move_number`` of the view it answers.
    ``200 {"ok": true, ...}`` with the seat's new view, ``409 {"ok": false,
    "code": ..., "error": ...}`` for an answer the table or the rules refuse
    (``stale_action``, ``not_awaited``, or the code of the rule broken, as the
    docs' refusals page lists them), ``400`` for a
    document that cannot be read.

Errors are ``{"ok": false, "error": ...}`` with ``401`` for a missing or wrong
token, ``404`` for an unknown game or path, ``400`` for a body whose length is
not given as a number or that ends before it, ``413`` for one longer than
``MAX_BODY`` bytes (refused unread) and ``408`` for one not sent within
``Handler.timeout`` seconds.  The next round is dealt as soon as a round ends.
The server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import secrets
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import shanghai_rules as sr
from shanghai_rules.event_json import event_to_dict

HOST = "127.0.0.1"

#: The longest request body read, in bytes: an answer or a new game's request is a few hundred.
MAX_BODY = 64 * 1024


class Game:
    """One game: its table (the true state is never sent), a lock, a secret token per seat, and the
    clock of the open offers."""

    def __init__(self, rules: sr.Rules, players: int, seed: int, offer_seconds: float) -> None:
        self.table = sr.Table.new(rules, players, seed=seed, keep_events=True)
        self.tokens = {secrets.token_urlsafe(16): seat for seat in range(players)}
        self.lock = threading.Lock()
        self.offer_seconds = offer_seconds
        self.offers_since: float | None = None

    def status(self, seat: int, since: int | None = None) -> dict[str, Any]:
        """What ``seat`` is told: its view, whether the table waits for it, and (``since`` a move
        number) what happened from that move on, as this seat may know it."""
        with self.lock:
            awaiting = self.tick()
            status = {"view": sr.to_dict(self.table.view(seat)), "asked": seat in awaiting.seats,
                      "step": awaiting.step, "move_number": awaiting.move_number}
            if since is not None:
                status["events"] = [event_to_dict(e) for e in self.table.events_for(seat, since)]
            return status

    def answer(self, seat: int, body: bytes) -> tuple[int, dict[str, Any]]:
        """Take ``seat``'s answer: (HTTP status, reply)."""
        try:
            message = json.loads(body)
            if isinstance(message, dict) and message.get("pass") is True:
                choice: sr.Action | sr.Pass = sr.Pass(seat)
                at = message.get("at")
            else:
                choice, at = sr.read_action(body)
        except (ValueError, RecursionError) as error:   # not JSON (or nested too deep), or not a valid document
            return HTTPStatus.BAD_REQUEST, {"ok": False, "code": getattr(error, "code", "bad_json"),
                                            "error": str(error)}
        with self.lock:
            self.tick()
            try:
                self.table.submit(seat, choice, at=at)
            except sr.IllegalAction as refusal:   # nothing changed
                return HTTPStatus.CONFLICT, {"ok": False, "code": refusal.code, "error": refusal.reason}
            self.tick()
        return HTTPStatus.OK, {"ok": True, **self.status(seat)}

    def tick(self) -> sr.Awaiting:
        """The server's clock: close offers left open too long, deal each next round at once."""
        awaiting = self.table.awaiting()
        if awaiting.step == "next_round":
            self.table.start_round()
            awaiting = self.table.awaiting()
        if awaiting.step != "offers":
            self.offers_since = None
        elif self.offers_since is None:
            self.offers_since = time.monotonic()
        elif time.monotonic() - self.offers_since > self.offer_seconds:
            self.table.close_offers()
            self.offers_since = None
            awaiting = self.table.awaiting()
        return awaiting


class Referee(ThreadingHTTPServer):
    """The HTTP server: a room of games."""

    daemon_threads = True

    def __init__(self, port: int, offer_seconds: float = 10.0) -> None:
        super().__init__((HOST, port), Handler)
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()
        self.offer_seconds = offer_seconds

    def new_game(self, rules: sr.Rules, players: int, seed: int) -> tuple[str, Game]:
        game = Game(rules, players, seed, self.offer_seconds)
        with self.lock:
            game_id = str(len(self.games) + 1)
            self.games[game_id] = game
        return game_id, game


class Handler(BaseHTTPRequestHandler):
    """Routes requests to the referee's games; JSON in, JSON out."""

    server: Referee

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def reply(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except ConnectionError:   # the client went away: nobody is left to answer
            self.close_connection = True

    #: Seconds a request may take to arrive (the socket's timeout): a client that sends less than it
    #: announced is not waited for longer.
    timeout = 10

    def body(self) -> bytes | None:
        """The request's body, or ``None`` once the error is answered: a length that is not a number,
        one over :data:`MAX_BODY` (not read), or a body that ends early or arrives too slowly."""
        length = self.headers.get("Content-Length") or "0"
        if not re.fullmatch(r"\d{1,9}", length):
            self.reply(HTTPStatus.BAD_REQUEST, {"ok": False, "error": "Content-Length is not a number of bytes"})
            return None
        if int(length) > MAX_BODY:
            self.close_connection = True
            self.reply(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                       {"ok": False, "error": f"a body is at most {MAX_BODY} bytes"})
            return None
        try:
            data = self.rfile.read(int(length))
        except TimeoutError:
            self.close_connection = True
            self.reply(HTTPStatus.REQUEST_TIMEOUT, {"ok": False, "error": "the body did not arrive in time"})
            return None
        if len(data) < int(length):
            self.close_connection = True
            self.reply(HTTPStatus.BAD_REQUEST, {"ok": False, "error": "the body ended before its Content-Length"})
            return None
        return data

    def game_and_seat(self, game_id: str) -> tuple[Game, int] | None:
        game = self.server.games.get(game_id)
        if game is None:
            self.reply(HTTPStatus.NOT_FOUND, {"ok": False, "error": f"no game {game_id}"})
            return None
        header = self.headers.get("Authorization", "")
        seat = game.tokens.get(header[len("Bearer "):] if header.startswith("Bearer ") else "")
        if seat is None:
            self.reply(HTTPStatus.UNAUTHORIZED, {"ok": False, "error": "send your seat's token as 'Bearer <token>'"})
            return None
        return game, seat

    def do_GET(self) -> None:
        match = re.fullmatch(r"/games/(\w+)/view(?:\?since=(\d{1,9}))?", self.path)
        if not match:
            self.reply(HTTPStatus.NOT_FOUND, {"ok": False, "error": f"no such path: {self.path}"})
            return
        found = self.game_and_seat(match[1])
        if found:
            game, seat = found
            self.reply(HTTPStatus.OK, game.status(seat, None if match[2] is None else int(match[2])))

    def do_POST(self) -> None:
        if self.path == "/games":
            self.create()
            return
        match = re.fullmatch(r"/games/(\w+)/answers", self.path)
        if not match:
            self.reply(HTTPStatus.NOT_FOUND, {"ok": False, "error": f"no such path: {self.path}"})
            return
        body = self.body()
        if body is None:
            return
        found = self.game_and_seat(match[1])
        if found:
            game, seat = found
            self.reply(*game.answer(seat, body))

    def create(self) -> None:
        body = self.body()
        if body is None:
            return
        try:
            request = json.loads(body or b"{}")
            rules = sr.get_rules(str(request.get("variant", "pagat7")))
            game_id, game = self.server.new_game(rules, request.get("players", 4), request.get("seed", 0))
        except (ValueError, AttributeError, RecursionError) as error:   # bad JSON, unknown variant, bad player count
            self.reply(HTTPStatus.BAD_REQUEST, {"ok": False, "error": str(error)})
            return
        seats = [{"seat": seat, "token": token} for token, seat in sorted(game.tokens.items(), key=lambda t: t[1])]
        self.reply(HTTPStatus.CREATED, {"ok": True, "game": game_id, "seats": seats})


# ---------------------------------------------------------------------------
# clients, and the self-test: whole games against a server on a free loopback port


#: An opener that ignores any proxy settings: clients talk to 127.0.0.1 directly.
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Client:
    """A player's client: talks HTTP and JSON only, sees only its own view, and plays it with one of
    the library's computer players (the greedy one buys cards it likes and calls Shanghai whenever
    it can; ``careless`` plays at random, and leaves discards that fit open to a call)."""

    def __init__(self, base: str, game: str, token: str, seed: int = 0, careless: bool = False) -> None:
        self.base, self.game, self.token = base, game, token
        self.player: sr.Player = sr.RandomPlayer(seed) if careless else sr.GreedyPlayer(seed)

    def call(self, method: str, path: str, body: bytes | None = None) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Content-Type", "application/json")
        try:
            with NO_PROXY.open(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def status(self) -> dict[str, Any]:
        code, status = self.call("GET", f"/games/{self.game}/view")
        assert code == 200, status
        return status

    def send(self, answer: sr.Action | sr.Pass, at: int | None) -> tuple[int, dict[str, Any]]:
        if isinstance(answer, sr.Pass):
            body = json.dumps({"pass": True, "at": at})
        else:
            body = sr.to_json(answer, at=at)
        return self.call("POST", f"/games/{self.game}/answers", body.encode())

    def choose(self, status: dict[str, Any]) -> sr.Action | sr.Pass:
        """The answer to a status in which this seat is asked."""
        view = sr.from_dict(status["view"])
        assert isinstance(view, sr.PlayerView)
        legal = list(view.legal_actions)
        if status["step"] == "offers":
            options: list[sr.Action | sr.Pass] = [a for a in legal if isinstance(a, (sr.Buy, sr.CallShanghai))]
            options.append(sr.Pass(view.player))
        else:
            options = [a for a in legal if not isinstance(a, sr.WithdrawBuy)]
        return self.player.choose(view, options)


def expect(condition: bool, what: str) -> None:
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        raise SystemExit(1)


def play_over_http(base: str, variant: str, players: int, seed: int) -> dict[str, Any]:
    """Play a whole game with one thread per client, each polling its own status and answering when
    asked; some answers are sent twice (the second is stale) and one client drops out and comes back.
    Returns what happened."""
    anonymous = Client(base, "", "")
    code, created = anonymous.call("POST", "/games", json.dumps(
        {"variant": variant, "players": players, "seed": seed}).encode())
    assert code == 201, created
    tally: dict[str, Any] = {"answers": 0, "buys": 0, "calls": 0, "stale": 0, "reconnected": 0, "refused": []}
    tally_lock = threading.Lock()
    finals: list[dict[str, Any]] = []

    def run(seat: int, token: str) -> None:
        careless = seat == players - 1
        client = Client(base, created["game"], token, seed=seat, careless=careless)
        rng = random.Random(seed * 10 + seat)
        while True:
            status = client.status()
            if status["view"]["phase"] == "game_over":
                finals.append(status)
                return
            if rng.random() < 0.002:   # the connection drops: a new client with the same token
                client = Client(base, created["game"], token, seed=seat, careless=careless)
                with tally_lock:
                    tally["reconnected"] += 1
                continue
            if not status["asked"]:
                time.sleep(0.005)
                continue
            answer = client.choose(status)
            code, reply = client.send(answer, status["move_number"])
            if code != 200:
                with tally_lock:
                    tally["refused"].append(reply.get("code"))
                continue
            with tally_lock:
                tally["answers"] += 1
                tally["buys"] += isinstance(answer, sr.Buy)
                tally["calls"] += isinstance(answer, sr.CallShanghai)
            if not isinstance(answer, sr.Pass) and rng.random() < 0.05:   # sent again: the game has moved on
                code, reply = client.send(answer, status["move_number"])
                with tally_lock:
                    tally["stale"] += code == 409 and reply["code"] == "stale_action"

    threads = [threading.Thread(target=run, args=(s["seat"], s["token"])) for s in created["seats"]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    tally["finals"] = finals
    tally["game"] = created["game"]
    return tally


def raw_post(port: int, path: str, token: str, length: str, body: bytes) -> int:
    """POST ``body`` with the header ``Content-Length: length`` as given, whatever the body's true
    length, and close the sending side: the status of the answer."""
    with socket.create_connection((HOST, port), timeout=10) as connection:
        connection.sendall(f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: Bearer {token}\r\n"
                           f"Content-Length: {length}\r\n\r\n".encode() + body)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(4096):  # (the whole answer, so the server is not cut off mid-reply)
            answer += chunk
    return int(answer.decode("latin-1").split()[1])


def self_test() -> int:
    server = Referee(port=0, offer_seconds=5.0)   # port 0: the system picks a free port
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://{HOST}:{port}"
    print(f"referee listening on {base}")
    try:
        anonymous = Client(base, "", "")
        code, created = anonymous.call("POST", "/games", json.dumps(
            {"variant": "pagat7", "players": 3, "seed": 4}).encode())
        expect(code == 201 and len(created["seats"]) == 3, f"POST /games -> {code}, game {created['game']}")
        clients = [Client(base, created["game"], seat["token"]) for seat in created["seats"]]
        statuses = [client.status() for client in clients]
        expect(not any(key in s["view"] for s in statuses for key in ("hands", "stock", "seed")),
               "no view holds other hands, the stock or the seed")
        asked = sorted(s["view"]["player"] for s in statuses if s["asked"])
        expect(statuses[0]["step"] == "offers" and asked == [0, 2], f"the upcard is offered to seats {asked}")
        turn = statuses[0]["view"]["turn"]
        code, reply = clients[turn].send(sr.DrawStock(turn), statuses[turn]["move_number"])
        expect(code == 409, f"seat {turn} draws before the offers are answered -> {code} {reply['code']}")
        code, reply = clients[2].send(sr.Buy(2), statuses[2]["move_number"])
        expect(code == 200, f"seat 2 buys -> {code}")
        code, reply = clients[0].send(sr.Buy(0), statuses[0]["move_number"])
        expect(code == 409 and reply["code"] == "stale_action",
               f"seat 0 answers the view before seat 2's buy -> {code} {reply['code']}")
        code, reply = clients[0].send(sr.Pass(0), clients[0].status()["move_number"])
        expect(code == 200 and reply["step"] == "turn", f"seat 0 passes -> {code}; now {reply['step']}")
        again = Client(base, created["game"], created["seats"][1]["token"]).status()   # a client reconnects
        code, caught_up = clients[1].call("GET", f"/games/{created['game']}/view?since=0")
        told = [e["type"] for e in caught_up["events"]]
        expect(code == 200 and told[-1] == "asked_to_buy", f"and what happened since move 0: {told}")
        expect(again["view"] == sr.to_dict(server.games[created["game"]].table.view(1)) and again["asked"],
               "a client that reconnects with its token gets its view back, and is asked to play")
        code, reply = Client(base, created["game"], "wrong").send(sr.DrawStock(1), 1)
        expect(code == 401, f"a wrong token -> {code}")
        code, reply = clients[1].call("POST", f"/games/{created['game']}/answers", b'{"type": "draw"')
        expect(code == 400, f"malformed JSON -> {code}")
        code, reply = clients[1].call("POST", f"/games/{created['game']}/answers", b"[" * 10_000)
        expect(code == 400, f"JSON nested 10,000 deep -> {code}")
        answers = f"/games/{created['game']}/answers"
        for length, body, status in (("abc", b"{}", 400), (str(MAX_BODY + 1), b"", 413), ("100", b"{}", 400)):
            code = raw_post(port, answers, clients[1].token, length, body)
            expect(code == status, f"a body of Content-Length {length!r} and {len(body)} bytes -> {code}")

        tally = play_over_http(base, "pagat7", 4, seed=11)
        scores = [f["view"]["scores"] for f in tally["finals"]]
        expect(len(scores) == 4 and all(s == scores[0] for s in scores),
               f"a whole game of 4 clients over HTTP: {tally['answers']} answers, {tally['buys']} buys, "
               f"{tally['calls']} Shanghai calls; final scores {scores[0] if scores else None}")
        expect(tally["stale"] > 0, f"{tally['stale']} answers sent twice refused as stale_action")
        expect(tally["reconnected"] > 0, f"{tally['reconnected']} times a client dropped out and came back")
        expect(set(tally["refused"]) <= {"stale_action", "not_awaited"},
               f"the answers refused while playing: {sorted(set(tally['refused']))}")
    finally:
        server.shutdown()
        server.server_close()
    print("self-test passed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default: 8000)")
    parser.add_argument("--offer-seconds", type=float, default=10.0,
                        help="how long the other seats get to answer an offer (default: 10)")
    parser.add_argument("--self-test", action="store_true", help="play games against itself and exit")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    server = Referee(args.port, args.offer_seconds)
    print(f"referee listening on http://{HOST}:{server.server_address[1]} (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
