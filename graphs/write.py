"""The write graph on `$LANGMEM_HOME`, for `langgraph dev` (langgraph.json: `write`)."""

from langmem_nodes import MemoryStore, create_write_graph


def make_graph():  # noqa: ANN201
    return create_write_graph(MemoryStore()).compile()
