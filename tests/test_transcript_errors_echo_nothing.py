"""A transcript's parse error names the file, the line and the problem, never the line's text: the line may
hold a credential, and errors end up in terminal and CI logs (red-team rt6 M2)."""

from __future__ import annotations

import pytest

from langmem_nodes.cli import main
from langmem_nodes.conversation import parse_transcript


@pytest.mark.parametrize("line", ["the vault key is Gq7vaultZZ97", "保险箱密码是 Gq7vaultZZ97"])
def test_a_line_without_a_speaker_is_named_not_shown(line):
    with pytest.raises(ValueError, match="line 1: expected 'Speaker: text'") as err:
        parse_transcript(f"{line}\nUser: hi\n")
    assert "Gq7vaultZZ97" not in str(err.value)


def test_cli_import_conversation_error_does_not_echo_the_line(tmp_path, capsys):
    path = tmp_path / "t.txt"
    path.write_text("the vault key is Gq7vaultZZ97\nUser: hi\n", encoding="utf-8")
    code = main(["--home", str(tmp_path / "home"), "--embedder", "hashing", "import-conversation", str(path),
                 "--user", "ada"])
    out = capsys.readouterr()
    assert code == 2 and f"transcript {path}: line 1: expected 'Speaker: text'" in out.err
    assert "Gq7vaultZZ97" not in out.err + out.out
