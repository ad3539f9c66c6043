"""Campaign Commander: Roads to Stalingrad (rulebook: campaign-commander-roads-to-stalingrad.txt).

The map: ``rules.roads.map.load_map()``.
"""
