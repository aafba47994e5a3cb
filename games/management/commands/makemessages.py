"""makemessages for the site catalog (locale/): also finds `text("...")` and `IllegalMove("...")`.

The engine keeps its own catalog (engine/locale, listed in LOCALE_PATHS), so engine/ is skipped.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = makemessages.Command.xgettext_options + ["--keyword=text", "--keyword=IllegalMove"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = list(options.get("ignore_patterns") or []) + [
            "engine", ".venv", "tests", "benchmarks", "staticfiles", "var", "test-artifacts"]
        return super().handle(*args, **options)
