"""Pages of a group: the list of one's groups, a group's members and invites, joining by link."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.texts import render as render_text
from groups import deleted, services
from groups.access import OWNERS_ONLY, member_view, require_owner
from groups.forms import GroupForm, InviteForm, MembershipRoleForm
from groups.models import DeletedItem, DeletedKind, Group, Invite, Membership

# The session key of the invite someone not signed in asked to join, until they have an account.
JOINING = "groups.joining"
GROUP_CREATED = _("Group “%(name)s” created.")
GROUP_RENAMED = _("Group renamed.")
GROUP_DELETED = _("Group “%(name)s” deleted.")
INVITE_CREATED = _("Invite link created. Share it with your table.")
INVITE_ROLE_NEEDED = _("Choose whether the invite joins as player or viewer.")
INVITE_REVOKED = _("Invite link revoked: it no longer lets anyone join.")
JOINED = _("Welcome to “%(name)s”.")
ROLE_NEEDED = _("Choose a role: owner, player or viewer.")
ROLE_CHANGED = _("Role changed.")
LEFT_GROUP = _("You left the group.")
MEMBER_REMOVED = _("Member removed.")
RESTORED = _("Restored: %(what)s.")


@login_required
@require_http_methods(["GET", "POST"])
def group_list(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        group = services.create_group(name=form.cleaned_data["name"], owner=request.user)
        messages.success(request, GROUP_CREATED % {"name": group.name})
        return redirect(group)
    memberships = Membership.objects.for_user(request.user).select_related("group")
    status = 400 if form.errors else 200
    return render(
        request, "groups/group_list.html", {"memberships": memberships, "form": form}, status=status
    )


def group_page(
    request: HttpRequest, group: Group, membership: Membership, rename_form: GroupForm, status: int
) -> HttpResponse:
    """The group page: members, invites and settings for owners, and the group's adventures;
    owners also see that the group's last backup failed."""
    last_backup = group.backups.first() if membership.can_manage else None
    context = {
        "failed_backup": last_backup if last_backup is not None and last_backup.failed else None,
        "group": group,
        "membership": membership,
        "members": group.memberships.select_related("user").order_by("user__username"),
        "invites": group.invites.filter(revoked_at__isnull=True) if membership.can_manage else [],
        "invite_form": InviteForm(),
        "rename_form": rename_form,
    }
    return render(request, "groups/group_detail.html", context, status=status)


@member_view("GET")
def group_detail(request: HttpRequest, membership: Membership) -> HttpResponse:
    group = membership.group
    return group_page(request, group, membership, GroupForm(instance=group), 200)


@member_view("POST", manage=True)
def group_rename(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = GroupForm(request.POST, instance=membership.group)
    if form.is_valid():
        form.save()
        messages.success(request, GROUP_RENAMED)
        return redirect(membership.group)
    group = Group.objects.get(pk=membership.group_id)  # the unchanged name for the page title
    return group_page(request, group, membership, form, 400)


@member_view("GET", "POST", manage=True)
def group_delete(request: HttpRequest, membership: Membership) -> HttpResponse:
    """Deleting a group asks first on its own page; only that page's confirmed POST deletes."""
    if request.method == "POST" and "confirm" in request.POST:
        name = membership.group.name
        services.delete_group(group=membership.group)
        messages.success(request, GROUP_DELETED % {"name": name})
        return redirect("groups:list")
    return render(request, "groups/group_delete.html", {"group": membership.group})


@member_view("POST", manage=True)
def invite_create(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = InviteForm(request.POST)
    if form.is_valid():
        services.create_invite(
            group=membership.group, role=form.cleaned_data["role"], created_by=request.user
        )
        messages.success(request, INVITE_CREATED)
    else:
        messages.error(request, INVITE_ROLE_NEEDED)
    return redirect(membership.group)


@member_view("POST", manage=True)
def invite_revoke(request: HttpRequest, membership: Membership, invite_id: int) -> HttpResponse:
    invite = get_object_or_404(membership.group.invites, pk=invite_id)
    services.revoke_invite(invite=invite)
    messages.success(request, INVITE_REVOKED)
    return redirect(membership.group)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link: anyone holding an active one sees which group invites them. Someone not
    signed in asks to join (a POST kept in their session), signs up or logs in, and on coming back
    here is joined and lands in the group."""
    invite = Invite.objects.select_related("group").filter(token=token).first()
    if invite is None or not invite.is_active:
        context = {"revoked": invite is not None}
        return render(request, "groups/join_invalid.html", context, status=404)
    if not request.user.is_authenticated:
        if request.method == "POST":
            request.session[JOINING] = token
            then = "signup" if request.POST.get("then") == "signup" else "login"
            return redirect(f"{reverse(then)}?{urlencode({'next': request.path})}")
        return render(request, "groups/join.html", {"invite": invite})
    if request.method == "POST" or request.session.pop(JOINING, None) == token:
        services.join_group(invite=invite, user=request.user)
        messages.success(request, JOINED % {"name": invite.group.name})
        return redirect(invite.group)
    already = Membership.objects.for_user(request.user).filter(group=invite.group).exists()
    return render(request, "groups/join.html", {"invite": invite, "already": already})


@member_view("POST", manage=True)
def member_role(request: HttpRequest, membership: Membership, member_id: int) -> HttpResponse:
    member = get_object_or_404(membership.group.memberships, pk=member_id)
    form = MembershipRoleForm(request.POST, instance=member)
    if not form.is_valid():
        messages.error(request, ROLE_NEEDED)
        return redirect(membership.group)
    try:
        services.change_role(membership=member, role=form.cleaned_data["role"])
    except services.MembershipError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, ROLE_CHANGED)
    return redirect(membership.group)


@member_view("GET", "POST")
def member_remove(request: HttpRequest, membership: Membership, member_id: int) -> HttpResponse:
    """Remove a member, or leave (one's own membership): a page says what follows, and only its
    confirmed POST acts, so one stray tap on the group page removes nobody."""
    leaving = membership.pk == member_id
    if not leaving:
        require_owner(membership)
    member = get_object_or_404(membership.group.memberships.select_related("user"), pk=member_id)
    if request.method == "POST" and "confirm" in request.POST:
        try:
            services.remove_member(membership=member)
        except services.MembershipError as error:
            messages.error(request, str(error))
            return redirect(membership.group)
        if leaving:
            messages.success(request, LEFT_GROUP)
            return redirect("groups:list")
        messages.success(request, MEMBER_REMOVED)
        return redirect(membership.group)
    context = {"group": membership.group, "member": member, "leaving": leaving}
    return render(request, "groups/member_remove.html", context)


# --- Recently deleted ------------------------------------------------------------------------


def may_restore(membership: Membership, item: DeletedItem) -> bool:
    """Who may delete may restore: an adventure, its group's owners; a play, owners and players."""
    return membership.can_manage if item.kind == DeletedKind.ADVENTURE else membership.can_play


@member_view("GET")
def deleted_list(request: HttpRequest, membership: Membership) -> HttpResponse:
    """What the group deleted in the last 30 days, with who, when and the days left."""
    items = deleted.kept(membership.group_id).filter(restored_at__isnull=True)
    rows = [
        {
            "item": item,
            "what": render_text(item.what),
            "days_left": deleted.days_left(item),
            "may_restore": may_restore(membership, item),
        }
        for item in items.select_related("deleted_by")
    ]
    context = {"group": membership.group, "rows": rows, "keep_days": deleted.KEEP_DAYS}
    return render(request, "groups/deleted_list.html", context)


@member_view("POST", play=True)
def deleted_restore(request: HttpRequest, membership: Membership, item_id: int) -> HttpResponse:
    item = get_object_or_404(deleted.kept(membership.group_id), pk=item_id)
    if not may_restore(membership, item):
        raise PermissionDenied(OWNERS_ONLY)
    try:
        restored = deleted.restore(item=item, by=request.user)
    except deleted.RestoreRefused as error:
        messages.error(request, str(error))
        return redirect("groups:deleted", group_id=membership.group_id)
    messages.success(request, RESTORED % {"what": render_text(item.what)})
    return redirect(restored)
