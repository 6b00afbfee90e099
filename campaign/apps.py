from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"

    def ready(self) -> None:
        from accounts import texts
        from campaign import backups
        from campaign import texts as campaign_texts

        texts.register(campaign_texts.MESSAGES)
        backups.connect()
