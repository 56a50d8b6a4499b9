"""The read graph on `$LANGMEM_HOME`, for `langgraph dev` (langgraph.json: `read`)."""

from langmem_nodes import MemoryStore, create_read_graph


def make_graph():  # noqa: ANN201
    return create_read_graph(MemoryStore()).compile()
