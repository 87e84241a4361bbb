# Xenotable server image: build with the Rust toolchain, run on a slim Debian. The binary holds
# the web client and the shipped scenarios: it is all the image needs.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin xenotable

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /var/lib/xenotable xenotable
COPY --from=build /src/target/release/xenotable /usr/local/bin/xenotable
USER xenotable
WORKDIR /var/lib/xenotable
ENV XENOTABLE_BIND=0.0.0.0:8080 \
    XENOTABLE_LOG_FORMAT=json
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/xenotable"]
