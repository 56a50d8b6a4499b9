"""Chat fragments the English extractor dropped or read too far (extract-en5, issue #16).

- The user's own clause after one about someone else: "My son is allergic to peanuts and I am vegetarian" dropped
  "I am vegetarian" (the third party's frame ran to the end of the sentence).
- A second verb phrase of the team's: "We test with pytest and deploy with Helm" stored the test command
  "pytest and deploy with Helm"; "we use Postgres and love it" stored a tool "love it".
- A label and its value: "Our CI: GitHub Actions." stored nothing.
- A question the user answers at once: "My coffee? Black, always.", "my phone? it's a Pixel 7" stored nothing.
"""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _found(text: str) -> list[tuple[str, str, str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found]


def _has(found: list[tuple[str, str, str, str]], subject: str, value: str, polarity: str = "positive") -> bool:
    return any(s == subject and value.casefold() in o.casefold() and p == polarity for s, _, o, p in found)


OWN_AFTER_OTHER = [  # (sentence, the user's own value, a value of the third party's that must not be stored)
    ("My son is allergic to peanuts and I am vegetarian.", "vegetarian", None),
    ("My daughter loves horses and I play the cello.", "cello", "horses"),
    ("My sister lives in Oslo and I live in Bergen.", "Bergen", "Oslo"),
    ("my husband is a nurse and I'm a teacher", "teacher", "nurse"),
    ("My wife is a night owl and I'm an early riser.", "early riser", "night owl"),
    ("My brother works at Google and I work at Shopify.", "Shopify", "Google"),
    ("My roommate uses Windows, I use Linux.", "Linux", "Windows"),
    ("my kids love pizza and I'm vegan", "vegan", "pizza"),
    ("My boss drinks tea and I like coffee.", "coffee", "tea"),
    ("My partner is from Lyon and I'm from Porto.", "Porto", "Lyon"),
    ("My dad lives in Leeds, I live in York.", "York", "Leeds"),
    ("My mum speaks French and I speak German.", "German", "French"),
    ("my coworker swears by Emacs and I use Vim", "Vim", "Emacs"),
    ("My girlfriend hates sushi and I love it", None, "sushi"),
    ("My cousin is a dentist and I am a pharmacist.", "pharmacist", "dentist"),
    ("My son plays football and I go climbing on weekends.", "climbing", "football"),
    ("my flatmate is vegetarian and I'm pescatarian", "pescatarian", "vegetarian"),
    ("My uncle lives in Texas, and I live in Ohio.", "Ohio", "Texas"),
    ("My friend runs Arch, but I'm on Fedora.", "Fedora", "Arch"),
    ("My wife works nights and I work from home.", None, "nights"),
    ("My team lead uses PyCharm and I use VS Code.", "VS Code", "PyCharm"),
    ("My manager lives in Berlin and I live in Hamburg.", "Hamburg", "Berlin"),
    ("My daughter is learning Spanish and I'm learning Italian.", "Italian", "Spanish"),
    ("My sister is allergic to cats and I'm allergic to dogs.", "dogs", None),
    ("My husband likes jazz and I like techno.", "techno", "jazz"),
    ("my neighbour has two cats and I have a dog", "dog", "cats"),
    ("My brother is a chef and I'm a software engineer.", "software engineer", "chef"),
    ("My mother lives in Cork, I'm in Dublin.", "Dublin", "Cork"),
    ("My son is 12 and I'm 45.", "45", None),
    ("My boyfriend drives a Tesla and I drive a Honda.", "Honda", "Tesla"),
]


@pytest.mark.parametrize("text, own, theirs", OWN_AFTER_OTHER)
def test_own_clause_after_someone_elses(text: str, own: str | None, theirs: str | None) -> None:
    found = _found(text)
    if own:
        assert _has(found, "user", own), found
    if theirs:
        assert not any(theirs.casefold() in o.casefold() for s, p, o, _ in found if p != "family"), found


REPORTED_THEN_OWN = [  # a report of speech keeps its frame: what follows may be what was said
    "My wife says she's vegan and I think that's great.",
    "My brother told me he moved to Austin and I should visit.",
    "My friend said she uses Vim and I might try it.",
]


@pytest.mark.parametrize("text", REPORTED_THEN_OWN)
def test_reported_speech_keeps_its_frame(text: str) -> None:
    assert _found(text) == []


TEAM_VERBS = [  # (sentence, the values stored, a run-on that must not be)
    ("We test with pytest and deploy with Helm.", ["pytest", "Helm"]),
    ("we build with Gradle and test with JUnit 5", ["Gradle", "JUnit 5"]),
    ("We lint with ruff and format with black.", ["ruff", "black"]),
    ("we deploy with Argo CD and monitor with Grafana", ["Argo CD", "Grafana"]),
    ("We test with Jest and ship with Vercel.", ["Jest", "Vercel"]),
    ("we use Postgres and love it", ["Postgres"]),
    ("we use Terraform and hate it", ["Terraform"]),
    ("We use Sentry and track errors with it.", ["Sentry"]),
    ("we build with Bazel and deploy to GKE", ["Bazel", "GKE"]),
    ("We test with Cypress and deploy with Netlify.", ["Cypress", "Netlify"]),
    ("we package with Poetry and publish to PyPI", ["Poetry"]),
    ("We build with Vite and test with Vitest.", ["Vite", "Vitest"]),
    ("we deploy with Helm and also test with pytest", ["Helm", "pytest"]),
    ("We use Redis and cache everything in it.", ["Redis"]),
    ("we test with Playwright and deploy with Kamal", ["Playwright", "Kamal"]),
    ("We use GitLab and really like it.", ["GitLab"]),
    ("we build with Maven and deploy with Jenkins", ["Maven", "Jenkins"]),
    ("We deploy with Ansible and monitor with Prometheus.", ["Ansible", "Prometheus"]),
    ("we use Datadog and kinda hate it", ["Datadog"]),
    ("We test with RSpec and deploy with Capistrano.", ["RSpec", "Capistrano"]),
    ("we lint with eslint and format with prettier", ["eslint", "prettier"]),
    ("We build with webpack and test with Mocha.", ["webpack", "Mocha"]),
    ("we use Kafka and love it honestly", ["Kafka"]),
    ("We test with tox and release with twine.", ["tox", "twine"]),
    ("we deploy with Pulumi and host on AWS", ["Pulumi", "AWS"]),
    ("We use Jira and hate it.", ["Jira"]),
    ("we build with Nix and deploy with Colmena", ["Nix", "Colmena"]),
    ("We test with PHPUnit and deploy with Forge.", ["PHPUnit", "Forge"]),
    ("we use Linear and really love it", ["Linear"]),
    ("We monitor with Datadog and alert with PagerDuty.", ["Datadog", "PagerDuty"]),
]


@pytest.mark.parametrize("text, values", TEAM_VERBS)
def test_team_verb_phrase_after_and(text: str, values: list[str]) -> None:
    found = _found(text)
    assert all(_has(found, "project", v) for v in values), found
    assert not any(" and " in o or o.lower().startswith(("love", "hate", "like", "kinda", "really")) for _, _, o, _ in found), found


LABELLED = [  # (sentence, subject, value)
    ("Our CI: GitHub Actions.", "project", "GitHub Actions"),
    ("Our database: Postgres 16.", "project", "Postgres 16"),
    ("our CI: CircleCI", "project", "CircleCI"),
    ("Our frontend: React 18.", "project", "React 18"),
    ("Our cache: Redis.", "project", "Redis"),
    ("our backend: FastAPI", "project", "FastAPI"),
    ("Our test runner: Vitest.", "project", "Vitest"),
    ("Our stack: Django, Postgres and Redis.", "project", "Django"),
    ("our db: MySQL 8", "project", "MySQL 8"),
    ("Our queue: RabbitMQ.", "project", "RabbitMQ"),
    ("My editor: Neovim.", "user", "Neovim"),
    ("my shell: fish", "user", "fish"),
    ("My laptop: a ThinkPad X1 Carbon.", "user", "ThinkPad X1 Carbon"),
    ("My OS: Arch Linux.", "user", "Arch Linux"),
    ("my phone: Pixel 8", "user", "Pixel 8"),
    ("My coffee? Black, always.", "user", "Black"),
    ("my phone? it's a Pixel 7", "user", "Pixel 7"),
    ("My editor? Neovim, obviously.", "user", "Neovim"),
    ("my shell? zsh", "user", "zsh"),
    ("My laptop? A MacBook Air.", "user", "MacBook Air"),
    ("Our CI? GitHub Actions, of course.", "project", "GitHub Actions"),
    ("Our database? Postgres.", "project", "Postgres"),
    ("my car? it's a Corolla", "user", "Corolla"),
    ("My keyboard? A Keychron K2.", "user", "Keychron K2"),
    ("Our cloud? AWS, all of it.", "project", "AWS"),
    ("my browser? Firefox", "user", "Firefox"),
    ("My tea? Earl Grey, no milk.", "user", "Earl Grey"),
    ("My distro? Fedora.", "user", "Fedora"),
    ("our frontend? Vue 3", "project", "Vue 3"),
    ("Our backend? Go.", "project", "Go"),
]


@pytest.mark.parametrize("text, subject, value", LABELLED)
def test_label_and_value(text: str, subject: str, value: str) -> None:
    found = _found(text)
    assert _has(found, subject, value), found


NOT_A_VALUE = [  # a label that announces talk, a question or a clause after it: stored as before (nothing here)
    "My question: how do I rebase onto main?",
    "My problem: the build fails on CI.",
    "My laptop? What should I buy?",
    "my code? it doesn't compile",
    "My plan: move everything to Kubernetes next year.",
    "my excuse? I was tired",
    "Our issue: the tests are flaky.",
    "My guess: it's the cache.",
    "my worry? that it won't scale",
    "Our problem? Nobody reads the docs.",
]


@pytest.mark.parametrize("text", NOT_A_VALUE)
def test_label_before_talk_stores_nothing(text: str) -> None:
    assert _found(text) == []


PROJECT_HOLDERS = [  # (sentence, the project's value)
    ("Our on-call paging goes through Opsgenie.", "Opsgenie"),
    ("our paging goes through PagerDuty", "PagerDuty"),
    ("Our alerting goes through Grafana OnCall.", "Grafana OnCall"),
    ("Our deploys go out via GitHub Actions on merge to main.", "GitHub Actions"),
    ("our releases go out through Jenkins", "Jenkins"),
    ("Our builds go out via CircleCI on every push.", "CircleCI"),
    ("our service is pinned to Python 3.10 because of a dependency", "Python 3.10"),
    ("Our app is locked to React 17.", "React 17"),
    ("our backend is pinned to Node 18", "Node 18"),
    ("our game's built in Godot 4", "Godot 4"),
    ("Our game is built with Unity 2022.", "Unity 2022"),
    ("our firmware is written in Rust", "Rust"),
    ("Our feature flags are managed with LaunchDarkly.", "LaunchDarkly"),
    ("our version control is Perforce", "Perforce"),
    ("Our tracing goes through Honeycomb.", "Honeycomb"),
    ("our analytics run on BigQuery", "BigQuery"),
    ("the team's engine is Unreal 5.3", "Unreal 5.3"),
    ("Our studio's game is built in Unreal 5.", "Unreal 5"),
    ("our startup's backend runs on Fly.io", "Fly.io"),
    ("we're pinned to Python 3.9", "3.9"),
    ("We tag releases with CalVer.", "CalVer"),
    ("we migrated to GitHub Actions back in January", "GitHub Actions"),
    ("We moved to Render back in March.", "Render"),
    ("Our observability stack is Datadog.", "Datadog"),
    ("our notifications go through Twilio", "Twilio"),
    ("Our ETL runs on Airflow.", "Airflow"),
    ("our data pipeline runs on Dagster", "Dagster"),
    ("Our orchestration is Kubernetes.", "Kubernetes"),
    ("our flags are managed with Unleash", "Unleash"),
    ("Our releases are tagged with GoReleaser.", "GoReleaser"),
]


@pytest.mark.parametrize("text, value", PROJECT_HOLDERS)
def test_project_holder_and_its_tool(text: str, value: str) -> None:
    found = _found(text)
    assert _has(found, "project", value), found
    assert not any(o.casefold().endswith(" back") for _, _, o, _ in found), found


NOT_PROJECT_TOOLS = [  # a project holder with no tool after it
    "our engine is broken again",
    "our game is really fun",
    "our flags are a mess",
    "Our paging is way too noisy.",
    "our firmware keeps crashing",
]


@pytest.mark.parametrize("text", NOT_PROJECT_TOOLS)
def test_project_holder_without_tool(text: str) -> None:
    assert [f for f in _found(text) if f[1] == "uses"] == []


EXAMPLES = [  # (sentence, the value, the example that must not be stored)
    ("We tag releases with CalVer, like 2024.06.2.", "CalVer", "2024.06.2"),
    ("We tag it with CalVer, e.g. 2024.06.1.", "CalVer", "2024.06.1"),
    ("We version with semantic-release, like v2.3.1.", None, "v2.3.1"),
    ("our branches follow GitFlow, e.g. feature/login", None, "feature/login"),
    ("We use Conventional Commits, such as feat: add login.", "Conventional Commits", "feat"),
    ("we use Postgres, like 15.4", "Postgres", "15.4"),
    ("Our images are tagged with the commit sha, like abc1234.", None, "abc1234"),
    ("We use Jira, for example PROJ-123.", "Jira", "PROJ-123"),
    ("I use Vim, like it a lot.", "Vim", None),
    ("We deploy with Helm, e.g. helm upgrade --install.", "Helm", "helm upgrade"),
]


@pytest.mark.parametrize("text, value, example", EXAMPLES)
def test_an_example_is_no_fact(text: str, value: str | None, example: str | None) -> None:
    found = _found(text)
    if value:
        assert any(value.casefold() in o.casefold() for _, _, o, _ in found), found
    if example:
        assert not any(example.casefold() in o.casefold() for _, _, o, _ in found), found


DATED = [  # a thing the user has, dated near: one event, no memory
    "i have a chem test friday",
    "I have a dentist appointment tomorrow",
    "I have an interview on Thursday",
    "i have a big presentation next week",
    "I have a doctor's appointment this afternoon",
    "I have a flight tonight",
    "i have a maths exam on monday",
    "I have a job interview next Tuesday",
    "I have a meeting this morning",
    "i have a driving test tomorrow morning",
]


@pytest.mark.parametrize("text", DATED)
def test_a_near_dated_thing_is_one_event(text: str) -> None:
    assert [f for f in _found(text) if f[1] == "has"] == []


def test_a_thing_the_user_has_is_kept() -> None:
    assert _has(_found("I have two cats."), "user", "two cats")


PLAIN_FACTS = [  # (sentence, subject, values): one-line facts said the way a dev-like set says them
    ("We deploy everything to GCP in asia-northeast1.", "project", ["GCP", "asia-northeast1"]),
    ("We run on AWS in us-east-1.", "project", ["AWS", "us-east-1"]),
    ("our cluster runs on GKE in europe-west1", "project", ["GKE", "europe-west1"]),
    ("Everything runs on Azure in West Europe region.", "project", ["Azure"]),
    ("All our service logs are shipped to Datadog.", "project", ["Datadog"]),
    ("Our metrics are sent to Prometheus.", "project", ["Prometheus"]),
    ("our traces are exported to Honeycomb", "project", ["Honeycomb"]),
    ("All our app logs are forwarded to Papertrail.", "project", ["Papertrail"]),
    ("Python dependencies here are managed with Poetry.", "project", ["Poetry"]),
    ("JS packages here are managed with pnpm.", "project", ["pnpm"]),
    ("The tests here are run with pytest.", "project", ["pytest"]),
    ("Frontend tests use Jest with React Testing Library.", "project", ["Jest", "React Testing Library"]),
    ("backend tests use pytest with Factory Boy", "project", ["pytest"]),
    ("I subscribe to The Economist.", "user", ["Economist"]),
    ("i'm subscribed to Spotify", "user", ["Spotify"]),
    ("I type on a Kinesis Advantage.", "user", ["Kinesis Advantage"]),
    ("I go by Alex, please use that.", "user", ["Alex"]),
    ("i go by Sam", "user", ["Sam"]),
    ("Our images are pushed to ECR.", "project", ["ECR"]),
]


@pytest.mark.parametrize("text, subject, values", PLAIN_FACTS)
def test_plain_fact(text: str, subject: str, values: list[str]) -> None:
    found = _found(text)
    assert all(_has(found, subject, v) for v in values), found


CHECKED_THEN_VALUE = [  # (earlier user turn, correction, the new value): "just checked X" is what the user did, no value
    ("our service is pinned to Python 3.10", "ah hang on, just checked pyproject — we're pinned to 3.9 actually", "3.9"),
    ("our app is pinned to Node 18", "wait, just looked at the Dockerfile — we're pinned to Node 20", "Node 20"),
    ("we use Postgres 14", "sorry, my mistake, double-checked the config — we use Postgres 15", "Postgres 15"),
    ("our backend is pinned to Go 1.21", "hold on, I checked go.mod, we're pinned to Go 1.22", "Go 1.22"),
]


@pytest.mark.parametrize("before, text, value", CHECKED_THEN_VALUE)
def test_a_check_is_no_value(before: str, text: str, value: str) -> None:
    found, _ = RuleExtractor().analyse(text, earlier=[{"role": "user", "content": before}, {"role": "assistant", "content": "OK."}])
    objects = [c.object for c, *_ in found]
    assert any(value.casefold() in o.casefold() for o in objects), objects
    assert not any(w in o.casefold() for o in objects for w in ("checked", "looked", "config", "go.mod", "dockerfile")), objects
