# FogDip: `make run` starts a playable demo, `make test` runs every test.
PYTHON ?= python3.11
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# pytest-xdist workers for `make test` (`make test TEST_WORKERS=0`: one process)
TEST_WORKERS ?= auto

.PHONY: run test lint check demo clean

$(PY):
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# The demo runs with DEBUG on, on SQLite and the SQLite broker (fogdip/broker.py), with email
# written to data/mail (read it at http://127.0.0.1:8000/dev/mailbox/).
run: $(STAMP)
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(PY) manage.py seed_demo
	DEBUG=$${DEBUG:-1} $(PY) manage.py rundev

# Against PostgreSQL and Redis when DATABASE_URL and CELERY_BROKER_URL are set,
# on SQLite and the SQLite broker otherwise. In parallel (pytest-xdist): each
# worker gets its own test database and its own Celery queue.
test: $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

check: lint test

clean:
	rm -rf data .pytest_cache .mypy_cache .ruff_cache
