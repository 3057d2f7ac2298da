# sudogen container image: a static binary on an empty base, run as a
# non-root user. Build it from the repository root (BuildKit, the default
# builder since Docker 23):
#
#   docker build --build-arg VERSION=$(git describe --tags --always) \
#                --build-arg COMMIT=$(git rev-parse HEAD) -t sudogen .
#   docker run --rm sudogen batch --count 5 --seed 1 -o -
#
# The image is what deploy/kubernetes runs (docs/scale.md). It runs as
# uid 65532: to write to a bind mount, give that user the folder, e.g.
#   mkdir out && sudo chown 65532:65532 out
#   docker run --rm -v "$PWD/out:/out" sudogen batch --count 100 -o /out/p.jsonl
#
# The build image is pinned by digest (the multi-platform index of
# golang:1.26.8, the Go of go.mod). No registry was reachable where this
# file was written, so the digest was taken from public Dockerfiles that
# pin the same tag (three independent repositories used this one), not
# pulled here. To move to a newer image, or to check this one:
#   docker buildx imagetools inspect golang:1.26.8   # "Digest: sha256:..."
# and put the new reference in the ARG line below, or build with
# --build-arg GO_IMAGE=golang:1.26.8@sha256:... . The final stage is
# scratch, which is no image and needs no pin.
ARG GO_IMAGE=golang:1.26.8@sha256:6c2a5538f964f1c82f97ad14988bf05de100d922d159d0e398b54c7b0ca0c6c9

# Build stage: the Go toolchain and the source. Modules are fetched by the
# build itself, so only those the binary uses are downloaded (not the
# test-only ones), into a cache kept between builds.
FROM ${GO_IMAGE} AS build
WORKDIR /src
COPY . .
ARG VERSION=""
ARG COMMIT=""
# CGO_ENABLED=0: a static binary that needs no libc in the final image.
# -buildvcs=false: the .git folder is not copied (see .dockerignore); the
# version and commit come from the build arguments instead.
RUN --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" \
      -o /out/sudogen ./cmd/sudogen \
 && mkdir -p /out/tmp /out/home/sudogen \
 && chmod 1777 /out/tmp \
 && chown 65532:65532 /out/home/sudogen

# Final stage: nothing but the binary, a writable /tmp and a home folder
# (the sliding-puzzle tables cache there), owned by an unprivileged user.
FROM scratch
ARG VERSION=""
ARG COMMIT=""
LABEL org.opencontainers.image.title="sudogen" \
      org.opencontainers.image.description="Batch puzzle generation: Sudoku of every box shape and sliding-tile puzzles, graded, deduplicated, exported" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="https://github.com/sudogen/sudogen" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${COMMIT}"
COPY --from=build /out/sudogen /usr/local/bin/sudogen
COPY --from=build /out/tmp /tmp
COPY --from=build /out/home /home
ENV HOME=/home/sudogen TMPDIR=/tmp
USER 65532:65532
WORKDIR /home/sudogen
ENTRYPOINT ["/usr/local/bin/sudogen"]
CMD ["--help"]
