# Tic-tac-toe game-tree course. Start with `make lab`; `make help` lists everything.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TEACHER_STAMP := $(VENV)/.installed-teacher
DEV_STAMP     := $(VENV)/.installed-dev
LITE_VENV     := .venv-lite
LITE_STAMP    := $(LITE_VENV)/.installed
HUB_STAMP     := $(VENV)/.installed-hub
PROXY         := node_modules/.bin/configurable-http-proxy
# nbval runs every notebook cell; only cells tagged `nbval-check-output` compare output.
NBVAL  := --nbval-lax --nbval-current-env --nbval-cell-timeout=120
LINT_DIRS := ttt tests benchmarks scripts hub mutation notebooks

.DEFAULT_GOAL := help
.PHONY: help venv venv-teacher venv-dev venv-lite system system-lite system-browser lab test check \
        lint bench images screenshots notebooks solutions assignments play lite clean \
        venv-hub hub class class-unit test-hub mutation contest system-contest network

help:
	@echo "make lab     open the course notebooks in JupyterLab (LAB_ARGS=... passes options)"
	@echo "make play    play against the computer in a page of its own (Voila; PLAY_ARGS=... passes options)"
	@echo "make lite    build the course as a website that runs Python in the browser (build/lite/)"
	@echo "make site    build the course's website: every lesson, the teacher's and contributor's guides (build/site/)"
	@echo "make test    everything: lint, unit tests, every lesson, browser tests, the make lite site, the hub"
	@echo "make check   before a commit (at most 5 min): lint, unit tests but the slow sweeps, the lessons a change touches, one test per browser stage"
	@echo "make lint    ruff check, and lint-imports (the layers of pyproject.toml)"
	@echo "make bench   run the search benchmarks"
	@echo "make mutation  mutation-test the solvers, searches and learners with mutmut (hours; MODULES=...)"
	@echo "make images  regenerate the pictures in images/"
	@echo "make screenshots  take the README's screenshots in Chromium at 1280x800"
	@echo "make solutions  write notebooks/solutions/: the lessons with every exercise answered"
	@echo "make assignments  write build/assignments/: an nbgrader course of graded exercises"
	@echo "make contest  run the class contest of the entries in ~/ttt-contest (CONTEST_ARGS=...; site/contest.md)"
	@echo "make hub    a JupyterHub for one class on 127.0.0.1 (HUB_PORT=8000; site/hub.md: Teaching a class on a server)"
	@echo "make class  a real class on this server, as root: an account per approved student, the course served (site/hub.md)"
	@echo "make test-hub  the class hub's tests: students, course links and grading in Chromium"
	@echo "make test-readme  the commands of the README and the guide (site/), run as typed in a fresh clone of HEAD"
	@echo "make notebooks  re-run the lessons and save their outputs (for maintainers)"
	@echo "make lock    update the locks (requirements*.lock) to the newest versions allowed, then make test"
	@echo "make clean   remove .venv and caches"

# ---- setup ---------------------------------------------------------------
# .venv holds what a student needs (requirements.txt); a teacher's and a developer's tools are
# added to it when first needed (requirements-teacher.txt, requirements-dev.txt). The browser
# version's build tools live in .venv-lite, which sees .venv's packages: the Pyodide kernel's
# JupyterLab extension must not load in the students' JupyterLab.
venv: $(STAMP)
venv-teacher: $(TEACHER_STAMP)
venv-dev: $(DEV_STAMP)
venv-lite: $(LITE_STAMP)
venv-hub: $(HUB_STAMP) $(PROXY)

# Each step prints one line; what pip says goes to $(LOG), shown only if a step fails.
LOG := $(VENV)/install.log
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
VOILA_TEMPLATE := $(VENV)/share/jupyter/voila/templates/ttt
NBGRADER_SERVER_PARTS := formgrader validate_assignment assignment_list course_list
# The test tools and the site's build tools are used only by whoever installed them, so their
# bytecode is written when first imported, not all at install (a third of pip's time); the
# students' packages keep theirs, as a class's shared environment may not be writable for them.
NO_COMPILE := --no-compile
logged = $(1) >>$(LOG) 2>&1 || { echo "    failed; the end of $(LOG):"; tail -n 25 $(LOG); exit 1; }

# The locks (requirements*.lock, written by `make lock`) pin every package, with its hashes, to the
# versions `make test` passed with, for the machine it runs on: Linux x86_64 (glibc 2.28 or newer)
# with CPython 3.11. Any other machine installs the newest versions the requirements*.txt allow.
LOCK_PYTHON   := 3.11
LOCK_PLATFORM := x86_64-manylinux_2_28
LOCKED := $(shell $(PYTHON) -c 'import platform as p, sys; libc, v = p.libc_ver(); \
  print(int(sys.platform == "linux" and p.machine() == "x86_64" and libc == "glibc" \
  and tuple(map(int, v.split(".")[:2])) >= (2, 28) and p.python_implementation() == "CPython" \
  and "%d.%d" % sys.version_info[:2] == "$(LOCK_PYTHON)"))' 2>/dev/null)
REQ := $(if $(filter 1,$(LOCKED)),lock,txt)
# $(call pip_install,SET[,PIP OPTIONS[,PYTHON]]): install SET.lock, or SET.txt where the locks do not fit.
pip_install = $(or $(3),$(BIN)/python) -m pip install $(2) \
  $(if $(filter 1,$(LOCKED)),--require-hashes) -r $(1).$(REQ)
UNLOCKED_NOTE := $(if $(filter 1,$(LOCKED)),,echo "    (the locks are for Linux x86_64 with Python $(LOCK_PYTHON); \
  here the newest versions requirements*.txt allow are installed instead)")

# Re-installs whenever the lock (requirements.txt where it does not fit) or pyproject.toml change.
$(STAMP): requirements.$(REQ) pyproject.toml scripts/lab-overrides.json $(wildcard scripts/voila-template/*)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || { \
	  echo "Python 3.10 or newer is needed; '$(PYTHON)' is: $$($(PYTHON) --version 2>&1)"; \
	  echo "Install a newer Python, or point at one: make PYTHON=python3.12 ..."; exit 1; }
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null || { \
	  echo "'$(PYTHON) -m venv' is not available; on Debian/Ubuntu: apt-get install python3-venv"; exit 1; }
	@echo "==> setting up .venv, the course's Python (the first time takes a few minutes)"
	@$(PYTHON) -m venv $(VENV)
	@: > $(LOG)
	@echo "    1/3 pip"
	@$(call logged,$(BIN)/python -m pip install --upgrade pip)
	@echo "    2/3 JupyterLab, ipywidgets, Graphviz, matplotlib, Voila (requirements.$(REQ))"
	@$(UNLOCKED_NOTE)
	@$(call logged,$(call pip_install,requirements))
	@echo "    3/3 the ttt package, editable: a change to ttt/ counts at the next kernel restart"
	@$(call logged,$(BIN)/python -m pip install --no-deps -e .)
	@# an older setup put the browser version's build tools here: their JupyterLab extension
	@# logs an error on every page of the students' JupyterLab (they now live in .venv-lite)
	@$(call logged,$(BIN)/python -m pip uninstall --yes jupyterlite-pyodide-kernel)
	@mkdir -p $(LAB_SETTINGS) && cp scripts/lab-overrides.json $(LAB_SETTINGS)/overrides.json
	@# make play's page template: Voila's lab page without the icon font it fetches from a CDN
	@mkdir -p $(VOILA_TEMPLATE) && cp scripts/voila-template/* $(VOILA_TEMPLATE)/
	@echo "    done (pip's output is in $(LOG))"
	@touch $@

$(TEACHER_STAMP): $(STAMP) requirements-teacher.$(REQ)
	@echo "==> adding the teacher's tools to .venv: nbgrader (requirements-teacher.$(REQ))"
	@$(call logged,$(call pip_install,requirements-teacher))
	@# nbgrader is for the teacher's command line (make assignments): no grading menus in
	@# JupyterLab, and no 2 s of importing its server parts at every start
	@$(call logged,$(BIN)/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader)
	@$(call logged,for part in $(NBGRADER_SERVER_PARTS); do \
	  $(BIN)/jupyter server extension disable --sys-prefix nbgrader.server_extensions.$$part \
	  || exit 1; done)
	@touch $@

$(DEV_STAMP): $(TEACHER_STAMP) requirements-dev.$(REQ)
	@echo "==> adding the test tools to .venv: pytest, nbval, Playwright, ruff (requirements-dev.$(REQ))"
	@$(call logged,$(call pip_install,requirements-dev,$(NO_COMPILE)))
	@touch $@

$(HUB_STAMP): $(TEACHER_STAMP) requirements-hub.$(REQ)
	@echo "==> adding the class hub to .venv: JupyterHub, NativeAuthenticator, the idle culler, nbgitpuller (requirements-hub.$(REQ))"
	@$(call logged,$(call pip_install,requirements-hub))
	@touch $@

# JupyterHub's proxy is a Node.js program: installed here, in node_modules/, not for the whole machine.
$(PROXY):
	@command -v npm >/dev/null || { echo "the class hub's proxy needs Node.js and npm: apt-get install nodejs npm"; exit 1; }
	@echo "==> installing configurable-http-proxy into node_modules/ (npm)"
	@$(call logged,npm install --prefix . --no-save --no-package-lock --no-audit --no-fund configurable-http-proxy@5)

# A hub for one class on this machine (state in build/hub/): the teacher signs up first, as
# TEACHER (the hub's admin), then approves each student's sign-up; the links pull this clone.
HUB_PORT ?= 8000
TEACHER  ?= teacher
hub: system venv-hub
	@echo "==> the class hub: http://127.0.0.1:$(HUB_PORT)/hub/signup (sign up as '$(TEACHER)' first;"
	@echo "    approve students at /hub/authorize). Each lesson's course link, pulling this clone:"
	@$(BIN)/python scripts/course_links.py http://127.0.0.1:$(HUB_PORT) --repo file://$(CURDIR) \
	  --branch $$(git rev-parse --abbrev-ref HEAD) | sed 's/^/    /'
	TTT_HUB_PORT=$(HUB_PORT) TTT_HUB_TEACHER=$(TEACHER) $(BIN)/jupyterhub -f hub/jupyterhub_config.py $(HUB_ARGS)

# --- the class mode: a real class on this Linux server, as root (site/hub.md, For a real class) --
# Each approved sign-up gets a system account with a private home; the course links pull this
# clone (or COURSE, another clone) from the hub's course server (port HUB_PORT+3, on this machine); HUB_URL is the address
# students type (the links' host). HUB_PORTS=FIRST-LAST keeps the students' servers in a range;
# HUB_CERT and HUB_KEY (files) turn on HTTPS. make class-unit prints a systemd unit running this.
HUB_IP    ?= 0.0.0.0
HUB_URL   ?= $(if $(HUB_CERT),https,http)://$(shell hostname -f 2>/dev/null || hostname):$(HUB_PORT)
HUB_PORTS ?=
HUB_CERT  ?=
HUB_KEY   ?=
COURSE    ?= $(CURDIR)
CLASS_SETTINGS = TTT_HUB_CLASS=1 TTT_HUB_PORT=$(HUB_PORT) TTT_HUB_IP=$(HUB_IP) TTT_HUB_COURSE=$(COURSE) \
  TTT_HUB_TEACHER=$(TEACHER) TTT_HUB_PORTS=$(HUB_PORTS) TTT_HUB_SSL_CERT=$(HUB_CERT) TTT_HUB_SSL_KEY=$(HUB_KEY)
class: system venv-hub
	@echo "==> the class hub: $(HUB_URL)/hub/signup. The teacher, '$(TEACHER)', signs up first"
	@echo "    (the hub's admin) and approves each student's sign-up at $(HUB_URL)/hub/authorize,"
	@echo "    which makes the student's account. Each lesson's course link, pulling this clone:"
	@$(BIN)/python scripts/course_links.py $(HUB_URL) --repo http://127.0.0.1:$$(($(HUB_PORT) + 3))/ttt \
	  --branch $$(git -C $(COURSE) rev-parse --abbrev-ref HEAD) | sed 's/^/    /'
	$(CLASS_SETTINGS) $(BIN)/jupyterhub -f hub/jupyterhub_config.py $(HUB_ARGS)

# The class mode as a systemd service, so that it comes back after a reboot (site/hub.md):
#   make class-unit TEACHER=... HUB_URL=... > /etc/systemd/system/ttt-class.service
#   systemctl daemon-reload && systemctl enable --now ttt-class
class-unit:
	@printf '%s\n' "[Unit]" "Description=The ttt course's class hub (make class in $(CURDIR))" \
	  "Wants=network-online.target" "After=network-online.target" "" "[Service]" \
	  "WorkingDirectory=$(CURDIR)" \
	  "ExecStart=$$(command -v make) --no-print-directory class TEACHER=$(TEACHER) HUB_PORT=$(HUB_PORT) HUB_IP=$(HUB_IP) HUB_URL=$(HUB_URL) HUB_PORTS=$(HUB_PORTS) HUB_CERT=$(HUB_CERT) HUB_KEY=$(HUB_KEY)" \
	  "Restart=on-failure" "" "[Install]" "WantedBy=multi-user.target"

# A .pth file lets .venv-lite import everything in .venv (ttt, ipywidgets, ...).
$(LITE_STAMP): $(STAMP) requirements-lite.$(REQ)
	@echo "==> setting up .venv-lite: JupyterLite, to build the browser version (requirements-lite.$(REQ))"
	@$(BIN)/python -m venv $(LITE_VENV)
	@$(BIN)/python -c 'import sysconfig; print("import site; site.addsitedir(%r)" % sysconfig.get_path("purelib"))' \
	  > "$$($(LITE_VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/course-venv.pth"
	@$(call logged,$(call pip_install,requirements-lite,$(NO_COMPILE),$(LITE_VENV)/bin/python))
	@touch $@

# The locks: every requirements set resolved together (one version of each package for .venv and
# .venv-lite, which sees it), afresh (--upgrade), then each set locked to those versions; then the
# whole suite runs with them installed. Run it after changing a requirements*.txt, or to upgrade.
REQUIREMENT_SETS := requirements requirements-teacher requirements-dev requirements-hub requirements-lite
UV_COMPILE = $(BIN)/uv pip compile --quiet --generate-hashes --python-version $(LOCK_PYTHON) \
  --python-platform $(LOCK_PLATFORM) --custom-compile-command "make lock"
.PHONY: lock locks
lock: locks
	@$(MAKE) --no-print-directory test
locks: venv-dev
	@echo "==> resolving every requirements set together for Linux x86_64, Python $(LOCK_PYTHON) (uv)"
	@$(UV_COMPILE) --upgrade --no-header $(REQUIREMENT_SETS:=.txt) -o $(VENV)/together.lock
	@for set in $(REQUIREMENT_SETS); do \
	  $(UV_COMPILE) --constraint $(VENV)/together.lock $$set.txt -o $$set.lock || exit 1; \
	  echo "    $$set.lock: $$(grep -c '^[a-z0-9]' $$set.lock) packages"; done

system:
	@scripts/setup-system

system-lite:
	@scripts/setup-system --lite

system-browser:
	@scripts/setup-system --browser

system-contest:
	@scripts/setup-system --contest

# The class contest: every entry of the contest folder against every other, each player confined
# by bubblewrap; the report goes to build/contest/ (site/contest.md).
contest: system-contest venv-teacher
	@$(BIN)/python -m ttt.contest run $(CONTEST_ARGS)

# ---- using the course ----------------------------------------------------
# Jupyter refuses to run as root unless told to (containers, CI machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# JupyterLab says only what matters: its address, warnings and errors (scripts/quiet_lab.py).
QUIET_LAB := --config=scripts/quiet_lab.py
# The servers' settings that keep their terminals quiet (scripts/jupyter-config/README.md says which)
QUIET_CONFIG := JUPYTER_CONFIG_PATH=$(CURDIR)/scripts/jupyter-config

# Trusting the course's own notebooks (at every start: a pull or a re-run changes them) lets
# JupyterLab show their committed pictures (SVG trees and boards) before they are run.
lab: system venv
	@$(BIN)/jupyter trust notebooks/*.ipynb >/dev/null
	@$(QUIET_CONFIG) $(BIN)/jupyter lab notebooks/ $(ROOT_FLAG) $(QUIET_LAB) $(LAB_ARGS)

play: system venv
	@$(BIN)/jupyter trust notebooks/play.ipynb >/dev/null
	@$(QUIET_CONFIG) $(BIN)/voila notebooks/play.ipynb --template=ttt $(PLAY_ARGS)

bench: venv
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/zero.py

# The trained network the package ships (ttt/data/zero.json), from its seed (ttt.learning.selfplay.SHIPPED_SEED):
# the same file each time
network: venv
	$(BIN)/python -m ttt.learning.selfplay train

images: system venv
	$(BIN)/python scripts/make_images.py

screenshots: system-browser venv-dev
	$(BIN)/python scripts/make_screenshots.py

# A copy of the lessons with every exercise answered, for teachers (keep it from students).
solutions: venv
	$(BIN)/python scripts/make_solutions.py

# An nbgrader course in build/assignments/: each lesson's exercises as a graded assignment, the
# model answers in source/, the student versions in release/ (site/grading.md: Grading with nbgrader).
assignments: venv-teacher
	@$(BIN)/python scripts/make_assignments.py

# Re-run every lesson and save its outputs (after changing the package or a lesson).
notebooks: system venv
	$(BIN)/python scripts/execute_notebooks.py

# The whole course as a static JupyterLite site in build/lite/: Python runs in the browser.
# Serve it with: python3 -m http.server --directory build/lite
lite: system-lite venv-lite
	$(LITE_VENV)/bin/python scripts/build_lite.py

# The course as a website in build/site/: the executed lessons as pages (not re-run), each with a
# button that opens it in the browser-only build, copied in as build/site/lite/ (made if needed),
# and the guides (site/*.md); a dead link of the site or the README fails it.
# Serve it with: python3 -m http.server --directory build/site
.PHONY: site
site: system-lite venv-lite
	$(LITE_VENV)/bin/python scripts/build_site.py

# ---- checks --------------------------------------------------------------
lint: venv-dev
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/lint-imports --no-logo

# Every stage of `make test` is timed, and the seconds of each are printed at the end (also when a
# stage fails), so that the slow parts show.
TIMES := .pytest-tmp/stage-seconds
SHOW_TIMES := echo "==> seconds per stage"; cat $(TIMES); \
	awk '{ total += $$1 } END { printf "%6d s  in all\n", total }' $(TIMES)
# $(call stage,WHAT,COMMAND): say WHAT, run COMMAND and note its seconds in $(TIMES).
# (No comma may appear in WHAT or COMMAND: make would split the arguments there.)
define stage
@echo "==> $(1)"; printf '    %s\n' '$(strip $(2))'; start=$$(date +%s); \
	if $(2); then failed=; else failed=" (failed)"; fi; \
	printf '%6d s  %s%s\n' $$(($$(date +%s) - start)) "$(1)" "$$failed" >> $(TIMES); \
	[ -z "$$failed" ] || { $(SHOW_TIMES); exit 1; }
endef
# pytest-xdist: one worker per core, work stealing (a worker that runs out takes half of another's
# queue), never splitting a lesson, whose cells share one kernel (tests/conftest.py).
PARALLEL := -n auto --dist loadfile
# The stages are chosen by marker: the folders tests/browser, tests/lite, tests/site, tests/hub and
# tests/readme mark theirs.
STAGES   := browser or lite or site or hub or readme
DESKTOP  := -m "not ($(STAGES))" tests
# The three stages in Chromium share one run: one core builds the browser version while the
# other plays the boards in JupyterLab (tests/helpers/static_site.py builds each site once per run).
BROWSERS := -m "browser or lite or site" tests
HUB_TESTS := $(BIN)/python -m pytest -p no:nbval --basetemp=.pytest-tmp/hub -m hub tests
README_TESTS := $(BIN)/python -m pytest -p no:nbval --basetemp=.pytest-tmp/readme -m readme tests/readme

# Setting up first: the system's programs (apt-get) side by side with the Pythons (pip, one install
# at a time: two pips must not write one venv at once), as both mostly wait on downloads; then the
# hub's proxy (npm, which the system's setup installs where it is missing).
test:
	@$(MAKE) --no-print-directory -j2 system-browser test-pythons
	@$(MAKE) --no-print-directory --silent venv-hub
	@mkdir -p .pytest-tmp && : > $(TIMES)
	$(call stage,lint (ruff; lint-imports runs once in the unit tests),$(BIN)/ruff check $(LINT_DIRS))
	$(call stage,unit tests + nbgrader course + every lesson once (nbval) on every core,\
	  $(BIN)/python -m pytest $(NBVAL) $(PARALLEL) --basetemp=.pytest-tmp/desktop \
	  $(DESKTOP) notebooks --ignore=notebooks/solutions)
	$(call stage,in Chromium: JupyterLab and Voila - the browser version built then run offline - the website built then every page,\
	  $(BIN)/python -m pytest -p no:nbval $(PARALLEL) --basetemp=.pytest-tmp/browsers $(BROWSERS))
	$(call stage,a class on the hub: a teacher and three students on JupyterHub in Chromium,$(HUB_TESTS))
	$(call stage,the README's commands as typed in a fresh clone,$(README_TESTS))
	@$(SHOW_TIMES)

.PHONY: test-pythons
test-pythons:  # one after another: each stamp's prerequisites form a chain
	@for stamp in $(DEV_STAMP) $(LITE_STAMP) $(HUB_STAMP); do \
	  $(MAKE) --no-print-directory --silent $$stamp || exit 1; done

# The class hub's tests alone (tests/hub, marked hub; the last stage of make test): a teacher and
# three students on 127.0.0.1.
test-hub: system-browser venv-dev venv-hub
	@mkdir -p .pytest-tmp
	$(HUB_TESTS)

# The README's commands alone (tests/readme, marked readme; the last stage of make test): each
# ```bash block run as typed in a fresh clone of HEAD (commit first), servers until their address.
.PHONY: test-readme
test-readme: system-lite venv-dev
	@mkdir -p .pytest-tmp
	$(README_TESTS)

# Mutation testing (not part of make test: hours on 2 cores): every one-operator mutant of the core
# modules against their unit tests; mutation/results/ gets the scores and survivors.
mutation: venv-dev
	$(BIN)/python mutation/run.py $(MODULES)

# The quick check before a commit (at most 5 minutes on 2 idle cores): every kind of test, in less
# of it. lint; then, side by side (make -j2, each stage's output printed whole when it ends): the
# unit tests (lint-imports among them) but the sweeps marked slow, and the lessons the change
# touches, on every core; and one test of each browser stage, side by side too: lesson 11's
# game in JupyterLab in Chromium, a touched lesson (else lesson 1) run offline in the browser version
# (built first if its files changed), and every page of the website loading. A change is what
# differs from where the branch left main (origin/main where there is one), committed or not, and
# new files; a change to ttt/ touches the lessons that use the changed module, however
# indirectly (scripts/lessons_touched.py). Left to make test: the slow sweeps, the other
# lessons, the other browser tests, the nbgrader course, the hub, the README.
CHECK_BASE = $(shell git merge-base HEAD origin/main 2>/dev/null || git merge-base HEAD main 2>/dev/null \
	|| echo HEAD)
CHANGED = $(shell git diff --name-only $(CHECK_BASE) 2>/dev/null; \
	git ls-files --others --exclude-standard 2>/dev/null)
LESSON_FILES := $(sort $(wildcard notebooks/*.ipynb))
CHANGED_LESSONS = $(filter $(LESSON_FILES),$(CHANGED))
# the lessons that use a changed module of ttt, however indirectly, and the changed lessons
TOUCHED_LESSONS = $(if $(CHANGED),$(shell $(BIN)/python scripts/lessons_touched.py $(CHANGED)))
OFFLINE_LESSON = $(notdir $(firstword $(filter notebooks/0% notebooks/1%,$(CHANGED_LESSONS)) \
	notebooks/01_the_board.ipynb))
CHECK_BROWSERS = tests/browser/test_play_board.py::test_a_game_in_jupyterlab \
	"tests/lite/test_lessons_offline.py::test_lesson_runs_offline[chromium-$(OFFLINE_LESSON)]" \
	tests/site/test_site.py::test_every_page_loads_with_its_pictures_links_and_anchors

check: system-lite system-browser venv-dev venv-lite
	@mkdir -p .pytest-tmp && : > $(TIMES) && date +%s > .pytest-tmp/check-started
	$(call stage,lint (ruff),$(BIN)/ruff check $(LINT_DIRS))
	@$(MAKE) --no-print-directory -j2 --output-sync=target SHOW_TIMES=true check-unit check-browsers \
	  || { $(CHECK_TIMES); exit 1; }
	@$(CHECK_TIMES)
# The two stages run side by side, so their seconds overlap: the last line is the wall time.
CHECK_TIMES := echo "==> seconds per stage (the last two side by side)"; cat $(TIMES); \
	printf '%6d s  in all, from start to end\n' $$(($$(date +%s) - $$(cat .pytest-tmp/check-started)))

.PHONY: check-unit check-browsers
check-unit:
	$(call stage,unit tests and the lessons touched on every core: $(or $(notdir $(TOUCHED_LESSONS)),none),\
	  $(BIN)/python -m pytest $(NBVAL) $(PARALLEL) --basetemp=.pytest-tmp/check \
	  -m "not ($(STAGES) or slow)" tests \
	  --ignore=tests/lessons/test_assignments.py $(TOUCHED_LESSONS))
check-browsers:
	$(call stage,one test in each browser stage side by side: JupyterLab - the browser version - the website,\
	  $(BIN)/python -m pytest -p no:nbval -n 3 --basetemp=.pytest-tmp/check-browsers $(CHECK_BROWSERS))

clean:
	rm -rf $(VENV) $(LITE_VENV) .pytest-tmp .pytest_cache .ruff_cache .import_linter_cache .cache build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
