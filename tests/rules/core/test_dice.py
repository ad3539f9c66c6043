"""rules.core.dice: seeded and scripted dice, reveal counting, and the spec round trip.

All chance in a game goes through its Dice (DESIGN "The rules model: Chance is explicit"),
so these are the guarantees saves, replay and undo stand on.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import Dice, FixedDice, SeededDice, dice_from_spec
from rules.core.errors import DiceExhausted


# ---------------------------------------------------------------- SeededDice
def test_seeded_dice_same_seed_gives_same_rolls_and_shuffles():
    a, b = SeededDice(1942), SeededDice(1942)
    items = list(range(20))
    for _ in range(50):
        assert a.roll(3) == b.roll(3)
        assert a.shuffle(items) == b.shuffle(items)
        assert a.roll(1, sides=10) == b.roll(1, sides=10)


def test_seeded_dice_different_seeds_differ():
    rolls = {SeededDice(seed).roll(20) for seed in range(10)}
    assert len(rolls) == 10


def test_seeded_dice_is_private_to_its_game():
    """Another Random in the process (or the module-level one) does not disturb the dice."""
    import random

    a = SeededDice(5)
    first = a.roll(10)
    random.seed(0)
    random.random()
    b = SeededDice(5)
    random.random()
    assert b.roll(10) == first


@given(seed=st.integers(0, 2**64), sides=st.integers(1, 100))
@settings(max_examples=60, deadline=None)
def test_seeded_rolls_are_random_randint_from_the_same_seed(seed, sides):
    """The fast roll draws exactly what random.Random(seed).randint(1, sides) draws, die after
    die and between shuffles, so old saves and seeds give the same games."""
    import random

    dice, rng = SeededDice(seed), random.Random(seed)
    for _ in range(5):
        assert dice.roll(7, sides) == tuple(rng.randint(1, sides) for _ in range(7))
        for size in (0, 1, 2, 9, 45):
            assert dice.shuffle(list(range(size))) == (lambda x: (rng.shuffle(x), x)[1])(list(range(size)))
    assert dice.roll(3) == tuple(rng.randint(1, 6) for _ in range(3))


@given(seed=st.integers(0, 2**64), n=st.integers(0, 40), sides=st.integers(1, 20))
@settings(max_examples=60, deadline=None)
def test_seeded_rolls_are_in_range(seed, n, sides):
    rolls = SeededDice(seed).roll(n, sides)
    assert len(rolls) == n
    assert all(isinstance(v, int) and 1 <= v <= sides for v in rolls)


def test_seeded_d6_shows_every_face():
    rolls = SeededDice(3).roll(600)
    assert set(rolls) == {1, 2, 3, 4, 5, 6}


@given(seed=st.integers(0, 2**64), items=st.lists(st.integers()))
@settings(max_examples=60, deadline=None)
def test_seeded_shuffle_is_a_permutation_and_leaves_the_input_alone(seed, items):
    original = list(items)
    out = SeededDice(seed).shuffle(items)
    assert sorted(out) == sorted(original)
    assert items == original
    assert out is not items


def test_seeded_shuffle_does_reorder():
    items = list(range(30))
    assert SeededDice(11).shuffle(items) != items


def test_seeded_reveals_count_each_roll_and_shuffle_once():
    d = SeededDice(0)
    assert d.reveals == 0
    d.roll(5)
    assert d.reveals == 1       # one call is one reveal, however many dice
    d.roll()
    assert d.reveals == 2
    d.shuffle([1, 2, 3])
    assert d.reveals == 3
    d.spec()
    assert d.reveals == 3       # describing the dice reveals nothing


def test_reveals_are_per_instance():
    a, b = SeededDice(1), SeededDice(1)
    a.roll()
    assert (a.reveals, b.reveals) == (1, 0)
    assert Dice.reveals == 0


# ---------------------------------------------------------------- FixedDice
def test_fixed_dice_play_the_script_in_order():
    d = FixedDice([6, 3, 1, 5, 2])
    assert d.roll() == (6,)
    assert d.roll(2) == (3, 1)
    assert d.remaining == [5, 2]
    assert d.roll(2) == (5, 2)
    assert d.remaining == []


def test_fixed_dice_raise_when_exhausted():
    d = FixedDice([4])
    d.roll()
    with pytest.raises(DiceExhausted, match="only 0 remain"):
        d.roll()


def test_fixed_dice_asking_for_more_than_remain_consumes_nothing():
    d = FixedDice([2, 3])
    with pytest.raises(DiceExhausted, match="asked for 3 more"):
        d.roll(3)
    assert d.remaining == [2, 3]
    assert d.reveals == 0
    assert d.roll(2) == (2, 3)


def test_fixed_dice_empty_script_raises_at_once():
    with pytest.raises(DiceExhausted):
        FixedDice([]).roll()


@pytest.mark.parametrize("bad", [0, 7, -1, 99])
def test_fixed_dice_reject_out_of_range_scripted_values(bad):
    d = FixedDice([3, bad, 4])
    assert d.roll() == (3,)
    with pytest.raises(DiceExhausted, match=f"scripted roll {bad} is not a d6 result"):
        d.roll()
    assert d.remaining == [bad, 4]     # the bad roll is not consumed
    assert d.reveals == 1


def test_fixed_dice_range_follows_the_die_size():
    d = FixedDice([9, 9])
    assert d.roll(1, sides=10) == (9,)
    with pytest.raises(DiceExhausted, match="d6"):
        d.roll(1, sides=6)


def test_fixed_dice_shuffle_keeps_the_order_and_copies():
    d = FixedDice([])
    items = ["c", "a", "b"]
    out = d.shuffle(items)
    assert out == ["c", "a", "b"]
    assert out is not items
    out.append("x")
    assert items == ["c", "a", "b"]


def test_fixed_dice_count_reveals():
    d = FixedDice([1, 2, 3])
    d.shuffle([1, 2])
    d.roll(2)
    d.roll()
    assert d.reveals == 3


def test_fixed_dice_do_not_hold_on_to_the_callers_list():
    script = [1, 2, 3]
    d = FixedDice(script)
    script[0] = 6
    assert d.roll() == (1,)


# ---------------------------------------------------------------- specs
@pytest.mark.parametrize("make", [lambda: SeededDice(7), lambda: SeededDice(0), lambda: SeededDice(2**40)])
def test_seeded_spec_round_trip_rolls_alike(make):
    d = make()
    again = dice_from_spec(d.spec())
    assert isinstance(again, SeededDice)
    assert again.spec() == d.spec()
    assert [again.roll(2) for _ in range(20)] == [d.roll(2) for _ in range(20)]


def test_seeded_spec_rebuilds_fresh_dice_even_after_use():
    d = SeededDice(9)
    first = d.roll(10)
    again = dice_from_spec(d.spec())
    assert again.reveals == 0
    assert again.roll(10) == first


def test_fixed_spec_round_trip_keeps_the_whole_script():
    d = FixedDice([6, 5, 4, 3])
    d.roll(2)
    again = dice_from_spec(d.spec())
    assert isinstance(again, FixedDice)
    assert again.remaining == [6, 5, 4, 3]
    assert again.reveals == 0
    assert again.spec() == d.spec() == {"kind": "fixed", "rolls": [6, 5, 4, 3]}


def test_specs_are_plain_json():
    import json

    for d in (SeededDice(3), FixedDice([1, 2])):
        assert json.loads(json.dumps(d.spec())) == d.spec()


@pytest.mark.parametrize("spec", [
    {"kind": "loaded"},
    {"kind": "seeded"},
    {"kind": "seeded", "seed": "7"},
    {"kind": "seeded", "seed": 7.5},
    {"kind": "fixed"},
    {"kind": "fixed", "rolls": "123"},
    {"kind": "fixed", "rolls": [1, "2"]},
    {"seed": 7},
    {},
    None,
    [],
    "seeded",
])
def test_unknown_spec_raises_value_error(spec):
    with pytest.raises(ValueError, match="unknown dice description"):
        dice_from_spec(spec)


def test_base_dice_is_abstract():
    d = Dice()
    for call in (lambda: d.roll(), lambda: d.shuffle([]), lambda: d.spec()):
        with pytest.raises(NotImplementedError):
            call()
