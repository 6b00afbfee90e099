"""A scripted 30-attempt adventure and a snapshot of everything the rules decide."""

from campaign.models import Adventure

# (mission, result): 22 successes and 8 failures, touching every reward, the four moon phases,
# Night mode, the grey envelope, Holo Liana, Mission 22 and the red envelope.
WALK = [
    (1, "failure"), (1, "success"), (2, "success"), (3, "failure"), (3, "success"),
    (4, "success"), (5, "success"), (6, "success"), (7, "success"), (8, "success"),
    (9, "failure"), (9, "success"), (10, "success"), (11, "success"), (12, "failure"),
    (12, "success"), (13, "success"), (14, "success"), (15, "failure"), (15, "success"),
    (16, "success"), (17, "success"), (18, "success"), (19, "success"), (20, "failure"),
    (20, "success"), (21, "success"), (22, "failure"), (22, "failure"), (22, "success"),
]  # fmt: skip
# Power tiles placed before some missions: (attempt number) -> {space: tile}
LOADOUTS = {
    7: {"hearth": "gust"},
    10: {"grove": "gust"},
    26: {"hearth": "gust", "grove": "moth"},
    30: {"hearth": "gust", "grove": "moth"},
}


def snapshot(adventure):
    """Everything derived from the log, keyed by attempt numbers (not database ids)."""
    adventure = Adventure.objects.get(pk=adventure.pk)
    return {
        "current_mission": adventure.current_mission,
        "final": adventure.final_mission_completed,
        "red": adventure.red_envelope_opened,
        "night": adventure.night_mode,
        "holo": adventure.holo_liana,
        "attempts": adventure.attempt_count,
        "moon": [
            (b.box, b.phase, b.envelope, b.checked_by_attempt) for b in adventure.moon_boxes.all()
        ],
        "envelopes": [
            (e.envelope, e.source, e.by_attempt) for e in adventure.opened_envelopes.all()
        ],
        "spaces": [(s.space, s.unlocked, s.placed_tile) for s in adventure.power_spaces.all()],
        "components": [(c.kind, c.component) for c in adventure.components.all()],
        "log": [
            (a.number, a.mission, a.status, a.failure_reason, a.loadout, a.players, a.changes)
            for a in adventure.attempts.order_by("number")
        ],
        "overrides": [
            (o.after_attempt, o.kind, o.target, o.reason) for o in adventure.overrides.all()
        ],
    }
