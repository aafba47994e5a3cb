"""Errors shared by every game engine."""


class IllegalMove(Exception):
    """A move the rules do not allow, with a reason a player can read.

    `reason` is an English message with `{named}` placeholders (it doubles as the
    translation key on the site); `args` fills them. The state is never changed by
    a move that raises this.
    """

    def __init__(self, reason, **args):
        super().__init__(reason.format(**args) if args else reason)
        self.reason = reason
        self.args_ = args

    def as_text(self):
        return {"msg": self.reason, "args": dict(self.args_)}
