# Development tasks. On a fresh clone only python3 is needed: `make test` builds .venv first.

PY ?= python3
VENV = .venv
PYTHON = $(VENV)/bin/python
STAMP = $(VENV)/.installed
PYTEST_ARGS ?=
# The wheel hatch_build.py compiles with Cython, unpacked here; make test runs the suite on it too.
COMPILED = build/compiled
COMPILED_STAMP = $(COMPILED)/.built
# What goes into the wheel; the folders too, so that deleting or renaming a file rebuilds it.
SOURCES := $(shell find tabletop widgets -not -path '*/__pycache__*') hatch_build.py pyproject.toml .gitignore
# JupyterLab refuses to start as root without --allow-root.
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: install compiled test test-pure test-compiled lab lint bench clean

install: $(STAMP)

# Re-installs whenever pyproject.toml changes (new or changed dependencies).
$(STAMP): pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --upgrade pip
	$(PYTHON) -m pip install -e '.[dev]'
	touch $@

# Rebuilt when a file of the package changes; only changed modules are recompiled (build/cython).
compiled: $(COMPILED_STAMP)

$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf build/wheel $(COMPILED)
	TABLETOP_COMPILE=1 $(PYTHON) -m pip wheel --no-deps --quiet -w build/wheel .
	$(PYTHON) -m pip install --no-deps --quiet --target $(COMPILED) build/wheel/tabletop-*.whl
	touch $@

# Every test twice: on the editable install (pure Python: the sources with their doctests, the
# notebooks and the browser) and on the compiled wheel (tests/ and the notebooks, with pyproject's
# pytest options, without the browser, which serves the editable install, and without the doctests
# of tabletop/, which pytest can only import from the source tree). PYTHONSAFEPATH keeps the source tree off sys.path in pytest and
# in the subprocesses tests start; PYTHONPATH is absolute, for notebook kernels that start elsewhere.
# pyproject.toml's testpaths decides what runs; e.g. make test PYTEST_ARGS='-m "not slow"'
# (the compiled build first: the pure run's tests/test_build.py compares the two)
test: compiled test-pure test-compiled

test-pure: $(STAMP)
	$(PYTHON) -m pytest $(PYTEST_ARGS)

test-compiled: $(COMPILED_STAMP)
	TABLETOP_EXPECT_COMPILED=1 PYTHONSAFEPATH=1 PYTHONPATH=$(CURDIR)/$(COMPILED) \
		$(PYTHON) -m pytest tests notebooks --ignore=tests/browser $(PYTEST_ARGS)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) notebooks/

lint: $(STAMP)
	$(VENV)/bin/ruff check tabletop tests bench hatch_build.py

bench: $(STAMP) $(COMPILED_STAMP)
	@set -e; for f in bench/bench_*.py; do \
		[ -e "$$f" ] || continue; \
		echo "== $$f"; \
		$(PYTHON) "$$f"; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-prune -exec rm -rf {} +
