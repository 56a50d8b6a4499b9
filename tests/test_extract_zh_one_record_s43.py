"""Casual Chinese chat (and its English twins): one fact, one record.

- a choice said beside a prohibition of its alternative ("我用的是 fish，别给我 bash 的写法") is stored (the
  prohibition stays a record of its own: issue 16 lists "…用 Go，别给我推荐 Java 的方案" as a clause not to drop);
- a pet and its name are one record holding both ("我养了一只柯基，叫豆豆" → 豆豆（柯基）) (`pet_named`, Chinese only).
Cases written for this change (stop 43), not taken from any eval set.
"""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor
from langmem_nodes.write.extractor import render

EX = RuleExtractor()


def _claims(message: str):
    return [c for c, *_ in EX.claims(message)]


# (message, the choice kept, the alternative it is said beside)
FOILS = [
    ('我平时用 pnpm 哈，别给我 npm 的命令', 'pnpm', 'npm 的命令'),
    ('我用 Mac 的，别给我 Windows 的快捷键啦', 'Mac', 'Windows'),
    ('我习惯用 tab 缩进，别给我空格哈', 'tab', '空格'),
    ('回答用中文就行，别给我整英文', '中文', '英文'),
    ('我用的是 fish，别给我 bash 的写法嘛', 'fish', 'bash'),
    ('我用 Arch Linux，不要给我 apt 的命令啊', 'Arch', 'apt'),
    ('以后画图用 mermaid，别给我 ASCII 图了', 'mermaid', 'ASCII'),
    ('我喝咖啡只喝美式，别给我推荐拿铁了哈', '美式', '拿铁'),
    ('我是用 yarn 的，别给我 pnpm 命令呀', 'yarn', 'pnpm 命令'),
    ('前端我们用 Vue 3，别给我 React 的例子哈', 'Vue 3', 'React'),
    ('我喜欢看纪录片，别给我推荐综艺了', '纪录片', '综艺'),
    ('我只用 Chrome，别给我讲 Safari 的设置', 'Chrome', 'Safari'),
    ('我们用 MySQL 8，别给我写 PG 的语法', 'MySQL 8', 'PG'),
    ('以后配色都给我暗色主题，别整亮色的了', '暗色', '亮色'),
    ('我们部署用 Docker Compose 哦，别给我讲 k8s 那套', 'Docker Compose', 'k8s'),
    ('我用 Emacs 写代码的，别给我 Vim 的快捷键哈', 'Emacs', 'Vim'),
    ('我平时用 Linux 桌面，你别给我 macOS 的步骤了', 'Linux', 'macOS'),
    ('我一般用 Python 写脚本，别给我 Perl 的写法哈', 'Python', 'Perl'),
    ('我用 iPhone 的哈，别给我安卓的教程', 'iPhone', '安卓'),
    ('我们项目用 Gradle，别给我 Maven 的配置嘛', 'Gradle', 'Maven'),
    ('我习惯用 Postman 调接口，别给我 curl 命令了', 'Postman', 'curl'),
    ('我用的是 PyCharm，别给我讲 VS Code 插件啦', 'PyCharm', 'VS Code'),
    ('我只喝绿茶哈，别给我推荐奶茶', '绿茶', '奶茶'),
    ('我喜欢听播客，别给我推荐有声书了', '播客', '有声书'),
    ('我们用 GitLab CI 的，别给我 GitHub Actions 的 yaml 哈', 'GitLab CI', 'GitHub Actions'),
    ('我平时用 Notion 记笔记，别给我推荐 Obsidian 了', 'Notion', 'Obsidian'),
    ('我们后端用 Go，别给我 Java 的示例呀', 'Go', 'Java'),
    ('我用 Windows 的，千万别给我 brew 的命令', 'Windows', 'brew'),
    ('我平常用微信支付，别给我讲支付宝的流程', '微信支付', '支付宝'),
    ('我喜欢吃川菜，别给我推荐粤菜了哈', '川菜', '粤菜'),
    ('我用 Firefox 的，别老给我 Chrome 扩展', 'Firefox', 'Chrome'),
    ("I use Vim, don't give me VS Code shortcuts.", 'Vim', 'VS Code'),
    ("I use pnpm, don't give me npm commands.", 'pnpm', 'npm'),
    ("I'm on Arch, don't give me apt commands please.", 'Arch', 'apt'),
]


@pytest.mark.parametrize("message,choice,foil", FOILS)
def test_the_choice_beside_a_prohibition_is_stored(message: str, choice: str, foil: str) -> None:
    assert any(choice.lower() in c.object.lower() and c.polarity == "positive" for c in _claims(message)), _claims(message)


# the prohibition first: it stays the user's negative rule
PROHIBITION_FIRST = [
    ("千万别在脚本里直接 rm -rf，之前被坑过一次，以后统一 mv 到回收目录", "rm -rf", "mv"),
    ("别给我 force push，我们一律用 --force-with-lease", "force push", "force-with-lease"),
    ("Don't give me force push, always use --force-with-lease.", "force push", "force-with-lease"),
]


@pytest.mark.parametrize("message,rule,alternative", PROHIBITION_FIRST)
def test_prohibition_first_keeps_the_prohibition(message: str, rule: str, alternative: str) -> None:
    claims = _claims(message)
    assert [c.polarity for c in claims if rule in c.object] == ["negative"], claims


# not a foil: two facts, a fact about the person, or two sentences
BOTH_KEPT = [
    ("我喜欢猫，不喜欢狗", [("猫", "positive"), ("狗", "negative")]),
    ("我用 fish。别给我 bash 的写法", [("fish", "positive"), ("bash", "negative")]),
    ("我已经全换成 Mac 了，所以别再给我 PowerShell 的命令哈", [("Mac", "positive"), ("PowerShell", "negative")]),
    ("我平时用 pnpm，所以别给我 npm 的命令", [("pnpm", "positive"), ("npm", "negative")]),
    ("I like cats but I don't like dogs", [("cats", "positive"), ("dogs", "negative")]),
]


@pytest.mark.parametrize("message,expected", BOTH_KEPT)
def test_not_a_foil_keeps_both(message: str, expected: list[tuple[str, str]]) -> None:
    claims = _claims(message)
    for value, polarity in expected:
        assert any(value in c.object and c.polarity == polarity for c in claims), (value, claims)


# (message, what the pet is, its name): one record holds both
PETS = [
    ('我养了一只柯基，叫豆豆', '柯基', '豆豆'),
    ('我养了只布偶猫，叫奶糖', '布偶', '奶糖'),
    ('家里有只柯基，叫可乐，今年三岁了', '柯基', '可乐'),
    ('我养了只柯基叫可乐，三岁了', '柯基', '可乐'),
    ('我家狗狗豆豆是柯基哈', '柯基', '豆豆'),
    ('我养了一只金毛，叫旺财，特别能吃', '金毛', '旺财'),
    ('我家有只橘猫名叫大黄', '橘猫', '大黄'),
    ('我们家养了只柴犬，叫小八', '柴犬', '小八'),
    ('我养了只英短，叫团子，胖得不行😂', '英短', '团子'),
    ('我家有一只哈士奇，叫二哈，天天拆家', '哈士奇', '二哈'),
    ('我养了条边牧，名字叫闪电', '边牧', '闪电'),
    ('家里养了只布偶，叫年糕', '布偶', '年糕'),
    ('我有只暹罗猫，叫咖啡', '暹罗', '咖啡'),
    ('我养了只泰迪，叫球球', '泰迪', '球球'),
    ('我家柯基叫可乐', '柯基', '可乐'),
    ('我的布偶叫团子', '布偶', '团子'),
    ('我养了只萨摩耶，叫雪球，超级粘人', '萨摩耶', '雪球'),
    ('我家有只狸花猫，叫虎子，可凶了', '狸花', '虎子'),
    ('我养了一只比熊，叫棉花', '比熊', '棉花'),
    ('我养了只美短，叫可可', '美短', '可可'),
    ('我们养了一只叫豆豆的柯基', '柯基', '豆豆'),
    ('我家里有只拉布拉多，叫黑炭', '拉布拉多', '黑炭'),
    ('我养了只蓝猫，它叫灰灰', '蓝猫', '灰灰'),
    ('我养了一只法斗，叫包子，打呼噜超响', '法斗', '包子'),
    ('我家狗狗可乐是金毛', '金毛', '可乐'),
    ('我养了只德牧，叫黑风', '德牧', '黑风'),
    ('我有条柴犬叫阿黄', '柴犬', '阿黄'),
    ('我养了只加菲，叫肥肥', '加菲', '肥肥'),
    ('我家有只博美，叫豆包', '博美', '豆包'),
    ('家里养了一只橘猫，叫胖虎，十斤了', '橘猫', '胖虎'),
    ('我养了只田园犬，叫小黑', '田园犬', '小黑'),
    ('我家猫是布偶，叫雪糕', '布偶', '雪糕'),
]


@pytest.mark.parametrize("message,kind,name", PETS)
def test_pet_and_its_name_are_one_record(message: str, kind: str, name: str) -> None:
    about = [c for c in _claims(message) if kind.lower() in c.object.lower() or name.lower() in c.object.lower()]
    assert len(about) == 1 and kind.lower() in about[0].object.lower() and name.lower() in about[0].object.lower(), about


def test_pet_name_renders_without_repeating_the_kind() -> None:
    (claim,) = _claims("我养了一只柯基，叫豆豆")
    assert render(claim, "zh") == "用户的柯基叫豆豆"


@pytest.mark.parametrize("message,kept", [("我养了两只猫", "两只猫"), ("我们家养了只柴犬", "柴犬"), ("我有一只猫", "猫")])
def test_kept_animal_count_and_household(message: str, kept: str) -> None:
    assert [c.object for c in _claims(message) if c.predicate == "has"] == [kept]
