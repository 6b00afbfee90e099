from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups"

    def ready(self) -> None:
        """A removed member's open game streams end at once (``web.live.member_removed``)."""
        from django.db.models.signals import post_delete

        from groups.models import Membership
        from web import live

        post_delete.connect(live.member_removed, sender=Membership, dispatch_uid="live-member")
