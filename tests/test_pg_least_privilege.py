"""A least-privilege PostgreSQL role (newcomer15 M3): every open ran `CREATE TABLE IF NOT EXISTS`, so a role with
only SELECT/INSERT/UPDATE/DELETE on the existing tables could not open the store, and the CLI printed a traceback.
Now the DDL runs only when the tables are missing or of another version; a role that may not run it gets one
clear error (the CLI: one `error:` line, exit 2)."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from langmem_nodes import MemoryStore
from langmem_nodes.cli import main
from langmem_nodes.store.postgres import DatabasePermissionError

pytestmark = pytest.mark.integration


def _role(cluster, grants: str, schema: str) -> str:
    name = f"app_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(cluster.url, autocommit=True) as conn:
        conn.execute(f'CREATE ROLE "{name}" LOGIN')
        conn.execute(f'GRANT USAGE ON SCHEMA "{schema}" TO "{name}"')
        if grants:
            conn.execute(f'GRANT {grants} ON ALL TABLES IN SCHEMA "{schema}" TO "{name}"')
    return name


def _as(url: str, role: str) -> str:
    return url.replace("postgresql://postgres@", f"postgresql://{role}@")


def test_a_role_with_only_dml_grants_opens_a_store_the_owner_created(postgres, tmp_path):
    url = postgres.new_schema()
    schema = url.rsplit("%3D", 1)[1]
    with MemoryStore(tmp_path / "owner", embedder="hashing", database_url=url) as store:
        from langmem_nodes.records import MemoryRecord, Scope

        store.commit(add=[MemoryRecord(text="User prefers tabs", scope=Scope(user_id="ada")),
                          MemoryRecord(text="用户喜欢用制表符缩进", scope=Scope(user_id="ada"))])
    role = _role(postgres, "SELECT, INSERT, UPDATE, DELETE", schema)
    with MemoryStore(tmp_path / "app", embedder="hashing", database_url=_as(url, role)) as store:
        from langmem_nodes.governance.admin import MemoryAdmin

        texts = sorted(m["text"] for m in MemoryAdmin(store).list({"user_id": "ada"}))
        assert texts == ["User prefers tabs", "用户喜欢用制表符缩进"]


def test_a_role_that_may_not_create_the_tables_gets_one_clear_error(postgres, tmp_path, capsys):
    url = postgres.new_schema()
    schema = url.rsplit("%3D", 1)[1]
    role = _role(postgres, "", schema)  # USAGE only: no CREATE on the empty schema
    with pytest.raises(DatabasePermissionError, match="may not create or update the memory tables"):
        MemoryStore(tmp_path / "app", embedder="hashing", database_url=_as(url, role))
    for text in ("Remember that I prefer tabs.", "记住：我喜欢用制表符缩进。"):
        code = main(["remember", text, "--user", "ada", "--home", str(tmp_path / "cli"), "--embedder", "hashing",
                     "--database-url", _as(url, role)])
        assert code == 2
        err = capsys.readouterr().err
        assert "may not create or update the memory tables" in err and "Traceback" not in err
