from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self) -> None:
        from accounts.middleware import remember_language

        # Every way of logging in (the log-in page, signing up, a test's force_login) sends
        # this signal: the session learns the account's language once, at log-in.
        user_logged_in.connect(remember_language, dispatch_uid="accounts.remember_language")
