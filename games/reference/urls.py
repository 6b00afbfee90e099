from django.urls import path

from games.reference import views

app_name = "reference"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:game>/", views.game, name="game"),
]
