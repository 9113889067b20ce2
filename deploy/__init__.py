"""What production runs beside the code: the proxy, gunicorn and the health check
(docs/operations.md)."""
