"""Ready graphs named in langgraph.json, and the demo."""
