# Tasks. On a fresh clone only python3 is needed: `make lab` (JupyterLab) and `make classroom` (Voila)
# build .venv with what learners need (the `lab` extra); `make test` adds what developers need (the
# `dev` extra) and tests the compiled wheel too where a C compiler and Python's headers exist.

PY ?= python3
VENV = .venv
PYTHON = $(VENV)/bin/python
# One stamp per extra installed: `make test` after `make lab` still installs the dev extra.
STAMP = $(VENV)/.installed
LAB_STAMP = $(VENV)/.installed-lab
PYTEST_ARGS ?=
# The wheel hatch_build.py compiles with Cython, unpacked here; make test runs the suite on it too.
COMPILED = build/compiled
COMPILED_STAMP = $(COMPILED)/.built
# Prints one line and exits 1 when this machine cannot compile the wheel (no C compiler, no Python
# headers), 0 when it can; .ci/run asks the same script.
TOOLCHAIN = $(PYTHON) .ci/toolchain.py
# What goes into the wheel; the folders too, so that deleting or renaming a file rebuilds it.
SOURCES := $(shell find tabletop widgets -not -path '*/__pycache__*') hatch_build.py pyproject.toml .gitignore
# JupyterLab refuses to start as root without --allow-root.
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Voila serves the lesson notebooks here (classroom mode); a teacher may choose another port.
CLASSROOM_PORT ?= 8866
CLASSROOM_IP ?= 127.0.0.1

.PHONY: install install-lab compiled test test-pure test-compiled lab classroom lint bench clean

install: $(STAMP)
install-lab: $(LAB_STAMP)

# Each re-installs whenever pyproject.toml changes (new or changed dependencies).
# The developer's install ($(STAMP)): tabletop editable with the `dev` extra (test + lab).
$(STAMP): pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --upgrade pip
	$(PYTHON) -m pip install -e '.[dev]'
	touch $@ $(LAB_STAMP)

# The learner's install: tabletop editable with the `lab` extra only (JupyterLab, widgets, Voila).
$(LAB_STAMP): pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --upgrade pip
	$(PYTHON) -m pip install -e '.[lab]'
	touch $@

# Rebuilt when a file of the package changes; only changed modules are recompiled (build/cython).
compiled: $(COMPILED_STAMP)

$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	@why=$$($(TOOLCHAIN)) || { echo "make compiled: cannot build the compiled wheel: $$why" >&2; exit 1; }
	rm -rf build/wheel $(COMPILED)
	TABLETOP_COMPILE=1 $(PYTHON) -m pip wheel --no-deps --quiet -w build/wheel .
	$(PYTHON) -m pip install --no-deps --quiet --target $(COMPILED) build/wheel/tabletop-*.whl
	touch $@

# Every test on the editable install (pure Python: the sources with their doctests, the notebooks
# and the browser), then, where a C toolchain exists, the kernel's tests and the digest equivalence
# (tests/kernel, tests/test_build.py) again on the compiled wheel, with pyproject's pytest options.
# Without a toolchain the compiled run is left out and one line at the end says so and why
# (the exit status is the pure run's); TABLETOP_REQUIRE_COMPILED=1 (.ci/run sets it) makes that a
# failure. PYTHONSAFEPATH keeps the source tree off sys.path in pytest and in the subprocesses tests
# start; PYTHONPATH is absolute, for notebook kernels that start elsewhere.
# pyproject.toml's testpaths decides what runs; e.g. make test PYTEST_ARGS='-m "not slow"'
# (the compiled build first: the pure run's tests/test_build.py compares the two)
test: $(STAMP)
	@if why=$$($(TOOLCHAIN)); then \
		$(MAKE) --no-print-directory compiled && $(MAKE) --no-print-directory test-pure && \
			$(MAKE) --no-print-directory test-compiled; \
	elif [ "$${TABLETOP_REQUIRE_COMPILED:-}" = 1 ]; then \
		echo "make test: TABLETOP_REQUIRE_COMPILED=1, but the compiled wheel cannot be built: $$why" >&2; \
		exit 1; \
	else \
		$(MAKE) --no-print-directory test-pure && \
		echo "make test: the compiled build was NOT tested, only the sources: $$why" \
			"(a C compiler and Python's headers are needed; on Debian: apt-get install gcc python3-dev)"; \
	fi

# The sources' run is two pytest processes, one after the other: all but tests/browser spread over the
# machine's cores (pytest-xdist, WORKERS of them; --dist loadfile keeps a notebook's cells, and a module's
# tests, in one worker), then the browser tests alone, on a quiet machine (they wait as a student would, and
# time out when the CPU is shared). TABLETOP_TESTS (tests/conftest.py) keeps each test in its own part
# whatever PYTEST_ARGS selects (the browser part collects only tests/browser when PYTEST_ARGS is empty, and
# what PYTEST_ARGS names otherwise). A part that PYTEST_ARGS leaves empty ("no tests ran", pytest's status 5)
# is not a failure; any other failure of either part is.
WORKERS ?= auto
test-pure: $(STAMP)
	@status=0; \
	TABLETOP_TESTS=others $(PYTHON) -m pytest -n $(WORKERS) --dist loadfile --ignore=tests/browser $(PYTEST_ARGS) || \
		{ s=$$?; [ $$s = 5 ] || status=$$s; }; \
	TABLETOP_TESTS=browser $(PYTHON) -m pytest $(if $(PYTEST_ARGS),,tests/browser) $(PYTEST_ARGS) || \
		{ s=$$?; [ $$s = 5 ] || status=$$s; }; \
	exit $$status

COMPILED_TESTS = tests/kernel tests/test_build.py
test-compiled: $(COMPILED_STAMP)
	TABLETOP_EXPECT_COMPILED=1 PYTHONSAFEPATH=1 PYTHONPATH=$(CURDIR)/$(COMPILED) \
		$(PYTHON) -m pytest -n $(WORKERS) --dist loadfile $(COMPILED_TESTS) $(PYTEST_ARGS)

lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) notebooks/

# Classroom mode: the notebooks as apps in Voila (code hidden, widgets live); a student opens one
# from the list at http://$(CLASSROOM_IP):$(CLASSROOM_PORT)/. CLASSROOM_IP=0.0.0.0 serves the room's network.
classroom: $(LAB_STAMP)
	$(VENV)/bin/voila --no-browser --port=$(CLASSROOM_PORT) --Voila.ip=$(CLASSROOM_IP) --show_tracebacks=True notebooks/

# ruff, then mypy on what pyproject's [tool.mypy] names (tabletop/core, tabletop/games); make test runs both too
# (tests/test_lint.py).
lint: $(STAMP)
	$(VENV)/bin/ruff check tabletop tests bench hatch_build.py .ci/toolchain.py
	$(PYTHON) -m mypy

# The compiled figures too where the wheel can be compiled (the scripts say when it is missing).
bench: $(STAMP)
	@if why=$$($(TOOLCHAIN)); then $(MAKE) --no-print-directory compiled; \
	else echo "make bench: the sources only, the compiled wheel cannot be built: $$why"; fi
	@set -e; for f in bench/bench_*.py; do \
		[ -e "$$f" ] || continue; \
		echo "== $$f"; \
		$(PYTHON) "$$f"; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis build dist *.egg-info
	find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-prune -exec rm -rf {} +
