# gpuspec in a container, on Debian 12 (bookworm):
#   docker build -t gpuspec .
#   docker run --rm -v "$PWD:/work" -w /work gpuspec check specs/
# The first stage builds the .deb exactly as a user build does (tests off); the
# second installs it, so the image holds the binary and its run-time libraries only.
FROM debian:bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      antlr4 libantlr4-runtime-dev nlohmann-json3-dev libfmt-dev cmake make g++ dpkg-dev file \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cmake -S . -B /build -DCMAKE_BUILD_TYPE=Release \
 && cmake --build /build -j"$(nproc)" \
 && cd /build && cpack -G DEB

FROM debian:bookworm-slim
COPY --from=build /build/gpuspec_*.deb /tmp/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/gpuspec_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/gpuspec_*.deb
ENTRYPOINT ["gpuspec"]
CMD ["--help"]
