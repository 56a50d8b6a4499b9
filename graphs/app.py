"""The server's own ASGI app for `langgraph dev` (langgraph.json: `http.app`): no routes, only a lifespan that
closes the memory store the graphs share when the server shuts down."""

from starlette.applications import Starlette

from langmem_nodes.serving import lifespan

app = Starlette(lifespan=lifespan)
