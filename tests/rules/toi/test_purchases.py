"""The Resource Acquisitions Table and its notes (TOI Resource Acquisitions Table; TOI Advanced
Deployment Hexes; TOI Campaign Command Cards)."""

from __future__ import annotations

import attrs

from rules.toi import Buy, DonePurchasing
from rules.toi.setup import setup_sheet
from rules.toi.tables import any_split, squad_compositions


def to_purchase(toi, start="ramming-speed", german=40, soviet=40, **kw):
    """End the first scenario (German win, Soviet initiative: no penalty) and run the table with
    the first legal answers: 40 command halves to 20, counts as 6-9, leaving 18 of each."""
    game = toi.new(start=start, **kw)
    scorable = next(o.id for o in game.current.objectives if o.scorable_by("german"))
    toi.result(game, german=german, soviet=soviet, initiative="soviet", scores={"german": {scorable: 1}})
    toi.auto_table(game)
    assert game.state.phase == "purchase"
    return game


def buys(game, item=None):
    return [c for c in game.legal() if isinstance(c, Buy) and (item is None or c.item == item)]


def tokens(game, side):
    return tuple(game.state.cards[side][t].tokens for t in ("ammunition", "morale", "supply"))


def test_initiative_holder_of_the_next_scenario_buys_first(toi):
    """TOI Resource Acquisitions Table: "the player who has initiative for the next scenario
    making purchases first" (Order No. 227: German; Gully of Death: Soviet)."""
    game = to_purchase(toi)
    assert game.state.to_act == "german"
    assert all(c.side == "german" for c in buys(game)) and DonePurchasing("soviet") not in game.legal()
    message = toi.refused(game, Buy("soviet", "starting-card", (2, 0, 0)))
    assert message == "The German player buys first: they have the initiative in Order No. 227."
    assert toi.refused(game, DonePurchasing("soviet")) == message
    toi.play(game, DonePurchasing("german"))
    assert game.state.to_act == "soviet" and buys(game)
    assert "has finished purchasing" in toi.refused(game, Buy("german", "starting-card", (2, 0, 0)))

    game = to_purchase(toi, start="order-227")
    assert game.state.to_act == "soviet"
    assert "The Soviet player buys first: they have the initiative in Gully of Death." == \
        toi.refused(game, DonePurchasing("german"))


def test_squad_base_only_with_all_four_holes_filled_by_new_figures(toi):
    """TOI Resource Acquisitions Table: a base must be bought for the figures, and a base may not
    be bought unless all four holes are filled by newly bought figures."""
    game = to_purchase(toi)
    squads = buys(game, "squad")
    assert len(squads) == 2 * len(squad_compositions(4)) == 2 * 46    # the first base: either division
    assert all(len(c.figures) == 4 for c in squads)
    assert Buy("german", "squad", (0, 0, 5), division=1, figures=("regular",) * 4) in squads
    assert Buy("german", "squad", (0, 2, 5), division=1, figures=("regular", "regular", "elite", "officer")) in squads
    msg = toi.refused(game, Buy("german", "squad", (0, 0, 3), division=1, figures=("regular", "regular")))
    assert msg == "A base can only be bought with all 4 holes filled by newly bought figures: 2 given."
    msg = toi.refused(game, Buy("german", "squad", (0, 0, 7), division=1, figures=("regular", "elite", "elite", "elite")))
    assert msg == "Regular infantry are bought two for one price: buy them in pairs."
    assert "costs" in toi.refused(game, Buy("german", "squad", (0, 0, 4), division=1, figures=("regular",) * 4))
    toi.play(game, Buy("german", "squad", (8, 0, 1), division=1, figures=("mg-crew", "mg-crew", "mortar-crew", "mortar-crew")))
    d1 = setup_sheet(game).side("german").divisions[0]
    assert (d1.squad_bases, d1.mg_crews, d1.mortar_crews) == (9 + 1, 1 + 1 + 2, 1 + 2)   # +1 MG crew from Ammunition 6-9


def test_a_single_base_may_go_to_either_division(toi):
    """TOI Resource Acquisitions Table (ruling): alternation applies only "if purchasing multiple
    bases": the first base bought for a scenario may go to division 1 or 2."""
    game = to_purchase(toi)
    four = ("regular",) * 4
    assert {c.division for c in buys(game, "squad")} == {1, 2}
    toi.play(game, Buy("german", "squad", (0, 0, 5), division=2, figures=four))
    sheet = setup_sheet(game).side("german")
    assert [d.squad_bases for d in sheet.divisions] == [9, 10]


def test_bases_alternate_divisions(toi):
    """TOI Resource Acquisitions Table: buying several bases, alternate divisions (1, 2, 1... or 2, 1, 2...)."""
    game = to_purchase(toi)
    four = ("regular",) * 4
    toi.play(game, Buy("german", "squad", (0, 0, 5), division=2, figures=four))
    assert toi.refused(game, Buy("german", "squad", (0, 0, 5), division=2, figures=four)) == \
        "Bases alternate divisions: the next base goes to division 1 (the last went to division 2)."
    assert {c.division for c in buys(game, "squad")} == {1}
    toi.play(game, Buy("german", "squad", (0, 0, 5), division=1, figures=four))
    assert toi.refused(game, Buy("german", "squad", (0, 0, 5), division=1, figures=four)) == \
        "Bases alternate divisions: the next base goes to division 2 (the last went to division 1)."
    assert {c.division for c in buys(game, "squad")} == {2}
    sheet = setup_sheet(game).side("german")
    assert [d.squad_bases for d in sheet.divisions] == [10, 10]
    assert [d.regular for d in sheet.divisions] == [24 + 4 - 2, 24 + 4]    # division 1 also lost 2 to an MG crew
    # the other side's bases alternate on their own: its first base goes to either division
    toi.play(game, DonePurchasing("german"))
    assert {c.division for c in buys(game, "squad")} == {1, 2}


def test_no_armour_for_a_division_that_does_not_start_with_armour(toi):
    """TOI Resource Acquisitions Table: no additional armour for a division that does not start
    the next scenario with armour (Order No. 227: the Soviet division 1 has none)."""
    game = to_purchase(toi)
    toi.play(game, DonePurchasing("german"))
    assert {c.division for c in buys(game, "light-tank")} == {2}
    assert {c.division for c in buys(game, "heavy-tank")} == {2}
    assert toi.refused(game, Buy("soviet", "light-tank", (1, 1, 2), division=1)) == (
        "Division 1 does not start Order No. 227 with armour: the Soviet player may not buy tanks for it.")
    toi.play(game, Buy("soviet", "heavy-tank", (2, 2, 2), division=2))
    assert setup_sheet(game).side("soviet").divisions[1].vehicles == {"T-70": 2, "T-34": 1}


def test_light_and_heavy_tank_costs(toi):
    """TOI Resource Acquisitions Table: T-70 / Panzer III: 1 of each plus 1 wild; T-34 / StuG III:
    2 of each."""
    game = to_purchase(toi)
    light = {c.pay for c in buys(game, "light-tank") if c.division == 1}
    assert light == {(2, 1, 1), (1, 2, 1), (1, 1, 2)}
    assert {c.pay for c in buys(game, "heavy-tank")} == {(2, 2, 2)}
    assert toi.refused(game, Buy("german", "light-tank", (1, 1, 1), division=1)) == \
        "A light tank costs 1 of each type plus 1 of any: pay (2, 1, 1), (1, 2, 1) or (1, 1, 2)."
    assert toi.refused(game, Buy("german", "heavy-tank", (3, 3, 0), division=1)) == \
        "A heavy tank costs 2 ammunition, 2 morale, 2 supply: pay (2, 2, 2)."
    toi.play(game, Buy("german", "light-tank", (1, 2, 1), division=1))
    toi.play(game, Buy("german", "heavy-tank", (2, 2, 2), division=2))
    assert tokens(game, "german") == (18 - 3, 18 - 4, 18 - 3)
    sheet = setup_sheet(game).side("german")
    assert sheet.divisions[0].vehicles == {"Panzer III": 3}
    assert sheet.divisions[1].vehicles == {"StuG III": 3}


def test_no_stug_iii_when_sig_33b_is_in_effect(toi):
    """TOI Resource Acquisitions Table: if the sIG 33b Operations card is in effect for the next
    scenario (Gully of Death), the German player may not buy StuG IIIs."""
    game = to_purchase(toi, start="order-227")
    toi.play(game, DonePurchasing("soviet"))
    assert buys(game, "heavy-tank") == []
    assert buys(game, "light-tank")
    assert toi.refused(game, Buy("german", "heavy-tank", (2, 2, 2), division=1)) == (
        "The sIG 33b operations card is in effect for Gully of Death: the German player may not buy StuG IIIs.")


def test_at_most_three_extra_starting_cards(toi):
    """TOI Resource Acquisitions Table: up to three additional starting cards."""
    game = to_purchase(toi)
    for _ in range(3):
        toi.play(game, Buy("german", "starting-card", (1, 1, 0)))
    assert buys(game, "starting-card") == []
    assert toi.refused(game, Buy("german", "starting-card", (0, 0, 2))) == \
        "At most 3 extra starting cards can be bought for a scenario."
    assert setup_sheet(game).side("german").starting_cards == 2 + 3


def test_every_way_to_pay_any_is_listed_when_affordable(toi):
    """TOI Resource Acquisitions Table: "Any 2" / "Any 3": each split over the three types, as far
    as the cards hold command."""
    game = to_purchase(toi)
    assert {c.pay for c in buys(game, "starting-card")} == set(any_split(2)) and len(any_split(2)) == 6
    assert {c.pay for c in buys(game, "urban-deck")} == set(any_split(3)) and len(any_split(3)) == 10
    assert "must add up to 2" in toi.refused(game, Buy("german", "starting-card", (1, 0, 0)))
    # the Soviet side with 0 ammunition, 1 morale, 1 supply: one way only
    game = to_purchase(toi, soviet=(2, 3, 3))
    toi.play(game, DonePurchasing("german"))
    assert tokens(game, "soviet") == (0, 1, 1)
    assert [c.pay for c in buys(game, "starting-card")] == [(0, 1, 1)]
    assert buys(game, "urban-deck") == []
    assert toi.refused(game, Buy("soviet", "starting-card", (0, 2, 0))) == \
        "Not enough morale command: one more starting card needs 2; the Soviet player has 1."


def test_artillery_and_urban_decks_once_each(toi):
    """TOI Resource Acquisitions Table: unlock an Artillery deck or your Urban Warfare deck, any 3
    (both by paying twice), each once."""
    game = to_purchase(toi)
    toi.play(game, Buy("german", "artillery-deck", (3, 0, 0)))
    assert buys(game, "artillery-deck") == []
    assert toi.refused(game, Buy("german", "artillery-deck", (0, 3, 0))) == \
        "The Artillery deck is already unlocked for Order No. 227: each deck once."
    toi.play(game, Buy("german", "urban-deck", (1, 1, 1)))
    assert buys(game, "urban-deck") == []
    decks = setup_sheet(game).side("german").strategy_decks
    assert decks[-2:] == ("Artillery deck (unlocked)", "Urban Warfare deck (unlocked)")


def test_veteran_flip_is_matched_to_its_type_and_permanent(toi):
    """TOI Campaign Command Cards and Resource Acquisitions Table: flipping a card costs 1 command
    of that card's type; once flipped it stays Veteran to the end of the campaign."""
    game = to_purchase(toi)
    vets = buys(game, "veteran")
    assert vets == [Buy("german", "veteran", (1, 0, 0), detail="ammunition"),
                    Buy("german", "veteran", (0, 1, 0), detail="morale"),
                    Buy("german", "veteran", (0, 0, 1), detail="supply")]
    assert toi.refused(game, Buy("german", "veteran", (0, 0, 1), detail="morale")) == \
        "A Campaign Command card is flipped with 1 command of its own type: pay (0, 1, 0) for the morale card."
    toi.play(game, Buy("german", "veteran", (0, 1, 0), detail="morale"))
    assert "already on its Veteran side" in toi.refused(game, Buy("german", "veteran", (0, 1, 0), detail="morale"))
    toi.done(game)
    # carried into the next scenarios
    assert game.state.cards["german"]["morale"].veteran
    toi.scenario(game, initiative="german", scores={"german": {"victory-objective": 1}})
    assert game.state.scenario == "gully-of-death" and game.state.cards["german"]["morale"].veteran
    assert setup_sheet(game).side("german").veteran == ("morale",)


def test_veteran_cards_begin_each_campaign_on_the_recruit_side(toi):
    """TOI Campaign Command Cards: cards always begin the campaign Recruit side up (a double
    campaign's second campaign starts with fresh cards)."""
    game = to_purchase(toi, start="gully-of-death", double=True)
    toi.play(game, DonePurchasing("german"))
    toi.play(game, Buy("soviet", "veteran", (1, 0, 0), detail="ammunition"))
    toi.done(game)
    assert game.state.cards["soviet"]["ammunition"].veteran
    toi.result(game, initiative="german")
    assert game.state.campaign == 2
    assert not any(c.veteran for side in game.state.cards.values() for c in side.values())


def test_advanced_hexes_only_from_order_227_on(toi):
    """TOI Advanced Deployment Hexes: beginning with "Order no. 227" (rules.toml
    advanced_hexes_from). With the constant moved to Gully of Death, none can be bought for
    Order No. 227."""
    game = to_purchase(toi)
    assert {c.division for c in buys(game, "advanced-hex")} == {1, 2}
    toi.play(game, Buy("german", "advanced-hex", (0, 1, 0), division=2))
    toi.play(game, Buy("german", "advanced-hex", (0, 1, 0), division=2))   # the same hex twice is allowed
    assert setup_sheet(game).side("german").divisions[1].advanced_hexes == 2
    game = to_purchase(toi)
    game.c = attrs.evolve(game.c, advanced_hexes_from="gully-of-death")
    game._cache = None
    assert buys(game, "advanced-hex") == []
    assert toi.refused(game, Buy("german", "advanced-hex", (0, 1, 0), division=1)) == \
        "Advanced set-up hexes can be bought from Gully of Death on; the next scenario is Order No. 227."


def test_specialization_and_removing_the_unarmed_restriction(toi):
    """TOI Resource Acquisitions Table: ammunition 2: a flamethrower, engineer or antitank
    specialization, or remove the unarmed restriction (only when one is imposed)."""
    game = to_purchase(toi, soviet=(2, 40, 40))           # Soviet ammunition 2: unarmed restriction, 0 left
    assert [c.detail for c in buys(game, "specialization")] == ["flamethrower", "engineer", "antitank"]
    assert buys(game, "remove-unarmed") == []
    assert toi.refused(game, Buy("german", "remove-unarmed", (2, 0, 0))) == \
        "The German player has no unarmed restriction to remove."
    toi.play(game, Buy("german", "specialization", (2, 0, 0), detail="engineer"))
    toi.play(game, DonePurchasing("german"))
    assert game.state.next_mods["soviet"].unarmed == 1
    assert "Not enough ammunition command" in toi.refused(game, Buy("soviet", "remove-unarmed", (2, 0, 0)))
    assert setup_sheet(game).side("german").specializations == ("engineer",)


def test_unspent_command_is_lost(toi):
    """TOI Campaign Phase Table ("Unspent command is lost") and TOI Campaign Scenario Set Up (two
    tokens on each card at the next set-up)."""
    game = to_purchase(toi)
    toi.play(game, Buy("german", "starting-card", (2, 0, 0)))
    events = toi.play(game, DonePurchasing("german"))
    assert tokens(game, "german") == (0, 0, 0)
    assert game.state.ledger[0].lost["german"] == {"ammunition": 16, "morale": 18, "supply": 18}
    assert "unspent command is lost: 16 ammunition, 18 morale, 18 supply" in events[0].text
    toi.done(game)
    assert tokens(game, "german") == (2, 2, 2) and tokens(game, "soviet") == (2, 2, 2)


def test_purchases_listed_only_when_affordable(toi):
    """TOI Resource Acquisitions Table: legal() lists a purchase only if the cards can pay it."""
    game = to_purchase(toi, soviet=(2, 4, 4))
    toi.play(game, DonePurchasing("german"))
    have = tokens(game, "soviet")
    assert have == (0, 2, 2)
    for b in buys(game):
        assert all(p <= h for p, h in zip(b.pay, have))
    assert {b.item for b in buys(game)} == {"veteran", "advanced-hex", "starting-card", "artillery-deck", "urban-deck"}
    assert {b.pay for b in buys(game, "urban-deck")} == {(0, 2, 1), (0, 1, 2)}
