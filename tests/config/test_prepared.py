"""Prepared queries answer as the ORM does, on SQLite here and on PostgreSQL in CI."""

import datetime

import pytest
from django.db import connection, connections, transaction
from django.db.models import Count, F
from django.test.utils import CaptureQueriesContext

from campaign.models import Adventure
from config.prepared import Prepared, placeholder_ids, update_fields
from groups.models import Group, Membership
from tests.factories import AdventureFactory, MembershipFactory

pytestmark = pytest.mark.django_db

MEMBER = Prepared(
    lambda user_id, group_id: Membership.objects.select_related("group", "user").filter(
        user_id=user_id, group_id=group_id
    ),
    *placeholder_ids(2),
)


def test_a_prepared_query_loads_what_the_orm_loads():
    membership = MembershipFactory(role="player")
    MembershipFactory(group=membership.group)  # another member of the same group
    found = MEMBER.first(membership.user_id, membership.group_id)
    expected = Membership.objects.select_related("group", "user").get(pk=membership.pk)
    assert found == expected
    assert (found.role, found.joined_at) == (expected.role, expected.joined_at)
    assert isinstance(found.joined_at, datetime.datetime)  # converted from the database's type
    with CaptureQueriesContext(connection) as queries:
        assert found.group.name == expected.group.name
        assert found.user.username == expected.user.username
    assert len(queries) == 0  # select_related objects came with the row


def test_arguments_take_their_placeholders_places_and_nothing_is_found_for_others():
    membership = MembershipFactory()
    assert MEMBER.first(membership.group_id, membership.user_id) in (None, membership)
    assert MEMBER.first(membership.user_id, membership.group_id + 1000) is None
    assert MEMBER.objects(membership.user_id, membership.group_id) == [membership]


def test_it_is_compiled_once_per_connection_and_runs_one_query():
    membership = MembershipFactory()
    MEMBER.first(membership.user_id, membership.group_id)
    compiled = MEMBER.compiled[connections["default"]]
    with CaptureQueriesContext(connection) as queries:
        MEMBER.first(membership.user_id, membership.group_id)
    assert MEMBER.compiled[connections["default"]] is compiled
    assert len(queries) == 1


def test_constants_of_the_query_stay_and_annotations_are_set():
    adventure = AdventureFactory(name="Kept")
    AdventureFactory(group=adventure.group, name="Other")
    named = Prepared(
        lambda group_id: Adventure.objects.filter(group_id=group_id, name="Kept").annotate(
            twice=F("attempt_count") * 2, members=Count("group__memberships")
        ),
        *placeholder_ids(1),
    )
    (found,) = named.objects(adventure.group_id)
    assert found.pk == adventure.pk
    assert found.twice == 2 * adventure.attempt_count
    assert found.members == adventure.group.memberships.count()


def test_values_list_rows_and_wrong_arguments():
    group = Group.objects.create(name="Rows")
    names = Prepared(
        lambda pk: Group.objects.filter(pk=pk).values_list("name", "created_at"),
        *placeholder_ids(1),
    )
    ((name, created),) = names.rows(group.pk)
    assert (name, created) == (group.name, group.created_at)
    with pytest.raises(TypeError):
        names.rows()


def test_a_placeholder_that_does_not_reach_the_sql_is_refused():
    ignored = Prepared(lambda pk: Group.objects.filter(pk=1), *placeholder_ids(1))
    with pytest.raises(ValueError, match="Not every placeholder"):
        ignored.rows(1)


def test_a_locking_query_compiles_inside_its_transaction():
    adventure = AdventureFactory()
    lock = Prepared(
        lambda pk: Adventure.objects.select_for_update(no_key=True).filter(pk=pk).only("pk"),
        *placeholder_ids(1),
    )
    with transaction.atomic():
        assert lock.first(adventure.pk, write=True).pk == adventure.pk


def test_update_fields_writes_only_those_fields():
    adventure = AdventureFactory(name="Before")
    stale = Adventure.objects.get(pk=adventure.pk)
    stale.name = "Not written"
    adventure.current_mission = 5
    update_fields(adventure, ["current_mission"])
    fresh = Adventure.objects.get(pk=adventure.pk)
    assert (fresh.current_mission, fresh.name) == (5, "Before")


def test_update_fields_of_a_row_that_is_gone_raises():
    adventure = AdventureFactory()
    Adventure.objects.filter(pk=adventure.pk).delete()
    with pytest.raises(Adventure.DoesNotExist):
        update_fields(adventure, ["name"])
