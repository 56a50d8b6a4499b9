"""Memory tools for agents: search and manage (LangMem-style) and a file-style `/memories` adapter.

See `memory_tools` (search / manage) and `memory_files` (view / create / str_replace / insert / delete /
rename under `/memories`). Every tool takes the caller's scope from the tool runtime, never from arguments.
"""

from __future__ import annotations

from .memory_files import MemoryFiles, MemoryPathError, check_path, create_memory_file_tool
from .memory_tools import create_manage_memory_tool, create_search_memory_tool, owned, tool_context
from .notes import NoteExtractor, first_person

__all__ = ["MemoryFiles", "MemoryPathError", "NoteExtractor", "check_path", "create_manage_memory_tool",
           "create_memory_file_tool", "create_search_memory_tool", "first_person", "owned", "tool_context"]
