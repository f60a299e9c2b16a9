# `make play`, `make test` and `make bench`: install what is missing (Debian), configure, build, run.
BUILD ?= build
# `make bench` measures a Release build of its own; the test build stays as it is.
RELEASE ?= build-release
JOBS ?= $(shell nproc)
PACKAGES = g++ cmake make pkg-config liblua5.4-dev libyaml-cpp-dev catch2 \
           libcli11-dev libfmt-dev libedit-dev nlohmann-json3-dev python3

.PHONY: all deps build play test bench check clean

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

clean:
	rm -rf $(BUILD) $(RELEASE)
