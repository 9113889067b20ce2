FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
# data/media exists before the media volume is first mounted there, so the
# volume starts out owned by fogdip.
RUN useradd --create-home fogdip && mkdir -p /app/data/media && chown -R fogdip /app
USER fogdip
EXPOSE 8000
