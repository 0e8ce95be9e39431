# Caddy, the TLS proxy in front of the app processes (deploy/Caddyfile; docs/decisions/0043-tls-and-shop-domains.md).
# Debian's package: bookworm's caddy 2.6.2, the build tests/e2e/caddy.test.ts runs, with Debian's security updates.
#   docker build -f deploy/caddy.Dockerfile -t storefront-caddy .      (compose.yaml builds it)
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends caddy ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY deploy/Caddyfile /etc/caddy/Caddyfile
# certificates, keys and the ACME account live in /data: keep it in a volume (a new one asks the authority again)
ENV XDG_DATA_HOME=/data XDG_CONFIG_HOME=/config HTTP_PORT=8080 HTTPS_PORT=8443
RUN mkdir -p /data /config && chown caddy:caddy /data /config
# unprivileged ports inside, published as 80 and 443 (compose.yaml): Caddy then leaves the port out of its redirects
USER caddy
EXPOSE 8080 8443 8443/udp
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
