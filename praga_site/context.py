from django.conf import settings


def site(request):
    return {"SITE_NAME": settings.SITE_NAME, "LOCAL_INBOX": settings.LOCAL_INBOX}
