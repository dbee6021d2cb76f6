# Two commands on a fresh machine: `make demo` and `make test`. Both build the venv first.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-dev
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: demo test bench lint clean

$(PY):
	python3 -m venv $(VENV)

# torch 2.13.0 first: it is the CPU build on local disk; any other spec pulls a CUDA build.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/hivebrain demo

# Lint first, so a type error fails the run (and CI) before the slower tests start; the
# 25 slowest steps are listed at the end, so a test that grows slow shows itself.
test: lint
	$(PY) -m pytest -q -p no:cacheprovider --durations=25

bench: $(STAMP)
	$(PY) bench/writes.py
	$(PY) bench/graph_tools.py

# basedpyright comes with the dev extras (it bundles its own Node); strict mode and the four
# packages are set in pyproject.toml [tool.basedpyright].
lint: $(STAMP)
	$(VENV)/bin/ruff check brain agents bots scheduler tests bench
	$(VENV)/bin/ruff format --check brain agents bots scheduler tests bench
	$(VENV)/bin/basedpyright

clean:
	rm -rf $(VENV) .pytest_cache
