#!/usr/bin/env python3
"""A loopback HTTPS server for the download, install and update tests: serves the files of --root over
TLS with --cert and --key on 127.0.0.1 (a port the kernel picks, printed as "PORT n" on the first line),
plus a few routes for refusals:
  /redirect-http/PATH  302 to http://127.0.0.1:PORT/PATH (plain http: must be refused)
  /redirect/PATH       302 to https://127.0.0.1:PORT/PATH
  /announce-huge       announces 10 GiB in Content-Length and sends a few bytes
  /endless             sends bytes without a Content-Length until the client goes
  /drip/PATH?bytes=N&every=S  sends PATH (with its Content-Length) N bytes at a time, one write every S
                       seconds (a server that trickles: one byte every 0.9 s by default)
It logs each request path to stderr.

With --hold-after PATH and --control DIR, a test can stop the server at one moment: when PATH is asked for
while DIR/armed exists, the server reads PATH, renames armed to held, sends what it read, and answers no
request until the test removes held (it changes the served files meanwhile)."""
import argparse
import http.server
import os
import ssl
import sys
import time
import urllib.parse


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % self.path)
        sys.stderr.flush()

    def do_GET(self):
        port = self.server.server_address[1]
        if self.server.control is not None and self.hold():
            return
        if self.path.startswith("/redirect-http/"):
            self.send_response(302)
            self.send_header("Location", f"http://127.0.0.1:{port}/" + self.path[len("/redirect-http/"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path.startswith("/redirect/"):
            self.send_response(302)
            self.send_header("Location", f"https://127.0.0.1:{port}/" + self.path[len("/redirect/"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path == "/announce-huge":
            self.send_response(200)
            self.send_header("Content-Length", str(10 << 30))
            self.end_headers()
            self.wfile.write(b"x" * 1024)
            return
        if self.path.startswith("/drip/"):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            size = int(query.get("bytes", ["1"])[0])
            every = float(query.get("every", ["0.9"])[0])
            with open(url.path[len("/drip/"):], "rb") as f:
                body = f.read()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for start in range(0, len(body), size):
                    self.wfile.write(body[start:start + size])
                    self.wfile.flush()
                    time.sleep(every)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                return
            return
        if self.path == "/endless":
            self.send_response(200)
            self.end_headers()
            try:
                while True:
                    self.wfile.write(b"y" * 65536)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                return
        super().do_GET()

    def hold(self):
        """Waits while the test holds the server; answers the request that starts a hold. True if answered."""
        armed = os.path.join(self.server.control, "armed")
        held = os.path.join(self.server.control, "held")
        deadline = time.monotonic() + 60
        while os.path.exists(held) and time.monotonic() < deadline:
            time.sleep(0.001)
        if self.path != self.server.hold_after or not os.path.exists(armed):
            return False
        with open(self.path[1:], "rb") as f:
            body = f.read()
        try:
            os.rename(armed, held)
        except FileNotFoundError:
            pass
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--hold-after")
    parser.add_argument("--control")
    args = parser.parse_args()
    os.chdir(args.root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.hold_after = args.hold_after
    server.control = args.control if args.hold_after else None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
