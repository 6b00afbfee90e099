from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        """Pack names and texts render in the reader's active language; the play log's stored
        audit texts (codes and parameters) are registered for reading."""
        from django.utils import translation

        from accounts import texts
        from games import audit_texts
        from games.content.texts import set_language_source

        set_language_source(translation.get_language)
        texts.register(audit_texts.MESSAGES)
