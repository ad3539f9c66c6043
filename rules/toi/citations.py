"""Tide of Iron: the rulebook sections the engine cites ("TOI <section>", in comments and in
the events it emits) and the names it shows for sides and replacements."""

from __future__ import annotations


SIDE_NAME = {"german": "German", "soviet": "Soviet"}


REPLACE_KINDS = {"mg": "an MG crew", "mortar": "a mortar crew", "two-elites": "two elite infantry"}


R_SETUP = "TOI Campaign Scenario Set Up"


R_RECORD = "TOI Campaign Phase, step 1: Record end-of-scenario statistics"


R_INITIATIVE = "TOI Initiative at the End of a Scenario"


R_PENALTY = "TOI Penalty for Losing a Scenario"


R_TABLE = "TOI Campaign Phase Table"


R_ACQ = "TOI Resource Acquisitions Table"


R_ADVANCED = "TOI Advanced Deployment Hexes"


R_RED_OCTOBER = "TOI Red October: Reinforcements"


R_SUCCESS = "TOI Measure of Campaign Success"


R_PLAY = "TOI Campaign Play"
