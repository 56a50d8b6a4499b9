"""A single query's encode runs on two ONNX threads only where a core is free: the gate's decisions (affinity,
cgroup quota, load average, CPU pressure, hysteresis, reuse), the lazy two-thread twin session, the setting's
validation, and the twin's vectors and selected ids against the one-thread session's (packaged models)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import numpy as np
import pytest

from langmem_nodes import core_gate
from langmem_nodes.core_gate import CoreGate, cgroup_cpu_limit, cpu_pressure
from langmem_nodes.query_session import QuerySessions, query_threads_setting


class Readings:
    """Settable load / pressure / cores, counting how often each is read."""

    def __init__(self, load: float | None = 0.5, pressure: float | None = None, cores: float = 2) -> None:
        self.load_value, self.pressure_value, self.cores_value = load, pressure, cores
        self.reads = 0

    def gate(self, ttl: float = 0.0, clock=time.monotonic) -> CoreGate:  # type: ignore[no-untyped-def]
        return CoreGate(cores=lambda: self.cores_value, load=self._load, pressure=lambda: self.pressure_value,
                        own_cpu=lambda: 0.0, ttl=ttl, clock=clock)

    def _load(self) -> float | None:
        self.reads += 1
        return self.load_value


# -- the gate -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cores", "load", "pressure", "open_"), [
    (2, 0.6, None, True),     # a quiet 2-core machine: a core for the caller, most of another spare
    (2, 0.5, 5.0, True),      # little waiting for a CPU
    (2, 0.8, None, False),    # less than 0.3 of a core spare beside the caller
    (2, 1.6, None, False),
    (2, 9.0, None, False),    # loaded
    (2, 0.4, 35.0, False),    # low load average, but tasks wait for a CPU (the average lags a burst)
    (1, 0.0, 0.0, False),     # one usable core: nothing to spare
    (1.5, 0.2, None, False),  # a cgroup quota of 1.5 cores
    (4, 2.5, None, True),
    (4, 2.8, None, False),
    (2, None, None, True),    # no load average on this platform: cores alone
])
def test_gate_decides_from_cores_load_and_pressure(cores, load, pressure, open_):
    assert Readings(load, pressure, cores).gate()() is open_


def test_gate_hysteresis_keeps_its_choice_near_the_threshold():
    r = Readings(load=0.6)
    gate = r.gate()
    seen = []
    for load in (0.6, 0.9, 1.1, 0.9, 0.75, 0.65, 0.95):
        r.load_value = load
        seen.append(gate())
    # opens with >= 0.3 of a core spare beside the caller's, shuts only when none is, opens again at >= 0.3
    assert seen == [True, True, False, False, False, True, True]


def test_gate_discounts_this_process_own_cpu_use():
    """A process busy on 1.6 cores (its calling thread and its second one) for two minutes, at load 1.7: the other
    work is ~0.3 of a core, so its own second thread does not shut the gate; the same load without it does."""
    now, cpu = [0.0], [0.0]
    busy = CoreGate(cores=lambda: 2, load=lambda: 1.7, pressure=lambda: None, own_cpu=lambda: cpu[0],
                    ttl=1.0, clock=lambda: now[0])
    idle = CoreGate(cores=lambda: 2, load=lambda: 1.7, pressure=lambda: None, own_cpu=lambda: 0.0,
                    ttl=1.0, clock=lambda: now[0])
    for _ in range(120):
        busy(), idle()
        now[0] += 1.0
        cpu[0] += 1.6
    assert busy() and not idle()
    assert busy.own_load == pytest.approx(1.6 * (1 - np.exp(-2)), rel=0.02) and idle.own_load == 0.0


def test_gate_pressure_hysteresis():
    r = Readings(load=0.5, pressure=10.0)
    gate = r.gate()
    seen = []
    for p in (10.0, 30.0, 45.0, 30.0, 15.0):
        r.pressure_value = p
        seen.append(gate())
    assert seen == [True, True, False, False, True]


def test_gate_reuses_a_decision_for_its_ttl():
    now = [100.0]
    r = Readings(load=0.5)
    gate = r.gate(ttl=1.0, clock=lambda: now[0])
    assert gate() and r.reads == 1
    r.load_value = 5.0
    now[0] += 0.5
    assert gate() and r.reads == 1  # within the ttl: the old reading
    now[0] += 0.6
    assert not gate() and r.reads == 2


def _cgroup(tmp_path: Path, proc: str, files: dict[str, str]) -> tuple[Path, Path]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    (tmp_path / "cgroup").write_text(proc)
    return tmp_path, tmp_path / "cgroup"


@pytest.mark.parametrize(("proc", "files", "limit"), [
    ("0::/box\n", {"box/cpu.max": "150000 100000\n"}, 1.5),
    ("0::/box\n", {"box/cpu.max": "max 100000\n"}, None),
    ("4:cpu,cpuacct:/job\n", {"cpu,cpuacct/job/cpu.cfs_quota_us": "50000", "cpu,cpuacct/job/cpu.cfs_period_us": "100000"}, 0.5),
    ("1:cpu:/\n", {"cpu/cpu.cfs_quota_us": "-1", "cpu/cpu.cfs_period_us": "100000"}, None),
    ("1:cpu:/\n", {}, None),  # files not readable
])
def test_cgroup_cpu_limit_reads_v1_and_v2(tmp_path, proc, files, limit):
    root, proc_file = _cgroup(tmp_path, proc, files)
    assert cgroup_cpu_limit(root, proc_file) == limit


def test_usable_cores_is_capped_by_the_cgroup_quota(monkeypatch):
    monkeypatch.setattr(core_gate.os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.setattr(core_gate, "cgroup_cpu_limit", lambda: 1.0)
    assert core_gate.usable_cores() == 1.0
    monkeypatch.setattr(core_gate, "cgroup_cpu_limit", lambda: None)
    assert core_gate.usable_cores() == 4


def test_cpu_pressure_reads_some_avg10(tmp_path):
    f = tmp_path / "cpu"
    f.write_text("some avg10=12.50 avg60=3.00 avg300=1.00 total=42\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")
    assert cpu_pressure(f) == 12.5
    assert cpu_pressure(tmp_path / "missing") is None


# -- the setting ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "expected"), [("auto", "auto"), (1, 1), (2, 2), ("1", 1), (" 2 ", 2)])
def test_setting_accepts_auto_one_two(value, expected):
    assert query_threads_setting(value) == expected


@pytest.mark.parametrize("value", [0, 3, "3", "two", True, 1.5, "", "-1"])
def test_setting_rejects_anything_else(value):
    with pytest.raises(ValueError, match="query_threads"):
        query_threads_setting(value)


def test_setting_from_the_environment(monkeypatch):
    monkeypatch.delenv("LANGMEM_QUERY_THREADS", raising=False)
    assert query_threads_setting() == "auto"
    monkeypatch.setenv("LANGMEM_QUERY_THREADS", "1")
    assert query_threads_setting() == 1
    monkeypatch.setenv("LANGMEM_QUERY_THREADS", "4")
    with pytest.raises(ValueError, match=r"\$LANGMEM_QUERY_THREADS"):
        query_threads_setting()


def test_embedders_validate_before_loading_a_model():
    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.embeddings import MiniLMEmbedder

    for cls in (MiniLMEmbedder, E5Embedder):
        with pytest.raises(ValueError, match="query_threads"):
            cls(query_threads=3)


# -- the lazy twin --------------------------------------------------------------------------------------------
def test_twin_loads_in_the_background_when_the_gate_first_opens_and_is_reused():
    made: list[int] = []
    free = [False]
    release = threading.Event()

    def make(n: int) -> object:
        assert release.wait(5)
        made.append(n)
        return object()

    sessions = QuerySessions(make, base_threads=1, setting="auto", gate=lambda: free[0])
    assert sessions.pick() is None and sessions.twin is None and not sessions.wait(0) and made == []
    free[0] = True
    assert sessions.pick() is None  # loading: this query runs on the encoder's own session, not waiting
    assert sessions.pick() is None and not sessions.wait(0)
    release.set()
    assert sessions.wait(5) and made == [2]
    twin = sessions.pick()
    assert twin is not None and sessions.pick() is twin and made == [2]
    free[0] = False
    assert sessions.pick() is None and sessions.twin is twin  # kept for when a core is free again


def test_a_twin_that_fails_to_load_leaves_queries_on_one_thread(caplog):
    def make(n: int) -> object:
        raise OSError("no memory for it")

    sessions = QuerySessions(make, base_threads=1, setting="auto", gate=lambda: True)
    with caplog.at_level("WARNING"):
        assert sessions.pick() is None
        assert not sessions.wait(5)
    assert sessions.pick() is None and "stay on one thread" in caplog.text


def test_forced_settings_ignore_the_gate():
    made: list[int] = []
    never = QuerySessions(lambda n: made.append(n), base_threads=1, setting=1, gate=lambda: True)
    always = QuerySessions(lambda n: made.append(n) or "twin", base_threads=1, setting=2, gate=lambda: False)
    assert never.pick() is None and always.pick() == "twin" and made == [2]


def test_an_encoder_with_two_threads_has_no_twin():
    sessions = QuerySessions(lambda n: pytest.fail("made a twin"), base_threads=2, setting=2, gate=lambda: True)
    assert sessions.pick() is None


def test_concurrent_first_queries_make_one_twin():
    made: list[int] = []

    def make(n: int) -> object:
        time.sleep(0.05)  # a slow load, so the racers overlap
        made.append(n)
        return object()

    sessions = QuerySessions(make, base_threads=1, setting=2)
    got: list[object] = []
    racers = [threading.Thread(target=lambda: got.append(sessions.pick())) for _ in range(4)]
    for t in racers:
        t.start()
    for t in racers:
        t.join()
    assert made == [2] and len({id(x) for x in got}) == 1


# -- the packaged models --------------------------------------------------------------------------------------
QUERIES_EN = ["what editor do I use these days?", "Where do I live now?", "which database does our service run on"]
QUERIES_ZH = ["我住在哪里？", "我之前用什么编辑器来着", "我们项目用的什么数据库"]


@pytest.fixture(scope="module")
def encoders():
    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.embeddings import MiniLMEmbedder

    # queries on the memories' own graph here; int8 query graphs: test_int8_query_graphs_have_their_own_twin
    return {"en": (MiniLMEmbedder(query_threads=1, query_precision="fp32"),
                   MiniLMEmbedder(query_threads=2, query_precision="fp32")),
            "zh": (E5Embedder(query_threads=1), E5Embedder(query_threads=2))}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_twin_vectors_match_the_one_thread_session(encoders, lang):
    one, two = encoders[lang]
    queries = QUERIES_EN if lang == "en" else QUERIES_ZH
    a = np.vstack([one.embed_query(q) for q in queries])
    b = np.vstack([two.embed_query(q) for q in queries])
    assert one.onnx.queries.twin is None and two.onnx.queries.twin is not None
    assert float(np.abs(a - b).max()) < 1e-5


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_int8_query_graphs_have_their_own_twin(lang):
    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.embeddings import MiniLMEmbedder

    if lang == "en":  # MiniLM's default: int8 queries on a second encoder, loaded on the first query
        one, two = MiniLMEmbedder(query_threads=1), MiniLMEmbedder(query_threads=2)
    else:
        one, two = (E5Embedder(query_threads=t, query_precision="int8") for t in (1, 2))
    queries = QUERIES_EN if lang == "en" else QUERIES_ZH
    a = np.vstack([one.embed_query(q) for q in queries])
    b = np.vstack([two.embed_query(q) for q in queries])
    sessions = [e._query_onnx.queries if lang == "en" else e.onnx.queries for e in (one, two)]
    assert sessions[0].twin is None and sessions[1].twin is not None
    assert float(np.abs(a - b).max()) < 1e-5


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_batches_stay_on_the_one_thread_session(lang):
    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.embeddings import MiniLMEmbedder

    emb = MiniLMEmbedder(query_threads=2, query_precision="fp32") if lang == "en" else E5Embedder(query_threads=2)
    emb.embed(QUERIES_EN if lang == "en" else QUERIES_ZH)
    emb.embed(["one memory text"])  # a single write: still a batch, not a query a caller waits for
    assert emb.onnx.queries.twin is None
    emb.embed_query("and a query")
    assert emb.onnx.queries.twin is not None


def test_auto_follows_the_gate(monkeypatch):
    from langmem_nodes.embeddings import MiniLMEmbedder

    free = [False]
    monkeypatch.setattr(core_gate, "core_free", lambda: free[0])
    emb = MiniLMEmbedder(query_precision="fp32")
    assert emb.query_threads == "auto"
    emb.embed_query("is a core free?")
    assert emb.onnx.queries.twin is None
    free[0] = True
    emb.embed_query("a core is free now")  # starts loading the twin; this query runs on one thread
    assert emb.onnx.queries.wait(60)
    assert emb.onnx.queries.pick() is emb.onnx.queries.twin is not None


MEMORIES = {
    "zh1": "用户住在杭州", "zh2": "用户有两只猫", "zh3": "用户对花生过敏", "zh4": "用户在一家银行做程序员",
    "zh5": "用户周末喜欢去爬山", "zh6": "我们的服务用的是 PostgreSQL 数据库",
    "en1": "User lives in Lisbon", "en2": "User is allergic to shellfish", "en3": "User plays the cello",
    "en4": "User edits code in Helix these days", "en5": "Our service runs on MySQL 8",
    "en6": "User's dog is called Biscuit",
}
ASKED = ["Which city do I live in?", "what editor do I use these days?", "what's my dog called again",
         "which database does our service run on", "any food I should avoid?", "我住在哪个城市？", "我对什么过敏？",
         "我周末一般干什么", "我们服务用什么数据库", "我养了什么宠物？"]


def test_selected_ids_identical_with_one_and_two_threads(tmp_path):
    from langmem_nodes import MemoryContext, create_read_graph
    from langmem_nodes.bilingual import BilingualEmbedder
    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.embeddings import MiniLMEmbedder
    from langmem_nodes.records import MemoryRecord, Scope, Source
    from langmem_nodes.store import MemoryStore

    selected = {}
    for threads in (1, 2):
        emb = BilingualEmbedder(MiniLMEmbedder(query_threads=threads, query_precision="fp32"),
                                E5Embedder(query_threads=threads))
        with MemoryStore(tmp_path / "home", embedder=emb) as store:
            if threads == 1:
                store.commit(add=[MemoryRecord(id=k, text=t, kind="fact", scope=Scope(user_id="u"),
                                               source=Source.EXPLICIT, confidence=0.9) for k, t in MEMORIES.items()])
            graph = create_read_graph(store).compile()
            selected[threads] = [[h.record.id for h in graph.invoke({"messages": [("user", q)]},
                                                                    context=MemoryContext(user_id="u"))["memory_selected"]]
                                 for q in ASKED]
            twins = [emb.sub(lang).onnx.queries.twin for lang in ("en", "zh")]
            assert all((t is None) == (threads == 1) for t in twins)
    assert selected[1] == selected[2] and any(selected[1])


# -- the mapped copy ------------------------------------------------------------------------------------------
def _small_graph(path: Path) -> np.ndarray:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    table = np.random.default_rng(0).standard_normal((1024, 512)).astype(np.float32)  # 2 MB: to the side file
    graph = helper.make_graph(
        [helper.make_node("Gather", ["table", "ids"], ["out"], axis=0)], "g",
        [helper.make_tensor_value_info("ids", TensorProto.INT64, ["n"])],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, ["n", 512])], [numpy_helper.from_array(table, "table")])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(path))
    return table


def test_mapped_copy_moves_large_tensors_to_a_side_file_and_runs_the_same(tmp_path):
    import onnxruntime as ort

    from langmem_nodes.mapped_graph import mapped_copy

    table = _small_graph(tmp_path / "g.onnx")
    copy = mapped_copy(tmp_path / "g.onnx")
    side = copy.with_name(copy.name + ".data")
    assert copy.name == "g-mapped.onnx" and side.stat().st_size >= table.nbytes and copy.stat().st_size < 10_000
    out = ort.InferenceSession(str(copy), providers=["CPUExecutionProvider"]).run(None, {"ids": np.array([3, 1000])})[0]
    assert np.array_equal(out, table[[3, 1000]])
    stamp = side.stat().st_mtime_ns
    assert mapped_copy(tmp_path / "g.onnx") == copy and side.stat().st_mtime_ns == stamp  # written once
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g-mapped.onnx", "g-mapped.onnx.data", "g.onnx"]


def test_minilm_twin_falls_back_to_the_graph_when_its_mapped_copy_is_damaged(encoders, monkeypatch, tmp_path):
    from langmem_nodes import onnx_minilm

    bad = tmp_path / "bad-mapped.onnx"
    bad.write_bytes(b"not a graph")
    monkeypatch.setattr(onnx_minilm, "mapped_copy", lambda _path: bad)
    enc = encoders["en"][0].onnx
    twin = enc._twin(2)
    texts = ["where do I live now?"]
    assert np.abs(enc._encode_batch(texts, twin) - enc._encode_batch(texts)).max() < 1e-5
