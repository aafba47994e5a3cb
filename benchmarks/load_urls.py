"""The site's URLs plus the baseline of benchmarks/load.py: a view that inserts one row.

Only the benchmark's settings use this module; the site never serves the baseline."""

import os

from django.db import connection
from django.http import JsonResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

from games import move_cache


@csrf_exempt
def insert_one_row(request):
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_row (body) VALUES (%s)", [request.body.decode()[:100]])
    return JsonResponse({"ok": True})


def kept_games(request):
    """This web process's count of moves decided on a kept game and of fresh reads."""
    return JsonResponse({"pid": os.getpid(), **move_cache.counts()})


urlpatterns = [path("bench/insert/", insert_one_row), path("bench/kept/", kept_games),
               path("", include("praga_site.urls"))]
