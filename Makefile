# `make play`, `make test`, `make bench` and `make sanitize`: install what is missing (Debian),
# configure, build, run.
BUILD ?= build
# `make bench` measures a Release build of its own; the test build stays as it is.
RELEASE ?= build-release
# `make sanitize` builds and tests with AddressSanitizer and UBSan in a folder of its own.
SANITIZE ?= build-sanitize
JOBS ?= $(shell nproc)
PACKAGES = g++ cmake make pkg-config liblua5.4-dev libyaml-cpp-dev catch2 \
           libcli11-dev libfmt-dev libedit-dev nlohmann-json3-dev

.PHONY: all deps build play test bench sanitize check clean

all: build

deps:
	@missing=$$(for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

$(BUILD)/Makefile: deps CMakeLists.txt
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

build: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

play: build
	$(BUILD)/arbiter play stacks

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Benchmarks, not tests: one table of timings on one core, with the machine's details.
bench: deps
	@test -f $(RELEASE)/CMakeCache.txt || cmake -S . -B $(RELEASE) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(RELEASE) -j $(JOBS) --target arbiter_bench
	$(RELEASE)/arbiter_bench

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

clean:
	rm -rf $(BUILD) $(RELEASE) $(SANITIZE)
