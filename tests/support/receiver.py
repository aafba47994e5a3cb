"""An HTTP endpoint of a test's own on 127.0.0.1 (webhooks, a push service)."""

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    """A local endpoint that records what it is sent and answers with `status`, after `delay`
    seconds, with a `location` header when one is set (a redirect)."""

    def __init__(self):
        self.requests, self.status, self.delay, self.location = [], 204, 0, None
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"headers": self.headers, "body": body})  # case-insensitive
                time.sleep(receiver.delay)
                self.send_response(receiver.status)
                if receiver.location:
                    self.send_header("Location", receiver.location)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        # serve_forever looks for a shutdown every poll_interval (0.5 s by default): each test
        # closing its receiver waited that long, and a mutation run repeats these tests per mutant.
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
