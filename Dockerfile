# sudogen container image: a static binary on an empty base, run as a
# non-root user. Build it from the repository root:
#
#   docker build --build-arg COMMIT=$(git rev-parse HEAD) -t sudogen .
#   docker run --rm sudogen batch --count 5 --seed 1 -o -
#
# The image is what deploy/kubernetes runs (docs/scale.md).

# Build stage: the Go toolchain, the module cache and the source.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=""
ARG COMMIT=""
# CGO_ENABLED=0: a static binary that needs no libc in the final image.
# -buildvcs=false: the .git folder is not copied (see .dockerignore); the
# version and commit come from the build arguments instead.
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" \
      -o /out/sudogen ./cmd/sudogen \
 && mkdir -p /out/tmp /out/home/sudogen \
 && chmod 1777 /out/tmp \
 && chown 65532:65532 /out/home/sudogen

# Final stage: nothing but the binary, a writable /tmp and a home folder
# (the sliding-puzzle tables cache there), owned by an unprivileged user.
FROM scratch
COPY --from=build /out/sudogen /usr/local/bin/sudogen
COPY --from=build /out/tmp /tmp
COPY --from=build /out/home /home
ENV HOME=/home/sudogen TMPDIR=/tmp
USER 65532:65532
WORKDIR /home/sudogen
ENTRYPOINT ["/usr/local/bin/sudogen"]
CMD ["--help"]
