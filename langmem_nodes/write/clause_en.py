"""English clause reader by parts: holder + (negation, tense) + relation from a wide verb class + object span.

The phrasing rules (`rules.py`, `grammar.py`) are tried first; this reader takes what they leave, so a new
phrasing composes from parts already known ("my team is all in on Terraform" = project holder + a liking
verb + an object) instead of needing its own pattern. A clause it cannot read yields nothing (precision
first: the caller records "no parse").

Example:
    >>> [(c.subject, c.predicate, c.object, c.polarity) for c in read("I'm all in on Rust this year")]
    [('user', 'prefers', 'Rust', 'positive')]
    >>> [(c.subject, c.predicate, c.object) for c in read("The docs site is built with Docusaurus and hosted on Netlify")]
    [('project', 'uses', 'Docusaurus'), ('project', 'uses', 'Netlify')]
    >>> [(c.predicate, c.object) for c in read("I moved to Berlin last year and love it")]
    [('lives_in', 'Berlin')]
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import chat14_en, dropped_en, instrument_en, quoted
from .lexicon import AGO
from .places import is_place, unlisted_place
from .rules import PACKAGE_MANAGERS, Claim, clean_object

_I = re.IGNORECASE

# Holders ---------------------------------------------------------------------------------------
_PROJECT_NOUN = (r"app|application|service|services|repo|repository|monorepo|codebase|project|backend|back end|frontend|"
                 r"front end|api|apis|ci|ci pipeline|pipeline|pipelines|build|builds|stack|infra|infrastructure|database|db|"
                 r"cluster|site|website|docs|docs site|docs website|server|servers|team|company|org|startup|client|"
                 r"mobile app|web app|dashboard|tests|test suite|deploys?|deployments?|prod|production|staging|data layer|"
                 r"queue|cache|auth|platform|product|workers?|jobs?|cron jobs?|microservices?|whole thing|whole stack|"
                 r"package manager|linter|formatter|test runner|orm|framework|cloud|cloud provider|hosting|bundler|"
                 r"build tool|build system|message broker|broker|monitoring|logging|error tracking|ci provider|"
                 r"ci system|task runner|container registry|registry|search|search engine|data warehouse|warehouse|env|envs|environment|"
                 r"environments|event bus|object store|storage|blob store|scheduler|load balancer|proxy|gateway|cdn|dns|"
                 r"code|source code|images|containers|releases|secrets|artifacts|assets|migrations|logs|metrics|alerts|"
                 r"packages|charts|manifests|dependencies|deps|layer|api layer|data layer|tier|module|component|datastore|data store|"
                 # parts of a codebase and its practice, plural: "all our Rust crates run clippy", "our API responses use …"
                 r"crates|libraries|libs|modules|components|endpoints|responses|api responses|handlers|routes|schemas|queries|"
                 r"tables|models|commits|commit messages|branches|prs|pull requests|migrations|lambdas|functions|services|"
                 # what a team runs besides code: "our on-call paging goes through Opsgenie", "our game's built in Godot 4"
                 r"paging|alerting|on-call|on-call rotation|feature flags|flags|version control|vcs|observability|tracing|"
                 r"engine|game|games|firmware|analytics|notifications|payments service|data pipeline|etl|orchestration|traces|events")
_PROJECT_NOUN = "|".join(sorted(_PROJECT_NOUN.split("|"), key=len, reverse=True))
_USER_THING = r"laptop|machine|box|desktop|computer|pc|mac|setup|editor|ide|shell|terminal|phone|os|distro|keyboard|browser"
HOLDER = re.compile(
    rf"^(?P<user>i(?=\s|'|$)|me personally|personally i|(?:my|our)\s+(?:partner|wife|husband|family|kids|girlfriend|boyfriend|fiancée?)\s+and\s+i(?=\s|'))|"
    rf"^(?P<thing>my\s+(?:(?:work|home|main|daily|personal|new|old)\s+)?(?:{_USER_THING}))(?=\s|'s)|"
    rf"^(?P<project>we(?=\s|'|$)|(?:our|the|this|my)\s+(?:(?:whole|entire|main|new|(?:team|company|studio|startup|org|lab|group|department)'?s)\s+)?(?:[\w.+#-]+\s+)?(?:{_PROJECT_NOUN})"
    rf"(?=\s|'s)|(?:{_PROJECT_NOUN})\s+(?:in|for|of)\s+(?:this|our|the)\s+(?:repo|repository|project|codebase|monorepo|app|service)(?=\s)|(?:[\w.+#-]+\s+)?(?:{_PROJECT_NOUN})\s+here(?=\s)|everything(?:'s)?(?=\s|$)|(?:ci|prod|production|staging|infra|deploys|builds|db|database|backend|frontend|service|app|stack)(?:\s+(?:tests|code|builds|deploys|logs|jobs|services|apps))?(?=\s)|all (?:our|the) (?:[\w.+#-]+\s+)?(?:{_PROJECT_NOUN}))", _I)
_OWNER_S = re.compile(rf"\b(team|company|studio|startup|org|lab|group|department)'s\s+(?=(?:{_PROJECT_NOUN})\b)", _I)
_SHORT_HOLDER = re.compile(rf"^(?:all\s+)?(?:our|the|this)\s+(?:{_PROJECT_NOUN})(?=\s)", _I)
_CONTRACT = {"'m": " am", "'re": " are", "'ve": " have", "'s": " is", "'d": " would"}
_ADVERB = re.compile(r"^(?:(?:really|just|basically|usually|mostly|mainly|totally|also|still|now|currently|personally|"
                     r"honestly|pretty much|kinda|kind of|actually|finally|recently|all|fully|completely|entirely|"
                     r"literally|definitely|genuinely|seriously|absolutely|generally|normally|always|primarily|only|"
                     r"exclusively|even|already|lately|officially|happily|originally|way more|much more|far more|way|more)\s+)+", _I)
# "the service is actually on …", "I'm way more into …": the adverb after the copula is not part of the verb
_BE_ADVERB = re.compile(r"^(am|is|are)\s+(?!all[- ]in\b)" + _ADVERB.pattern[1:], _I)
_NEG = re.compile(r"^(?:(?:do|does|did|am|is|are|have|has)\s+not|am\s+no\s+longer|don'?t|doesn'?t|didn'?t|never|no longer|not|ain'?t)\s+", _I)

# Relations: (verb phrase, predicate, polarity) — wide classes, most specific first ------------
_LIKE = (r"like|love|enjoy|prefer|would prefer|would rather have|would rather get|adore|dig|favou?r|appreciate|swear by|rave about|stan|am into|am really into|"
         r"have been into|have been really into|have been (?:so |super |very )?into|"
         r"am (?:a\s+)?(?:big|huge|massive|firm|strong|total|real)?\s*(?:fan|believer|advocate|proponent)\s+(?:of|in)|"
         r"am all in on|am all-in on|am obsessed with|am hooked on|am big on|am partial to|am keen on|am fond of|"
         r"am loving|have fallen (?:in love )?(?:for|with)|fell in love with|am a sucker for|gravitate towards?|"
         r"lean towards?|can'?t live without|cannot live without|am sold on|am team|root for|go for|opt for")
_DISLIKE = (r"hate|dislike|detest|loathe|despise|can'?t stand|cannot stand|can'?t bear|can'?t deal with|avoid|"
            r"steer clear of|stay away from|am done with|am sick of|am tired of|am fed up with|am over|am not into|"
            r"am not a fan of|am no fan of|am not big on|am not keen on|am allergic to the idea of|have had it with|"
            r"never liked|can'?t get (?:along )?with|am against|refuse to use|won'?t touch|wouldn'?t touch")
_STOP = (r"stopped using|stopped|quit|quit using|have quit|have stopped|cut out|have cut out|ditched|dropped|abandoned|moved off(?: of)?|moved away from|migrated off|"
         r"switched away from|gave up on|gave up|have given up(?: on)?|uninstalled|got rid of|deleted|retired|"
         r"am off|left|killed|sunset|phased out|walked away from")
_USE = (r"use|am using|have been using|run|am running|code in|coding in|program in|work in|develop in|write in|"
        r"am on|have been on|daily[- ]drive|subscribe to|am subscribed to|type on|main|stick (?:with|to)|am sticking (?:with|to)|have stuck with|"
        r"have settled on|settled on|went with|have gone with|picked up|have picked up|picked|chose|rely on|depend on|reach for|"
        r"am running on|run on|switched to|have switched to|moved to|have moved to|migrated to|jumped to|"
        r"upgraded to|went back to|am back on|am back to|do everything in|live in|basically live in|"
        r"have been living in|am living in|have lived in|spend my days in|am a heavy user of|am a user of|am stuck on|"
        r"track (?:my |all my )?(?:own )?(?:[\w-]+ )?in|keep (?:my |all my )?(?:own )?(?:[\w-]+ )?in|take (?:my )?notes in|"
        r"write (?:my )?notes in|manage (?:my |all my )?(?:own )?(?:[\w-]+ )?(?:in|with)|plan (?:my )?(?:[\w-]+ )?in")
_LIVES = (r"live in|am living in|have lived in|have been living in|am based in|am based out of|am located in|"
          r"reside in|moved to|have moved to|moved back to|relocated to|have relocated to|am in|am over in|call")
# Where the user comes from (not where they live now): "I'm originally from Chile", "I grew up in Porto"
_FROM = r"am from|come from|grew up in|was born in|was born and raised in|was raised in"
# A household "we" that lives somewhere is the user: "we live in Ghent", "we relocated to Eindhoven"
_WE_LIVE = (r"live in|are living in|have lived in|have been living in|are based in|are based out of|moved to|have moved to|"
            r"moved back to|relocated to|have relocated to|just moved to")
_WORK_AT = r"work at|work for|am working at|am working for|joined|am at|have joined|started at|started working at"
_HAS = r"have|have got|got|own|am raising"
_LEARN = (r"am learning|have been learning|am studying|have been studying|am picking up|am taking|"
          r"am getting into|started learning|have started learning|am teaching myself|am practicing|am practising|"
          r"am trying to learn|am trying to pick up|am starting to learn|have started to learn")
# project chores and what they act on ("deploy this service", "provision our servers", "manage secrets")
_CHORE = (r"deploy|host|provision|manage|monitor|ship|run|build|serve|cache|track|store|orchestrate|containeri[sz]e|migrate|"
          r"package|bundle|test|lint|format|release|publish|compile|schedule|type-?check|version|back up|trace|"
          r"benchmark|load-test|scaffold|generate|automate|template|configure|render|index|queue|process|tag")
_THEME = r"(?:(?:the|our|this|its|all|all our|all the|every|each|these)\s+)?(?!with\b|using\b|via\b|through\b|on\b|in\b)[\w-]+(?:\s+(?!with\b|using\b|via\b|through\b|on\b|in\b)[\w-]+)?"
_PROJECT_REL = (r"uses|use|is using|are using|is on|are on|runs on|run on|is running on|are running on|runs|run|"
                r"is built (?:with|on|in|using)|are built (?:with|on|in|using)|built (?:with|on|in|using)|"
                r"is written in|are written in|written in|is deployed (?:to|on|with)|are deployed (?:to|on|with)|"
                r"deployed (?:to|on|with)|deploys? (?:to|on|with|via)|is hosted (?:on|at|by|with)|are hosted (?:on|at|by|with)|"
                r"hosted (?:on|at|by|with)|host (?:it |everything |stuff |all |things )?(?:on|at|with)|hosts (?:on|at|with)|lives on|live on|sits on|"
                r"sit on|talks to|talk to|is backed by|are backed by|is powered by|are powered by|depends on|"
                r"depend on|relies on|rely on|is all in on|are all in on|is all-in on|are all-in on|standardi[sz]ed on|"
                r"have standardi[sz]ed on|went with|picked|chose|have gone with|ship (?:on|with|to|via)|ships (?:on|with|to|via)|"
                r"switched to|have switched to|moved to|have moved to|migrated to|have migrated to|upgraded to|have upgraded to|is now on|"
                r"is stuck on|are stuck on|is going (?:on|to)|are going (?:on|to)|is moving to|are moving to|"
                r"are now on|is|are|goes through|go through|go(?:es)? out (?:via|through|with|on)|(?:is|are) (?:pinned|locked) to|is managed (?:with|by)|are managed (?:with|by)|"
                r"is stored in|are stored in|stores? (?:all )?(?:our |the )?[\w-]+(?: [\w-]+)? (?:in|on)|keeps? (?:all )?(?:our |the )?[\w-]+ (?:in|on)|"
                r"deploys? (?:the|our|its) [\w-]+(?: [\w-]+)? (?:to|on)|enforces|enforce|requires|require|mandates|is linted with|"
                r"supports|support|targets|target|"
                r"writes? (?:everything |it all |all |most things |all (?:our|the|its) code |our code |code |the code )?in|"
                r"is formatted with|is tracked in|track (?:everything|things|issues|tickets|work) in|keeps? (?:everything|things|issues|tickets) in|"
                rf"(?:track|plan|document|manage|write|keep|host)s? (?:{_THEME} )?in|"
                rf"(?:ship|send|push|stream|forward|export|pipe)s? (?:{_THEME} )?to|"
                # a project chore and its tool: "we lint with ruff", "tests are run with pytest", "staging lives at …"
                r"(?:format|lint|test|bundle|package|type-?check|compile|containeri[sz]e|release|publish|build|schedule|orchestrate)s?"
                r" (?:everything |it |our code |the code |all )?(?:with|using|via|through)|test on|tests on|lives at|live at|"
                # a chore, what it acts on, and its instrument: "we deploy this service with Kubernetes"
                rf"(?:{_CHORE})(?:s|es)? (?:{_THEME} )?(?:with|using|via|through)|hosts? (?:{_THEME} )?on|(?:store|keep)s? (?:{_THEME} )?in|"
                r"(?:is|are) (?:shipped|sent|forwarded|exported|streamed|piped|pushed) to|"
                r"(?:is|are) (?:run|formatted|linted|tested|bundled|packaged|compiled|checked|type-?checked|orchestrated|scheduled|"
                r"handled|done|deployed|provisioned|managed|monitored|built|hosted|served|cached|stored|tracked|released|"
                r"published|containeri[sz]ed|generated|versioned|tagged|backed up) (?:with|by|using|via|through|on)")


def _alt(words: str) -> str:
    """Top-level alternatives longest first, so "is built with" wins over "is"."""
    parts, depth, cur = [], 0, ""
    for ch in words:
        depth += (ch == "(") - (ch == ")")
        if ch == "|" and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return "|".join(sorted((w.replace(" ", r"\s+") for w in parts), key=len, reverse=True))


def _rel(words: str) -> re.Pattern[str]:
    return re.compile(rf"^(?:{_alt(words)})\b\s*", _I)


_R_LIKE, _R_DISLIKE, _R_STOP, _R_USE, _R_LIVES = _rel(_LIKE), _rel(_DISLIKE), _rel(_STOP), _rel(_USE), _rel(_LIVES)
# what the user collects as a hobby, not a chore ("collect the kids", "collect feedback")
_R_COLLECT = re.compile(r"^(?:collect|am collecting|have been collecting|have collected|have been collecting)\s+(?!(?:the|my|our|your|his|"
                        r"her|their|it|them|this|that|these|those|some|data|feedback|payments?|money|rent|stats|metrics|logs|"
                        r"dust|points|signatures|unemployment|interest)\b)", _I)
_R_WORK, _R_HAS, _R_LEARN, _R_PROJECT = _rel(_WORK_AT), _rel(_HAS), _rel(_LEARN), _rel(_PROJECT_REL)
_R_FROM, _R_WE_LIVE = _rel(_FROM), _rel(_WE_LIVE)

# Object spans ----------------------------------------------------------------------------------
# Where an object ends: a new clause, a reason, a time, a purpose or a place the tool is used in.
_END = re.compile(
    r"\s*(?:[,;()—–]|:(?!\d)|\s-\s|\.(?:\s|$)|!|\?)|"
    r"\s+(?:and|but|so|because|cause|cuz|coz|since|when|whenever|while|as|if|though|although|which|that|who|where|"
    r"until|unless|whereas|plus|or so|for|talking|running|backed|sitting|hosted|deployed|built|written|served|"
    r"powered|lol|lmao|haha|tbh|ngl|btw|fwiw|honestly|anyway|these days|nowadays|"
    r"lately|recently|now|anymore|any more|again|already|instead|too|as well|either|forever|back (?:in|when|then)|for (?:years|ages|"
    r"a while|a bit|now|good|life|work|fun|everything|most things|all my|my|our|the|a|an|any|some|each|every|\d+|"
    r"like|about|over|almost|the past|several|many|a few|a couple|two|three|four|five|six|ten)\b|"
    r"(?:last|this|next|every) (?:week|month|year|quarter|spring|summer|fall|autumn|winter|weekend|sprint|time)|"
    rf"{AGO}|a while ago|ages ago|"
    r"in (?:the )?(?:spring|summer|fall|autumn|winter|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|\d{4})|"
    r"on (?:my|our|the|a|all|every|each|both|weekends|merges?|push(?:es)?|commits?|tags?|releases?|prs?|pull requests?)|at (?:work|home|the moment|my|our|the)|in (?:my|our|prod|production|"
    r"staging|the office|general|practice|case)|with|"
    r"if that (?:helps|matters)|in case|nothing fancy|rather than|instead of|completely|entirely|altogether|for good|"
    r"cold turkey|after|and up|and above|and later|and newer|or later|or newer|or above|full[- ]time|right now|these days|from now on|locally)\b",
    _I)
_DET = re.compile(r"^(?:(?:a|an|the|my|our|some|any|plain|good old|old|new|the new|the latest|latest|little|single|one|"
                  r"whole|entire|all of|all|mostly|just|only|pretty much|basically|like|a lot of|lots of|tons of)\s+)+", _I)
_NOT_OBJECT = re.compile(
    r"^(?:it|that|this|them|these|those|one|some|stuff|things?|everything|something|anything|nothing|what|how|"
    r"here|there|home|back|away|out|up|down|over|it all|the same|fine|ok|okay|sure|well|right|wrong|good|bad|"
    r"great|happy|sad|busy|tired|sorry|ready|done|sure|late|early|new|old|me|you|him|her|us|myself|yourself|"
    r"a bit|a lot|so much|more|less|most|least|way|time|day|week|month|year|lot|bit|while|thing|people|"
    r"person|guy|one|ones|idea|sense|point|question|problem|issue|help|advice|tips?|recommendations?|"
    r"to|for|of|in|on|at|by|with|about|like|as|from|into|onto|the|a|an|my|our|your|their|his|its)$", _I)
# A tool, language or product is named: a capital, a digit, a dot or a plus, or a known lowercase name.
_TECHY = re.compile(r"(?-i:[A-Z])|\d|\.\w|\+|#|^(?:vim|neovim|emacs|tmux|zsh|bash|fish|git|docker|linux|python|rust|go|"
                    r"golang|java|kotlin|swift|ruby|rails|django|flask|fastapi|react|vue|svelte|angular|next(?:js)?|"
                    r"node|deno|bun|postgres|postgresql|mysql|sqlite|redis|mongo|mongodb|kafka|rabbitmq|k8s|"
                    r"kubernetes|terraform|pulumi|ansible|aws|gcp|azure|heroku|vercel|netlify|render|fly|"
                    r"tailwind|bootstrap|sass|typescript|javascript|js|ts|php|perl|haskell|elixir|erlang|scala|"
                    r"clojure|julia|matlab|excel|notion|obsidian|slack|discord|jira|linear|trello|asana|figma|"
                    r"ubuntu|fedora|arch|debian|nixos|windows|macos|android|ios|chrome|firefox|safari|"
                    r"vscode|intellij|pycharm|xcode|cursor|helix|nano|markdown|latex|graphql|grpc|rest|"
                    r"celery|airflow|spark|pandas|numpy|pytorch|tensorflow|jupyter|conda|poetry|pip|npm|pnpm|"
                    r"yarn|uv|cargo|maven|gradle|bazel|make|cmake|nix|jenkins|circleci|travis|gitlab|github|"
                    r"sentry|datadog|grafana|prometheus|nginx|caddy|apache|supabase|firebase|tabs|spaces|"
                    r"sveltekit|nuxt|remix|astro|vite|webpack|esbuild|rollup|turbopack|jest|vitest|mocha|cypress|"
                    r"playwright|selenium|prisma|sequelize|typeorm|drizzle|sqlalchemy|alembic|hibernate|spring|"
                    r"laravel|symfony|express|nestjs|koa|fastify|gin|actix|axum|tokio|phoenix|dotnet|flutter|dart|"
                    r"swiftui|buildkite|teamcity|bamboo|argocd|argo|helm|kustomize|istio|envoy|traefik|haproxy|"
                    r"consul|vault|nomad|packer|vagrant|podman|k3s|minikube|eks|gke|aks|ecs|fargate|lambda|"
                    r"cloudflare|digitalocean|hetzner|linode|railway|planetscale|cockroachdb|cassandra|scylla|"
                    r"dynamodb|elasticsearch|opensearch|clickhouse|snowflake|bigquery|redshift|duckdb|dbt|"
                    r"metabase|tableau|superset|kibana|loki|jaeger|honeycomb|pagerduty|zed|sublime|eclipse|"
                    r"netbeans|rider|goland|webstorm|clion|zoom|teams|webex|pipenv|pdm|hatch|rye|mamba|ruff|"
                    r"black|flake8|pylint|mypy|pyright|eslint|prettier|biome|rubocop|gofmt|clippy|rustfmt|pytest|"
                    r"rspec|junit|gitlab ci|github actions|bitbucket|mercurial|svn|zellij|wezterm|kitty|alacritty|"
                    r"iterm2?|warp|raycast|alfred|vimwiki|logseq|todoist|things|bear|evernote|onenote|1password|"
                    r"bitwarden|lastpass|proton|protonmail|gmail|outlook|thunderbird|brave|edge|arc|vivaldi|opera|memcached|minio|nx|"
                    r"turborepo|lerna|dprint|sqs|sns|s3|gcs|kinesis|pubsub|nats|etcd|zookeeper|valkey|neon|convex|hono|bazel|buck2|"
                    r"pants|tox|nox|hypothesis|mariadb|storybook|sentry|posthog|mixpanel|segment|auth0|clerk|keycloak|okta|stripe)\b", _I)
_MAX_WORDS = 5
# what one is "on" or "runs on" that is no tool: "I'm on vacation in Bali", "on a diet", "on my way", "on call"
_NOT_A_TOOL = re.compile(r"^(?:vacation|holiday|leave|break|trip|call|duty|the way|my way|(?:a\s+)?diet|a date|the phone|a plane|a train|"
                         r"a flight|the road|meds|medication|antibiotics|coffee|caffeine|fumes|no sleep|autopilot|a roll|fire|"
                         r"the fence|board|track|time|schedule|shift|the clock|maternity leave|paternity leave|sick leave)\b|"
                         # a numbered place in something: "(I'm stuck on) step 4", "(I'm on) day 3 of my diet"
                         r"^(?:step|level|chapter|page|part|question|problem|exercise|lesson|day|week|stage|phase|round|episode|"
                         r"season|unit|section|task|item|line|slide|draft|attempt|try|rep|set|lap|mile|km)\s+#?\d", _I)
# an amount, not a name: "(I run) about 30km a week", "5 miles a day"
_MEASURE = re.compile(r"^(?:about|around|roughly|like|over|under|almost|nearly|maybe)?\s*\d[\d.,]*\s*(?:k|km|kms|miles?|mi|hours?|hrs?|h|"
                      r"minutes?|mins?|times?|days?|kg|lbs?|pounds|reps|sets|steps|laps)\b", _I)
# a stay, not a home: "(I'm in) Lisbon this week for a conference", "… for the weekend", "… on a trip"
_VISIT = re.compile(r"^.{1,40}?\s+(?:this|for the|for a|next)\s+(?:week|weekend|month|few days|couple of days|conference|trip|"
                    r"holiday|vacation|visit|wedding|meeting|workshop)\b|^.{1,40}?\s+(?:on|for)\s+(?:a\s+|an\s+)?(?:trip|vacation|holiday|"
                    r"business|work trip|business trip|conference)\b|^.{1,40}?\s+(?:visiting|until)\b", _I)


def not_a_tool(name: str) -> bool:
    """What one is "on" that is no tool: "vacation", "a diet", "call"."""
    return bool(_NOT_A_TOOL.match(name.strip()))


def is_tool_name(name: str) -> bool:
    """A known tool, language or product by its lowercase name ("Helix", "Rust"), or one by shape ("k3s")."""
    return bool(re.search(r"\d|\.\w|\+|#|(?-i:[a-z][A-Z])", name) or _TECHY.search(name.lower()))
# After a bare "is" the object must be a name, not an amount or a description ("we're like 12 people").
_NAME = re.compile(r"^(?-i:[A-Z])|^(?!(?:\d+|one|two|three|four|five|ten)\b)\S*[.+#](?:\S|$)|" + _TECHY.pattern.split("|^", 1)[1].join(["^", ""])
                   + r"(?!.*\b(?:people|persons?|folks|devs|developers|engineers|members|guys|team|startup)\b)", _I)


def _object(text: str) -> tuple[str, str]:
    """(the object span at the head of `text`, the rest after it)."""
    m = _END.search(text)
    head, rest = (text[: m.start()], text[m.start():]) if m else (text, "")
    head = _DET.sub("", clean_object(head)).strip()
    return head, rest


def _residence(text: str, verb: str, *, personal: bool = False) -> str:
    """The place after a residence verb: "Lyon", "a small flat in Lyon" → "Lyon", "" when it is no place."""
    obj, after = _object(text)
    if is_place(obj) or unlisted_place(obj, after, verb, personal=personal):
        return obj
    inner = re.match(r"^(?:an?|the|my|our)\s+[\w -]{1,30}?\s+(?:in|near|outside(?: of)?)\s+(?P<p>.+)$", text, _I)
    if inner:
        obj, after = _object(inner.group("p"))
        if is_place(obj) or unlisted_place(obj, after, "based"):
            return obj
    return ""


def object_span(text: str) -> str:
    """The object at the head of `text`, without the clause, time or place after it.

    >>> object_span("Eclipse at work"), object_span("postgres 15 a couple months ago")
    ('Eclipse', 'postgres 15')
    """
    m = _END.search(text)
    head = text[: m.start()] if m else text
    return re.sub(r"^(?:an?|the)\s+", "", clean_object(head), flags=_I).strip()


def _valid(obj: str, *, techy: bool = False) -> bool:
    if not obj or len(obj.split()) > _MAX_WORDS or len(obj) > 48 or _NOT_OBJECT.match(obj) or _MEASURE.match(obj):
        return False
    if re.search(r"\b(?:i|i'm|we|you|he|she|they|is|are|was|were|be|been|do|does|did|can|will|would|should)\b", obj, _I):
        return False  # a verb or a pronoun inside: a clause, not a name
    return bool(_TECHY.search(obj)) if techy else True


def _expand(text: str) -> str:
    text = _OWNER_S.sub(r"\1s ", text)  # "the team's database is Postgres": a possessive, not "team is"
    text = re.sub(r"(?<!\S)w/\s*(?=\w)", "with ", text, flags=_I)  # "a monorepo w/ pnpm workspaces"
    text = re.sub(r"(?<=\w)('m|'re|'ve|'s|'d)\b", lambda m: _CONTRACT[m.group(1).lower()], text)
    return re.sub(r"\s+", " ", text).strip()


_LEAD = re.compile(r"^(?:(?:so|ok(?:ay)?|yeah|yep|well|oh|hey|btw|fyi|fwiw|tbh|ngl|honestly|basically|anyway|also|and|"
                   r"plus|lol|haha|ugh|um|uh|hmm|for context|for the record|just so you know|just fyi|random but|"
                   r"quick context|not sure if (?:it|this) matters but|if it helps|in case it matters|as you know|"
                   r"like|right|see|look|personally)\s*[,:—–-]?\s*)+", _I)


def read(clause: str) -> list[Claim]:
    """Claims of one English clause by its parts, or [] when it does not read as holder + relation + object."""
    text = _expand(_LEAD.sub("", quoted.strip_closed(clause, " \t\"'“”.,;:!?—–-")))
    h = HOLDER.match(text)
    if not h:
        return []
    rest = text[h.end():].strip()
    if h.group("user"):
        return _user(rest, household=h.group("user").lower().startswith(("my", "our")))
    if h.group("thing"):
        return _thing(rest)
    out = _project(rest, named=not h.group("project").lower().startswith("we"))
    if not out and (short := _SHORT_HOLDER.match(text)) and short.end() < h.end():
        # "our builds deploy via Jenkins": the holder's modifier slot took the noun, its verb read as the noun
        out = _project(text[short.end():].strip(), named=True)
    return out


def _user(rest: str, *, household: bool = False) -> list[Claim]:
    rest = _BE_ADVERB.sub(r"\1 ", rest)
    rest = re.sub(r"^(?:have\s+been|am|have)\s+(?=(?:" + _alt("using|learning|studying|living in|coding in|running") + r")\b)",
                  lambda m: "am " if not m.group(0).startswith("have been") else "have been ", rest, flags=_I)
    rest = _ADVERB.sub("", rest)
    if re.match(r"^used to\b", rest, _I):  # a past value: the phrasing rules pair it with the current one
        return []
    neg = _NEG.match(rest)
    if neg:
        rest = ("am " if re.match(r"^am\s+no longer", neg.group(0), _I) else "") + _ADVERB.sub("", rest[neg.end():])
        rest = re.sub(r"^(?:do|does|am|is|are)\s+", lambda m: m.group(0) if rest.lower().startswith("am ") else "", rest,
                      flags=_I)
    if (m := _R_DISLIKE.match(rest)):
        return _one("user", "prefers", rest[m.end():], "positive" if neg else "negative", "preference")
    if (m := _R_COLLECT.match(rest)) and not neg:  # "I collect vinyl": a liking, said as what the user gathers
        return [replace(c, verb="collects") for c in _one("user", "prefers", rest[m.end():], kind="preference")]
    if (m := _R_LIKE.match(rest)):
        if neg and re.match(r"^did", neg.group(0), _I) and re.match(r"^(?:the|that|this|those|these|your)\s", rest[m.end():], _I):
            return []  # "I didn't like the last answer": one thing, once, not a standing taste
        return _one("user", "prefers", rest[m.end():], "negative" if neg else "positive", "preference")
    if (m := _R_STOP.match(rest)) and not neg:
        return _stopped(rest[m.end():], quit_habit=bool(re.match(r"^(?:(?:have\s+)?(?:quit|stopped|cut out)|gave up|have given up)\s+(?!using\b)", m.group(0) + " ", _I)))
    if neg and (m := _R_HAS.match(rest)):  # "I don't own a car": the user has none
        return [Claim(c.subject, c.predicate, c.object, "negative", c.kind) for c in _has(rest[m.end():], negated=True)]
    if (m := _R_LEARN.match(rest)) and not neg:
        return _one("user", "learning", rest[m.end():], kind="task_state")
    if (m := _R_WORK.match(rest)) and not neg:
        obj, after = _object(rest[m.end():])
        out = _one("user", "works_at", obj, kind="identity") if obj[:1].isupper() else []
        if out and (role := re.match(r"^\s+as\s+(?:an?\s+)?(?P<r>[\w -]{2,40}?)(?:$|[,.]|\s+(?:and|but|so)\b)", after, _I)):
            out += _one("user", "role", role.group("r"), kind="identity")
        return out
    if (m := re.match(r"^(?:work|am working)\s+(?:remotely\s+)?in\s+", rest, _I)) and not neg and (place := _residence(rest[m.end():], "based")) \
            and is_place(place):
        return _one("user", "works_in", place, kind="identity")  # "I work in San Diego" (not "I work in Python")
    if (m := _R_FROM.match(rest)) and not neg:
        obj, after = _object(rest[m.end():])
        if is_place(obj) or unlisted_place(obj, after, m.group(0)):
            return _one("user", "from", obj, kind="identity")
    if (m := re.match(r"^(?:just\s+)?(?:bought|have bought|purchased|closed on)\s+(?:a|our|my|the)\s+(?:first\s+|new\s+)?"
                      r"(?:house|home|flat|apartment|condo|place)\s+(?:in|near)\s+", rest, _I)) and not neg and \
            household and (place := _residence(rest[m.end():], "based")):
        return _one("user", "lives_in", place, kind="identity")  # "my partner and I just bought a house in Leeds": a home
    if (m := _R_LIVES.match(rest)) and not neg and not (m.group(0).lower().startswith("am") and _VISIT.match(rest[m.end():])):
        if (place := _residence(rest[m.end():], m.group(0), personal=True)):
            return _one("user", "lives_in", place, kind="identity")
    if (m := _R_USE.match(rest)):
        obj, after = _object(rest[m.end():])
        if is_place(obj) or _NOT_A_TOOL.match(obj):
            return []
        if (swap := re.match(r"^\s+for\s+(?:an?\s+)?(?P<o>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)", after)) and \
                re.match(r"^(?:ditched|dropped|left|quit)", rest, _I):
            obj = swap.group("o")
        return _one("user", "uses", obj, "negative" if neg else "positive", techy=True)
    if (m := _R_HAS.match(rest)) and not neg:
        return _has(rest[m.end():])
    return []


def _stopped(text: str, *, quit_habit: bool = False) -> list[Claim]:
    """"ditched Windows for Ubuntu" → Ubuntu (replacing Windows); "quit Twitter" → Twitter, negative."""
    obj, after = _object(text)
    # "ditched Windows for Ubuntu", "quit Vim and use Emacs now": the value taken up instead
    swap = re.match(r"^\s+(?:for|in favou?r of)\s+(?P<o>.+)$|^\s*,?\s+(?:and\s+)?(?:now\s+)?(?:i\s+)?(?:now\s+)?(?:use|am using|'m using|"
                    r"switched to|moved to|went (?:back )?to|picked up|started using)\s+(?P<o2>.+)$", after, _I)
    if not swap and re.match(r"^(?:my|our)\s", text, _I):
        return []  # "ditched my old MacBook (and got a ThinkPad)": a thing replaced, not a tool given up
    if swap:
        new, _ = _object(swap.group("o") or swap.group("o2"))
        out = _one("user", "uses", new, techy=True)
        for c in out:
            c.replaces.append(obj)
        return out
    if quit_habit and not _TECHY.search(obj) and not re.search(r"ing$|^(?:using|my|our|the|it|that|this|them|work|job)\b", obj, _I) \
            and not re.match(r"^\s*(?:the|a|an|my|our|his|her|their|\w+ing)\b", text, _I) \
            or quit_habit and re.fullmatch(chat14_en.HABITS, obj, _I):
        return _one("user", "diet", obj, "negative", "identity")  # "I quit coffee", "gave up sugar": no longer consumed
    return _one("user", "uses", obj, "negative", techy=True)


def _has(text: str, *, negated: bool = False) -> list[Claim]:
    """"two kids and a cat": one possession per conjunct, each with a count or an article (the count kept:
    "two kids"); `negated` ("don't own a car") also takes "any"."""
    text = re.split(r"\s+(?:so|because|but|which|that|who|lol|haha)\b|[,;.!?]", text, maxsplit=1)[0]
    parts = re.split(r"\s+and\s+|\s*&\s*", text)
    out: list[Claim] = []
    for part in parts:
        m = re.match(r"^(?:(?:a|an|one|some|a couple of|any)\s+|(?P<n>(?:two|three|four|five|six|\d+|twin)\s+))(?P<o>[\w -]{2,30})$",
                     part.strip(), _I)
        article = re.match(r"^(?:a|an|any)\s", part.strip(), _I)
        if m and (not article if negated else part.strip().lower().startswith("any ")):
            m = None  # "don't have two cars" is not "has none"; "any" is only said of what one lacks
        if not m or re.match(r"^(?:question|problem|issue|meeting|idea|call|minute|moment|second|bug|error|doubt|"
                             r"feeling|suggestion|request|favou?r|chance|deadline|few|lot|bit|couple|hard time|"
                             r"good time|way|thing|day|week|habit|tendency|headache|cold|fever|flu|cough|hangover|migraine)s?\b", m.group("o"), _I):
            return out if out else []
        obj = re.sub(r"\s+(?:named|called)\s+.*$", "", m.group("o"), flags=_I)
        out += _one("user", "has", f"{m.group('n') or ''}{obj}")
    return out


def _thing(rest: str) -> list[Claim]:
    """"my laptop is a ThinkPad running NixOS", "my editor is Helix": the tools the user is on."""
    m = re.match(r"^(?:is|runs|is running|has)\s+(?:an?\s+)?(?P<o>.+?)(?:\s+(?:running|with|on)\s+(?P<os>.+))?$", rest, _I)
    if not m:
        return []
    out: list[Claim] = []
    for part in (m.group("o"), m.group("os")):
        if part:
            obj, _ = _object(part)
            out += _one("user", "uses", obj, techy=True)
    return out


# what a project no longer does with a tool: "we no longer use Jenkins", "our team doesn't write Java anymore"
_STOPPED_VERB = r"use|run on|deploy (?:to|on|with)|rely on|depend on|write|code in|build (?:with|on)|develop in|ship with"


def _project(rest: str, *, named: bool = False) -> list[Claim]:
    """`named`: the holder is the project itself ("this repo"), not "we" (whose "we don't use X" may be a request)."""
    rest = _BE_ADVERB.sub(r"\1 ", _ADVERB.sub("", rest))
    rest = re.sub(r"^gets?\s+(?=\w+ed\s+(?:to|on|with|by|using|via|through|in)\b)", "is ", rest, flags=_I)  # "gets deployed to"
    if (m := _R_WE_LIVE.match(rest)) and (place := _residence(rest[m.end():], m.group(0))):
        return _one("user", "lives_in", place, kind="identity")  # a household "we": where the user lives
    neg = _NEG.match(rest)
    if neg:
        # "we no longer use Jenkins", "the repo doesn't use Docker anymore": a stated change, the tool named
        after = rest[neg.end():]
        if re.match(rf"^(?:no longer|(?:do|does) not|don'?t|doesn'?t)\s+(?:{_STOPPED_VERB})\b", rest, _I) \
                and (re.match(r"^no longer\b", rest, _I) or re.search(r"\b(?:anymore|any more|these days|now)\b", after, _I)):
            uses = re.match(rf"^(?:{_STOPPED_VERB})\s+", re.sub(r"^(?:do|does)\s+", "", after, flags=_I), _I)
            if uses:
                return _one("project", "uses", re.sub(r"^(?:do|does)\s+", "", after, flags=_I)[uses.end():], "negative", techy=True)
        team_place = re.search(r"\s(?:on|in|at)\s+(?:this|our|the)\s+(?:team|repo|repository|codebase|project|company|service|stack)\b|"
                               r"\s(?:at work|in prod(?:uction)?|here)\b", rest, _I)
        if (named or team_place) and (uses := re.match(r"^(?:(?:do|does) not|don'?t|doesn'?t)\s+use\s+", rest, _I)):
            # "this repo doesn't use Docker": a fact; "we don't use mocks on this team": the place names the team
            return _one("project", "uses", re.sub(r"\s+here\b.*$", "", rest[uses.end():], flags=_I), "negative", techy=not team_place)
        return []  # "we don't use Docker" (a convention or a request?) is left to the phrasing rules
    if (m := _R_STOP.match(rest)):
        obj, after = _object(rest[m.end():])
        tail = re.match(r"^\s*(?:,|and|so)?\s*(?:now\s+)?(?:everything|it|we)(?:\s+is|\s+are|'s)?\s+(?:all\s+)?(?:now\s+)?"
                        r"(?:on|in|moved to|running on)\s+(?P<o>.+)$", after, _I)
        return _project_claims(tail.group("o")) if tail else dropped_en.given_up(rest)
    if (m := _R_LIKE.match(rest)):
        return _project_claims(rest[m.end():])
    m = _R_PROJECT.match(rest)
    if not m or _EACH_OTHER.match(rest[m.end():]):  # "our services talk to each other over gRPC"
        return _instrument(rest)
    verb, obj_text = re.sub(r"\s+", " ", m.group(0).strip().lower()), rest[m.end():]
    if re.match(r"^(?:enforc|requir|mandat)", verb):  # "the repo enforces black formatting": a convention, any name
        return _one("project", "uses", obj_text)
    said = re.match(r"^\S+\s+(?P<th>.+?)\s+(?:with|using|via|through)\s*$", rest[: m.end()], _I)
    if said and is_tool_name(said.group("th")) and not is_tool_name(_object(obj_text)[0]):
        obj_text = said.group("th")  # "our crates run clippy with pedantic lints": the tool is what they run
    if verb in ("is", "are"):
        # "our CI is CircleCI", "the app is a Flutter client talking to a Firebase backend"
        obj_text = re.sub(r"^(?:an?|the)\s+", "", obj_text, flags=_I)
        # "our repo is a monorepo with pnpm workspaces", "our tests are in vitest": the tool after the kind / "in"
        if (kind := _KIND_WITH.match(obj_text)) and not is_place(tool := _object(obj_text[kind.end():])[0]) and (
                is_tool_name(tool) or not kind.group(0).strip().lower().endswith("in")):  # not "(the scheduler is) in UTC"
            obj_text = obj_text[kind.end():]
        return _project_claims(obj_text, strict=True) or _instrument(rest)  # "(we) are paged through Opsgenie"
    return _project_claims(obj_text) or _instrument(rest)  # "we generate the changelog with release-please"


# a name with its kind after it: "the chi router", "the Prisma ORM"
_KIND_AFTER = re.compile(r"^(?:the\s+)?(?P<n>[\w.+#-]+)\s+(?:router|orm|framework|library|lib|sdk|driver|plugin|bundler|runtime|"
                         r"package|client|toolkit|engine)$", _I)
_COMPOUND = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$")
_EACH_OTHER = re.compile(r"^(?:each other|one another)\b", _I)


def _instrument(rest: str) -> list[Claim]:
    """"we log with Winston", "we get paged through Opsgenie": the tool of what the project does (`instrument_en`)."""
    if not (found := instrument_en.read(rest)):
        return []
    chore, tail = found
    obj = _headless(_object(tail)[0])
    if chore and _COMPOUND.match(obj):  # "with release-please", "with lint-staged": a tool by its shape after a chore
        return [Claim("project", "uses", obj, "positive", "fact")]
    if not _valid(obj, techy=True) or not (chore or is_tool_name(obj)):
        return []
    return _project_claims(tail)


_STACK_HEAD = re.compile(r"\s+(?:client|frontend|front end|backend|back end|app|application|service|api|database|db|box|vm|droplet|"
                         r"server|cluster|monorepo|monolith|site|website|cli|library|bot|spa|worker|shop|stack|setup|"
                         r"instance|project|codebase|pipeline)$", _I)
# a name whose last word is capitalised like the words before it: "React Testing Library", "Cloud Run Service"
_TITLED = re.compile(r"(?-i:[A-Z])[\w.+#-]*\s+(?-i:[A-Z])[a-z]+$")


def _headless(obj: str) -> str:
    """`obj` without the kind noun after its name ("the Flask app" → Flask), unless the noun is part of the name."""
    return obj if _TITLED.search(obj) else _STACK_HEAD.sub("", obj)


_CONTINUE = re.compile(r"^\s*(?:,\s*)?(?:and|with|plus|&|,)\s+(?:(?:is|are|it's)\s+)?(?:(?:also|then)\s+)?", _I)
_NEXT_PART = re.compile(r"^\s*(?:,\s*)?(?:and\s+|but\s+)?(?P<h>(?:the|our|this)\s+(?:" + _PROJECT_NOUN + r")\b.*)$", _I)


_KIND_WITH = re.compile(rf"^(?:(?:{_PROJECT_NOUN}|monolith|workspace)\s+(?:with|using|built (?:with|on)|powered by|on top of)|"
                        r"(?:written\s+|all\s+)?in)\s+(?=\S)", _I)


def _project_claims(text: str, *, strict: bool = False) -> list[Claim]:
    """Tools named after a project relation, following "and"/"with" conjuncts and later project clauses."""
    out: list[Claim] = []
    loose = False  # "Prettier with single quotes": a setting after "with" need not be a name
    for _ in range(4):
        obj, rest = _object(text)
        obj = _headless(obj)
        if (kind := _KIND_AFTER.match(obj)):  # "(Go with) the chi router": the name its kind follows
            obj, loose = kind.group("n"), True
        if not (_valid(obj, techy=True) or (loose and _valid(obj) and len(obj.split()) <= 3)) or (
                strict and not loose and not _NAME.search(obj)):
            break
        pred = "package_manager" if obj.split(" ")[0].lower() in PACKAGE_MANAGERS else "uses"
        out.append(Claim("project", pred, obj, "positive", "fact"))
        # "Terraform for infra and GitHub Actions for CI": the tool's job is not the end of the list
        rest = re.sub(r"^\s+for\s+(?:the\s+|our\s+|all\s+)?[\w-]+(?:\s+[\w-]+)?(?=\s*(?:,|and\b|&|plus\b))", "", rest, flags=_I)
        talk = re.match(r"^\s+(?:talking to|backed by|on top of|running on|that talks to|in front of|behind|on)\s+"
                        r"(?:an?\s+|the\s+)?(?P<o>.+)$", rest, _I)
        if talk:
            text = talk.group("o")
            continue
        if (nxt := _NEXT_PART.match(rest)):
            out += read(nxt.group("h"))
            break
        cont = _CONTINUE.match(rest)
        if not cont:
            break
        after = rest[cont.end():]
        loose = bool(re.match(r"^\s*with\b", rest, _I)) and not strict
        verb = _R_PROJECT.match(after)
        text = after[verb.end():] if verb and verb.group(0).strip().lower() not in ("is", "are") else after
        strict = True
    return out


def _one(subject: str, predicate: str, text: str, polarity: str = "positive", kind: str = "fact", *,
         techy: bool = False) -> list[Claim]:
    obj, _ = _object(text)
    return [Claim(subject, predicate, obj, polarity, kind)] if _valid(obj, techy=techy) else []
