"""The site's URLs plus the baseline of benchmarks/load.py: a view that inserts one row.

Only the benchmark's settings use this module; the site never serves the baseline."""

from django.db import connection
from django.http import JsonResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def insert_one_row(request):
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_row (body) VALUES (%s)", [request.body.decode()[:100]])
    return JsonResponse({"ok": True})


urlpatterns = [path("bench/insert/", insert_one_row), path("", include("praga_site.urls"))]
