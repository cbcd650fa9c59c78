# Karban bot image: small, non-root, database on a volume.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
COPY storage ./storage
RUN pip install --no-cache-dir --prefix=/install .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 karban && mkdir -p /data && chown karban /data
COPY --from=build /install /usr/local
USER karban
ENV KARBAN_DB=/data/karban.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
