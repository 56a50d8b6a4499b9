"""Does a request read as a self-contained task, which the user's memories rarely bear on? By meaning.

"Write a resignation letter", "给实习生写一封推荐信", "how do I unzip a tar.gz file?", "白衬衫上的咖啡渍怎么洗掉？",
"给我的游戏账号起个好听的昵称": the user asks for help, so `query_need` calls them personal and the low personal
floor lets the nearest memory in — with e5's Chinese cosines, whichever memory happens to be nearest («用户喜欢简短的
回答», «用户在攒钱去日本»). Their answer is the same whoever asks; only a memory about the task's own topic helps.
So such a request needs the general floor (`relevance.DENSE_FLOORS`), as a request without a subject that does not
read as one does (`knowledge.reads_as_request`); lexical evidence and standing conditions still count.

The query is compared, with the vector the recall already has, to example self-contained tasks and to the example
requests that depend on who asks (`knowledge.PERSONAL_REQUESTS`), zh + en, none taken from an eval set; it is a
generic task when its nearest task examples are closer than its nearest requests by a margin (mean cosine of the
3 nearest), calibrated per embedder and query language (`GENERIC_MARGINS`): above the margin of every tune user's
relevant request whose memory counted by meaning alone, so it only adds abstentions. An embedder without a margin
(one not calibrated, the test-only HashingEmbedder) never decides it.
"""

from __future__ import annotations

import numpy as np

from ..embeddings import Embedder
from .knowledge import example_margin

GENERIC_TASKS = (
    "Write a thank-you note to my neighbour for watering the plants", "Draft a resignation letter",
    "Write a short speech for my friend's wedding", "Help me write an apology email to a client",
    "Write a birthday message for my boss", "Come up with a name for my fantasy football team",
    "Give me a catchy slogan for a lemonade stand", "Write a limerick about a sleepy cat",
    "How do I rename a branch in git?", "How do I make a pivot table in Google Sheets?",
    "What's the keyboard shortcut to take a screenshot on Windows?", "How do I unzip a tar.gz file?",
    "Write a regular expression that matches email addresses", "How do I remove a coffee stain from a white shirt?",
    "How do I unclog a bathroom sink?", "Proofread this sentence for me: 'me and him goes to school'",
    "Suggest a username for a new gaming account", "Write a toast for a retirement party",
    "Help me write a complaint letter to the airline about lost luggage", "Make a crossword clue for the word 'ocean'",
    "How do I convert a Word document to PDF?", "Write a LinkedIn post announcing a new job",
    "Give me ideas for a fancy-dress costume", "How do I hang a picture frame without nails?",
    "Write a reference letter for a former intern", "How can I stop my glasses from fogging up?",
    "帮我给房东写一封退租通知", "帮我写一段给老同学的新年祝福", "给我们的读书会想个群名", "帮我写一封辞职信",
    "写一段婚礼上的伴郎致辞", "帮我给客户写一封道歉邮件", "怎么把 git 的分支重命名？", "Excel 里怎么做数据透视表？",
    "Windows 截图的快捷键是什么？", "怎么解压 tar.gz 文件？", "写个匹配手机号的正则表达式", "白衬衫上的咖啡渍怎么洗掉？",
    "卫生间下水道堵了怎么通？", "帮我改改这句话的语病", "给我的游戏账号起个好听的昵称", "帮我写一份活动策划的开场白",
    "怎么把 Word 转成 PDF？", "帮我写一条朋友圈宣布换工作", "公司团建要出个小品，帮我想个剧本", "不用钉子怎么挂画？",
    "给实习生写一封推荐信", "眼镜起雾怎么办？", "帮我写一封投诉信给快递公司",
    # applications and notes to an employer or a school, names and handles, costumes, household fixes, a tool's how-to
    "Write a job application letter for a warehouse position", "Help me write a sick note for work",
    "Write a note to my daughter's teacher explaining why she missed class", "Give me a name for my new hamster",
    "Ideas for an outfit for a themed birthday party", "How do I get chewing gum out of my jeans?",
    "How do I descale a kettle?", "Write a letter to cancel my phone contract", "How do I freeze the top row in Excel?",
    "Pick a nickname for me to use on a forum",
    "帮我写一封应聘仓库管理员的求职信", "帮我给老师写个请假条，孩子感冒了", "帮我给新养的仓鼠起个名字", "帮我想个主题派对穿什么衣服",
    "牛仔裤上的口香糖怎么弄掉？", "水壶里的水垢怎么去除？", "帮我写封信解约手机套餐", "Excel 怎么冻结首行？", "帮我起个好听的网名",
)
#: How much closer the task examples must be than the requests, per embedder name and query language. Tune users'
#: relevant requests whose memory counted by meaning alone reach at most 0.126 (MiniLM, English: "my car's making a
#: squealing noise when i brake, is that urgent", tune13-17 included) and 0.036 (e5, Chinese: "被封IP了怎么办");
#: the margins sit just above them.
GENERIC_MARGINS: dict[str, dict[str, float]] = {"minilm+e5": {"en": 0.13, "zh": 0.037}}


def generic_task_margin(embedder: Embedder, qvec: np.ndarray, lang: str = "en") -> float:
    """How much nearer the task examples are than the requests (`knowledge.example_margin`)."""
    return example_margin(embedder, qvec, lang, GENERIC_TASKS)


def reads_as_generic_task(embedder: Embedder, lang: str, qvec: np.ndarray | None) -> bool:
    """Whether the query (its recall vector `qvec`, in `lang`) reads as a self-contained task for a calibrated
    embedder."""
    margin = GENERIC_MARGINS.get(embedder.name, {}).get(lang)
    return margin is not None and qvec is not None and generic_task_margin(embedder, qvec, lang) >= margin


__all__ = ["GENERIC_MARGINS", "GENERIC_TASKS", "generic_task_margin", "reads_as_generic_task"]
