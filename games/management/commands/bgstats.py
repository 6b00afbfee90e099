"""``manage.py bgstats import`` and ``export``: a group's BG Stats history from the command line
(``docs/formats/bgstats.md``), for a large history or a server's operator.

Both go through the functions the web pages use: the import page's file checks
(``games.forms.read_export``), the preview's suggestions (``playlog.preview_import``) and the
import itself (``playlog.import_export``, one transaction); the export download's document
(``playlog.export_plays``, ``bgstats.dumps``). Nothing is asked: every file player is taken to be
who the preview would suggest. A refused file, an unknown group or time zone: the message on
standard error, exit status 2, nothing saved.
"""

from __future__ import annotations

import zoneinfo
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import bgstats, playlog
from games.forms import read_export
from games.models import Person
from groups.models import Group, Membership

REFUSED = 2


class Refused(Exception):
    """A request the command cannot carry out: ``str()`` is the message for the operator."""


class Command(BaseCommand):
    help = "Import a BG Stats export into a group, or write a group's plays as one."

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        importing = actions.add_parser("import", help="Add a file's plays the group does not have.")
        importing.add_argument("--group", type=int, required=True, help="The group's id.")
        importing.add_argument(
            "--tz",
            default=settings.TIME_ZONE,
            help="Where the plays were logged: BG Stats writes the phone's local time "
            "(default: TIME_ZONE).",
        )
        importing.add_argument(
            "file", help="The BG Stats export, or plays other apps sent in its import shape (JSON)."
        )
        exporting = actions.add_parser("export", help="Write the group's plays on standard output.")
        exporting.add_argument("--group", type=int, required=True, help="The group's id.")
        exporting.add_argument(
            "--tz",
            default=settings.TIME_ZONE,
            help="The time zone of the dates written (default: TIME_ZONE).",
        )
        for action in (importing, exporting):
            action.add_argument(
                "--language",
                choices=[code for code, _name in settings.LANGUAGES],
                help="The language of the messages (default: LANGUAGE_CODE).",
            )

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options["language"] or settings.LANGUAGE_CODE):
            try:
                group = group_of(options["group"])
                tz = time_zone(options["tz"])
                if options["action"] == "import":
                    self.import_file(group, Path(options["file"]), tz)
                else:
                    self.stdout.write(bgstats.dumps(playlog.export_plays(group=group, tz=tz)))
            except Refused as refusal:
                self.stderr.write(str(refusal))
                raise SystemExit(REFUSED) from None

    def import_file(self, group: Group, path: Path, tz: zoneinfo.ZoneInfo) -> None:
        try:
            with path.open("rb") as opened:
                _document, export = read_export(File(opened, name=path.name))
        except OSError as error:
            raise Refused(
                _("Cannot read %(file)s: %(reason)s.")
                % {"file": path, "reason": error.strerror or error}
            ) from None
        except ValidationError as error:
            raise Refused(error.messages[0]) from None
        preview = playlog.preview_import(group=group, export=export)
        matching = playlog.suggested_matching(preview)
        for game in preview.games:
            line = (
                _("Game “%(name)s”: matched to the catalog’s game of that name.")
                if game.existing
                else _("Game “%(name)s”: new in the catalog.")
            )
            self.stdout.write(line % {"name": game.name})
        for player in preview.players:
            self.stdout.write(player_line(group, player))
        added, skipped = playlog.import_export(
            group=group, export=export, matching=matching, tz=tz, by=None
        )
        self.stdout.write(
            ngettext("Added %(count)d play.", "Added %(count)d plays.", added) % {"count": added}
        )
        self.stdout.write(
            ngettext(
                "Skipped %(count)d play the group already has.",
                "Skipped %(count)d plays the group already has.",
                skipped,
            )
            % {"count": skipped}
        )


def group_of(group_id: int) -> Group:
    group = Group.objects.filter(pk=group_id).first()
    if group is None:
        raise Refused(_("There is no group with id %(id)s.") % {"id": group_id})
    return group


def time_zone(name: str) -> zoneinfo.ZoneInfo:
    if name not in zoneinfo.available_timezones():
        raise Refused(
            _("“%(zone)s” is not a time zone; give one such as Europe/Lisbon.") % {"zone": name}
        )
    return zoneinfo.ZoneInfo(name)


def player_line(group: Group, player: playlog.PlayerMatch) -> str:
    """Who the file's player is taken to be, as the preview suggests it."""
    kind, _sep, value = player.suggested.partition(":")
    if player.anonymous:
        return _(
            "Player “%(name)s”: BG Stats’ anonymous player, kept anonymous (not one of the "
            "group’s people)."
        ) % {"name": player.name}
    if kind == "person":
        person = Person.objects.get(group=group, pk=int(value))
        return _("Player “%(name)s”: matched to %(person)s of the group.") % {
            "name": player.name,
            "person": person.name,
        }
    if kind == "member":
        member = Membership.objects.select_related("user").get(group=group, user_id=int(value))
        return _("Player “%(name)s”: matched to the member %(user)s.") % {
            "name": player.name,
            "user": member.user.username,
        }
    return _("Player “%(name)s”: new in the group.") % {"name": player.name}
