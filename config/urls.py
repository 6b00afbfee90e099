from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from config.health import healthz

urlpatterns = [
    path(
        "groups/<int:group_id>/adventures/<int:adventure_id>/table/",
        include("campaign.table.urls"),
    ),
    path("", account_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("accounts/signup/", account_views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("groups/", include("groups.urls")),
    path("groups/", include("campaign.urls")),
    path("", include("stats.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
