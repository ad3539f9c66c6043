"""FB Missions Mode."""

from rules.fallblau import Attack, Consolidate, EndTurn, PlayEvent

MISSIONS = "FB Missions Mode"


def mission_game(make_game, first, second="vorratslager", rest=(), **kw):
    return make_game(missions=True, mission_deck=[first, second, *rest], **kw)


def test_two_missions_are_drawn_at_early_july(make_game):
    """FB Missions Mode: at the beginning of each month (Early), draw two Mission cards."""
    game = mission_game(make_game, "tor_zum_kaukasus", "oel_von_maikop")
    s = game.state
    assert s.missions == ["tor_zum_kaukasus", "oel_von_maikop"]
    assert len(s.mission_deck) == 8
    assert sum(1 for e in game.events if e.text.startswith("New mission") and e.rule == MISSIONS) == 2


def test_no_missions_outside_missions_mode(make_game):
    """FB Additional Game Modes: Missions Mode is optional."""
    game = make_game()
    assert game.state.missions == [] and game.state.mission_deck == []


def test_missions_are_not_drawn_at_mid_or_late_boxes(make_game, play):
    """FB Missions Mode: new Missions only at the beginning of each month."""
    game = mission_game(make_game, "tor_zum_kaukasus", "oel_von_maikop")
    play(game, EndTurn())
    assert game.calendar_label() == "Mid July"
    assert game.state.missions == ["tor_zum_kaukasus", "oel_von_maikop"]
    assert game.state.missions_failed == []


def test_unmet_missions_are_discarded_at_the_next_early_box_and_two_new_drawn(make_game, play):
    """FB Missions Mode: at the beginning of each month unmet missions are discarded and two new ones drawn."""
    game = mission_game(make_game, "tor_zum_kaukasus", "oel_von_maikop", rest=("gebirgskrieg", "blitzfeldzug"))
    s = game.state
    s.calendar = 3                  # Late July
    events = play(game, EndTurn())
    assert game.calendar_label() == "Early August"
    assert s.missions_failed == ["tor_zum_kaukasus", "oel_von_maikop"]
    assert s.missions == ["gebirgskrieg", "blitzfeldzug"]
    assert any("not met" in e.text for e in events)


def test_capture_card_mission_rewards_vp_when_met(make_game, play, place):
    """FB Missions Mode: when the condition is met, discard the Mission and adjust the Campaign Progress track."""
    game = mission_game(make_game, "tor_zum_kaukasus")
    s = game.state
    s.vp = 10
    place(game, 0, "rostov", red=0)
    events = play(game, Attack("hoth", 0))
    assert s.vp == 14                        # 3 for Rostov, 1 for the mission
    assert s.missions == ["vorratslager"]
    assert s.missions_done == ["tor_zum_kaukasus"]
    assert any(e.text.startswith("Mission accomplished") and e.rule == MISSIONS for e in events)


def test_capture_card_mission_rewards_supply_when_met(make_game, play, place):
    """FB Missions Mode: a Mission may reward supply on the Supply Depot track."""
    game = mission_game(make_game, "oel_von_maikop")
    s = game.state
    place(game, 0, "maikop", red=0)
    play(game, Attack("hoth", 0))            # Maikop costs 2 supply to attack
    assert s.supply == 6
    assert s.missions_done == ["oel_von_maikop"]


def test_mission_reward_vp_can_land_on_a_red_circle(make_game, play, place):
    """FB Victory Points and Soviet Reinforcements: 'any time the player gains VPs', mission VP included."""
    game = mission_game(make_game, "gebirgskrieg")
    s = game.state
    s.vp = 6
    place(game, 2, "pyatigorsk", red=0)
    place(game, 0, "millerovo", red=3)
    play(game, Attack("ruoff", 2))           # 2 VP -> 8, mission 1 VP -> 9: a red circle
    assert s.vp == 9
    assert s.front[0].red == 5


def test_capture_icon_mission(make_game, play, place):
    """FB Missions Mode (Gebirgskrieg): capture a Mountain card this month."""
    game = mission_game(make_game, "gebirgskrieg", "festungen_brechen")
    s = game.state
    place(game, 0, "millerovo", red=0)
    play(game, Attack("hoth", 0))
    assert s.missions == ["gebirgskrieg", "festungen_brechen"]
    place(game, 2, "pyatigorsk", red=0)
    play(game, Attack("ruoff", 2))
    assert s.missions == ["festungen_brechen"]
    assert s.vp == 2 + 2 + 1


def test_capture_count_mission(make_game, play, place):
    """FB Missions Mode (Vormarsch): capture 2 cards this month for 2 supply."""
    game = mission_game(make_game, "vormarsch")
    s = game.state
    place(game, 0, "millerovo", red=0)
    place(game, 2, "kalach", red=0)
    play(game, Attack("hoth", 0))
    assert s.missions_done == []
    play(game, Attack("ruoff", 2))
    assert s.missions_done == ["vormarsch"]
    assert s.supply == 5 - 1 - 1 + 2


def test_capture_vp_mission(make_game, play, place):
    """FB Missions Mode (Schwerpunkt): capture cards worth 4 VP in all this month."""
    game = mission_game(make_game, "schwerpunkt")
    s = game.state
    s.vp = 10
    place(game, 0, "rostov", red=0)
    place(game, 2, "salsk", red=0)
    play(game, Attack("hoth", 0))
    assert s.missions_done == [] and s.vp == 13
    play(game, Attack("ruoff", 2))
    assert s.missions_done == ["schwerpunkt"]
    assert s.vp == 15


def test_destroy_counterattack_mission(make_game, play, place):
    """FB Missions Mode (Gegenangriff abgewehrt): capture a Major Counter-Attack card this month."""
    game = mission_game(make_game, "gegenangriff_abgewehrt")
    s = game.state
    place(game, 0, "gegenstoss_bei_woronesch", red=0, counterattack=True)
    play(game, Attack("hoth", 0))
    assert s.missions_done == ["gegenangriff_abgewehrt"]
    assert s.vp == 3


def test_supply_mission_is_met_the_moment_supply_reaches_eight(make_game, play):
    """FB Missions Mode (ruling): conditions are checked the moment they may be met (Vorratslager: 8 supply)."""
    game = mission_game(make_game, "tor_zum_kaukasus", "vorratslager")
    s = game.state
    s.supply = 6
    play(game, PlayEvent("nachschub"))
    assert s.supply == 8
    assert s.missions_done == ["vorratslager"]
    assert s.vp == 1
    play(game, Consolidate("hoth"))
    assert s.vp == 1                          # a mission pays once


def test_mission_drawn_already_met_pays_at_once(make_game, play):
    """FB Missions Mode (ruling): a mission whose condition holds when drawn is met at once."""
    game = mission_game(make_game, "tor_zum_kaukasus", "oel_von_maikop", rest=("vorratslager", "gebirgskrieg"))
    s = game.state
    s.calendar = 3
    s.supply = 9
    play(game, EndTurn())
    assert s.missions_done == ["vorratslager"]
    assert s.missions == ["gebirgskrieg"]
    assert s.vp == 1


def test_captures_of_an_earlier_month_do_not_count(make_game, play, place):
    """FB Missions Mode (ruling): capture missions count captures made since the mission's Early box."""
    game = mission_game(make_game, "vormarsch", "blitzfeldzug", rest=("tor_zum_kaukasus", "schwerpunkt"))
    s = game.state
    s.calendar = 3                            # Late July
    place(game, 0, "rostov", red=0)
    play(game, Attack("hoth", 0))
    assert s.vp == 3
    play(game, EndTurn())                     # Early August
    assert s.missions == ["tor_zum_kaukasus", "schwerpunkt"]
    assert s.missions_done == [] and s.vp == 3


def test_missions_mode_needs_32_and_36_vp(make_game, play):
    """FB Missions Mode: 32 VP for a Standard Victory and 36 for a Brilliant Victory."""
    for vp, level in ((31, "defeat"), (32, "victory"), (35, "victory"), (36, "brilliant")):
        game = mission_game(make_game, "tor_zum_kaukasus", "oel_von_maikop")
        game.state.vp = vp
        game.state.calendar = 14
        play(game, EndTurn())
        o = game.outcome
        assert (o.level, o.victory_at, o.brilliant_at) == (level, 32, 36)


def test_mission_met_by_the_capture_that_ends_the_game_still_pays(make_game, play, place):
    """FB Missions Mode: a Mission pays when met 'at any time during the game month', even by the
    capture of the last Campaign card, which ends the game (Stalingrad: 35 + 6 + 2 = 43 VP)."""
    game = mission_game(make_game, "stadt_an_der_wolga")
    s = game.state
    s.captured = [c for c in game.content.campaign if c != "stalingrad"]
    s.unlocked = []
    s.vp = 35
    place(game, 0, "stalingrad", red=0)
    events = play(game, Attack("hoth", 0))
    assert s.over and game.outcome.reason == "every Campaign card is captured."
    assert s.missions_done == ["stadt_an_der_wolga"]
    assert (game.outcome.track, game.outcome.vp, game.outcome.level) == (43, 43, "brilliant")
    texts = [e.text for e in events]
    mission = next(i for i, t in enumerate(texts) if t.startswith("Mission accomplished"))
    assert mission < next(i for i, t in enumerate(texts) if t.startswith("Final score"))


def test_mission_met_by_the_attack_that_loses_the_last_general_still_pays(make_game, play, place):
    """FB Missions Mode: the capture that meets a Mission counts even when the same Attack! wipes
    out the last General and ends the game (Blitzfeldzug: the third capture this month, +2 VP)."""
    game = mission_game(make_game, "blitzfeldzug", generals=("hoth", "paulus", "salmuth"), dice=[1, 3, 3])
    s = game.state
    for gid in ("paulus", "salmuth"):           # Hoth is the last General, with one grey cube
        del s.generals[gid]
        s.lost.append(gid)
    s.slots = ["hoth", None, None]
    s.generals["hoth"].cubes = 1
    s.hand = ["sturmgeschuetz_abteilung"]
    s.captured = ["millerovo", "kalach"]
    s.month_captures = ["millerovo", "kalach"]
    s.vp = 20
    place(game, 0, "salsk", red=2)
    play(game, Attack("hoth", 0, "sturmgeschuetz_abteilung"))   # white 1: hoth's last cube; black 3, 3: two hits
    assert s.over and game.outcome.reason == "every German army is destroyed."
    assert s.missions_done == ["blitzfeldzug"]
    assert (game.outcome.track, game.outcome.vp) == (20 + 1 + 2, 20 + 1 + 2 - 3 * 2)
