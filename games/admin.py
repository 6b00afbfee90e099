"""Content packs in the admin: edit the document (validated), import and export whole packs."""

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.forms.fields import InvalidJSONInput
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from games.content import PackError, pack_from_json
from games.models import ContentPack, pack_digest
from games.packs import import_pack
from web.uploads import parse_json_text, read_json_upload

MAX_PACK_BYTES = 5 * 1024 * 1024
PACK_EXISTS = _("This exact pack is already stored as “%(name)s”.")


def validated_document(data: object) -> dict[str, object]:
    """The pack's canonical document, or a ValidationError carrying the PackError message."""
    try:
        return pack_from_json(data).to_json()
    except PackError as error:
        raise ValidationError(str(error), code="pack") from None


class DocumentField(forms.JSONField):
    """The pack document typed in the admin, read with the same limits as an uploaded pack."""

    def to_python(self, value: Any) -> Any:
        if self.disabled or value in self.empty_values or not isinstance(value, str):
            return super().to_python(value)
        return parse_json_text(value)

    def bound_data(self, data: object, initial: object) -> object:
        """What the form shows again after an error: the text as typed when it cannot be read."""
        if self.disabled or not isinstance(data, str):
            return super().bound_data(data, initial)
        try:
            return parse_json_text(data)
        except ValidationError:
            return InvalidJSONInput(data)


class ContentPackForm(forms.ModelForm[ContentPack]):
    document = DocumentField()

    class Meta:
        model = ContentPack
        fields = ["document"]

    def clean_document(self) -> dict[str, object]:
        document = validated_document(self.cleaned_data["document"])
        same = ContentPack.objects.filter(digest=pack_digest(document))
        if self.instance.pk:
            same = same.exclude(pk=self.instance.pk)
        if existing := same.first():
            raise ValidationError(PACK_EXISTS % {"name": existing.name}, code="exists")
        return document

    def save(self, commit: bool = True) -> ContentPack:
        self.instance.fill_from_document()
        saved: ContentPack = super().save(commit)
        return saved


class PackImportForm(forms.Form):
    file = forms.FileField(label=_("Pack file (JSON, format questlog-pack/1)"))

    def clean_file(self) -> dict[str, object]:
        return validated_document(
            read_json_upload(self.cleaned_data["file"], max_bytes=MAX_PACK_BYTES)
        )


def pack_download(pack: ContentPack) -> HttpResponse:
    response = HttpResponse(
        json.dumps(pack.document, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{slugify(pack.pack_id)}.json"'
    return response


@admin.register(ContentPack)
class ContentPackAdmin(admin.ModelAdmin[ContentPack]):
    form = ContentPackForm
    list_display = ["name", "pack_id", "sample", "created_at", "digest"]
    readonly_fields = ["pack_id", "name", "sample", "digest", "created_at"]
    actions = ["export_pack"]
    change_list_template = "admin/games/contentpack/change_list.html"

    def get_readonly_fields(
        self, request: HttpRequest, obj: ContentPack | None = None
    ) -> list[str]:
        """A pack an adventure pinned is read-only: import a changed pack as a new one."""
        fields = list(self.readonly_fields)
        if obj is not None and obj.adventures.exists():
            fields.append("document")
        return fields

    def get_urls(self) -> list[URLPattern]:
        extra: list[URLPattern] = [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="games_contentpack_import",
            ),
            path(
                "<int:pack_id>/export/",
                self.admin_site.admin_view(self.export_view),
                name="games_contentpack_export",
            ),
        ]
        return extra + super().get_urls()

    @admin.action(description=_("Export the selected pack as JSON"))
    def export_pack(
        self, request: HttpRequest, queryset: QuerySet[ContentPack]
    ) -> HttpResponse | None:
        packs = list(queryset)
        if len(packs) != 1:
            self.message_user(request, _("Select exactly one pack to export."), messages.ERROR)
            return None
        return pack_download(packs[0])

    def export_view(self, request: HttpRequest, pack_id: int) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        return pack_download(get_object_or_404(ContentPack, pk=pack_id))

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = PackImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            stored = import_pack(data=form.cleaned_data["file"])
            self.message_user(request, _("Pack “%(name)s” imported.") % {"name": stored.name})
            return redirect(reverse("admin:games_contentpack_change", args=[stored.pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "form": form,
            "title": _("Import a content pack"),
        }
        return TemplateResponse(
            request,
            "admin/games/contentpack/import.html",
            context,
            status=400 if form.errors else 200,
        )
