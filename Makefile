# Questlog. `make run` to try it, `make test` to check it. Everything installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve worker test lint format bench install migrate content demo clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

migrate: $(STAMP)
	mkdir -p var
	$(PY) manage.py migrate --no-input

content: migrate
	$(PY) manage.py load_content

demo: content
	$(PY) manage.py seed_demo

# The address and the demo login are the last lines printed once the server listens.
run: content
	@login="$$($(PY) manage.py seed_demo --no-color)" && \
	$(PY) manage.py demo_server $(HOST):$(PORT) --login "$$login"

serve: content
	$(PY) manage.py collectstatic --no-input --verbosity 0
	$(BIN)/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers 3 --access-logfile -

worker: $(STAMP)
	mkdir -p var
	$(BIN)/celery -A config worker --beat --schedule var/celerybeat-schedule --loglevel INFO

test: $(STAMP)
	mkdir -p var test-output
	$(PY) -m pytest --cov --cov-report=term-missing:skip-covered $(PYTEST_ARGS)
	@echo "Branch coverage of the rules engines (must be 100 %):"
	$(BIN)/coverage report --include='games/rules/common.py,games/rules/spirits/*,games/rules/bonfire/*,games/rules/solsticio/*' --fail-under=100

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
