"""The write graph for `langgraph dev` (langgraph.json: `write`), on the process's store (`$LANGMEM_HOME`, ...).

`make_graph` is an async factory (`langmem_nodes.serving.graph_factory`): the store opens once per process,
off the server's event loop, and every request gets the same compiled graph.
"""

from langmem_nodes import create_write_graph
from langmem_nodes.serving import graph_factory

make_graph = graph_factory(lambda store, settings: create_write_graph(store))
