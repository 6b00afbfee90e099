"""The content-pack admin answers crafted packs with a message and unknown packs with a 404,
never a server error (``games/admin.py``)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from games.content import default_pack
from games.models import ContentPack
from web import uploads

DEEP = "[" * 990 + "]" * 990


def with_colour_id(value):
    document = default_pack().to_json()
    document["colours"][0]["id"] = value
    return json.dumps(document)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (DEEP, uploads.TOO_DEEP % {"depth": uploads.MAX_DEPTH}),
        ('{"format": NaN}', uploads.NOT_A_NUMBER % {"value": "NaN"}),
        ('{"format": "questlog-pack/1\\u0000"}',
         "This file holds a text that cannot be stored: format contains a NUL character."),
        (with_colour_id("c" * 21), "colours: [0].id: longer than 20 characters"),
        ("[", "This file is not valid JSON: Expecting value: line 1 column 2 (char 1)"),
    ],
    ids=["nested-990", "nan", "nul", "colour-id-21", "truncated"],
)  # fmt: skip
def test_a_crafted_pack_file_is_a_400_with_its_message(admin_client, content, message):
    upload = SimpleUploadedFile("pack.json", content.encode())
    response = admin_client.post(reverse("admin:games_contentpack_import"), {"file": upload})
    assert response.status_code == 400
    assert response.context["form"].errors["file"] == [message]
    assert not ContentPack.objects.exists()


@pytest.mark.django_db
def test_a_deeply_nested_document_typed_in_the_admin_is_refused(admin_client):
    call_command("load_content")
    stored = ContentPack.objects.get()
    url = reverse("admin:games_contentpack_change", args=[stored.pk])
    response = admin_client.post(url, {"document": DEEP})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["document"] == [
        uploads.TOO_DEEP % {"depth": uploads.MAX_DEPTH}
    ]
    assert ContentPack.objects.get().pack() == default_pack()


@pytest.mark.django_db
def test_exporting_a_pack_that_does_not_exist_is_a_404(admin_client):
    response = admin_client.get(reverse("admin:games_contentpack_export", args=[999]))
    assert response.status_code == 404
