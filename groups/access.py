"""Reaching a group's data: always through the requesting user's own memberships.

An id that is not one of the user's groups answers 404, never data and never 403, so ids of other
groups reveal nothing. Every page of a group is a ``member_view``; ``membership_or_404`` is left
for what is not a plain view (an event stream's async view).
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from groups.models import Membership

READ_ONLY = _("Viewers can read this group but not change it.")
OWNERS_ONLY = _("Only the group's owners can do this.")


def membership_or_404(request: HttpRequest, group_id: int) -> Membership:
    user = request.user
    if not user.is_authenticated:
        raise Http404("No such group.")
    memberships = Membership.objects.select_related("group")
    membership = memberships.filter(user_id=user.pk, group_id=group_id).first()
    if membership is None:
        raise Http404("No such group.")
    return membership


def require_player(membership: Membership) -> None:
    if not membership.can_play:
        raise PermissionDenied(READ_ONLY)


def require_owner(membership: Membership) -> None:
    if not membership.can_manage:
        raise PermissionDenied(OWNERS_ONLY)


View = Callable[..., HttpResponse]


def member_view(*methods: str, play: bool = False, manage: bool = False) -> Callable[[View], View]:
    """A page of the user's group: signed in, one of ``methods``, and the view gets the
    membership instead of the group's id; ``play`` pages change something (viewers: 403),
    ``manage`` pages change the group itself (anyone but its owners: 403)."""

    def decorate(view: View) -> View:
        @login_required
        @require_http_methods(methods)
        @wraps(view)
        def scoped(request: HttpRequest, group_id: int, **kwargs: Any) -> HttpResponse:
            membership = membership_or_404(request, group_id)
            if play:
                require_player(membership)
            if manage:
                require_owner(membership)
            return view(request, membership, **kwargs)

        return scoped

    return decorate
