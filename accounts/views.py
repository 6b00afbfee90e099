from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views import i18n
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import services
from accounts.forms import SignupForm, TimeZoneForm

WELCOME = _("Welcome to Questlog, %(name)s.")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("groups:list")
    return render(request, "home.html")


def safe_next(request: HttpRequest) -> str | None:
    """The ``next`` page to go to after signing up, only if it is on this site."""
    target = request.GET.get("next")
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else None


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("groups:list")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, WELCOME % {"name": user.username})
        return redirect(safe_next(request) or "groups:list")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The switcher: Django's ``set_language`` (cookie, then back to ``next``); for a signed-in
    account the choice is also stored on the account, so its other devices follow from their next
    log-in, and kept in this session for the next page."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in services.offered("language"):
        services.set_preference(user=request.user, language=language)
        request.session[services.SESSION_KEYS["language"]] = language
    return response


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    """The account page: the time zone times show in (blank: the browser's), kept on the account
    for every device and in this session for the next page."""
    browser_zone = services.browser_time_zone(request)
    initial = {"time_zone": services.preferred("time_zone", user=request.user)}
    form = TimeZoneForm(request.POST or None, initial=initial, browser_zone=browser_zone)
    if request.method == "POST" and form.is_valid():
        zone = form.cleaned_data["time_zone"]
        services.set_preference(user=request.user, time_zone=zone)
        request.session[services.SESSION_KEYS["time_zone"]] = zone
        messages.success(request, _("Time zone saved."))
        return redirect("account")
    status = 400 if form.errors else 200
    return render(request, "registration/account.html", {"form": form}, status=status)
