"""Content packs in the database: load_content, the admin's validated editing, import, export."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from games.content import default_pack
from games.models import ContentPack
from tests.support.pages import text


@pytest.mark.django_db
def test_load_content_is_idempotent():
    call_command("load_content")
    call_command("load_content")
    stored = ContentPack.objects.get()
    assert stored.pack() == default_pack()
    assert stored.sample


@pytest.mark.django_db
def test_admin_imports_and_exports_a_pack(admin_client):
    document = default_pack().to_json()
    upload = SimpleUploadedFile("pack.json", json.dumps(document).encode())
    response = admin_client.post(reverse("admin:games_contentpack_import"), {"file": upload})
    assert response.status_code == 302
    stored = ContentPack.objects.get()
    exported = admin_client.get(reverse("admin:games_contentpack_export", args=[stored.pk]))
    assert json.loads(exported.content) == document


@pytest.mark.django_db
def test_admin_import_shows_the_pack_error_on_the_field(admin_client):
    document = default_pack().to_json()
    document["missions"][6]["rewards"] = [{"kind": "white-envelope", "envelope": "Q"}]
    upload = SimpleUploadedFile("pack.json", json.dumps(document).encode())
    response = admin_client.post(reverse("admin:games_contentpack_import"), {"file": upload})
    assert response.status_code == 400
    assert 'id="id_file_errors"' in response.content.decode()
    assert "unknown envelope 'Q'" in text(response)
    assert not ContentPack.objects.exists()


@pytest.mark.django_db
def test_admin_edit_validates_the_document(admin_client):
    call_command("load_content")
    stored = ContentPack.objects.get()
    document = default_pack().to_json()
    document["envelopes"] = document["envelopes"][:9]
    url = reverse("admin:games_contentpack_change", args=[stored.pk])
    response = admin_client.post(url, {"document": json.dumps(document)})
    assert response.status_code == 200
    assert "expected exactly 10 envelopes, got 9" in text(response)
    assert ContentPack.objects.get().pack() == default_pack()
