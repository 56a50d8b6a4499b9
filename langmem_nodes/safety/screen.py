"""One user turn screened once: its credentials, identifiers and instructions, and which sentences hold them."""

from __future__ import annotations

import re
import unicodedata
from functools import cached_property, lru_cache

from .credentials import Finding, find_secrets, screen_secrets
from .cued import mask_values, names_secret
from .instructions import instruction_target
from .pii import REDACTED, find_pii, redact, screen_pii
from .said_before import found_again

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|[\n。！？；]+")


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text).replace("’", "'").replace("‘", "'")).casefold().strip()


class TurnScreen:
    """The credentials, identifiers and instructions of one user turn, and which sentences hold them.

    `findings_for(*texts)` answers, for a claim taken from the turn (its quote, object, text), every finding
    it carries or shares a sentence with — so a claim is refused with the credential it came next to.

    Example:
        >>> screen = TurnScreen("I live in Paris. My email password, it's Hunter22!, keep it")
        >>> [f.kind for f in screen.findings_for("my email password")], screen.findings_for("Paris")
        (['access code'], [])
    """

    def __init__(self, text: str, earlier: tuple[str, ...] = ()) -> None:
        self.text = text or ""
        secrets, dismissed = screen_secrets(self.text)
        pii, pii_dismissed = screen_pii(self.text)
        dismissed = [*dismissed, *pii_dismissed]
        # `earlier`: values refused as secrets in the thread's earlier user turns (`said_before`)
        self.findings = [*secrets, *pii, *found_again(self.text, earlier)]
        # values the turn shows as examples or placeholders: a claim quoting one alone lost the words that said so
        self._dismissed = {f.value for f in dismissed} - {f.value for f in self.findings}
        self._tainted: list[tuple[str, list[Finding]]] = []
        if self.findings:
            pos = 0
            for m in [*_SENTENCE_END.finditer(self.text), None]:
                end = m.start() if m else len(self.text)
                inside = [f for f in self.findings if f.start < end and f.end > pos]
                if inside:
                    self._tainted.append((_fold(self.text[pos:end]), inside))
                pos = m.end() if m else end

    # `control` and `names_secret` are the write side's: a read (`read.unsecret`) needs only `findings`, and the
    # same screen, reused by the write after the reply, works them out then
    @cached_property
    def control(self) -> bool:
        """Whether the turn reads as an instruction to the assistant (`instruction_target`)."""
        return instruction_target(self.text) == "control"

    @cached_property
    def names_secret(self) -> bool:
        """Whether the turn names a secret or an identifier anywhere (`cued.names_secret`)."""
        return names_secret(self.text)

    @staticmethod
    def of(text: str, earlier: tuple[str, ...] = ()) -> TurnScreen:
        """The screen of `text`, built once: the extract and verify stages of one turn share it (a 20,000-character
        message is screened once, not once per stage). `earlier`: secret values refused earlier in the thread."""
        return _screen(text or "", tuple(earlier))

    def findings_for(self, *texts: str) -> list[Finding]:
        """Findings in `texts` themselves, findings whose value they contain, and findings of the turn's
        sentences that contain one of them."""
        own = [f for t in texts if t for f in (*find_secrets(t), *find_pii(t)) if not self._was_dismissed(f.value)]
        joined = " ".join(t for t in texts if t)
        near = [f for f in self.findings if f.value in joined]
        for sentence, inside in self._tainted:
            if any(len(_fold(t)) >= 2 and _fold(t) in sentence for t in texts if t):
                near.extend(inside)
        return _dedupe_by_value([*own, *near])

    def _was_dismissed(self, value: str) -> bool:
        """A value the whole turn showed as an example, alone or as the start of a wider span it dismissed
        ("api_key=abc123xyz，不是真的": the clause cut before "不是真的" still holds the example)."""
        return value in self._dismissed or (len(value) >= 6 and any(value in d for d in self._dismissed))

    def redact(self, text: str) -> str:
        """`text` without any value found in this turn (or in `text` itself)."""
        return redact(text, findings=self.findings) if text else text

    def redact_report(self, text: str) -> str:
        """`text` as a skip report may show it: redacted, and in a turn that names a secret anywhere, with every
        token that could be a typed value masked too ("it's 7264" after "… my debit card PIN.")."""
        text = self.redact(text)
        return mask_values(text, REDACTED) if text and self.names_secret else text


@lru_cache(maxsize=8)
def _screen(text: str, earlier: tuple[str, ...] = ()) -> TurnScreen:
    return TurnScreen(text, earlier)


def _dedupe_by_value(found: list[Finding]) -> list[Finding]:
    seen: dict[tuple[str, str], Finding] = {}
    for f in found:
        seen.setdefault((f.category, f.value), f)
    return list(seen.values())
