# The quick start's two commands (README). CMake does the building; this only names the steps.
.PHONY: train test build deps

train:           ## install what is missing, build, train configs/default.yaml (resumable)
	bash scripts/quickstart

test:            ## the whole test suite, exactly what CI runs
	bash .ci/run

build: deps      ## build into build/
	bash scripts/build build

deps:            ## install the Debian packages bredon needs
	bash scripts/install-deps
