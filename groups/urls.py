from django.urls import path

from groups import views

app_name = "groups"
urlpatterns = [
    path("", views.group_list, name="list"),
    path("<int:group_id>/", views.group_detail, name="detail"),
    path("<int:group_id>/rename/", views.group_rename, name="rename"),
    path("<int:group_id>/delete/", views.group_delete, name="delete"),
    path("<int:group_id>/invites/", views.invite_create, name="invite-create"),
    path(
        "<int:group_id>/invites/<int:invite_id>/revoke/", views.invite_revoke, name="invite-revoke"
    ),
    path("<int:group_id>/members/<int:member_id>/role/", views.member_role, name="member-role"),
    path(
        "<int:group_id>/members/<int:member_id>/remove/", views.member_remove, name="member-remove"
    ),
    path("<int:group_id>/deleted/", views.deleted_list, name="deleted"),
    path(
        "<int:group_id>/deleted/<int:item_id>/restore/",
        views.deleted_restore,
        name="deleted-restore",
    ),
    path("join/<str:token>/", views.join, name="join"),
]
