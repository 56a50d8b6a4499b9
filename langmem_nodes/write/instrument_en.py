"""A project's tool named as the instrument of what it does: holder + verb (+ what it acts on) + "with / using / via /
through / over" + tool. "we log with Winston", "we generate the changelog with release-please", "we get paged
through Opsgenie", "our services talk to each other over gRPC" → the project uses the tool.

The verb may be any verb, but only a project chore ("log", "deploy", "page", …) takes any name as its tool; after
another verb the tool must look like one by its shape or be a known one ("we celebrated with Alice" stores nothing).
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_PREP = r"(?:with|using|via|through|over)"
# what a project does with a tool (beyond clause_en's chores): logging, alerting, paging, flags, talking between services
_CHORE = (r"deploy|host|provision|manage|monitor|ship|run|build|serve|cache|track|store|orchestrate|containeri[sz]e|migrate|"
          r"package|bundle|test|lint|format|release|publish|compile|schedule|type-?check|version|back ?up|trace|benchmark|"
          r"scaffold|generate|automate|template|configure|render|index|queue|process|log|alert|page|notify|sync|"
          r"authenticate|auth|sign|encrypt|validate|route|proxy|talk|communicate|connect|integrate|measure|profile|"
          r"report|document|review|gate|flag|toggle|roll ?out|feature[- ]flag|handle|send|collect|aggregate|observe|"
          r"instrument|tag|translate|localize|localise|bill|charge|pay|email|message|search|analy[sz]e|secure|scan|patch")
_VERB = re.compile(rf"^(?:{_CHORE})(?:s|es|ed|d)?$|^paged$|^logged$", _I)
_THEME_WORD = rf"(?!{_PREP}\b|and\b|but\b|so\b|because\b|which\b)[\w.'/-]+"
_SHAPE = re.compile(
    rf"^(?:(?:get|gets|got|are|is|were|was)\s+)?(?P<v>[a-z][a-z-]*)\s+(?P<theme>(?:{_THEME_WORD}\s+){{0,5}}?){_PREP}\s+(?P<t>\S.*)$", _I)
_NOT_VERB = re.compile(r"^(?:went|go|goes|came|come|hung|hang|spoke|speak|met|meet|celebrated|partied|argued|fought|struggled|"
                       r"agreed|disagreed|played|chatted|talked about|dealt|deal|are|is|have|has|had|were|was|do|did|does)$", _I)


def read(rest: str) -> tuple[bool, str] | None:
    """(whether the verb is a project chore, the text after the preposition) when `rest` — the clause after a
    project holder — names an instrument; None otherwise. The caller cuts and checks the tool span."""
    m = _SHAPE.match(rest.strip())
    if not m or _NOT_VERB.match(m.group("v")):
        return None
    return bool(_VERB.match(m.group("v"))), m.group("t")
