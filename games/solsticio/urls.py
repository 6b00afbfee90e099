from django.urls import path

from games.solsticio import views

app_name = "solsticio"
urlpatterns = [
    path("<int:group_id>/solsticio/", views.game_list, name="list"),
    path("<int:group_id>/solsticio/<int:game_id>/", views.game_page, name="game"),
]
