from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        """Pack names and texts render in the reader's active language."""
        from django.utils import translation

        from games.content.texts import set_language_source

        set_language_source(translation.get_language)
