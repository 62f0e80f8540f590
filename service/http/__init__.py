"""The HTTP edge: what every request and answer passes through (bodies, CORS, limits,
logs, headers, errors as HTTP), the spec's extras and the web client's files."""
