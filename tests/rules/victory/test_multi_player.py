"""The multi-player options (VIC 7.0): round robin (7.1) with three and four players, and team play
(7.2) with transfers. Rule 5.5 (the Special Reinforcement Group) is ignored in both."""

from __future__ import annotations

import pytest

from rules.core.dice import FixedDice
from rules.victory import (
    CallSpecialGroup,
    DrawPairings,
    EndTransfers,
    EnterBattlePoints,
    NextTurn,
    Reinforce,
    RollBattleLength,
    RollMaps,
    Transfer,
    new_game,
)

BATTLE = [4, 1, 6, 1, 5, 2, 1]        # maps 4-1-6, layout 1, initiative 5-2 (Axis), length 1


def _battle(vic, game, values, table=1, picks=None):
    vic.battle(game, values, table=table, picks=picks)


def _byes_reinforce(vic, game):
    for p in list(game.state.round.byes):
        vic.reinforce(game, p)


def _play_to_the_end(vic, game, bp_of):
    """Drive a whole multi-player campaign: every battle ends on its turn-7 roll or runs to turn 12,
    BP from bp_of(battle, player), every bye reinforces, no transfers."""
    while game.outcome is None:
        r = game.state.round
        if r.step == "pairings":
            vic.play(game, DrawPairings())
        elif r.step == "transfers":
            vic.play(game, EndTransfers())
        else:
            for m in list(r.matches):
                vic.prelude(game, m.table)
                while m.step == "battle":
                    roll = RollBattleLength(m.table)
                    vic.play(game, roll if roll in game.legal() else NextTurn(m.table))
                vic.bp(game, {p: (bp_of(r.number, p), 0) for p in m.players})
                if r.number < 10:
                    vic.regroup(game, m.table)
            if r.number < 10:
                _byes_reinforce(vic, game)


# ------------------------------------------------------------------ 7.1 Round Robin
def test_round_robin_three_players_pairs_two_and_one_sits_out_in_turn(vic):
    """VIC 7.1: "All players involved are randomly matched up for each battle"; with three players one
    sits out each battle (a bye, ruling): sitting out rotates to those who sat out least, the last
    of them in the drawn order. FixedDice keeps the order: A-B (C out), A-C (B out), B-C (A out)."""
    game = vic.new(players=("A", "B", "C"), mode="round-robin", rolls=BATTLE + [4, 1, 6, 1, 1])
    vic.choose_all(game)
    assert game.legal() == [DrawPairings()]
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("A", "B")] and r.byes == ["C"]
    # the bye picks reinforcements meanwhile, as after a draw (Standard Forcepool only)
    assert Reinforce("C", "IN") in game.legal() and Reinforce("C", "MB") not in game.legal()
    assert "sat out battle 1: the Standard Forcepool only" in vic.refused(game, Reinforce("C", "MB"))
    assert "C sits out battle 1" in vic.refused(game, EnterBattlePoints("C", 1, 0))
    c_cvs = [u.cv for u in game.force("C").units]
    _battle(vic, game, {"A": (12, 0), "B": (0, 0)})
    assert game.state.round.number == 1, "the battle waits for the bye's reinforcements"
    assert [u.cv for u in game.force("C").units] == c_cvs, "no augmentation without a battle"
    _byes_reinforce(vic, game)
    assert game.battle == 2 and game.legal() == [DrawPairings()]
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("A", "C")] and r.byes == ["B"]
    # A leads B by 12, but 5.5 is ignored in multi-player (7.0)
    assert "not used in the multi-player options" in vic.refused(game, CallSpecialGroup("B"))
    _battle(vic, game, {"A": (0, 0), "C": (3, 0)})           # A won before and attacks: no initiative roll
    assert game.state.rounds[1].matches[0].initiative_rolls == []
    _byes_reinforce(vic, game)
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("B", "C")] and r.byes == ["A"]
    assert r.matches[0].attacker == "C"                      # C won battle 2; B sat out
    assert {p: game.force(p).byes for p in "ABC"} == {"A": 1, "B": 1, "C": 1}


def test_round_robin_sides_are_drawn_at_random(vic):
    """VIC 7.1: "Axis and Allied players are chosen randomly for each battle for purposes of map
    generation": the drawn order decides the sides (here a reversing draw makes C Axis against B)."""

    class Reversing(FixedDice):
        def shuffle(self, items):
            self.reveals += 1
            return list(reversed(items))

    game = new_game(players=("A", "B", "C"), mode="round-robin", dice=Reversing([]))
    vic.choose_all(game)
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("C", "B")] and r.byes == ["A"]

    sides = {p: set() for p in "ABCD"}
    for seed in range(8):
        g = new_game(seed=seed, players=("A", "B", "C", "D"), mode="round-robin")
        vic.choose_all(g)
        vic.play(g, DrawPairings())
        for m in g.state.round.matches:
            sides[m.axis].add("axis")
            sides[m.allied].add("allied")
    assert all(s == {"axis", "allied"} for s in sides.values()), sides


def test_round_robin_four_players_fight_two_battles_at_once(vic):
    """VIC 7.1 with four players: two battles per battle number, no one sits out; the two tables run
    side by side (either may roll first)."""
    # table 2's maps, then table 1's whole battle, then table 2's layout, initiative and length roll
    game = vic.new(players=("A", "B", "C", "D"), mode="round-robin", rolls=[4, 1, 6] + BATTLE + [1, 5, 2, 1])
    vic.choose_all(game)
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.table, m.axis, m.allied) for m in r.matches] == [(1, "A", "B"), (2, "C", "D")] and r.byes == []
    assert game.legal() == [RollMaps(1), RollMaps(2)]
    vic.play(game, RollMaps(2))
    assert r.matches[1].step == "layout" and r.matches[0].step == "maps"
    assert "there is no table 3" in vic.refused(game, RollMaps(3))
    _battle(vic, game, {"A": (5, 0), "B": (1, 0)}, table=1)
    assert game.battle == 1
    vic.play(game, game.legal()[0])          # table 2's layout (its maps are rolled)
    vic.play(game, game.legal()[0])          # initiative
    m2 = r.matches[1]
    vic.play(game, game.legal()[0])
    vic.play(game, game.legal()[0])
    vic.fight(game, table=2)
    vic.bp(game, {"C": (2, 0), "D": (9, 0)})
    vic.regroup(game, table=2)
    assert m2.vp == {"C": 0, "D": 7} and game.battle == 2


def test_round_robin_battle_groups_are_secret_in_views_and_the_log(vic):
    """VIC 7.1: "it is important that all players keep their BG secret": a player's view shows the
    other Battle Groups as counts, and the shared log does not name the types picked."""
    game = vic.new(players=("A", "B", "C"), mode="round-robin")
    vic.choose_all(game)
    view = game.view("A")
    assert view.rosters["A"].units is not None and len(view.rosters["A"].units) == 10
    assert view.rosters["B"].units is None and view.rosters["B"].count == 10
    assert game.view(None).rosters["B"].units is not None
    assert not any("IN-1" in e.text or "Infantry" in e.text for e in game.events)
    duel = vic.new()
    vic.choose_all(duel)
    assert duel.view("Anna").rosters["James"].units is not None


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A", "B", "C", "D")])
def test_round_robin_campaign_ends_with_the_most_vp_winning(vic, players):
    """VIC 7.1: "The player with the most VP's at the end of the campaign wins"; over ten battles the
    byes are spread evenly (three players: 4, 3, 3) and no Special Group is ever offered."""
    game = new_game(seed=3, players=players, mode="round-robin")
    vic.choose_all(game)
    weights = {"A": 1, "B": 4, "C": 2, "D": 3}
    _play_to_the_end(vic, game, lambda n, p: weights[p] * (n % 3 + 1))
    o = game.outcome
    totals = game.totals()
    assert o.totals == totals and o.mode == "round-robin"
    top = max(totals.values())
    assert o.winners == tuple(p for p in players if totals[p] == top)
    assert o.winner == (o.winners[0] if len(o.winners) == 1 else None)
    byes = sorted(game.force(p).byes for p in players)
    assert byes == ([3, 3, 4] if len(players) == 3 else [0, 0, 0, 0])
    assert not any(m.special_player for r in game.state.rounds for m in r.matches)
    assert len(game.state.rounds) == 10


# ------------------------------------------------------------------ 7.2 Team Play
def test_team_play_matches_axis_with_allied_players_and_the_extra_sits_out_in_turn(vic):
    """VIC 7.2: "Axis players are randomly matched up with Allied players for each battle"; uneven
    teams: the extra players sit out, in turn."""
    game = vic.new(mode="team", teams={"axis": ["A", "B"], "allied": ["C"]}, rolls=BATTLE + [4, 1, 6, 1, 1])
    assert game.players == ("A", "B", "C")
    vic.choose_all(game)
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("A", "C")] and r.byes == ["B"]
    _battle(vic, game, {"A": (4, 0), "C": (1, 0)})
    _byes_reinforce(vic, game)
    assert game.state.round.step == "transfers"
    vic.play(game, EndTransfers())
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("B", "C")] and r.byes == ["A"]


def _team_after_battle_1(vic, axis):
    game = vic.new(mode="team", teams={"axis": list(axis), "allied": ["Z"]}, rolls=BATTLE)
    vic.choose_all(game)
    vic.play(game, DrawPairings())
    m = game.match_at(1)
    _battle(vic, game, {m.axis: (4, 0), "Z": (1, 0)})
    _byes_reinforce(vic, game)
    assert game.state.round.step == "transfers"
    return game


def test_team_transfers_at_most_5_out_per_player(vic):
    """VIC 7.2: "players may transfer up to 5 units out of their BG": a sixth is refused; transfers go
    between teammates only; a unit keeps its CV and history under the receiver's numbering."""
    game = _team_after_battle_1(vic, ("A", "B"))
    a_units = [u.id for u in game.force("A").units]
    in1 = game.unit("A", "IN-1")
    cv, service = in1.cv, list(in1.service)
    for uid in a_units[:5]:
        vic.play(game, Transfer("A", "B", uid))
    message = vic.refused(game, Transfer("A", "B", a_units[5]))
    assert message == "7.2: A has transferred 5 units out after this battle already (at most 5)."
    assert "transfers go between teammates" in vic.refused(game, Transfer("B", "Z", "IN-1"))
    moved = game.force("B").units[-5]
    assert (moved.unit_type, moved.cv, moved.service) == ("IN", cv, service)
    assert moved.id != "IN-1" and moved.notes[-1] == "transferred from A (as IN-1) after battle 1"
    assert game.force("A").gone[0].left == f"transferred to B (as {moved.id}) after battle 1"
    assert "cannot be passed on" in vic.refused(game, Transfer("B", "A", moved.id))
    vic.play(game, EndTransfers())
    assert game.legal() == [DrawPairings()] and game.battle == 2


def test_team_transfers_at_most_10_in_per_player_not_a_net_gain(vic):
    """VIC 7.2: "receive up to 10 units from other players BG's. This is not a net gain of 10 units":
    B receives 5 from A and 5 from C; an eleventh, from D, is refused even though B sent units out."""
    game = _team_after_battle_1(vic, ("A", "B", "C", "D"))
    for uid in [u.id for u in game.force("B").units][:3]:
        vic.play(game, Transfer("B", "A", uid))
    for sender in ("A", "C"):
        for uid in [u.id for u in game.force(sender).units if not u.notes or "transferred" not in u.notes[-1]][:5]:
            vic.play(game, Transfer(sender, "B", uid))
    assert game.transfers_in("B") == 10
    message = vic.refused(game, Transfer("D", "B", game.force("D").units[0].id))
    assert message == ("7.2: B has received 10 units after this battle already (at most 10; units sent out do not "
                       "add to it).")


def test_transfers_only_in_team_play_and_only_after_a_battle(vic):
    """VIC 7.2: transfers are a team-play rule, made "after each battle"."""
    duel = vic.new()
    vic.choose_all(duel)
    assert vic.refused(duel, Transfer("Anna", "James", "IN-1")) == \
        "7.2: units are transferred between Battle Groups only in team play."
    game = vic.new(mode="team", teams={"axis": ["A", "B"], "allied": ["C"]})
    vic.choose_all(game)
    assert "after each battle" in vic.refused(game, Transfer("A", "B", "IN-1"))


def test_team_with_the_most_vp_wins(vic):
    """VIC 7.2: "The team with the most VP's at the end of the campaign wins" (summed over its players)."""
    game = new_game(seed=5, mode="team", teams={"axis": ["A", "B"], "allied": ["C"]})
    vic.choose_all(game)
    _play_to_the_end(vic, game, lambda n, p: {"A": 3, "B": 1, "C": 3}[p] * n)
    o = game.outcome
    totals = game.totals()
    teams = {"axis": totals["A"] + totals["B"], "allied": totals["C"]}
    assert o.team_totals == teams
    assert o.winner == ("axis" if teams["axis"] > teams["allied"] else "allied" if teams["allied"] > teams["axis"]
                        else None)
    assert sorted(game.force(p).byes for p in "AB") == [5, 5]


def test_team_export_lists_byes_transfers_and_team_totals(vic):
    """The campaign Markdown (export): pairings with the players sitting out, the transfers, and the
    team totals."""
    from rules.victory.export import campaign_markdown

    game = _team_after_battle_1(vic, ("A", "B"))
    vic.play(game, Transfer("A", "B", "IN-1"))
    md = campaign_markdown(game)
    assert "# Victory: The Blocks of War — Team campaign" in md
    assert "Axis team: A, B." in md and "Allied team: Z." in md
    assert "| 1 | — | sitting out: B |" in md
    assert "| 1 | A | B | IN-1 → IN-13 | 4 |" in md
    assert "Axis team 3 VP, Allied team 0 VP." in md
    assert "In play: battle 1 of 10." in md


def test_multi_player_attacker_is_the_one_who_won_the_previous_battle_else_a_roll(vic):
    """VIC 4.3 in multi-player (ruling): of the two players, the one who won his own previous battle
    attacks; when both won (or neither did), the initiative is rolled. Battle 2 pairs A and C, who
    both won battle 1: they roll; B and D, who both lost, roll too."""

    orders = [["A", "B", "C", "D"], ["A", "C", "B", "D"]]

    class Drawn(FixedDice):
        def shuffle(self, items):
            self.reveals += 1
            return list(orders.pop(0))

    script = BATTLE * 2 + [4, 1, 6, 1, 2, 5, 1] + [4, 1, 6, 1, 6, 3, 1]
    game = new_game(players=("A", "B", "C", "D"), mode="round-robin", dice=Drawn(script))
    vic.choose_all(game)
    vic.play(game, DrawPairings())
    _battle(vic, game, {"A": (5, 0), "B": (1, 0)}, table=1)
    _battle(vic, game, {"C": (5, 0), "D": (1, 0)}, table=2)
    vic.play(game, DrawPairings())
    r = game.state.round
    assert [(m.axis, m.allied) for m in r.matches] == [("A", "C"), ("B", "D")]
    vic.prelude(game, 1)
    vic.prelude(game, 2)
    assert r.matches[0].initiative_rolls == [(2, 5)] and r.matches[0].attacker == "C"
    assert r.matches[1].initiative_rolls == [(6, 3)] and r.matches[1].attacker == "B"
