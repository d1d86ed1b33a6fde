# gpuspec in a container, on Debian 12 (bookworm):
#   docker build --build-arg GPUSPEC_COMMIT="$(git rev-parse --short=12 HEAD)" -t gpuspec .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" gpuspec check specs/
# The first stage builds the .deb exactly as a user build does (tests off); the
# second installs it, so the image holds the binary and its run-time libraries only.
# test/install/dockerfile.sh checks the lines this depends on (the engine is not
# available where the suite runs).
FROM debian:bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      antlr4 libantlr4-runtime-dev nlohmann-json3-dev libfmt-dev cmake make g++ dpkg-dev file \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# .dockerignore leaves .git out, so CMake cannot ask git which commit this is: it comes
# in as a build argument, into the GPUSPEC_COMMIT variable a source-tarball build sets
# (cmake/GitCommit.cmake). Without it, `gpuspec --version` says the commit is unknown.
ARG GPUSPEC_COMMIT=""
RUN cmake -S . -B /build -DCMAKE_BUILD_TYPE=Release -DGPUSPEC_COMMIT="${GPUSPEC_COMMIT}" \
 && cmake --build /build -j"$(nproc)" --target gpuspec \
 && cd /build && cpack -G DEB

FROM debian:bookworm-slim
ARG GPUSPEC_COMMIT=""
LABEL org.opencontainers.image.title="gpuspec" \
      org.opencontainers.image.revision="${GPUSPEC_COMMIT}"
COPY --from=build /build/gpuspec_*.deb /tmp/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/gpuspec_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/gpuspec_*.deb \
 && useradd --system --uid 10001 --user-group --no-create-home --home-dir /nonexistent gpuspec
# Not root. A bind mount's files keep their owners; what gpuspec writes into one
# (`fmt`, `--fix`, `terraform -o`) belongs to the user it runs as, so run it as
# yourself: docker run --user "$(id -u):$(id -g)" ... That user has no home folder
# here: the language server's stdlib copies go under XDG_CACHE_HOME.
USER gpuspec
ENV XDG_CACHE_HOME=/tmp/gpuspec-cache
WORKDIR /work
ENTRYPOINT ["gpuspec"]
CMD ["--help"]
