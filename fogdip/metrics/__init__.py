"""What an operator watches (docs/operations.md, "Metrics and alerts").

`timings` records how long adjudications and sends take, in the worker that
runs them, as counters in the shared cache; `gauges` reads the state of the
site with a few indexed queries and the broker's queue lengths; `endpoint`
serves both in Prometheus's text format at /metrics/, to a bearer token
only. Nothing here is per game or per player: the labels are queue names and
histogram buckets.
"""
