"""A team's working practice said with "we" (extract-en, issue #16): "We never deploy on Fridays" stored nothing
(no parse) and "We always squash merge" was stored as the USER's rule. Holder "we" / "our team" + a standing
marker (never / don't / always / only / must) + a verb of the team's engineering work is the project's rule, with
its polarity; the same frame around a household verb ("we always go hiking on Sundays") stores nothing."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _read(text: str) -> list[tuple[str, str, str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found]


PROJECT_RULES = [  # (sentence, polarity, a word the stored rule holds)
    ("We never deploy on Fridays.", "negative", "Fridays"),
    ("We don't deploy after 4pm.", "negative", "after 4pm"),
    ("We don't merge without a review.", "negative", "without a review"),
    ("We never force-push to main.", "negative", "force-push"),
    ("Our team never merges on weekends.", "negative", "weekends"),
    ("The team never deploys on Fridays.", "negative", "Fridays"),
    ("We never hotfix straight in prod.", "negative", "hotfix"),
    ("We don't ship on public holidays.", "negative", "public holidays"),
    ("We never store passwords in plain text.", "negative", "plain text"),
    ("We never skip code review.", "negative", "code review"),
    ("We never release without a changelog entry.", "negative", "changelog"),
    ("We don't pin dependencies.", "negative", "pin dependencies"),
    ("We do not rebase shared branches.", "negative", "rebase shared branches"),
    ("we dont cherry-pick into release branches", "negative", "cherry-pick"),
    ("We never commit generated files.", "negative", "generated files"),
    ("We never touch prod on a Friday afternoon.", "negative", "prod"),
    ("We never self-merge PRs.", "negative", "self-merge"),
    ("We never log personal data.", "negative", "personal data"),
    ("We always squash merge.", "positive", "squash merge"),
    ("We always rebase before merging.", "positive", "rebase before merging"),
    ("We always write tests before the fix.", "positive", "tests before the fix"),
    ("We always tag releases with semver.", "positive", "tag releases"),
    ("Our team always reviews migrations in pairs.", "positive", "migrations"),
    ("We only deploy from the main branch.", "positive", "deploy from the main branch"),
    ("We only merge green builds.", "positive", "green builds"),
    ("We must run the linter before every push.", "positive", "linter"),
    ("We squash-merge everything.", "positive", "squash-merge"),
    ("In our team we squash-merge everything.", "positive", "squash-merge"),
    ("We always pin base images to a digest.", "positive", "pin base images"),
    ("we always lint and format on commit", "positive", "lint"),
    ("We always bump the version in the same PR.", "positive", "bump the version"),
    ("We don't use ORMs here.", "negative", "ORMs"),
]


@pytest.mark.parametrize("text, polarity, word", PROJECT_RULES)
def test_a_team_practice_is_the_projects_rule(text, polarity, word):
    got = _read(text)
    assert len(got) == 1, got
    subject, _predicate, obj, pol = got[0]
    assert (subject, pol) == ("project", polarity), got
    assert word.lower() in obj.lower(), got


HOUSEHOLD = [  # a family's or friends' "we": no rule for the assistant, nothing stored
    "We always go hiking on Sundays.",
    "We never eat out on weekdays.",
    "We never watch TV at dinner.",
    "We always visit my parents at Christmas.",
    "We don't celebrate birthdays much.",
    "We never talk about politics at home.",
    "We always order pizza on Fridays.",
    "We only shop at the farmers market.",
    "We must leave by 6 tomorrow.",
    "We always argue about the thermostat lol",
    "我们家周末从不做饭。",
]


@pytest.mark.parametrize("text", HOUSEHOLD)
def test_a_household_we_stores_no_rule(text):
    assert _read(text) == []


CONTROLS = [  # phrasings other parts already read: unchanged
    ("We don't use Redux in this codebase.", ("project", "uses", "Redux", "negative")),
    ("In this repo we never commit to main.", ("project", "rule", "commit to main", "negative")),
    ("I always use tabs.", ("user", "uses", "tabs", "positive")),
]


@pytest.mark.parametrize("text, claim", CONTROLS)
def test_other_phrasings_read_as_before(text, claim):
    assert claim in _read(text)
