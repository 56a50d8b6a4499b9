"""Memory tools for agents: search and manage (LangMem-style) and a file-style `/memories` adapter.

See `memory_tools` (search / manage) and `memory_files` (view / create / str_replace / insert / delete /
rename under `/memories`). Every tool takes the caller's scope from the tool runtime, never from arguments.
"""

from .memory_files import MemoryFiles, MemoryPathError, create_memory_file_tool
from .memory_tools import create_manage_memory_tool, create_search_memory_tool

__all__ = ["MemoryFiles", "MemoryPathError", "create_manage_memory_tool", "create_memory_file_tool",
           "create_search_memory_tool"]
