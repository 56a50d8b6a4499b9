"""Categories of values: attributes whose values are a known vocabulary (zh + en), so that a question naming
the attribute ("Which package manager does this project use?", "我们用什么数据库？") finds a memory naming only
the value («Project uses yarn»: yarn is a package manager, Postgres a database, Helix an editor).

A category is named by its words (English: whole words, a plural "s" allowed; Chinese: substrings) and held
by a memory whose predicate is the category's, or whose object or text names one of its values (whole words,
casefolded) or the category itself ("dark mode in editors"). Values that are everyday words ("oracle",
"railway", "atom") are left out: a value must name the category on its own.

Example:
    >>> asked_categories("Which package manager does this project use?"), asked_categories("编辑器用的是哪个")
    ({'package_manager'}, {'editor'})
    >>> value_categories("Project uses yarn"), value_categories("项目使用MySQL"), value_categories("User lives in Oslo")
    ({'package_manager'}, {'database'}, set())
    >>> asks_for_value("What database do we use?", "database"), asks_for_value("Why is the database slow?", "database")
    (True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .equivalents import ATTRIBUTES, KIN, name_predicate, predicate_family


@dataclass(frozen=True)
class Category:
    """One attribute with a known vocabulary of values."""

    words: tuple[str, ...]  # English words or phrases naming the attribute
    words_zh: tuple[str, ...]  # Chinese words naming it
    predicates: frozenset[str]  # predicates whose memories hold it
    values: tuple[str, ...]  # its values, casefolded
    question: str = ""  # a personal attribute (no vocabulary): asked only by a question of this shape


# Personal one-value attributes have no vocabulary of values (any city, any employer): a question of their
# shape reaches the memories of their predicates in either language ("Where do I live now?" → «用户住在杭州»).
_PERSONAL: dict[str, Category] = {
    "residence": Category((), (), frozenset({"lives_in"}), (), question=(
        r"\bwhere\b[^?.!]{0,24}\b(?:do|did|does|am|was|have|had|will)\s+(?:i|we)\b[^?.!]{0,16}?"
        r"\b(?:live|living|lived|stay|staying|based|reside|residing)\b|\bwhere(?:'s|\s+is)\s+my\s+(?:home|place)\b|"
        r"\b(?:what|which)\s+(?:city|town|country|place|part\s+of\s+\w+)\b[^?.!]{0,20}\b(?:i|we)\b[^?.!]{0,8}?"
        r"\b(?:live|lived|living)\b|"
        r"\bwhere\s+(?:i|we)\s+(?:live|lived|used\s+to\s+live|am\s+living|was\s+living)\b(?=[^.!]*\?)|"
        r"我们?(?:现在|目前|之前|以前|原来|过去|曾经)?(?:是)?住(?:在)?(?:哪|什么地方|哪个城市|何处)|"
        r"我们?(?:现在|目前|之前|以前|原来)?(?:在)?哪(?:个城市|里|儿)住|我们?家(?:现在|以前)?在哪|"
        # a question about the move itself: "When did I move?", "How long ago did we relocate?", "我什么时候搬的家？"
        r"\b(?:when|how\s+long\s+ago)\s+did\s+(?:i|we)\s+(?:move|relocate)\b|我们?(?:是)?(?:什么时候|哪年|几月|多久以前)搬(?:的)?(?:家|过来|过去|到|去)")),
    "employer": Category((), (), frozenset({"works_at", "works_in"}), (), question=(
        r"\bwhere\s+(?:do|did|does|am|was|have)\s+i\s+(?:\w+\s+)?(?:work|working|worked|employed)\b|"
        r"\bwho\s+(?:do|did|am|was)\s+i\s+(?:\w+\s+)?work(?:ing)?\s+for\b|"
        r"\bwhat\s+(?:company|firm|employer)\b[^?.!]{0,20}\bi\s+(?:work|worked|working)\b|"
        r"\b(?:who|what)(?:'s|\s+is|\s+was)\s+my\s+(?:employer|company)\b|"
        r"\bmy\s+(?:current\s+|old\s+|last\s+|previous\s+)?(?:job|employer|workplace)\b(?=[^.!]*\?)|"
        r"我(?:现在|目前|之前|以前|原来|过去|曾经)?在(?:哪|什么公司|哪家公司|哪个公司|什么地方)(?:里|儿)?(?:上班|工作|就职|任职)|"
        r"我(?:的)?(?:公司|东家|单位|雇主)(?:现在|以前|之前)?(?:是|叫)(?:哪|什么|啥)|"
        # the change of job itself: "When did I switch jobs?", "我什么时候换的工作？"
        r"\b(?:when|how\s+long\s+ago)\s+did\s+i\s+(?:switch|change|start|leave|quit)\s+(?:my\s+)?(?:jobs?|employers?|companies)\b|"
        r"我(?:是)?(?:什么时候|哪年|几月|多久以前)(?:换(?:的)?工作|跳(?:的)?槽|入(?:的)?职|离(?:的)?职)")),
    "occupation": Category((), (), frozenset({"role"}), (), question=(
        r"\bwhat(?:'s|\s+is|\s+was)\s+my\s+(?:current\s+|old\s+|last\s+|previous\s+)?(?:job|occupation|profession|"
        r"line\s+of\s+work|job\s+title|career)\b|"
        r"\bmy\s+(?:current\s+|old\s+|last\s+|previous\s+)?(?:job|occupation|profession|line\s+of\s+work|job\s+title|"
        r"career)\b(?=[^.!]*\?)|"
        r"\bwhat\s+(?:do|did)\s+i\s+do\s+for\s+(?:a\s+)?(?:living|work|job)\b|"
        r"\bwhat\s+(?:do|did)\s+i\s+work\s+as\b|\bwhat\s+(?:am|was)\s+i\s+(?:working|employed)\s+as\b|"
        r"我(?:现在|目前|之前|以前|原来|过去|曾经)?(?:是)?(?:做|干|从事)(?:什么|啥)(?:工作|职业|行业)?的?|"
        r"我(?:的)?(?:工作|职业|岗位|职位)(?:现在|以前|之前|原来)?(?:是)?(?:什么|啥)|我(?:是)?(?:什么|哪个|啥)职业")),
    "allergy": Category((), (), frozenset({"allergy"}), (), question=(
        r"\bwhat\s+(?:am|was|is|are)\s+(?:i|we|my\s+\w+)\s+allergic\s+to\b|\b(?:am|are|was)\s+(?:i|we)\s+allergic\s+to\b|"
        r"\bwhat(?:'s|\s+are|\s+is|\s+were)\s+my\s+(?:food\s+)?allerg(?:y|ies)\b|\bdo\s+i\s+have\s+(?:any\s+)?(?:food\s+)?allergies\b|"
        r"我(?:对)?(?:什么|啥|哪些|哪种)(?:东西|食物)?过敏|我(?:有)?(?:什么|啥|哪些)(?:东西)?过敏|"
        r"我(?:的)?过敏(?:源|的东西)?(?:是|有)(?:什么|啥|哪些)|我对[^，,。？?]{1,12}过敏吗|我(?:有没有|有)过敏")),
    # what the user eats or may not: a diet or an allergy answers "what can't I eat?" / "我有什么忌口？"
    "diet": Category((), (), frozenset({"diet", "allergy"}), (), question=(
        r"\bwhat(?:'s|\s+is|\s+are)\s+my\s+(?:diet|dietary\s+\w+|food\s+restrictions?)\b|"
        r"\b(?:do\s+i\s+have|have\s+i\s+got)\s+(?:any\s+)?(?:dietary|diet|food)\s+(?:restrictions?|requirements|needs)\b|"
        r"\bwhat\s+(?:can't|cannot|can\s+not|don't|do\s+not|shouldn't|mustn't|can|do)\s+i\s+(?:not\s+)?eat\b|"
        r"\bis\s+there\s+anything\s+i\s+(?:can't|cannot|don't|shouldn't)\s+eat\b|"
        r"\b(?:am|was)\s+i\s+(?:a\s+)?(?:vegetarian|vegan|pescatarian)\b|"
        r"我(?:的)?饮食(?:上|方面)?(?:有|是)?(?:什么|啥|哪些)|我(?:有)?(?:什么|啥|哪些)(?:饮食)?(?:忌口|禁忌)|忌口(?:是|有)(?:什么|啥|哪些)|"
        r"我(?:有)?(?:什么|啥|哪些)(?:东西|食物)?不(?:能|可以)?吃|我不(?:能|可以)?吃(?:什么|啥|哪些)|"
        r"我(?:能|可以)吃(?:什么|啥|哪些)|我(?:吃素|是素食(?:者|主义者)?)(?:吗|么|不)|我是不是(?:吃素|素食)")),
    "hometown": Category((), (), frozenset({"from"}), (), question=(
        r"\bwhere\s+(?:am|was|is)\s+(?:i|my\s+family)\s+(?:originally\s+)?from\b|"
        r"\b(?:what|where)(?:'s|\s+is)\s+my\s+home\s*town\b|"
        r"我(?:是)?(?:从)?哪(?:里|儿)?(?:人|来的)|我(?:的)?老家(?:是|在)?(?:哪|什么地方)")),
}



def _kin_name_category(row: tuple[str, ...]) -> Category:
    """A relative's or pet's name (`equivalents.KIN`): "What's my dog's name?" / "我的狗叫什么名字" reaches
    «User's dog is called Rex» and «用户的狗叫旺财», each stored under its language's predicate."""
    en = "|".join(sorted((re.escape(w) for w in row if w.isascii()), key=len, reverse=True))
    zh = "|".join(sorted((w for w in row if not w.isascii()), key=len, reverse=True))
    return Category((), (), frozenset(predicate_family(name_predicate(row[0]))), (), question=(
        rf"\bwhat(?:'s|\s+is|\s+was)\s+(?:the\s+name\s+of\s+)?my\s+(?:{en})(?:'s)?\s+(?:name|called)\b|"
        rf"\bwhat\s+(?:is|was|are)\s+my\s+(?:{en})s?\s+called\b|\bwhat\s+did\s+(?:i|we)\s+(?:name|call)\s+(?:my|our)\s+(?:{en})\b|"
        rf"\bmy\s+(?:{en})(?:'s)?\s+name\b(?=[^.!]*\?)|"
        rf"我(?:的|家)?(?:{zh})的?(?:名字)?(?:叫|是)(?:什么|啥)|我(?:的|家)?(?:{zh})的?名字"))


def _attribute_category(row: tuple[str, ...]) -> Category:
    """An open attribute said in either language (`equivalents.ATTRIBUTES`): "我以前开什么车？" / "What's my blood
    type?" reach «User's car: BYD» (`attr:car`) and «用户的血型：O型» (`attr:血型`), each stored under its language's key."""
    en = "|".join(sorted((re.escape(w.replace("_", " ")) for w in row if w.isascii()), key=len, reverse=True))
    zh = "|".join(sorted((w for w in row if not w.isascii()), key=len, reverse=True))
    owner = r"(?:my|our|the\s+project's|our\s+project's|this\s+project's|the\s+repo's)"
    return Category((), (), frozenset({f"attr:{w}" for w in row} | set(predicate_family(f"attr:{row[0]}"))), (), question=(
        rf"\b(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|brand\s+of\s+|model\s+of\s+)?(?:{en})s?\b[^.!?]{{0,30}}\b(?:i|we)\b|"
        rf"\b(?:what|which|who|where|when|how\s+\w+)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+{owner}\s+"
        rf"(?:current\s+|old\s+|previous\s+|last\s+)?(?:{en})s?\b|"
        rf"\b{owner}\s+(?:{en})\b(?=[^.!]*\?)|"
        rf"我们?[^，,。？?]{{0,8}}(?:什么|啥|哪个|哪款|哪种|哪辆|哪部|哪台)(?:牌子的?)?(?:{zh})|"
        rf"我们?的?(?:{zh})[^，,。？?]{{0,6}}(?:什么|啥|哪|几|谁|多少)|"
        rf"(?:项目|仓库|服务)(?:的)?(?:{zh})(?:现在|目前)?(?:是|在|叫)?(?:什么|啥|哪|谁|多少|几)"))


#: What the user drinks: a question of its shape ("What do I usually drink?", "我平时爱喝什么？") reaches the memories
#: naming a drink ("User likes espresso", "用户喜欢龙井茶"); an allergy or a diet naming one is not an answer.
_DRINK = Category((), (), frozenset({"drinks", "attr:drink", "attr:饮料"}), (
    "coffee", "espresso", "latte", "cappuccino", "americano", "mocha", "tea", "green tea", "black tea", "oolong", "matcha",
    "chai", "beer", "wine", "whisky", "whiskey", "sake", "cider", "juice", "smoothie", "soda", "cola", "kombucha",
    "lemonade", "hot chocolate", "咖啡", "拿铁", "美式", "茶", "奶茶", "啤酒", "红酒", "葡萄酒", "白酒", "黄酒", "清酒", "果汁",
    "豆浆", "可乐", "汽水", "气泡水", "酸梅汤"), question=(
    r"\b(?:what|which)\b[^?.!]{0,30}\b(?:i|we)\b[^?.!]{0,24}\b(?:drink|drinking|drank|sip)\b|"
    r"\b(?:what|which)(?:'s|\s+is|\s+are)?\s+(?:my\s+)?(?:favou?rite\s+|usual\s+|go-to\s+)?(?:drink|beverage)s?\b[^.!]*\b(?:i|my)\b|"
    r"\bmy\s+(?:favou?rite\s+|usual\s+|go-to\s+)?(?:drink|beverage)s?\b(?=[^.!]*\?)|"
    r"我们?[^，,。？?]{0,6}喝(?:点)?(?:什么|啥|哪种|哪些)|我们?[^，,。？?]{0,6}(?:什么|啥|哪种|哪些)(?:饮料|饮品|酒|茶|咖啡)|"
    r"我们?(?:最)?(?:喜欢|爱)的?(?:饮料|饮品)"))
_NOT_DRINKS = frozenset({"allergy", "diet"})  # "I'm allergic to milk" names a drink and says nothing of what they drink


CATEGORIES: dict[str, Category] = {
    "package_manager": Category(
        ("package manager", "pkg manager", "dependency manager"), ("包管理",), frozenset({"package_manager"}),
        tuple("npm pnpm yarn bun uv poetry pip pipenv conda pdm hatch cargo maven gradle composer bundler "
              "rubygems nuget homebrew".split())),
    "database": Category(
        ("database", "db", "datastore", "data store"), ("数据库",), frozenset({"database", "attr:database", "attr:db"}),
        ("postgres", "postgresql", "mysql", "mariadb", "sqlite", "mongodb", "mongo", "redis", "dynamodb", "cassandra",
         "cockroachdb", "clickhouse", "duckdb", "mssql", "sql server", "neo4j", "couchdb", "influxdb", "timescaledb",
         "firestore", "planetscale", "supabase", "scylladb")),
    "editor": Category(
        ("editor", "ide", "text editor", "code editor"), ("编辑器",), frozenset({"editor", "attr:editor", "attr:ide"}),
        ("vim", "neovim", "nvim", "helix", "emacs", "vscode", "vs code", "visual studio code", "visual studio",
         "sublime", "sublime text", "zed", "cursor", "intellij", "intellij idea", "pycharm", "webstorm", "goland", "clion",
         "phpstorm", "rubymine", "xcode", "nano", "eclipse", "netbeans", "kakoune", "android studio", "notepad++",
         "jetbrains")),
    "shell": Category(
        ("shell", "login shell", "default shell", "unix shell"), ("终端 shell", "命令行 shell"),
        frozenset({"shell", "attr:shell"}),
        ("zsh", "bash", "fish", "fish shell", "nushell", "nu shell", "powershell", "pwsh", "tcsh", "csh", "ksh", "xonsh",
         "elvish", "oh my zsh", "oh-my-zsh")),
    "backend_framework": Category(
        ("backend framework", "web framework", "server framework", "backend"), ("后端框架", "后端", "web 框架", "web框架"),
        frozenset({"backend_framework", "attr:backend", "attr:backend_framework", "attr:framework"}),
        ("django", "fastapi", "flask", "rails", "ruby on rails", "express", "express.js", "nestjs", "spring boot",
         "laravel", "symfony", "phoenix", "actix", "axum", "asp.net", "asp.net core", "koa", "sinatra", "quarkus",
         "micronaut", "ktor", "gin", "tornado", "starlette", "litestar")),
    "hosting": Category(
        ("hosting", "hosted", "deploy", "deploys", "deployed", "deployment"), ("部署", "托管"),
        frozenset({"hosting", "deploy_command", "attr:hosting", "attr:host"}),
        ("fly.io", "vercel", "netlify", "heroku", "aws", "gcp", "google cloud", "azure", "digitalocean", "hetzner",
         "linode", "cloudflare", "github pages", "kubernetes", "k8s", "ecs", "fargate")),
    "ci": Category(
        ("ci", "ci/cd", "ci cd", "continuous integration", "build server"), ("持续集成",),
        frozenset({"ci", "attr:ci", "attr:ci_cd"}),
        ("github actions", "gitlab ci", "gitlab-ci", "jenkins", "circleci", "circle ci", "travis", "travis ci",
         "buildkite", "drone ci", "teamcity", "azure pipelines", "bitbucket pipelines", "tekton", "concourse",
         "woodpecker ci", "aws codebuild", "codebuild", "google cloud build", "argo workflows")),
    "browser": Category(
        ("browser", "web browser"), ("浏览器",), frozenset({"browser", "attr:browser"}),
        ("firefox", "chrome", "google chrome", "chromium", "safari", "brave", "microsoft edge", "vivaldi", "arc browser",
         "librewolf", "zen browser", "duckduckgo browser")),
    "linux_distro": Category(
        ("distro", "linux distro", "linux distribution"), ("发行版",), frozenset({"distro", "attr:distro", "attr:os"}),
        ("ubuntu", "fedora", "debian", "arch linux", "manjaro", "linux mint", "nixos", "opensuse", "gentoo", "pop!_os",
         "pop os", "elementary os", "centos", "rocky linux", "endeavouros", "kubuntu", "xubuntu")),
    "phone": Category(
        ("phone", "smartphone", "mobile phone", "cell phone", "cellphone"), ("手机",), frozenset({"phone", "attr:phone", "attr:手机"}),
        ("iphone", "android phone", "pixel phone", "google pixel", "galaxy s", "samsung galaxy", "oneplus", "xiaomi", "huawei",
         "nothing phone", "fairphone", "blackberry",
         # Chinese brands only where the name cannot be food or a game (小米 is millet, 红米 red rice, 荣耀 a game)
         "华为 mate", "华为mate", "华为 p", "小米手机", "华为手机", "魅族", "iqoo", "vivo", "oppo", "realme")),
    "seat": Category(
        ("seat", "seating"), ("座位", "位子"), frozenset({"attr:seat", "attr:座位"}),
        ("window seat", "window seats", "aisle seat", "aisle seats", "middle seat", "middle seats", "靠窗", "窗边的座位",
         "靠过道", "靠走道", "过道的座位", "过道座位", "中间的座位")),
    "ui_theme": Category(
        ("color scheme", "colour scheme", "ui theme", "editor theme", "light or dark", "dark or light"), ("配色", "深色还是浅色", "浅色还是深色"), frozenset({"attr:theme", "attr:主题"}),
        ("dark mode", "light mode", "dark theme", "light theme", "深色模式", "浅色模式", "暗色模式", "亮色模式", "暗黑模式",
         "夜间模式", "深色主题", "浅色主题")),
    **_PERSONAL,
    **{f"{row[0]}_name": _kin_name_category(row) for row in KIN},
    "drink": _DRINK,
}
# an open attribute a category above already holds ("editor") is asked through that category
CATEGORIES.update({row[0]: _attribute_category(row) for row in ATTRIBUTES
                   if row[0] not in CATEGORIES
                   and not any(set(predicate_family(f"attr:{row[0]}")) & c.predicates for c in CATEGORIES.values())})

# a category's predicates in either language: `attr:数据库` holds the database as `attr:database` does
CATEGORIES = {name: replace(cat, predicates=frozenset(q for p in cat.predicates for q in predicate_family(p)))
              for name, cat in CATEGORIES.items()}


_WH_EN = r"(?:which|what|what's|whats|where)"
_WH_ZH = r"(?:哪个|哪种|哪款|哪家|哪一个|哪些|哪里|哪儿|在哪|什么|啥)"


@lru_cache(maxsize=64)
def _pattern(terms: tuple[str, ...], plural: bool) -> re.Pattern[str]:
    alts = "|".join(re.escape(t) + ("s?" if plural else "") for t in sorted(terms, key=len, reverse=True))
    # ASCII boundaries: a value may touch Chinese text ("项目使用pnpm")
    return re.compile(rf"(?<![a-z0-9_.+-])(?:{alts})(?![a-z0-9_+]|\.[a-z0-9])")


def _names(text: str, cat: Category) -> bool:
    low = text.casefold().replace("’", "'")
    if cat.question:
        return _question(cat.question).search(low) is not None
    return bool(_pattern(cat.words, True).search(low)) or any(w in text for w in cat.words_zh)


@lru_cache(maxsize=16)
def _question(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def asked_categories(text: str) -> set[str]:
    """The categories `text` names by their words ("package manager", "数据库"), not by a value."""
    return {name for name, cat in CATEGORIES.items() if _names(text, cat)}


def value_categories(text: str) -> set[str]:
    """The categories of the values `text` names ("yarn" → package_manager, "MySQL" → database)."""
    low = text.casefold()
    return {name for name, cat in CATEGORIES.items() if cat.values and _pattern(cat.values, False).search(low)}


def holds_category(name: str, predicate: str, obj: str, text: str) -> bool:
    """Whether a memory (its predicate, object and text) holds the attribute `name`: its predicate, one of
    its values, or the attribute's own words in the text ("dark mode in editors")."""
    cat = CATEGORIES[name]  # `name in value_categories(...)`, asking that one category's pattern only
    if cat.question:  # a personal attribute: its predicate, or one of its values if it has a vocabulary
        pred = predicate.casefold()
        return pred in cat.predicates or (bool(cat.values) and pred not in _NOT_DRINKS and not pred.startswith("attr:")
                                          and bool(_pattern(cat.values, False).search(f"{obj} {text}".casefold())))
    return (predicate.casefold() in cat.predicates or bool(_pattern(cat.values, False).search(f"{obj} {text}".casefold()))
            or _names(text, cat))


def asks_for_value(text: str, name: str) -> bool:
    """Whether `text` asks which value the attribute `name` has: a "which / what" before its words ("Which
    editor do I use?", "这个项目用哪个包管理器"), or a "什么 / 哪个" after them ("编辑器用的是什么")."""
    cat = CATEGORIES[name]
    if cat.question:  # asked by a question of its shape: always for its value
        return _names(text, cat)
    low = text.casefold().replace("’", "'")
    words = _pattern(cat.words, True).pattern
    if re.search(rf"\b{_WH_EN}\b(?:\W+[\w'-]+){{0,3}}?\W+{words}", low):
        return True
    if re.search(rf"{_WH_ZH}.{{0,4}}{words}|{words}.{{0,6}}{_WH_ZH}", low):  # "我们的 CI 用的是什么"
        return True
    return any(re.search(rf"{_WH_ZH}.{{0,4}}{re.escape(w)}|{re.escape(w)}.{{0,6}}{_WH_ZH}", text) for w in cat.words_zh)


__all__ = ["CATEGORIES", "Category", "asked_categories", "asks_for_value", "holds_category", "value_categories"]
