"""The site's URLs plus `bench/queue/<game>/`, which queues a task the way a request that
finishes a move does (after the commit, through the tree's own `outbox.delay`): a worker then
holds whatever queueing a task loads. The task (`play_bots` of a game without a bot to move)
finds nothing to do; no Celery worker runs in the benchmark anyway."""

from django.db import transaction
from django.http import JsonResponse
from django.urls import include, path


def queue_a_task(request, pk):
    from games.notifications import outbox

    with transaction.atomic():
        transaction.on_commit(lambda: outbox.delay("play_bots", pk))
    return JsonResponse({"queued": pk})


urlpatterns = [path("bench/queue/<int:pk>/", queue_a_task), path("", include("praga_site.urls"))]
