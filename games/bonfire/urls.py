"""URLs of the Bonfire turn helper, under ``groups/<group_id>/bonfire/``."""

from django.urls import path

from games.bonfire import events, views
from web import live

app_name = "bonfire"
urlpatterns = [
    path("", views.games, name="games"),
    path("rules/", views.rules, name="rules"),
    path("<int:play_id>/", views.play, name="play"),
    path("<int:play_id>/finish/", views.finish, name="finish"),
    path("<int:play_id>/undo/", views.write, {"kind": "undo"}, name="undo"),
    path("<int:play_id>/abandon/", views.write, {"kind": "abandon"}, name="abandon"),
    path("<int:play_id>/seat/", views.seat_bind, name="seat-bind"),
    path("<int:play_id>/events/", live.stream, {"game": events.LIVE}, name="stream"),
    path("<int:play_id>/version/", live.version, {"game": events.LIVE}, name="version"),
    path("<int:play_id>/players/<int:seat_id>/", views.seat, name="seat"),
    path("<int:play_id>/players/<int:seat_id>/move/", views.move, name="move"),
]
