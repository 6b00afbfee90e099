"""Campaign progression: an adventure's log replayed against its content pack.

Pure Python, no Django: the ``campaign`` app stores the log and shows the state. The log is the
ordered list of attempt results and manual overrides; the state (current mission, Moon Path,
envelopes, Power spaces, tokens and tiles, Moon tiles, Night mode, Holo Liana, red envelope) is
whatever ``replay`` derives from it. Correcting a result means changing the log and replaying it;
``diff`` says what that changes.

Rules source: seed 003, sections "Rewards", "The Moon Path", "The envelopes" and "Switching to
Night mode". Where the seed leaves a point open, one named function below holds "our reading" and
says so in its docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from games.content import HoloLianaRelief, Pack
    from games.content.texts import Text

SUCCESS = "success"
FAILURE = "failure"
RESULTS = (SUCCESS, FAILURE)

# Why a mission failed. The codes are stable: the live mission driver records the same ones.
FAILURE_REASONS = {
    "coloured-edge": "A coloured edge was not respected",
    "objective-not-met": "An objective was not met",
    "no-legal-placement": "No legal placement for a Spirit tile",
    "abandoned": "Abandoned",
    "other": "Other",
}

# Moon tile and Power tile effects that change a mission's rounds (``mission_rounds``).
ONE_FEWER_ROUND = "one-fewer-round"
EXTRA_ROUND = "extra-round"

OPEN_ENVELOPE = "open-envelope"
UNLOCK_SPACE = "unlock-space"
GAIN_TOKEN = "gain-power-token"
NIGHT_MODE = "night-mode"
OVERRIDE_KINDS = {
    OPEN_ENVELOPE: "Open an envelope by hand",
    UNLOCK_SPACE: "Unlock a Power space by hand",
    GAIN_TOKEN: "Gain a Power token by hand",
    NIGHT_MODE: "Switch to Night mode by hand",
}

# Error messages, asserted exactly by the tests.
MISSION_NOT_OPEN = "Mission {mission} is not open: the next mission to play is Mission {current}."
ADVENTURE_FINISHED = "This adventure is finished: Mission {last} was completed."
SPACE_LOCKED = "{space} is locked: a Power tile can only go on an unlocked Power space."
TILE_NOT_AVAILABLE = "{tile} is not available in this adventure yet."
TILE_TWICE = "{tile} is placed twice: each Power tile goes on one space."
UNKNOWN_ITEM = "Unknown {kind} “{value}”."
RED_WITHOUT_FINAL = "The red envelope opens only once Mission {last} has been completed."
ALREADY_OPEN = "{name} is already open."
ALREADY_UNLOCKED = "{name} is already unlocked."
ALREADY_GAINED = "{name} is already gained."
ALREADY_NIGHT = "Night mode is already on."
REASON_REQUIRED = "Say why the mission failed."
REASON_ON_SUCCESS = "A successful attempt has no failure reason."


class ProgressionError(ValueError):
    """A log entry the rules forbid; ``code`` is stable, ``str()`` is the message for people."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        subject: str = "",
        params: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.code = code
        self.subject = subject  # the Power space, envelope … the problem is about, if any
        self.params = params  # what the message names, for a screen to say it in its language
        super().__init__(message)


@dataclass(frozen=True)
class AttemptResult:
    """One finished mission attempt in the log. ``number`` is its place among the attempts."""

    number: int
    mission: int
    result: str
    reason: str = ""
    loadout: tuple[tuple[str, str], ...] = ()  # (Power space id, Power tile id), by space
    key: int | None = None  # a stable id (the database row); the number when not given

    @property
    def ref(self) -> int:
        return self.number if self.key is None else self.key


@dataclass(frozen=True)
class Override:
    """A table-side decision the rules did not foresee: open, unlock or gain something by hand."""

    key: int
    kind: str
    target: str = ""
    reason: str = ""


Entry = AttemptResult | Override


@dataclass(frozen=True)
class Change:
    """One thing a log entry changed: ``kind`` is stable (for code), ``text`` is for people (in
    English, for the command line); ``params`` is what the text names (numbers, the pack's names,
    ``via`` for the reward or hand behind it), so a screen can say it in its reader's language.
    A pack's name is kept as the pack writes it (``Text.to_json()``: a string, or texts by
    language), so each reader sees their own."""

    kind: str
    target: str
    text: str
    params: tuple[tuple[str, str | dict[str, str]], ...] = ()


@dataclass(frozen=True)
class MoonBox:
    box: int
    phase: str | None
    envelope: str | None
    checked_by: int | None = None  # the attempt number that checked it


@dataclass(frozen=True)
class OpenedEnvelope:
    id: str
    source: str  # "reward", "moon-path", "instruction", "end" or "override"
    by_attempt: int | None
    by_override: int | None = None


@dataclass(frozen=True)
class EntryChanges:
    key: str  # "attempt:<key>" or "override:<key>", stable across renumbering
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class CampaignState:
    last_mission: int
    current_mission: int | None  # None once the adventure is finished
    completed: tuple[int, ...]
    attempts: int
    moon_path: tuple[MoonBox, ...]
    opened: tuple[OpenedEnvelope, ...]
    unlocked_spaces: tuple[str, ...]
    power_tokens: tuple[str, ...]
    power_tiles: tuple[str, ...]
    moon_tiles: tuple[str, ...]
    cards: tuple[str, ...]
    items: tuple[str, ...]
    night_mode: bool
    holo_liana: bool
    red_envelope_opened: bool
    loadout: tuple[tuple[str, str], ...]  # the latest attempt's Power tiles on spaces
    entries: tuple[EntryChanges, ...] = field(default=())

    @property
    def finished(self) -> bool:
        return self.current_mission is None

    @property
    def final_mission_completed(self) -> bool:
        return self.last_mission in self.completed

    @property
    def moon_boxes_checked(self) -> int:
        return sum(1 for box in self.moon_path if box.checked_by is not None)

    @property
    def opened_ids(self) -> frozenset[str]:
        return frozenset(envelope.id for envelope in self.opened)

    def changes_of(self, key: str) -> tuple[Change, ...]:
        for entry in self.entries:
            if entry.key == key:
                return entry.changes
        return ()


def attempt_key(number: int) -> str:
    return f"attempt:{number}"


def override_key(key: int) -> str:
    return f"override:{key}"


# --- Readings of what the seed leaves open -------------------------------------------------------


def attempt_counts_as_progress(state: CampaignState, mission: int) -> bool:
    """Whether an attempt can gain rewards, follow instructions and open the next mission.

    Our reading: only an attempt of the current mission does. The seed says a failed mission is
    tried again and the next one opens on success, so the log only ever holds attempts of the
    current mission; an attempt of an already-completed mission (replayed for fun) or of a mission
    not yet reached (left behind by a correction) changes nothing but the Moon Path, since it was
    still played.
    """
    return state.current_mission == mission


def attempt_checks_moon_box(state: CampaignState) -> bool:
    """Whether an attempt checks a Moon Path box.

    Seed, "The Moon Path": "Whether you succeed or fail a mission, … check a box". Our reading:
    every attempt does while the adventure is running; once Mission 22 is completed the adventure
    is over and later attempts (if any) check nothing.
    """
    return not state.finished


def next_moon_box(moon_path: Sequence[MoonBox]) -> int | None:
    """Index of the next box to check, from the left; None when every box is checked.

    Our reading: the seed does not say what happens when the boxes run out. The path simply stays
    full: further attempts check nothing and open nothing.
    """
    for index, box in enumerate(moon_path):
        if box.checked_by is None:
            return index
    return None


def instructions_apply(*, result: str) -> bool:
    """Whether a mission's instructions (Night mode, open an envelope) apply to an attempt.

    Our reading: a mission instruction is followed whatever the result — Night mode is switched on
    "before setting up" (seed, "Switching to Night mode": "when the game instructs you to do so"),
    and an instructed envelope is opened after the mission "whatever the result". The first
    attempt of the mission therefore applies them; later attempts find them already done.
    """
    return result in RESULTS


def uses_night_sides(state: CampaignState, pack: Pack) -> bool:
    """Whether the next mission is set up on Night sides.

    Seed, "Switching to Night mode": once switched on, every mission uses Night sides. The current
    mission's own Night-mode instruction applies before its setup.
    """
    if state.night_mode or state.current_mission is None:
        return state.night_mode
    return any(i.kind == "night-mode" for i in pack.mission(state.current_mission).instructions)


def mission_relief(pack: Pack, state: CampaignState, mission: int) -> HoloLianaRelief | None:
    """The Holo Liana relief that eases ``mission`` in this adventure, if any.

    Seed 003, "Rewards": "The Purified Holo Liana reward reduces the difficulty of Mission 22."
    Our reading: once the reward is gained, every later attempt of the last mission is set up with
    the relief the pack gives it (``holo_liana_relief``: extra rounds, or one Mission tile no
    longer to surround); a pack gives that relief to the last mission only.
    """
    if not state.holo_liana:
        return None
    return pack.mission(mission).holo_liana_relief


def mission_rounds(
    pack: Pack,
    mission: int,
    *,
    moon_tiles: Iterable[str],
    holo_liana: bool,
    power_tiles: Iterable[str] = (),
) -> int:
    """How many rounds ``mission`` lasts in an adventure: the one count the setup, the dashboard
    and the checks on a logged attempt share.

    Seed 003, "The Moon Path": Moon tiles "stack and last until the end of the game" (the pack's
    ``one-fewer-round``); "Rewards": Power tiles placed before a mission "for extra help" (the
    pack's ``extra-round``) and the Holo Liana relief (``extra-rounds``, ``mission_relief``).
    Our reading: one effect counts once however many pieces give it.
    """
    info = pack.mission(mission)
    pieces = [pack.moon_tile(t) for t in moon_tiles] + [pack.power_tile(t) for t in power_tiles]
    effects = {piece.effect for piece in pieces}
    relief = info.holo_liana_relief if holo_liana else None
    extra = (relief.rounds or 0) if relief and relief.kind == "extra-rounds" else 0
    return info.rounds + extra + (EXTRA_ROUND in effects) - (ONE_FEWER_ROUND in effects)


def relieve(setup: Mapping[str, Any], relief: HoloLianaRelief) -> dict[str, Any]:
    """A mission's ``spirits-scenario/1`` setup eased by a Holo Liana relief (``mission_relief``):
    ``waive-objective`` leaves its Mission tile unsurrounded; ``extra-rounds`` is already counted
    in the setup's rounds (``mission_rounds``)."""
    if relief.kind != "waive-objective":
        return dict(setup)
    board = setup["board"]
    tiles = [
        {**tile, "surround": False} if tile["id"] == relief.tile else tile
        for tile in board["mission_tiles"]
    ]
    return {**setup, "board": {**board, "mission_tiles": tiles}}


def red_envelope_may_open(state: CampaignState) -> bool:
    """Seed, "The envelopes": the red envelope opens at the end, only if Mission 22 was completed.

    Our reading: completing the last mission is the end of the adventure, so the red envelope
    opens as that attempt is recorded (``complete_mission``); before, only this allows it.
    """
    return state.final_mission_completed


# --- Replay --------------------------------------------------------------------------------------


def initial_state(pack: Pack) -> CampaignState:
    """A new adventure: Mission 1, every envelope sealed, only the starting Power spaces open."""
    return CampaignState(
        last_mission=max(mission.number for mission in pack.missions),
        current_mission=min(mission.number for mission in pack.missions),
        completed=(),
        attempts=0,
        moon_path=tuple(MoonBox(b.box, b.phase, b.envelope) for b in pack.moon.path),
        opened=(),
        unlocked_spaces=tuple(s.id for s in pack.power.spaces if s.unlocked_at_start),
        power_tokens=(),
        power_tiles=(),
        moon_tiles=(),
        cards=(),
        items=(),
        night_mode=False,
        holo_liana=False,
        red_envelope_opened=False,
        loadout=(),
    )


def log_order(
    attempts: Iterable[tuple[int, AttemptResult | None]],
    overrides: Iterable[tuple[int, Override]],
) -> list[Entry]:
    """The log in the order it replays: each attempt by number (``None``: one still being
    played, no entry), the overrides recorded after attempt n right after it, in the order given
    (those after 0 first). An override after a number no attempt has is left out."""
    after: dict[int, list[Entry]] = {}
    for number, override in overrides:
        after.setdefault(number, []).append(override)
    entries = list(after.get(0, []))
    for number, result in sorted(attempts, key=lambda pair: pair[0]):
        if result is not None:
            entries.append(result)
        entries += after.get(number, [])
    return entries


def replay(pack: Pack, entries: Iterable[Entry]) -> CampaignState:
    """The state after ``entries``, in order, from a new adventure.

    Entries the rules no longer allow after a correction (an override that is now redundant, a
    Power tile on a space that is no longer unlocked) are kept in the log and reported as ignored
    in their changes, so a correction never silently loses what the group wrote down.
    """
    state = initial_state(pack)
    for entry in entries:
        state = apply_entry(pack, state, entry)
    return state


def apply_entry(pack: Pack, state: CampaignState, entry: Entry) -> CampaignState:
    if isinstance(entry, AttemptResult):
        state, changes = apply_attempt(pack, state, entry)
        key = attempt_key(entry.ref)
    else:
        state, changes = apply_override(pack, state, entry)
        key = override_key(entry.key)
    return replace(state, entries=(*state.entries, EntryChanges(key, tuple(changes))))


def apply_attempt(
    pack: Pack, state: CampaignState, attempt: AttemptResult
) -> tuple[CampaignState, list[Change]]:
    changes: list[Change] = []
    state = replace(state, attempts=state.attempts + 1)
    if not attempt_checks_moon_box(state):
        changes.append(Change("no-effect", "", "Played after the adventure ended: no effect."))
        return state, changes
    progress = attempt_counts_as_progress(state, attempt.mission)
    if not progress:
        changes.append(
            Change(
                "not-current",
                str(attempt.mission),
                f"Mission {attempt.mission} was not the mission to play "
                f"(Mission {state.current_mission}): only the Moon Path moves.",
                (("mission", str(attempt.mission)), ("current", str(state.current_mission))),
            )
        )
    kept, refused = sort_loadout(pack, state, attempt.loadout)
    for space, tile, error in refused:
        changes.append(
            Change(
                "loadout-ignored",
                f"{space}:{tile}",
                f"Ignored: {error}",
                (("problem", error.code), *error.params),
            )
        )
    state = replace(state, loadout=kept)
    mission = pack.mission(attempt.mission)
    if progress and instructions_apply(result=attempt.result):
        for instruction in mission.instructions:
            if instruction.envelope is not None:  # open-envelope
                state = open_envelope(
                    pack, state, instruction.envelope, "instruction", attempt.number, changes
                )
            elif not state.night_mode:  # night-mode, not yet on
                state = replace(state, night_mode=True)
                changes.append(Change("night-mode", "", "Night mode is on from now on."))
    state = check_moon_box(pack, state, attempt.number, changes)
    if progress and attempt.result == SUCCESS:
        for reward in mission.rewards:
            state = apply_reward(pack, state, reward.kind, reward.target, attempt.number, changes)
        state = complete_mission(pack, state, attempt.mission, attempt.number, changes)
    return state, changes


Loadout = tuple[tuple[str, str], ...]  # (Power space id, Power tile id), by space


def sort_loadout(
    pack: Pack, state: CampaignState, loadout: Loadout
) -> tuple[Loadout, tuple[tuple[str, str, ProgressionError], ...]]:
    """The Power tiles of an attempt the rules allow (kept), and each other with why it is refused.

    ``state`` is the campaign before the attempt: seed 003, "Rewards": "Before starting a mission,
    you may place Power tiles on unlocked Power spaces", so a tile that the attempt itself brings
    (an envelope its instructions open after the mission, a reward) is not there yet. Every path
    that takes a loadout checks it here, against that state: the quick log, the live setup, a
    correction (``check_loadout``) and the replay of a stored or imported log (``apply_attempt``).
    """
    kept: list[tuple[str, str]] = []
    refused: list[tuple[str, str, ProgressionError]] = []
    for space, tile in loadout:
        try:
            check_placement(pack, state, space, tile, [t for _, t in kept])
        except ProgressionError as error:
            refused.append((space, tile, error))
        else:
            kept.append((space, tile))
    return tuple(kept), tuple(refused)


def check_placement(
    pack: Pack, state: CampaignState, space: str, tile: str, placed: Sequence[str]
) -> None:
    """Seed, "Rewards": Power tiles go on unlocked Power spaces only, one tile per space."""
    space_name = name_of(pack, "power space", space)
    tile_name = name_of(pack, "power tile", tile)
    names = (("space", space_name), ("tile", tile_name))
    if space not in state.unlocked_spaces:
        raise ProgressionError(
            "space-locked", SPACE_LOCKED.format(space=space_name), subject=space, params=names
        )
    if tile not in state.power_tiles:
        raise ProgressionError(
            "tile-not-available",
            TILE_NOT_AVAILABLE.format(tile=tile_name),
            subject=space,
            params=names,
        )
    if tile in placed:
        raise ProgressionError(
            "tile-twice", TILE_TWICE.format(tile=tile_name), subject=space, params=names
        )


def check_moon_box(
    pack: Pack, state: CampaignState, number: int, changes: list[Change]
) -> CampaignState:
    """Seed, "The Moon Path": check the next box; a moon phase opens its black envelope."""
    index = next_moon_box(state.moon_path)
    if index is None:
        changes.append(Change("moon-path-full", "", "The Moon Path is full: no box to check."))
        return state
    box = replace(state.moon_path[index], checked_by=number)
    path = (*state.moon_path[:index], box, *state.moon_path[index + 1 :])
    state = replace(state, moon_path=path)
    if box.phase is None or box.envelope is None:  # a pack pairs a phase with its envelope
        changes.append(
            Change(
                "moon-box",
                str(box.box),
                f"Moon Path box {box.box} checked.",
                (("box", str(box.box)),),
            )
        )
        return state
    phase = next(p.name for p in pack.moon.phases if p.id == box.phase)
    changes.append(
        Change(
            "moon-box",
            str(box.box),
            f"Moon Path box {box.box} checked: {phase}.",
            (("box", str(box.box)), ("phase", phase.to_json())),
        )
    )
    return open_envelope(pack, state, box.envelope, "moon-path", number, changes)


def apply_reward(
    pack: Pack,
    state: CampaignState,
    kind: str,
    target: str | None,
    number: int,
    changes: list[Change],
) -> CampaignState:
    """Seed, "Rewards": Totem, Castle, White Envelope and Purified Holo Liana."""
    if kind == "totem" and target and target not in state.unlocked_spaces:
        return add_power(pack, state, UNLOCK_SPACE, target, "totem", changes, "Totem: ")
    if kind == "castle" and target and target not in state.power_tokens:
        return add_power(pack, state, GAIN_TOKEN, target, "castle", changes, "Castle: ")
    if kind == "white-envelope" and target:
        return open_envelope(pack, state, target, "reward", number, changes)
    if kind == "holo-liana" and not state.holo_liana:
        changes.append(Change("holo-liana", "", "Purified Holo Liana: Mission 22 becomes easier."))
        return replace(state, holo_liana=True)
    return state


def add_power(
    pack: Pack,
    state: CampaignState,
    kind: str,
    target: str,
    via: str,
    changes: list[Change],
    prefix: str = "",
) -> CampaignState:
    """A Power space unlocked (``UNLOCK_SPACE``) or a Power token gained (``GAIN_TOKEN``), by a
    reward (``prefix`` names it) or by hand."""
    if kind == UNLOCK_SPACE:
        name = pack.power_space(target).name
        change, text = "space-unlocked", f"{prefix}{name} unlocked."
        state = replace(state, unlocked_spaces=(*state.unlocked_spaces, target))
    else:
        name = pack.power_token(target).name
        change, text = "token-gained", f"{prefix}Power token {name} gained."
        state = replace(state, power_tokens=(*state.power_tokens, target))
    changes.append(Change(change, target, text, (("name", name.to_json()), ("via", via))))
    return state


def complete_mission(
    pack: Pack, state: CampaignState, mission: int, number: int, changes: list[Change]
) -> CampaignState:
    changes.append(
        Change(
            "mission-completed",
            str(mission),
            f"Mission {mission} completed.",
            (("mission", str(mission)),),
        )
    )
    later = [m.number for m in pack.missions if m.number > mission]
    state = replace(
        state,
        completed=(*state.completed, mission),
        current_mission=min(later) if later else None,
    )
    if later:
        following = str(min(later))
        changes.append(
            Change(
                "mission-opened",
                following,
                f"Mission {following} opens.",
                (("mission", following),),
            )
        )
        return state
    changes.append(Change("adventure-finished", "", "The adventure is complete."))
    red = next(e for e in pack.envelopes if e.colour == "red")
    return open_envelope(pack, state, red.id, "end", number, changes)


def open_envelope(
    pack: Pack,
    state: CampaignState,
    envelope_id: str,
    source: str,
    number: int | None,
    changes: list[Change],
    *,
    override: int | None = None,
) -> CampaignState:
    """Seed, "The envelopes": what an envelope holds joins the adventure when it is opened."""
    if envelope_id in state.opened_ids:
        return state
    envelope = pack.envelope(envelope_id)
    contents = envelope.contents
    state = replace(
        state,
        opened=(*state.opened, OpenedEnvelope(envelope_id, source, number, override)),
        power_tiles=(*state.power_tiles, *contents.power_tiles),
        moon_tiles=(*state.moon_tiles, *contents.moon_tiles),
        cards=(*state.cards, *contents.cards),
        items=(*state.items, *(item.id for item in contents.items)),
        red_envelope_opened=state.red_envelope_opened or envelope.colour == "red",
    )
    changes.append(
        Change(
            "envelope-opened",
            envelope_id,
            f"{envelope.name} opened.",
            (("name", envelope.name.to_json()), ("via", source)),
        )
    )
    for tile in contents.power_tiles:
        name = pack.power_tile(tile).name
        changes.append(
            Change("power-tile", tile, f"Power tile {name} available.", (("name", name.to_json()),))
        )
    for tile in contents.moon_tiles:
        moon = pack.moon_tile(tile)
        changes.append(
            Change(
                "moon-tile",
                tile,
                f"Moon tile {moon.name}: {moon.text}",
                (("name", moon.name.to_json()), ("text", moon.text.to_json())),
            )
        )
    for card in contents.cards:
        changes.append(
            Change("card", card, f"Spirit card {card} joins the deck.", (("card", card),))
        )
    for item in contents.items:
        changes.append(Change("item", item.id, f"{item.name}.", (("name", item.name.to_json()),)))
    return state


def apply_override(
    pack: Pack, state: CampaignState, override: Override
) -> tuple[CampaignState, list[Change]]:
    changes: list[Change] = [
        Change(
            "override",
            override.kind,
            f"By hand: {override.reason}".strip(),
            (("reason", override.reason),),
        )
    ]
    try:
        check_override(pack, state, override)
    except ProgressionError as error:
        changes.append(Change("override-ignored", override.target, f"Ignored: {error}"))
        return state, changes
    if override.kind == OPEN_ENVELOPE:
        state = open_envelope(
            pack, state, override.target, "override", None, changes, override=override.key
        )
    elif override.kind in (UNLOCK_SPACE, GAIN_TOKEN):
        state = add_power(pack, state, override.kind, override.target, "hand", changes)
    else:
        state = replace(state, night_mode=True)
        changes.append(Change("night-mode", "", "Night mode is on from now on."))
    return state, changes


def check_override(pack: Pack, state: CampaignState, override: Override) -> None:
    """Whether an override may apply now; raises ProgressionError saying why not."""
    kind, target = override.kind, override.target
    if kind == OPEN_ENVELOPE:
        envelope = find_or_error(pack, "envelope", target)
        if target in state.opened_ids:
            raise ProgressionError(
                "already-open", ALREADY_OPEN.format(name=envelope), params=(("name", envelope),)
            )
        if pack.envelope(target).colour == "red" and not red_envelope_may_open(state):
            last = str(state.last_mission)
            raise ProgressionError(
                "red-without-final", RED_WITHOUT_FINAL.format(last=last), params=(("last", last),)
            )
    elif kind == UNLOCK_SPACE:
        name = find_or_error(pack, "power space", target)
        if target in state.unlocked_spaces:
            raise ProgressionError(
                "already-unlocked", ALREADY_UNLOCKED.format(name=name), params=(("name", name),)
            )
    elif kind == GAIN_TOKEN:
        name = find_or_error(pack, "power token", target)
        if target in state.power_tokens:
            raise ProgressionError(
                "already-gained", ALREADY_GAINED.format(name=name), params=(("name", name),)
            )
    elif kind == NIGHT_MODE:
        if state.night_mode:
            raise ProgressionError("night-already", ALREADY_NIGHT)
    else:
        raise ProgressionError(
            "unknown", UNKNOWN_ITEM.format(kind="override", value=kind), params=(("value", kind),)
        )


def check_new_attempt(pack: Pack, state: CampaignState, attempt: AttemptResult) -> None:
    """Whether a new attempt may be logged at the end of the log; raises ProgressionError."""
    check_unfinished(state)
    if attempt.mission != state.current_mission:
        names = (("mission", str(attempt.mission)), ("current", str(state.current_mission)))
        raise ProgressionError(
            "mission-not-open", MISSION_NOT_OPEN.format(**dict(names)), params=names
        )
    check_result(attempt.result, attempt.reason)
    check_loadout(pack, state, attempt.loadout)


def check_unfinished(state: CampaignState) -> None:
    """Whether a mission is left to play; raises ProgressionError."""
    if state.finished:
        last = str(state.last_mission)
        raise ProgressionError(
            "finished", ADVENTURE_FINISHED.format(last=last), params=(("last", last),)
        )


def check_result(result: str, reason: str) -> None:
    if result == FAILURE and reason not in FAILURE_REASONS:
        raise ProgressionError("reason-required", REASON_REQUIRED)
    if result == SUCCESS and reason:
        raise ProgressionError("reason-on-success", REASON_ON_SUCCESS)


def check_loadout(pack: Pack, state: CampaignState, loadout: Loadout) -> None:
    """Refuse a loadout the rules do not allow before the attempt (``sort_loadout``): raises the
    first problem as a ProgressionError."""
    _kept, refused = sort_loadout(pack, state, loadout)
    if refused:
        raise refused[0][2]


def find_or_error(pack: Pack, kind: str, ident: str) -> str:
    try:
        return name_of(pack, kind, ident)
    except KeyError:
        raise ProgressionError(
            "unknown", UNKNOWN_ITEM.format(kind=kind, value=ident), params=(("value", ident),)
        ) from None


class Named(Protocol):
    @property
    def name(self) -> object: ...  # a pack ``Text``: ``str()`` is the reader's language


def name_of(pack: Pack, kind: str, ident: str) -> str:
    lookups: dict[str, Callable[[str], Named]] = {
        "envelope": pack.envelope,
        "power space": pack.power_space,
        "power token": pack.power_token,
        "power tile": pack.power_tile,
    }
    try:
        return str(lookups[kind](ident).name)
    except KeyError:
        if kind in {"power space", "power tile"}:
            return ident
        raise


# --- What changed --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Diff:
    """What a correction changes, in words, grouped for the confirmation page. ``facts`` are the
    ``summary`` lines as changes (a kind and what it names), for a screen in another language."""

    summary: tuple[str, ...]  # the final campaign state
    # key, changes before, changes after
    attempts: tuple[tuple[str, tuple[Change, ...], tuple[Change, ...]], ...]
    facts: tuple[Change, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.summary and not self.attempts


def diff(before: CampaignState, after: CampaignState, pack: Pack) -> Diff:
    """What differs between two states: the campaign as a whole, then entry by entry."""
    facts: list[Change] = []
    if before.current_mission != after.current_mission:
        facts.append(
            Change(
                "next-mission",
                "",
                f"Next mission: {mission_label(before.current_mission)} → "
                f"{mission_label(after.current_mission)}",
                (
                    ("before", str(before.current_mission or "")),
                    ("after", str(after.current_mission or "")),
                ),
            )
        )
    if before.moon_boxes_checked != after.moon_boxes_checked:
        facts.append(
            Change(
                "moon-boxes",
                "",
                f"Moon Path boxes checked: {before.moon_boxes_checked} → "
                f"{after.moon_boxes_checked}",
                (
                    ("before", str(before.moon_boxes_checked)),
                    ("after", str(after.moon_boxes_checked)),
                ),
            )
        )
    envelope_names = {e.id: e.name for e in pack.envelopes}
    facts += set_facts("envelope", before.opened_ids, after.opened_ids, envelope_names)
    space_names = {s.id: s.name for s in pack.power.spaces}
    facts += set_facts("power-space", before.unlocked_spaces, after.unlocked_spaces, space_names)
    token_names = {t.id: t.name for t in pack.power.tokens}
    facts += set_facts("power-token", before.power_tokens, after.power_tokens, token_names)
    tile_names = {t.id: t.name for t in pack.power.tiles}
    facts += set_facts("power-tile", before.power_tiles, after.power_tiles, tile_names)
    moon_names = {t.id: t.name for t in pack.moon.tiles}
    facts += set_facts("moon-tile", before.moon_tiles, after.moon_tiles, moon_names)
    for kind, label, old, new in (
        ("night-mode", "Night mode", before.night_mode, after.night_mode),
        ("holo-liana", "Purified Holo Liana", before.holo_liana, after.holo_liana),
        (
            "red-envelope",
            "Red envelope opened",
            before.red_envelope_opened,
            after.red_envelope_opened,
        ),
    ):
        if old != new:
            text = f"{label}: {yes_no(old)} → {yes_no(new)}"
            facts.append(Change(f"{kind}-{'on' if new else 'off'}", "", text))
    old_entries = {e.key: e.changes for e in before.entries}
    new_entries = {e.key: e.changes for e in after.entries}
    attempts = []
    for key in sorted(set(old_entries) | set(new_entries), key=entry_sort_key):
        if old_entries.get(key, ()) != new_entries.get(key, ()):
            attempts.append((key, old_entries.get(key, ()), new_entries.get(key, ())))
    return Diff(tuple(f.text for f in facts), tuple(attempts), tuple(facts))


# What a set of the campaign's components is called, and what being in it means.
SET_WORDS = {
    "envelope": ("Envelope", "opened"),
    "power-space": ("Power space", "unlocked"),
    "power-token": ("Power token", "gained"),
    "power-tile": ("Power tile", "available"),
    "moon-tile": ("Moon tile", "active"),
}


def set_facts(
    kind: str, before: Iterable[str], after: Iterable[str], names: Mapping[str, Text]
) -> list[Change]:
    """What left and what joined a set of components (``<kind>-removed``, ``<kind>-added``)."""
    label, verb = SET_WORDS[kind]
    old, new = set(before), set(after)

    def fact(i: str, code: str, state: str) -> Change:
        name = names.get(i)
        shown = str(name) if name is not None else i
        return Change(
            code, i, f"{label} {shown}: {state}", (("name", name.to_json() if name else i),)
        )

    facts = [fact(i, f"{kind}-removed", f"no longer {verb}") for i in sorted(old - new)]
    facts += [fact(i, f"{kind}-added", f"now {verb}") for i in sorted(new - old)]
    return facts


def entry_sort_key(key: str) -> tuple[str, int]:
    kind, _, number = key.partition(":")
    return kind, int(number)


def mission_label(mission: int | None) -> str:
    return "none (adventure complete)" if mission is None else f"Mission {mission}"


def yes_no(value: bool) -> str:
    return "yes" if value else "no"
