"""`python -m evals retrieval|abstain --help` shows the input files' shape (newcomer16 M6: it had to be found by
trial and error from "missing 'scope'" / "missing 'users'")."""

from __future__ import annotations

import pytest

from evals import abstain, retrieval


@pytest.mark.parametrize("module, keys", [(retrieval, ['"scope"', '"gold"', '"created_at"', "JSONL"]),
                                          (abstain, ['"users"', '"memories"', '"queries"', '"gold"', '"days"'])])
def test_help_shows_the_input_shape(module, keys, capsys):
    with pytest.raises(SystemExit):
        module.main(["--help"])
    shown = capsys.readouterr().out
    assert all(key in shown for key in keys), [k for k in keys if k not in shown]
