"""The campaign's charts and tables, read on the real content (VIC 4.2 Random Two Map Generator
Chart and Map Layout Chart, 4.4 Table 2, 5.4 Table 3, 5.5 Table 4, 6.0 Table 5, 3.2 and 3.3)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from rules.victory import tables
from rules.victory.content import load

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rulebooks" / "victory-blocks-campaign.txt"
ALL_SEQUENCES = list(itertools.product(range(1, 7), repeat=3))


# ------------------------------------------------------------------ 4.2 the Two Map Generator Chart
def test_chart_every_3d6_sequence_gives_exactly_one_map_pair():
    """VIC 4.2 Random Two Map Generator Chart: each of the 216 sequences of 3d6 appears exactly
    once, so every roll gives one pair of two different maps, and no pair comes up twice."""
    pairs = {}
    for rolls in ALL_SEQUENCES:
        allied, axis = tables.two_maps(rolls)
        assert 1 <= allied <= 16 and 1 <= axis <= 16 and allied != axis
        assert (allied, axis) not in pairs, f"{rolls} and {pairs.get((allied, axis))} give the same pair"
        pairs[(allied, axis)] = rolls
    assert len(pairs) == 216
    assert len(load().chart) == 216


def test_chart_example_4_1_6_gives_axis_map_9_and_allied_map_13():
    """VIC 4.2: "rolling a 4, 1, and 6 would select map 9 for the Axis player and map 13 for the
    Allied player"; two_maps returns (Allied, Axis)."""
    assert tables.two_maps((4, 1, 6)) == (13, 9)


def test_chart_rows_are_the_allied_map_and_columns_the_axis_map():
    """VIC 4.2 (DESIGN ruling): rows are the Allied map, columns the Axis map. "416" stands in row 13,
    column 9; "132" in row 1, column 2; "643" in row 16, column 15."""
    chart = load().chart
    assert chart[(13, 9)] == "416"
    assert tables.two_maps((1, 3, 2)) == (1, 2)
    assert tables.two_maps((6, 4, 3)) == (16, 15)
    assert all(chart.get((n, n)) is None for n in range(1, 17)), "a map is never drawn against itself"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not next to the repository")
def test_chart_is_transcribed_cell_for_cell_from_the_rulebook():
    """VIC 4.2: the content's chart is the rulebook's, cell for cell (rows Allied 1-16, tab-separated
    columns Axis 1-16)."""
    text = RULEBOOK.read_text(encoding="utf-8")
    block = text.split("Random Two Map Generator Chart", 1)[1]
    printed = {}
    for line in block.splitlines():
        cells = line.split("\t")
        if len(cells) == 17 and re.fullmatch(r"\d+", cells[0]):
            for axis, cell in enumerate(cells[1:], start=1):
                if cell.strip():
                    printed[(int(cells[0]), axis)] = cell.strip()
    assert printed == load().chart


def test_every_pair_the_chart_rolls_fits_at_least_one_layout():
    """VIC 4.2: "re-roll until they match up": every pair the chart can give fits some layout, so
    the re-roll always ends (the maps' edges are ours, designed for it)."""
    c = load()
    for (allied, axis) in c.chart:
        assert any(tables.layout_fits(allied, axis, n) for n in range(1, 9)), (allied, axis)


def test_map_layout_chart_meeting_edges():
    """VIC 4.2 Map Layout Chart (ours): 1-4 put the Axis map north, south, east, west of the Allied
    map (facing edges meet); 5-8 the same with the Axis map turned 180 degrees (same-side edges)."""
    expected = {1: ("north", "south"), 2: ("south", "north"), 3: ("east", "west"), 4: ("west", "east"),
                5: ("north", "north"), 6: ("south", "south"), 7: ("east", "east"), 8: ("west", "west")}
    assert {n: tables.meeting_edges(n) for n in range(1, 9)} == expected
    # Central Plains (all land) against the Peninsula (land only to the north)
    assert [n for n in range(1, 9) if tables.layout_fits(1, 7, n)] == [2, 5]


# ------------------------------------------------------------------ 4.4 Table 2
TABLE_2 = {7: 1, 8: 2, 9: 3, 10: 4, 11: 5}


@pytest.mark.parametrize("turn", range(6, 13))
@pytest.mark.parametrize("roll", range(1, 7))
def test_table_2_battle_length(turn, roll):
    """VIC 4.4 Table 2: before turn 7 no roll ends the battle; on turns 7-11 a roll at or below
    1/2/3/4/5 ends it at once; turn 12 always ends it."""
    if turn < 7:
        expected = False
    elif turn == 12:
        expected = True
    else:
        expected = roll <= TABLE_2[turn]
    assert tables.battle_ends(turn, roll) is expected


def test_table_2_examples():
    """VIC 4.4 Example 1: a 4 on turn 9 continues; Example 2: a 5 on turn 11 ends the battle."""
    assert tables.battle_ends(9, 4) is False
    assert tables.battle_ends(11, 5) is True


# ------------------------------------------------------------------ 5.4 Table 3
ALL_POOLS = ("std", "+1", "+2", "+3", "+4")


@pytest.mark.parametrize("margin", range(-3, 7))
def test_table_3_forcepools_by_margin(margin):
    """VIC 5.4 Table 3: the loser and a draw pick from Std only; winning by +n VP opens the Std and
    +1..+n Forcepools ("+2VP's allows ... the Std., +1, and +2 Forcepools"); +4 or more opens all."""
    expected = ALL_POOLS[:1 + max(0, min(margin, 4))]
    assert tables.forcepools(margin) == expected
    if margin == 2:
        assert expected == ("std", "+1", "+2")


def test_table_3_read_by_columns():
    """VIC 5.4 Table 3 (reconstruction): pool membership read by column: +1 MB MK MT, +2 CV AR AB,
    +3 HB BB AY, +4 EFA EAR; Std is Table 1."""
    c = load()
    assert c.pool_types(("std",)) == ("FA", "DB", "TB", "SS", "CA", "DD", "MA", "IN", "EN")
    assert set(c.pool_types(("+1",))) == {"MB", "MK", "MT"}
    assert set(c.pool_types(("+2",))) == {"CV", "AR", "AB"}
    assert set(c.pool_types(("+3",))) == {"HB", "BB", "AY"}
    assert set(c.pool_types(("+4",))) == {"EFA", "EAR"}


# ------------------------------------------------------------------ 5.5 Table 4
@pytest.mark.parametrize("roll, row", [
    (1, ("AB", "AR", "HB", "EFA")), (2, ("AB", "AR", "AY", "EFA")), (3, ("CV", "AR", "BB", "EFA")),
    (4, ("AB", "AR", "HB", "EAR")), (5, ("AB", "AR", "AY", "EAR")), (6, ("CV", "AR", "BB", "EAR")),
])
def test_table_4_special_group_rows(roll, row):
    """VIC 5.5 Table 4: six rows of four types; row 6's "FAR" is read EAR (rows 4-6 end EAR)."""
    assert tables.special_group(roll) == row


# ------------------------------------------------------------------ 6.0 Table 5
@pytest.mark.parametrize("net, level, tp", [
    (0, "Draw", 1), (4, "Draw", 1), (5, "Minor", 2), (8, "Minor", 2), (9, "Substantial", 3), (12, "Substantial", 3),
    (13, "Major", 5), (16, "Major", 5), (17, "Decisive", 7), (20, "Decisive", 7), (21, "Smashing", 10),
    (40, "Smashing", 10),
])
def test_table_5_victory_levels_at_each_boundary(net, level, tp):
    """VIC 6.0 Table 5: 0-4 Draw (1 TP each), 5-8 Minor 2, 9-12 Substantial 3, 13-16 Major 5,
    17-20 Decisive 7, 21+ Smashing 10."""
    assert tables.victory_level(net) == (level, tp)


# ------------------------------------------------------------------ 3.2 / 3.3
@pytest.mark.parametrize("cv", range(1, 5))
@pytest.mark.parametrize("roll", range(1, 7))
def test_engineer_and_marine_rolls_succeed_at_or_below_cv(cv, roll):
    """VIC 3.2 / 3.3: "rolling one die less than or equal to its' current CV"."""
    assert tables.engineer_roll(cv, roll) is (roll <= cv)
    assert tables.marine_roll(cv, roll) is (roll <= cv)


def test_battle_points_are_cities_plus_two_per_resource():
    """VIC 5.1: the value of friendly cities in supply plus 2 points per friendly resource in supply."""
    assert tables.battle_points(7, 3) == 13
    assert tables.battle_points(0, 0) == 0
