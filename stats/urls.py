from django.urls import path

from stats import views

app_name = "stats"
urlpatterns = [
    path("stats/", views.global_stats, name="global"),
    path("groups/<int:group_id>/stats/", views.group_stats, name="group"),
    path("groups/<int:group_id>/stats/recompute/", views.recompute, name="recompute"),
    path("groups/<int:group_id>/stats/jobs/<int:job_id>/", views.progress, name="progress"),
    path(
        "groups/<int:group_id>/adventures/<int:adventure_id>/stats/",
        views.adventure_stats,
        name="adventure",
    ),
]
