"""Typed readers for settings from the environment (Healthchecks' style)."""

import os


def env_str(name, default=""):
    return os.environ.get(name, default)


def env_secret(name, default=""):
    """A secret from NAME, or from the file named by NAME_FILE (Docker/K8s secrets)."""
    path = os.environ.get(f"{name}_FILE")
    if path:
        with open(path, encoding="utf-8") as handle:
            return handle.read().strip()
    return os.environ.get(name, default)


def env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    if value not in ("True", "False"):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return value == "True"


def env_int(name, default):
    value = os.environ.get(name)
    return default if value is None else int(value)


def url_of_address(address):
    """The URL a browser on this machine uses for a runserver address: "8111", "0.0.0.0:8111",
    "127.0.0.1:8111" or "[::1]:8111" (a wildcard host is reached through 127.0.0.1)."""
    host, _, port = address.rpartition(":")
    host = host or "127.0.0.1"
    if host in ("0.0.0.0", "[::]", "::"):
        host = "127.0.0.1"
    return f"http://{host}:{port}"


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def redis_next_database(url):
    """`url` with the next Redis database number (0 → 1, 15 → 0): the cache beside the broker."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    current = parts.path.strip("/") or "0"
    if not current.isascii() or not current.isdigit():
        raise ValueError(f"the database of {url!r} must be a number")
    return urlunsplit(parts._replace(path="/%d" % ((int(current) + 1) % 16)))
