"""factory_boy factories for users and groups."""

import factory
from django.contrib.auth.models import User

from groups.models import Group, Membership, Role

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class GroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Group

    name = factory.Sequence(lambda n: f"Table {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    group = factory.SubFactory(GroupFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER


# --- Campaign -------------------------------------------------------------------------------------


def content_pack():
    """The default content pack, stored once per test database."""
    from games.packs import load_default_pack

    return load_default_pack()


class AdventureFactory(factory.django.DjangoModelFactory):
    """An adventure started the way the app starts one (derived state built by the service)."""

    class Meta:
        model = "campaign.Adventure"

    group = factory.SubFactory(GroupFactory)
    name = factory.Sequence(lambda n: f"Adventure {n}")

    @classmethod
    def _create(cls, model_class, *args, group, name, by=None, **kwargs):
        from campaign import services

        return services.start_adventure(group=group, name=name, by=by, content_pack=content_pack())


def log_attempt(adventure, mission=None, result="success", reason="", *, by=None, **fields):
    """Log the next attempt through the service; ``mission`` defaults to the current one."""
    from campaign import services
    from campaign.models import Adventure

    adventure = Adventure.objects.get(pk=adventure.pk)
    if result == "failure" and not reason:
        reason = "objective-not-met"
    data = services.AttemptData(
        mission=mission or adventure.current_mission,
        result=result,
        reason=reason,
        players=fields.pop("players", ["Ana", "Ben"]),
        **fields,
    )
    return services.log_attempt(
        adventure=adventure, number=adventure.attempt_count + 1, data=data, by=by
    )
