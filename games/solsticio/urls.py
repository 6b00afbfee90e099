"""URLs of Solsticio at the table, under ``groups/<group_id>/solsticio/``."""

from django.urls import path

from games.solsticio import events, views
from web import live

app_name = "solsticio"
game = "<int:game_id>/"
urlpatterns = [
    path("", views.game_list, name="list"),
    path(game, views.game_page, name="game"),
    path(game + "move/", views.move, name="move"),
    path(game + "undo/", views.write, {"kind": "undo"}, name="undo"),
    path(game + "abandon/", views.write, {"kind": "abandon"}, name="abandon"),
    path(game + "reveal/", views.reveal, name="reveal"),
    path(game + "open/", views.open_game, name="open"),
    path(game + "events/", live.stream, {"game": events.LIVE}, name="stream"),
    path(game + "version/", live.version, {"game": events.LIVE}, name="version"),
]
