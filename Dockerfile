# The Istanbul bot in a small image: python:3.11-slim, a non-root user, the database on a volume.
#   docker build -t istanbul-bot .
#   docker run -d --env-file .env -v istanbul-data:/data istanbul-bot
# The token comes from the environment (never baked into the image). Backups go to /data/backups.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 istanbul \
    && mkdir /data \
    && chown istanbul /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY migrations ./migrations
COPY assets ./assets
RUN pip install .

USER istanbul
ENV DB_PATH=/data/istanbul.db
VOLUME ["/data"]
WORKDIR /data
# SIGTERM (docker stop) closes the bot and the database cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot", "run"]
