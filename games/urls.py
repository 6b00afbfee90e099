from django.urls import path

from games import views

app_name = "games"
plays = "<int:group_id>/plays/"
play = plays + "<int:play_id>/"
urlpatterns = [
    path(plays, views.history, name="history"),
    path(plays + "new/", views.play_log, name="log"),
    path(play, views.play_detail, name="play"),
    path(play + "edit/", views.play_edit, name="edit"),
    path(play + "delete/", views.play_delete, name="delete"),
    path(plays + "games/", views.catalog, name="catalog"),
    path(plays + "import/", views.import_upload, name="import"),
    path(plays + "import/<int:import_id>/", views.import_preview, name="import-preview"),
    path(plays + "import/<int:import_id>/progress/", views.import_progress, name="import-progress"),
    path(plays + "import/<int:import_id>/retry/", views.import_retry, name="import-retry"),
    path(plays + "export/", views.export, name="export"),
    path(plays + "stats/", views.stats, name="stats"),
    path(plays + "stats/recompute/", views.stats_recompute, name="stats-recompute"),
    path(plays + "stats/games/<int:game_id>/", views.game_stats, name="game-stats"),
    path(plays + "stats/players/<int:person_id>/", views.player_stats, name="player-stats"),
]
