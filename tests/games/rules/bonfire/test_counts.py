"""``Counts``, the multiset behind Action tiles and Resources."""

from games.rules.bonfire import Counts


def test_counts() -> None:
    a = Counts.of({"red": 2, "blue": 0, "green": 1})
    assert a.items == (("green", 1), ("red", 2))
    assert a == Counts.of([("red", 1), ("green", 1), ("red", 1)])
    assert (a.get("red"), a.get("blue"), a.total(), a.names()) == (2, 0, 3, ("green", "red"))
    assert a - Counts.of({"red": 2}) == Counts.of({"green": 1})
    assert a + Counts.of({"blue": 1}) == Counts.of({"blue": 1, "green": 1, "red": 2})
    assert a.covers(Counts.of({"red": 2}))
    assert not a.covers(Counts.of({"blue": 1}))
    assert (a.text(), Counts().text()) == ("1 green, 2 red", "nothing")
    assert a.as_dict() == {"green": 1, "red": 2}
