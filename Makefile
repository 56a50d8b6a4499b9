# One entry point for newcomers and CI: every target bootstraps .venv itself.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export TOKENIZERS_PARALLELISM := false
# the ONNX export of the packaged MiniLM (made once, offline) lives inside the venv unless set elsewhere
export LANGMEM_CACHE_DIR ?= $(CURDIR)/$(VENV)/langmem-cache

.PHONY: venv test test-all stress demo eval bench bench-100k lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# CPU torch first: an unpinned torch pulled by sentence-transformers is a multi-GB CUDA build.
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev,multilingual]'
	touch $(STAMP)

venv: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

test-all: $(STAMP)
	$(BIN)/python -m pytest -m ''

# Every test marked `stress` (large randomized runs: each prints its figures, e.g. "leaks: N"); -s shows them.
stress: $(STAMP)
	$(BIN)/python -m pytest -m stress -s

demo: $(STAMP)
	$(BIN)/python graphs/demo.py

eval: $(STAMP)
	$(BIN)/python -m evals all

# Mem0 pins protobuf<7: it gets its own venv layered on .venv (evals/_bench_env.py), never .venv itself.
# PRECISION=int8 benchmarks every system with the int8 MiniLM (MiniLMEmbedder(precision="int8")).
PRECISION ?= fp32
bench: $(STAMP)
	$(BIN)/python evals/_bench_env.py
	$(BIN)/python -m evals bench --sizes 1000,10000 --precision $(PRECISION)

bench-100k: $(STAMP)
	$(BIN)/python evals/_bench_env.py
	$(BIN)/python -m evals bench --sizes 10000,100000 --precision $(PRECISION)

lint: $(STAMP)
	$(BIN)/ruff check langmem_nodes graphs evals tests
	$(BIN)/mypy langmem_nodes

clean:
	rm -rf $(VENV) .langmem
