# Questlog. `make run` to try it, `make test` to check it. Everything installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3
# Test processes (pytest-xdist); each test file runs whole in one of them, sharing its servers.
TEST_PROCESSES ?= 2
# What `make run` watches to restart on a change (not .venv: the reloader polls every file).
APPS := accounts campaign config games groups stats web

.PHONY: run serve worker test coverage lint format bench install migrate content demo messages clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# The translations (locale/*/LC_MESSAGES/*.po) compiled to .mo files; needs gettext's msgfmt.
messages: $(STAMP)
	$(PY) manage.py compilemessages --ignore '.venv' --ignore 'var' --verbosity 0

migrate: $(STAMP)
	mkdir -p var
	$(PY) manage.py migrate --no-input

content: migrate
	$(PY) manage.py load_content

demo: content
	$(PY) manage.py seed_demo

# uvicorn logs as it starts; the address and the demo login are printed once it listens, last.
run: content messages
	@login="$$($(PY) manage.py seed_demo --no-color)"; \
	$(BIN)/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --timeout-graceful-shutdown 2 \
		--reload $(foreach app,$(APPS),--reload-dir $(app)) & server=$$!; \
	until $(PY) -c "import socket; socket.create_connection(('$(HOST)', $(PORT)), 1)" 2>/dev/null; do \
		kill -0 $$server 2>/dev/null || exit 1; sleep 0.5; done; \
	echo; echo "Questlog is at http://$(HOST):$(PORT)/ (Ctrl-C stops it)"; echo "$$login"; \
	wait $$server

serve: content messages
	$(PY) manage.py collectstatic --no-input --verbosity 0
	$(PY) -m config.serve --host $(HOST) --port $(PORT) --workers $(WORKERS) \
		--timeout-graceful-shutdown 5

worker: $(STAMP)
	mkdir -p var
	$(BIN)/celery -A config worker --beat --schedule var/celerybeat-schedule --loglevel INFO

# The rules engines' own tests measure their branch coverage (100 % or the run fails); the rest of
# the suite runs without a tracer, which would double its time. `make coverage` measures everything.
ENGINES := games/rules/common.py,games/rules/spirits/*,games/rules/bonfire/*,games/rules/solsticio/*

test: $(STAMP) messages
	mkdir -p var test-output
	$(PY) -m pytest -n $(TEST_PROCESSES) --cov=games/rules --cov-report= tests/games/rules $(PYTEST_ARGS)
	@echo "Branch coverage of the rules engines by their own tests (must be 100 %):"
	$(BIN)/coverage report --include='$(ENGINES)' --skip-covered --fail-under=100
	$(PY) -m pytest -n $(TEST_PROCESSES) --dist loadfile --no-loadscope-reorder --ignore=tests/games/rules $(PYTEST_ARGS)

coverage: $(STAMP) messages
	mkdir -p var test-output
	$(PY) -m pytest -n $(TEST_PROCESSES) --dist loadfile --no-loadscope-reorder --cov --cov-report=term-missing:skip-covered $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	find . -name '*.py' -not -path './.venv/*' -print0 | xargs -0 $(BIN)/django-upgrade --target-version 5.2 --check
	find templates -name '*.html' -print0 | xargs -0 $(BIN)/djade --target-version 5.2 --check

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	find templates -name '*.html' -print0 | xargs -0 $(BIN)/djade --target-version 5.2

bench: $(STAMP)
	@for script in bench/bench_*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) var test-output staticfiles .coverage htmlcov
