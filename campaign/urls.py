from django.urls import path

from campaign import backup_views, people_views, views

app_name = "campaign"
adventure = "<int:group_id>/adventures/<int:adventure_id>/"
attempt = adventure + "attempts/<int:number>/"
urlpatterns = [
    path("<int:group_id>/adventures/new/", views.adventure_new, name="new"),
    path("<int:group_id>/adventures/import/", views.adventure_import, name="import"),
    path("<int:group_id>/adventures/export/", views.group_export, name="group-export"),
    path("<int:group_id>/attempts/", views.group_history, name="group-history"),
    path("<int:group_id>/people/", people_views.people, name="people"),
    path("<int:group_id>/backups/", backup_views.backup_list, name="backups"),
    path(
        "<int:group_id>/backups/<int:backup_id>/download/",
        backup_views.backup_download,
        name="backup-download",
    ),
    path(
        "<int:group_id>/backups/<int:backup_id>/restore/",
        backup_views.backup_restore,
        name="backup-restore",
    ),
    path(adventure, views.dashboard, name="dashboard"),
    path(adventure + "delete/", views.adventure_delete, name="delete"),
    path(adventure + "log/", views.attempt_log, name="log"),
    path(adventure + "attempts/", views.history, name="history"),
    path(attempt, views.attempt_detail, name="attempt"),
    path(attempt + "notes/", views.note_add, name="note-add"),
    path(attempt + "edit/", views.attempt_edit, name="attempt-edit"),
    path(attempt + "delete/", views.attempt_delete, name="attempt-delete"),
    path(adventure + "overrides/new/", views.override_new, name="override-new"),
    path(adventure + "audit/", views.audit, name="audit"),
    path(adventure + "journal/", views.journal, name="journal"),
    path(adventure + "reference/", views.reference, name="reference"),
    path(adventure + "reference/reveal/", views.reveal, name="reveal"),
    path(adventure + "export/", views.export, name="export"),
]
