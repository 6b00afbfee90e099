"""URLs of the Bonfire turn helper, under ``groups/<group_id>/bonfire/``."""

from django.urls import path

from games import bonfire_views

app_name = "bonfire"
urlpatterns = [
    path("", bonfire_views.games, name="games"),
    path("rules/", bonfire_views.rules, name="rules"),
    path("<int:play_id>/", bonfire_views.play, name="play"),
    path("<int:play_id>/finish/", bonfire_views.finish, name="finish"),
    path("<int:play_id>/players/<int:seat_id>/", bonfire_views.seat, name="seat"),
    path("<int:play_id>/players/<int:seat_id>/move/", bonfire_views.move, name="move"),
]
