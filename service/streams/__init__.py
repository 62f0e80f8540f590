"""Telling clients what changed: waits (`?wait=`), game streams, app keys' feeds and
webhooks."""
