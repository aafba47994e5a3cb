from django import template

register = template.Library()


@register.simple_tag
def push_public_key():
    """The VAPID public key a browser subscribes with (games/notifications/push.py)."""
    from games.notifications import push

    return push.public_key()
