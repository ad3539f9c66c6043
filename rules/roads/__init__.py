"""Campaign Commander: Roads to Stalingrad."""
