"""Victory: the rulebook sections the engine cites ("VIC <section>", in comments and in the
events it emits) and the words it shows for CV steps, pools and counts."""

from __future__ import annotations


R_OVERVIEW = "VIC 1.0 Overview"


R_UNITS = "VIC 2.0 Unit Scale and Strength"


R_ENGINEERS = "VIC 3.2 Engineers"


R_MARINES = "VIC 3.3 Marines"


R_PLAY = "VIC 4.0 Campaign Game Play"


R_CHOOSE = "VIC 4.1 Choosing Battle Groups"


R_MAPS = "VIC 4.2 Maps"


R_LAYOUT = "VIC 4.2 Maps: Map Layout Chart"


R_DEPLOY = "VIC 4.3 Battle Group Deployment"


R_LENGTH = "VIC 4.4 Battle Length"


R_WITHDRAW = "VIC 4.5 Early Withdrawal"


R_REGROUP = "VIC 5.0 Regroup Phase"


R_VP = "VIC 5.1 Calculate Victory Points"


R_BG_WITHDRAW = "VIC 5.2 Withdraw Battle Groups"


R_AUGMENT = "VIC 5.3 Augmentation"


R_REINFORCE = "VIC 5.4 Reinforcements"


R_SPECIAL = "VIC 5.5 Special Reinforcement Group"


R_VICTORY = "VIC 6.0 Campaign Victory"


R_MULTI = "VIC 7.0 Multi-Player Options"


R_ROUND_ROBIN = "VIC 7.1 Round Robin"


R_TEAM = "VIC 7.2 Team Play"


CV_NAME = {1: "Green", 2: "Seasoned", 3: "Veteran", 4: "Crack"}


POOL_NAME = {"std": "Standard", "+1": "+1", "+2": "+2", "+3": "+3", "+4": "+4"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
