#!/usr/bin/env python3
"""A loopback HTTPS server for the download, install and update tests: serves the files of --root over
TLS with --cert and --key on 127.0.0.1 (a port the kernel picks, printed as "PORT n" on the first line),
plus a few routes for refusals:
  /redirect-http/PATH  302 to http://127.0.0.1:PORT/PATH (plain http: must be refused)
  /redirect/PATH       302 to https://127.0.0.1:PORT/PATH
  /announce-huge       announces 10 GiB in Content-Length and sends a few bytes
  /endless             sends bytes without a Content-Length until the client goes
It logs each request path to stderr."""
import argparse
import http.server
import os
import ssl
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % self.path)
        sys.stderr.flush()

    def do_GET(self):
        port = self.server.server_address[1]
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
        if self.path == "/endless":
            self.send_response(200)
            self.end_headers()
            try:
                while True:
                    self.wfile.write(b"y" * 65536)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                return
        super().do_GET()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    args = parser.parse_args()
    os.chdir(args.root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
