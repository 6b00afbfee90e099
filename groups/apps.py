from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups"

    def ready(self) -> None:
        """A removed member's open game streams end at once, and a changed member's draw for
        their new role (``web.live.member_changed``)."""
        from django.db.models.signals import post_delete, post_save

        from groups.models import Membership
        from web import live

        post_delete.connect(live.member_changed, sender=Membership, dispatch_uid="live-member")
        post_save.connect(live.member_changed, sender=Membership, dispatch_uid="live-member-role")
