from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = "Statistics"

    def ready(self) -> None:
        from stats import triggers

        triggers.connect()
