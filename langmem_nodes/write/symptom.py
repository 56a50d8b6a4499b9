"""What a failure reports is no tool of the project's: "the build fails on CI with exit code 137" stored «Project uses
exit code 137», "the tests fail with TimeoutError" «Project uses TimeoutError» (newcomer21 M3). A `uses` claim whose
object is an error's shape (an exit code or status, `…Error` / `…Exception`, OOMKilled, a signal) or follows a
failure verb and "with" is the symptom of one run, not a fact that lasts.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> is_symptom(Claim("project", "uses", "exit code 137"), "the build fails on CI with exit code 137")
    True
    >>> is_symptom(Claim("project", "uses", "pytest"), "we test with pytest")
    False
"""

from __future__ import annotations

import re

from .rules import Claim

_ERROR_SHAPED = re.compile(r"^(?:(?:exit|error|return|status)\s+(?:code|status)\s*\d+|status\s+\d{3}|(?:http\s+)?\d{3}\s+error|"
                           r"[A-Z]\w*(?:Error|Exception|Fault)|OOM\w*|SIG[A-Z]{2,}|segfault|segmentation fault|"
                           r"(?:错误码|退出码|状态码)\s*\d+|\d+\s*(?:错误|报错))$", re.I)
_FAILED_WITH = re.compile(r"\b(?:fail(?:s|ed|ing)?|crash(?:es|ed|ing)?|die[sd]?|dying|break(?:s|ing)?|broke|"
                          r"time[sd]?\s+out|timing\s+out|errors?\s+out|exit(?:s|ed)?|abort(?:s|ed)?|panic(?:s|ked)?)"
                          r"\b[^.;!?]{0,40}?\bwith\s+$|(?:报|报错|出现|抛出?)\s*$", re.I)


def is_symptom(claim: Claim, clause: str) -> bool:
    """Whether `claim` (a `uses`) names what a failure reported rather than something the holder uses."""
    if claim.predicate != "uses":
        return False
    obj = claim.object.strip()
    if _ERROR_SHAPED.match(re.sub(r"^(?:报错?|抛出?|出现|with)\s*", "", obj)):  # "(老是)报 NullPointerException"
        return True
    at = clause.find(obj)
    return at > 0 and bool(_FAILED_WITH.search(clause[:at]))
