"""Campaign Commander: Roads to Stalingrad (rulebook: campaign-commander-roads-to-stalingrad.txt).

The map: ``rules.roads.map.load_map()``; the counters, chits, cards and rule constants:
``rules.roads.content.load_content()``.
"""
