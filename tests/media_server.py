"""A local media host for the media-check tests: https on 127.0.0.1 (and ::1 when the machine
has IPv6) with a self-signed certificate made by `openssl` at test time, that records every
connection it accepts, so a test can show that a refused URL never reached it.

It only ever listens on loopback. Big files are generated on the fly (never stored), and
"/never" is a second listener that accepts connections and never says a word.
"""
import os
import socket
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "media"


def iso_media(brand):
    """The smallest ISO base media file of `brand`: an ftyp box and a tiny mdat."""
    ftyp = brand.encode() + b"\0\0\2\0" + b"isommp41"
    return (len(ftyp) + 8).to_bytes(4, "big") + b"ftyp" + ftyp + (16).to_bytes(4, "big") + b"mdat" + bytes(8)


MP4 = iso_media("isom")
M4A = iso_media("M4A ")
JPEG = (FIXTURES / "good.jpg").read_bytes()
PNG = (FIXTURES / "good.png").read_bytes()
GIF = (FIXTURES / "animated.gif").read_bytes()
SVG = b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'

# path -> (content type, bytes or (prefix, total size) for a generated body, declare length)
ROUTES = {
    "/good.jpg": ("image/jpeg", JPEG, True),
    "/good.png": ("image/png", PNG, True),
    "/animated.gif": ("image/gif", GIF, True),
    "/video.mp4": ("video/mp4", MP4, True),
    "/audio.m4a": ("audio/mp4", M4A, True),
    "/huge.jpg": ("image/jpeg", (JPEG[:-2], 11 * 1024 * 1024), True),
    "/huge-undeclared.jpg": ("image/jpeg", (JPEG[:-2], 11 * 1024 * 1024), False),
    "/big.mp3": ("audio/mpeg", (b"ID3\4\0\0\0\0\0\0", 6 * 1024 * 1024), True),
    "/big-undeclared.mp3": ("audio/mpeg", (b"ID3\4\0\0\0\0\0\0", 6 * 1024 * 1024), False),
    "/long.mp4": ("video/mp4", (MP4, 40 * 1024 * 1024), True),
    "/lying.jpg": ("image/jpeg", PNG, True),
    "/picture.svg": ("image/png", SVG, True),
    "/page.jpg": ("image/jpeg", b"<!DOCTYPE html><script>alert(1)</script>", True),
    "/untyped.png": (None, PNG, True),
}
REDIRECTS = {
    "/loop-a": "/loop-b", "/loop-b": "/loop-a",
    "/hop1": "/hop2", "/hop2": "/hop3", "/hop3": "/hop4", "/hop4": "/good.jpg",
    "/moved.jpg": "/good.jpg",
    "/to-metadata": "https://169.254.169.254/latest/meta-data/",
    "/to-unspecified": "https://0.0.0.0/good.jpg",
    "/to-plain-http": "http://127.0.0.1:9/good.jpg",
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.server.owner.requests.append(self.path)
        path = self.path.split("?", 1)[0]
        if path in REDIRECTS:
            self.send_response(302)
            self.send_header("Location", REDIRECTS[path])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path not in ROUTES:
            body = b"<!DOCTYPE html><title>Not found</title>"
            self.send_response(404)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        content_type, body, declare = ROUTES[path]
        prefix, total = (body, len(body)) if isinstance(body, bytes) else body
        self.send_response(200)
        if content_type:
            self.send_header("Content-Type", content_type)
        if declare:
            self.send_header("Content-Length", str(total))
        self.end_headers()
        try:
            self.wfile.write(prefix)
            sent = len(prefix)
            chunk = bytes(65536)
            while sent < total:
                piece = chunk[: total - sent]
                self.wfile.write(piece)
                sent += len(piece)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, OSError):
            self.server.owner.aborted.append(path)


class RecordingServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, owner, family, host, context):
        self.address_family = family
        self.owner = owner
        self.context = context
        super().__init__((host, 0), Handler)

    def get_request(self):
        connection, address = self.socket.accept()
        self.owner.connections.append(address[0])
        connection.settimeout(10)
        return self.context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False), address


class MediaServer:
    """The https media host; `url(path)` for 127.0.0.1, `url6(path)` for [::1]."""

    def __init__(self, directory):
        self.connections = []
        self.requests = []
        self.aborted = []
        directory = Path(directory)
        self.cert = directory / "media-cert.pem"
        key = directory / "media-key.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost",
             "-keyout", str(key), "-out", str(self.cert)],
            check=True, capture_output=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert, key)
        self.servers = [RecordingServer(self, socket.AF_INET, "127.0.0.1", context)]
        self.port = self.servers[0].server_address[1]
        self.port6 = None
        try:
            self.servers.append(RecordingServer(self, socket.AF_INET6, "::1", context))
            self.port6 = self.servers[1].server_address[1]
        except OSError:
            pass
        self.silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.silent.bind(("127.0.0.1", 0))
        self.silent.listen(8)
        self.silent_port = self.silent.getsockname()[1]
        self.held = []
        for server in self.servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()
        threading.Thread(target=self._hold_silently, daemon=True).start()

    def _hold_silently(self):
        while True:
            try:
                connection, _ = self.silent.accept()
            except OSError:
                return
            self.held.append(connection)

    def url(self, path):
        return f"https://127.0.0.1:{self.port}{path}"

    def url6(self, path):
        return f"https://[::1]:{self.port6}{path}"

    def never_url(self):
        return f"https://127.0.0.1:{self.silent_port}/never.jpg"

    def settle(self):
        """Waits briefly for connection records of the last check to land."""
        time.sleep(0.2)

    def close(self):
        for server in self.servers:
            server.shutdown()
            server.server_close()
        self.silent.close()
        for connection in self.held:
            connection.close()
