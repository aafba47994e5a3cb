"""The HTTP server's floor for benchmarks/live.py: a WSGI application that answers every request 204."""


def application(environ, start_response):
    start_response("204 No Content", [("Cache-Control", "no-store")])
    return []
