from django.urls import path

from games import views

app_name = "games"
plays = "<int:group_id>/plays/"
play = plays + "<int:play_id>/"
stats = plays + "stats/"
urlpatterns = [
    path(plays, views.history, name="history"),
    path(plays + "new/", views.play_log, name="log"),
    path(plays + "plays.json", views.history_download, name="history-download"),
    path(play, views.play_detail, name="play"),
    path(play + "play.json", views.play_download, name="play-download"),
    path(play + "edit/", views.play_edit, name="edit"),
    path(play + "delete/", views.play_delete, name="delete"),
    path(plays + "games/", views.catalog, name="catalog"),
    path(plays + "import/", views.import_upload, name="import"),
    path(plays + "import/<int:import_id>/", views.import_preview, name="import-preview"),
    path(plays + "import/<int:import_id>/progress/", views.import_progress, name="import-progress"),
    path(plays + "import/<int:import_id>/retry/", views.import_retry, name="import-retry"),
    path(plays + "export/", views.export, name="export"),
    path(stats, views.stats, name="stats"),
    path(stats + "recompute/", views.stats_recompute, name="stats-recompute"),
    path(stats + "games/<int:pk>/", views.entry_stats, {"kind": "games"}, name="game-stats"),
    path(stats + "players/<int:pk>/", views.entry_stats, {"kind": "players"}, name="player-stats"),
]
