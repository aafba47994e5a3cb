"""`celery` for the worker subprocesses of these tests, with the toy test game registered."""

import sys

from engine import registry
from tests.support import toygame

registry.GAMES["toy"] = toygame

if __name__ == "__main__":
    from celery.__main__ import main

    sys.argv[0] = "celery"
    sys.exit(main())
