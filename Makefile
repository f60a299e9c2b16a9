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

# The whole CTest suite with AddressSanitizer and UndefinedBehaviorSanitizer: any report fails
# its test (UB aborts; a leak fails the process at exit).
sanitize: deps
	@test -f $(SANITIZE)/CMakeCache.txt || cmake -S . -B $(SANITIZE) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_SANITIZE=ON >/dev/null
	cmake --build $(SANITIZE) -j $(JOBS)
	cd $(SANITIZE) && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) $(RELEASE) $(SANITIZE)
