"""FB The Event Deck: hold cards (supply, replacements, ready, VP, special attacks), stop cards, cancel cards."""

from rules.fallblau import Attack, ChooseGeneral, Consolidate, EndTurn, PlayEvent

REGULARS = ("hoth", "paulus", "salmuth")


# ---------------------------------------------------------------- Luftwaffe Support and Dora Rail-Gun

def test_luftwaffe_support_is_a_black_dice_attack_without_order_or_supply(make_game, play, place):
    """FB The Event Deck: Luftwaffe Support is a separate special attack with black dice, no Attack! order."""
    game = make_game(generals=REGULARS, dice=[3, 4, 2])
    s = game.state
    s.hand = ["luftwaffe_support-1"]
    place(game, 1, "millerovo", red=3)
    events = play(game, PlayEvent("luftwaffe_support-1", target=1))
    assert s.front[1].red == 1
    assert s.supply == 5
    assert all(g.ready for g in s.generals.values())
    assert "luftwaffe_support-1" in s.discard
    assert events[-1].dice == (3, 4, 2) and events[-1].rule == "FB Event: Luftwaffe Support"


def test_special_attack_cannot_capture_an_emptied_card(make_game, play, place):
    """FB The Event Deck: special attacks do not capture; an Attack! order must still capture the card."""
    game = make_game(generals=REGULARS, dice=[5, 5, 5])
    s = game.state
    s.hand = ["luftwaffe_support-1"]
    place(game, 1, "millerovo", red=2)
    events = play(game, PlayEvent("luftwaffe_support-1", target=1))
    assert s.front[1] is not None and s.front[1].card == "millerovo" and s.front[1].red == 0
    assert s.captured == [] and s.vp == 0
    assert "cannot capture" in events[-1].text
    play(game, Attack("paulus", 1))          # no dice scripted: captured without rolling
    assert s.captured == ["millerovo"] and s.vp == 2


def test_special_attack_never_costs_grey_cubes(make_game, play, place):
    """FB The Event Deck: special attacks cannot result in the loss of any grey cube."""
    game = make_game(generals=REGULARS, dice=[1, 1, 1])
    game.state.hand = ["luftwaffe_support-1"]
    place(game, 0, "voronezh", red=3)
    play(game, PlayEvent("luftwaffe_support-1", target=0))
    assert {g: x.cubes for g, x in game.state.generals.items()} == {"hoth": 5, "paulus": 6, "salmuth": 5}
    assert game.state.front[0].red == 3


def test_luftwaffe_support_suffers_the_fortress_minus_one(make_game, play, place):
    """FB Attack! order / The Event Deck: the Mountain/Fortress -1 applies to Luftwaffe Support dice."""
    game = make_game(generals=REGULARS, dice=[3, 3, 4])
    game.state.hand = ["luftwaffe_support-2"]
    place(game, 0, "voronezh", red=3)
    events = play(game, PlayEvent("luftwaffe_support-2", target=0))
    assert game.state.front[0].red == 2
    assert "-1 Fortress" in events[-1].modifiers


def test_dora_rail_gun_ignores_mountain_and_fortress(make_game, play, place):
    """FB The Event Deck: Dora Rail-Gun (our card) fires 4 black dice ignoring the icon -1."""
    game = make_game(generals=REGULARS, dice=[3, 3, 3, 3])
    game.state.hand = ["dora_rail_gun"]
    place(game, 2, "grozny", red=5)
    events = play(game, PlayEvent("dora_rail_gun", target=2))
    assert game.state.front[2].red == 1
    assert any("ignores" in m for m in events[-1].modifiers)
    assert game.state.supply == 5


def test_special_attack_targets_any_frontline_card_with_red_cubes(make_game, place):
    """FB The Event Deck (ruling): Luftwaffe/Dora may strike any frontline card that still has red cubes."""
    game = make_game(generals=REGULARS)
    game.state.hand = ["dora_rail_gun"]
    place(game, 0, "millerovo", red=3)
    place(game, 2, "kalach", red=0)
    game.state.slots[0] = None                # even a card facing no General
    targets = {c.target for c in game.legal() if isinstance(c, PlayEvent) and c.card == "dora_rail_gun"}
    assert targets == {0}


def test_copies_of_a_card_are_listed_once_in_legal(make_game, place):
    """FB The Event Deck (ruling): copies of a card play alike, so legal() lists the first copy only."""
    game = make_game(generals=REGULARS)
    game.state.hand = ["luftwaffe_support-1", "luftwaffe_support-3", "ersatz_bataillone-2", "ersatz_bataillone-1"]
    game.state.generals["hoth"].cubes = 3
    place(game, 1, "millerovo")
    plays = [c for c in game.legal() if isinstance(c, PlayEvent)]
    assert plays == [PlayEvent("luftwaffe_support-1", target=1), PlayEvent("ersatz_bataillone-2", general="hoth")]


# ---------------------------------------------------------------- other hold cards

def test_supply_card_adds_supply_up_to_the_depot_maximum(make_game, play):
    """FB The Event Deck: cards gain supply; the depot holds at most 10 (ruling)."""
    game = make_game()
    game.state.hand = ["eisenbahnpioniere"]
    game.state.supply = 9
    events = play(game, PlayEvent("eisenbahnpioniere"))
    assert game.state.supply == 10
    assert "+1 supply" in events[0].text


def test_replacements_card_adds_grey_cubes_up_to_the_start(make_game, play):
    """FB The Event Deck: replacement cards add grey cubes, never above the General's starting strength."""
    game = make_game(generals=REGULARS)
    s = game.state
    s.hand = ["ersatz_bataillone-1", "genesenen_kompanien"]
    s.generals["hoth"].cubes = 2
    s.generals["salmuth"].cubes = 4
    targets = {c.general for c in game.legal() if isinstance(c, PlayEvent) and c.card == "ersatz_bataillone-1"}
    assert targets == {"hoth", "salmuth"}             # Paulus is at full strength
    play(game, PlayEvent("ersatz_bataillone-1", general="hoth"))
    assert s.generals["hoth"].cubes == 4
    play(game, PlayEvent("genesenen_kompanien", general="salmuth"))
    assert s.generals["salmuth"].cubes == 5


def test_ready_card_readies_an_exhausted_general(make_game, play):
    """FB Ready Generals / The Event Deck: Gewaltmarsch makes one exhausted General ready again."""
    game = make_game()
    game.state.hand = ["gewaltmarsch"]
    assert not any(isinstance(c, PlayEvent) for c in game.legal())   # nobody is exhausted yet
    play(game, Consolidate("paulus"))
    assert [c for c in game.legal() if isinstance(c, PlayEvent)] == [PlayEvent("gewaltmarsch", general="paulus")]
    play(game, PlayEvent("gewaltmarsch", general="paulus"))
    assert game.state.generals["paulus"].ready is True
    play(game, Consolidate("paulus"))
    assert game.state.supply == 10          # 5 + 3 + 3, capped at 10


def test_vp_card_adds_victory_points(make_game, play):
    """FB Victory Points: certain Event cards can also earn VPs."""
    game = make_game()
    game.state.hand = ["flagge_auf_dem_elbrus"]
    play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert game.state.vp == 2


# ---------------------------------------------------------------- stop cards

def test_lose_supply_stop_card_never_below_zero(make_game, play):
    """FB The Event Deck: stop cards that cost supply; the depot cannot go below 0."""
    game = make_game(deck=["gesprengte_bruecken", "nachschub"])
    assert game.state.supply == 3
    assert game.state.discard == ["gesprengte_bruecken"]
    game = make_game()
    game.state.supply = 1
    game.state.deck = ["gesprengte_bruecken", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert game.state.supply == 0
    assert game.state.discard == ["gesprengte_bruecken"]


def test_exhaust_stop_card_asks_which_ready_general(make_game, play):
    """FB Ready Generals / The Event Deck: Führerweisung exhausts a ready General of your choice."""
    game = make_game(deck=["fuehrerweisung_45", "nachschub"])
    s = game.state
    assert s.decision is not None and s.decision.kind == "exhaust"
    assert game.legal() == [ChooseGeneral("hoth"), ChooseGeneral("paulus"), ChooseGeneral("ruoff")]
    assert s.hand == []                      # the second card waits for the answer
    play(game, ChooseGeneral("paulus"))
    assert s.generals["paulus"].ready is False
    assert s.generals["hoth"].ready and s.generals["ruoff"].ready
    assert s.hand == ["nachschub"]
    assert "fuehrerweisung_45" in s.discard
    assert Consolidate("paulus") not in game.legal()
    # the exhaustion cites the card that caused it, not the Ready Generals step (issue 10 item 8)
    exhausted = [e for e in game.events if e.text == "Friedrich Paulus is exhausted."]
    assert [e.rule for e in exhausted] == [f"FB Event: {game.name('fuehrerweisung_45')}"]


def test_stawka_reserven_reinforces_the_frontline_card_worth_most_vp(make_game, play, place):
    """FB Victory Points and Soviet Reinforcements: Stawka-Reserven adds 2 red cubes to the top-VP card."""
    game = make_game(generals=REGULARS, dice=[6, 6, 6])
    place(game, 0, "millerovo", red=3)
    place(game, 2, "stalingrad", red=0)
    game.state.deck = ["stawka_reserven", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert game.state.front[2].red == 2
    assert game.state.front[0].red == 3
    # the reinforcement cites the card that sent it (issue 10 item 8)
    sent = [e for e in game.events if e.kind == "reinforce"]
    assert sent and all(e.rule == "FB Event: Stawka-Reserven" for e in sent), [(e.text, e.rule) for e in sent]


# ---------------------------------------------------------------- cancel cards

def test_romanian_mountain_corps_cancels_the_mountain_minus_one(make_game, play, place):
    """FB Panzertruppen vs Mountains: Allied Romanian Mountain Corps removes the -1 on Mountain cards."""
    game = make_game(generals=REGULARS, dice=[2, 3, 3, 2, 2])
    game.state.permanents = ["romanian_mountain_corps"]
    place(game, 2, "pyatigorsk", red=6)
    events = play(game, Attack("salmuth", 2))
    assert game.state.front[2].red == 4
    assert game.state.generals["salmuth"].cubes == 5
    hit = next(e for e in events if e.kind == "hit")
    assert any("Allied Romanian Mountain Corps" in m for m in hit.modifiers)


def test_romanian_mountain_corps_does_not_cancel_fortress(make_game, play, place):
    """FB Panzertruppen vs Mountains: each cancel card removes only its own icon's -1."""
    game = make_game(generals=REGULARS, dice=[3, 3, 4, 4, 4, 4])
    game.state.permanents = ["romanian_mountain_corps"]
    place(game, 1, "voronezh", red=6)
    play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 2


def test_pionier_battalions_cancels_the_fortress_minus_one(make_game, play, place):
    """FB Panzertruppen vs Fortified Cities: Pionier Battalions removes the -1 on Fortress cards."""
    game = make_game(generals=REGULARS, dice=[2, 3, 3, 2, 2, 2])
    game.state.permanents = ["pionier_battalions"]
    place(game, 1, "voronezh", red=6)
    play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 4
    assert game.state.generals["paulus"].cubes == 6


def test_pionier_battalions_also_cancels_fortress_on_a_counterattack_card(make_game, play, place):
    """FB Glossary (Fortress: Campaign cards or certain Event cards): the cancel applies to a Fortress event card."""
    game = make_game(generals=REGULARS, dice=[3, 3, 3, 2, 2, 2])
    game.state.permanents = ["pionier_battalions"]
    place(game, 1, "brueckenkopf_serafimowitsch", red=3, counterattack=True)
    play(game, Attack("paulus", 1))
    assert "brueckenkopf_serafimowitsch" in game.state.captured
    assert game.state.vp == 2


def test_fortress_counterattack_card_suffers_the_minus_one_without_a_cancel_card(make_game, play, place):
    """FB Glossary (Fortress: Campaign cards or certain Event cards): -1 on attacks against a Fortress event card."""
    game = make_game(generals=REGULARS, dice=[3, 3, 3, 3, 3, 4])
    place(game, 1, "brueckenkopf_serafimowitsch", red=3, counterattack=True)
    play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 2
    assert game.state.generals["paulus"].cubes == 6
