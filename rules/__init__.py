"""wartable rules: pure-Python game models. Never imports textual or rich."""
