"""A minimal HTTP referee for Shanghai Rummy, using only the standard library.

The server keeps every game's state; each player's client sees only its own
seat's view and sends actions, as JSON documents of the library's format (see
the docs' "JSON format" page).  Run it::

    python examples/http_referee.py                 # serve on http://127.0.0.1:8000
    python examples/http_referee.py --self-test     # start on a free port, play a scripted session, exit

The HTTP interface (every body is JSON):

``POST /games`` with ``{"variant": "pagat7", "players": 3, "seed": 7}``
    Start a game.  Answers ``201`` with the game's id and one secret token per
    seat; hand each player their own token.

``GET /games/<id>/view`` with the header ``Authorization: Bearer <token>``
    The token's seat's view: a ``shanghai-rules/view`` document, which lists
    the seat's legal actions.

``POST /games/<id>/actions`` with a token and a ``shanghai-rules/action`` document
    Apply the action for the token's seat.  ``200 {"ok": true, "view": ...}``
    with the seat's new view, or ``409 {"ok": false, "error": reason}`` when
    the rules refuse it (the reason says why), ``400`` for a document that
    cannot be read, ``403`` for an action on behalf of another seat.
    ``start_round`` (no seat) may be sent by any seat once a round is over.

Errors are ``{"ok": false, "error": ...}`` with ``401`` for a missing or
wrong token and ``404`` for an unknown game or path.  The server listens on
127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import threading
import typing
import urllib.error
import urllib.request
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import shanghai_rules as sr

ACTION_TYPES = typing.get_args(sr.Action)
HOST = "127.0.0.1"


class Game:
    """One game: the true state (never sent), a lock, and a secret token per seat."""

    def __init__(self, rules: sr.Rules, players: int, seed: int) -> None:
        self.state = sr.new_game(rules, players, seed=seed)
        self.tokens = {secrets.token_urlsafe(16): seat for seat in range(players)}
        self.lock = threading.Lock()

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view as JSON data."""
        with self.lock:
            return sr.to_dict(sr.observe(self.state, seat))

    def act(self, seat: int, body: bytes) -> tuple[int, dict[str, Any]]:
        """Read an action document sent by ``seat`` and apply it: (HTTP status, reply)."""
        try:
            action = sr.from_json(body)
        except sr.SerializationError as error:
            return HTTPStatus.BAD_REQUEST, {"ok": False, "error": str(error)}
        if not isinstance(action, ACTION_TYPES):
            return HTTPStatus.BAD_REQUEST, {"ok": False, "error": "send a shanghai-rules/action document"}
        if getattr(action, "player", seat) != seat:
            return HTTPStatus.FORBIDDEN, {"ok": False, "error": f"your token plays seat {seat}"}
        with self.lock:
            try:
                self.state = sr.apply(self.state, action)   # a new state, or a refusal and no change
            except sr.IllegalAction as refusal:
                return HTTPStatus.CONFLICT, {"ok": False, "error": refusal.reason}
            return HTTPStatus.OK, {"ok": True, "view": sr.to_dict(sr.observe(self.state, seat))}


class Referee(ThreadingHTTPServer):
    """The HTTP server: a table of games."""

    daemon_threads = True

    def __init__(self, port: int) -> None:
        super().__init__((HOST, port), Handler)
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def new_game(self, rules: sr.Rules, players: int, seed: int) -> tuple[str, Game]:
        game = Game(rules, players, seed)
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
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self) -> bytes:
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def seat_of(self, game: Game) -> int | None:
        header = self.headers.get("Authorization", "")
        token = header[len("Bearer "):] if header.startswith("Bearer ") else ""
        return game.tokens.get(token)

    def game_and_seat(self, game_id: str) -> tuple[Game, int] | None:
        game = self.server.games.get(game_id)
        if game is None:
            self.reply(HTTPStatus.NOT_FOUND, {"ok": False, "error": f"no game {game_id}"})
            return None
        seat = self.seat_of(game)
        if seat is None:
            self.reply(HTTPStatus.UNAUTHORIZED, {"ok": False, "error": "send your seat's token as 'Bearer <token>'"})
            return None
        return game, seat

    def do_GET(self) -> None:
        match = re.fullmatch(r"/games/(\w+)/view", self.path)
        if not match:
            self.reply(HTTPStatus.NOT_FOUND, {"ok": False, "error": f"no such path: {self.path}"})
            return
        found = self.game_and_seat(match[1])
        if found:
            game, seat = found
            self.reply(HTTPStatus.OK, game.view(seat))

    def do_POST(self) -> None:
        if self.path == "/games":
            self.create()
            return
        match = re.fullmatch(r"/games/(\w+)/actions", self.path)
        if not match:
            self.reply(HTTPStatus.NOT_FOUND, {"ok": False, "error": f"no such path: {self.path}"})
            return
        body = self.body()
        found = self.game_and_seat(match[1])
        if found:
            game, seat = found
            self.reply(*game.act(seat, body))

    def create(self) -> None:
        try:
            request = json.loads(self.body() or b"{}")
            rules = sr.get_rules(str(request.get("variant", "pagat7")))
            game_id, game = self.server.new_game(rules, request.get("players", 4), request.get("seed", 0))
        except (ValueError, AttributeError) as error:   # bad JSON, unknown variant, bad player count
            self.reply(HTTPStatus.BAD_REQUEST, {"ok": False, "error": str(error)})
            return
        seats = [{"seat": seat, "token": token} for token, seat in sorted(game.tokens.items(), key=lambda t: t[1])]
        self.reply(HTTPStatus.CREATED, {"ok": True, "game": game_id, "seats": seats})


# ---------------------------------------------------------------------------
# the self-test: a scripted session against a server on a free loopback port


#: An opener that ignores any proxy settings: the self-test talks to 127.0.0.1 directly.
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Client:
    """A player's client: talks HTTP and JSON only, and sees only its own view."""

    def __init__(self, base: str, game: str, token: str) -> None:
        self.base, self.game, self.token = base, game, token

    def call(self, method: str, path: str, body: bytes | None = None) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Content-Type", "application/json")
        try:
            with NO_PROXY.open(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def view(self) -> dict[str, Any]:
        status, view = self.call("GET", f"/games/{self.game}/view")
        assert status == 200, view
        return view

    def send(self, action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        document = {"format": "shanghai-rules/action", "version": 1, **action}
        return self.call("POST", f"/games/{self.game}/actions", json.dumps(document).encode())

    def choose(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """A simple policy: on my turn go down, lay off, draw, else discard; never buy."""
        if view["turn"] != view["player"]:
            return None
        actions: list[dict[str, Any]] = view["legal_actions"]
        for kind in ("lay_down", "lay_off", "draw_stock"):
            for action in actions:
                if action["type"] == kind:
                    return action
        discards = [a for a in actions if a["type"] == "discard" and not a["shanghai"]]
        return discards[0] if discards else actions[0]


def expect(condition: bool, what: str) -> None:
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        raise SystemExit(1)


def self_test() -> int:
    server = Referee(port=0)                 # port 0: the system picks a free port
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://{HOST}:{port}"
    print(f"referee listening on {base}")
    try:
        anonymous = Client(base, "", "")
        status, created = anonymous.call("POST", "/games", json.dumps(
            {"variant": "pagat7", "players": 3, "seed": 7}).encode())
        expect(status == 201 and len(created["seats"]) == 3, f"POST /games -> {status}, game {created['game']}")
        clients = [Client(base, created["game"], seat["token"]) for seat in created["seats"]]

        views = [client.view() for client in clients]
        for view in views:
            print(f"      seat {view['player']}: {len(view['hand'])} cards, may "
                  f"{[a['type'] for a in view['legal_actions']]}")
        expect(all(view["format"] == "shanghai-rules/view" for view in views), "each seat gets its own view")
        expect(not any(key in view for view in views for key in ("hands", "stock", "seed")),
               "no view holds other hands, the stock or the seed")
        expect(len({tuple(view["hand"]) for view in views}) == 3, "each view holds its own seat's hand")

        status, reply = clients[2].send({"type": "draw_stock", "player": 2})
        expect(status == 409, f"seat 2 draws out of turn -> {status}: {reply['error']}")
        status, reply = clients[2].send({"type": "draw_stock", "player": 1})
        expect(status == 403, f"seat 2 acts for seat 1 -> {status}: {reply['error']}")
        status, reply = Client(base, created["game"], "wrong").send({"type": "draw_stock", "player": 1})
        expect(status == 401, f"a wrong token -> {status}: {reply['error']}")
        status, reply = clients[1].call("POST", f"/games/{created['game']}/actions", b'{"type": "draw"')
        expect(status == 400, f"malformed JSON -> {status}: {reply['error']}")
        status, reply = clients[1].send({"type": "discard", "player": 1, "card": "ZZ", "shanghai": False})
        expect(status == 400, f"a card that is not a card -> {status}: {reply['error']}")
        status, reply = clients[1].send({"type": "draw_stock", "player": 1})
        expect(status == 200 and reply["view"]["phase"] == "play",
               f"seat 1 draws -> {status}, holds {len(reply['view']['hand'])} cards")

        requests = 0
        while True:
            views = [client.view() for client in clients]
            if views[0]["phase"] not in ("draw", "play"):
                break
            seat = views[0]["turn"]
            action = clients[seat].choose(views[seat])
            assert action is not None
            status, reply = clients[seat].send(action)
            requests += 1
            if status != 200:
                expect(False, f"seat {seat} {action['type']} -> {status}: {reply['error']}")
        result = views[0]["round_results"][-1]
        expect(views[0]["phase"] == "round_over",
               f"round 1 played over HTTP in {requests} actions: ended by {result['ended_by']}, "
               f"points {result['points']}")

        status, reply = clients[0].send({"type": "start_round"})
        expect(status == 200 and reply["view"]["round_number"] == 2,
               f"start_round -> {status}, round {reply['view']['round_number']} dealt")
    finally:
        server.shutdown()
        server.server_close()
    print("self-test passed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default: 8000)")
    parser.add_argument("--self-test", action="store_true", help="play a scripted session against itself and exit")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    server = Referee(args.port)
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
