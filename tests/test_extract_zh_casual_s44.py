"""Casual Chinese chat, stop 44: what is stored and what is not.

- a reminder asked of the assistant ("每天晚上十点提醒我睡觉") is a task for it, no fact about the user: nothing is
  stored (reason one-off), as English "remind me every day to drink water" stores nothing; asked for from now on
  ("以后每天提醒我喝水") it is the user's rule, never a statement, as "From now on, remind me about …" (`reminder_zh`);
- a household holder ("我们家用的是格力空调", "我家的路由器是华硕的", "我们结婚纪念日是…") is the user's, never
  the project's (`household_zh`);
- a one-character object keeps its verb ("我不抽烟" → 抽烟, "我在学车" → 学车, "不喝酒" → 喝酒: `verb_object_zh`);
- an object that only points at something in front of the user ("这种写法", "团队统一那份") names nothing;
- "尤其是 / 特别是 X" after a liking narrows it: one record holding both ("奶茶，尤其是芋泥波波": `narrowed_zh`);
- 要是 inside 主要是 / 只要是 is no "if".
Every message here was written for this change (stop 44), not taken from any eval set; 繁體 ones are read
through `text.to_simplified` like the rest.
"""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor

EX = RuleExtractor()


def _read(message: str):
    found, skips = EX.analyse(message)
    return [c for c, *_ in found], skips


# ---- a reminder asked of the assistant: nothing stored, reason one-off -------------------------------------------
REMINDERS = [
    "每天晚上十点提醒我睡觉哈",
    "每天下午三点提醒我吃点水果",
    "每周五下班前提醒我写周报哈",
    "每晚睡前提醒我关窗",
    "每天早上提醒我量血壓",
    "提醒我明天下午三点开会",
    "每隔两个小时提醒我喝口水哈",
    "周末提醒我给花浇水",
    "每天晚上十一点提醒我别熬夜了",
    "每个季度提醒我换一次滤芯",
    "下班前提醒我打卡哈",
    "明早八点提醒我打电话给我妈",
    "每天提醒我喝水哈",
    "每周一提醒我交周报",
    "每天中午提醒我吃药",
    "每週五提醒我繳電費",
    "睡前提醒我关灯",
    "每天晚上九点催我去跑步",
    "月底提醒我交房租",
]

# from now on: the user's standing rule for the assistant, as "From now on, remind me about the standup …"
STANDING_REMINDERS = [
    "以后每天提醒我喝水",
    "以后每天早上八点提醒我吃药",
    "以后每周一提醒我交周报",
    "以后每隔一小时提醒我站起来活动一下",
    "从现在起每天提醒我背单词",
    "以后每个月一号提醒我交房租",
    "以后开会前十分钟提醒我一下",
    "以后每次提交代码前提醒我跑一下测试",
    "以后每天催我去健身",
    "以后你每天早上提醒我看一下邮件",
    "以後每天提醒我喝水",
    "以後每週一提醒我交週報",
    "以后每天提醒我记账呗",
    "你以后每天中午提醒我午休一下吧",
    "以后到点了提醒我吃药",
    "以后每天早上提醒我涂防晒",
    "以后每周三提醒我去倒垃圾",
    "以后每天提醒我写日记吧",
    "以后每天提醒我练半小时琴",
    "以後每天晚上提醒我複習日文",
    "记住，以后每天提醒我吃维生素",
    "麻烦以后每天提醒我 standup 前更新 Jira",
]


@pytest.mark.parametrize("message", REMINDERS)
def test_a_reminder_asked_of_the_assistant_stores_nothing(message: str) -> None:
    claims, skips = _read(message)
    assert claims == [], claims
    assert any(s["reason"] == "one-off" for s in skips), skips


@pytest.mark.parametrize("message", STANDING_REMINDERS)
def test_a_reminder_asked_from_now_on_is_a_rule_never_a_statement(message: str) -> None:
    claims, _ = _read(message)  # (one a rule cannot hold — "…提醒我一下", "你以后…" — stores nothing)
    assert [c.predicate for c in claims] in (["rule"], []), claims
    assert not claims or ("提醒" in claims[0].object or "催" in claims[0].object), claims


@pytest.mark.parametrize("message,value", [
    ("以后叫我小王就行", "小王"),  # a name to be called by, no reminder
    ("我老是忘了喝水，我在用一个喝水提醒 App 叫 Waterllama", "Waterllama"),
    ("我每天早上喝一杯咖啡", "咖啡"),
])
def test_no_reminder_keeps_its_fact(message: str, value: str) -> None:
    claims, _ = _read(message)
    assert any(value in c.object for c in claims), claims


# ---- a household holder is the user ------------------------------------------------------------------------------
HOUSEHOLD = [
    ("我们家用的是小米的扫地机器人，最近老卡住", "小米"),
    ("我家用的是美的空调，夏天电费有点高", "美的"),
    ("咱家用的是格力空调哈", "格力"),
    ("我们家的路由器是华硕的", "华硕"),
    ("我们家冰箱是海尔的，用了十年了", "海尔"),
    ("我们家的净水器用的是沁园", "沁园"),
    ("我们家洗碗机用的西门子", "西门子"),
    ("我家里用的是群晖的 NAS", "群晖"),
    ("我们家电视是索尼的", "索尼"),
    ("我们家扫地机是石头的", "石头"),
    ("我们家手机都是华为的", "华为"),
    ("我们家电脑是 ThinkPad", "ThinkPad"),
    ("我们家的投影仪是极米的", "极米"),
    ("我们结婚纪念日是 5 月 21 号", "5 月 21"),
    ("我家用的 Hue 的灯，接的 HomeKit", "Hue"),
    ("我们家里用的是 Sonos 的音箱", "Sonos"),
    ("我们家奶瓶用的是 Pigeon 的", "Pigeon"),
    ("咱们家用的是佳能的打印机，老卡纸", "佳能"),
    ("我们家的热水器是 A.O.史密斯的", "史密斯"),
    ("我家的猫砂盆是小佩的", "小佩"),
    ("我们家的门锁是德施曼的", "德施曼"),
    ("我们家的空气净化器是 Blueair", "Blueair"),
    ("我们家一直用的是 Dyson 的吸尘器", "Dyson"),
    ("我家宽带用的是电信的", "电信"),
    ("我们家的路由器是 TP-Link 的", "TP-Link"),
    ("我们家用的是 Apple TV，看 Netflix", "Apple TV"),
    ("我們家用的是大同電鍋", "大同"),
    ("我們家的冷氣是日立的", "日立"),
    ("我家用的洗衣机是小天鹅的", "小天鹅"),
    ("我们家的婴儿车是 Bugaboo 的", "Bugaboo"),
]


@pytest.mark.parametrize("message,value", HOUSEHOLD)
def test_a_household_holder_is_the_user(message: str, value: str) -> None:
    claims, _ = _read(message)
    assert any(value in c.object and c.subject == "user" for c in claims), claims
    assert not [c for c in claims if c.subject == "project"], claims


@pytest.mark.parametrize("message,value", [
    ("我们项目用的是 pnpm", "pnpm"),
    ("我们组用的是 GitLab", "GitLab"),
    ("我们公司用钉钉", "钉钉"),
])
def test_a_team_holder_stays_the_project(message: str, value: str) -> None:
    claims, _ = _read(message)
    assert any(value in c.object and c.subject == "project" for c in claims), claims


@pytest.mark.parametrize("message", [
    "我家那位是程序员，天天加班",
    "我家老大用的是 iPad",
    "我家狗狗特别喜欢吃鸡胸肉",
])
def test_a_household_member_is_not_the_household(message: str) -> None:
    claims, _ = _read(message)
    assert not [c for c in claims if c.subject == "user" and c.predicate in ("uses", "role", "prefers")], claims


# ---- a one-character object keeps its verb -----------------------------------------------------------------------
VERB_OBJECT = [
    ("我不抽烟", "抽烟", "negative"),
    ("我不抽烟的，别推荐雪茄吧", "抽烟", "negative"),
    ("我不喝酒的哈", "喝酒", "negative"),
    ("我已经不再喝酒了哈", "喝酒", "negative"),
    ("我基本不喝酒", "喝酒", "negative"),
    ("我最近在学车，科目二老挂", "学车", "positive"),
    ("我最近在学车哈", "学车", "positive"),
    ("我不开车，出门都打车", "开车", "negative"),
    ("我从来不开车的", "开车", "negative"),
    ("我不抽烟也不喝酒", "抽烟", "negative"),
    ("我平时不喝酒，偶尔喝点啤酒", "喝酒", "negative"),
    ("我们老板不抽烟，我也不抽烟", "抽烟", "negative"),
    ("我不喝茶，喝了睡不着", "喝茶", "negative"),
    ("我不吃肉，吃了难受", "吃肉", "negative"),
    ("我从来不吃鱼，有刺", "吃鱼", "negative"),
    ("我不吃蛋", "吃蛋", "negative"),
    ("我已经不抽烟了", "抽烟", "negative"),
    ("我不太喝酒哈", "喝酒", "negative"),
    ("我現在不開車了", "開車", "negative"),
    ("我不抽菸", "抽菸", "negative"),
    ("我最近在學車", "學車", "positive"),
    ("我不喝酒，聚会都喝饮料", "喝酒", "negative"),
    ("我不吃辣，一点都不行", "吃辣", "negative"),
    ("我不吃葱，别放葱", "吃葱", "negative"),
    ("我不吃糖", "吃糖", "negative"),
    ("我不喝奶", "喝奶", "negative"),
    ("我晚上不喝水", "喝水", "negative"),
    ("我一般不坐船，会晕", "坐船", "negative"),
    ("我不开车的，都坐地铁", "开车", "negative"),
    ("我不吃姜，味道受不了", "吃姜", "negative"),
]


@pytest.mark.parametrize("message,obj,polarity", VERB_OBJECT)
def test_a_one_character_object_keeps_its_verb(message: str, obj: str, polarity: str) -> None:
    claims, _ = _read(message)
    mine = [c for c in claims if c.subject == "user" and obj in c.object]
    assert mine and mine[0].polarity == polarity, claims
    assert not [c for c in claims if c.subject == "user" and len(c.object) == 1], claims


def test_also_not_is_a_second_habit() -> None:
    claims, _ = _read("我不抽烟也不喝酒")
    assert sorted((c.object, c.polarity) for c in claims) == [("喝酒", "negative"), ("抽烟", "negative")], claims


def test_the_stored_text_says_the_verb_once() -> None:
    from langmem_nodes.write.extractor import render
    rendered = [render(c, "zh") for c in _read("我不抽烟")[0] + _read("我在学车")[0] + _read("我不喝酒的")[0]]
    assert rendered and all("抽抽" not in r and "学学" not in r and "喝喝" not in r and "吃喝" not in r for r in rendered), rendered


# ---- an object that only points at something in front of the user ------------------------------------------------
DEICTIC = [
    "我真的受不了这种写法，太啰嗦了",
    "我很喜欢这种风格",
    "我比较喜欢那样的",
    "配置用团队统一那份",
    "我不喜欢这样的写法",
    "我挺喜欢这种的",
    "我讨厌这种格式",
    "我喜欢这样的配色",
    "我受不了那种颜色",
    "代码风格用公司统一那套",
    "我最喜欢这种",
    "我不喜欢那样写",
    "我很讨厌这种排版",
    "我特别喜欢这样的回答",
    "我受不了這種寫法",
    "我不太喜欢这样",
    "我喜欢这类的",
    "我受不了这种语气",
    "我们的 lint 配置用组里统一那份就行",
    "我用的是同事给的那份",
    "我更喜欢刚才那种",
    "我喜欢上面那种",
    "我喜欢前面那个写法",
    "我不喜欢下面这种",
    "我比较喜欢第二种",
    "我喜欢第一个方案",
    "我更倾向于后面那个",
    "我喜歡這樣的風格",
    "我喜欢你刚才那种写法",
    "我用的就是默认那套",
]


@pytest.mark.parametrize("message", DEICTIC)
def test_an_object_that_only_points_names_nothing(message: str) -> None:
    claims, _ = _read(message)
    assert not [c for c in claims if c.subject in ("user", "project")], claims


@pytest.mark.parametrize("message,value", [
    ("我喜欢那种简洁一点的回答", "简洁"),
    ("项目代码规范用的 Airbnb 那套", "Airbnb"),
    ("我最烦那种一上来就长篇大论的回答", "长篇大论"),
    ("以后别给我推荐那种网红店了", "网红店"),
    ("我不喜欢那种恐怖片", "恐怖片"),
    ("我喜欢这种机械键盘", "机械键盘"),
])
def test_a_kind_described_or_named_still_counts(message: str, value: str) -> None:
    claims, _ = _read(message)
    assert any(value in c.object for c in claims), claims


# ---- "尤其是 / 特别是 X" narrows the liking before it: one record -----------------------------------------------------
NARROWED = [
    ("我喜欢喝奶茶，尤其是芋泥波波", "奶茶", "芋泥波波"),
    ("我很喜欢看电影，特别是科幻片", "电影", "科幻片"),
    ("我爱吃辣的，尤其是湖南菜", "辣", "湖南菜"),
    ("我超喜欢听播客，尤其是科技类的", "播客", "科技类"),
    ("我喜欢打游戏，特别是 RPG", "游戏", "RPG"),
    ("我很爱吃水果，尤其是芒果", "水果", "芒果"),
    ("我喜欢看书，尤其是推理小说", "看书", "推理小说"),
    ("我挺喜欢日料的，特别是寿司", "日料", "寿司"),
    ("我喜欢户外运动，尤其是徒步", "户外运动", "徒步"),
    ("我喜欢听歌，尤其是周杰伦的", "听歌", "周杰伦"),
    ("我很喜歡喝手搖飲，尤其是珍奶", "手搖飲", "珍奶"),
    ("我喜欢看动漫，尤其是宫崎骏的", "动漫", "宫崎骏"),
    ("我喜欢喝咖啡，特别是手冲", "咖啡", "手冲"),
    ("我爱吃甜的，尤其是蛋糕", "甜", "蛋糕"),
    ("我喜欢看美剧，尤其是悬疑的", "美剧", "悬疑"),
    ("我很喜欢猫，特别是橘猫", "猫", "橘猫"),
    ("我喜欢吃面，尤其是牛肉面", "面", "牛肉面"),
    ("我喜欢听古典乐，尤其是巴赫", "古典乐", "巴赫"),
    ("我喜欢玩桌游，特别是狼人杀", "桌游", "狼人杀"),
    ("我喜欢 functional 的写法，尤其是 Haskell 那种", "functional", "Haskell"),
    ("我很喜欢吃海鲜，尤其是螃蟹哈", "海鲜", "螃蟹"),
    ("我喜欢看纪录片，尤其是 BBC 的", "纪录片", "BBC"),
    ("我喜欢喝茶，特别是普洱", "茶", "普洱"),
    ("我喜欢爬山，尤其是秋天去", "爬山", "秋天"),
    ("我喜欢读历史，特别是宋朝的", "历史", "宋朝"),
    ("我喜欢吃甜品，尤其是提拉米苏", "甜品", "提拉米苏"),
    ("我喜歡聽 podcast，尤其是商業類的", "podcast", "商業類"),
    ("我喜欢看球，尤其是 NBA", "看球", "NBA"),
    ("我喜欢玩 switch 游戏，特别是塞尔达", "switch", "塞尔达"),
    ("我挺喜欢川菜的，尤其是水煮鱼", "川菜", "水煮鱼"),
]


@pytest.mark.parametrize("message,broad,narrow", NARROWED)
def test_a_narrowing_is_one_record_with_both(message: str, broad: str, narrow: str) -> None:
    claims, _ = _read(message)
    mine = [c for c in claims if c.subject == "user" and c.polarity == "positive"]
    assert len(mine) == 1 and broad in mine[0].object and narrow in mine[0].object, claims


# ---- 要是 inside a word is no "if" -----------------------------------------------------------------------------------
@pytest.mark.parametrize("message", [
    "我喜欢听歌，主要是周杰伦的",
    "我用的编辑器主要是 Neovim",
    "我做的主要是后端",
    "只要是 Python 的活我都接",
])
def test_zhuyaoshi_is_no_condition(message: str) -> None:
    claims, skips = _read(message)
    assert not [s for s in skips if s["reason"] == "hypothetical"], skips


# ---- a named object ends where its frame closes (用 X 训的, 是 X 的) ---------------------------------------------------
OBJECT_END = [
    ("我们组在做推荐，模型用 PyTorch 训的", "PyTorch"),
    ("我用 Mac 的", "Mac"),
    ("我用 Arch 的哈", "Arch"),
    ("我们用 Kafka 做消息队列的", "Kafka"),
    ("我们的服务是 Go 写的", "Go"),
    ("我们用 Terraform 管的", "Terraform"),
    ("我用 Kindle 看书的", "Kindle"),
    ("我们的 CI 用 GitHub Actions 跑的", "GitHub Actions"),
    ("我用 Zotero 管文献的", "Zotero"),
    ("我们的文档用 Confluence 写的", "Confluence"),
    ("我们用 Flask 搭的", "Flask"),
    ("我用 Excel 做的", "Excel"),
]


@pytest.mark.parametrize("message,value", [
    ("我们用 Python 都是 3.11", "3.11"),
    ("我用 Mac 都是 M2 的", "M2"),
    ("我们用 Java 还是 8", "8"),
    ("我们用的 Postgres 都是 15", "15"),
    ("我用 iPhone 也是 15 Pro", "15 Pro"),
    ("我用 Mac 一直用的是 Chrome", "Chrome"),
    ("我们用 Node 16 不能用 fetch", "fetch"),
    ("我们用的是 MySQL 5.7 不支持窗口函数", "不支持窗口函数"),
])
def test_a_value_said_after_the_name_is_not_cut(message: str, value: str) -> None:
    claims, _ = _read(message)
    assert any(value in c.object for c in claims), claims


@pytest.mark.parametrize("message,value", OBJECT_END)
def test_a_named_object_ends_where_its_frame_closes(message: str, value: str) -> None:
    claims, _ = _read(message)
    mine = [c for c in claims if c.polarity == "positive" and c.object.lower().startswith(value.lower()[:3])]
    assert mine and mine[0].object.strip() == value, claims


def test_a_reminder_frames_only_its_own_clause() -> None:
    claims, _ = _read("每周一早上提醒我写周报，还有我们周报是用飞书文档写的")
    assert [c.object for c in claims if c.subject == "project"] == ["飞书文档"] or any("飞书" in c.object for c in claims), claims
    assert not [c for c in claims if "提醒" in c.object], claims


# ---- a complaint about the answers is no rule ------------------------------------------------------------------------
COMPLAINTS = [
    "你每次回答都好长啊",
    "你的回答总是太长了",
    "你的回答都好啰嗦",
    "你回复都好慢啊",
    "你的解释太复杂了",
    "你的翻译有点生硬",
    "你的回答怎么这么长",
    "你每次回复都这么长吗",
    "你的總結太長了",
    "你的回答真的好长哈",
    "你的讲解太快了",
    "你的输出太乱了",
    "你的答案都好短",
    "你的回答老是太长了",
    "你的回答有点啰嗦",
    "你每次回答都超长",
    "你的解释很绕",
    "你的回复特别官方",
    "你的回答总是那么官方",
    "你的回答又太长了",
    "你的回答太书面了",
    "你的回答挺啰嗦的",
    "你每次回答都巨长",
    "你的翻译很奇怪",
    "你的总结太简单了",
    "你的解释有点乱",
    "你的回答都好长好长",
    "你的回复太短了吧",
    "你的回答总是很慢",
    "你的講解太複雜了",
]


@pytest.mark.parametrize("message", COMPLAINTS)
def test_a_complaint_about_answers_is_no_rule(message: str) -> None:
    claims, _ = _read(message)
    assert not [c for c in claims if c.predicate == "rule"], claims


@pytest.mark.parametrize("message,value", [
    ("以后回答简短一点", "简短"),
    ("以后回答尽量短一点哈", "短"),
    ("你以后都用中文回复", "中文"),
])
def test_a_request_about_answers_is_still_a_rule(message: str, value: str) -> None:
    claims, _ = _read(message)
    assert any(value in c.object for c in claims), claims


# ---- the side of the code written, said as the job -------------------------------------------------------------------
@pytest.mark.parametrize("message,place,role", [
    ("我在一家做跨境电商的公司写后端", "跨境电商", "后端"),
    ("我在字节写后端", "字节", "后端"),
    ("我在腾讯写前端，主要是 React", "腾讯", "前端"),
    ("我在一家做游戏的公司写客户端", "游戏", "客户端"),
    ("我在美团写 iOS", "美团", "iOS"),
    ("我在一家做物联网的公司写嵌入式", "物联网", "嵌入式"),
    ("我在蔚来写安卓", "蔚来", "安卓"),
    ("我在一家做金融的公司写服务端", "金融", "服务端"),
    ("我在快手写算法", "快手", "算法"),
    ("我在一家做 SaaS 的公司写全栈", "SaaS", "全栈"),
    ("我在小米寫後端", "小米", "後端"),
])
def test_writing_a_side_of_the_code_is_the_job(message: str, place: str, role: str) -> None:
    claims, _ = _read(message)
    assert any(c.predicate == "works_at" and place in c.object for c in claims), claims
    assert any(c.predicate == "role" and c.object == role for c in claims), claims


def test_writing_code_somewhere_is_no_job_title() -> None:
    claims, _ = _read("我在字节写代码")
    assert not [c for c in claims if c.predicate == "role"], claims


# ---- a ranking prefers its second thing --------------------------------------------------------------------------------
RANKED = [
    ("比起 VS Code 我更喜欢用 Vim", "Vim", "VS Code"),
    ("比起咖啡我更爱喝茶", "茶", "咖啡"),
    ("跟 React 比，我还是更喜欢 Vue", "Vue", "React"),
    ("比起 Windows 我更习惯 macOS", "macOS", "Windows"),
    ("和 PyCharm 比我更喜欢 VS Code", "VS Code", "PyCharm"),
    ("比起看视频我更喜欢看文档", "文档", "视频"),
    ("比起米饭我更喜欢吃面", "面", "米饭"),
    ("相比于 Java 我更喜欢写 Kotlin", "Kotlin", "Java"),
    ("比起猫我更喜欢狗", "狗", "猫"),
    ("比起 yarn 我其实更喜欢 pnpm", "pnpm", "yarn"),
    ("比起爬山我更爱游泳", "游泳", "爬山"),
    ("比起 Notion 我个人更喜欢 Obsidian", "Obsidian", "Notion"),
    ("比起奶茶我比较喜欢喝果茶", "果茶", "奶茶"),
    ("比起 tab 我更喜欢空格缩进", "空格", "tab"),
    ("比起電影我更喜歡看影集", "影集", "電影"),
]


@pytest.mark.parametrize("message,liked,against", RANKED)
def test_a_ranking_prefers_its_second_thing(message: str, liked: str, against: str) -> None:
    claims, _ = _read(message)
    assert any(liked in c.object and c.polarity == "positive" for c in claims), claims
    assert not [c for c in claims if against in c.object], claims


# ---- both clauses of a compound sentence are kept (issue 16's kind 6, own variants) -----------------------------------
@pytest.mark.parametrize("message,first,second", [
    ("我在深圳上班，时区是东八区", "深圳", "东八区"),
    ("我在成都工作哈，时区是东八区", "成都", "东八区"),
    ("我在柏林工作，时区是东一区", "柏林", "东一区"),
    ("我平时写代码都用 Rust，别给我推荐 C++ 的方案", "Rust", "C++"),
    ("我写后端一直用 Go，别给我 Java 的例子", "Go", "Java"),
    ("我一直用 Python 写脚本，别给我推荐 Perl 的写法", "Python", "Perl"),
    ("我在台北上班，時區是東八區", "台北", "東八區"),
])
def test_both_clauses_of_a_compound_are_kept(message: str, first: str, second: str) -> None:
    claims, _ = _read(message)
    assert any(first in c.object for c in claims) and any(second in c.object for c in claims), claims
