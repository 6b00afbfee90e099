from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from accounts import texts
        from games import audit_texts

        texts.register(audit_texts.MESSAGES)
