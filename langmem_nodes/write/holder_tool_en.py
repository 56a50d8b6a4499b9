"""A project's tool named in the holder of a clause about something else: "our helm charts live in a separate
repo", "our React app re-renders too much", "our Celery workers keep dying" → the project uses Helm / React / Celery.

Read only when the clause gave nothing else, and only when the modifier is a tool by name or shape
(`clause_en.is_tool_name`) and the noun after it is a part of a codebase or a system ("our main db", "our payments
service" name no tool and store nothing).

Example:
    >>> [(c.subject, c.predicate, c.object) for c in named("our Celery workers keep dying at night")]
    [('project', 'uses', 'Celery')]
    >>> named("our main db is slow")
    []
"""

from __future__ import annotations

import re

from .clause_en import is_tool_name
from .rules import Claim

_PART = (r"apps?|application|services?|servers?|api|apis|backend|frontend|site|website|admin|dashboard|db|database|"
         r"cache|cluster|clusters|queues?|workers?|jobs?|consumers?|producers?|pipelines?|builds?|tests?|test suite|"
         r"specs?|charts?|manifests?|modules?|playbooks?|crates?|packages?|components?|models?|migrations?|schemas?|"
         r"resolvers?|hooks?|templates?|scripts?|containers?|images?|pods?|lambdas?|functions?|endpoints?|routes?|"
         r"queries|stack|setup|config|configs|monorepo|repo|codebase|layer|instance|instances|bundle|bundles")
_HOLDER = re.compile(rf"^(?:(?:all|both)\s+)?(?:our|the|my)\s+(?P<m>[\w.+#-]+)\s+(?:{_PART})(?=\s|'s|$)", re.IGNORECASE)
_NOT_TOOL = re.compile(r"^(?:main|new|old|own|whole|entire|internal|legacy|staging|prod|production|dev|test|mobile|web|"
                       r"payments?|billing|auth|user|admin|data|core|shared|public|private|local|remote|team|company)$",
                       re.IGNORECASE)


def named(clause: str) -> list[Claim]:
    """The project's tool the clause's holder names, or []."""
    m = _HOLDER.match(clause.strip())
    if not m or _NOT_TOOL.match(m.group("m")) or not is_tool_name(m.group("m")):
        return []
    return [Claim("project", "uses", m.group("m"), "positive", "fact")]
