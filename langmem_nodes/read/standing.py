"""Standing conditions: memories that bear on a whole kind of request, though they share no topic with it.

"What should I cook tonight?" is answered differently for a user who is vegetarian; "what's the weather like
in November?" depends on where the user lives; "write an endpoint that returns paginated orders" on the
project's language and framework. The memory («User is allergic to eggs», «用户住在杭州», «Services are written
in Go 1.22») is about a condition, the query about a task the condition constrains, so their vectors are far
apart and no similarity floor finds the link. The link is one of form, zh + en:

- **diet**: a memory stating what the user may not or does not eat (an allergy, vegetarian, an intolerance,
  diabetes, high blood pressure, 不能吃辣) bears on a request about food or drink (cooking, a meal, a recipe, a snack,
  a coffee, 吃什么, 早餐, 喝点啥).
- **drink**: a memory stating what the user does not drink (coffee, alcohol, 不喝酒) bears on a request about a drink.
- **place**: a memory stating where the user lives or comes from bears on a request that depends on the place (here,
  nearby, the weather, a season outdoors, where to go, a day trip from home, getting home; 附近, 天气, 去哪, 一日游,
  回家坐什么车).
- **stack**: a memory stating the user's technical setup (a language, a framework, a platform, the project's
  database, a code convention) bears on a request to build or change code (a function, an endpoint, a query,
  a screen, a hook, a deploy or rollback; 函数, 接口, 字段, 部署, 回滚).
- **database**, **ci**, **editor**: facets of the stack. A request about one part of the setup (a query, a slow
  query, too many connections, 软删除; a step on every PR, 流水线; a shortcut, a plugin, 快捷键) depends on the memory
  of that part («The project's database is MongoDB 7», «团队用 Jenkins 做持续集成», «User uses VS Code»), which
  the stack condition's best two may leave out.
- **platform**, **machine**: where the code runs (a cold start, autoscaling, environment variables, 冷启动 → «User
  deploys the API on AWS Lambda», «部署在阿里云上») and the user's computer (an installer, a download, which version,
  a driver, 安装包 → «用户的电脑是MacBook Air M1»).
- **analysis**, **vcs**, **monitoring**: the tools the user analyses and plots data with (R, pandas, «charts in a
  colourblind-friendly palette») bear on loading, reshaping, aggregating or plotting data (a chart, 汇总, 宽表转长表);
  version control on a commit or a branch; the monitoring stack on an alert or a dashboard (告警).
- **learning**, **pet**: what the user is learning bears on a request to practise (listening, a quiz, phrases, 刷题); the
  user's pet on a request about caring for one (the pup, 主子, 遛狗).
- **deadline**: a memory stating a due date (a thesis due, an exam on a date, 截止) bears on a question about the
  time left ("how many weeks do I have left", "还剩几天").
- **household**: a memory stating who lives with the user (children, parents, a partner) bears on a plan for the whole
  household ("a board game the whole household can play", "周末全家一起做点什么好").
- **children**: a memory stating the user's child bears on a request about a young child ("a bedtime routine for a
  two-year-old", "宝宝晚上老醒怎么办").

The recall counts such a memory relevant for a query that asks for help (not an impersonal one, not a question
for a stored fact, not one about someone else or about a failing thing of the user's: `query_need`), at most
`PER_CONDITION` per condition, best first. A query that names no such task, or a memory that states no such
condition, is untouched.

Example:
    >>> sorted(conditions_asked("What can I make for a big family Sunday lunch?")), sorted(conditions_asked("早餐吃点啥"))
    (['diet'], ['diet'])
    >>> sorted(conditions_asked("write a REST endpoint that returns orders")), conditions_asked("how do I exit vim")
    (['stack'], set())
    >>> sorted(conditions_held("User is allergic to eggs.")), sorted(conditions_held("服务部署在 K8s 上，用 Helm 管理"))
    (['diet'], ['platform', 'stack'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|「[^」]*」|`[^`]*`")

#: At most this many memories per condition count relevant through it (a coding home holds many stack facts).
PER_CONDITION = 2


@dataclass(frozen=True)
class Condition:
    """A kind of memory (`held`) and the kind of request it bears on (`asked`); `predicates` hold it too."""

    held: re.Pattern[str]
    asked: re.Pattern[str]
    predicates: frozenset[str] = frozenset()


_LANGUAGES_AND_TOOLS = (
    r"python|java|kotlin|swift(?:ui)?|golang|go \d|go code|rust|typescript|javascript|ruby|php|c#|\.net|scala|elixir|"
    r"django|flask|fastapi|spring(?: boot)?|rails|laravel|express|nestjs|react(?: native)?|next\.js|vue|angular|"
    r"svelte|expo|flutter|ios \d+|android|minsdk|sqlalchemy|orm|redux|postgres\w*|mysql|mongodb|sqlite|redis|"
    r"k8s|kubernetes|helm|docker|wsl2?|gitlab|github actions|jenkins|jupyter|pandas|vite|webpack|graphql|grpc|"
    r"protobuf|lombok|async/await|chrome \d+")
CONDITIONS: dict[str, Condition] = {
    "diet": Condition(
        held=re.compile(
            r"\b(?:allerg\w*|vegetarian|vegan|pescatarian|celiac|coeliac|gluten|lactose|intoleran\w*|kosher|halal|"
            r"diabet\w*|hypertension|high blood pressure|(?:high )?cholesterol|gout|"
            r"(?:doesn't|does not|don't|can't|cannot|never|won't) eat)\b"
            r"|过敏|素食|吃素|不耐受|乳糖|麸质|忌口|不吃|不能吃|不能喝|清真|糖尿病|控糖|痛风|高血压|高血脂|胆固醇", re.I),
        asked=re.compile(
            r"\b(?:cook\w*|bak(?:e|ing)|recipes?|meals?|dinner|lunch|breakfast|brunch|supper|snacks?|desserts?|"
            r"cakes?|eat|eating|food|dish(?:es)?|menu|restaurants?|takeout|takeaway|picnic|bbq|barbecue|cookout|potluck|groceries|"
            r"drinks?|coffee|latte|flat white|espresso|cappuccino|tea|smoothies?|shakes?|beer|wine|cocktails?|"
            r"(?:to|i) order)\b"
            r"|吃(?!亏|醋|力|惊|苦)|喝(?!彩)|饮料|提神|做饭|做菜|下厨|菜谱|食谱|早餐|早饭|午饭|午餐|晚饭|晚餐|夜宵|零食|甜点|蛋糕|烘焙|餐厅|饭店|外卖|点菜|聚餐|野餐|烧烤|火锅|自助餐",
            re.I),
        predicates=frozenset({"allergy", "diet"})),
    # what the user does not drink («User doesn't drink coffee», «用户不喝酒») bears on a drink, not on a meal (where it
    # would take the place of the diet memories that do)
    "drink": Condition(
        held=re.compile(r"\b(?:(?:doesn't|does not|don't|can't|cannot|never|won't|no longer) drinks?|teetotal|"
                        r"caffeine|decaf)\b|不喝|戒酒|戒了酒|咖啡因|不碰酒", re.I),
        asked=re.compile(r"\b(?:drinks?|coffee|latte|flat white|espresso|cappuccino|tea|smoothies?|shakes?|beer|wine|"
                         r"cocktails?|pub|bar)\b|喝(?!彩)|饮料|提神|奶茶|咖啡|酒吧", re.I),
        predicates=frozenset()),
    "place": Condition(
        held=re.compile(r"\b(?:lives?|living|based|resides?) in\b|\bmoved to\b|"
                        r"\b(?:grew up|is from|comes from)\b|住在|家在|定居|常住|老家", re.I),
        asked=re.compile(
            r"\b(?:around here|near(?:by| me| here)|here(?=\W*$)|here\b(?! (?:is|are)\b)(?=[^?]*\?)|"
            r"weather|outside|outdoors?|this (?:winter|summer|spring|autumn|fall)|somewhere|day trips?|"
            r"(?:weekend|road) trips?|getaways?|(?:from|near|close to|around) home|things to do|"
            r"(?:get|getting|go|going|travel\w*|fly\w*|drive|driving|head\w*|trips?|way) (?:back )?home)\b"
            r"|附近|本地|当地|这边|周边|天气|气温|下雨|去哪|哪儿玩|哪里玩|出去玩|户外|野餐|一日游|周边游|郊游|去(?:哪|哪儿|哪里)?耍|"
            r"回(?:老)?家|(?:坐|乘|搭|买)(?:什么|啥|哪趟)(?:车|票|航班)", re.I),
        predicates=frozenset({"lives_in"})),
    "stack": Condition(
        held=re.compile(rf"(?<![\w.])(?:{_LANGUAGES_AND_TOOLS})(?![\w])|\b(?:work )?stack\b|\bcode (?:examples|comments)\b"
                        r"|\b(?:writes|codes in|programs in) (?:go|c|c\+\+|zig|haskell|ocaml|lua|perl|dart|julia)\b"
                        r"|\b(?:cli|command[- ]line) (?:tool|app)\b|命令行工具"
                        r"|\b(?:project|repo|service)'?s? (?:uses|is written|database|backend|frontend|state)\b"
                        r"|开发机|技术栈|代码(?:注释|风格|规范)", re.I),
        asked=re.compile(
            r"\b(?:functions?|endpoints?|apis?|handlers?|quer(?:y|ies)|sql|joins?|views?|screens?|components?|"
            r"hooks?|migrations?|scripts?|structs?|schemas?|bundler|pipelines?|deploy\w*|rollback|roll back|"
            r"index(?:es)?(?! funds?)|logged-in user|unit tests?|refactor\w*|subcommands?|cli (?:flags?|options?))\b"
            r"|函数|接口|组件|页面|字段|表结构|索引|SQL|sql|脚本|hook|模型|部署|上线|回滚|流水线|pipeline|单测|子命令|命令行参数|"
            r"编译|兼容|docker|报错"),
        predicates=frozenset()),
    # facets of the stack: a request about one part of the setup depends on the memory of that part, whichever two
    # stack memories rank first ("write a query that finds invoices" → the project's database, not its language)
    "database": Condition(
        held=re.compile(r"\b(?:postgres\w*|mysql|mariadb|mongo(?:db)?|sqlite|oracle db|sql server|dynamodb|"
                        r"cassandra|database|sqlalchemy|prisma|hibernate|orm|(?:data )?warehouse|duckdb|bigquery|"
                        r"snowflake|clickhouse|redshift)\b|数据库|库用|数据仓库|数仓|(?<![A-Za-z])ORM", re.I),
        asked=re.compile(
            r"\b(?:sql|quer(?:y|ies)|joins?|index(?:es)?(?! funds?)|migrations?|columns?|fields?|schema|"
            r"soft[- ]delete|too many connections|connection pool|deadlocks?)\b"
            r"|查询|字段|表结构|建表|索引|迁移|软删除|连接数|连接池|死锁|事务|慢查询", re.I),
        predicates=frozenset()),
    "ci": Condition(
        held=re.compile(r"\b(?:github actions|gitlab(?: ci)?|jenkins|circleci|travis|buildkite|ci)\b|持续集成|流水线",
                        re.I),
        asked=re.compile(r"\b(?:ci|prs?|pull requests?|merge requests?|pipelines?|workflows?|on every (?:push|commit))\b"
                         r"|流水线|合并请求|每次提交|(?<![A-Za-z])(?:CI|PR|MR)(?![A-Za-z])", re.I),
        predicates=frozenset()),
    "editor": Condition(
        held=re.compile(r"\b(?:vs ?code|visual studio|n?vim|neovim|emacs|intellij|pycharm|webstorm|goland|sublime|"
                        r"cursor editor|zed)\b|编辑器|(?<![A-Za-z])IDE(?![A-Za-z])", re.I),
        asked=re.compile(r"\b(?:shortcuts?|keybindings?|key bindings?|hotkeys?|multi[- ]?cursors?|extensions?|plugins?|"
                         r"snippets?|debugger|breakpoints?|format on save)\b|快捷键|插件|多光标|代码片段|调试器|断点", re.I),
        predicates=frozenset()),
    "platform": Condition(
        held=re.compile(r"\b(?:aws|lambda|ec2|ecs|eks|fargate|gcp|cloud run|app engine|azure|kubernetes|k8s|heroku|vercel|"
                        r"netlify|fly\.io|cloudflare workers)\b|阿里云|腾讯云|华为云|(?<![A-Za-z])(?:ACK|K8s|k8s)(?![A-Za-z])",
                        re.I),
        asked=re.compile(r"\b(?:cold starts?|autoscal\w*|scal(?:e|ing) (?:up|out|down)|timeouts? in prod|memory limits?|"
                         r"serverless|env(?:ironment)? var\w*|secrets? in prod)\b|冷启动|扩容|缩容|弹性伸缩|环境变量", re.I),
        predicates=frozenset()),
    # the tools the user analyses data and draws charts with («User works in R with the tidyverse», «画图用 plotly»,
    # «User wants colourblind-friendly charts») bear on a request to load, reshape, aggregate or plot data
    "analysis": Condition(
        held=re.compile(r"(?<![\w.])R(?![\w&])|\b(?:tidyverse|ggplot2?|dplyr|pandas|polars|numpy|jupyter(?: ?lab)?|"
                        r"notebooks?|plotly|matplotlib|seaborn|stata|spss|duckdb|spark|plots?|charts?|palettes?)\b|"
                        r"数据分析|画图|作图|图表|配色"),
        asked=re.compile(r"\b(?:plot\w*|charts?|graphs?|visuali[sz]\w*|dataframes?|df|parquet|csv|pivot|reshape|"
                         r"aggregat\w*|group ?by|histograms?|scatter)\b|(?:画|做)(?:一个|个|张)?\S{0,10}图|图表|柱状图|"
                         r"折线图|饼图|汇总|聚合|透视|宽表|长表|可视化", re.I),
        predicates=frozenset()),
    # version control: «User uses git from the command line» bears on undoing a commit or cleaning up a branch
    "vcs": Condition(
        held=re.compile(r"\b(?:git|svn|mercurial)\b(?![-.]?(?:hub|lab))", re.I),
        asked=re.compile(r"\b(?:commits?|branch(?:es)?|rebase|merge conflicts?|cherry-pick|stash)\b|提交|分支|变基|"
                         r"合并冲突", re.I),
        predicates=frozenset()),
    # monitoring: «用户的模型监控用Prometheus+Grafana» bears on an alert or a dashboard to set up
    "monitoring": Condition(
        held=re.compile(r"\b(?:prometheus|grafana|datadog|sentry|new relic|pagerduty|monitoring)\b|监控", re.I),
        asked=re.compile(r"\b(?:alert\w*|monitor\w*|dashboards?|on-?call)\b|告警|报警|监控|看板|通知我", re.I),
        predicates=frozenset()),
    # something the user is learning or preparing for («User is learning Spanish», «用户在准备雅思») bears on a request to
    # practise it: exercises, a quiz, a study plan, 练听力, 刷题 (not on a question about its topic: "语法难吗")
    "learning": Condition(
        held=re.compile(r"\b(?:learning|studying|revising|preparing for|taking (?:lessons|classes))\b|在学|学习|备考|"
                        r"准备\S{0,8}考试|考研|雅思|托福", re.I),
        asked=re.compile(r"\b(?:practi[cs]e|practi[cs]ing|exercises|drills?|quiz(?:zes)?|flashcards?|study plan|"
                         r"revis(?:e|ion)|mock exams?|phrases|vocab\w*|useful words)\b|练习|练(?:听力|口语|一练|练)|刷题|复习|学习计划|模拟题|"
                   r"出(?:几道|点|些)?题|短语|常用语|词汇|用得上的(?:句子|话)",
                         re.I),
        predicates=frozenset()),
    # the user's pet («User has a greyhound called Pepper», «用户养了一只柯基») bears on a request about caring for a pet
    "pet": Condition(
        held=re.compile(r"\b(?:dogs?|pupp(?:y|ies)|corgi|labrador|retriever|poodle|beagle|husky|shiba|dachshund|terrier|"
                        r"collie|spaniel|bulldog|pug|greyhound|whippet|cats?|kittens?|tabby|ragdoll|rabbit|hamster|parrot)s?\b|"
                        r"狗|柯基|柴犬|金毛|泰迪|哈士奇|拉布拉多|边牧|比熊|猫|英短|布偶|美短|兔子|仓鼠|鹦鹉", re.I),
        asked=re.compile(r"\b(?:dogs?|pup|pups|puppy|doggo|pooch|cats?|kitty|kitten|pets?|walkies|vet)\b|狗子|狗狗|遛狗|"
                         r"主子|毛孩子|猫咪|铲屎|宠物|猫粮|狗粮", re.I),
        predicates=frozenset()),
    "machine": Condition(
        held=re.compile(r"\b(?:macbook|imac|mac mini|apple silicon|m[1-4](?: pro| max)?|windows \d+|ubuntu|fedora|arch linux|"
                        r"thinkpad|laptop is|computer is)\b|电脑是|笔记本是|(?<![A-Za-z])(?:Mac|Windows|Linux)(?![A-Za-z])",
                        re.I),
        asked=re.compile(r"\b(?:install(?:er|ing)?|download|which (?:build|version)|drivers?|arm64|x86)\b|安装|安装包|下载|"
                         r"哪个版本|驱动|装(?!修|饰|不下)", re.I),
        predicates=frozenset()),
    "deadline": Condition(
        held=re.compile(r"\b(?:is |are )?due (?:on |by |in )?(?:\w+ \d|\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
                        r"next|this|end)|\b(?:exam|test|defen[cs]e) (?:is )?(?:on|in) (?:\w+ )?\d|\bdeadline\b|截止|交稿|考试(?:在|是)|(?:月|号|日)(?:前)?(?:要)?交", re.I),
        asked=re.compile(r"\bhow (?:many|much) (?:\w+ )?(?:days|weeks|months|time)\b[^?]{0,30}\bleft\b|\bdeadline\b|"
                         r"\bwhen is [^?]{1,30} due\b|还剩(?:几|多少)(?:天|周|个月|个星期)|还有(?:几|多少)(?:天|周|个月|个星期)|"
                         r"还有多久(?:交|截止)|截止", re.I),
        predicates=frozenset()),
    # who lives with the user («User lives with their parents and two kids», «用户的妈妈和他们住在一起») bears on a plan for
    # the whole household ("a board game the whole family can play", "周末全家一起做点什么")
    "household": Condition(
        held=re.compile(r"\b(?:lives?|living) with\b|\b(?:kids?|children|sons?|daughters?|toddlers?|baby|twins|mother|"
                        r"father|mum|mom|dad|parents?|wife|husband|partner)\b|住在一起|一起住|同住|孩子|儿子|女儿|宝宝|父母|"
                        r"爸妈|妈妈|爸爸|老婆|老公|爱人", re.I),
        asked=re.compile(r"\b(?:the )?(?:whole|entire) (?:household|family)\b|\b(?:household|family) (?:activit\w*|outing|"
                         r"day|night|trip|game)s?\b|全家|一家人|一家子|家里人|一家(?:几|三|四|五)口", re.I),
        predicates=frozenset()),
    "children": Condition(
        held=re.compile(r"\b(?:daughter|son|toddler|baby|kids?|children|twins)\b|女儿|儿子|孩子|宝宝|闺女", re.I),
        asked=re.compile(r"\b(?:toddlers?|babies|baby|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[- ]years?[- ]olds?|"
                         r"preschool\w*|kindergarten\w*)\b|宝宝|幼儿|(?:\d+|[一二两三四五六七八九十])岁(?:的)?(?:孩子|小孩|娃|宝宝)", re.I),
        predicates=frozenset()),
}


# an English word beside a Chinese character has no word boundary (both are \w): "这个SQL好慢", "帮我写个API"
_CJK_LATIN = re.compile(r"(?<=[\u3400-\u9fff])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u3400-\u9fff])")


def _plain(text: str) -> str:
    """The text outside quotes, an English word set off from the Chinese around it (so `\\b` finds its edges)."""
    return _CJK_LATIN.sub(" ", _QUOTED.sub(" ", text))


def conditions_asked(text: str) -> set[str]:
    """The conditions the request `text` depends on (module docstring)."""
    plain = _plain(text)
    return {name for name, c in CONDITIONS.items() if c.asked.search(plain)}


def conditions_held(text: str, predicate: str = "") -> set[str]:
    """The conditions a memory (its `text`, its `predicate`) states."""
    return {name for name in CONDITIONS if holds_condition(name, text, predicate)}


def holds_condition(name: str, text: str, predicate: str = "") -> bool:
    """Whether a memory states condition `name` (by its predicate or its text); KeyError for an unknown name."""
    c = CONDITIONS[name]
    return predicate.casefold() in c.predicates or bool(c.held.search(text))


__all__ = ["CONDITIONS", "PER_CONDITION", "Condition", "conditions_asked", "conditions_held", "holds_condition"]
