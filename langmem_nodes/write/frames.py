"""Chat, stop 38 (en, with the Chinese counterparts): a fact said inside a frame is read by the clause the frame holds.

- a sure-footed lead ("pretty sure we're on node 20", "iirc our db is Postgres 14", "我很确定我们用的是 X"):
  the clause after it is the user's statement, not a hedge (a hedge is "I think", "probably": `lexicon.HEDGE`);
- who the user is, given as "as someone who's colorblind" / "as someone with ADHD" / "being lactose intolerant
  makes …": the user's trait; a business the user runs ("I run a small bakery"): the owner's role;
- the tool that runs another ("dbt gets triggered from Airflow"): a tool the project uses;
- a reason clause run into the main one without a comma ("since I moved to Denver I've been getting
  nosebleeds"): the given clause ends where the next holder starts ("I moved to Denver");
- a list under a header naming whose setup it is ("my setup:", "context for this bug:", "我的开发环境："): a bare
  item ("- neovim", "- node 20") is a thing that holder uses, a holderless line ("- tests are in vitest")
  has the holder's determiner put back ("our tests are in vitest").

Example:
    >>> unframed("pretty sure we're on node 20"), unframed("iirc, our CI is CircleCI"), unframed("I think so")
    ("we're on node 20", 'our CI is CircleCI', 'I think so')
    >>> unframed("as someone who's colorblind"), unframed("as someone with ADHD")
    ("I'm colorblind", 'I have ADHD')
    >>> given_cut("I moved to Denver I've been getting nosebleeds lol"), given_cut("I moved to Denver")
    ('I moved to Denver', 'I moved to Denver')
    >>> given_cut("I switched to nights last month my sleep has been a mess"), given_cut("I moved to my new flat")
    ('I switched to nights last month', 'I moved to my new flat')
    >>> framed_setup("here's my setup:\\n- neovim\\n- zsh with starship\\nhow do I theme tmux?").split("\\n")[1:3]
    ['I use neovim', 'I use zsh with starship']
"""

from __future__ import annotations

import re

from .clause_en import is_tool_name

_I = re.IGNORECASE

# ---- a sure-footed lead ----------------------------------------------------------------------------------------
_SURE = re.compile(r"^(?:(?:i'?m|i am)\s+)?(?:pretty|fairly|quite|almost|reasonably|99%|100%)\s+(?:sure|certain|positive)\s*,?\s*(?:that\s+)?(?=\S)|"
                   r"^(?:iirc|afaik|afaict|if i (?:remember|recall)(?: (?:right|rightly|correctly))?|as far as i (?:know|can tell)|"
                   r"last (?:i|time i) checked|to my knowledge)\s*[,:—–-]?\s*(?=\S)|"
                   # "我很确定我们用的是 node 20": the sure-footed lead in Chinese, before the clause's own holder
                   r"^我?(?:很|非常|挺|百分百|百分之百)?(?:确定|肯定)\s*[，,]?\s*(?=我们|咱们|我|项目|仓库|团队|公司|线上|生产)", _I)
# who the user is, given before a question: "as someone who's colorblind (deuteranopia)"
_AS_SOMEONE = re.compile(r"^as\s+(?:someone|somebody|a person|a guy|a girl|one)\s+(?:(?P<be>who(?:'s| is))|(?P<has>who has|with))\s+"
                         r"(?P<o>[\w' -]{2,40}?)\s*(?:\([^)]*\))?$", _I)


# the user's state as the subject of a complaint: "being lactose intolerant makes eating out so hard"
_BEING = re.compile(r"^being\s+(?P<o>(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?)\s+(?:makes|made|is|means|sucks|has|keeps|can be|gets)\b", _I)
# a business the user runs: "I run a small bakery", "I own a little flower shop" (the owner's role)
_BUSINESS = (r"bakery|cafe|café|coffee shop|restaurant|bar|pub|food truck|shop|store|boutique|salon|barbershop|studio|gym|"
             r"farm|nursery|clinic|practice|agency|daycare|bookshop|bookstore|flower shop|florist|brewery|winery|"
             r"(?:online|etsy|shopify|print|pottery|candle|coffee|bike|pet|flower|book|tattoo|yoga|dance|photography|design|"
             r"cleaning|landscaping|catering|bookkeeping|consulting|tutoring)\s+(?:shop|store|business|studio|company|stall)")
_RUNS = re.compile(rf"^i\s+(?:run|own|started|opened|manage)\s+(?:my\s+own\s+|an?\s+)(?:(?:small|little|tiny|local|family|"
                   rf"new|busy|online|one-person|home)\s+)*(?P<b>{_BUSINESS})(?=$|[,.!]|\s+(?:and|in|on|near|downtown|that|which|so|called|"
                   rf"named|with|out of|from|for)\b)", _I)
# the tool that runs another: "dbt gets triggered from Airflow", "the jobs are scheduled in Dagster"
_RUN_VERB = (r"(?:our\s+|the\s+)?[\w.+#-]+(?:\s+[\w.+#-]+)?\s+(?:gets|get|is|are)\s+(?:all\s+)?(?:triggered|run|scheduled|"
             r"orchestrated|kicked off)\s+(?:from|by|in|via|through|with)\s+")
_RUN_BY = re.compile(rf"^{_RUN_VERB}(?P<o>[\w.+#-]+)(?=$|\s|[,.!])", _I)
# "our warehouse is Snowflake and dbt gets triggered from Airflow": the second clause has a holder of its own
_AND_RUN_BY = re.compile(rf"\s+and\s+(?={_RUN_VERB})", _I)


def unframed(clause: str) -> str:
    """The clause a frame holds, said plainly: a sure-footed lead dropped, "as someone who's X" / "being X makes …"
    as "I'm X", "I run a small bakery" as "I'm a bakery owner", "dbt gets triggered from Airflow" as "we use
    Airflow"; `clause` itself without one."""
    text = clause.strip()
    if m := _SURE.match(text):
        return text[m.end():]
    if m := _AS_SOMEONE.match(text):
        return f"I'm {m.group('o')}" if m.group("be") else f"I have {m.group('o')}"
    if m := _BEING.match(text):
        return f"I'm {m.group('o')}"
    if m := _RUNS.match(text):
        return f"I'm a {m.group('b')} owner"
    if (m := _RUN_BY.match(text)) and is_tool_name(m.group("o")):
        return f"we use {m.group('o')}"
    return clause


# ---- a reason clause run into the main clause --------------------------------------------------------------------
# the next holder and its verb: "I've been", "I keep", "we need"; "my"/"our" may sit inside the given clause
_NEXT_HOLDER = re.compile(r"\s+(?=(?:i'?ve|i'?m|i'?d|i'?ll|i|we'?ve|we'?re|we|it'?s|everything)\s+(?:been|got|gotten|had|have|"
                          r"keep|kept|started|noticed|feel|felt|need|needed|can'?t|cannot|am|is|are|was|were|get|getting|"
                          r"want|wanted|still|always|never|just|really|love|hate|find|found|barely|hardly)\b|"
                          r"my\s+[a-z]+(?:'s|\s+(?:has|have|is|are|was|were|keeps|got|gets)\b))", _I)


def given_cut(clause: str) -> str:
    """A given clause ("I moved to Denver", after "since") without the main clause run on after it."""
    for m in _NEXT_HOLDER.finditer(clause):
        if len(clause[: m.start()].split()) >= 3:
            return clause[: m.start()].rstrip(" ,")
    return clause


# ---- a list under a header naming whose setup it is ------------------------------------------------------------
_USER_HEADER = re.compile(r"^\s*(?:(?:ok(?:ay)?|so|here'?s|here is|fyi|for context)[\s,]+)*(?:here'?s\s+|here is\s+)?"
                          r"(?:my|what i (?:use|run|have))(?:\s+(?:current|daily|usual|whole|home|work|dev))?"
                          r"(?:\s+(?:setup|set-up|stack|tools|toolkit|gear|kit|rig|environment|env|config|dotfiles))?\s*[:：]\s*$", _I)
_PROJECT_HEADER = re.compile(r"^\s*(?:(?:ok(?:ay)?|so|some|quick|here'?s|here is|fyi)[\s,]+)*(?:(?:our|the|project|repo|team)\s+)?"
                             r"(?:context|background|setup|set-up|stack|tech stack|environment|env|details|info)"
                             r"(?:\s+(?:for|on|about)\s+(?:this|the|my|our)\s+(?:bug|issue|problem|error|question|project|repo|app|service))?\s*[:：]\s*$", _I)
_USER_HEADER_ZH = re.compile(r"^\s*(?:我的|我(?:平时|日常)?用的)(?:开发|日常|工作|常用)?(?:环境|配置|工具|装备|设备|工具链)\s*[:：]\s*$")
_PROJECT_HEADER_ZH = re.compile(r"^\s*(?:(?:这个|我们的?|项目的?)\s*)?(?:(?:bug|问题|报错|项目)\s*的?)?(?:背景|环境|技术栈|上下文|情况)"
                                r"(?:信息|说明)?\s*[:：]\s*$", _I)
_ITEM = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)])\s+(?P<i>\S.*?)\s*$")
# an item with no verb of its own: "neovim", "node 20", "zsh with starship"
_BARE_ITEM = re.compile(r"^(?!(?:i|i'm|we|we're|my|our|the|no|not|never)\b)[\w.+#/@-]+(?:\s+(?!(?:is|are|was|were|has|have|uses?|runs?)\b)"
                        r"[\w.+#/@-]+){0,3}$", _I)
# a line whose subject lost its determiner: "repo is a monorepo …", "tests are in vitest"
_HOLDERLESS = re.compile(r"^(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are|runs?|uses?|lives?|deploys?)\s+\S", _I)


def run_by_split(message: str) -> str:
    """"X is Snowflake and dbt gets triggered from Airflow": the run-by clause said as a sentence of its own."""
    return _AND_RUN_BY.sub(". ", message)


def framed_setup(message: str) -> str:
    """Each item of a list under a "my setup:" / "context for this bug:" header said with that holder."""
    lines = message.split("\n")
    holder = ""
    for i, line in enumerate(lines):
        item = _ITEM.match(line)
        if holder and item:
            text = item.group("i").rstrip(" .;,")
            if _BARE_ITEM.match(text):
                lines[i] = f"{holder}用 {text}" if holder in ("我", "我们") else f"{holder} use {text}"
            elif holder == "we" and _HOLDERLESS.match(text):
                lines[i] = f"our {text}"
            continue
        holder = ("I" if _USER_HEADER.match(line) else "we" if _PROJECT_HEADER.match(line) else
                  "我" if _USER_HEADER_ZH.match(line) else "我们" if _PROJECT_HEADER_ZH.match(line) else "")
    return "\n".join(lines)
