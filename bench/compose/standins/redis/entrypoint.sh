#!/bin/sh
exec "$@" --protected-mode no --bind 0.0.0.0
