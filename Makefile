# Development tasks. On a fresh clone only python3 is needed: `make test` builds .venv first.

PY ?= python3
VENV = .venv
PYTHON = $(VENV)/bin/python
STAMP = $(VENV)/.installed
PYTEST_ARGS ?=
# JupyterLab refuses to start as root without --allow-root.
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: install test lab lint bench clean

install: $(STAMP)

# Re-installs whenever pyproject.toml changes (new or changed dependencies).
$(STAMP): pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --upgrade pip
	$(PYTHON) -m pip install -e '.[dev]'
	touch $@

# pyproject.toml's testpaths decides what runs; e.g. make test PYTEST_ARGS='-m "not slow"'
test: $(STAMP)
	$(PYTHON) -m pytest $(PYTEST_ARGS)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) notebooks/

lint: $(STAMP)
	$(VENV)/bin/ruff check tabletop tests bench

bench: $(STAMP)
	@set -e; for f in bench/*.py; do \
		[ -e "$$f" ] || continue; \
		echo "== $$f"; \
		$(PYTHON) "$$f"; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-prune -exec rm -rf {} +
