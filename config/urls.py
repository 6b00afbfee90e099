from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import views as account_views
from accounts.forms import LoginForm
from config.health import healthz
from web import install

urlpatterns = [
    # Every game at the table under its group, one prefix each (its urls.py says the rest), first: a
    # move's and a stream's URLs are the ones resolved most often.
    path(
        "groups/<int:group_id>/adventures/<int:adventure_id>/table/",
        include("campaign.table.urls"),
    ),
    path("groups/<int:group_id>/bonfire/", include("games.bonfire.urls")),
    path("groups/<int:group_id>/solsticio/", include("games.solsticio.urls")),
    path("", account_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("manifest.webmanifest", install.manifest, name="manifest"),
    path("sw.js", install.service_worker, name="service_worker"),
    path("offline/", install.offline, name="offline"),
    path("accounts/signup/", account_views.signup, name="signup"),
    path("accounts/me/", account_views.account, name="account"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(authentication_form=LoginForm),
        name="login",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("groups/", include("groups.urls")),
    path("groups/", include("campaign.urls")),
    path("groups/", include("games.urls")),
    path("", include("stats.urls")),
    path("reference/", include("games.reference.urls")),
    path("i18n/setlang/", account_views.set_language, name="set_language"),
    path("admin/", admin.site.urls),
]

handler500 = "web.errors.server_error"
