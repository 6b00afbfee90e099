"""URLs of the table screen, under ``groups/<group_id>/adventures/<adventure_id>/table/``; its
poll is flat, in ``config.urls``."""

from django.urls import path

from campaign import table_views

app_name = "table"
attempt = "<int:number>/"
urlpatterns = [
    path("", table_views.setup, name="setup"),
    path(attempt, table_views.page, name="table"),
    path(attempt + "move/", table_views.move, name="move"),
    path(attempt + "undo/", table_views.undo, name="undo"),
]
