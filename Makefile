# `make play`, `make test`, `make bench`, `make sanitize` and `make fuzz`: install what is
# missing (Debian), configure, build, run.
BUILD ?= build
# `make bench` measures a Release build of its own; the test build stays as it is.
RELEASE ?= build-release
# `make sanitize` builds and tests with AddressSanitizer and UBSan in a folder of its own.
SANITIZE ?= build-sanitize
JOBS ?= $(shell nproc)
# `make install` puts the command in PREFIX/bin, the rulesets in PREFIX/share/arbiter, the
# completions and the manual page where bash, zsh and man look under PREFIX.
PREFIX ?= /usr/local
PACKAGES = g++ cmake make pkg-config liblua5.4-dev libyaml-cpp-dev catch2 \
           libcli11-dev libfmt-dev libedit-dev nlohmann-json3-dev python3 \
           python3-jsonschema python3-yaml \
           libboost1.81-dev libsqlite3-dev libssl-dev iproute2 parallel
# Only `make fuzz` needs clang and libFuzzer; `make deps EXTRA_PACKAGES=...` adds them.
EXTRA_PACKAGES ?=
FUZZ_PACKAGES = clang libclang-rt-14-dev
# `make fuzz` builds the libFuzzer targets with clang in a folder of its own and runs each for
# FUZZ_SECONDS, one after another, on one core at low priority. New corpus entries go to the
# build folder; a crashing input is written to fuzz/findings/.
FUZZ ?= build-fuzz
FUZZ_SECONDS ?= 60
# FUZZ_RUNS stops a target after that many executions instead (-1: only the time limits it).
FUZZ_RUNS ?= -1
FUZZ_TARGETS = game_yaml scenario save actions visible_text pattern json_door strategy_file server_message store_rows

.PHONY: all deps configure build play install test bench sanitize fuzz mutate golden check clean sim-parallel

all: build

# Installing needs root: run as root, through sudo when it is there; with neither, the
# packages missing are named with the command that installs them, and make stops.
deps:
	@missing=$$(for p in $(PACKAGES) $(EXTRA_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	missing=$$(echo $$missing); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else \
	    echo "make deps: these Debian packages are missing: $$missing"; \
	    echo "Installing them needs root, and sudo is not here. As root (su -), run:"; \
	    echo "  apt-get update && apt-get install -y $$missing"; \
	    echo "then run make again as yourself: the build needs no root."; \
	    exit 1; \
	  fi; \
	  echo "installing: $$missing"; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

configure: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# Playing needs the `arbiter` binary only; the tests and benchmarks are built by `make test`.
play: configure
	cmake --build $(BUILD) -j $(JOBS) --target arbiter
	$(BUILD)/arbiter play stacks

install: configure
	cmake --build $(BUILD) -j $(JOBS) --target arbiter
	cmake --install $(BUILD) --prefix $(PREFIX)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Does each ruleset's scenario suite pin its rules? One row per ruleset: mutants, killed,
# survived, accepted, score (docs/writing-a-ruleset.md, "Does the suite pin the rules?").
# MUTATE_MAX mutants of each (0: all of them), picked with MUTATE_SEED, on MUTATE_THREADS
# threads (0: one per core); the reports go to $(BUILD)/mutate/<id>.txt.
MUTATE_MAX ?= 0
MUTATE_SEED ?= 1
MUTATE_THREADS ?= 0
mutate: build
	@threads=$(MUTATE_THREADS); [ "$$threads" != 0 ] || threads=$$(nproc); \
	tools/mutate_all.sh $(BUILD)/arbiter rulesets $(MUTATE_MAX) $(MUTATE_SEED) $$threads $(BUILD)/mutate

# The golden playthroughs (rulesets/<id>/golden/, compared by make test) written again, each
# from the command on its first line; a ruleset with none gets a new set. GOLDEN=--fresh
# picks every ruleset's set anew. The diff is the change of behaviour to review.
GOLDEN ?=
golden: configure
	cmake --build $(BUILD) -j $(JOBS) --target arbiter
	tools/golden/regenerate.sh $(GOLDEN) $(BUILD)/arbiter

# A sharded `arbiter sim` on every core with GNU parallel, merged into one report
# (docs/scaling-out.md; NODES=nodes.txt runs the shards over ssh):
#   make sim-parallel SIM="stacks --games 100000" SHARDS=16 OUT=stacks.json
SIM ?= stacks --games 10000
SHARDS ?= $(JOBS)
OUT ?= $(BUILD)/sim-parallel.json
sim-parallel: build
	@command -v parallel >/dev/null || $(MAKE) deps EXTRA_PACKAGES=parallel
	tools/cluster/sim_parallel.sh $(abspath $(BUILD))/arbiter $(SHARDS) $(OUT) $(SIM)
	$(BUILD)/arbiter sim --merge $(OUT).shards/shard-*.json

# Benchmarks, not tests: one table of timings on one core, with the machine's details.
# NABBIT_REFERENCE=FILE also runs the pure-Lua Stack Nabbit program FILE (with lua5.4) side
# by side with Arbiter's Stack Nabbit and prints the ratio (docs/speed.md).
NABBIT_REFERENCE ?=
bench: deps
	@test -f $(RELEASE)/CMakeCache.txt || cmake -S . -B $(RELEASE) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(RELEASE) -j $(JOBS) --target arbiter_bench
	$(RELEASE)/arbiter_bench $(if $(NABBIT_REFERENCE),--reference-nabbit "$(NABBIT_REFERENCE)")

# The whole CTest suite with AddressSanitizer and UndefinedBehaviorSanitizer. Reports go to
# files in $(SANITIZE)/reports, one per process, so that one from a program whose output a
# test pipes into grep is not lost: any report fails the run, after every test has run.
sanitize: deps
	@test -f $(SANITIZE)/CMakeCache.txt || cmake -S . -B $(SANITIZE) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_SANITIZE=ON >/dev/null
	cmake --build $(SANITIZE) -j $(JOBS)
	@rm -rf $(SANITIZE)/reports && mkdir -p $(SANITIZE)/reports
	@cd $(SANITIZE) && status=0; \
	ASAN_OPTIONS=log_path=$(abspath $(SANITIZE))/reports/asan \
	UBSAN_OPTIONS=print_stacktrace=1:log_path=$(abspath $(SANITIZE))/reports/ubsan \
	  ctest --output-on-failure -j $(JOBS) || status=1; \
	for f in reports/*; do [ -f "$$f" ] || continue; echo "=== $(SANITIZE)/$$f"; cat "$$f"; status=1; done; \
	exit $$status

fuzz:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(FUZZ_PACKAGES)"
	@test -f $(FUZZ)/CMakeCache.txt || CC=clang CXX=clang++ cmake -S . -B $(FUZZ) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_FUZZ=ON >/dev/null
	cmake --build $(FUZZ) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@mkdir -p fuzz/findings
	@status=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ)/corpus/$$t; \
	  echo "fuzz_$$t: $(FUZZ_SECONDS) s (log: $(FUZZ)/fuzz_$$t.log)"; \
	  nice $(FUZZ)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) -timeout=20 -detect_leaks=0 -print_final_stats=1 \
	    -artifact_prefix=fuzz/findings/$$t- $(FUZZ)/corpus/$$t fuzz/corpus/$$t >$(FUZZ)/fuzz_$$t.log 2>&1 || status=1; \
	  grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|SUMMARY|Test unit written)' $(FUZZ)/fuzz_$$t.log; \
	done; exit $$status

clean:
	rm -rf $(BUILD) $(RELEASE) $(SANITIZE) $(FUZZ)
