"""URLs of the table screen, under ``groups/<group_id>/adventures/<adventure_id>/table/``."""

from django.urls import path

from campaign.table import events, views
from web import live

app_name = "table"
attempt = "<int:number>/"
urlpatterns = [
    path("", views.setup, name="setup"),
    path(attempt, views.page, name="table"),
    path(attempt + "move/", views.move, name="move"),
    path(attempt + "undo/", views.write, {"kind": "undo"}, name="undo"),
    path(attempt + "abandon/", views.write, {"kind": "abandon"}, name="abandon"),
    path(attempt + "seat/", views.seat, name="seat"),
    path(attempt + "events/", live.stream, {"game": events.LIVE}, name="stream"),
    path(attempt + "version/", live.version, {"game": events.LIVE}, name="version"),
]
